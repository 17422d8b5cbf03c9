"""Every part of the package once, typed: `mypy --strict` checks the stubs
against real use, and the tests run it.

    python examples/tour.py
"""

from __future__ import annotations

import pickle

import numpy as np
import numpy.typing as npt

import sightlines


def main() -> None:
    transparency: npt.NDArray[np.bool_] = np.ones((16, 24), dtype=bool)
    transparency[4:12, 12] = False

    # python-tcod's call, with its constants or our ids.
    shadow = sightlines.compute_fov(transparency, (8, 4), radius=10, algorithm=sightlines.FOV_SHADOW)
    exact = sightlines.compute_fov(transparency, (8, 4), 10, True, "symmetric-shadowcast", "circle-plus")
    print("tiles seen:", int(shadow.sum()), int(exact.sum()))
    for algorithm in sightlines.ALGORITHMS:
        props = sightlines.properties(algorithm)
        print(f"{algorithm:22} symmetric: {props['symmetric']}")

    # A reusable Fov and one question.
    fov = sightlines.Fov("precise-permissive", light_walls=True)
    out = np.zeros_like(transparency)
    fov.compute(transparency, (8, 4), radius=8, shape="diamond", out=out)
    seen: bool = fov.can_see(transparency, (8, 4), (8, 20))
    assert seen == sightlines.can_see(transparency, (8, 4), (8, 20), algorithm="precise-permissive")

    # A cone and lines.
    ahead = sightlines.Cone.from_degrees(0.0, 60.0)
    cone_field = fov.compute(transparency, (8, 4), radius=8, cone=ahead)
    assert not (cone_field & ~fov.compute(transparency, (8, 4), radius=8)).any()
    line: npt.NDArray[np.int32] = sightlines.bresenham((0, 0), (5, 9))
    cover = sightlines.supercover((0, 0), (5, 9))
    print("line", len(line), "supercover", len(cover))

    # Memory, viewers, light.
    memory = sightlines.Memory(transparency.shape)
    memory.remember(exact)
    knowledge: npt.NDArray[np.int8] = memory.knowledge(shadow)
    print("remembered:", int((knowledge == sightlines.REMEMBERED).sum()))
    saved: bytes = pickle.dumps(memory)
    assert len(pickle.loads(saved)) == len(memory)

    guards = [sightlines.Viewer((2, j), radius=6, algorithm="symmetric-shadowcast") for j in range(0, 24, 6)]
    sightlines.update_viewers(transparency, guards)
    transparency[3, 7] = False
    print("dirty after a change:", sightlines.tile_changed(guards, (3, 7)))
    for guard in guards:
        guard.update(transparency)
    print("guards who see (8, 4):", [g.pov for g in guards if g.sees((8, 4))])
    newly_seen, newly_hidden = guards[1].changes()
    print("the second guard newly sees", int(newly_seen.sum()), "tiles, lost", int(newly_hidden.sum()))

    lights = sightlines.LightMap(transparency.shape)
    lights.add(transparency, (8, 16), radius=6, intensity=255, falloff="quadratic")
    levels: npt.NDArray[np.uint32] = lights.levels
    print("brightest:", int(levels.max()))

    fields = sightlines.compute_fov_batch(transparency, [(1, 1), (14, 22)], radius=5)
    print("batch:", fields.shape)


if __name__ == "__main__":
    main()
