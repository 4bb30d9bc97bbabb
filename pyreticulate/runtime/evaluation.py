"""Python calling into R.

Every evaluation runs under ``R_tryEval`` as

    { .Internal(.addCondHands("condition", list(.pyr_capture_condition), ...)); <expr> }

so one constant calling handler is in place for the evaluation (R drops it
when ``R_tryEval``'s top-level context ends). The handler reports an error
(with ``sys.calls()``), an interrupt or a warning to Python through
``.External`` (``capture_*`` below, innermost evaluation first), then leaves
through the ``abort`` restart, or muffles the warning. So R's longjmp never
crosses a Python frame, the original condition object reaches Python, and
warnings raised before an error are still delivered.

``call_function`` inlines small argument values (length-1 or short
attribute-free vectors, ``NULL``) in the call and binds the others to
symbols ``.pyr_1``, ... in a fresh frame, so deparsing and tracebacks stay
small. A named function is called through its name, bound in a small
environment of its own, so ``sys.call()`` and error messages read ``f(...)``.
Callers must hold the result in a ``protected()`` scope (or an
``RObject``) before allocating again.
"""
import contextlib
import re

from . import errors, interrupts, threads
from ..libr import capi, vectors
from . import handles
from .handles import RObject
from ..libr.protect import protected
from ..libr.capi import ffi

_template = {}
_records = []
_error_flag = ffi.new("int *")
INLINE_LENGTH = 8


class _Record:
    """What the condition handler reported during one evaluation."""

    __slots__ = ("condition", "trace", "warnings", "deferred", "interrupted", "aborted")

    def __init__(self):
        self.condition = self.trace = self.aborted = None
        self.warnings = []
        self.deferred = []
        self.interrupted = False


def capture_error(condition, trace):
    if _records:
        _records[-1].condition, _records[-1].trace = RObject(condition), RObject(trace)


def capture_warning(condition):
    if _records:
        _records[-1].warnings.append(RObject(condition))


def capture_interrupt():
    if _records:
        _records[-1].interrupted = True


def capture_condition(deferred):
    """A condition other than an error, warning or message (``.pyr_deferred``: it and its
    restarts), to signal again for the R caller when the Python call returns."""
    if _records:
        _records[-1].deferred.append(RObject(deferred))


def capture_abort(arguments):
    """The ``abort`` restart of a guarded call was invoked, with ``arguments`` (an R list)."""
    if _records:
        _records[-1].aborted = RObject(arguments)


def install_handlers(namespace):
    """Build the handler-installing call from the R package (once it is loaded)."""
    lib = capi.lib
    _template["namespace"] = RObject(namespace)
    handler = binding(namespace, ".pyr_capture_condition")
    with protected() as keep:
        handlers = keep(lib.Rf_allocVector(capi.VECSXP, 1))
        lib.SET_VECTOR_ELT(handlers, 0, handler.sexp)
        arguments = lib.R_NilValue
        for value in reversed((keep(capi.mkstring("condition")), handlers, lib.R_GlobalEnv,
                               lib.R_NilValue, lib.R_TrueValue)):
            arguments = keep(lib.Rf_cons(value, arguments))
        add = keep(lib.Rf_lcons(capi.sym(".addCondHands"), arguments))
        internal = keep(lib.Rf_lcons(function(".Internal"), lib.Rf_cons(add, lib.R_NilValue)))
        _template.update(add_handlers=RObject(internal), brace=RObject(function("{")),
                         handlers=RObject(handlers),
                         info=binding(namespace, ".pyr_condition_info"),
                         guard=binding(namespace, ".pyr_guarded"),
                         compiled_guard=binding(namespace, ".pyr_guarded_compiled"))
    _blocks.clear()
    vectors.use_r_helpers(_call_helper)


def _call_helper(name, args, keep):
    """``name(args)`` for a function of the R package (``vectors``' R helpers)."""
    return call_function(function(name), args, keep=keep)


_blocks = []


def _block(depth):
    """The ``{ <install handler>; <expr> }`` call for evaluations nested ``depth`` deep.

    One per depth, made once: an evaluation puts its expression in the last
    slot and takes it out again afterwards.
    """
    while len(_blocks) <= depth:
        lib = capi.lib
        with protected() as keep:
            block = keep(lib.Rf_lcons(_template["brace"].sexp, lib.Rf_cons(
                _template["add_handlers"].sexp, lib.Rf_cons(lib.R_NilValue, lib.R_NilValue))))
            _blocks.append((RObject(block), lib.CDR(lib.CDR(block))))
    return _blocks[depth][1]


