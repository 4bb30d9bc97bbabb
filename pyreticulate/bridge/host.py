"""Entries for errors (``py_last_error``), output capture, warnings and the host (seeds, pickling)."""
import importlib
import os
import sys
import traceback
import warnings

from ..runtime import console, errors
from ..pyobjects import introspection
from ..convert import proxies
from ..libr import capi, vectors
from ..libr.protect import protected
from ..convert.registry import REGISTRY
from .arguments import as_flag, as_string, result, target, user_code
from .crossing import entry


@entry
def last_error():
    """The fields of ``py_last_error()`` (R adds ``r_call`` and a missing ``r_trace``)."""
    last = errors.LAST_ERROR.value
    if last is None:
        return capi.lib.R_NilValue
    exc = last["exception"]
    frames = _user_frames(exc.__traceback__)
    r_class = getattr(exc, "r_class", None) or \
        proxies.filtered_class_names(type(exc))
    message = traceback.format_exception_only(type(exc), exc)
    if frames:
        message = ["Traceback (most recent call last):\n", *frames, *message]
    fields = {
        "type": type(exc).__name__,
        "value": str(exc),
        "traceback": frames,
        "message": "".join(message),
        "r_class": list(r_class),
        "r_trace": list(getattr(exc, "r_trace", None) or []),
    }
    lib = capi.lib
    with protected() as keep:
        out = keep(lib.Rf_allocVector(capi.VECSXP, len(fields) + 1))
        for i, value in enumerate(fields.values()):
            lib.SET_VECTOR_ELT(out, i, vectors.str_vector(value) if isinstance(value, list)
                               else capi.mkstring(value))
        lib.SET_VECTOR_ELT(out, len(fields), REGISTRY.wrap(exc, True))
        lib.Rf_setAttrib(out, lib.R_NamesSymbol, vectors.str_vector([*fields, "exception"]))
        return out


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
