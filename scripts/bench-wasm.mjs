// The engine's speed in the browser against native, measured in one run.
//
//   node scripts/bench-wasm.mjs [--seconds S] [--rounds R] [--hard N] [--normal N] [--expert N] [--playouts P] [--games two-player,three-player,partnership] [--no-build]
//
// Builds its own wasm: the page's build (the crate's library with the Cargo
// profile, features, wasm-bindgen target and wasm-opt level and parameters read
// from the rust <link> of www/index.html, as Trunk builds it) plus the Cargo
// feature `bench`, which adds the exports of src/web/bench.rs and is off in the
// page. In its own target directory (BENCH_TARGET_DIR, default target/bench-wasm):
//   cargo build --profile web --target wasm32-unknown-unknown --lib --no-default-features --features bench
//   wasm-bindgen --target=web --no-typescript ...
//   node_modules/.bin/wasm-opt -Oz --low-memory-unused --strip-debug --strip-producers ...
// (without the feature these steps give a wasm identical to Trunk's; `--no-build`
// reuses the last one). Serves it on localhost in a tiny page of its own (the
// app starts there, idle: pace=0), opens that in headless Debian Chromium
// (tests/e2e/harness.mjs), and calls through window.wasmBindings bench_playouts
// (random deals per second, the loop of engine::playout) and bench_hard_ms (Hard
// decisions on the positions of the native `--hard N`); with --normal N or
// --expert N, also bench_decision_ms (src/bench_wasm.rs, the same feature):
// N decisions of that level on the positions of the native `--normal N` /
// `--expert N` (the Expert player at the game's page budget, or P play-outs),
// each beside the native figures of the same run. Then runs the native
// `target/release/duck-soup bench --game G --seconds S --json` (or DUCK_SOUP_BIN)
// for each game, taking turns with the wasm (never both at once: the machine
// may have 2 cores): R bursts of S seconds each side, keeping each side's best burst.
// Prints one JSON object; budgets: wasm >= 85% of native, Hard p95 <= 50 ms.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, launchBrowser, newPage, startServer } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const seconds = Number(flag('seconds', '1'));
const rounds = Number(flag('rounds', '5'));
const hard = Number(flag('hard', '100'));
// Other levels' decisions to time (0: not timed); the Expert player's play-outs (0: the page's budget).
const decisions = { normal: Number(flag('normal', '0')), expert: Number(flag('expert', '0')) };
const playouts = Number(flag('playouts', '0'));
const games = flag('games', 'two-player,three-player,partnership').split(',');
const nativeBin = process.env.DUCK_SOUP_BIN ?? join(REPO_ROOT, 'target', 'release', 'duck-soup');
const targetDir = process.env.BENCH_TARGET_DIR ?? join(REPO_ROOT, 'target', 'bench-wasm');
const pageDir = join(targetDir, 'page');

if (!existsSync(nativeBin)) throw new Error(`${nativeBin} is missing: run \`cargo build --release\``);

