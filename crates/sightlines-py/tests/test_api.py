"""The package's promises: errors, layouts, symmetry, the game layer, pickling."""

import pickle
import tracemalloc

import numpy as np
import pytest

import sightlines

rng = np.random.default_rng(20261126)


def random_map(h, w, walls):
    return rng.random((h, w)) >= walls


def floor_tiles(t):
    return [tuple(int(v) for v in p) for p in np.argwhere(t)]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "transparency",
    [np.ones(5, dtype=bool), np.ones((2, 3, 4), dtype=bool), np.bool_(True)],
)
def test_an_array_that_is_not_2d_is_a_value_error(transparency):
    with pytest.raises(ValueError, match="2D"):
        sightlines.compute_fov(transparency, (0, 0))


@pytest.mark.parametrize("pov", [(5, 0), (0, 7), (-1, 0), (0, -1), (2**40, 0)])
def test_a_pov_off_the_map_is_a_value_error(pov):
    with pytest.raises(ValueError, match="pov"):
        sightlines.compute_fov(np.ones((5, 7), dtype=bool), pov)


@pytest.mark.parametrize("pov", [(1,), (1, 2, 3), "ab", None, (1.5, 2)])
def test_a_pov_that_is_not_a_pair_of_integers_is_a_value_error(pov):
    with pytest.raises(ValueError, match="pov"):
        sightlines.compute_fov(np.ones((5, 7), dtype=bool), pov)


def test_a_negative_radius_is_a_value_error():
    with pytest.raises(ValueError, match="radius"):
        sightlines.compute_fov(np.ones((5, 7), dtype=bool), (0, 0), radius=-1)
    with pytest.raises(ValueError, match="radius"):
        sightlines.compute_fov(np.ones((5, 7), dtype=bool), (0, 0), radius=-(10**40))


@pytest.mark.parametrize("radius", [2.5, "3", True])
def test_a_radius_that_is_not_an_integer_is_a_type_error(radius):
    with pytest.raises(TypeError, match="radius"):
        sightlines.compute_fov(np.ones((5, 7), dtype=bool), (0, 0), radius=radius)


def test_a_huge_radius_is_the_whole_map():
    t = random_map(20, 30, 0.3)
    whole = sightlines.compute_fov(t, (10, 10), radius=0, shape="circle")
    for radius in [10**6, 2**32 + 5, 10**40]:
        assert np.array_equal(sightlines.compute_fov(t, (10, 10), radius=radius, shape="circle"), whole)


@pytest.mark.parametrize("algorithm", ["fast", "permissive-9", "", 14, -1, 99])
def test_an_unknown_algorithm_is_a_value_error(algorithm):
    with pytest.raises(ValueError) as err:
        sightlines.compute_fov(np.ones((3, 3), dtype=bool), (0, 0), algorithm=algorithm)
    assert str(algorithm) in str(err.value) or "constant" in str(err.value)


@pytest.mark.parametrize("algorithm", [1.0, [1], True])
def test_an_algorithm_of_the_wrong_type_is_a_type_error(algorithm):
    with pytest.raises(TypeError, match="algorithm"):
        sightlines.compute_fov(np.ones((3, 3), dtype=bool), (0, 0), algorithm=algorithm)


def test_an_unknown_shape_is_a_value_error():
    with pytest.raises(ValueError, match="octagon"):
        sightlines.compute_fov(np.ones((3, 3), dtype=bool), (0, 0), radius=2, shape="octagon")


@pytest.mark.parametrize(
    "transparency",
    [np.array([["a", "b"], ["c", "d"]]), [[1, 2], [3]], [[object(), None]], "not a map"],
)
def test_values_that_do_not_convert_to_booleans_are_an_error(transparency):
    with pytest.raises((TypeError, ValueError), match="transparency"):
        sightlines.compute_fov(transparency, (0, 0))


