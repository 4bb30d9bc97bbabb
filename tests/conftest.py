"""Shared fixtures: one embedded R for the in-process tests, and a runner for
R scripts in a fresh ``python -m pyreticulate`` process."""
import gc
import os
import subprocess
import sys
import textwrap

import pytest

import pyreticulate as pr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session", autouse=True)
def r_session():
    pr.start()
    pr.r("suppressPackageStartupMessages(library(pyreticulate))")
    yield


def r_true(code):
    """Evaluate R code that must return TRUE."""
    value = pr.r(code)
    assert value is True, f"R said {value!r} for:\n{code}"


def settle():
    """Collect on both sides until the handle counts stop changing."""
    counts = None
    for _ in range(5):
        gc.collect()
        pr.r("invisible(gc())")
        now = pr.live_handle_counts()
        if now == counts:
            break
        counts = now
    return counts


def run_script(tmp_path, code, *args, timeout=300, env=None, name="script.R"):
    """Run R code as a script through the CLI; the CompletedProcess."""
    script = tmp_path / name
    script.write_text(textwrap.dedent(code))
    environment = {**os.environ, "PYTHONPATH": ROOT, **(env or {})}
    return subprocess.run([sys.executable, "-m", "pyreticulate", "run", str(script), *args],
                          capture_output=True, text=True, timeout=timeout, env=environment,
                          cwd=str(tmp_path))


@pytest.fixture
def script(tmp_path):
    """``script(code, *args)`` runs R code through ``pyreticulate run``."""
    def run(code, *args, **kwargs):
        return run_script(tmp_path, code, *args, **kwargs)
    return run
