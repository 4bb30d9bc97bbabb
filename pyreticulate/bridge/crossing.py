"""How R enters Python: each entry is a C function R calls through
``.External(.ops$name, ...)`` (an external pointer tagged ``native symbol``): with the
compiled module one of its ``pyr_entry_<i>``, which walks the arguments and calls
``pyr_dispatch`` (cffi's ``extern "Python"``), else a cffi callback.

An entry receives R values, runs Python and returns an R value; it never
raises into R. A Python exception, an R condition that crossed Python, an
interrupt or R warnings collected on the way come back as a ``.pyr_signal``
list that the R side re-signals (``.pyr_raise`` in r/pyreticulate/R/py-bridge.R).

Every exception keeps its class on the way: when its R condition cannot be made
the usual way, a plain one with the same class vector is (``_plain_condition``).
With the compiled modules, three entries (a callable's closure, ``$`` and ``r_to_py`` of a
dim-only double, complex or raw array) have a fast path in C for their commonest calls
(the bridge's own compiled module ``_crossing``, ``install_fast_path``): it does what
``_run``, ``_run_busy`` and the entry do, on the same state, makes a plain scalar result
or a proxy itself, and hands the rest (an exception, another result, collected warnings,
deferred work) to ``finish_fast``, this module's own finish. Everything the C code reads
or updates of the Python layers is handed over in one ``CrossingContract``.

An entry nested in another (R -> Python -> R -> Python) refuses to run within
``RECURSION_MARGIN`` frames of Python's recursion limit, or near the end of R's
C stack (probes of constant cost), raising a ``RecursionError`` that names the
recursion across the bridge: what is left is what reporting the error back to R
needs, through the entries the evaluation's condition handler calls
(``reporting_entry``), which run at any depth. (An entry not nested in another
is not checked: it is the commonest call, and it cannot be part of such a
recursion.)
"""
import sys

from ..runtime import errors, evaluation, handles, threads
from ..convert import proxies, registry
from ..convert.registry import REGISTRY
from ..convert.rules import arrays, callables
from ..libr import capi, cstack, text, vectors
from ..pyobjects import classes
from ..runtime.handles import RObject
from ..libr.protect import protected
from ..libr.capi import ffi
from .arguments import hinted as _hinted, result as _result

ENTRIES = {}
_DISPATCH = []      # (fn, check) by entry number, for the compiled entries
_NUMBERS = {}       # entry number by name, for the compiled entries
_FAST_KINDS = {"call_formals": 1, "get_attr": 2, "r_to_py": 3}   # _crossing.c's PYR_FAST_*
_fast_objects = []  # what the compiled fast path holds, kept alive here
_sentinels = {}
_nesting = [0]      # how many entries are running, nested in one another
RECURSION_MARGIN = 60


def entry(fn, reporting=False):
    """Expose ``fn(*sexps) -> SEXP`` to R as ``.ops$<name>``.

    ``reporting``: the entry reports on an evaluation in progress (its condition
    handler's); it runs however deep the stack is, since an error's way back to R
    goes through it.
    """
    name = fn.__name__
    compiled = capi.entry_function(len(_DISPATCH))
    if compiled is not None:
        _NUMBERS[name] = len(_DISPATCH)
        _DISPATCH.append((fn, not reporting))
        ENTRIES[name] = compiled
        return fn

    def callback(args):
        return _run(fn, _arguments(args), not reporting)

    ENTRIES[name] = ffi.callback("SEXP(SEXP)", callback, onerror=_escaped)
    return fn


def _escaped(exc_type, exc, tb):
    """Last resort when an exception escapes an entry: an R error, never a crash."""
    if exc_type is not None and issubclass(exc_type, KeyboardInterrupt):
        return _sentinels["interrupt"].sexp
    return _sentinels["internal"].sexp