def binding(env, name):
    """The value bound to ``name`` in ``env`` itself (lazy-load promises forced), as an RObject."""
    lib = capi.lib
    value = lib.Rf_findVarInFrame3(env, capi.sym(name), 1)
    if value == lib.R_UnboundValue:
        raise LookupError(f"{name!r} is not bound in that R environment")
    if lib.TYPEOF(value) == capi.PROMSXP:
        with protected() as keep:
            value = evaluate(capi.sym(name), env, keep)
            return RObject(value)
    return RObject(value)



def evaluate(expr, env, keep):
    """Evaluate ``expr`` in ``env``, owning R; the value is protected in ``keep``."""
    threads.check_process()
    lib = capi.lib
    with threads.HOLD:
        if interrupts.take_pending():
            raise KeyboardInterrupt()
        if "add_handlers" not in _template:
            return keep(_try_eval_bare(expr, env))
        depth = len(_records)
        slot = _block(depth)
        lib.SETCAR(slot, expr)
        requests = interrupts.requests()
        record = _Record()
        _records.append(record)
        try:
            value = lib.R_tryEval(_blocks[depth][0].sexp, env, _error_flag)
            failed = _error_flag[0] or record.aborted is not None
        finally:
            _records.pop()
            lib.SETCAR(slot, lib.R_NilValue)
        return finish_evaluation(value, failed, record, depth, requests, keep)


def finish_evaluation(value, failed, record, depth, requests, keep):
    """The end of ``evaluate`` once R returned: ``value`` kept unless ``failed``, what the
    handler reported in ``record`` delivered (warnings, deferred conditions) or raised
    (the failure, a Ctrl-C); also the compiled call's end (``fast_call_state``)."""
    if not failed:
        keep(value)
    if record.warnings:
        errors.WARNINGS.add(record.warnings, condition_message)
    if record.deferred:
        errors.WARNINGS.add_deferred(record.deferred)
    if failed:
        failure = _failure(record, interrupts.requests() != requests)
        if errors.RESIGNALLED.entries:
            errors.RESIGNALLED.release(depth)
        raise failure
    if errors.RESIGNALLED.entries:
        errors.RESIGNALLED.release(depth)
    if interrupts.take_pending():
        raise KeyboardInterrupt()
    return value


class SexpAddress(int):
    """The address of an R value its caller keeps alive, as an argument of the compiled
    call (``compiled_call``), which passes the value itself."""

    __slots__ = ()


_compiled = {}


def fast_call_state():
    """What the compiled call of an R function (``bridge/_crossing.c``'s ``pyr_r_call``)
    reads and updates as ``evaluate`` does, by the names of the bridge's contract: the
    records, their class, the Ctrl-C counter and the re-signalled conditions,
    ``SexpAddress`` and the dict it is put in; and the pieces of its guard (the condition
    handlers ``evaluate`` installs, ``.pyr_guarded_compiled``, whose body the compiled
    module builds). None before the R package is loaded."""
    if "compiled_guard" not in _template:
        return None
    _compiled.clear()
    return ({"records": _records, "record_class": _Record,
             "requests": interrupts.request_counter(),
             "resignalled": errors.RESIGNALLED.entries, "sexp_address": SexpAddress,
             "compiled": _compiled}, (_template["handlers"], _template["compiled_guard"]))


def compiled_call():
    """The compiled call (``call(head, env, arguments)``) once installed, else None."""
    return _compiled.get("call")


def evaluations_running():
    """How many evaluations (Python → R) are in progress, nested in one another."""
    return len(_records)


def _try_eval_bare(expr, env):
    """Evaluation before the R package is loaded: only the message survives an error."""
    error = ffi.new("int *")
    value = capi.lib.R_tryEval(expr, env, error)
    if error[0]:
        raise errors.RError(geterrmessage().strip())
    return value


def _failure(record, interrupted=False):
    """The exception for an evaluation R abandoned; ``interrupted``: a Ctrl-C was handed
    to R meanwhile (R may act on it before the handler is in place)."""
    if record.condition is not None:
        return condition_to_exception(record.condition, record.trace)
    if interrupted or record.interrupted:
        return KeyboardInterrupt()
    if record.aborted is not None:
        lib = capi.lib
        arguments = record.aborted.sexp
        if arguments == lib.R_NilValue:
            # R's own jump to the top level (jump_to_top_ex invokes "abort" with NULL):
            # what it does with a Ctrl-C no handler took, which no handler reported
            return KeyboardInterrupt()
        # only R calls that cannot fail here: an R error raised from this Python code
        # would jump to whichever R context is innermost, another thread's too
        if lib.TYPEOF(arguments) == capi.VECSXP and lib.XLENGTH(arguments) >= 1:
            first = lib.VECTOR_ELT(arguments, 0)
            if "condition" in vectors.class_names(first):
                return condition_to_exception(RObject(first))
    return errors.RError("R evaluation aborted")


