"""Helpers shared by the tests: the repository root, R checks, both collectors
settled, and R scripts run in a fresh ``python -m pyreticulate`` process."""
import gc
import os
import signal
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
    return run_to_the_end([sys.executable, "-m", "pyreticulate", "run", str(script), *args],
                          timeout, {**os.environ, "PYTHONPATH": ROOT, **(env or {})},
                          str(tmp_path))


def stop_with_stacks(proc):
    """Stop ``proc`` (started with ``PYTHONFAULTHANDLER=1``) with SIGABRT, so that faulthandler
    writes every Python thread's stack to its stderr, or with SIGKILL when that has not ended it
    after 30 s; returns ``(stdout, stderr)``."""
    proc.send_signal(signal.SIGABRT)
    try:
        return proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.communicate()


def run_to_the_end(command, timeout, environment, cwd):
    """``subprocess.run`` of ``command`` with its output captured as text; past ``timeout``
    seconds an ``AssertionError`` that holds what the process printed and every Python
    thread's stack, so that a hang says where it waited."""
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env={**environment, "PYTHONFAULTHANDLER": "1"}, cwd=cwd) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            out, err = stop_with_stacks(proc)
            raise AssertionError(
                f"{command} had not ended after {timeout:g} s (stopped with SIGABRT)\n"
                f"--- the end of its stdout ---\n{out[-4000:]}\n"
                f"--- the end of its stderr, with the threads' stacks ---\n{err[-16000:]}"
            ) from None
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def plugin_site(directory):
    """A site directory holding a distribution with the entry points pyproject.toml
    declares, as ``pip install`` writes them (the editable install of this checkout may
    predate them); put it on PYTHONPATH for a plain ``pytest`` run that finds the plugin."""
    import pathlib
    import tomllib
    project = tomllib.loads((pathlib.Path(ROOT) / "pyproject.toml").read_text())["project"]
    info = pathlib.Path(directory) / "pyreticulate_entry_points-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pyreticulate-entry-points\n"
                                   "Version: 0.1.0\n")
    lines = ["[pytest11]"] + [f"{k} = {v}" for k, v in
                              project["entry-points"]["pytest11"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    return pathlib.Path(directory)


def plain_pytest(directory, *args, timeout=600):
    """``python -m pytest -q -p no:cacheprovider ARGS`` in ``directory`` with the plugin
    found through its entry point (and nothing else of this repository's test set-up)."""
    site = plugin_site(pathlib_join(directory, ".site"))
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), ROOT])}
    environment.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    environment.pop("PYTEST_ADDOPTS", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=str(directory), env=environment, capture_output=True, text=True,
                          timeout=timeout)


def pathlib_join(directory, name):
    return os.path.join(str(directory), name)
