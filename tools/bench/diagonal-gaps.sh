#!/usr/bin/env bash
# Instructions per field of view with the diagonal rule and without, for
# each of our algorithms that keeps it, on the cave cases: callgrind over the
# `count` binary of sightlines-bench, as tools/bench/instructions.sh.
#
#   tools/bench/diagonal-gaps.sh      prints case, algorithm, pass, block, ratio
#   ALGORITHMS="precise-permissive" tools/bench/diagonal-gaps.sh   only those
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "diagonal-gaps.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
cargo build --release -p sightlines-bench --bin count
count="${CARGO_TARGET_DIR:-target}/release/count"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
per_fov() {
  local file="$out/cg" fovs
  fovs=$(valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect=sightlines_bench_measure --callgrind-out-file="$file" \
    "$count" "$1" "$2" --diagonal-gaps "$3" 2>/dev/null | sed -n 's/^fovs=//p')
  echo $(( $(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$file") / fovs ))
}
printf 'case\talgorithm\tpass\tblock\tblock/pass\n'
for case in cave-r16 cave-r32; do
  for id in ${ALGORITHMS:-precise-permissive recursive-shadowcast symmetric-shadowcast raycast basic-raycast}; do
    pass=$(per_fov "$case" "sightlines/$id" pass)
    block=$(per_fov "$case" "sightlines/$id" block)
    printf '%s\t%s\t%s\t%s\t%s\n' "$case" "$id" "$pass" "$block" \
      "$(awk -v a="$pass" -v b="$block" 'BEGIN { printf "%.2f", b / a }')"
  done
done
