#!/usr/bin/env bash
# Installs what the build and the tests need, skipping whatever is present.
# Safe to run again and again; used by scripts/serve.sh and scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
BINARYEN_VERSION=132

say() { printf '== %s\n' "$*" >&2; }
# node_modules/.bin first: its wasm-opt (binaryen 132 from npm) is the one Trunk must find.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
  say "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

# scripts/test.sh's clippy stage (rustfmt: its formatting check).
for component in clippy rustfmt; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# The browser tests' Chromium, coturn's turnserver (the online relay test
# runs a real TURN relay on 127.0.0.1: tests/e2e/online-relay.test.mjs), and
# CJK fonts for the Japanese screenshots.
if [ "${SETUP_BROWSER:-1}" = 1 ]; then
  missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v turnserver >/dev/null || missing+=(coturn)
  # CJK fonts: without them the Japanese screenshots show empty boxes.
  dpkg-query -W -f='${db:Status-Status}' fonts-noto-cjk 2>/dev/null | grep -qx installed || missing+=(fonts-noto-cjk)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${missing[@]}"
    # The test starts its own relay; a system-wide one is not wanted.
    if [[ " ${missing[*]} " == *" coturn "* ]] && command -v systemctl >/dev/null; then
      systemctl disable --now coturn >/dev/null 2>&1 || true
    fi
  fi
fi

# The other browser engines (scripts/test-engines.sh): Firefox, WebKitGTK's
# driver and MiniBrowser, a virtual X display for it (the CJK fonts come with
# the browser tests' set-up above; listed here too for a run without it).
if [ "${SETUP_ENGINES:-0}" = 1 ]; then
  missing=()
  for pkg in firefox-esr webkit2gtk-driver xvfb xauth fonts-noto-cjk; do
    dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qx installed || missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${missing[@]}"
  fi
fi

# wasm-opt (binaryen), terser, zopfli and the browser drivers come from npm, pinned in package-lock.json.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ ! -d node_modules/puppeteer-core ] \
   || [ ! -d node_modules/terser ] || [ ! -d node_modules/@gfx/zopfli ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

# Crates for every target (the wasm-only ones too): `trunk build` runs cargo --offline.
if [ "${SETUP_CARGO_FETCH:-1}" = 1 ]; then
  cargo fetch --quiet
fi

# Trunk (offline, see Trunk.toml [tools]) takes wasm-bindgen and wasm-opt from PATH
# and accepts only these exact versions: say so here rather than deep in a build.
wasm_opt_version=$(wasm-opt --version 2>/dev/null || true)
case "$wasm_opt_version" in
  "wasm-opt version $BINARYEN_VERSION "*) ;;
  *) say "wrong wasm-opt on PATH: $(command -v wasm-opt || echo none) says '$wasm_opt_version', want binaryen $BINARYEN_VERSION (node_modules/.bin)"; exit 1;;
esac
