#!/usr/bin/env python3
"""Generate golden FOV_SHADOW cases from libtcod, for the recursive-shadowcast tests.

Usage: python3 tools/golden/libtcod_shadow.py [OUT_DIR]
(default OUT_DIR: crates/sightlines/tests/data/libtcod_shadow). Needs `pip install tcod`.

Every map is built here, deterministically (fixed seeds), and handed to
`tcod.map.compute_fov(..., algorithm=tcod.constants.FOV_SHADOW)`. Each output
file holds one or more cases in this plain-text format:

    case NAME
    origin X Y
    radius R            (libtcod's radius; 0 = unlimited)
    light_walls true|false
    map W H
    <H rows of W chars: '#' opaque, '.' transparent>
    visible N
    <H rows of W chars: '*' visible, '.' not>
    end

x grows right, y grows down, as in sightlines.
"""

import os
import random
import sys

import numpy as np
import tcod


def empty(w, h):
    return [[False] * w for _ in range(h)]


def border(g):
    h, w = len(g), len(g[0])
    for y in range(h):
        for x in range(w):
            if x in (0, w - 1) or y in (0, h - 1):
                g[y][x] = True
    return g


def cave(w, h, seed, fill=45, iterations=5):
    rng = random.Random(seed)
    g = [[rng.randrange(100) < fill for _ in range(w)] for _ in range(h)]
    for _ in range(iterations):
        n = empty(w, h)
        for y in range(h):
            for x in range(w):
                walls = 0
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        xx, yy = x + dx, y + dy
                        if not (0 <= xx < w and 0 <= yy < h) or g[yy][xx]:
                            walls += 1
                n[y][x] = walls >= 5 if g[y][x] else walls >= 6
        g = n
    return g


