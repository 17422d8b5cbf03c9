"""The python-tcod tutorial's fog-of-war loop, on sightlines.

A player walks through a generated cave; each turn computes the field of
view, ORs it into `explored`, and draws the map: visible tiles bright,
explored ones dim, the rest unknown. Monsters are viewers that recompute
only when they move, and say when they see the player.

    python examples/fog_of_war.py
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import sightlines


def cave(height: int, width: int, seed: int) -> npt.NDArray[np.bool_]:
    """A cellular-automaton cave: True where sight passes."""
    rng = np.random.default_rng(seed)
    wall = rng.random((height, width)) < 0.45
    for _ in range(4):
        padded = np.pad(wall, 1, constant_values=True)
        neighbours = np.zeros((height, width), dtype=np.int64)
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                neighbours += padded[1 + di : 1 + di + height, 1 + dj : 1 + dj + width]
        wall = neighbours >= 5
    return ~wall


def draw(
    transparency: npt.NDArray[np.bool_],
    visible: npt.NDArray[np.bool_],
    explored: npt.NDArray[np.bool_],
    player: tuple[int, int],
) -> str:
    rows = []
    for i in range(transparency.shape[0]):
        row = []
        for j in range(transparency.shape[1]):
            if (i, j) == player:
                row.append("@")
            elif visible[i, j]:
                row.append("." if transparency[i, j] else "#")
            elif explored[i, j]:
                row.append("," if transparency[i, j] else "%")
            else:
                row.append(" ")
        rows.append("".join(row))
    return "\n".join(rows)


def main() -> None:
    transparency = cave(24, 60, seed=7)
    floors = [(int(i), int(j)) for i, j in np.argwhere(transparency)]
    player = floors[0]
    explored = np.zeros_like(transparency)
    visible = np.zeros_like(transparency)
    fov = sightlines.Fov("symmetric-shadowcast")
    monsters = [sightlines.Viewer(p, radius=8, algorithm="symmetric-shadowcast") for p in floors[200::150]]

    rng = np.random.default_rng(1)
    for turn in range(40):
        fov.compute(transparency, player, radius=10, out=visible)
        explored |= visible
        recomputed = sightlines.update_viewers(transparency, monsters)
        watchers = [m.pov for m in monsters if m.sees(player)]
        if watchers:
            print(f"turn {turn}: seen by the monsters at {watchers} ({recomputed} fields recomputed)")
        # The player steps to a random visible floor next to them.
        steps = [
            (player[0] + di, player[1] + dj)
            for di in (-1, 0, 1)
            for dj in (-1, 0, 1)
            if (di, dj) != (0, 0)
            and 0 <= player[0] + di < transparency.shape[0]
            and 0 <= player[1] + dj < transparency.shape[1]
            and transparency[player[0] + di, player[1] + dj]
        ]
        if steps:
            player = steps[int(rng.integers(len(steps)))]
    print(draw(transparency, visible, explored, player))
    print(f"explored {int(explored.sum())} of {int(transparency.size)} tiles")


if __name__ == "__main__":
    main()
