#!/usr/bin/env bash
# The page in the other browser engines: a whole deal of each game (two-player,
# three-player, partnership) by clicks, and the Japanese table, in
#   firefox  Debian's firefox-esr, puppeteer-core over WebDriver BiDi
#   webkit   WebKitGTK's MiniBrowser (Safari's engine), WebKitWebDriver under xvfb-run
# Installs what it needs (scripts/setup.sh with SETUP_ENGINES=1), builds dist/
# unless it is newer than the sources, then runs tests/e2e/engines/*.test.mjs.
# Screenshots: tests/e2e/screenshots/{firefox,webkit}-*.png.
#
#   bash scripts/test-engines.sh            # both engines
#   bash scripts/test-engines.sh webkit     # one of them
#   REBUILD=1 bash scripts/test-engines.sh  # build dist/ even if it looks fresh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

engines=("$@")
[ ${#engines[@]} -eq 0 ] && engines=(firefox webkit)
for e in "${engines[@]}"; do
  case "$e" in firefox|webkit) ;; *) echo "test-engines.sh: unknown engine '$e' (firefox, webkit)" >&2; exit 2;; esac
done

say() { printf '\n==== %s\n' "$*"; }

say "setup: scripts/setup.sh (with the engines' packages)"
SETUP_ENGINES=1 SETUP_BROWSER=0 bash scripts/setup.sh

# dist/ is reused when it is newer than everything it is built from
# (scripts/test.sh runs this stage right after its own build).
stale() {
  [ ! -f dist/index.html ] && return 0
  # An empty wasm file is a broken build (e.g. one interrupted), never reused.
  [ -n "$(find dist -maxdepth 1 -name '*.wasm' -empty -print -quit)" ] && return 0
  [ -n "$(find src www Cargo.toml Cargo.lock Trunk.toml -newer dist/index.html -print -quit)" ]
}
if [ "${REBUILD:-0}" = 1 ] || stale; then
  say "page build: scripts/test.sh build"
  bash scripts/test.sh build
else
  say "page build: dist/ is up to date, reused"
fi

failed=()
for e in "${engines[@]}"; do
  say "$e: tests/e2e/engines/$e.test.mjs"
  if [ "$e" = webkit ]; then
    # MiniBrowser needs an X display; -a picks a free one.
    run=(xvfb-run -a -s "-screen 0 1920x1200x24" node)
  else
    run=(node)
  fi
  "${run[@]}" --test --test-reporter=spec "tests/e2e/engines/$e.test.mjs" || failed+=("$e")
  if [ "$e" = firefox ]; then
    # Online play between engines: a Chromium host and a Firefox guest.
    say "firefox: tests/e2e/engines/online-firefox.test.mjs"
    node --test --test-reporter=spec tests/e2e/engines/online-firefox.test.mjs || failed+=("online-firefox")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "test-engines.sh: failed in ${failed[*]}" >&2
  exit 1
fi
