#!/usr/bin/env bash
# Builds the page and serves it on http://127.0.0.1:8080/ (PORT=... to change),
# rebuilding and reloading the browser when www/, src/ or Cargo.toml change.
#   bash scripts/serve.sh             debug build (fast to compile)
#   bash scripts/serve.sh --release   release build (cargo profile "web", wasm-opt)
# Other arguments are passed to `trunk serve`. It builds into target/trunk-serve/,
# not dist/: its pages carry Trunk's inline auto-reload script, and dist/ is kept for
# the release build that scripts/test.sh checks.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

SETUP_BROWSER=0 bash scripts/setup.sh
exec trunk serve --dist target/trunk-serve --port "${PORT:-8080}" "$@"
