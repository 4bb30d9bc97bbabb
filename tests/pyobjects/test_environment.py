"""The hosting Python's environment as py_require() checks it
(pyreticulate/pyobjects/environment.py)."""
import platform
import sys

import pytest

from pyreticulate.pyobjects import environment


def test_an_installed_package_meets_a_bare_requirement():
    assert environment.requirement_problem("numpy") is None


def test_a_missing_package_is_not_installed():
    assert environment.requirement_problem("no-such-package-rapi") == "not installed"


def test_a_version_outside_the_specifier_names_the_installed_version():
    import numpy
    assert environment.requirement_problem("numpy<1") == f"version {numpy.__version__} is installed"


def test_a_requirement_whose_marker_is_false_is_met():
    assert environment.requirement_problem("no-such-package-rapi; sys_platform == 'no-os'") is None


def test_a_bare_url_cannot_be_checked():
    assert "cannot be checked" in environment.requirement_problem("git+https://example.invalid/x")


def test_a_named_url_requirement_checks_the_name():
    assert environment.requirement_problem("numpy @ https://example.invalid/numpy.whl") is None


def test_requirement_problems_lists_only_the_unmet():
    assert environment.requirement_problems(["numpy", "no-such-package-rapi"]) == [
        ("no-such-package-rapi", "not installed")]


def test_a_bare_python_version_means_any_patch_of_it():
    major_minor = ".".join(platform.python_version_tuple()[:2])
    assert environment.python_version_problems([major_minor]) == []


def test_a_python_version_constraint_not_met_is_reported():
    assert environment.python_version_problems([">=3.10", "<3.0"]) == ["<3.0"]


def test_a_bad_python_version_constraint_is_an_error():
    with pytest.raises(ValueError, match="not a Python version"):
        environment.python_version_problems(["3.x"])


def test_the_pip_command_installs_into_the_running_python():
    assert environment.pip_command(["numpy<2", "pandas"]) == \
        f"{sys.executable} -m pip install 'numpy<2' pandas"


def test_installed_packages_has_name_and_version_pairs():
    names = {name.lower(): version for name, version in environment.installed_packages()}
    import numpy
    assert names["numpy"] == numpy.__version__
