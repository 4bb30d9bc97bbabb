"""Entries for errors (``py_last_error``), output capture, warnings and the host (seeds, pickling)."""
import importlib
import os
import sys
import traceback
import warnings

from ..runtime import console, errors, evaluation
from ..pyobjects import introspection
from ..convert import proxies
from ..libr import capi, text, vectors
from ..libr.protect import protected
from ..runtime.handles import RObject
from ..convert.registry import REGISTRY
from .arguments import as_flag, as_string, result, target, user_code
from .crossing import entry, reporting_entry


@entry
def last_error():
    """The fields of ``py_last_error()`` (R adds ``r_call`` and a missing ``r_trace``),
    made now from the exception kept (``errors.LAST_ERROR``), whatever its ``str()`` does."""
    exc = errors.LAST_ERROR.exception
    if exc is None:
        return capi.lib.R_NilValue
    frames = _user_frames(exc.__traceback__)
    r_class = _strings(_attribute(exc, "r_class")) or proxies.filtered_class_names(type(exc))
    fields = {
        "type": type(exc).__name__,
        "value": errors.exception_str(exc),
        "traceback": frames,
        "message": "".join(_report(exc, frames, set())),
        "r_class": list(r_class),
        "r_trace": _strings(_attribute(exc, "r_trace")),
    }
    trace = _chained_r_trace(exc)
    lib = capi.lib
    with protected() as keep:
        out = keep(lib.Rf_allocVector(capi.VECSXP, len(fields) + 2))
        for i, value in enumerate(fields.values()):
            lib.SET_VECTOR_ELT(out, i, vectors.str_vector([text.displayable(v) for v in value])
                               if isinstance(value, list) else capi.message_string(value))
        lib.SET_VECTOR_ELT(out, len(fields), REGISTRY.wrap(exc, True))
        lib.SET_VECTOR_ELT(out, len(fields) + 1,
                           trace.sexp if trace is not None else lib.R_NilValue)
        lib.Rf_setAttrib(out, lib.R_NamesSymbol,
                         vectors.str_vector([*fields, "exception", "trace"]))
        return out


def _attribute(exc, name):
    """``getattr(exc, name, None)``, None also when the attribute lookup fails."""
    try:
        return getattr(exc, name, None)
    except Exception:
        return None


def _strings(value):
    """An exception attribute meant to hold strings (``r_class``, ``r_trace``), as a list
    of str, or [] when it holds anything else."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        return []
    return list(value)


def _report(exc, frames, seen):
    """The lines Python prints for ``exc`` and the exceptions it was raised from (its
    cause, else its context), the bridge's frames left out."""
    seen.add(id(exc))
    lines = []
    earlier = exc.__cause__
    link = "\nThe above exception was the direct cause of the following exception:\n\n"
    if earlier is None and not exc.__suppress_context__:
        earlier = exc.__context__
        link = "\nDuring handling of the above exception, another exception occurred:\n\n"
    if earlier is not None and id(earlier) not in seen:
        lines += [*_report(earlier, _user_frames(earlier.__traceback__), seen), link]
    if frames:
        lines += ["Traceback (most recent call last):\n", *frames]
    return lines + errors.exception_lines(exc)


@reporting_entry
def exception_trace(x, make_trace):
    """The R trace of a Python exception that reached R: its ``trace`` attribute, which is
    set the first time it reached R: the R trace of the exception it was raised from (its
    ``__cause__``/``__context__`` chain), else ``make_trace()`` (an rlang trace). Kept as
    an R object."""
    exc, _ = target(x)
    if not isinstance(exc, BaseException):
        raise TypeError("exception_trace() needs a Python exception")
    if not user_code(_has_attribute, exc, "trace"):
        trace = _chained_r_trace(exc) or evaluation.call_function(make_trace)
        try:
            exc.trace = trace
        except Exception:
            return trace.sexp
    return result(user_code(_attribute, exc, "trace"), True)