/** The page's build settings: the attributes of the rust <link> in www/index.html. */
function pageBuildSettings() {
  const html = readFileSync(join(REPO_ROOT, 'www', 'index.html'), 'utf8');
  const link = html.match(/<link\s+data-trunk\s+rel="rust"[^>]*>/s)?.[0];
  if (!link) throw new Error('www/index.html has no <link data-trunk rel="rust">');
  const found = (name) => link.match(new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s>])`));
  const attr = (name) => found(name)?.[1];
  if (found('data-cargo-features') || found('data-cargo-all-features')) {
    throw new Error('www/index.html now selects Cargo features: teach bench-wasm.mjs to pass them too');
  }
  return {
    profile: attr('data-cargo-profile-release') ?? 'release',
    noDefaultFeatures: Boolean(found('data-cargo-no-default-features')),
    bindgenTarget: attr('data-bindgen-target') ?? 'web',
    wasmOpt: attr('data-wasm-opt'),
    wasmOptParams: (attr('data-wasm-opt-params') ?? '').split(/\s+/).filter(Boolean),
  };
}

/** Builds the page's wasm with the `bench` feature into `pageDir`, with a page that loads it. */
function buildBenchPage() {
  const s = pageBuildSettings();
  const run = (cmd, argv, env = {}) =>
    execFileSync(cmd, argv, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  const cargoArgs = ['build', '--offline', '--profile', s.profile, '--target', 'wasm32-unknown-unknown', '--lib'];
  if (s.noDefaultFeatures) cargoArgs.push('--no-default-features');
  cargoArgs.push('--features', 'bench');
  run('cargo', cargoArgs, { CARGO_TARGET_DIR: targetDir });
  const built = join(targetDir, 'wasm32-unknown-unknown', s.profile, 'duck_soup.wasm');
  mkdirSync(pageDir, { recursive: true });
  run('wasm-bindgen', [`--target=${s.bindgenTarget}`, `--out-dir=${pageDir}`, '--out-name=duck-soup', '--no-typescript', built]);
  const wasm = join(pageDir, 'duck-soup_bg.wasm');
  if (s.wasmOpt && s.wasmOpt !== '0') {
    const wasmOpt = join(REPO_ROOT, 'node_modules', '.bin', 'wasm-opt');
    run(wasmOpt, [`--output=${wasm}`, `-O${s.wasmOpt}`, wasm, ...s.wasmOptParams]);
  }
  writeFileSync(
    join(pageDir, 'index.html'),
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Duck Soup bench</title>' +
      '<script type="module" src="bench.js"></script></head><body><div id="app"></div></body></html>\n',
  );
  writeFileSync(
    join(pageDir, 'bench.js'),
    "import init, * as bindings from './duck-soup.js';\n" +
      "await init({ module_or_path: new URL('duck-soup_bg.wasm', import.meta.url) });\n" +
      'window.wasmBindings = bindings;\n',
  );
  return { settings: s, wasm_bytes: readFileSync(wasm).length };
}

/** Percentile as the native bench computes it: the ceil(n*p)-th smallest. */
function pct(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)];
}
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** Runs `fn` with the page open (pace=0: the computer players answer at once, so the app is idle). */
async function withBenchPage(fn) {
  const server = await startServer({ root: pageDir, base: '/' });
  let browser;
  try {
    browser = await launchBrowser();
    const { page, problems } = await newPage(browser, { allowedOrigin: server.origin });
    await page.goto(`${server.url}?pace=0&seed=bench`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => window.wasmBindings, null, { timeout: 30_000 });
    if (!(await page.evaluate(() => typeof window.wasmBindings.bench_playouts === 'function'))) {
      throw new Error(`${pageDir} has no bench exports (src/web/bench.rs)`);
    }
    await page.waitForTimeout(300);
    const out = await fn(page);
    if (problems.all().length) throw new Error(`the page reported problems:\n${problems.all().join('\n')}`);
    return out;
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}

function native(game, secs, hardCount, others = {}) {
  const argv = ['bench', '--game', game, '--seconds', String(secs), '--json'];
  if (hardCount > 0) argv.push('--hard', String(hardCount));
  for (const [level, count] of Object.entries(others)) if (count > 0) argv.push(`--${level}`, String(count));
  if (others.expert > 0 && playouts > 0) argv.push('--playouts', String(playouts));
  return JSON.parse(execFileSync(nativeBin, argv, { encoding: 'utf8' }));
}

// Deals per second: `rounds` bursts of `seconds` each, wasm and native taking
// turns, and the best burst of each is kept: on a shared machine the best burst
// is the one least disturbed by other work, for both sides alike.
let build;
if (args.includes('--no-build')) {
  if (!existsSync(join(pageDir, 'duck-soup_bg.wasm'))) throw new Error(`${pageDir} has no wasm yet: run without --no-build`);
  build = { reused: pageDir };
} else {
  build = buildBenchPage();
}
const result = { wasm_build: build, seconds_per_burst: seconds, rounds, hard_positions: hard, decision_positions: decisions, expert_playouts: playouts || 'page budget', browser: null, budgets: { ratio_min: 0.85, wasm_hard_ms_p95_max: 50 }, games: {} };
await withBenchPage(async (page) => {
  result.browser = await page.evaluate(() => navigator.userAgent);
  for (const game of games) {
    // Warm-up: V8 runs a call in the baseline compiler's code until it returns
    // (no on-stack replacement), and optimises the loop in the background:
    // repeat short calls until that code is in (the rate stops rising), at most 10.
    for (let i = 0, last = 0; i < 10; i++) {
      const rate = await page.evaluate((g) => window.wasmBindings.bench_playouts(g, 200), game);
      if (rate < last * 1.05) break;
      last = rate;
    }
    const wasmBursts = [];
    const nativeBursts = [];
    for (let r = 0; r < rounds; r++) {
      wasmBursts.push(await page.evaluate(([g, ms]) => window.wasmBindings.bench_playouts(g, ms), [game, seconds * 1000]));
      nativeBursts.push(native(game, seconds, 0).deals_per_second);
    }
    const times = await page.evaluate(([g, n]) => Array.from(window.wasmBindings.bench_hard_ms(g, n)), [game, hard]);
    times.sort((a, b) => a - b);
    const nat = hard > 0 ? native(game, 0.01, hard) : {};
    const w = Math.round(Math.max(...wasmBursts));
    const n = Math.max(...nativeBursts);
    const ratio = n > 0 ? w / n : 0;
    result.games[game] = {
      native_deals_per_second: n,
      wasm_deals_per_second: w,
      ratio: round(ratio, 3),
      ratio_ok: ratio >= 0.85,
      native_bursts: nativeBursts,
      wasm_bursts: wasmBursts.map((x) => Math.round(x)),
      native_hard_ms_p50: nat.hard_ms_p50 ?? null,
      native_hard_ms_p95: nat.hard_ms_p95 ?? null,
      wasm_hard_ms_p50: round(pct(times, 0.5)),
      wasm_hard_ms_p95: round(pct(times, 0.95)),
      wasm_hard_ok: hard > 0 ? pct(times, 0.95) <= 50 : null,
    };
    // Other levels: wasm first, then native, one after the other.
    if (Object.values(decisions).some((n) => n > 0)) {
      if (!(await page.evaluate(() => typeof window.wasmBindings.bench_decision_ms === 'function'))) {
        throw new Error(`${pageDir} has no bench_decision_ms export (src/bench_wasm.rs): rebuild without --no-build`);
      }
      const wasmTimes = {};
      for (const [level, count] of Object.entries(decisions).filter(([, n]) => n > 0)) {
        const t = await page.evaluate(([g, l, n, p]) => Array.from(window.wasmBindings.bench_decision_ms(g, l, n, p)), [game, level, count, playouts]);
        wasmTimes[level] = t.sort((a, b) => a - b);
      }
      const nat2 = native(game, 0.01, 0, decisions);
      for (const [level, t] of Object.entries(wasmTimes)) {
        Object.assign(result.games[game], {
          [`native_${level}_ms_p50`]: nat2[`${level}_ms_p50`],
          [`native_${level}_ms_p95`]: nat2[`${level}_ms_p95`],
          [`wasm_${level}_ms_p50`]: round(pct(t, 0.5)),
          [`wasm_${level}_ms_p95`]: round(pct(t, 0.95)),
          [`wasm_${level}_ms_max`]: round(t[t.length - 1]),
        });
      }
    }
  }
});
console.log(JSON.stringify(result, null, 2));
