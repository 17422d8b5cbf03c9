#!/usr/bin/env bash
# Every test of the repository: the Rust workspace, the Python package, then
# the web part (the wasm build, its JavaScript package and the playground).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== cargo test --workspace"
cargo test --workspace
tools/test-python.sh
tools/test-web.sh
