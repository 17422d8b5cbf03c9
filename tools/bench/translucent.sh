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
. tools/bench/per-fov.sh
printf 'case\talgorithm\tplain\ttranslucent\ttranslucent/plain\n'
for case in cave-r16 cave-r32; do
  for id in ${ALGORITHMS:-precise-permissive recursive-shadowcast symmetric-shadowcast raycast}; do
    plain=$(per_fov "$case" "sightlines/$id" --diagonal-gaps "${GAPS:-pass}")
    dim=$(per_fov "$case" "sightlines/$id" --translucent 64 --diagonal-gaps "${GAPS:-pass}")
    printf '%s\t%s\t%s\t%s\t%s\n' "$case" "$id" "$plain" "$dim" \
      "$(awk -v a="$plain" -v b="$dim" 'BEGIN { printf "%.2f", b / a }')"
  done
done