if capi.entry_function(0) is not None:
    @ffi.def_extern(onerror=_escaped)
    def pyr_dispatch(index, arguments, count):
        """The compiled entry number ``index`` was called with ``count`` arguments
        (-1: too many to pass, ``arguments[0]`` is the whole call)."""
        fn, check = _DISPATCH[index]
        values = ffi.unpack(arguments, count) if count >= 0 else _arguments(arguments[0])
        return _run(fn, values, check)


def reporting_entry(fn):
    """``entry(fn, reporting=True)``."""
    return entry(fn, reporting=True)


def _run(fn, values, check=True):
    _nesting[0] += 1
    try:
        with threads.HOLD:
            return _run_busy(fn, values, check)
    finally:
        _nesting[0] -= 1


def nesting():
    """How many R → Python entries are running, nested in one another."""
    return _nesting[0]


def _room(frames):
    """Recurse ``frames`` deep: a RecursionError unless that many frames are left."""
    if frames:
        _room(frames - 1)


def _check_recursion():
    """Refuse to run Python within ``RECURSION_MARGIN`` frames of Python's recursion
    limit, or within an eighth of R's C stack of its end (``cstack``).

    The frame probe costs the same at any depth, and measures Python's own count
    (not the frames on the stack: calls made from C count too).
    """
    try:
        _room(RECURSION_MARGIN)
    except RecursionError:
        raise RecursionError(_recursion_message(
            "Python's stack is near its limit (sys.getrecursionlimit() is "
            f"{sys.getrecursionlimit()})", "or raise the limit with sys.setrecursionlimit()")
        ) from None
    room = cstack.room()
    if room is not None and room < cstack.limit() // 8:
        raise RecursionError(_recursion_message(
            f"R's C stack is nearly used up ({(cstack.limit() - room) / 2 ** 20:.1f} of "
            f"{cstack.limit() / 2 ** 20:.1f} MB, see Cstack_info() in R)",
            "or run with a larger stack (ulimit -s)"))


def _recursion_message(what, remedy):
    return (f"maximum recursion depth exceeded in a recursion that crosses between R and "
            f"Python: {_nesting[0]} calls from R into Python are nested (R -> Python -> R "
            f"-> ...), and {what}. Look for a recursion that does not end, {remedy}")


def _run_busy(fn, values, check):
    frame = errors.WARNINGS.enter()
    try:
        threads.check_process()
        if check and _nesting[0] > 1:
            _check_recursion()
        if threads.pending():
            threads.service()
        result = fn(*values)
    except BaseException as exc:
        return _signal_for_exception(exc, errors.WARNINGS.leave(frame), check)
    return _finish(result, frame, check)


def _finish(result, frame, check):
    """What R gets for an entry's ``result``: with the warnings ``frame`` collected, and
    the work queued meanwhile done."""
    collected = errors.WARNINGS.leave(frame)
    try:
        if collected or threads.pending():
            with protected() as keep:
                keep(result)
                threads.service()
                if collected:
                    result = _signal("value", capi.lib.R_NilValue, result, collected)
        return result
    except BaseException as exc:
        return _signal_for_exception(exc, collected, check)


def finish_fast(value, exc, frame, convert, array):
    """The end of a crossing the compiled fast path began: the Python ``value`` it got
    (or the exception ``exc`` it raised) converted per ``convert`` (for ``r_to_py()`` of
    the array at the address ``array``, not 0: its hinted proxy), with the warnings
    ``frame`` collected; the R value as its address (never raises)."""
    try:
        if exc is None:
            try:
                out = _result(value, convert) if not array else \
                    _hinted(value, ffi.cast("SEXP", array), convert)
                sexp = _finish(out, frame, True)
            except BaseException as failure:
                sexp = _signal_for_exception(failure, errors.WARNINGS.leave(frame), True)
        else:
            sexp = _signal_for_exception(exc, errors.WARNINGS.leave(frame), True)
    except BaseException:
        sexp = _sentinels["internal"].sexp
    return int(ffi.cast("uintptr_t", sexp))


