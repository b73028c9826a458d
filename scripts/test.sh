#!/usr/bin/env bash
# The project's whole check, as CI runs it (.ci/run):
#   1. scripts/setup.sh   installs what is missing (idempotent)
#   2. cargo test         every native test (engine, AI, CLI, tests/architecture.rs)
#   3. clippy             cargo fmt --check (the code as rustfmt writes it), then
#                         cargo clippy, warnings as errors: natively (every target)
#                         and for wasm32 in both page builds (table, full page)
#   4. trunk build        the release page into dist/ (offline)
#   5. node --test        browser tests of dist/ (tests/e2e/, system Chromium)
#   6. engines            optional, off by default: whole deals in Firefox and
#                         WebKit (scripts/test-engines.sh); on with ENGINES=1
#                         or by naming the stage
# Stops at the first failing stage and exits non-zero.
# Run only some stages with e.g. `bash scripts/test.sh build e2e` or `bash scripts/test.sh build engines`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_PROGRESS_WHEN=never

stages=("$@")
if [ ${#stages[@]} -eq 0 ]; then
  stages=(cargo clippy build e2e)
  # Two more browsers to install and drive: only when asked for.
  [ "${ENGINES:-0}" = 1 ] && stages+=(engines)
fi
for s in "${stages[@]}"; do
  case "$s" in cargo|clippy|build|e2e|engines) ;; *) echo "test.sh: unknown stage '$s' (cargo, clippy, build, e2e, engines)" >&2; exit 2;; esac
done
want() { [[ " ${stages[*]} " == *" $1 "* ]]; }

started=$SECONDS
stage() { printf '\n==== [%ss] %s\n' "$((SECONDS - started))" "$*"; }

stage "setup: scripts/setup.sh"
if want e2e; then bash scripts/setup.sh; else SETUP_BROWSER=0 bash scripts/setup.sh; fi

if want cargo; then
  stage "native tests: cargo test"
  cargo test
fi

if want clippy; then
  stage "lints: cargo fmt --check, then cargo clippy -D warnings (native, then wasm32: the table alone, the viewer's page, online play's, the computers' build)"
  cargo fmt --check
  cargo clippy --all-targets -- -D warnings
  # The page's three builds, as scripts/full-page.mjs and Trunk make them: code
  # behind cfg(target_arch = "wasm32") or the features is linted only here.
  cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --profile web -- -D warnings
  # ...and the computers' own build (src/thinker.rs), which every page's worker loads.
  for page in viewer online thinker; do
    cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features "$page" --profile web -- -D warnings
  done
fi

if want build; then
  stage "page build: trunk build --release (into dist/)"
  trunk build --release
  ls -l dist/
fi

if want e2e; then
  stage "browser tests: node --test tests/e2e/ (dist/ on a local server, headless Chromium)"
  [ -f dist/index.html ] || { echo "dist/index.html is missing: run the build stage" >&2; exit 1; }
  node --test --test-reporter=spec tests/e2e/*.test.mjs
fi

if want engines; then
  stage "other engines: scripts/test-engines.sh (Firefox, WebKit)"
  [ -f dist/index.html ] || { echo "dist/index.html is missing: run the build stage" >&2; exit 1; }
  bash scripts/test-engines.sh
fi
