#!/usr/bin/env bash
# Coverage-guided fuzzing of sightlines with AFL++ (cargo-afl, stable Rust).
#
#   fuzz/run.sh TARGET [SECONDS]   fuzz one target (parse, memory, fov) for SECONDS (default 60)
#   fuzz/run.sh all [SECONDS]      each target in turn, SECONDS each
#
# Findings land in fuzz/out/TARGET/default/crashes/; copy each crash into
# fuzz/regressions/TARGET/ once fixed, where `cargo test` (in fuzz/)
# replays it with the seeds.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh parse|memory|fov|all [SECONDS]}
seconds=${2:-60}
if ! command -v cargo-afl >/dev/null 2>&1; then
  echo "== installing cargo-afl (it builds AFL++'s runtime once)"
  cargo install cargo-afl --locked
fi
cargo afl build --release --features afl
targets=("$target")
[ "$target" = all ] && targets=(parse memory fov)
for t in "${targets[@]}"; do
  echo "== fuzzing $t for ${seconds}s"
  mkdir -p "out/$t"
  # No core-pattern or CPU-governor tuning on shared machines; an existing
  # run is resumed.
  resume=(-i "seeds/$t")
  [ -d "out/$t/default/queue" ] && resume=(-i -)
  AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
    cargo afl fuzz -V "$seconds" "${resume[@]}" -o "out/$t" "target/release/$t" \
    > "out/$t/log.txt" 2>&1 || { tail -20 "out/$t/log.txt"; exit 1; }
  stats="out/$t/default/fuzzer_stats"
  grep -E '^(execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|bitmap_cvg)' "$stats"
  crashes=$(find "out/$t/default/crashes" -type f -name 'id:*' | wc -l)
  if [ "$crashes" -gt 0 ]; then
    echo "!! $crashes crashes of $t in fuzz/out/$t/default/crashes/"
    exit 1
  fi
done
