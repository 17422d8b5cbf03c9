#!/usr/bin/env bash
# The web part's tests: builds the WebAssembly module and the playground
# (node web/build.mjs, which adds the wasm32 target with rustup when it is
# missing), installs the npm packages from web/package-lock.json (npm ci),
# installs Debian's chromium when it is missing and we are root, then runs
# the JavaScript package's node tests and the playground's browser tests
# (headless Chromium driven by playwright-core). Both compare with the CLI,
# as `cargo test --workspace` builds it.
#
# CHROMIUM picks the browser (default: chromium on PATH), SIGHTLINES_CLI
# the CLI binary (default: built here).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "tools/test-web.sh: node and npm are needed; install Node.js 20 or later" >&2
  exit 1
fi
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 \
  && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "== installing chromium for the browser tests"
  (export DEBIAN_FRONTEND=noninteractive
   timeout 300 apt-get update -qq && timeout 600 apt-get install -y -qq chromium) >/dev/null 2>&1 \
    || echo "   (apt-get could not install chromium)"
fi
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "tools/test-web.sh: no chromium for the browser tests; install it (apt-get install chromium) or set CHROMIUM" >&2
  exit 1
fi

echo "== node web/build.mjs (the wasm module and the playground)"
node web/build.mjs
echo "== npm ci (web/)"
(cd web && npm ci --no-audit --no-fund --loglevel=error)
# The CLI as `cargo test --workspace` builds it (the same features, so after
# that command, as in tools/test-all.sh, this builds nothing); or the binary
# SIGHTLINES_CLI names.
if [ -z "${SIGHTLINES_CLI:-}" ]; then
  echo "== cargo test --workspace --no-run (the CLI, the tests' oracle)"
  cargo test --workspace --no-run --quiet
  export SIGHTLINES_CLI="$PWD/target/debug/sightlines"
fi

echo "== node --test (web/test: the JavaScript package)"
(cd web && node --test test/*.test.mjs)
echo "== node --test (web/browser: the playground in headless $(${CHROMIUM:-chromium} --version 2>/dev/null | head -1))"
(cd web && node --test browser/*.test.mjs)
