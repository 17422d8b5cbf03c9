#!/usr/bin/env bash
# The Python package's tests: builds crates/sightlines-py into a virtual
# environment with pip (maturin, from PyPI, compiles the Rust side in
# release mode), installs its test dependencies (pytest, python-tcod, mypy)
# and runs pytest there: the tests, the README's examples and the native
# docstrings' examples as doctests, the examples under `mypy --strict`.
#
# SIGHTLINES_PY_VENV picks the environment (default target/python-venv);
# it is created when missing and reused after.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${SIGHTLINES_PY_VENV:-target/python-venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  echo "== creating the virtual environment $venv"
  "$python" -m venv "$venv"
fi
venv_python="$(cd "$venv" && pwd)/bin/python"
# As if activated: maturin's build backend runs the `maturin` it finds on PATH.
export VIRTUAL_ENV="$(cd "$venv" && pwd)"
export PATH="$VIRTUAL_ENV/bin:$PATH"
pip=("$venv_python" -m pip install --quiet --disable-pip-version-check)
# maturin in the environment itself (no build isolation): the interpreter
# PyO3 builds against stays the same, so a second run rebuilds only what
# changed.
"${pip[@]}" "maturin>=1.5,<2"
echo "== pip install ./crates/sightlines-py[test] (builds the extension)"
"${pip[@]}" --no-build-isolation "./crates/sightlines-py[test]"
echo "== pytest (crates/sightlines-py)"
cd crates/sightlines-py
exec "$venv_python" -m pytest -q -p no:cacheprovider
