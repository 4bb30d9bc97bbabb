"""Helpers shared by the tests: the repository root, R checks, both collectors
settled, and R scripts run in a fresh ``python -m pyreticulate`` process."""
import gc
import os
import subprocess
import sys
import textwrap

import pyreticulate as pr

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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
