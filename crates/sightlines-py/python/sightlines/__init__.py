"""Exact field of view for grid games, on NumPy arrays.

A drop-in for python-tcod's ``tcod.map.compute_fov`` with every algorithm of
the sightlines catalogue, each in exact integer arithmetic, plus the game
layer: fog-of-war memory, viewers that recompute only when dirty, cones,
light maps and a parallel batch. Conventions are python-tcod's: a
``transparency[i, j]`` array (nonzero lets sight pass), positions ``(i, j)``,
radius 0 for the whole map, and boolean arrays of the map's shape back.

>>> import numpy as np, sightlines
>>> transparency = np.ones((5, 7), dtype=bool)
>>> transparency[2, 3] = False
>>> visible = sightlines.compute_fov(transparency, (2, 0), algorithm="symmetric-shadowcast")
>>> bool(visible[2, 3]), bool(visible[2, 5])
(True, False)
"""

from ._sightlines import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    FOV_BASIC,
    FOV_DIAMOND,
    FOV_PERMISSIVE_0,
    FOV_PERMISSIVE_1,
    FOV_PERMISSIVE_2,
    FOV_PERMISSIVE_3,
    FOV_PERMISSIVE_4,
    FOV_PERMISSIVE_5,
    FOV_PERMISSIVE_6,
    FOV_PERMISSIVE_7,
    FOV_PERMISSIVE_8,
    FOV_RESTRICTIVE,
    FOV_SHADOW,
    FOV_SYMMETRIC_SHADOWCAST,
    Cone,
    Fov,
    LightMap,
    Memory,
    Viewer,
    bresenham,
    can_see,
    compute_fov,
    compute_fov_batch,
    properties,
    supercover,
    tile_changed,
    update_viewers,
)

#: ``Memory.knowledge``'s values.
UNKNOWN = 0
REMEMBERED = 1
VISIBLE = 2

__all__ = [
    "ALGORITHMS",
    "DEFAULT_ALGORITHM",
    "FOV_BASIC",
    "FOV_DIAMOND",
    "FOV_PERMISSIVE_0",
    "FOV_PERMISSIVE_1",
    "FOV_PERMISSIVE_2",
    "FOV_PERMISSIVE_3",
    "FOV_PERMISSIVE_4",
    "FOV_PERMISSIVE_5",
    "FOV_PERMISSIVE_6",
    "FOV_PERMISSIVE_7",
    "FOV_PERMISSIVE_8",
    "FOV_RESTRICTIVE",
    "FOV_SHADOW",
    "FOV_SYMMETRIC_SHADOWCAST",
    "REMEMBERED",
    "UNKNOWN",
    "VISIBLE",
    "Cone",
    "Fov",
    "LightMap",
    "Memory",
    "Viewer",
    "bresenham",
    "can_see",
    "compute_fov",
    "compute_fov_batch",
    "properties",
    "supercover",
    "tile_changed",
    "update_viewers",
]