def condition_to_exception(condition, trace=None):
    """The Python exception for an R condition: the original Python one if it came from Python."""
    lib = capi.lib
    origin = lib.Rf_getAttrib(condition.sexp, capi.sym("py_object"))
    pointer = handles.env_pointer(origin) if lib.TYPEOF(origin) == capi.ENVSXP else None
    if pointer is not None:
        exc = handles.xptr_object(pointer)
        if isinstance(exc, BaseException):
            with contextlib.suppress(AttributeError):
                exc.__r_condition__ = condition
            return exc
    resignalled = errors.RESIGNALLED.exception_for(condition.sexp)
    if resignalled is not None:
        return resignalled
    with protected() as keep:
        try:
            info = call_function(_template["info"].sexp,
                                 [condition.sexp, trace.sexp if trace else lib.R_NilValue],
                                 keep=keep)
        except errors.RError as failure:
            return errors.RError(f"<the R condition could not be read: {failure.r_message}>",
                                 condition=condition, r_class=vectors.class_names(condition.sexp))
        message = _text(lib.VECTOR_ELT(info, 0))
        call = _text(lib.VECTOR_ELT(info, 1))
        r_class = vectors.strings(lib.VECTOR_ELT(info, 2))
        r_trace = vectors.strings(lib.VECTOR_ELT(info, 3))
        rlang_trace = lib.VECTOR_ELT(info, 4)
        exc = errors.RError(message or "", condition=condition, call=call, r_class=r_class,
                            r_trace=r_trace)
        if rlang_trace != lib.R_NilValue:
            exc.trace = RObject(rlang_trace)
    return exc


def _text(sexp):
    """The first string of a character vector as text (bytes that are not UTF-8 shown as
    ``\\xff``), or None."""
    lib = capi.lib
    if lib.TYPEOF(sexp) != capi.STRSXP or lib.XLENGTH(sexp) < 1:
        return None
    c = lib.STRING_ELT(sexp, 0)
    if c == lib.R_NaString:
        return None
    return capi.charsxp_text(c)


def call_function(fn, args=(), kwargs=(), keep=None, home=None, all_small=False,
                  guarded=False):
    """Call the R function ``fn`` with R values (``kwargs``: a dict or ``(name, value)`` pairs).

    ``home`` (from ``function_home``) calls ``fn`` through its name. Small values are
    inlined in the call; the others are bound to ``.pyr_<position>`` in a fresh frame.
    ``all_small``: the caller knows every value is small (made from Python scalars).
    ``guarded``: the call runs inside ``.pyr_guarded()``, an ``abort`` restart of its
    own, so that ``invokeRestart("abort", condition)`` raises that condition in Python
    (R functions that Python code calls).
    """
    lib = capi.lib
    head = fn if home is None else home[0]
    env = lib.R_GlobalEnv if home is None else home[1].sexp
    if all_small and not kwargs and keep is not None:
        return evaluate(_call_of(head, args, None, guarded, keep), env, keep)
    own = keep is None
    scope = protected() if own else keep
    try:
        with threads.HOLD:
            items = [(None, value) for value in args] + list(
                kwargs.items() if isinstance(kwargs, dict) else kwargs)
            frame = None
            for position, (name, value) in enumerate(items):
                if not all_small and not _inlinable(value):
                    if frame is None:
                        frame = scope(lib.R_NewEnv(env, 0, 0))
                    symbol = capi.sym(f".pyr_{position + 1}")
                    lib.Rf_defineVar(symbol, value, frame)
                    items[position] = (name, symbol)
            tags = [None if name is None else capi.sym(name) for name, _ in items]
            call = _call_of(head, [value for _, value in items], tags, guarded, scope)
        value = evaluate(call, env if frame is None else frame, scope)
        return RObject(value) if own else value
    finally:
        if own:
            scope.__exit__()


def _call_of(head, values, tags, guarded, keep):
    """The call ``head(<values>)`` (``tags``: a symbol or None per value, or None for no
    names), inside ``.pyr_guarded()`` when ``guarded``; protected in ``keep``."""
    lib = capi.lib
    # Only conses here, and each protects its arguments while it allocates, so the
    # chain needs no protection until it is complete.
    tail = lib.R_NilValue
    for position in range(len(values) - 1, -1, -1):
        tail = lib.Rf_cons(values[position], tail)
        if tags is not None and tags[position] is not None:
            lib.SET_TAG(tail, tags[position])
    call = keep(lib.Rf_lcons(head, tail))
    if guarded and "guard" in _template:
        call = keep(lib.Rf_lcons(_template["guard"].sexp, lib.Rf_cons(call, lib.R_NilValue)))
    return call


