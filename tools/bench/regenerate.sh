#!/usr/bin/env bash
# Regenerates BENCHMARKS.md from fresh runs: criterion times for every case
# and contender, callgrind instruction counts for the same, in each build
# profile, then the tables (the `report` binary of sightlines-bench).
#
#   tools/bench/regenerate.sh [--libtcod] [--profile release|lto|both]
#
# --libtcod adds libtcod itself (Debian: apt-get install libtcod-dev).
# --profile: `release` is what `cargo build --release` gives (`cargo bench`'s
# default), `lto` the workspace's fat-LTO, one-codegen-unit profile; `both`
# (the default) runs one after the other. About 40 minutes a profile on 2
# cores (16 for the times, the rest for callgrind); keep the machine
# otherwise idle while the times are taken (the report records the load
# average). The report keeps the other profile's results when only one runs.
set -euo pipefail
cd "$(dirname "$0")/../.."

features=()
flag=()
profiles=(release lto)
usage="usage: tools/bench/regenerate.sh [--libtcod] [--profile release|lto|both]"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --libtcod) features=(--features libtcod); flag=(--libtcod); shift ;;
    --profile)
      case "${2:-}" in
        release | lto) profiles=("$2") ;;
        both) profiles=(release lto) ;;
        *) echo "$usage" >&2; exit 2 ;;
      esac
      shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
target="${CARGO_TARGET_DIR:-target}"

for profile in "${profiles[@]}"; do
  suffix=""
  [[ $profile == release ]] || suffix="-$profile"
  # Start clean, so that no figure of an earlier run is mixed in.
  rm -rf "$target/criterion$suffix" "$target/sightlines-bench/instructions$suffix.tsv"
  if [[ $profile == release ]]; then
    cargo bench -p sightlines-bench "${features[@]}"
  else
    cargo bench -p sightlines-bench "${features[@]}" --profile "$profile"
  fi
  tools/bench/instructions.sh "${flag[@]}" --profile "$profile"
done
cargo run --release -p sightlines-bench "${features[@]}" --bin report
