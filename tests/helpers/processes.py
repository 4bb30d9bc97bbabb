"""Fresh processes for the tests: Python or R code run with a time limit (a hang
ends as a failure that keeps what the process printed), and Ctrl-C sent to a
process once it prints a marker."""
import os
import select
import signal
import subprocess
import sys
import textwrap
import time

from helpers import ROOT, stop_with_stacks

READY_TIMEOUT = 120
EXIT_TIMEOUT = 60


def environment(extra=None):
    """The environment of a child process: the repository on PYTHONPATH, unbuffered output."""
    return {**os.environ, "PYTHONPATH": ROOT, "PYTHONUNBUFFERED": "1", **(extra or {})}


def write_code(directory, code, r_script, name=None):
    """Write ``code`` (dedented) to a file in ``directory``; the command that runs it."""
    source = directory / (name or ("script.R" if r_script else "script.py"))
    source.write_text(textwrap.dedent(code))
    if r_script:
        return [sys.executable, "-m", "pyreticulate", "run", str(source)]
    return [sys.executable, str(source)]


class Finished:
    """A process that ended or was killed at its time limit (``returncode`` None then)."""

    def __init__(self, args, returncode, stdout, stderr, seconds, timed_out):
        self.args, self.returncode, self.seconds = args, returncode, seconds
        self.stdout, self.stderr, self.timed_out = stdout, stderr, timed_out


def run_bounded(command, timeout, env=None, cwd=None):
    """Run ``command``; past ``timeout`` seconds stop it (its threads' stacks go to its stderr)
    and keep the output it gave."""
    started = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=environment({"PYTHONFAULTHANDLER": "1", **(env or {})}), cwd=cwd)
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        out, err = stop_with_stacks(proc)
        timed_out = True
    stdout = out.decode(errors="replace")
    stderr = err.decode(errors="replace")
    if timed_out:
        stderr += f"\n[stopped: the process had not ended after {timeout:g} s]\n"
    return Finished(command, None if timed_out else proc.returncode, stdout, stderr,
                    time.monotonic() - started, timed_out)


def run_code(directory, code, *, r_script=False, timeout=300, env=None, name=None):
    """Run Python code (or an R script through ``pyreticulate run``) in ``directory``."""
    command = write_code(directory, code, r_script, name)
    return run_bounded(command, timeout, env=env, cwd=str(directory))


def interrupted(tmp_path, code, *, r_script=False, delay=0.0, marker=b"READY\n", env=None):
    """Start a process running ``code``, send SIGINT ``delay`` seconds after it prints
    ``marker`` (after it started, if ``marker`` is None), and return
    ``(returncode, stdout after the marker, stderr)``."""
    command = write_code(tmp_path, code, r_script)
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=environment(env), cwd=str(tmp_path))
    try:
        seen = b""
        deadline = time.monotonic() + READY_TIMEOUT
        while marker is not None and marker not in seen:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {marker!r} marker; stderr: {proc.stderr.read1(65536)!r}"
            ready, _, _ = select.select([proc.stdout], [], [], remaining)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 4096)
                assert chunk, f"process ended before {marker!r}: {proc.stderr.read()!r}"
                seen += chunk
        if delay:
            time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=EXIT_TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    after = (seen.split(marker, 1)[1] if marker is not None else b"") + out
    return proc.returncode, after.decode(errors="replace"), err.decode(errors="replace")