@reporting_entry
def resignalled_exception(condition):
    """The R condition of the Python exception that brought the R condition ``condition``
    back to R (``errors.RESIGNALLED``: an ``RError``, or an exception raised from one), for
    R to make the condition it signals both (``.pyr_both``); NULL when there is none."""
    exc = errors.RESIGNALLED.exception_for(condition)
    if exc is None:
        return capi.lib.R_NilValue
    return REGISTRY.wrap(exc, True)


def _has_attribute(exc, name):
    """``hasattr(exc, name)``, False also when the attribute lookup fails."""
    try:
        return hasattr(exc, name)
    except Exception:
        return False


def _chained_r_trace(exc):
    """The R trace (an ``RObject``) of the first exception in ``exc``'s chain that has
    one (a Python exception that reached R, or an ``RError``), or None."""
    for current in errors.exception_chain(exc):
        trace = _attribute(current, "trace")
        if isinstance(trace, RObject):
            return trace
    return None


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _user_frames(tb):
    """The formatted traceback entries, without the bridge's own frames."""
    if tb is None:
        return []
    frames = [f for f in traceback.extract_tb(tb)
              if not os.path.abspath(f.filename).startswith(_PACKAGE_DIR + os.sep)]
    return traceback.format_list(frames)


@entry
def clear_last_error():
    errors.LAST_ERROR.clear()
    return capi.lib.R_NilValue


@entry
def set_last_error(exception):
    exc = REGISTRY.to_python(exception)
    if not isinstance(exc, BaseException):
        raise TypeError("py_last_error() needs NULL, a py_error or a Python exception")
    errors.LAST_ERROR.record(exc)
    return capi.lib.R_NilValue



@entry
def capture_begin(stdout, stderr):
    return capi.lib.Rf_ScalarInteger(console.begin_capture(as_flag(stdout), as_flag(stderr)))


@entry
def capture_end(token):
    return capi.mkstring(console.end_capture(capi.lib.INTEGER(token)[0]))


@entry
def stdout_to_r_begin():
    """knitr's chunk hook: what Python prints goes into R's output while a chunk runs."""
    console.stdout_to_r(True)
    return capi.lib.R_NilValue


@entry
def stdout_to_r_end():
    console.stdout_to_r(False)
    return capi.lib.R_NilValue


_warning_filters = []


@entry
def warnings_suppress_begin():
    catcher = warnings.catch_warnings()
    catcher.__enter__()
    warnings.simplefilter("ignore")
    _warning_filters.append(catcher)
    return capi.lib.Rf_ScalarInteger(len(_warning_filters))


@entry
def warnings_suppress_end(token):
    depth = capi.lib.INTEGER(token)[0]
    while len(_warning_filters) >= depth:
        _warning_filters.pop().__exit__(None, None, None)
    return capi.lib.R_NilValue




@entry
def host_config():
    return REGISTRY.to_r(introspection.host_config())


@entry
def set_seed(seed, disable_hash_randomization):
    import random
    value = capi.lib.INTEGER(seed)[0]
    random.seed(value)
    numpy = sys.modules.get("numpy") or _optional_import("numpy")
    if numpy is not None:
        numpy.random.seed(value)
    if as_flag(disable_hash_randomization):
        os.environ["PYTHONHASHSEED"] = "0"
    return capi.lib.R_NilValue


def _optional_import(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@entry
def save_object(x, filename, module):
    obj, _ = target(x)
    pickler = importlib.import_module(as_string(module))
    with open(as_string(filename), "wb") as handle:
        user_code(pickler.dump, obj, handle)
    return capi.lib.R_NilValue


@entry
def load_object(filename, module, convert):
    pickler = importlib.import_module(as_string(module))
    with open(as_string(filename), "rb") as handle:
        value = user_code(pickler.load, handle)
    return result(value, as_flag(convert))