def test_an_empty_map_has_no_place_to_stand():
    with pytest.raises(ValueError, match="off the map"):
        sightlines.compute_fov(np.ones((0, 0), dtype=bool), (0, 0))
    assert sightlines.compute_fov_batch(np.ones((0, 4), dtype=bool), np.zeros((0, 2), dtype=int)).shape == (0, 0, 4)


def test_out_must_match_the_map():
    fov = sightlines.Fov()
    t = np.ones((4, 5), dtype=bool)
    with pytest.raises(ValueError, match="shape"):
        fov.compute(t, (0, 0), out=np.zeros((5, 4), dtype=bool))
    with pytest.raises(ValueError, match="C-contiguous"):
        fov.compute(t, (0, 0), out=np.zeros((4, 5), dtype=bool, order="F"))
    with pytest.raises(TypeError):
        fov.compute(t, (0, 0), out=np.zeros((4, 5), dtype=np.uint8))
    frozen = np.zeros((4, 5), dtype=bool)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        fov.compute(t, (0, 0), out=frozen)


def test_bad_batch_positions_name_the_one_at_fault():
    t = np.ones((4, 4), dtype=bool)
    with pytest.raises(ValueError, match=r"povs\[1\]"):
        sightlines.compute_fov_batch(t, [(0, 0), (4, 0)])
    with pytest.raises(ValueError, match=r"\(n, 2\)"):
        sightlines.compute_fov_batch(t, [(0, 0, 0)])
    with pytest.raises(ValueError, match="povs"):
        sightlines.compute_fov_batch(t, [["a", "b"]])


def test_light_and_memory_errors():
    with pytest.raises(ValueError, match="falloff"):
        sightlines.LightMap((3, 3)).add(np.ones((3, 3)), (1, 1), 2, 10, falloff="cubic")
    with pytest.raises(ValueError, match="shape"):
        sightlines.LightMap((3, 3)).add(np.ones((3, 4)), (1, 1), 2, 10)
    with pytest.raises(OverflowError):
        sightlines.LightMap((3, 3)).add(np.ones((3, 3)), (1, 1), 2, 70000)
    with pytest.raises(ValueError, match="shape"):
        sightlines.Memory((3, 3)).remember(np.ones((4, 4), dtype=bool))
    with pytest.raises(ValueError, match="too large"):
        sightlines.Memory((2**40, 2**40))
    with pytest.raises(ValueError, match=r"\(0, 0\)"):
        sightlines.Cone.quarter((0, 0))
    with pytest.raises(ValueError, match="finite"):
        sightlines.Cone.from_degrees(float("nan"), 90)
    with pytest.raises(ValueError, match="too long"):
        sightlines.bresenham((0, 0), (2**31 - 1, 0))


# ------------------------------------------------ layouts and dtypes


def test_every_layout_and_dtype_gives_the_same_field():
    for _ in range(50):
        h, w = rng.integers(1, 30, size=2)
        t = random_map(h, w, 0.35)
        pov = (int(rng.integers(h)), int(rng.integers(w)))
        expected = sightlines.compute_fov(t, pov, algorithm="symmetric-shadowcast")
        wide = np.zeros((h, 2 * w + 1), dtype=bool)
        wide[:, 1::2] = t
        forms = [
            np.asfortranarray(t),
            t.astype(np.uint8) * 7,
            t.astype(np.int64) - 2 * (~t),  # -2 is transparent too: nonzero
            np.where(t, 0.5, 0.0),
            t.astype(np.float32),
            t.tolist(),
            wide[:, 1::2],  # a strided view
            t.T.copy().T,
        ]
        forms[2] = np.where(t, -3, 0)
        for form in forms:
            got = sightlines.compute_fov(form, pov, algorithm="symmetric-shadowcast")
            assert got.flags.c_contiguous and got.dtype == np.bool_
            assert np.array_equal(got, expected)


def test_a_transposed_map_gives_the_transposed_field_for_the_symmetric_algorithms():
    for algorithm in ["precise-permissive", "symmetric-shadowcast", "recursive-shadowcast", "beveled"]:
        for _ in range(30):
            t = random_map(17, 23, 0.3)
            pov = (8, 11)
            a = sightlines.compute_fov(t, pov, radius=7, algorithm=algorithm, shape="circle")
            b = sightlines.compute_fov(t.T, pov[::-1], radius=7, algorithm=algorithm, shape="circle")
            assert np.array_equal(a, b.T), algorithm


