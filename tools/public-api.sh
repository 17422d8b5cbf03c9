#!/usr/bin/env bash
# The public API of the sightlines library, one item a line (see
# tools/public-api.py). rustdoc's JSON output is unstable, so this asks the
# stable toolchain for it with RUSTC_BOOTSTRAP; a tool for people, not CI.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}/public-api"
RUSTC_BOOTSTRAP=1 cargo rustdoc -q -p sightlines --lib --all-features --target-dir "$target" \
  -- -Z unstable-options --output-format json
python3 tools/public-api.py "$target/doc/sightlines.json"
