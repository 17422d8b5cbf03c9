#!/usr/bin/env bash
# Instructions per field of view with the diagonal rule and without, for
# each of our algorithms that keeps it, on the cave cases: callgrind over the
# `count` binary of sightlines-bench, as tools/bench/instructions.sh.
#
#   tools/bench/diagonal-gaps.sh      prints case, algorithm, pass, block, ratio
#   ALGORITHMS="precise-permissive" tools/bench/diagonal-gaps.sh   only those
set -euo pipefail
cd "$(dirname "$0")/../.."
. tools/bench/per-fov.sh
printf 'case\talgorithm\tpass\tblock\tblock/pass\n'
for case in cave-r16 cave-r32; do
  for id in ${ALGORITHMS:-precise-permissive recursive-shadowcast symmetric-shadowcast raycast basic-raycast}; do
    pass=$(per_fov "$case" "sightlines/$id" --diagonal-gaps pass)
    block=$(per_fov "$case" "sightlines/$id" --diagonal-gaps block)
    printf '%s\t%s\t%s\t%s\t%s\n' "$case" "$id" "$pass" "$block" \
      "$(awk -v a="$pass" -v b="$block" 'BEGIN { printf "%.2f", b / a }')"
  done
done