# ------------------------------------------------------------ symmetry


@pytest.mark.parametrize("algorithm", ["precise-permissive", "symmetric-shadowcast", "diamond-shadowcast"])
def test_symmetric_algorithms_are_symmetric(algorithm):
    kind = sightlines.properties(algorithm)["symmetric"]
    assert kind in ("yes", "floors")
    pairs = 0
    for _ in range(60):
        h, w = rng.integers(2, 16, size=2)
        t = random_map(h, w, 0.3)
        tiles = [(i, j) for i in range(h) for j in range(w)] if kind == "yes" else floor_tiles(t)
        tiles = [p for p in tiles if kind == "yes" or t[p]]
        if not tiles:
            continue
        fields = sightlines.compute_fov_batch(t, tiles, algorithm=algorithm)
        index = {p: k for k, p in enumerate(tiles)}
        for a in tiles:
            for b in tiles:
                assert fields[index[a]][b] == fields[index[b]][a], (algorithm, a, b)
                pairs += 1
    assert pairs > 10_000


def test_the_asymmetric_algorithms_say_so():
    for algorithm in ["recursive-shadowcast", "restrictive", "basic-raycast"]:
        assert sightlines.properties(algorithm)["symmetric"] == "no"


# ------------------------------------------------------- one question


@pytest.mark.parametrize("algorithm", list(sightlines.ALGORITHMS))
def test_can_see_equals_the_field(algorithm):
    fov = sightlines.Fov(algorithm)
    for _ in range(12):
        h, w = rng.integers(1, 14, size=2)
        t = random_map(h, w, 0.35)
        a = (int(rng.integers(h)), int(rng.integers(w)))
        for radius, shape in [(0, None), (4, None), (5, "circle-plus"), (3, "diamond")]:
            field = fov.compute(t, a, radius=radius, shape=shape)
            for i in range(-1, h + 1):
                for j in range(-1, w + 1):
                    inside = 0 <= i < h and 0 <= j < w
                    expected = bool(field[i, j]) if inside else False
                    assert fov.can_see(t, a, (i, j), radius=radius, shape=shape) == expected


# ------------------------------------------------------ batch and reuse


@pytest.mark.parametrize("algorithm", ["restrictive", "symmetric-shadowcast", "basic-raycast", sightlines.FOV_PERMISSIVE_3])
def test_the_batch_equals_single_calls(algorithm):
    t = random_map(40, 50, 0.3)
    povs = np.argwhere(t)[:200]
    for radius, light_walls in [(0, True), (9, False), (6, True)]:
        batch = sightlines.compute_fov_batch(t, povs, radius=radius, light_walls=light_walls, algorithm=algorithm)
        assert batch.shape == (len(povs), 40, 50)
        for k, pov in enumerate(povs):
            single = sightlines.compute_fov(t, tuple(pov), radius=radius, light_walls=light_walls, algorithm=algorithm)
            assert np.array_equal(batch[k], single)


@pytest.mark.parametrize("algorithm", ["restrictive", "symmetric-shadowcast", "basic-raycast", "diamond-raycast", "beveled"])
def test_the_windowed_batch_is_the_batch_cut_around_each_viewer(algorithm):
    for radius, shape in [(1, None), (6, None), (9, "diamond"), (30, "circle")]:
        t = random_map(int(rng.integers(1, 40)), int(rng.integers(1, 40)), 0.3)
        h, w = t.shape
        povs = [(int(rng.integers(h)), int(rng.integers(w))) for _ in range(40)]
        whole = sightlines.compute_fov_batch(t, povs, radius=radius, algorithm=algorithm, shape=shape)
        windows = sightlines.compute_fov_batch(t, povs, radius=radius, algorithm=algorithm, shape=shape, window=True)
        side = 2 * radius + 1
        assert windows.shape == (len(povs), side, side)
        padded = np.zeros((len(povs), h + 2 * side, w + 2 * side), dtype=bool)
        padded[:, side : side + h, side : side + w] = whole
        for k, (i, j) in enumerate(povs):
            top, left = side + i - radius, side + j - radius
            assert np.array_equal(windows[k], padded[k, top : top + side, left : left + side]), (algorithm, radius, k)
        assert windows.sum() == whole.sum()


