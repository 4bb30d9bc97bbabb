"""How R enters Python: each entry is a cffi callback R calls through
``.External(.ops$name, ...)`` (an external pointer tagged ``native symbol``).

An entry receives R values, runs Python and returns an R value; it never
raises into R. A Python exception, an R condition that crossed Python, an
interrupt or R warnings collected on the way come back as a ``.pyr_signal``
list that the R side re-signals (``.pyr_raise`` in r/pyreticulate/R/py-bridge.R).
"""
from ..runtime import errors, evaluation, threads
from ..convert.registry import REGISTRY
from ..libr import capi, vectors
from ..runtime.handles import RObject
from ..libr.protect import protected
from ..libr.capi import ffi

ENTRIES = {}
_sentinels = {}


def entry(fn):
    """Expose ``fn(*sexps) -> SEXP`` to R as ``.ops$<name>``."""
    name = fn.__name__

    def callback(args):
        return _run(fn, args)

    ENTRIES[name] = ffi.callback("SEXP(SEXP)", callback, onerror=_escaped)
    return fn


def _escaped(exc_type, exc, tb):
    """Last resort when an exception escapes an entry: an R error, never a crash."""
    if exc_type is not None and issubclass(exc_type, KeyboardInterrupt):
        return _sentinels["interrupt"].sexp
    return _sentinels["internal"].sexp


def _run(fn, args):
    with threads.BUSY, threads.in_python():
        return _run_busy(fn, args)


def _run_busy(fn, args):
    lib = capi.lib
    frame = errors.WARNINGS.enter()
    try:
        threads.check_process()
        if threads.pending():
            threads.service(force=True)
        values = []
        node = lib.CDR(args)
        nil = lib.R_NilValue
        while node != nil:
            values.append(lib.CAR(node))
            node = lib.CDR(node)
        result = fn(*values)
    except BaseException as exc:
        return _signal_for_exception(exc, errors.WARNINGS.leave(frame))
    collected = errors.WARNINGS.leave(frame)
    try:
        if collected or threads.pending():
            with protected() as keep:
                keep(result)
                threads.service(force=True)
                if collected:
                    result = _signal("value", lib.R_NilValue, result, collected)
        return result
    except BaseException as exc:
        return _signal_for_exception(exc, collected)


def _signal_for_exception(exc, collected):
    lib = capi.lib
    try:
        if isinstance(exc, KeyboardInterrupt):
            return _signal("interrupt", lib.R_NilValue, lib.R_NilValue, collected)
        if isinstance(exc, threads.ForkedProcessError):
            return _signal("error", _plain_error(str(exc)), lib.R_NilValue, collected)
        errors.LAST_ERROR.record(exc)
        original = errors.original_condition(exc)
        if original is not None:
            errors.RESIGNALLED.remember(original.condition, exc)
            return _signal("error", original.condition.sexp, lib.R_NilValue, collected)
        with protected() as keep:
            condition = keep(REGISTRY.wrap(exc, True))
            return _signal("error", condition, lib.R_NilValue, collected)
    except BaseException:
        return _sentinels["internal"].sexp


def _plain_error(message):
    """A ``simpleError`` built without evaluating R (for a forked child)."""
    lib = capi.lib
    with protected() as keep:
        condition = keep(lib.Rf_allocVector(capi.VECSXP, 2))
        lib.SET_VECTOR_ELT(condition, 0, capi.message_string(message))
        lib.Rf_setAttrib(condition, lib.R_NamesSymbol, vectors.str_vector(["message", "call"]))
        lib.Rf_setAttrib(condition, lib.R_ClassSymbol,
                         vectors.str_vector(["simpleError", "error", "condition"]))
        return condition


def _signal(kind, condition, value, collected=()):
    """The ``.pyr_signal`` list R re-signals: kind, condition, value, warnings."""
    lib = capi.lib
    with protected() as keep:
        keep(condition)
        keep(value)
        warning_list = keep(lib.Rf_allocVector(capi.VECSXP, len(collected)))
        for i, w in enumerate(collected):
            lib.SET_VECTOR_ELT(warning_list, i, w.sexp)
        out = keep(lib.Rf_allocVector(capi.VECSXP, 4))
        lib.SET_VECTOR_ELT(out, 0, capi.mkstring(kind))
        lib.SET_VECTOR_ELT(out, 1, condition)
        lib.SET_VECTOR_ELT(out, 2, value)
        lib.SET_VECTOR_ELT(out, 3, warning_list)
        lib.Rf_setAttrib(out, lib.R_NamesSymbol,
                         vectors.str_vector(["kind", "condition", "value", "warnings"]))
        lib.Rf_setAttrib(out, lib.R_ClassSymbol, capi.mkstring(".pyr_signal"))
        return out


def make_sentinels(namespace=None):
    """Pre-built signals for failures that must not allocate (once the R package is loaded)."""
    _sentinels["interrupt"] = RObject(_signal("interrupt", capi.lib.R_NilValue,
                                              capi.lib.R_NilValue))
    with protected() as keep:
        condition = keep(evaluation.call_function(
            evaluation.function("simpleError"),
            [capi.mkstring("internal error in the pyreticulate bridge; "
                           "see py_last_error()")], keep=keep))
        _sentinels["internal"] = RObject(_signal("error", condition, capi.lib.R_NilValue))
