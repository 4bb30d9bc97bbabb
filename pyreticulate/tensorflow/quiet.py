"""TensorFlow's quiet start, when R code imports it through the bridge.

As keras3 does, ``TF_CPP_MIN_LOG_LEVEL`` is set to 2 unless the user set it,
before TensorFlow is imported (it reads it once): the R packages tensorflow and
keras3 set it when they load, and ``quiet_import`` (around the import of
``tensorflow``, ``api.start`` installs it) sets it too when R code imports
TensorFlow without them.

The level is not enough: TensorFlow's shared libraries log from their static
initialisers (``port.cc``: "oneDNN custom operations are on", once per library
with its own copy of absl), before absl's logging is initialised and before
TensorFlow reads the level, so those lines, with absl's preamble "WARNING: All
log messages before absl::InitializeLog() ...", reach stderr at any level.
While the import runs, ``quiet_import`` therefore passes file descriptor 2
through a filter that drops exactly those lines (absl's preamble and records of
severity INFO, the ones the level hides) when the level is 1 or more, and
forwards everything else unchanged: TensorFlow's warnings and errors, the
user's and R's output. After the import, stderr is the process's own again.
``TF_ENABLE_ONEDNN_OPTS=0`` would silence the oneDNN line by turning oneDNN's
speed-ups off, so it is not used.
"""
import contextlib
import ctypes
import fcntl
import os
import re
import sys
import threading

from ..bridge import crossing

LEVEL = "TF_CPP_MIN_LOG_LEVEL"
DEFAULT_LEVEL = "2"
ABSL_PREAMBLE = b"WARNING: All log messages before absl::InitializeLog() is called are written"
# The pipe's capacity: the importing thread holds the GIL while a library's initialisers
# write (dlopen), so the forwarder reads only once it can run; 1 MB is Linux's default limit.
PIPE_SIZE = 1 << 20
INFO_RECORD = re.compile(rb"I\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ \S+:\d+\] ")  # before absl's init, the seconds are since 1970

_libc = ctypes.CDLL(None)
_libc.getenv.restype = ctypes.c_char_p
_libc.getenv.argtypes = [ctypes.c_char_p]

# What the last import through the bridge did: the level and who set it, the lines dropped.
LAST = {"level": None, "set_here": False, "dropped": 0}


def process_level():
    """``TF_CPP_MIN_LOG_LEVEL`` as the process's C environment has it (R's ``Sys.setenv``
    changes that one, not ``os.environ``), or None when unset."""
    value = _libc.getenv(LEVEL.encode())
    return None if value is None else value.decode(errors="replace")


def set_default_level():
    """``TF_CPP_MIN_LOG_LEVEL=2`` unless set; the level in force (an int, 0 if unreadable)."""
    value = process_level()
    LAST["set_here"] = value is None
    if value is None:
        value = DEFAULT_LEVEL
    os.environ[LEVEL] = value       # both views agree (putenv)
    LAST["level"] = value
    try:
        return int(value)
    except ValueError:
        return 0


@contextlib.contextmanager
def quiet_import():
    """Around the import of ``tensorflow``: when R code imports it (a bridge entry runs),
    the default level, and TensorFlow's start-up lines filtered out of stderr."""
    if crossing.nesting() == 0:
        yield
        return
    if set_default_level() < 1:
        yield
        return
    with startup_lines_filtered():
        yield


@contextlib.contextmanager
def startup_lines_filtered():
    """File descriptor 2 through a pipe whose reader drops absl's preamble and INFO records."""
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    try:
        stderr = os.dup(2)
    except OSError:         # no stderr to filter
        yield
        return
    read_end, write_end = os.pipe()
    with contextlib.suppress(OSError, AttributeError):
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    os.dup2(write_end, 2)
    os.close(write_end)
    forwarder = threading.Thread(target=_forward, args=(read_end, stderr),
                                 name="pyreticulate-tensorflow-start-up", daemon=True)
    forwarder.start()
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os.dup2(stderr, 2)  # the pipe's last writer closes: the forwarder sees its end
        forwarder.join(timeout=10)


def _forward(read_end, stderr):
    """Copy the pipe to the real stderr line by line, without the start-up lines."""
    pending = b""
    try:
        while True:
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            *lines, pending = (pending + chunk).split(b"\n")
            kept = [line + b"\n" for line in lines if not _startup_line(line)]
            if kept:
                _write_all(stderr, b"".join(kept))
        if pending and not _startup_line(pending):
            _write_all(stderr, pending)
    finally:
        os.close(read_end)
        os.close(stderr)


def _startup_line(line):
    if line.startswith(ABSL_PREAMBLE) or INFO_RECORD.match(line):
        LAST["dropped"] += 1
        return True
    return False


def _write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def describe():
    """What ``pyreticulate diagnose`` says: the level TensorFlow gets, and the filter."""
    value = process_level()
    if value is None:
        level = f"{DEFAULT_LEVEL} (set by pyreticulate when R loads TensorFlow; unset here)"
        effective = int(DEFAULT_LEVEL)
    else:
        level = f"{value} (yours)"
        effective = int(value) if value.isdigit() else 0
    start_up = ("absl's preamble and INFO lines of TensorFlow's import dropped from stderr "
                "(oneDNN, CPU features); everything else shown" if effective >= 1 else
                "shown (the level shows INFO)")
    return [("TF log level", level), ("TF start-up log", start_up)]
