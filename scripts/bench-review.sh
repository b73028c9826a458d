#!/usr/bin/env bash
# Time to review one deal of each game at the default budget, natively:
# DEALS deals per game (default 5) played by expert,random (`duck-soup play`,
# the Expert at the page's budget), each reviewed for every seat
# (`duck-soup review --json`); prints per game the median, fastest and
# slowest seconds of CPU and by the clock, and the moves reviewed. Run from the repository's root.
set -euo pipefail
DEALS="${DEALS:-5}"
cargo build --release --quiet
bin=target/release/duck-soup
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for game in two-player three-player partnership; do
  walls=()
  cpus=()
  moves=0
  for seed in $(seq 1 "$DEALS"); do
    "$bin" play --game "$game" --seats expert,random --deals 1 --seed "$seed" > "$dir/game.json"
    # Wall-clock and CPU seconds (user + system) of the review alone.
    TIMEFORMAT='%R %U %S'
    { time "$bin" review "$dir/game.json" --json > "$dir/review.json"; } 2> "$dir/time"
    read -r wall user sys < "$dir/time"
    walls+=("$wall")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
    moves=$((moves + $(grep -o '"move_number"' "$dir/review.json" | wc -l)))
  done
  median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
  range() { printf '%s\n' "$@" | sort -n | sed -n '1p;$p' | paste -sd- -; }
  echo "$game: a deal reviewed in $(median "${cpus[@]}") s of CPU (median; $(range "${cpus[@]}")), $(median "${walls[@]}") s by the clock ($(range "${walls[@]}")); $moves moves in $DEALS deals"
done