def test_a_window_needs_a_radius():
    t = np.ones((4, 4), dtype=bool)
    with pytest.raises(ValueError, match="radius"):
        sightlines.compute_fov_batch(t, [(0, 0)], window=True)
    with pytest.raises(ValueError, match="window"):
        sightlines.compute_fov_batch(t, [(0, 0)], radius=10**6, window=True)


def test_out_is_reused_without_new_arrays():
    t = random_map(64, 64, 0.3)
    fov = sightlines.Fov("symmetric-shadowcast")
    out = np.zeros_like(t)
    povs = [tuple(int(v) for v in p) for p in np.argwhere(t)[:50]]
    for pov in povs:  # warm-up
        fov.compute(t, pov, radius=10, out=out)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for pov in povs:
        assert fov.compute(t, pov, radius=10, out=out) is out
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename") if s.size_diff > 0)
    assert grown < 4096, grown  # no per-call arrays (NumPy reports its buffers to tracemalloc)
    assert np.array_equal(out, sightlines.compute_fov(t, povs[-1], radius=10, algorithm="symmetric-shadowcast"))


def test_fov_settings():
    fov = sightlines.Fov(sightlines.FOV_SHADOW, light_walls=False)
    assert fov.algorithm == "recursive-shadowcast" and not fov.light_walls
    fov.algorithm = "beveled"
    fov.light_walls = True
    assert repr(fov) == 'Fov("beveled", light_walls=True)'
    assert sightlines.Fov().algorithm == sightlines.DEFAULT_ALGORITHM == "restrictive"
    t = np.array([[1, 0, 1]], dtype=bool)
    assert sightlines.compute_fov(t, (0, 0), light_walls=False).tolist() == [[True, False, False]]
    assert sightlines.compute_fov(t, (0, 0), light_walls=True).tolist() == [[True, True, False]]


# ------------------------------------------------------------------ lines


def test_bresenham_equals_tcod():
    tcod_los = pytest.importorskip("tcod.los")
    for _ in range(500):
        a = tuple(int(v) for v in rng.integers(-20, 20, size=2))
        b = tuple(int(v) for v in rng.integers(-20, 20, size=2))
        ours = sightlines.bresenham(a, b)
        assert ours.dtype == np.int32 and ours.shape[1] == 2
        assert np.array_equal(ours, tcod_los.bresenham(a, b)), (a, b)


def test_supercover_touches_every_tile_the_segment_does():
    for _ in range(300):
        a = tuple(int(v) for v in rng.integers(-9, 9, size=2))
        b = tuple(int(v) for v in rng.integers(-9, 9, size=2))
        cover = {tuple(p) for p in sightlines.supercover(a, b).tolist()}
        assert tuple(sightlines.supercover(a, b)[0]) == a and tuple(sightlines.supercover(a, b)[-1]) == b
        # Every tile whose closed square the centre-to-centre segment meets.
        for t in np.linspace(0.0, 1.0, 801):
            pi = a[0] + (b[0] - a[0]) * t
            pj = a[1] + (b[1] - a[1]) * t
            assert (int(np.floor(pi + 0.5)), int(np.floor(pj + 0.5))) in cover or any(
                abs(pi - ci) == 0.5 or abs(pj - cj) == 0.5 for ci, cj in cover
            )
        assert {tuple(p) for p in sightlines.bresenham(a, b).tolist()} <= cover


# ------------------------------------------------------------- the game layer


