#!/usr/bin/env bash
# Every test of the repository: the Rust workspace, the fuzz targets' seeds
# and kept crashes, the Python package, then the web part (the wasm build,
# its JavaScript package and the playground).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== cargo test --workspace"
cargo test --workspace
echo "== cargo test --release (fuzz/: seeds and kept crashes, without AFL++)"
(cd fuzz && cargo test --release --locked)
tools/test-python.sh
tools/test-web.sh
