"""Errors both ways.

* An R condition raised in R code that Python called becomes ``RError`` (a
  ``RuntimeError``) carrying the original condition; when it reaches R again,
  R signals that condition (``original_condition``) made also the exception that
  brought it back (``RESIGNALLED`` says which one; ``.pyr_both`` in R).
* A Python exception reaching R becomes an R condition classed by the
  exception's MRO plus ``error``/``condition`` (built by ``proxies``), whatever
  its message: ``exception_message`` never fails (a placeholder names what
  ``str()`` did instead) and ``text.displayable`` makes any text an R string can hold.
  ``py_last_error()`` keeps the last one (``LAST_ERROR``), formatted only when
  asked for, so an error crossing many nested calls costs the same per crossing.
* The conditions of the last ``RECENT_LIMIT`` ``RError``s are kept by their
  markers (``original_condition``): the conditions only, never the exceptions,
  whose tracebacks would keep every local of their frames alive.
* R warnings raised while R runs nested inside a Python call made from R are
  carried back (``WarningFrames``) and re-signalled as R warnings there; with no
  R caller they become Python ``RWarning`` warnings.
"""
import collections
import itertools
import traceback
import warnings
from typing import Any, Iterable

from ..libr.capi import ffi

_markers = itertools.count(1)
_recent = collections.OrderedDict()     # marker -> the condition (an RObject)
RECENT_LIMIT = 256
MARKER_PREFIX = "[R condition #"


class RError(RuntimeError):
    """An R error condition raised while Python was running R code.

    ``condition`` is the original condition (an ``RObject``), ``call`` its
    deparsed call, ``r_class`` its class vector and ``r_trace`` the R call stack
    at the point of the error (deparsed calls). ``trace``, when set, is the
    condition's ``trace`` field (an rlang trace, an ``RObject``). Without a
    condition (the ``abort`` restart without one), ``str()`` is the bare message.
    ``str()`` is the condition's message and ``args`` is ``(message,)``, as for
    reticulate's ``RuntimeError``; a note (``__notes__``, shown in tracebacks) holds
    the marker that finds the condition again in a text that keeps a formatted
    traceback, as data pipelines report errors of their threads (``original_condition``),
    and R's call.
    """

    def __init__(self, message: str, condition: Any = None, call: str | None = None,
                 r_class: Iterable[str] = (), r_trace: Iterable[str] = ()) -> None:
        self.r_message = message
        self.condition = condition
        self.call = call
        self.r_class = list(r_class)
        self.r_trace = list(r_trace)
        self.marker = f"{MARKER_PREFIX}{next(_markers)}]"
        super().__init__(message)
        if condition is not None:
            # add_note() is Python 3.11's; its tracebacks show __notes__, 3.10's do not
            self.__notes__ = [f"{self.marker} in {call}" if call else self.marker]
            _recent[self.marker] = condition
            while len(_recent) > RECENT_LIMIT:
                _recent.popitem(last=False)


class RWarning(UserWarning):
    """An R warning raised by R code that Python called directly."""


def original_condition(exc):
    """The R condition (an ``RObject``) behind ``exc``: that of an ``RError`` in its
    cause/context chain (itself first), or of the recent one whose marker its text or its
    notes hold."""
    for current in exception_chain(exc):
        if isinstance(current, RError) and current.condition is not None:
            return current.condition
    text = "\n".join([exception_str(exc), *_notes(exc)])
    if MARKER_PREFIX in text:
        for marker, condition in reversed(_recent.items()):
            if marker in text:
                return condition
    return None


def _notes(exc):
    """The texts among ``exc.__notes__`` (a note may be any object; none when reading
    them fails)."""
    try:
        notes = getattr(exc, "__notes__", None)
    except Exception:
        return []
    return [note for note in notes if type(note) is str] if isinstance(notes, list) else []


class Resignalled:
    """The Python exceptions whose original R condition R re-signalled, by condition.

    R asks for the exception (``resignalled_exception``) to signal the condition as
    also that exception, which then carries it (its ``py_object``). When such a
    condition leaves R for Python again (the R function Python called did not handle
    it), Python gets that same exception back, with its traceback and chain, instead
    of a new ``RError``: so the last error seen from R still holds what Python did
    with it (as reticulate re-raises the exception). A condition R could not make
    also the exception (not a list) is found here for that.

    An entry is kept only while the evaluation it was re-signalled in runs (its
    ``depth`` among the Python → R evaluations in progress): when that one ends, the
    condition has come back to Python or R has handled it, and the exception, its
    traceback and the locals of its frames are let go (``release``). At most
    ``LIMIT`` are kept in any case.
    """

    LIMIT = 16

    def __init__(self):
        self.entries = collections.OrderedDict()

    @staticmethod
    def _key(sexp):
        return int(ffi.cast("uintptr_t", sexp))

    def remember(self, condition, exc, depth):
        """``condition`` (an ``RObject``) is re-signalled in R for ``exc``, inside the
        evaluation at ``depth``."""
        key = self._key(condition.sexp)
        self.entries.pop(key, None)
        self.entries[key] = (condition, exc, depth)
        while len(self.entries) > self.LIMIT:
            self.entries.popitem(last=False)

    def exception_for(self, sexp):
        """The exception ``sexp`` (a condition) was last re-signalled for, or None."""
        entry = self.entries.get(self._key(sexp))
        return entry[1] if entry is not None else None

    def release(self, depth):
        """The evaluation at ``depth`` has ended: forget what was re-signalled inside it."""
        for key in [key for key, entry in self.entries.items() if entry[2] >= depth]:
            del self.entries[key]

    def clear(self):
        self.entries.clear()


