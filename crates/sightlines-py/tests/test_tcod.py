"""`sightlines.compute_fov` against python-tcod's `tcod.map.compute_fov`.

Three claims of the README, each on hundreds of seeded random maps:

1. `FOV_BASIC`, `FOV_DIAMOND`, `FOV_SHADOW` and `FOV_PERMISSIVE_0..8` equal
   tcod tile for tile, with the same arguments (map sizes from 1x1 to 40x40,
   wall densities from 0% to 60% and cellular caves, the point of view on a
   floor or a wall, radius 0 and positive, light_walls on and off), whatever
   form the array comes in (bool, Fortran order, integer and float dtypes,
   strided and reversed views, a list of lists).
2. `FOV_RESTRICTIVE` differs from tcod only in the two ways the `restrictive`
   module of the Rust crate documents: libtcod rounds equal angles apart in
   f64, and skips an obstacle in the two octants around the x axis. A Python
   model of libtcod's scan (`RestrictiveModel`, below) gives tcod's result
   bit for bit with f64 angles and the skip, and ours with exact fractions
   and no skip, on every map; every differing tile is put down to one of the
   two switches.
   libtcod needs care on some maps: its permissive scan overflows a buffer
   on dense maps and sees nothing down a one-tile-wide map, its restrictive
   scan overflows a buffer and reads past the map's edge; those calls go to
   tcod with the map in rings of walls, cut off the result (see
   `permissive_is_safe` and `restrictive_rings`).
3. `FOV_SYMMETRIC_SHADOWCAST`: ours is symmetric between floor tiles on every
   map; libtcod's is not on some. The same scan in Python gives tcod's
   fields in float32 and ours in exact fractions: the arithmetic is the
   whole difference. With no shape given, the binding also follows
   libtcod's radius cut (a strict circle) and its dark pov on a wall with
   light_walls off; tests at the end pin those and tcod's argument types.

Run with `-s` to see the counts; the module prints a summary at the end.
Everything is seeded: two runs compare the same maps.
"""

from __future__ import annotations

import functools
import math
import operator
from fractions import Fraction
from typing import Any, Callable, Dict, List, Tuple

import numpy as np
import pytest

tcod_map = pytest.importorskip("tcod.map")
tcod_constants = pytest.importorskip("tcod.constants")

import sightlines  # noqa: E402

Pov = Tuple[int, int]

# What the tests found, printed at the end of the module (see `_summary`).
SUMMARY: Dict[str, str] = {}


@pytest.fixture(scope="module", autouse=True)
def _summary():
    yield
    if SUMMARY:
        print("\n\nsightlines vs tcod " + _tcod_version() + ":")
        for key, line in SUMMARY.items():
            print(f"  {key}: {line}")


def _tcod_version() -> str:
    import tcod

    return tcod.__version__


# ---------------------------------------------------------------- random maps


