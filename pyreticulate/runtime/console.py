"""R's console, routed through Python's streams.

R's output goes to ``sys.stdout`` (errors and warnings to ``sys.stderr``,
after flushing ``sys.stdout`` as R does), so it interleaves with Python's own
prints in order; while ``py_capture_output()`` captures Python's output, R's
output keeps going to the streams that were active before. The other way,
``stdout_to_r()`` sends what Python prints to ``sys.stdout`` into R's output
connection, where ``sink()`` and ``capture.output()`` see it (knitr's chunks:
r/pyreticulate/R/knitr-engine.R); R's own output still reaches the stream it
replaced. R's input
(``readline()``, ``browser()``) reads through ``input()``. ``q()`` runs the
shutdown handed over by ``install`` (``embedded.exit_process``) and ends the
process with R's exit status.
A Ctrl-C that surfaces in any of these callbacks becomes an R interrupt.
"""
import contextlib
import io
import sys

from . import evaluation, interrupts, threads
from ..libr import capi
from ..libr.capi import ffi
from ..libr.protect import protected

_captures = []


def _streams():
    out, err = _captures[0][2] if _captures else (sys.stdout, sys.stderr)
    if isinstance(out, _StdoutToR):
        out = out.replaced
    return out, err


@ffi.callback("void(*)(const char *, int, int)", onerror=interrupts.callback_failed)
def _write(buffer, length, kind):
    text = ffi.unpack(buffer, length).decode("utf-8", "replace")
    out, err = _streams()
    if kind:
        out.flush()
        err.write(text)
        err.flush()
    else:
        out.write(text)


@ffi.callback("void(*)(const char *)", onerror=interrupts.callback_failed)
def _show_message(message):
    _streams()[1].write(ffi.string(message).decode("utf-8", "replace") + "\n")


@ffi.callback("void(void)", onerror=interrupts.callback_failed)
def _flush():
    for stream in _streams():
        stream.flush()


@ffi.callback("void(void)", onerror=interrupts.callback_failed)
def _reset():
    return None


@ffi.callback("void(int)", onerror=interrupts.callback_failed)
def _busy(which):
    return None


def _read_failed(exc_type, exc, tb):
    interrupts.callback_failed(exc_type, exc, tb)
    return 0


@ffi.callback("int(*)(const char *, unsigned char *, int, int)", onerror=_read_failed)
def _read(prompt, buffer, length, history):
    _flush()
    try:
        line = input(ffi.string(prompt).decode("utf-8", "replace"))
    except EOFError:
        return 0
    data = (line + "\n").encode("utf-8")[: max(length - 1, 0)]
    ffi.memmove(buffer, data + b"\0", len(data) + 1)
    return 1


@ffi.callback("void(int, int, int)", onerror=interrupts.callback_failed)
def _cleanup(save, status, run_last):
    """``q()``: R's exit steps, Python's at-exit functions, then the process ends."""
    _on_exit[0](status, run_last)


_on_exit = [None]


def install(on_exit):
    """Route R's console through Python's streams; ``on_exit(status, run_last)`` ends
    the process when R calls ``q()``."""
    _on_exit[0] = on_exit
    lib = capi.lib
    lib.ptr_R_WriteConsoleEx = _write
    lib.ptr_R_WriteConsole = ffi.NULL
    lib.ptr_R_ShowMessage = _show_message
    lib.ptr_R_FlushConsole = _flush
    lib.ptr_R_ResetConsole = _reset
    lib.ptr_R_ReadConsole = _read
    lib.ptr_R_CleanUp = _cleanup
    lib.ptr_R_Busy = _busy


def begin_capture(stdout, stderr):
    """Capture Python's stdout/stderr (nestable); returns the depth token."""
    buffer = io.StringIO()
    stack = contextlib.ExitStack()
    before = (sys.stdout, sys.stderr) if not _captures else _captures[0][2]
    if stdout:
        stack.enter_context(contextlib.redirect_stdout(buffer))
    if stderr:
        stack.enter_context(contextlib.redirect_stderr(buffer))
    _captures.append((stack, buffer, before))
    return len(_captures)


def end_capture(depth):
    """Stop captures down to ``depth``; the text captured at that depth."""
    text = ""
    while len(_captures) >= depth:
        stack, buffer, _ = _captures.pop()
        stack.close()
        text = buffer.getvalue()
    return text


class _StdoutToR(io.TextIOBase):
    """``sys.stdout`` while it writes into R's output: each write is R's ``cat()``, on
    the writing thread once it owns R (sinks apply); ``replaced`` is the stream it stands
    in for."""

    def __init__(self, replaced):
        self.replaced = replaced

    def write(self, text):
        if text:
            try:
                threads.run_in_r(_cat, (text,), "Python's output written to R")
            except Exception:   # R cannot take it now (a sink closed under it, R busy): the
                self.replaced.write(text)   # text still reaches the stream it would have
        return len(text)

    def flush(self):
        self.replaced.flush()

    def fileno(self):
        return self.replaced.fileno()

    def isatty(self):
        return False

    @property
    def encoding(self):
        return "utf-8"


def _cat(text):
    with protected() as keep:
        evaluation.call_function(evaluation.function("cat"), [keep(capi.mkstring(text))],
                                 kwargs=[("sep", keep(capi.mkstring("")))], keep=keep)


def stdout_to_r(on):
    """Send Python's ``sys.stdout`` into R's output (``on``), or stop doing so; nothing
    changes when it already is (or is not)."""
    if on and not isinstance(sys.stdout, _StdoutToR):
        sys.stdout.flush()
        sys.stdout = _StdoutToR(sys.stdout)
    elif not on and isinstance(sys.stdout, _StdoutToR):
        sys.stdout = sys.stdout.replaced
