"""The examples in the extension module's docstrings, run as doctests.

pytest's --doctest-modules collects docstrings from .py files only; the
functions and classes of `sightlines._sightlines` are native, so this finds
their examples itself.
"""

import doctest
import inspect

import sightlines
from sightlines import _sightlines


def native_objects():
    for name in sorted(sightlines.__all__):
        obj = getattr(sightlines, name)
        if inspect.isclass(obj) or callable(obj):
            yield f"sightlines.{name}", obj


def test_every_native_docstring_example_runs():
    finder = doctest.DocTestFinder(recurse=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    examples = 0
    documented = []
    for name, obj in native_objects():
        assert obj.__doc__, f"{name} has no docstring"
        for test in finder.find(obj, name, module=False, globs={}):
            examples += len(test.examples)
            if test.examples:
                documented.append(test.name)
            runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0
    # Every public function and class shows an example.
    for name in ["compute_fov", "compute_fov_batch", "can_see", "bresenham", "supercover",
                 "properties", "Fov", "Cone", "Memory", "Viewer", "LightMap", "update_viewers"]:
        assert f"sightlines.{name}" in documented, name
    assert examples >= 30


def test_the_package_docstring_example_runs():
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner()
    (test,) = finder.find(sightlines, "sightlines")
    assert test.examples
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_every_method_is_documented():
    for name, obj in native_objects():
        if not inspect.isclass(obj):
            continue
        for attr, value in vars(obj).items():
            if attr.startswith("_"):
                continue
            assert getattr(value, "__doc__", None), f"{name}.{attr} has no docstring"


def test_the_module_is_the_native_one():
    assert sightlines.compute_fov is _sightlines.compute_fov
