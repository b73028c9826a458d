#!/usr/bin/env bash
# Every figure of BENCHMARKS.md in one run:
#   1. scripts/setup.sh                      installs what is missing (idempotent)
#   2. cargo build --release                 the native command line
#   3. trunk build --release                 the page, into target/bench/dist (not dist/)
#   4. scripts/bench-wasm.mjs                deals/s wasm vs native, decision times of each level (it
#                                            builds its own wasm: the page's build plus the
#                                            Cargo feature "bench", into target/bench-wasm)
#   5. tests/e2e/weight.test.mjs --json      gzipped page weight per file
#   6. scripts/bench-page.mjs --lighthouse   first table, click to paint, Lighthouse
#   7. duck-soup tournament                  Expert vs Hard, Hard vs Normal, Normal vs Easy, per game
# and writes target/bench/summary.json (each part also in target/bench/*.json).
#
# Knobs (environment): DEALS=2000 (tournament deals), BENCH_SECONDS=1 (each of
# the 5 deals/s bursts per side), HARD=100 (Hard decisions timed), DECISIONS=100 (Normal
# and Expert decisions timed, the Expert at its page budget), RUNS=15 (page loads),
# LIGHTHOUSE=1 (0 skips it), TOURNAMENTS=1 (0 skips them), BUILD=1 (0 reuses the
# builds), DIST_DIR (default target/bench/dist).
# Measure on a quiet machine: every figure is a speed except the page weight.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_PROGRESS_WHEN=never
DEALS=${DEALS:-2000}
SECS=${BENCH_SECONDS:-1}
HARD=${HARD:-100}
DECISIONS=${DECISIONS:-100}
RUNS=${RUNS:-15}
OUT=target/bench
export DIST_DIR=${DIST_DIR:-$OUT/dist}
mkdir -p "$OUT"

started=$SECONDS
stage() { printf '\n==== [%ss] %s\n' "$((SECONDS - started))" "$*" >&2; }

if [ "${BUILD:-1}" = 1 ]; then
  stage "setup"
  bash scripts/setup.sh >&2
  stage "native release build"
  cargo build --release >&2
  stage "page release build into $DIST_DIR"
  trunk build --release --dist "$DIST_DIR" >&2
fi

stage "wasm vs native speed"
if [ "${BUILD:-1}" = 1 ]; then
  node scripts/bench-wasm.mjs --seconds "$SECS" --hard "$HARD" --normal "$DECISIONS" --expert "$DECISIONS" > "$OUT/wasm.json"
else
  node scripts/bench-wasm.mjs --seconds "$SECS" --hard "$HARD" --normal "$DECISIONS" --expert "$DECISIONS" --no-build > "$OUT/wasm.json"
fi

stage "page weight"
node tests/e2e/weight.test.mjs --json > "$OUT/weight.json"

stage "page speed${LIGHTHOUSE:+ and Lighthouse}"
if [ "${LIGHTHOUSE:-1}" = 1 ]; then
  node scripts/bench-page.mjs --runs "$RUNS" --lighthouse > "$OUT/page.json"
else
  node scripts/bench-page.mjs --runs "$RUNS" > "$OUT/page.json"
fi

if [ "${TOURNAMENTS:-1}" = 1 ]; then
  stage "tournaments ($DEALS deals each)"
  {
    echo '{'
    first=1
    for game in two-player three-player partnership; do
      for pair in "expert hard" "hard normal" "normal easy"; do
        set -- $pair
        [ $first = 1 ] || echo ','
        first=0
        printf '  "%s %s-vs-%s": ' "$game" "$1" "$2"
        ./target/release/duck-soup tournament --game "$game" --a "$1" --b "$2" --deals "$DEALS" --json | tr -d '\n'
        echo >&2 "  $game: $1 vs $2 done"
      done
    done
    echo '}'
  } > "$OUT/tournaments.json"
else
  echo '{}' > "$OUT/tournaments.json"
fi

stage "summary"
node --input-type=module - "$OUT" "$DEALS" <<'EOF'
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
const [out, deals] = process.argv.slice(2);
const read = (f) => JSON.parse(readFileSync(`${out}/${f}`, 'utf8'));
const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
const model = (cpuinfo.match(/^model name\s*:\s*(.*)$/m) ?? [])[1] ?? cpus()[0]?.model;
const wasm = read('wasm.json');
const weight = read('weight.json');
const page = read('page.json');
const tournaments = read('tournaments.json');
const budgets = {
  native_two_player_deals_per_second_min: 1_000_000,
  wasm_ratio_min: 0.85,
  // Lower ends of the 95% intervals: the win rate (two-player, partnership),
  // the head-to-head rate against each Hard seat (three-player).
  expert_vs_hard_ci_low_min: { 'two-player': 0.55, 'three-player': 0.52, partnership: 0.55 },
  hard_ms_p95_max: 50,
  hard_vs_normal_min: 0.6,
  normal_vs_easy_min: 0.75,
  page_weight_gzip_max: weight.budget_gzip,
  first_table_ms_max: 300,
  click_to_paint_ms_lt: 50,
  lighthouse_performance_min: 95,
};
const met = {
  native_two_player: wasm.games['two-player']?.native_deals_per_second >= budgets.native_two_player_deals_per_second_min,
  wasm_ratio: Object.values(wasm.games).every((g) => g.ratio >= budgets.wasm_ratio_min),
  hard_ms_p95_wasm: Object.values(wasm.games).every((g) => g.wasm_hard_ms_p95 <= budgets.hard_ms_p95_max),
  hard_ms_p95_native: Object.values(wasm.games).every((g) => g.native_hard_ms_p95 <= budgets.hard_ms_p95_max),
  expert_vs_hard: Object.entries(tournaments).filter(([k]) => k.endsWith('expert-vs-hard')).every(([k, t]) =>
    (k.startsWith('three-player') ? t.pairwise_ci95[0] : t.ci95[0]) >= budgets.expert_vs_hard_ci_low_min[k.split(' ')[0]]),
  hard_vs_normal: Object.entries(tournaments).filter(([k]) => k.endsWith('hard-vs-normal')).every(([, t]) => t.a_win_rate >= 0.6),
  normal_vs_easy: Object.entries(tournaments).filter(([k]) => k.endsWith('normal-vs-easy')).every(([, t]) => t.a_win_rate >= 0.75),
  page_weight: weight.budgeted_gzip <= weight.budget_gzip,
  first_table: page.page.first_table_ok,
  click_to_paint: page.page.click_to_paint_ok,
  lighthouse_performance: page.lighthouse ? page.lighthouse.performance_ok : null,
};
const summary = {
  date: new Date().toISOString(),
  machine: { nproc: cpus().length, cpu: model, memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10 },
  tournament_deals: Number(deals),
  wasm,
  weight,
  page,
  tournaments,
  budgets,
  met,
};
writeFileSync(`${out}/summary.json`, JSON.stringify(summary, null, 2) + '\n');
console.log(JSON.stringify(summary, null, 2));
EOF
echo "written: $OUT/summary.json" >&2