def _crossing_module():
    """The bridge's compiled module (``_crossing.c``), or None on the pure-Python path."""
    if capi.fast is None:
        return None
    try:
        from . import _crossing
    except ImportError:
        return None
    return _crossing


class CrossingContract:
    """Everything ``_crossing.c`` reads or updates of the Python layers, by name: the
    C side declares the same ``FIELDS`` in the same order (``PYR_CONTRACT_FIELDS``) and
    the same ``version``, and its install checks both, each field's kind and the dict
    keys and attribute names it uses, failing with a message that names the mismatch."""

    version = 3
    FIELDS = ("threads_state", "suspended", "waiting", "entering", "deferred", "notify",
              "resume", "leave", "nesting", "finish_fast", "warnings", "scopes", "array_view",
              "refs", "refs_entries", "pins_nothing", "class_addresses", "canonical",
              "canonical_by_pointer", "robject", "finalizer_failed",
              "records", "record_class", "requests", "resignalled", "sexp_address", "compiled",
              "method_calls")
    __slots__ = FIELDS

    def __init__(self, **fields):
        missing = set(self.FIELDS) - set(fields)
        if missing:
            raise TypeError(f"the crossing's contract lacks {', '.join(sorted(missing))}")
        for name, value in fields.items():
            setattr(self, name, value)


class ContractMismatch(RuntimeError):
    """The bridge's compiled module and the Python code disagree on their contract."""


def install_fast_path(namespace=None):
    """Hand the bridge's compiled module its contract (once the R package is loaded, after
    the callables' pieces) and plug it into libr's entries and finalizers; it stays
    closed while any user rule is registered."""
    crossing = _crossing_module()
    calls = evaluation.fast_call_state()
    if crossing is None or calls is None:
        return
    objects, (handlers, guard) = calls
    contract = CrossingContract(
        **threads.crossing_state(), nesting=_nesting, finish_fast=finish_fast,
        warnings=errors.WARNINGS, scopes=registry.conversion_scopes(),
        array_view=arrays.plain_array_view, **handles.compiled_state(),
        **proxies.compiled_state(), **objects, method_calls=classes.method_calls())
    _fast_objects[:] = [contract]
    error = crossing.ffi.new("char[]", 512)
    if crossing.lib.pyr_contract_install(id(contract), _as_crossing_sexp(
            crossing, callables.missing_marker()), _as_crossing_sexp(crossing, handlers.sexp),
            _as_crossing_sexp(crossing, guard.sexp), error, 512) != 0:
        raise ContractMismatch("the bridge's compiled module does not match this code: "
                               + crossing.ffi.string(error).decode())
    for name, kind in _FAST_KINDS.items():
        if name in _NUMBERS:
            crossing.lib.pyr_crossing_set_kind(_NUMBERS[name], kind)
    fast = capi.fast
    fast.pyr_entry_fast = capi.ffi.cast("SEXP(*)(int, SEXP)", _address_of(
        crossing, "pyr_crossing_fast"))
    fast.pyr_xptr_finalized = capi.ffi.cast("void(*)(uintptr_t, SEXP, int)", _address_of(
        crossing, "pyr_proxy_finalized"))
    callables.enable_fast_call(evaluation.compiled_call())
    _fast_objects.append(crossing)
    if _open_fast_path not in REGISTRY.user_rules_watchers:
        REGISTRY.watch_user_rules(_open_fast_path)
    else:
        _open_fast_path(REGISTRY.has_user_rules())


def _as_crossing_sexp(crossing, sexp):
    """A SEXP of libr's cffi module as the bridge module's type (the same pointer)."""
    return crossing.ffi.cast("SEXP", capi.address(sexp))


def _address_of(crossing, name):
    """The address of the bridge module's C function ``name``."""
    return int(crossing.ffi.cast("uintptr_t", crossing.ffi.addressof(crossing.lib, name)))


