"""Hooks run when a Python module is first imported (pyreticulate/pyobjects/loadhooks.py):
Python hooks for the layers above, and R hooks, run before the import returns."""
import sys

import pytest

import pyreticulate as pr
from pyreticulate.pyobjects import loadhooks


@pytest.fixture
def module_dir(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def make(name, source="VALUE = 1\n"):
        (tmp_path / f"{name}.py").write_text(source)
        made.append(name)
        return name
    yield make
    for name in made:
        sys.modules.pop(name, None)


def test_python_hook_runs_when_the_module_is_first_imported(module_dir):
    name = module_dir("pyr_hooked_module_a")
    seen = []
    loadhooks.on_import(name, lambda: seen.append(sys.modules[name].VALUE))
    assert seen == []
    __import__(name)
    assert seen == [1]


def test_python_hook_runs_at_once_for_a_loaded_module():
    seen = []
    loadhooks.on_import("sys", lambda: seen.append("ran"))
    assert seen == ["ran"]


def test_python_hook_registered_twice_runs_once(module_dir):
    name = module_dir("pyr_hooked_module_b")
    seen = []

    def hook():
        seen.append("ran")
    loadhooks.on_import(name, hook)
    loadhooks.on_import(name, hook)
    __import__(name)
    assert seen == ["ran"]


def test_around_hook_is_entered_while_the_modules_code_runs(module_dir):
    name = module_dir("pyr_hooked_module_around", "import builtins\nSEEN = builtins.pyr_around\n")
    import builtins
    import contextlib

    @contextlib.contextmanager
    def around():
        builtins.pyr_around = "inside"
        yield
        builtins.pyr_around = "after"
    loadhooks.around_import(name, around)
    try:
        __import__(name)
        assert (sys.modules[name].SEEN, builtins.pyr_around) == ("inside", "after")
    finally:
        del builtins.pyr_around


def test_around_hook_of_a_loaded_module_is_not_kept():
    loadhooks.around_import("sys", lambda: pytest.fail("entered for a loaded module"))
    assert "sys" not in loadhooks._around_hooks


def test_r_hook_runs_before_an_import_from_r_returns(module_dir):
    """The hook's own Python call (on the importing thread, which holds the module's
    import lock) has run when the import statement returns."""
    name = module_dir("pyr_hooked_module_c")
    pr.r(f'py_register_load_hook("{name}", function() '
         'py_run_string("import builtins; builtins.pyr_hook_ran = True"))')
    pr.r(f'py_run_string("import {name}, builtins\\n'
         'seen = getattr(builtins, \'pyr_hook_ran\', False)")')
    assert pr.r("py$seen") is True
