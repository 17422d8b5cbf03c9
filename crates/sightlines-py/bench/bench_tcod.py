"""python-tcod's compute_fov against sightlines', in one Python process.

Both are called the way a game calls them: a NumPy transparency array in, a
new boolean array out, conversions included. The workloads are the
repository's benchmark maps (crates/sightlines-bench/maps): the cave and
rooms maps, 256x256, from their 1000 viewpoints, at radius 16 and 32. Each
figure is the median, over rounds, of the mean time per call over all
viewpoints; tcod's and ours alternate within each round so that the
machine's noise falls on both.

    python crates/sightlines-py/bench/bench_tcod.py            # the tables of BENCHMARKS.md
    python crates/sightlines-py/bench/bench_tcod.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import time
from typing import Callable

import numpy as np
import numpy.typing as npt
import tcod
import tcod.constants

import sightlines

MAPS = pathlib.Path(__file__).resolve().parents[2] / "sightlines-bench" / "maps"

# (label, tcod constant): sightlines takes the same constant.
ALGORITHMS = [
    ("FOV_SHADOW = recursive-shadowcast", tcod.constants.FOV_SHADOW),
    ("FOV_PERMISSIVE_8 = precise-permissive", tcod.constants.FOV_PERMISSIVE_8),
    ("FOV_PERMISSIVE_4 = permissive-4", tcod.constants.FOV_PERMISSIVE_4),
    ("FOV_RESTRICTIVE = restrictive", tcod.constants.FOV_RESTRICTIVE),
    ("FOV_BASIC = basic-raycast", tcod.constants.FOV_BASIC),
    ("FOV_DIAMOND = diamond-raycast", tcod.constants.FOV_DIAMOND),
    ("FOV_SYMMETRIC_SHADOWCAST = symmetric-shadowcast", tcod.constants.FOV_SYMMETRIC_SHADOWCAST),
]


def load(name: str) -> tuple[npt.NDArray[np.bool_], list[tuple[int, int]]]:
    rows = (MAPS / f"{name}.txt").read_text().split()
    transparency = np.array([[c != "#" for c in row] for row in rows], dtype=bool)
    povs = []
    for line in (MAPS / f"{name}.viewpoints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            x, y = map(int, line.split())
            povs.append((y, x))
    return transparency, povs


def per_call(run: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) / calls


def compare(rounds: int, viewpoints: int) -> list[str]:
    lines = [
        "| case | algorithm | tcod µs/call | sightlines µs/call | ratio | sightlines `Fov` with `out=` µs/call | ratio |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, radius in [("cave", 16), ("cave", 32), ("rooms", 16)]:
        transparency, povs = load(name)
        povs = povs[:viewpoints]
        for label, constant in ALGORITHMS:
            fov = sightlines.Fov(constant)
            out = np.zeros_like(transparency)

            def with_tcod() -> None:
                for pov in povs:
                    tcod.map.compute_fov(transparency, pov, radius, True, constant)

            def with_ours() -> None:
                for pov in povs:
                    sightlines.compute_fov(transparency, pov, radius, True, constant)

            def with_fov() -> None:
                for pov in povs:
                    fov.compute(transparency, pov, radius, out=out)

            samples: dict[str, list[float]] = {"tcod": [], "ours": [], "fov": []}
            for _ in range(rounds):
                samples["tcod"].append(per_call(with_tcod, len(povs)))
                samples["ours"].append(per_call(with_ours, len(povs)))
                samples["fov"].append(per_call(with_fov, len(povs)))
            t, o, f = (statistics.median(samples[k]) * 1e6 for k in ("tcod", "ours", "fov"))
            lines.append(
                f"| {name}-r{radius} | {label} | {t:.2f} | {o:.2f} | {t / o:.1f}x | {f:.2f} | {t / f:.1f}x |"
            )
    return lines


def batch(rounds: int, viewers: int) -> list[str]:
    """The batch against two Python loops over tcod: one that keeps every
    field in an `(n, height, width)` array, the batch's own result, and one
    that throws each field away (tcod's compute alone). A fresh result that
    large costs its page faults whoever fills it: about 3 ms here, most of
    the batch's time."""
    transparency, povs = load("cave")
    povs = povs[:viewers]
    lines = [
        f"| {len(povs)} viewers on the cave, radius 16 | tcod loop into an (n, h, w) array, µs | "
        "tcod loop, fields dropped, µs | `compute_fov_batch` µs | ratio to the first | to the second "
        "| `compute_fov_batch(window=True)` µs | ratio to the first | to the second |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    h, w = transparency.shape
    for label, constant in [ALGORITHMS[0], ALGORITHMS[3], ALGORITHMS[6]]:
        stack = np.asarray(povs)

        def with_tcod_kept() -> None:
            fields = np.empty((len(povs), h, w), dtype=bool)
            for k, pov in enumerate(povs):
                fields[k] = tcod.map.compute_fov(transparency, pov, 16, True, constant)

        def with_tcod_dropped() -> None:
            for pov in povs:
                tcod.map.compute_fov(transparency, pov, 16, True, constant)

        def with_ours() -> None:
            sightlines.compute_fov_batch(transparency, stack, 16, True, constant)

        def with_windows() -> None:
            sightlines.compute_fov_batch(transparency, stack, 16, True, constant, window=True)

        samples: dict[str, list[float]] = {"kept": [], "dropped": [], "ours": [], "windows": []}
        for _ in range(rounds):
            samples["kept"].append(per_call(with_tcod_kept, 1))
            samples["dropped"].append(per_call(with_tcod_dropped, 1))
            samples["ours"].append(per_call(with_ours, 1))
            samples["windows"].append(per_call(with_windows, 1))
        kept, dropped, o, wo = (statistics.median(samples[k]) * 1e6 for k in ("kept", "dropped", "ours", "windows"))
        lines.append(
            f"| {label} | {kept:.0f} | {dropped:.0f} | {o:.0f} | {kept / o:.1f}x | {dropped / o:.1f}x "
            f"| {wo:.0f} | {kept / wo:.1f}x | {dropped / wo:.1f}x |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one round on 20 viewpoints: checks the script runs")
    args = parser.parse_args()
    rounds, viewpoints = (1, 20) if args.quick else (7, 1000)
    print(f"python-tcod {tcod.__version__}, NumPy {np.__version__}, {os.cpu_count()} cores")
    print()
    print("\n".join(compare(rounds, viewpoints)))
    print()
    print("\n".join(batch(rounds, viewpoints)))


if __name__ == "__main__":
    main()
