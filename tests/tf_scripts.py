"""Running TensorFlow R scripts: one process per test module (TensorFlow's
start-up dominates), whose labelled lines ``label: value`` the tests read."""
import os
import subprocess
import sys
import textwrap

from conftest import ROOT

TF_ENV = {"TF_CPP_MIN_LOG_LEVEL": "2", "TF_ENABLE_ONEDNN_OPTS": "0"}


def run_r(path, *args, timeout=600):
    """Run an R file through ``python -m pyreticulate run`` with TensorFlow's logs quiet."""
    environment = {**os.environ, "PYTHONPATH": ROOT, **TF_ENV}
    environment.pop("TF_CONFIG", None)
    return subprocess.run([sys.executable, "-m", "pyreticulate", "run", str(path), *args],
                          capture_output=True, text=True, timeout=timeout, env=environment,
                          cwd=os.path.dirname(str(path)))


def run_code(tmp_dir, code, name="script.R", timeout=600):
    """Write R code to ``tmp_dir/name`` and run it like ``run_r``."""
    path = tmp_dir / name
    path.write_text(textwrap.dedent(code))
    return run_r(path, timeout=timeout)


def example(*parts):
    return os.path.join(ROOT, "examples", "tensorflow", *parts)


def labelled(proc):
    """The ``label: value`` lines of a finished script (it must have succeeded)."""
    assert proc.returncode == 0, proc.stderr[-4000:]
    values = {}
    for line in proc.stdout.splitlines():
        label, sep, value = line.partition(": ")
        if sep:
            values[label.strip()] = value.strip()
    return values