RESIGNALLED = Resignalled()


def exception_chain(exc):
    """``exc`` and the exceptions of its ``__cause__``/``__context__`` chain, in order."""
    seen = set()
    current = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def exception_str(exc):
    """``str(exc)``; where it fails (it raises, or returns something not a str) a
    placeholder naming the problem, ``<exception str() failed: TypeError: ...>``."""
    return _str_of(exc)[0]


def _str_of(exc):
    """``(text, whether str() worked)``."""
    try:
        text = str(exc)
    except Exception as failure:
        return f"<exception str() failed: {_failure_text(failure)}>", False
    return (text if type(text) is str else str.__str__(text)), True


def _failure_text(failure):
    try:
        detail = str(failure)
    except Exception:
        detail = "<its str() failed too>"
    name = type(failure).__name__
    return f"{name}: {detail}" if detail else name


def exception_lines(exc):
    """The lines ``traceback.format_exception_only`` gives, whatever ``str(exc)`` does."""
    text, worked = _str_of(exc)
    if worked:
        try:
            return traceback.format_exception_only(type(exc), exc)
        except Exception:
            pass
    name = _type_name(type(exc))
    return [f"{name}: {text}\n" if text else f"{name}\n"]


def exception_message(exc):
    """``format_exception_only`` text, as reticulate shows it, whatever ``str(exc)`` does."""
    return "".join(exception_lines(exc)).strip()


def _type_name(tp):
    """The exception type's name as Python's traceback shows it."""
    name = getattr(tp, "__qualname__", None) or getattr(tp, "__name__", None) or repr(tp)
    module = getattr(tp, "__module__", None)
    if module in ("__main__", "builtins"):
        return str(name)
    return f"{module if isinstance(module, str) else '<unknown>'}.{name}"


def trim_middle(text, limit):
    """Cut ``text`` in the middle so that both ends survive within ``limit`` chars."""
    if len(text) <= limit:
        return text
    keep = max(limit - 40, 20)
    head, tail = text[: keep // 2], text[-(keep - keep // 2):]
    return f"{head}\n[... {len(text) - keep} characters omitted ...]\n{tail}"


class LastError:
    """The last Python exception that reached R, for ``py_last_error()``.

    Only the exception is kept (one, as reticulate keeps it; its traceback keeps
    its frames alive until the next error replaces it or ``py_clear_last_error()``):
    its report is made when asked for, not each time it crosses into R. The one it
    replaces at the outermost crossing loses the locals of its frames (its traceback
    stays readable), as R conditions may hold it until R's next garbage collection.
    """

    def __init__(self):
        self.exception = None

    def record(self, exc, outermost=True):
        """``exc`` is the last error; ``outermost``: it reached the outermost crossing
        (an error crossing nested calls is recorded at each level, and clearing the one
        below at each would cost more per level, the deeper it is)."""
        previous, self.exception = self.exception, exc
        if outermost and previous is not None and previous is not exc:
            traceback.clear_frames(previous.__traceback__)

    def clear(self):
        self.exception = None


LAST_ERROR = LastError()


class _TextFrame(list):
    """A frame whose warnings are kept as their texts (a task queued by another thread)."""


class WarningFrames:
    """R warnings collected while R is entered from Python, per R→Python crossing."""

    def __init__(self):
        self.frames = []

    def enter(self):
        frame = []
        self.frames.append(frame)
        return frame

    def leave(self, frame):
        """Close ``frame``; the warnings it collected (with any inner frame left open)."""
        while self.frames:
            top = self.frames.pop()
            if top is frame:
                return frame
            frame.extend(top)
        return frame

    def add(self, conditions, describe):
        """Collect R warning conditions (``RObject``s) raised by an evaluation.

        ``describe(condition)`` gives a condition's message, for a task's frame
        and for warnings raised with no R→Python crossing open (then they are
        Python ``RWarning`` warnings).
        """
        top = self.frames[-1] if self.frames else None
        if top is None:
            for condition in conditions:
                warnings.warn(describe(condition), RWarning, stacklevel=3)
        elif isinstance(top, _TextFrame):
            top.extend(_text(condition, describe) for condition in conditions)
        else:
            top.extend(conditions)

    def add_deferred(self, conditions):
        """Collect other R conditions (``.pyr_deferred``) for the R caller to signal again;
        with no R caller (or for another thread's task) they have done their work."""
        top = self.frames[-1] if self.frames else None
        if top is not None and not isinstance(top, _TextFrame):
            top.extend(conditions)

    def isolated(self, fn, args, sink):
        """Run ``fn(*args)`` (a thread's R call that no R of its own waits for) with its
        own warnings: they are not attached to other R code's; their texts go to
        ``sink`` and the calling thread re-issues them.
        """
        saved, frame = self.frames, _TextFrame()
        self.frames = [frame]
        try:
            return fn(*args)
        finally:
            self.frames = saved
            sink.extend(frame)


def _text(condition, describe):
    try:
        return describe(condition)
    except Exception:
        return "an R warning (its message could not be read)"


WARNINGS = WarningFrames()
