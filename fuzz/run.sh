#!/usr/bin/env bash
# Coverage-guided fuzzing of sightlines with AFL++ (cargo-afl, stable Rust).
#
#   fuzz/run.sh TARGET [SECONDS]   fuzz one target (parse, memory, fov, cli, hex) for SECONDS (default 60)
#   fuzz/run.sh all [SECONDS]      each target in turn, SECONDS each
#   fuzz/run.sh smoke [SECONDS]    each target for SECONDS (default 12) from its
#                                  seeds and kept crashes, in a fresh folder (CI)
#
# Findings land in fuzz/out/TARGET/default/crashes/; copy each crash into
# fuzz/regressions/TARGET/ once fixed, where `cargo test` (in fuzz/)
# replays it with the seeds. Exits 1 on any crash.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh parse|memory|fov|cli|hex|all|smoke [SECONDS]}
seconds=${2:-60}
out=out
targets=("$target")
case "$target" in
  all) targets=(parse memory fov cli hex) ;;
  smoke)
    targets=(parse memory fov cli hex)
    seconds=${2:-12}
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT ;;
esac
if ! command -v cargo-afl >/dev/null 2>&1; then
  echo "== installing cargo-afl"
  cargo install cargo-afl --locked
fi
# AFL++ itself is built once per toolchain (under ~/.local/share/afl.rs).
if ! cargo afl build --release --features afl; then
  echo "== building AFL++ for cargo-afl"
  cargo afl config --build
  cargo afl build --release --features afl
fi
for t in "${targets[@]}"; do
  echo "== fuzzing $t for ${seconds}s"
  mkdir -p "$out/$t"
  # The seeds, and for a smoke run the kept crashes too: AFL++ refuses to
  # start when one of them fails.
  input="seeds/$t"
  if [ "$target" = smoke ]; then
    input="$out/$t.in"
    mkdir -p "$input"
    cp "seeds/$t"/* "$input"/
    if [ -d "regressions/$t" ]; then cp "regressions/$t"/* "$input"/; fi
  fi
  # No core-pattern or CPU-governor tuning on shared machines; an existing
  # run is resumed.
  resume=(-i "$input")
  [ -d "$out/$t/default/queue" ] && resume=(-i -)
  # A dictionary of the target's words (the CLI's subcommands and flags).
  dict=()
  [ -f "$t.dict" ] && dict=(-x "$t.dict")
  AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
    cargo afl fuzz -V "$seconds" "${resume[@]}" "${dict[@]}" -o "$out/$t" \
    "${CARGO_TARGET_DIR:-target}/release/$t" \
    > "$out/$t/log.txt" 2>&1 || { tail -20 "$out/$t/log.txt"; exit 1; }
  stats="$out/$t/default/fuzzer_stats"
  grep -E '^(execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|bitmap_cvg)' "$stats"
  crashes=$(find "$out/$t/default/crashes" -type f -name 'id:*' | wc -l)
  if [ "$crashes" -gt 0 ]; then
    echo "!! $crashes crashes of $t in $out/$t/default/crashes/"
    [ "$target" = smoke ] && for f in "$out/$t/default/crashes"/id:*; do echo "-- $f"; od -c "$f" | head -20; done
    exit 1
  fi
done