def test_memory_remembers_and_pickles():
    t = random_map(30, 40, 0.3)
    memory = sightlines.Memory(t.shape)
    explored = np.zeros_like(t)
    for pov in floor_tiles(t)[:20]:
        visible = sightlines.compute_fov(t, pov, radius=6, algorithm="symmetric-shadowcast")
        new = int((visible & ~explored).sum())
        assert memory.remember(visible) == new
        explored |= visible
        knowledge = memory.knowledge(visible)
        assert knowledge.dtype == np.int8
        assert np.array_equal(knowledge == sightlines.VISIBLE, visible)
        assert np.array_equal(knowledge == sightlines.REMEMBERED, explored & ~visible)
        assert np.array_equal(knowledge == sightlines.UNKNOWN, ~explored)
    assert np.array_equal(memory.explored, explored)
    assert len(memory) == explored.sum()
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        restored = pickle.loads(pickle.dumps(memory, protocol=protocol))
        assert restored.shape == memory.shape and np.array_equal(restored.explored, explored)
    i, j = np.argwhere(explored)[0]
    assert memory.is_seen((int(i), int(j)))
    memory.clear()
    assert len(memory) == 0 and not memory.explored.any()


def test_a_corrupt_memory_state_is_an_error():
    memory = sightlines.Memory((4, 4))
    with pytest.raises(ValueError, match="corrupt"):
        memory.__setstate__(((4, 4), b"\x00"))


def test_memory_remembers_a_viewer():
    t = random_map(20, 20, 0.2)
    pov = floor_tiles(t)[0]
    viewer = sightlines.Viewer(pov, radius=5, algorithm="precise-permissive")
    viewer.update(t)
    memory = sightlines.Memory(t.shape)
    assert memory.remember(viewer) == viewer.visible.sum()
    assert np.array_equal(memory.explored, viewer.visible)


def test_viewers_recompute_only_when_dirty():
    t = random_map(24, 24, 0.25)
    tiles = floor_tiles(t)
    viewers = [sightlines.Viewer(p, radius=5, shape="circle", algorithm="symmetric-shadowcast") for p in tiles[:30]]
    assert all(v.dirty for v in viewers)
    assert sightlines.update_viewers(t, viewers) == 30
    assert sightlines.update_viewers(t, viewers) == 0
    for v in viewers:
        expected = sightlines.compute_fov(t, v.pov, radius=5, shape="circle", algorithm="symmetric-shadowcast")
        assert np.array_equal(v.visible, expected)
    i, j = tiles[40]
    t[i, j] = False
    marked = sightlines.tile_changed(viewers, (i, j))
    assert marked == sum(v.covers((i, j)) for v in viewers) == sum(v.dirty for v in viewers)
    assert sightlines.update_viewers(t, viewers) == marked
    for v in viewers:
        assert np.array_equal(v.visible, sightlines.compute_fov(t, v.pov, radius=5, shape="circle", algorithm="symmetric-shadowcast"))
    v = viewers[0]
    v.pov = v.pov
    assert not v.dirty
    v.pov = tiles[31]
    assert v.dirty and v.update(t) and not v.update(t)
    v.mark_dirty()
    assert v.update(t)
    assert v.pov == tiles[31]
    with pytest.raises(ValueError, match="pov"):
        sightlines.Viewer((100, 100)).update(t)
    with pytest.raises(RuntimeError, match="twice"):
        sightlines.update_viewers(t, [v, v])


def test_cones_cut_the_field():
    t = random_map(31, 31, 0.2)
    t[15, 15] = True
    fov = sightlines.Fov("precise-permissive")
    whole = fov.compute(t, (15, 15), radius=12)
    assert np.array_equal(fov.compute(t, (15, 15), radius=12, cone=sightlines.Cone.full()), whole)
    for cone in [sightlines.Cone.quarter((0, 1)), sightlines.Cone.half((-1, 0)), sightlines.Cone.from_degrees(45, 30),
                 sightlines.Cone((1, 1), (1, -1))]:
        part = fov.compute(t, (15, 15), radius=12, cone=cone)
        assert not (part & ~whole).any()
        for i, j in np.argwhere(whole):
            assert part[i, j] == (cone.contains(int(i) - 15, int(j) - 15) and whole[i, j])
    east = sightlines.Cone.quarter((0, 1))
    assert east.contains(0, 3) and east.contains(3, 3) and not east.contains(4, 3) and not east.contains(0, -1)
    south = sightlines.Cone.from_degrees(90, 10)
    assert south.contains(5, 0) and not south.contains(0, 5)