def function_home(fn, name):
    """``(symbol, environment)`` to call ``fn`` by ``name`` (a syntactic R name), or None."""
    if not name or not is_syntactic_name(name) or name.startswith(".pyr_"):
        return None
    lib = capi.lib
    with protected() as keep:
        env = keep(lib.R_NewEnv(lib.R_GlobalEnv, 0, 0))
        symbol = capi.sym(name)
        lib.Rf_defineVar(symbol, fn, env)
        return symbol, RObject(env)


_INLINE_TYPES = frozenset((capi.NILSXP, capi.LGLSXP, capi.INTSXP, capi.REALSXP, capi.CPLXSXP,
                           capi.STRSXP, capi.RAWSXP, capi.ENVSXP))


def _inlinable(value):
    """Cheap to deparse: NULL, an environment, or a short attribute-free vector."""
    lib = capi.lib
    kind = lib.TYPEOF(value)
    if kind not in _INLINE_TYPES:
        return False
    if kind == capi.NILSXP or kind == capi.ENVSXP:
        return True
    return lib.ATTRIB(value) == lib.R_NilValue and lib.XLENGTH(value) <= INLINE_LENGTH


_SYNTACTIC = re.compile(r"(?:[A-Za-z]|[.](?![0-9]))[A-Za-z0-9._]*")
_RESERVED = frozenset({
    "if", "else", "repeat", "while", "function", "for", "next", "break", "in", "TRUE",
    "FALSE", "NULL", "Inf", "NaN", "NA", "NA_integer_", "NA_real_", "NA_character_",
    "NA_complex_"})


def is_syntactic_name(text):
    """Whether ``text`` is an R name usable without backquotes."""
    return bool(_SYNTACTIC.fullmatch(text)) and text not in _RESERVED


def function(name):
    """A function from the pyreticulate namespace (or what it sees)."""
    lib = capi.lib
    env = _template["namespace"].sexp if _template else lib.R_BaseEnv
    value = lib.Rf_findVar(capi.sym(name), env)
    if value == lib.R_UnboundValue:
        raise LookupError(f"R function {name!r} not found")
    if lib.TYPEOF(value) == capi.PROMSXP:
        with protected() as keep:
            value = evaluate(capi.sym(name), env, keep)
    return value


def parse(text):
    """Parse R source text into an expression vector (an ``RObject``)."""
    with protected() as keep:
        return RObject(evaluate(keep(_parse_call(text)), capi.lib.R_BaseEnv, keep))


def _parse_call(text):
    lib = capi.lib
    with protected() as keep:
        source = keep(capi.mkstring(text))
        args = keep(lib.Rf_cons(source, lib.Rf_cons(lib.Rf_ScalarLogical(0), lib.R_NilValue)))
        lib.SET_TAG(args, capi.sym("text"))
        lib.SET_TAG(lib.CDR(args), capi.sym("keep.source"))
        return lib.Rf_lcons(capi.sym("parse"), args)


def eval_text(text, env=None):
    """Parse and evaluate R code; the value of the last expression (an ``RObject``)."""
    lib = capi.lib
    env = lib.R_GlobalEnv if env is None else env
    exprs = parse(text)
    value = RObject(lib.R_NilValue)
    with protected() as keep:
        for i in range(lib.LENGTH(exprs.sexp)):
            value = RObject(evaluate(lib.VECTOR_ELT(exprs.sexp, i), env, keep))
    return value


def geterrmessage():
    error = ffi.new("int *")
    lib = capi.lib
    with protected() as keep:
        call = keep(lib.Rf_lcons(capi.sym("geterrmessage"), lib.R_NilValue))
        value = lib.R_tryEval(call, lib.R_BaseEnv, error)
        if error[0] or lib.TYPEOF(value) != capi.STRSXP:
            return "R evaluation failed"
        return capi.charsxp_str(lib.STRING_ELT(value, 0))


def condition_message(condition):
    with protected() as keep:
        value = call_function(function("conditionMessage"), [condition.sexp], keep=keep)
        return "".join(vectors.strings(value))


def error_text(exc):
    """R's top-level message for an error that ended an evaluation (``Error in f() : ...``),
    as scripts, the console and notebook cells print it."""
    condition = getattr(exc, "condition", None) if isinstance(exc, errors.RError) else \
        getattr(exc, "__r_condition__", None)
    if condition is None:
        return f"Error: {errors.exception_message(exc)}"
    with protected() as keep:
        text = call_function(function(".pyr_error_text"), [condition.sexp], keep=keep)
        return "".join(vectors.strings(text))
