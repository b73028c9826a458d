#!/usr/bin/env bash
# The online suites under load: runs the online browser tests RUNS times in a
# row (default 5) with a CPU hog busy beside them, and stops at the first
# failing run. Online play is the timing-sensitive part of the page (two or
# more pages, a real WebRTC channel, a host's table relayed to guests), so
# this is the check to run before landing a change to it:
#
#   bash scripts/test-online-load.sh            # after `bash scripts/test.sh build`
#   RUNS=3 HOGS=2 bash scripts/test-online-load.sh tests/e2e/online.test.mjs
#
# HOGS: how many busy loops run beside the tests (default 1; the machine the
# project is tested on has two cores). The files default to every
# tests/e2e/online*.test.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
[ -f dist/index.html ] || { echo "dist/index.html is missing: run 'bash scripts/test.sh build' first" >&2; exit 1; }

runs=${RUNS:-5}
hogs=${HOGS:-1}
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/e2e/online*.test.mjs)

pids=()
stop_hogs() { [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
for _ in $(seq "$hogs"); do
  # A busy loop that ends by itself after an hour, should this script be killed.
  node -e 'const end = Date.now() + 3600e3; while (Date.now() < end) {}' &
  pids+=($!)
done

for i in $(seq "$runs"); do
  printf '\n==== online run %s of %s (%s CPU hog(s) beside it): %s\n' "$i" "$runs" "$hogs" "${files[*]}"
  started=$SECONDS
  if ! node --test --test-reporter=spec "${files[@]}"; then
    echo "online run $i of $runs failed after $((SECONDS - started)) s" >&2
    exit 1
  fi
  echo "online run $i of $runs passed in $((SECONDS - started)) s"
done
echo "all $runs online runs passed with $hogs CPU hog(s) beside them"
