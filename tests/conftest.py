"""Shared fixtures: one embedded R for the in-process tests, and a runner for
R scripts in a fresh ``python -m pyreticulate`` process."""
import pytest

import pyreticulate as pr
from helpers import run_script


def pytest_configure(config):
    """The toolkit's fixtures (r, r_env, r_converter) come from the ``pytest11`` entry
    point once the package is installed; a checkout whose installed metadata predates
    the entry point registers the plugin here, under the same name, never twice."""
    if not config.pluginmanager.has_plugin("pyreticulate"):
        from pyreticulate.testing import plugin
        if not config.pluginmanager.is_registered(plugin):
            config.pluginmanager.register(plugin, "pyreticulate")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (make test: ``--dist loadgroup``), a test module's tests stay on
    one worker, so its module fixtures are made once; testthat blocks are grouped by package."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture(scope="session", autouse=True)
def r_session():
    pr.start()
    pr.r("suppressPackageStartupMessages(library(pyreticulate))")
    yield


@pytest.fixture(autouse=True)
def leaves_the_users_rules_as_they_were():
    """A test that registers a global converter rule undoes it: while one is registered the
    compiled crossing stays closed, so every later test of the process would run only the
    Python path (put back here, and the test fails naming it)."""
    before = pr.REGISTRY.snapshot()
    yield
    if pr.REGISTRY.has_user_rules() and pr.REGISTRY.snapshot() != before:
        pr.REGISTRY.restore(before)
        pytest.fail("the test left a global converter rule registered (undo its Registration)")


@pytest.fixture
def script(tmp_path):
    """``script(code, *args)`` runs R code through ``pyreticulate run``."""
    def run(code, *args, **kwargs):
        return run_script(tmp_path, code, *args, **kwargs)
    return run