def rooms(w, h, seed, count=6):
    rng = random.Random(seed)
    g = [[True] * w for _ in range(h)]
    centres = []
    for _ in range(count):
        rw, rh = rng.randint(3, 8), rng.randint(3, 6)
        x0, y0 = rng.randint(1, w - rw - 1), rng.randint(1, h - rh - 1)
        for y in range(y0, y0 + rh):
            for x in range(x0, x0 + rw):
                g[y][x] = False
        centres.append((x0 + rw // 2, y0 + rh // 2))
    for (ax, ay), (bx, by) in zip(centres, centres[1:]):
        for x in range(min(ax, bx), max(ax, bx) + 1):
            g[ay][x] = False
        for y in range(min(ay, by), max(ay, by) + 1):
            g[y][bx] = False
    return g


def pillars(w, h, step, at):
    g = empty(w, h)
    for y in range(h):
        for x in range(w):
            g[y][x] = x % step == at and y % step == at
    return g


def random_map(w, h, seed, percent):
    rng = random.Random(seed)
    return [[rng.randrange(100) < percent for _ in range(w)] for _ in range(h)]


def long_walls(w, h):
    g = empty(w, h)
    for x in range(2, w - 2):
        g[3][x] = True
    for y in range(5, h):
        g[y][w // 2] = True
    for x in range(0, w - 6):
        g[h - 4][x] = x % 9 != 4  # a long wall with doors
    return g


def diagonal_corridor(w, h, thick):
    """Walls everywhere but a stair-step diagonal corridor `thick` tiles wide."""
    g = [[True] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            if 0 <= x - y < thick:
                g[y][x] = False
    return g


def diagonal_walls(w, h):
    """Open floor crossed by walls that touch only at corners (diagonal gaps)."""
    g = empty(w, h)
    for i in range(min(w, h)):
        if 0 <= i + 3 < w:
            g[i][i + 3] = True
        if 0 <= 12 - i < w and i < h:
            g[i][12 - i] = True
    return g


def room_with_doors(w, h):
    g = border(empty(w, h))
    for y in range(h):
        g[y][w // 2] = True
    g[h // 2][w // 2] = False
    g[1][w // 2] = False
    for x in range(w // 2, w):
        g[h // 3][x] = True
    g[h // 3][w - 3] = False
    return g


def checker(w, h):
    return [[(x + y) % 2 == 1 and x % 3 != 0 for x in range(w)] for y in range(h)]


def cross_corridors(w, h):
    g = [[True] * w for _ in range(h)]
    for x in range(w):
        g[h // 2][x] = False
    for y in range(h):
        g[y][w // 2] = False
    for x in range(w):
        g[2][x] = x % 4 == 0
    return g


def maps():
    """(name, grid, [(origin, radius, light_walls), ...]) for every golden map."""
    out = []

    def add(name, g, configs):
        out.append((name, g, configs))

    for i, seed in enumerate([11, 12, 13, 14]):
        g = cave(48, 32, seed)
        floors = [(x, y) for y in range(32) for x in range(48) if not g[y][x]]
        rng = random.Random(seed * 7)
        picks = rng.sample(floors, 3)
        add(f"cave{i}", g, [(picks[0], 0, True), (picks[1], 8, True), (picks[2], 12, False)])
    big = cave(160, 100, 99)
    floors = [(x, y) for y in range(100) for x in range(160) if not big[y][x]]
    picks = random.Random(991).sample(floors, 3)
    add("big_cave", big, [(picks[0], 0, True), (picks[1], 40, True), (picks[2], 0, False)])
    add("big_pillars", pillars(150, 90, 5, 3), [((75, 45), 0, True), ((0, 89), 0, True)])
    for i, seed in enumerate([21, 22, 23, 24]):
        g = rooms(50, 30, seed)
        floors = [(x, y) for y in range(30) for x in range(50) if not g[y][x]]
        rng = random.Random(seed * 7)
        picks = rng.sample(floors, 3)
        add(f"rooms{i}", g, [(picks[0], 0, True), (picks[1], 10, True), (picks[2], 0, False)])
    add("pillars4", pillars(41, 41, 4, 2), [((20, 20), 0, True), ((20, 20), 16, True), ((0, 0), 0, True)])
    add("pillars3", pillars(33, 25, 3, 1), [((16, 12), 0, True), ((15, 12), 7, False)])
    add("pillars2", pillars(21, 21, 2, 1), [((10, 10), 0, True), ((0, 10), 0, True)])
    add("open", empty(31, 31), [((15, 15), 0, True), ((15, 15), 1, True), ((15, 15), 2, True),
                                ((15, 15), 5, True), ((15, 15), 9, True), ((15, 15), 15, True)])
    add("open_corner", empty(20, 12), [((0, 0), 0, True), ((19, 11), 6, True), ((19, 0), 30, True)])
    lone = empty(25, 25)
    lone[12][14] = True
    add("lone_pillar", lone, [((12, 12), 0, True), ((12, 12), 0, False), ((10, 13), 0, True)])
    add("long_walls", long_walls(60, 20), [((5, 1), 0, True), ((30, 10), 0, True), ((58, 19), 25, True)])
    add("diagonal_corridor1", diagonal_corridor(30, 30, 1), [((0, 0), 0, True), ((15, 15), 0, True)])
    add("diagonal_corridor2", diagonal_corridor(30, 30, 2), [((0, 0), 0, True), ((10, 9), 0, True), ((29, 29), 12, True)])
    add("diagonal_corridor3", diagonal_corridor(40, 25, 3), [((0, 0), 0, True), ((20, 19), 0, False)])
    add("diagonal_walls", diagonal_walls(20, 16), [((0, 0), 0, True), ((8, 2), 0, True), ((5, 10), 0, True)])
    add("room_with_doors", room_with_doors(31, 17), [((5, 8), 0, True), ((24, 2), 0, True), ((24, 12), 0, True)])
    add("checker", checker(19, 19), [((9, 9), 0, True), ((9, 8), 0, True), ((0, 0), 0, True)])
    add("cross", cross_corridors(35, 21), [((17, 10), 0, True), ((0, 10), 0, True), ((17, 0), 6, True)])
    add("one_tile", empty(1, 1), [((0, 0), 0, True), ((0, 0), 3, True)])
    add("one_row", [[x % 7 == 5 for x in range(30)]], [((0, 0), 0, True), ((10, 0), 0, True)])
    add("one_column", [[y % 6 == 4] for y in range(25)], [((0, 24), 0, True), ((0, 7), 3, True)])
    walled = border(empty(15, 9))
    add("walled_room", walled, [((1, 1), 0, True), ((7, 4), 0, False), ((13, 7), 3, True)])
    asym = empty(4, 2)
    asym[0][1] = True
    add("asymmetry", asym, [((3, 1), 0, True), ((0, 0), 0, True)])
    gap = empty(8, 8)
    gap[1][2] = gap[2][1] = True
    add("diagonal_gap", gap, [((0, 0), 0, True), ((0, 0), 6, False)])
    for i in range(10):
        w, h = 10 + 3 * i, 8 + 2 * i
        g = random_map(w, h, 100 + i, 10 + 4 * i)
        rng = random.Random(200 + i)
        origin = (rng.randrange(w), rng.randrange(h))
        add(f"random{i}", g, [(origin, 0, True), (origin, 3 + i, True), (origin, 0, False)])
    return out


def fov(g, origin, radius, light_walls):
    transparency = np.array([[not c for c in row] for row in g], dtype=bool)
    x, y = origin
    return tcod.map.compute_fov(
        transparency, (y, x), radius=radius, light_walls=light_walls, algorithm=tcod.constants.FOV_SHADOW
    )


def case_text(name, g, origin, radius, light_walls):
    h, w = len(g), len(g[0])
    seen = fov(g, origin, radius, light_walls)
    lines = [
        f"case {name}",
        f"origin {origin[0]} {origin[1]}",
        f"radius {radius}",
        f"light_walls {'true' if light_walls else 'false'}",
        f"map {w} {h}",
    ]
    lines += ["".join("#" if c else "." for c in row) for row in g]
    lines.append(f"visible {int(seen.sum())}")
    lines += ["".join("*" if seen[y][x] else "." for x in range(w)) for y in range(h)]
    lines.append("end")
    return "\n".join(lines) + "\n"


def random_batch(count, seed):
    """Many small random maps, every radius from 0 to 9, both wall rules."""
    rng = random.Random(seed)
    texts = []
    for n in range(count):
        w, h = rng.randint(1, 14), rng.randint(1, 14)
        g = random_map(w, h, rng.randrange(1 << 30), rng.randrange(60))
        origin = (rng.randrange(w), rng.randrange(h))
        texts.append(case_text(f"batch{n}", g, origin, rng.randrange(10), rng.random() < 0.7))
    return texts


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "crates/sightlines/tests/data/libtcod_shadow"
    os.makedirs(out_dir, exist_ok=True)
    header = (
        "# libtcod FOV_SHADOW golden cases, generated by tools/golden/libtcod_shadow.py\n"
        f"# tcod {tcod.__version__}, libtcod {tcod.lib.TCOD_MAJOR_VERSION}.{tcod.lib.TCOD_MINOR_VERSION}\n"
    )
    for name, g, configs in maps():
        body = "".join(case_text(f"{name}/{i}", g, o, r, lw) for i, (o, r, lw) in enumerate(configs))
        with open(os.path.join(out_dir, f"{name}.txt"), "w") as f:
            f.write(header + body)
    with open(os.path.join(out_dir, "random_batch.txt"), "w") as f:
        f.write(header + "".join(random_batch(1000, 0x5EED)))


if __name__ == "__main__":
    main()
