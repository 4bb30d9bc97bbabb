"""Shared fixtures: one embedded R for the in-process tests, and a runner for
R scripts in a fresh ``python -m pyreticulate`` process."""
import pytest

import pyreticulate as pr
from helpers import run_script


@pytest.fixture(scope="session", autouse=True)
def r_session():
    pr.start()
    pr.r("suppressPackageStartupMessages(library(pyreticulate))")
    yield


@pytest.fixture
def script(tmp_path):
    """``script(code, *args)`` runs R code through ``pyreticulate run``."""
    def run(code, *args, **kwargs):
        return run_script(tmp_path, code, *args, **kwargs)
    return run
