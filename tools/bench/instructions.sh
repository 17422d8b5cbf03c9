#!/usr/bin/env bash
# Instructions per field of view, for every case and contender, counted by
# callgrind over the `count` binary of sightlines-bench.
#
#   tools/bench/instructions.sh [--libtcod] [--profile release|lto] [CASE-REGEX [CONTENDER-REGEX]]
#
# Writes target/sightlines-bench/instructions.tsv (case, contender, fields of
# view measured, instructions), which the `report` binary reads; with
# --profile lto (the `count` binary built with fat LTO and one codegen unit),
# instructions-lto.tsv. Each run
# computes one warm-up field of view, then every viewpoint of the case (ten
# times over on the one-viewpoint maps) inside `sightlines_bench_measure`,
# the only function callgrind collects in. Needs valgrind (apt-get install
# valgrind) and the maps (see SIGHTLINES_BENCH_MAPS).
set -euo pipefail
cd "$(dirname "$0")/../.."

features=()
profile=release
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --libtcod) features=(--features libtcod); shift ;;
    --profile) profile="${2:?--profile needs a name}"; shift 2 ;;
    *) echo "instructions.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
case_filter="${1:-.}"
contender_filter="${2:-.}"
# release keeps the file names of earlier runs; other profiles get a suffix.
suffix=""
[[ $profile == release ]] || suffix="-$profile"

command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
cargo build --profile "$profile" -p sightlines-bench "${features[@]}" --bin count
target="${CARGO_TARGET_DIR:-target}"
count="$target/$profile/count"
out="$target/sightlines-bench"
mkdir -p "$out/callgrind$suffix"
tsv="$out/instructions$suffix.tsv"

# One line per (case, contender) to measure.
pairs="$out/pairs$suffix.txt"
: >"$pairs"
for case in $("$count" --cases | grep -E "$case_filter"); do
  "$count" --list "$case" | grep -E "$contender_filter" | sed "s|^|$case |" >>"$pairs"
done

measure() {
  local case=$1 id=$2 reps=1 file fovs ir
  [[ $case == open-* || $case == pillars-* ]] && reps=10
  file="$out/callgrind$suffix/$case.${id//\//_}.out"
  fovs=$(valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect=sightlines_bench_measure --callgrind-out-file="$file" \
    "$count" "$case" "$id" --reps "$reps" 2>/dev/null | sed -n 's/^fovs=//p')
  ir=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$file")
  if [[ -z "$fovs" || -z "$ir" ]]; then
    echo "instructions.sh: no count for $case $id" >&2
    return 1
  fi
  printf '%s\t%s\t%s\t%s\n' "$case" "$id" "$fovs" "$ir"
  printf '%-10s %-40s %12.0f instructions per FOV\n' "$case" "$id" "$((ir / fovs))" >&2
}
export -f measure
export count out suffix

# Two at a time (SIGHTLINES_BENCH_JOBS=1 leaves a core to a timing run;
# instruction counts do not care about the load); keep the lines of an
# earlier run for the pairs not measured now.
new="$out/instructions$suffix.new"
xargs -P "${SIGHTLINES_BENCH_JOBS:-2}" -L 1 bash -c 'measure "$@"' _ <"$pairs" >"$new"
{
  printf '# case\tcontender\tfields of view\tinstructions (callgrind, in sightlines_bench_measure)\n'
  # The new counts, then the earlier ones for pairs not measured this time.
  awk -F'\t' 'NR == FNR { seen[$1 FS $2] = 1; print; next }
               !/^#/ && !(($1 FS $2) in seen)' "$new" "$([[ -f $tsv ]] && echo "$tsv" || echo /dev/null)" |
    LC_ALL=C sort
} >"$tsv.tmp"
mv "$tsv.tmp" "$tsv"
rm -f "$new"
echo "instructions.sh: wrote $tsv ($(grep -vc '^#' "$tsv") counts)" >&2
