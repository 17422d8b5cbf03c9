#!/usr/bin/env bash
# Instructions of one turn of the game benchmark (`turn/cave/ALGORITHM` in
# crates/sightlines/benches/game.rs): 1,000 monsters asking `can_see`, then
# the player's field of view and memory update. callgrind counts the one
# iteration criterion's --test mode runs, inside `play_turn` (warm: the
# bench checks every answer and updates the player once before).
#
#   tools/bench/turn.sh [--profile release|lto] [ALGORITHM...]
#
# Prints algorithm, then instructions for the turn, the monsters' half and
# the player's half. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."

profile=release
if [[ "${1:-}" == "--profile" ]]; then
  profile="${2:?--profile needs a name}"
  shift 2
fi
algorithms=("$@")
[[ ${#algorithms[@]} -gt 0 ]] || algorithms=(precise-permissive diamond-shadowcast
  symmetric-shadowcast recursive-shadowcast restrictive beveled)

args=(-p sightlines --bench game)
[[ $profile == release ]] || args+=(--profile "$profile")
exe=$(cargo bench "${args[@]}" --no-run --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
[[ -x $exe ]] || { echo "turn.sh: no game bench executable" >&2; exit 1; }

out="${CARGO_TARGET_DIR:-target}/sightlines-bench/turn-$profile"
mkdir -p "$out"
printf 'algorithm\tturn\tmonsters\tplayer\n'
for a in "${algorithms[@]}"; do
  file="$out/$a.out"
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*play_turn*' \
    --callgrind-out-file="$file" "$exe" --bench --test "^turn/cave/$a/turn\$" >/dev/null 2>&1
  # Inclusive counts of the turn and of its two halves.
  ir() { callgrind_annotate --inclusive=yes "$file" 2>/dev/null |
    grep -m1 "game::$1" | awk '{ gsub(",", "", $1); print $1 }'; }
  printf '%s\t%s\t%s\t%s\n' "$a" "$(ir play_turn)" "$(ir monsters_look)" "$(ir player_look)"
done
