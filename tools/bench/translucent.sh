#!/usr/bin/env bash
# Instructions per field of view through translucent tiles (a tenth of the
# cave's floor at level 64, Fov::compute_translucent) against the same
# algorithm's plain field on the plain cave: callgrind over the `count`
# binary of sightlines-bench, as tools/bench/instructions.sh.
#
#   tools/bench/translucent.sh      prints case, algorithm, plain, translucent, ratio
#   ALGORITHMS="raycast" GAPS=block tools/bench/translucent.sh   only those, with the rule
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "translucent.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
cargo build --release -p sightlines-bench --bin count
count="${CARGO_TARGET_DIR:-target}/release/count"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
per_fov() {
  local file="$out/cg" fovs toggle=$1
  shift
  fovs=$(valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect="$toggle" --callgrind-out-file="$file" \
    "$count" "$@" --diagonal-gaps "${GAPS:-pass}" 2>/dev/null | sed -n 's/^fovs=//p')
  echo $(( $(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$file") / fovs ))
}
printf 'case\talgorithm\tplain\ttranslucent\ttranslucent/plain\n'
for case in cave-r16 cave-r32; do
  for id in ${ALGORITHMS:-precise-permissive recursive-shadowcast symmetric-shadowcast raycast}; do
    plain=$(per_fov sightlines_bench_measure "$case" "sightlines/$id")
    dim=$(per_fov sightlines_bench_measure_translucent "$case" "sightlines/$id" --translucent 64)
    printf '%s\t%s\t%s\t%s\t%s\n' "$case" "$id" "$plain" "$dim" \
      "$(awk -v a="$plain" -v b="$dim" 'BEGIN { printf "%.2f", b / a }')"
  done
done