def _open_fast_path(has_user_rules):
    _crossing_module().lib.pyr_crossing_open = 0 if has_user_rules else 1


def _arguments(args):
    """The arguments of a ``.External`` call, after the entry's own pointer."""
    lib = capi.lib
    values = []
    node = lib.CDR(args)
    nil = lib.R_NilValue
    while node != nil:
        values.append(lib.CAR(node))
        node = lib.CDR(node)
    return values


def _signal_for_exception(exc, collected, last=True):
    """The ``.pyr_signal`` for ``exc``; ``last``: it becomes ``py_last_error()`` (not for a
    reporting entry's own failure, which R ignores)."""
    lib = capi.lib
    try:
        if isinstance(exc, KeyboardInterrupt):
            return _signal("interrupt", lib.R_NilValue, lib.R_NilValue, collected)
        if isinstance(exc, threads.ForkedProcessError):
            return _signal("error", _plain_error(str(exc)), lib.R_NilValue, collected)
        if last:
            errors.LAST_ERROR.record(exc, outermost=evaluation.evaluations_running() <= 1)
        original = errors.original_condition(exc)
        if original is not None:
            errors.RESIGNALLED.remember(original, exc, evaluation.evaluations_running() - 1)
            return _signal("error", original.sexp, lib.R_NilValue, collected,
                           origin=f"condition {capi.address(original.sexp)}")
        with protected() as keep:
            try:
                condition = keep(REGISTRY.wrap(exc, True))
            except Exception as failure:
                condition = keep(_plain_condition(exc, failure))
            return _signal("error", condition, lib.R_NilValue, collected,
                           origin=f"exception {id(exc)}")
    except KeyboardInterrupt:
        return _sentinels["interrupt"].sexp
    except BaseException:
        return _sentinels["internal"].sexp


def _plain_condition(exc, failure):
    """The condition for ``exc`` when its usual one (a proxy) could not be made: its
    message and class vector (without R class filters), no Python object behind it."""
    message = (f"{errors.exception_message(exc)}\n(its R condition could not be made: "
               f"{errors.exception_message(failure)})")
    return _plain_error(message, proxies.class_names(type(exc)))


def _plain_error(message, classes=("simpleError", "error", "condition")):
    """A condition built without evaluating R (for a forked child, or a failure above)."""
    lib = capi.lib
    with protected() as keep:
        condition = keep(lib.Rf_allocVector(capi.VECSXP, 2))
        lib.SET_VECTOR_ELT(condition, 0, capi.message_string(message))
        lib.Rf_setAttrib(condition, lib.R_NamesSymbol, vectors.str_vector(["message", "call"]))
        lib.Rf_setAttrib(condition, lib.R_ClassSymbol,
                         vectors.str_vector([text.displayable(name) for name in classes]))
        return condition


def _signal(kind, condition, value, collected=(), origin=None):
    """The ``.pyr_signal`` list R re-signals: kind, condition, value, warnings, and for an
    error the ``origin`` that tells R the same error came back up (``.pyr_raise``)."""
    lib = capi.lib
    with protected() as keep:
        keep(condition)
        keep(value)
        warning_list = keep(lib.Rf_allocVector(capi.VECSXP, len(collected)))
        for i, w in enumerate(collected):
            lib.SET_VECTOR_ELT(warning_list, i, w.sexp)
        out = keep(lib.Rf_allocVector(capi.VECSXP, 5))
        lib.SET_VECTOR_ELT(out, 0, capi.mkstring(kind))
        lib.SET_VECTOR_ELT(out, 1, condition)
        lib.SET_VECTOR_ELT(out, 2, value)
        lib.SET_VECTOR_ELT(out, 3, warning_list)
        lib.SET_VECTOR_ELT(out, 4, lib.R_NilValue if origin is None else capi.mkstring(origin))
        lib.Rf_setAttrib(out, lib.R_NamesSymbol,
                         vectors.str_vector(["kind", "condition", "value", "warnings",
                                             "origin"]))
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