def cave(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A cellular-automaton cave, as a transparency array (True = floor)."""
    walls = rng.random((h, w)) < rng.uniform(0.4, 0.5)
    for _ in range(int(rng.integers(2, 6))):
        p = np.pad(walls, 1, constant_values=True)  # outside counts as wall
        around = sum(p[1 + di : 1 + di + h, 1 + dj : 1 + dj + w] for di in (-1, 0, 1) for dj in (-1, 0, 1))
        walls = np.asarray(around >= 5)
    return ~walls


def random_map(rng: np.random.Generator, max_side: int = 40) -> np.ndarray:
    """A random transparency array: 1x1 to `max_side` a side, non-square,
    often tiny or one tile wide; open, walls at a random density up to 60%,
    or a cave."""
    if rng.random() < 0.2:
        h, w = (int(s) for s in rng.integers(1, 7, size=2))
    else:
        h, w = (int(s) for s in rng.integers(1, max_side + 1, size=2))
    kind = rng.random()
    if kind < 0.1:
        return np.ones((h, w), dtype=bool)
    if kind < 0.3:
        return cave(rng, h, w)
    return rng.random((h, w)) >= rng.uniform(0.0, 0.6)


def random_pov(rng: np.random.Generator, t: np.ndarray) -> Pov:
    """A floor tile three times in four, else any tile (a wall, maybe)."""
    floors = np.argwhere(t)
    if len(floors) and rng.random() < 0.75:
        i, j = floors[rng.integers(len(floors))]
    else:
        i, j = rng.integers(t.shape[0]), rng.integers(t.shape[1])
    return int(i), int(j)


RADII = [0, 0, 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 25, 60]


def random_case(rng: np.random.Generator) -> Tuple[np.ndarray, Pov, int, bool]:
    """A random map, pov, radius and light_walls."""
    t = random_map(rng)
    pov = random_pov(rng, t)
    radius = int(rng.choice(RADII))
    light_walls = bool(rng.random() < 0.6)
    return t, pov, radius, light_walls


def _strided(t: np.ndarray) -> np.ndarray:
    base = np.zeros((2 * t.shape[0] + 1, 3 * t.shape[1] + 2), dtype=np.uint8)
    base[1::2, 2::3] = t
    return base[1::2, 2::3]


def _reversed(t: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(t[::-1, ::-1])[::-1, ::-1]


# The forms a transparency array is passed in, to both libraries; each must
# give the answer of the plain boolean array.
FORMS: List[Tuple[str, Callable[[np.ndarray], object]]] = [
    ("bool", lambda t: t),
    ("bool Fortran", np.asfortranarray),
    ("uint8", lambda t: t.astype(np.uint8)),
    ("int32 0/7", lambda t: t.astype(np.int32) * 7),
    ("int64", lambda t: t.astype(np.int64)),
    ("float64 0/0.5", lambda t: t * 0.5),
    ("float32 Fortran", lambda t: np.asfortranarray(t, dtype=np.float32)),
    ("uint8 strided view", _strided),
    ("bool reversed view", _reversed),
    ("list of lists", lambda t: t.tolist()),
]


def test_forms_are_what_they_say():
    t = np.random.default_rng(1).random((5, 7)) < 0.5
    for name, form in FORMS:
        a = form(t)
        assert np.array_equal(np.asarray(a) != 0, t), name
    assert not _strided(t).flags.c_contiguous and not _strided(t).flags.f_contiguous
    assert _reversed(t).strides[0] < 0 and _reversed(t).strides[1] < 0
    assert np.asfortranarray(t).flags.f_contiguous and not np.asfortranarray(t).flags.c_contiguous


# ------------------------------------------------------- libtcod's buffers


def pad(t: np.ndarray, pov: Pov, p: int) -> Tuple[np.ndarray, Pov]:
    """`t` inside `p` rings of walls, and `pov` on the bigger map."""
    h, w = t.shape
    big = np.zeros((h + 2 * p, w + 2 * p), dtype=bool)
    big[p : p + h, p : p + w] = t
    return big, (pov[0] + p, pov[1] + p)


def permissive_is_safe(t: np.ndarray, pov: Pov, radius: int) -> bool:
    """Whether libtcod's FOV_PERMISSIVE_n computes this map correctly.

    Two ways it does not (libtcod 1.x's `fov_permissive2.c`):

    - Each quadrant keeps its bumps in a buffer of `width * height` entries,
      and every opaque tile it visits may add two (a view split), so a
      quadrant holding more than half the map's tiles as walls can write
      past the buffer: heap corruption (glibc's "double free or corruption"
      aborted the interpreter on these random maps before this check; with
      it, no abort even under MALLOC_CHECK_=3). We allow the call only
      when twice the walls of the fullest quadrant (the pov's row and column
      included, the pov not: it is never visited) fit in the buffer.
    - On a map one tile wide or high, a quadrant's extent is 0 across and
      its starting view is degenerate: libtcod sees nothing but the pov down
      a one-tile corridor.

    Elsewhere the call is safe, and `test_permissive` checks that it equals
    the call on the map in rings of walls, so the rings change nothing.
    """
    h, w = t.shape
    if min(h, w) < 2:
        return False
    walls = ~t
    i, j = pov
    i0, i1, j0, j1 = 0, h - 1, 0, w - 1
    if radius > 0:  # libtcod scans the square of the radius
        i0, i1, j0, j1 = max(0, i - radius), min(h - 1, i + radius), max(0, j - radius), min(w - 1, j + radius)
    quadrants = [walls[i0 : i + 1, j0 : j + 1], walls[i0 : i + 1, j : j1 + 1], walls[i : i1 + 1, j0 : j + 1], walls[i : i1 + 1, j : j1 + 1]]
    fullest = max(int(q.sum()) for q in quadrants) - int(walls[i, j])
    return 2 * fullest <= h * w


def tcod_permissive(t: np.ndarray, pov: Pov, radius: int, light_walls: bool, algorithm: int) -> Tuple[np.ndarray, int]:
    """tcod's FOV_PERMISSIVE_n on `t`, in as many rings of walls as make the
    call safe (0 when it is safe as it is), and how many rings that took.
    Walls outside the map are what both libraries assume there; the rings
    are cut off the result."""
    p = 0
    while True:
        big, big_pov = pad(t, pov, p)
        if permissive_is_safe(big, big_pov, radius):
            break
        p += 1
    h, w = t.shape
    fov = tcod_map.compute_fov(big, big_pov, radius=radius, light_walls=light_walls, algorithm=algorithm)
    return fov[p : p + h, p : p + w], p


def restrictive_rings(h: int, w: int) -> int:
    """Rings of walls for libtcod's FOV_RESTRICTIVE, as in
    tools/golden/libtcod_restrictive.py: its obstacle buffer holds a seventh
    of the map's tiles and overflows on small dense maps, and it reads one
    tile past the scanned area (across the map's edge, into the previous or
    next row, or before the array). Enough rings make the buffer larger than
    any octant's obstacles (the scan stops at the first ring of walls) and
    give those reads walls."""
    p = 1
    while (w + 2 * p) * (h + 2 * p) < 8 * (w + 2) * (h + 2) + 64:
        p += 1
    return p


def tcod_restrictive(t: np.ndarray, pov: Pov, radius: int, light_walls: bool) -> np.ndarray:
    h, w = t.shape
    p = restrictive_rings(h, w)
    big, big_pov = pad(t, pov, p)
    fov = tcod_map.compute_fov(big, big_pov, radius=radius, light_walls=light_walls, algorithm=tcod_constants.FOV_RESTRICTIVE)
    return fov[p : p + h, p : p + w]


# ------------------------------------------------------------- constants

ALGORITHMS = {
    "FOV_BASIC": "basic-raycast",
    "FOV_DIAMOND": "diamond-raycast",
    "FOV_SHADOW": "recursive-shadowcast",
    **{f"FOV_PERMISSIVE_{n}": f"permissive-{n}" for n in range(8)},
    "FOV_PERMISSIVE_8": "precise-permissive",
    "FOV_RESTRICTIVE": "restrictive",
    "FOV_SYMMETRIC_SHADOWCAST": "symmetric-shadowcast",
}


def test_constants_are_tcods():
    assert len(ALGORITHMS) == 14
    for name, id in ALGORITHMS.items():
        value = getattr(sightlines, name)
        assert value == getattr(tcod_constants, name), name
        assert sightlines.properties(value)["id"] == id
        assert sightlines.properties(id)["id"] == id
    assert sightlines.DEFAULT_ALGORITHM == "restrictive"  # tcod's default


# ------------------------------------------------------- 1. equal to tcod

EQUAL = ["FOV_BASIC", "FOV_DIAMOND", "FOV_SHADOW"] + [f"FOV_PERMISSIVE_{n}" for n in range(9)]
MAPS = 500


@pytest.mark.parametrize("name", EQUAL)
def test_equals_tcod(name: str):
    algorithm = getattr(tcod_constants, name)
    permissive = name.startswith("FOV_PERMISSIVE")
    rng = np.random.default_rng(20261126 + algorithm)
    padded = checked_unpadded = 0
    forms: Dict[str, int] = {}
    for n in range(MAPS):
        t, pov, radius, light_walls = random_case(rng)
        form_name, form = FORMS[n % len(FORMS)]
        transparency: Any = form(t)
        forms[form_name] = forms.get(form_name, 0) + 1
        args: Dict[str, Any] = dict(radius=radius, light_walls=light_walls)
        if permissive:
            expected, rings = tcod_permissive(t, pov, radius, light_walls, algorithm)
            if rings:
                padded += 1
            else:
                # Safe as it is: the same call, and the rings are neutral.
                assert np.array_equal(tcod_map.compute_fov(transparency, pov, algorithm=algorithm, **args), expected)
                big, big_pov = pad(t, pov, 1)
                in_ring = tcod_map.compute_fov(big, big_pov, algorithm=algorithm, **args)[1:-1, 1:-1]
                assert np.array_equal(in_ring, expected), (n, t.shape, pov, radius)
                checked_unpadded += 1
        else:
            # No buffer sized by the map, no read off it: tcod as it is.
            expected = tcod_map.compute_fov(t, pov, algorithm=algorithm, **args)
            assert np.array_equal(tcod_map.compute_fov(transparency, pov, algorithm=algorithm, **args), expected)
        # Ours with tcod's constant, or now and then with our id; the pov
        # now and then as NumPy integers (np.argwhere's).
        ours_algorithm = ALGORITHMS[name] if n % 5 == 4 else algorithm
        ours_pov: Any = (np.int64(pov[0]), np.intp(pov[1])) if n % 3 == 2 else pov
        ours = sightlines.compute_fov(transparency, ours_pov, algorithm=ours_algorithm, **args)
        assert ours.dtype == np.bool_ and ours.shape == t.shape and ours.flags.c_contiguous
        if not np.array_equal(ours, expected):
            pytest.fail(
                f"{name}, map {n} ({form_name}): compute_fov(t, {pov}, radius={radius}, light_walls={light_walls}) "
                f"differs from tcod at {np.argwhere(ours != expected).tolist()}\n" + render(t, pov, ours, expected)
            )
    assert len(forms) == len(FORMS)
    note = f"{MAPS} maps equal"
    if permissive:
        note += f" ({padded} in rings of walls for libtcod's sake, {checked_unpadded} checked unpadded too)"
    SUMMARY[name] = note
    print(f"\n{name}: {note}")


def render(t: np.ndarray, pov: Pov, ours: np.ndarray, theirs: np.ndarray) -> str:
    """The map: '#' wall, '.' floor, '@' the pov; '+' seen by ours only,
    '-' by tcod only (capitals: walls)."""
    rows = []
    for i in range(t.shape[0]):
        row = ""
        for j in range(t.shape[1]):
            if (i, j) == pov:
                c = "@"
            elif ours[i, j] and not theirs[i, j]:
                c = "+" if t[i, j] else "P"
            elif theirs[i, j] and not ours[i, j]:
                c = "-" if t[i, j] else "M"
            else:
                c = "." if t[i, j] else "#"
            row += c
        rows.append(row)
    return "\n".join(rows)


# ------------------------------------------------ 2. FOV_RESTRICTIVE's model


@functools.lru_cache(maxsize=None)
def cell_angles(line: int, k: int):
    """The start, centre and end angles of cell `k` of line `line`, each as
    (libtcod's f64, the exact fraction). libtcod computes `1 / line`, halves
    it, multiplies by `k`, and subtracts and adds the half."""
    per_cell = 1.0 / line
    half = per_cell * 0.5
    centre = k * per_cell
    return (
        (centre - half, Fraction(2 * k - 1, 2 * line)),
        (centre, Fraction(k, line)),
        (centre + half, Fraction(2 * k + 1, 2 * line)),
    )


ZERO = (0.0, Fraction(0))


class RestrictiveModel:
    """libtcod's FOV_RESTRICTIVE scan (MRPAS, `fov_restrictive.c`), after
    the model in crates/sightlines/tests/suite/restrictive.rs.

    The map sits in one ring of walls (libtcod reads the marks other octants
    left, and one tile past the scanned area); quadrants in libtcod's order,
    each its row octant, then its column octant. Every angle is carried both
    as libtcod's f64 and as an exact `Fraction`, and every comparison is
    made both ways: `f64` picks which decides. Where they disagree the two
    fractions must be equal (asserted: f64 never misorders distinct angles),
    and the tie is recorded in `ties`. `skip` turns on libtcod's second
    index increment after each obstacle a cell overlaps in the column
    octants (those around the x axis); each time that steps over an obstacle
    that overlaps a visible cell, the tile goes in `skips`.

    f64 and the skip: libtcod. Exact and no skip: sightlines' `restrictive`.
    """

    def __init__(self, t: np.ndarray, pov: Pov, radius: int, light_walls: bool, f64: bool, skip: bool):
        h, w = t.shape
        self.W, self.H = w + 2, h + 2
        self.transparent = pad(t, pov, 1)[0].ravel().tolist()
        self.fov = [False] * (self.W * self.H)
        self.f64, self.skip, self.light_walls = f64, skip, light_walls
        self.ties: List[Tuple[Pov, str]] = []
        self.skips: List[Pov] = []
        px, py = pov[1] + 1, pov[0] + 1
        self.fov[py * self.W + px] = True
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            self.octant(px, py, radius, dx, dy, columns=False)
            self.octant(px, py, radius, dx, dy, columns=True)
        self.seen = np.array(self.fov, dtype=bool).reshape(self.H, self.W)[1:-1, 1:-1]

    def tile(self, c: int) -> Pov:
        """The flat index `c` as `(i, j)` on the map without the ring."""
        return c // self.W - 1, c % self.W - 1

    def decide(self, c: int, a, b, op, what: str) -> bool:
        by_float, by_exact = op(a[0], b[0]), op(a[1], b[1])
        if by_float != by_exact:
            assert a[1] == b[1], f"f64 misorders distinct angles {a} and {b}"
            self.ties.append((self.tile(c), what))
        return by_float if self.f64 else by_exact

    def pick(self, a, b, smaller: bool):
        """libtcod's MIN(a, b) or MAX(a, b), b on a tie."""
        v = 0 if self.f64 else 1
        if smaller:
            return a if a[v] < b[v] else b
        return a if a[v] > b[v] else b

    def octant(self, px: int, py: int, radius: int, dx: int, dy: int, columns: bool) -> None:
        W = self.W
        transparent, fov = self.transparent, self.fov
        # Lines are rows moving by dy (or columns moving by dx); cells move by
        # dx (or dy) away from the axis. `back` is the cell one line back;
        # the other neighbour, one line back and one cell toward the axis, is
        # `c - W * dy - dx` in both.
        if columns:
            line_step, line_len, cell_len, lp, cp, cell_sign, line_sign, stride = dx, W, self.H, px, py, dy, dx, W
        else:
            line_step, line_len, cell_len, lp, cp, cell_sign, line_sign, stride = W * dy, self.H, W, py, px, dx, dy, 1
        obstacles: list = []
        in_last_line = 0
        min_angle = ZERO
        line = 1
        at = lp + line_sign
        done = not 0 <= at < line_len
        while not done:
            base = at if columns else at * W
            # The line starts at the cell whose angles reach past the minimum
            # angle: (int)((min_angle + half) / per_cell) in libtcod.
            per_cell = 1.0 / line
            half = per_cell * 0.5
            by_float = int((min_angle[0] + half) / per_cell)
            exact = min_angle[1] * line + Fraction(1, 2)
            by_exact = math.floor(exact)
            first = by_exact
            if by_float != by_exact:
                assert exact.denominator == 1, "f64 misplaces a line's start"
                # The cell between the two starts ends exactly at the minimum angle.
                tile = self.tile(base + (cp + min(by_float, by_exact) * cell_sign) * stride)
                self.ties.append((tile, "a cell ends at the minimum angle"))
                if self.f64:
                    first = by_float
            low, high = max(cp - line, 0), min(cp + line, cell_len - 1)
            done = True
            k = first
            pos = cp + k * cell_sign
            while low <= pos <= high:
                c = base + pos * stride
                start, centre, end = cell_angles(line, k)
                visible = True
                extended = False
                if in_last_line > 0:
                    back, back_in = c - line_step, c - W * dy - dx
                    if not (fov[back] and transparent[back]) and not (fov[back_in] and transparent[back_in]):
                        visible = False
                    else:
                        idx = 0
                        while idx < in_last_line and visible:
                            o_start, o_end = obstacles[idx]
                            if self.decide(c, start, o_end, operator.le, "a cell's start meets an obstacle's end") and self.decide(
                                c, end, o_start, operator.ge, "a cell's end meets an obstacle's start"
                            ):
                                if transparent[c]:
                                    if self.decide(c, centre, o_start, operator.gt, "a floor's centre is an obstacle's start") and self.decide(
                                        c, centre, o_end, operator.lt, "a floor's centre is an obstacle's end"
                                    ):
                                        visible = False
                                elif self.decide(c, start, o_start, operator.ge, "a wall's start is an obstacle's start") and self.decide(
                                    c, end, o_end, operator.le, "a wall's end is an obstacle's end"
                                ):
                                    visible = False
                                else:
                                    obstacles[idx] = (self.pick(o_start, start, True), self.pick(o_end, end, False))
                                    extended = True
                                if columns and self.skip:
                                    idx += 1  # libtcod's second increment
                                    if visible and idx < in_last_line:
                                        s, e = obstacles[idx]
                                        if start[1] <= e[1] and end[1] >= s[1]:
                                            self.skips.append(self.tile(c))
                            idx += 1
                if visible:
                    done = False
                    fov[c] = True
                    if not transparent[c]:
                        if self.decide(c, min_angle, start, operator.ge, "a wall's start is the minimum angle"):
                            min_angle = end
                            if k == line:
                                done = True
                        elif not extended:
                            obstacles.append((start, end))
                        if not self.light_walls:
                            fov[c] = False  # only ever read with `transparent`
                k += 1
                pos += cell_sign
            if line == radius:
                done = True
            line += 1
            in_last_line = len(obstacles)
            at += line_sign
            if not 0 <= at < line_len:
                done = True


def restrictive_model_cases():
    # The two cases pinned in tests/suite/restrictive.rs ((x, y) there, (i, j) here).
    skip = [".....#..", "#...#.#.", "#......#", ".....#.#", "........", "##..#..."]
    tie = ["#......", ".....#.", ".#....."]
    as_array = lambda rows: np.array([[c != "#" for c in r] for r in rows])  # noqa: E731
    return as_array(skip), as_array(tie)


def test_restrictive_model_on_the_pinned_cases():
    skip, tie = restrictive_model_cases()
    # libtcod skips the wall (3, 5)'s obstacle and sees (4, 7); we do not.
    lib = RestrictiveModel(skip, (0, 1), 0, True, f64=True, skip=True)
    assert lib.seen[4, 7] and (4, 7) in lib.skips
    assert np.array_equal(lib.seen, tcod_restrictive(skip, (0, 1), 0, True))
    ours = sightlines.compute_fov(skip, (0, 1), algorithm="restrictive")
    assert np.array_equal(RestrictiveModel(skip, (0, 1), 0, True, f64=False, skip=False).seen, ours)
    assert np.argwhere(ours != lib.seen).tolist() == [[4, 7]]
    # Transposed, the cells lie around the y axis, where libtcod has no skip.
    assert np.array_equal(tcod_restrictive(skip.T, (1, 0), 0, True), ours.T)
    # (0, 5) ends exactly at the minimum angle 1/2; (1/2 + 1/10) / (1/5) is
    # 2.9999999999999996 in f64, so libtcod starts its column a cell early.
    lib = RestrictiveModel(tie, (2, 0), 0, True, f64=True, skip=True)
    assert ((0, 5), "a cell ends at the minimum angle") in lib.ties
    assert np.array_equal(lib.seen, tcod_restrictive(tie, (2, 0), 0, True))
    ours = sightlines.compute_fov(tie, (2, 0), algorithm="restrictive")
    assert np.argwhere(ours != lib.seen).tolist() == [[0, 5]]


RESTRICTIVE_MAPS = 1000


def test_restrictive_differs_from_tcod_only_by_ties_and_the_skip():
    rng = np.random.default_rng(20261127)
    differing_maps = 0
    tiles = {"an f64 tie": 0, "the skip": 0, "ties and the skip together": 0}
    maps_with = {"ties": 0, "the skip": 0}
    for n in range(RESTRICTIVE_MAPS):
        t, pov, radius, light_walls = random_case(rng)
        form_name, form = FORMS[n % len(FORMS)]
        where = f"map {n} ({form_name}, shape {t.shape}): pov {pov}, radius {radius}, light_walls {light_walls}"
        theirs = tcod_restrictive(t, pov, radius, light_walls)
        ours = sightlines.compute_fov(form(t), pov, radius=radius, light_walls=light_walls, algorithm=tcod_constants.FOV_RESTRICTIVE)
        libtcod = RestrictiveModel(t, pov, radius, light_walls, f64=True, skip=True)
        exact = RestrictiveModel(t, pov, radius, light_walls, f64=False, skip=False)
        assert np.array_equal(libtcod.seen, theirs), f"{where}: the model, f64 and skip, is not tcod\n" + render(t, pov, libtcod.seen, theirs)
        assert np.array_equal(exact.seen, ours), f"{where}: the model, exact, is not ours\n" + render(t, pov, exact.seen, ours)
        if np.array_equal(ours, theirs):
            continue
        differing_maps += 1
        # Each switch alone. A run records every decision f64 made otherwise
        # than exact arithmetic (a tie) and every obstacle the skip stepped
        # over; a run without any is the exact run, decision for decision.
        ties_only = RestrictiveModel(t, pov, radius, light_walls, f64=True, skip=False)
        skip_only = RestrictiveModel(t, pov, radius, light_walls, f64=False, skip=True)
        assert ties_only.ties or np.array_equal(ties_only.seen, ours), where
        assert skip_only.skips or np.array_equal(skip_only.seen, ours), where
        causes = set()
        for i, j in np.argwhere(ours != theirs):
            if ties_only.seen[i, j] == theirs[i, j]:
                cause = "an f64 tie"
            elif skip_only.seen[i, j] == theirs[i, j]:
                cause = "the skip"
            else:
                # Only both switches together (the libtcod model) give tcod's verdict.
                cause = "ties and the skip together"
            tiles[cause] += 1
            causes.add("ties" if cause == "an f64 tie" else "the skip" if cause == "the skip" else "both")
        assert libtcod.ties or libtcod.skips, where
        for kind in ("ties", "the skip"):
            if kind in causes or "both" in causes:
                maps_with[kind] += 1
    total = sum(tiles.values())
    note = (
        f"{RESTRICTIVE_MAPS} maps, the libtcod model (f64 + skip) = tcod and the exact model (no skip) = ours on all; "
        f"{differing_maps} maps differ from tcod ({maps_with['ties']} by f64 ties, {maps_with['the skip']} by the skip), "
        f"{total} tiles, all explained: " + ", ".join(f"{v} by {k}" for k, v in tiles.items())
    )
    SUMMARY["FOV_RESTRICTIVE"] = note
    print(f"\nFOV_RESTRICTIVE: {note}")
    # The differences are a few tiles on some maps, not another algorithm.
    assert differing_maps < RESTRICTIVE_MAPS // 4
    assert tiles["an f64 tie"] > 0 and tiles["the skip"] > 0


# -------------------------------------------- 3. FOV_SYMMETRIC_SHADOWCAST


def asymmetric_pairs(t: np.ndarray, fov: Callable[[Pov], np.ndarray]) -> int:
    """Pairs of floor tiles (a, b) where b is in fov(a) but a not in fov(b)."""
    floors = np.argwhere(t)
    sees = np.zeros((len(floors), len(floors)), dtype=bool)
    for k, (i, j) in enumerate(floors):
        sees[k] = fov((int(i), int(j)))[floors[:, 0], floors[:, 1]]
    return int((sees & ~sees.T).sum())


SYMMETRY_MAPS = 400


def test_symmetric_shadowcast_is_symmetric_where_tcods_is_not():
    """libtcod computes the scan in float32: a row's slopes, the products
    `depth * slope` that bound its columns and test a floor's centre, and
    its rounding of halves (`roundf(n * (1 +- FLT_EPSILON))`, which rounds
    a half away from zero, so on the negative side of a quadrant a tie goes
    the wrong way and one more tile is scanned). A floor whose centre lies
    on a slope's edge falls either side, and on some maps a sees b while b
    does not see a. Ours is exact, and symmetric on every map.

    The radius: libtcod clears `dx^2 + dy^2 >= r^2` after the scan (a
    strict circle), ours cuts `<= r^2` (see
    test_symmetric_shadowcast_radius_cuts_as_libtcod); both cuts are
    symmetric, so radii are tested too."""
    rng = np.random.default_rng(20261128)
    algorithm = tcod_constants.FOV_SYMMETRIC_SHADOWCAST
    tcod_maps = tcod_pairs = ours_maps = floors = fields0 = equal0 = 0
    for n in range(SYMMETRY_MAPS):
        h, w = (int(s) for s in rng.integers(2, 49, size=2))
        t = cave(rng, h, w) if rng.random() < 0.3 else rng.random((h, w)) >= rng.uniform(0.0, 0.5)
        radius = int(rng.choice([0, 0, 0, 5, 9, 14]))
        form = FORMS[n % len(FORMS)][1](t)
        theirs = asymmetric_pairs(t, lambda p: tcod_map.compute_fov(t, p, radius=radius, algorithm=algorithm))
        ours_fields: Dict[Pov, np.ndarray] = {}

        def ours(p: Pov) -> np.ndarray:
            ours_fields[p] = sightlines.compute_fov(form, p, radius=radius, algorithm=algorithm)
            return ours_fields[p]

        mine = asymmetric_pairs(t, ours)
        tcod_maps += theirs > 0
        tcod_pairs += theirs
        floors += len(ours_fields)
        if radius == 0:
            fields0 += len(ours_fields)
            equal0 += sum(np.array_equal(f, tcod_map.compute_fov(t, p, algorithm=algorithm)) for p, f in ours_fields.items())
        assert mine == 0, f"map {n}: ours is not symmetric ({mine} pairs)"
        ours_maps += mine > 0
    note = (
        f"{SYMMETRY_MAPS} maps ({floors} fields from every floor): tcod breaks symmetry on {tcod_maps} "
        f"({tcod_pairs} one-way pairs), ours on {ours_maps}; at radius 0 ours = tcod on {equal0} of {fields0} fields"
    )
    SUMMARY["FOV_SYMMETRIC_SHADOWCAST"] = note
    print(f"\nFOV_SYMMETRIC_SHADOWCAST: {note}")
    assert tcod_maps > 0  # the contrast the README claims


QUADRANTS = ((1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0), (-1, 0, 0, -1))


def roundf(x: np.float32) -> int:
    """C's roundf: halves away from zero (a float32 is exact in a double)."""
    return int(math.copysign(math.floor(abs(float(x)) + 0.5), float(x)))


class Float32:
    """libtcod's arithmetic in `fov_symmetric_shadowcast.c`: float32 slopes
    and products, and halves rounded by `roundf(n * (1 +- FLT_EPSILON))`."""

    ONE = np.float32(1)
    UP = np.float32(1) + np.finfo(np.float32).eps
    DOWN = np.float32(1) - np.finfo(np.float32).eps

    @staticmethod
    def slope(depth: int, column: int):
        return (np.float32(2) * np.float32(column) - np.float32(1)) / (np.float32(2) * np.float32(depth))

    @staticmethod
    def first(depth: int, low) -> int:
        return roundf(np.float32(depth) * low * Float32.UP)

    @staticmethod
    def last(depth: int, high) -> int:
        return roundf(np.float32(depth) * high * Float32.DOWN)

    @staticmethod
    def centre_inside(depth: int, column: int, low, high) -> bool:
        return bool(np.float32(column) >= np.float32(depth) * low and np.float32(column) <= np.float32(depth) * high)


class Exact:
    """The same scan in exact fractions, halves rounded as Albert Ford's
    algorithm says: the first column rounds ties up, the last down."""

    ONE = Fraction(1)

    @staticmethod
    def slope(depth: int, column: int):
        return Fraction(2 * column - 1, 2 * depth)

    @staticmethod
    def first(depth: int, low) -> int:
        return math.floor(depth * low + Fraction(1, 2))

    @staticmethod
    def last(depth: int, high) -> int:
        return math.ceil(depth * high - Fraction(1, 2))

    @staticmethod
    def centre_inside(depth: int, column: int, low, high) -> bool:
        return depth * low <= column <= depth * high


def symmetric_shadowcast_model(t: np.ndarray, pov: Pov, radius: int, light_walls: bool, arithmetic, strict_cut: bool) -> np.ndarray:
    """libtcod's FOV_SYMMETRIC_SHADOWCAST scan (Albert Ford's symmetric
    shadowcasting, as `fov_symmetric_shadowcast.c` codes it: rows of four
    quadrants, depth first), in `arithmetic`, with libtcod's cut of walls
    and radius after the scan: `strict_cut` keeps di²+dj² < r² (libtcod),
    else <= r² (ours)."""
    h, w = t.shape
    fov = np.zeros((h, w), dtype=bool)
    pi, pj = pov
    fov[pi, pj] = True
    a = arithmetic

    def scan(quadrant: int, depth: int, low, high) -> None:
        xx, xy, yx, yy = QUADRANTS[quadrant]
        while 0 <= pj + depth * xx < w and 0 <= pi + depth * yx < h:
            first = a.first(depth, low)
            prev_wall = False
            for column in range(first, a.last(depth, high) + 1):
                i, j = pi + depth * yx + column * yy, pj + depth * xx + column * xy
                if not (0 <= i < h and 0 <= j < w):
                    continue
                wall = not t[i, j]
                if wall or a.centre_inside(depth, column, low, high):
                    fov[i, j] = True
                if prev_wall and not wall:
                    low = a.slope(depth, column)
                if column != first and not prev_wall and wall:
                    scan(quadrant, depth + 1, low, a.slope(depth, column))
                prev_wall = wall
            if prev_wall:
                return
            depth += 1  # libtcod's tail call, with the row's narrowed low slope

    for quadrant in range(4):
        scan(quadrant, 1, -a.ONE, a.ONE)
    if not light_walls:
        fov &= t
    if radius > 0:
        i, j = np.indices((h, w))
        d2 = (i - pi) ** 2 + (j - pj) ** 2
        fov &= d2 < radius * radius if strict_cut else d2 <= radius * radius
    return fov


SYMMETRIC_MODEL_MAPS = 400


def test_symmetric_shadowcast_differs_from_tcod_only_by_float32():
    """Where ours and tcod differ, it is libtcod's arithmetic: the same scan
    in float32 gives tcod's field bit for bit, in exact fractions ours.
    Floor povs only (a pov on a wall without light_walls is pinned below);
    both cut the radius as libtcod does, a strict circle."""
    rng = np.random.default_rng(20261129)
    algorithm = tcod_constants.FOV_SYMMETRIC_SHADOWCAST
    fields = differing = tiles = 0
    for n in range(SYMMETRIC_MODEL_MAPS):
        h, w = (int(s) for s in rng.integers(1, 41, size=2))
        t = cave(rng, h, w) if rng.random() < 0.3 else rng.random((h, w)) >= rng.uniform(0.0, 0.6)
        floors = np.argwhere(t)
        if not len(floors):
            continue
        for k in rng.integers(len(floors), size=3):
            pov = (int(floors[k][0]), int(floors[k][1]))
            radius = int(rng.choice(RADII))
            light_walls = bool(rng.random() < 0.6)
            theirs = tcod_map.compute_fov(t, pov, radius=radius, light_walls=light_walls, algorithm=algorithm)
            ours = sightlines.compute_fov(FORMS[n % len(FORMS)][1](t), pov, radius=radius, light_walls=light_walls, algorithm=algorithm)
            where = f"map {n} {t.shape}: pov {pov}, radius {radius}, light_walls {light_walls}"
            libtcod = symmetric_shadowcast_model(t, pov, radius, light_walls, Float32, strict_cut=True)
            exact = symmetric_shadowcast_model(t, pov, radius, light_walls, Exact, strict_cut=True)
            assert np.array_equal(libtcod, theirs), f"{where}: the float32 model is not tcod\n" + render(t, pov, libtcod, theirs)
            assert np.array_equal(exact, ours), f"{where}: the exact model is not ours\n" + render(t, pov, exact, ours)
            fields += 1
            # Differences that are not just the radius cut.
            cut = symmetric_shadowcast_model(t, pov, radius, light_walls, Exact, strict_cut=True)
            if not np.array_equal(cut, theirs):
                differing += 1
                tiles += int((cut != theirs).sum())
    note = (
        f"{fields} fields, the float32 model = tcod and the exact model = ours on all; "
        f"{differing} fields ({tiles} tiles) differ by the arithmetic alone"
    )
    SUMMARY["FOV_SYMMETRIC_SHADOWCAST model"] = note
    print(f"\nFOV_SYMMETRIC_SHADOWCAST model: {note}")
    assert differing > 0


# python-tcod's conventions that differ from the library's, which the
# binding follows when no shape is given.


def test_symmetric_shadowcast_radius_cuts_as_libtcod():
    t = np.ones((9, 9), dtype=bool)
    algorithm = tcod_constants.FOV_SYMMETRIC_SHADOWCAST
    theirs = tcod_map.compute_fov(t, (4, 4), radius=3, algorithm=algorithm)
    assert not theirs[4, 7] and int(theirs.sum()) == 25  # di²+dj² < 9
    ours = sightlines.compute_fov(t, (4, 4), radius=3, algorithm=algorithm)
    assert np.array_equal(ours, theirs)
    # An explicit circle keeps the edge: di²+dj² <= r², 29 tiles.
    assert int(sightlines.compute_fov(t, (4, 4), radius=3, algorithm=algorithm, shape="circle").sum()) == 29


def test_symmetric_shadowcast_hides_a_pov_on_a_wall_without_light_walls():
    t = np.ones((5, 5), dtype=bool)
    t[2, 2] = False
    algorithm = tcod_constants.FOV_SYMMETRIC_SHADOWCAST
    theirs = tcod_map.compute_fov(t, (2, 2), light_walls=False, algorithm=algorithm)
    assert not theirs[2, 2]
    ours = sightlines.compute_fov(t, (2, 2), light_walls=False, algorithm=algorithm)
    assert np.array_equal(ours, theirs)


def test_pov_as_a_list_or_an_array():
    t = np.ones((4, 5), dtype=bool)
    for pov in ([1, 2], np.array([1, 2])):
        theirs = tcod_map.compute_fov(t, pov, radius=2)
        assert np.array_equal(sightlines.compute_fov(t, pov, radius=2), theirs)


def test_light_walls_is_read_as_a_truth_value():
    t = np.ones((4, 5), dtype=bool)
    t[1, 3] = False
    for flag in (0, 1, np.bool_(True), np.bool_(False)):
        theirs = tcod_map.compute_fov(t, (1, 1), light_walls=flag)
        assert np.array_equal(sightlines.compute_fov(t, (1, 1), light_walls=flag), theirs)
