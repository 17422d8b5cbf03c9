#!/usr/bin/env bash
# Regenerates BENCHMARKS.md from one fresh run: criterion times for every
# case and contender, callgrind instruction counts for the same, then the
# tables (the `report` binary of sightlines-bench).
#
#   tools/bench/regenerate.sh [--libtcod]
#
# --libtcod adds libtcod itself (Debian: apt-get install libtcod-dev). Takes
# about 40 minutes on 2 cores (16 for the times, the rest for callgrind);
# keep the machine otherwise idle while the times are taken (the report
# records the load average).
set -euo pipefail
cd "$(dirname "$0")/../.."

features=()
flag=()
if [[ "${1:-}" == "--libtcod" ]]; then
  features=(--features libtcod)
  flag=(--libtcod)
elif [[ $# -gt 0 ]]; then
  echo "usage: tools/bench/regenerate.sh [--libtcod]" >&2
  exit 2
fi
target="${CARGO_TARGET_DIR:-target}"

# Start clean, so that no figure of an earlier run is mixed in.
rm -rf "$target/criterion" "$target/sightlines-bench/instructions.tsv"
cargo bench -p sightlines-bench "${features[@]}"
tools/bench/instructions.sh "${flag[@]}"
cargo run --release -p sightlines-bench "${features[@]}" --bin report
