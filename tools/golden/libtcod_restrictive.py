#!/usr/bin/env python3
"""Golden cases for `restrictive`: libtcod's FOV_RESTRICTIVE (MRPAS) on our maps.

Run with `pip install tcod numpy`, from the repository root:

    python3 tools/golden/libtcod_restrictive.py

It writes crates/sightlines/tests/data/libtcod_restrictive/NN_name.txt: the map
('#' opaque, '.' transparent), a blank line, then for each case a line
`case X Y R` (R = 0: no radius) followed by the visible set as rows of
'*' (visible) and '-' (not visible).

libtcod's quirks handled here: RESTRICTIVE reads one tile outside the scanned
area and sizes its obstacle buffer to a seventh of the map, so it overflows on
small dense maps; we surround each map with rings of walls (enough to make
the buffer larger than any octant) and cut the rings off the result. Walls
outside our maps are opaque and never reported, which is what the rings are.
"""
import os
import random

import numpy as np
import tcod
from tcod import libtcodpy

OUT = os.path.join("crates", "sightlines", "tests", "data", "libtcod_restrictive")


def libtcod_restrictive(rows, origin, radius):
    h, w = len(rows), len(rows[0])
    pad = 1
    while (w + 2 * pad) * (h + 2 * pad) < 8 * (w + 2) * (h + 2) + 64:
        pad += 1
    transparent = np.zeros((h + 2 * pad, w + 2 * pad), dtype=bool)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            transparent[y + pad, x + pad] = c != "#"
    fov = tcod.map.compute_fov(
        transparent,
        (origin[1] + pad, origin[0] + pad),
        radius=radius,
        light_walls=True,
        algorithm=libtcodpy.FOV_RESTRICTIVE,
    )
    return fov[pad : pad + h, pad : pad + w]


def random_map(rng, w, h, percent):
    return ["".join("#" if rng.random() * 100 < percent else "." for _ in range(w)) for _ in range(h)]


def cave(rng, w, h, fill=45, steps=5):
    g = [[rng.random() * 100 < fill for _ in range(w)] for _ in range(h)]
    for _ in range(steps):
        n = [[False] * w for _ in range(h)]
        for y in range(h):
            for x in range(w):
                walls = sum(
                    1
                    for dy in (-1, 0, 1)
                    for dx in (-1, 0, 1)
                    if not (0 <= x + dx < w and 0 <= y + dy < h) or g[y + dy][x + dx]
                )
                n[y][x] = walls >= 5
        g = n
    return ["".join("#" if c else "." for c in row) for row in g]


def rooms(rng, w, h, count):
    g = [["#"] * w for _ in range(h)]
    centres = []
    for _ in range(count):
        rw, rh = rng.randint(3, 8), rng.randint(3, 6)
        x, y = rng.randint(1, w - rw - 1), rng.randint(1, h - rh - 1)
        for yy in range(y, y + rh):
            for xx in range(x, x + rw):
                g[yy][xx] = "."
        centres.append((x + rw // 2, y + rh // 2))
    for (x0, y0), (x1, y1) in zip(centres, centres[1:]):
        for x in range(min(x0, x1), max(x0, x1) + 1):
            g[y0][x] = "."
        for y in range(min(y0, y1), max(y0, y1) + 1):
            g[y][x1] = "."
    return ["".join(r) for r in g]


def pillars(w, h, step, offset):
    return [
        "".join("#" if x % step == offset and y % step == offset else "." for x in range(w))
        for y in range(h)
    ]


def long_walls(rng, w, h, count):
    g = [["."] * w for _ in range(h)]
    for _ in range(count):
        if rng.random() < 0.5:
            y, x0 = rng.randrange(h), rng.randrange(w)
            for x in range(x0, min(w, x0 + rng.randint(5, w))):
                g[y][x] = "#"
        else:
            x, y0 = rng.randrange(w), rng.randrange(h)
            for y in range(y0, min(h, y0 + rng.randint(5, h))):
                g[y][x] = "#"
    return ["".join(r) for r in g]


def diagonal_corridor(w, h, width, slope_num, slope_den, flip):
    g = [["#"] * w for _ in range(h)]
    for x in range(w):
        yc = x * slope_num // slope_den
        for y in range(yc, yc + width):
            if 0 <= y < h:
                g[y][w - 1 - x if flip else x] = "."
    return ["".join(r) for r in g]


def floors(rows):
    return [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c != "#"]


def main():
    rng = random.Random(20261122)
    maps = []
    for i in range(6):
        maps.append((f"cave{i}", cave(rng, rng.randint(20, 40), rng.randint(16, 30))))
    for i in range(5):
        maps.append((f"rooms{i}", rooms(rng, 40, 24, rng.randint(4, 8))))
    for i, (step, off) in enumerate([(2, 1), (3, 1), (4, 2), (5, 0), (3, 2)]):
        maps.append((f"pillars{i}", pillars(rng.randint(15, 31), rng.randint(13, 25), step, off)))
    for i in range(4):
        maps.append((f"walls{i}", long_walls(rng, 32, 24, rng.randint(4, 10))))
    for i, (width, num, den, flip) in enumerate(
        [(1, 1, 1, False), (2, 1, 1, True), (1, 1, 2, False), (2, 2, 3, True), (3, 1, 1, False), (1, 3, 2, True)]
    ):
        maps.append((f"diagonal{i}", diagonal_corridor(30, 24, width, num, den, flip)))
    for i in range(8):
        w, h = rng.randint(3, 24), rng.randint(3, 24)
        maps.append((f"random{i}", random_map(rng, w, h, rng.choice([5, 15, 25, 35, 50]))))
    maps.append(("open", ["." * 21 for _ in range(17)]))
    maps.append(("tiny", ["..#", ".#.", "..."]))
    # Pinned by tests/restrictive.rs: libtcod skips an obstacle in the octants
    # around the x axis (it sees (7, 4)); the transposed map puts the same
    # cells in an octant around the y axis, where it does not.
    skip = [".....#..", "#...#.#.", "#......#", ".....#.#", "........", "##..#..."]
    maps.append(("skip", skip, [(1, 0)]))
    maps.append(("skip_transposed", ["".join(r[x] for r in skip) for x in range(len(skip[0]))], [(0, 1)]))
    # Pinned: (5, 0)'s angles end exactly where the wall at (1, 2) blocks; f64 rounding sees it.
    maps.append(("tie", ["#......", ".....#.", ".#....."], [(0, 2)]))
    os.makedirs(OUT, exist_ok=True)
    for n, (name, rows, *pinned) in enumerate(maps):
        h, w = len(rows), len(rows[0])
        fl = floors(rows) or [(0, 0)]
        origins = [rng.choice(fl) for _ in range(3)]
        # Origins on each edge (any tile there, floor or wall).
        origins += [(0, rng.randrange(h)), (w - 1, rng.randrange(h)), (rng.randrange(w), 0), (rng.randrange(w), h - 1)]
        if pinned:
            origins = pinned[0]
        lines = list(rows) + [""]
        for k, o in enumerate(origins):
            radius = [0, 0, 5, 0, 9, 0, 3][k % 7]
            fov = libtcod_restrictive(rows, o, radius)
            lines.append(f"case {o[0]} {o[1]} {radius}")
            lines += ["".join("*" if fov[y, x] else "-" for x in range(w)) for y in range(h)]
        with open(os.path.join(OUT, f"{n:02}_{name}.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
    print(f"{len(maps)} maps written to {OUT}")


if __name__ == "__main__":
    main()
