#!/usr/bin/env bash
# Every test of the repository: the Rust workspace, then the Python package.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== cargo test --workspace"
cargo test --workspace
tools/test-python.sh