def test_light_maps_add_up():
    t = np.ones((9, 9), dtype=bool)
    t[4, 6] = False
    lights = sightlines.LightMap(t.shape)
    lights.add(t, (4, 4), radius=4, intensity=80, falloff="constant")
    lights.add(t, (4, 4), radius=4, intensity=80, falloff="linear", algorithm="symmetric-shadowcast")
    levels = lights.levels
    assert levels.dtype == np.uint32
    assert levels[4, 4] == 160 and levels[4, 7] == 0  # behind the pillar
    assert levels[0, 4] == 80 + 0  # at the radius: constant 80, linear 0
    lights.clear()
    assert not lights.levels.any()


def test_a_viewer_reports_what_changed():
    t = random_map(30, 30, 0.3)
    tiles = floor_tiles(t)
    viewer = sightlines.Viewer(tiles[0], radius=7, shape="circle", algorithm="precise-permissive")
    before = np.zeros_like(t)
    for pov in tiles[:25]:
        viewer.pov = pov
        recomputed = viewer.update(t)
        seen, hidden = viewer.changes()
        now = viewer.visible
        if recomputed:
            assert np.array_equal(seen, now & ~before) and np.array_equal(hidden, before & ~now)
        else:
            assert not seen.any() and not hidden.any()
        before = now
    assert not viewer.update(t)
    seen, hidden = viewer.changes()
    assert not seen.any() and not hidden.any()


STAIRCASE = np.array(
    [[c != "#" for c in row] for row in ["...#", "..#.", ".#..", "#..."]]
)


@pytest.mark.parametrize(
    "algorithm", ["recursive-shadowcast", "symmetric-shadowcast", "raycast", "basic-raycast"]
)
def test_the_diagonal_rule_seals_a_staircase_wall(algorithm):
    # A wall of tiles touching only at corners: sight passes without the rule.
    kw = dict(algorithm=algorithm, shape="square")
    assert sightlines.compute_fov(STAIRCASE, (0, 0), **kw)[3, 3]
    sealed = sightlines.compute_fov(STAIRCASE, (0, 0), diagonal_gaps="block", **kw)
    assert not sealed[3, 3] and not sealed[2, 3] and not sealed[3, 2]
    assert not sightlines.can_see(STAIRCASE, (0, 0), (3, 3), diagonal_gaps="block", **kw)
    fov = sightlines.Fov(algorithm, diagonal_gaps="block")
    assert fov.diagonal_gaps == "block"
    np.testing.assert_array_equal(fov.compute(STAIRCASE, (0, 0), shape="square"), sealed)
    fov.diagonal_gaps = "pass"
    assert fov.compute(STAIRCASE, (0, 0), shape="square")[3, 3]
    batch = sightlines.compute_fov_batch(
        STAIRCASE, [(0, 0), (3, 3)], diagonal_gaps="block", **kw
    )
    np.testing.assert_array_equal(batch[0], sealed)
    assert not batch[1][0, 0]


def test_diagonal_rule_errors_say_what_to_do():
    with pytest.raises(ValueError, match="'pass'.*'block'"):
        sightlines.compute_fov(STAIRCASE, (0, 0), diagonal_gaps="seal")
    with pytest.raises(ValueError, match="does not support"):
        sightlines.compute_fov(
            STAIRCASE, (0, 0), algorithm="restrictive", diagonal_gaps="block"
        )
    fov = sightlines.Fov()
    with pytest.raises(ValueError):
        fov.diagonal_gaps = "open"
    assert fov.diagonal_gaps == "pass"
