"""The pytest plugin's fixtures, and the plugin found through the ``pytest11`` entry point
by a plain pytest run in another project."""
import pathlib
import textwrap
import tomllib

import numpy as np
import pyreticulate as pr
from pyreticulate.convert.registry import REGISTRY
from helpers import ROOT, plain_pytest


class Celsius(float):
    pass


def test_r_fixture_evaluates_and_converts(r):
    assert r("1 + 1") == 2.0


def test_r_fixture_looks_up_names(r):
    assert r.pi == np.pi


def test_r_env_is_a_child_of_the_global_environment(r_env):
    assert r_env("identical(parent.env(environment()), globalenv())") is True


def test_r_env_reads_and_assigns(r_env):
    r_env["x"] = [1, 2]
    assert r_env("sum(x)") == 3
    assert list(r_env) == ["x"] and r_env["x"] == [1, 2]


def test_r_env_bindings_stay_out_of_the_global_environment(r_env):
    r_env("pyr_plugin_local <- 1")
    assert "pyr_plugin_local" not in pr.globalenv


def test_r_converter_rule_applies_inside_the_test(r_converter):
    r_converter.register_py_to_r(lambda obj, hint: f"{float(obj)} C", Celsius)
    pr.assign("t", Celsius(3))
    assert pr.r("t") == "3.0 C"


def test_r_converter_undoes_rules_when_it_closes(r_converter):
    before = REGISTRY.snapshot()
    pr.register_py_to_r(lambda obj, hint: "direct", Celsius)
    r_converter.close()
    pr.assign("t", Celsius(3))
    assert pr.r("t") == 3.0
    assert REGISTRY.snapshot() == before


def test_pyproject_declares_the_plugin_entry_point():
    project = tomllib.loads((pathlib.Path(ROOT) / "pyproject.toml").read_text())["project"]
    assert project["entry-points"]["pytest11"] == {"pyreticulate": "pyreticulate.testing.plugin"}


def test_plain_pytest_in_another_project_finds_the_fixtures(tmp_path):
    (tmp_path / "test_user.py").write_text(textwrap.dedent("""
        def test_fixtures(r, r_env, r_converter, pytestconfig):
            assert pytestconfig.pluginmanager.has_plugin("pyreticulate")
            assert r("1 + 1") == 2.0
            r_env["x"] = 2
            assert r_env("x * 3") == 6.0
    """))
    result = plain_pytest(tmp_path, "test_user.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
