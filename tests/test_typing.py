"""mypy, strict on the public modules (pyproject.toml's [tool.mypy]), passes; and the
annotations reach a user's code through ``py.typed``."""
import os
import pathlib
import subprocess
import sys

from helpers import ROOT

USER_CODE = '''
import numpy as np
import pyreticulate as pr
from pyreticulate.testing import assert_r_identical, assert_r_true

rules = pr.ConversionRules("units")


@rules.py_to_r(float)
def meters(obj: float, hint: pr.RObject | None) -> str:
    return f"{obj} m"


with pr.conversion(rules, pr.conversion.numpy) as local:
    local.register_r_to_py(lambda robj: robj.rtype, r_classes=["kmh"])
    array: np.ndarray = pr.r("c(1, 2)", numpy=True)
registration: pr.Registration = pr.register_py_to_r(meters, int)
registration.undo()
pr.set_timeout(30)
named = pr.RNamedList([1, 2], names=["a", None], rtype="integer")
factor = pr.RFactor.from_labels(["u", None], ordered=True)
error = pr.RError("boom", r_class=["simpleError"])
median = pr.importr("stats").median
assert_r_true("TRUE")
assert_r_identical("1L", pr.py_to_r(1))
pr.r(1 + 1)
'''


def mypy(*args, cwd=ROOT):
    environment = {**os.environ, "MYPYPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", *args], cwd=cwd,
                          env=environment, capture_output=True, text=True, timeout=900)


def test_mypy_passes_on_the_public_modules():
    result = mypy()
    assert "No module named mypy" not in result.stderr, \
        "mypy is missing: install the test extra (pip install -e '.[test]')"
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found")


def test_the_package_ships_py_typed():
    assert (pathlib.Path(ROOT) / "pyreticulate" / "py.typed").is_file()


def test_a_users_wrong_call_is_found_through_the_annotations(tmp_path):
    (tmp_path / "user.py").write_text(USER_CODE)
    result = mypy("--strict", "--ignore-missing-imports", "--follow-imports=silent", "user.py",
                  cwd=tmp_path)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    line = USER_CODE.splitlines().index("pr.r(1 + 1)") + 1
    assert errors == [
        f'user.py:{line}: error: Argument 1 to "r" has incompatible type "int"; '
        'expected "str"  [arg-type]'], result.stdout + result.stderr
