"""The examples run, and type-check under `mypy --strict` against the stubs."""

import importlib.util
import pathlib
import runpy
import subprocess
import sys

import pytest

EXAMPLES = sorted((pathlib.Path(__file__).parent.parent / "examples").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(example, capsys):
    runpy.run_path(str(example), run_name="__main__")
    assert capsys.readouterr().out


def test_examples_pass_mypy_strict():
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    assert EXAMPLES
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *map(str, EXAMPLES)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
