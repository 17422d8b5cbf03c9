"""Types of the extension module; see the docstrings of each for examples."""

from typing import Any, Final, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

#: A map: any 2D array-like whose nonzero values let sight pass.
ArrayLike2D = npt.ArrayLike
#: A position `(i, j)`: row, then column.
Position = Tuple[int, int]
#: An algorithm id from `ALGORITHMS`, or one of python-tcod's `FOV_*` constants.
AlgorithmArg = Union[str, int, None]
#: How a radius cuts: `None` cuts as libtcod does for the algorithm.
ShapeArg = Optional[Literal["square", "diamond", "circle", "circle-plus"]]
#: `"block"` seals corners where two walls meet diagonally (the diagonal rule).
DiagonalGapsArg = Literal["pass", "block"]
Falloff = Literal["constant", "linear", "quadratic"]
BoolArray = npt.NDArray[np.bool_]

ALGORITHMS: Final[Tuple[str, ...]]
DEFAULT_ALGORITHM: Final[str]
FOV_BASIC: Final[int]
FOV_DIAMOND: Final[int]
FOV_SHADOW: Final[int]
FOV_PERMISSIVE_0: Final[int]
FOV_PERMISSIVE_1: Final[int]
FOV_PERMISSIVE_2: Final[int]
FOV_PERMISSIVE_3: Final[int]
FOV_PERMISSIVE_4: Final[int]
FOV_PERMISSIVE_5: Final[int]
FOV_PERMISSIVE_6: Final[int]
FOV_PERMISSIVE_7: Final[int]
FOV_PERMISSIVE_8: Final[int]
FOV_RESTRICTIVE: Final[int]
FOV_SYMMETRIC_SHADOWCAST: Final[int]

def compute_fov(
    transparency: ArrayLike2D,
    pov: Position,
    radius: Optional[int] = 0,
    light_walls: bool = True,
    algorithm: AlgorithmArg = None,
    shape: ShapeArg = None,
    diagonal_gaps: DiagonalGapsArg = "pass",
) -> BoolArray: ...
def compute_fov_batch(
    transparency: ArrayLike2D,
    povs: Union[Sequence[Position], npt.NDArray[np.integer[Any]]],
    radius: Optional[int] = 0,
    light_walls: bool = True,
    algorithm: AlgorithmArg = None,
    shape: ShapeArg = None,
    window: bool = False,
    diagonal_gaps: DiagonalGapsArg = "pass",
) -> BoolArray: ...
def can_see(
    transparency: ArrayLike2D,
    a: Position,
    b: Position,
    radius: Optional[int] = 0,
    light_walls: bool = True,
    algorithm: AlgorithmArg = None,
    shape: ShapeArg = None,
    diagonal_gaps: DiagonalGapsArg = "pass",
) -> bool: ...
def bresenham(start: Position, end: Position) -> npt.NDArray[np.int32]: ...
def supercover(start: Position, end: Position) -> npt.NDArray[np.int32]: ...
def properties(algorithm: AlgorithmArg = None) -> dict[str, Union[str, bool]]: ...

class Fov:
    algorithm: str
    light_walls: bool
    diagonal_gaps: DiagonalGapsArg
    def __init__(
        self,
        algorithm: AlgorithmArg = None,
        light_walls: bool = True,
        diagonal_gaps: DiagonalGapsArg = "pass",
    ) -> None: ...
    def compute(
        self,
        transparency: ArrayLike2D,
        pov: Position,
        radius: Optional[int] = 0,
        shape: ShapeArg = None,
        cone: Optional[Cone] = None,
        out: Optional[BoolArray] = None,
    ) -> BoolArray: ...
    def can_see(
        self,
        transparency: ArrayLike2D,
        a: Position,
        b: Position,
        radius: Optional[int] = 0,
        shape: ShapeArg = None,
    ) -> bool: ...

class Cone:
    def __init__(self, start: Position, end: Position) -> None: ...
    @staticmethod
    def from_degrees(direction: float, width: float) -> Cone: ...
    @staticmethod
    def quarter(direction: Position) -> Cone: ...
    @staticmethod
    def half(direction: Position) -> Cone: ...
    @staticmethod
    def full() -> Cone: ...
    def contains(self, di: int, dj: int) -> bool: ...

class Memory:
    def __init__(self, shape: Tuple[int, int]) -> None: ...
    @property
    def shape(self) -> Tuple[int, int]: ...
    @property
    def explored(self) -> BoolArray: ...
    def remember(self, visible: Union[ArrayLike2D, Viewer]) -> int: ...
    def is_seen(self, tile: Position) -> bool: ...
    def knowledge(self, visible: ArrayLike2D) -> npt.NDArray[np.int8]: ...
    def clear(self) -> None: ...
    def __len__(self) -> int: ...

class Viewer:
    pov: Position
    def __init__(
        self,
        pov: Position,
        radius: Optional[int] = 0,
        shape: ShapeArg = None,
        algorithm: AlgorithmArg = None,
        light_walls: bool = True,
    ) -> None: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def dirty(self) -> bool: ...
    @property
    def visible(self) -> BoolArray: ...
    def mark_dirty(self) -> None: ...
    def update(self, transparency: ArrayLike2D) -> bool: ...
    def changes(self) -> Tuple[BoolArray, BoolArray]: ...
    def sees(self, tile: Position) -> bool: ...
    def covers(self, tile: Position) -> bool: ...

def update_viewers(transparency: ArrayLike2D, viewers: Sequence[Viewer]) -> int: ...
def tile_changed(viewers: Sequence[Viewer], tile: Position) -> int: ...

class LightMap:
    def __init__(self, shape: Tuple[int, int]) -> None: ...
    @property
    def levels(self) -> npt.NDArray[np.uint32]: ...
    def add(
        self,
        transparency: ArrayLike2D,
        position: Position,
        radius: int,
        intensity: int,
        falloff: Falloff = "linear",
        algorithm: AlgorithmArg = None,
    ) -> None: ...
    def clear(self) -> None: ...
