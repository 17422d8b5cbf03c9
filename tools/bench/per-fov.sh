# Sourced by the callgrind scripts of tools/bench: builds sightlines-bench's
# `count` and defines `per_fov COUNT-ARGS...`, the instructions per field of
# view that callgrind counts inside sightlines_bench_measure.
command -v valgrind >/dev/null || { echo "$(basename "$0"): valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
cargo build --release -p sightlines-bench --bin count
count="${CARGO_TARGET_DIR:-target}/release/count"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
per_fov() {
  local file="$out/cg" fovs
  fovs=$(valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect=sightlines_bench_measure --callgrind-out-file="$file" \
    "$count" "$@" 2>/dev/null | sed -n 's/^fovs=//p')
  echo $(( $(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$file") / fovs ))
}
