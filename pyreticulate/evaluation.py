"""Python calling into R.

Every evaluation runs under ``R_tryEval`` in a fresh environment ``F`` that
holds only the function and its arguments (bound to symbols, never inlined in
the call, so deparsing and tracebacks stay small). ``F``'s parent is a fresh
environment ``H`` holding a condition handler whose closure environment is
``H``:

    withCallingHandlers(.pyr_fn(.pyr_1, name = .pyr_2), condition = .pyr_handler)

The handler records an error (with ``sys.calls()``) or an interrupt in ``H`` and
jumps out through the ``abort`` restart, and muffles warnings after recording
them, so R's longjmp never crosses a Python frame and the original condition
object reaches Python; warnings recorded before an error are still delivered.
The called function sees (``parent.frame()``) nothing but its arguments.
Callers must hold the result they get in a ``handles.protected`` scope (or an
``RObject``) before allocating again.
"""
import re

from . import errors, interrupts, rapi, threads
from .handles import RObject, protected
from .rapi import ffi

_template = {}


def install_handlers(namespace):
    """Use the R package's condition handler (called once the package is loaded)."""
    _template.update(
        handler=binding(namespace, ".pyr_condition_handler"),
        wch=binding(rapi.lib.R_BaseNamespace, "withCallingHandlers"),
        info=binding(namespace, ".pyr_condition_info"),
        namespace=RObject(namespace),
    )


def binding(env, name):
    """The value bound to ``name`` in ``env`` itself (lazy-load promises forced), as an RObject."""
    lib = rapi.lib
    value = lib.Rf_findVarInFrame3(env, rapi.sym(name), 1)
    if value == lib.R_UnboundValue:
        raise LookupError(f"{name!r} is not bound in that R environment")
    if lib.TYPEOF(value) == rapi.PROMSXP:
        with protected() as keep:
            value = evaluate(rapi.sym(name), env, keep)
            return RObject(value)
    return RObject(value)


def ready():
    return bool(_template)


def _require_main_thread():
    threads.check_process()
    if not threads.on_main_thread():
        raise RuntimeError("internal error: R entered off the main thread")


def _new_frame(parent=None):
    """A fresh evaluation frame ``F`` whose parent is a fresh handler environment ``H``."""
    lib = rapi.lib
    if parent is None:
        parent = _template["namespace"].sexp if _template else lib.R_BaseEnv
    with protected() as keep:
        home = keep(lib.R_NewEnv(parent, 0, 0))
        return lib.R_NewEnv(home, 0, 0)


def _bind(env, name, value):
    rapi.lib.Rf_defineVar(rapi.sym(name), value, env)


def _lookup(env, name):
    value = rapi.lib.Rf_findVarInFrame3(env, rapi.sym(name), 1)
    return None if value == rapi.lib.R_UnboundValue else value


def evaluate(expr, env, keep, frame=None):
    """Evaluate ``expr`` in ``env``; the value is protected in ``keep``.

    ``frame`` is the fresh environment ``expr`` was built in (``call_function``);
    without one, ``expr`` is evaluated through ``eval(.pyr_expr, .pyr_env)``.
    """
    _require_main_thread()
    lib = rapi.lib
    with threads.BUSY:
        if interrupts.take_pending():
            raise KeyboardInterrupt()
        if not _template:
            return keep(_try_eval_bare(expr, env))
        if frame is None:
            frame = keep(_new_frame())
            _bind(frame, ".pyr_expr", expr)
            _bind(frame, ".pyr_env", env)
            expr = keep(lib.Rf_lcons(rapi.sym("eval"), lib.Rf_cons(
                rapi.sym(".pyr_expr"), lib.Rf_cons(rapi.sym(".pyr_env"), lib.R_NilValue))))
        home = lib.ENCLOS(frame)
        handler = keep(lib.Rf_allocSExp(rapi.CLOSXP))
        template = _template["handler"].sexp
        lib.SET_FORMALS(handler, lib.FORMALS(template))
        lib.SET_BODY(handler, lib.BODY(template))
        lib.SET_CLOENV(handler, home)
        _bind(home, ".pyr_handler", handler)
        tail = keep(lib.Rf_cons(rapi.sym(".pyr_handler"), lib.R_NilValue))
        lib.SET_TAG(tail, rapi.sym("condition"))
        call = keep(lib.Rf_lcons(_template["wch"].sexp, lib.Rf_cons(expr, tail)))
        error = ffi.new("int *")
        requests = interrupts.requests()
    with threads.IN_R:
        value = lib.R_tryEval(call, frame, error)
    with threads.BUSY:
        if not error[0]:
            keep(value)
        captured = _lookup(home, ".pyr_warnings")
        if captured is not None:
            errors.WARNINGS.add([RObject(lib.VECTOR_ELT(captured, i))
                                 for i in range(lib.LENGTH(captured))])
        if error[0]:
            raise _failure(home, interrupts.requests() != requests)
        if interrupts.take_pending():
            raise KeyboardInterrupt()
        return value


def _try_eval_bare(expr, env):
    """Evaluation before the R package is loaded: only the message survives an error."""
    error = ffi.new("int *")
    with threads.IN_R:
        value = rapi.lib.R_tryEval(expr, env, error)
    if error[0]:
        raise errors.RError(geterrmessage().strip())
    return value


def _failure(home, interrupted=False):
    """The exception for an evaluation R abandoned; ``interrupted``: a Ctrl-C was handed
    to R meanwhile (R may act on it before the handler is in place)."""
    condition = _lookup(home, ".pyr_cond")
    if condition is not None:
        trace = _lookup(home, ".pyr_trace")
        return condition_to_exception(RObject(condition),
                                      RObject(trace) if trace is not None else None)
    if interrupted or _lookup(home, ".pyr_interrupted") is not None:
        return KeyboardInterrupt()
    return errors.RError("R evaluation aborted")


def condition_to_exception(condition, trace=None):
    """The Python exception for an R condition: the original Python one if it came from Python."""
    from . import proxies
    lib = rapi.lib
    origin = lib.Rf_getAttrib(condition.sexp, rapi.sym("py_object"))
    if origin != lib.R_NilValue:
        exc = proxies.unwrap_object(origin)
        if isinstance(exc, BaseException):
            try:
                exc.__r_condition__ = condition
            except AttributeError:
                pass
            return exc
    with protected() as keep:
        info = call_function(_template["info"].sexp,
                             [condition.sexp, trace.sexp if trace else lib.R_NilValue],
                             keep=keep)
        message = rapi.charsxp_str(lib.STRING_ELT(lib.VECTOR_ELT(info, 0), 0))
        call_text = lib.VECTOR_ELT(info, 1)
        call = rapi.charsxp_str(lib.STRING_ELT(call_text, 0)) \
            if lib.LENGTH(call_text) else None
        r_class = strings(lib.VECTOR_ELT(info, 2))
        r_trace = strings(lib.VECTOR_ELT(info, 3))
    return errors.RError(message, condition=condition, call=call, r_class=r_class,
                         r_trace=r_trace)


def call_function(fn, args=(), kwargs=(), keep=None, env_parent=None, name=None):
    """Call the R function ``fn`` with R values; arguments are bound to symbols.

    ``name`` (a syntactic R name) is the symbol the call uses for ``fn``, so
    ``sys.call()``, error messages and tracebacks show ``name(...)``.
    """
    _require_main_thread()
    lib = rapi.lib
    own = keep is None
    scope = protected() if own else keep
    head = name if name and is_syntactic_name(name) and not name.startswith(".pyr_") \
        else ".pyr_fn"
    try:
        with threads.BUSY:
            frame = scope(_new_frame(env_parent))
            _bind(frame, head, fn)
            items = [(None, value) for value in args] + list(
                kwargs.items() if isinstance(kwargs, dict) else kwargs)
            tail = lib.R_NilValue
            for position in range(len(items) - 1, -1, -1):
                name, value = items[position]
                symbol = f".pyr_{position + 1}"
                _bind(frame, symbol, value)
                tail = scope(lib.Rf_cons(rapi.sym(symbol), tail))
                if name is not None:
                    lib.SET_TAG(tail, rapi.sym(name))
            call = scope(lib.Rf_lcons(rapi.sym(head), tail))
        value = evaluate(call, frame, scope, frame=frame)
        return RObject(value) if own else value
    finally:
        if own:
            scope.__exit__()


_SYNTACTIC = re.compile(r"(?:[A-Za-z]|[.](?![0-9]))[A-Za-z0-9._]*")
_RESERVED = frozenset({
    "if", "else", "repeat", "while", "function", "for", "next", "break", "in", "TRUE",
    "FALSE", "NULL", "Inf", "NaN", "NA", "NA_integer_", "NA_real_", "NA_character_",
    "NA_complex_"})


def is_syntactic_name(text):
    """Whether ``text`` is an R name usable without backquotes."""
    return bool(_SYNTACTIC.fullmatch(text)) and text not in _RESERVED


def call_named(name, *args, keep=None, **kwargs):
    """Call a function of the pyreticulate R package (or base) by name."""
    return call_function(function(name), args, kwargs, keep=keep)


def function(name):
    """A function from the pyreticulate namespace (or what it sees)."""
    lib = rapi.lib
    env = _template["namespace"].sexp if _template else lib.R_BaseEnv
    value = lib.Rf_findVar(rapi.sym(name), env)
    if value == lib.R_UnboundValue:
        raise LookupError(f"R function {name!r} not found")
    if lib.TYPEOF(value) == rapi.PROMSXP:
        with protected() as keep:
            value = evaluate(rapi.sym(name), env, keep)
    return value


def parse(text):
    """Parse R source text into an expression vector (an ``RObject``)."""
    with protected() as keep:
        return RObject(evaluate(keep(_parse_call(text)), rapi.lib.R_BaseEnv, keep))


def _parse_call(text):
    lib = rapi.lib
    with protected() as keep:
        source = keep(rapi.mkstring(text))
        args = keep(lib.Rf_cons(source, lib.Rf_cons(lib.Rf_ScalarLogical(0), lib.R_NilValue)))
        lib.SET_TAG(args, rapi.sym("text"))
        lib.SET_TAG(lib.CDR(args), rapi.sym("keep.source"))
        return lib.Rf_lcons(rapi.sym("parse"), args)


def eval_text(text, env=None):
    """Parse and evaluate R code; the value of the last expression (an ``RObject``)."""
    lib = rapi.lib
    env = lib.R_GlobalEnv if env is None else env
    exprs = parse(text)
    value = RObject(lib.R_NilValue)
    with protected() as keep:
        for i in range(lib.LENGTH(exprs.sexp)):
            value = RObject(evaluate(lib.VECTOR_ELT(exprs.sexp, i), env, keep))
    return value


_ALLOCATE_IN_R_BYTES = 1 << 26
_MODES = {rapi.LGLSXP: "logical", rapi.INTSXP: "integer", rapi.REALSXP: "double",
          rapi.CPLXSXP: "complex", rapi.STRSXP: "character", rapi.VECSXP: "list",
          rapi.RAWSXP: "raw"}


def allocate(kind, n):
    """A new R vector (unprotected); a large one is allocated by R's ``vector()``, so
    running out of memory is an ``RError`` instead of a crash."""
    lib = rapi.lib
    if n * 16 < _ALLOCATE_IN_R_BYTES or not _template:
        return lib.Rf_allocVector(kind, n)
    with protected() as keep:
        return call_function(function("vector"),
                             [keep(rapi.mkstring(_MODES[kind])),
                              keep(lib.Rf_ScalarReal(float(n)))], keep=keep)


def geterrmessage():
    error = ffi.new("int *")
    lib = rapi.lib
    with protected() as keep:
        call = keep(lib.Rf_lcons(rapi.sym("geterrmessage"), lib.R_NilValue))
        value = lib.R_tryEval(call, lib.R_BaseEnv, error)
        if error[0] or lib.TYPEOF(value) != rapi.STRSXP:
            return "R evaluation failed"
        return rapi.charsxp_str(lib.STRING_ELT(value, 0))


def strings(sexp):
    """A character vector's elements as Python strs (NA as None)."""
    lib = rapi.lib
    if lib.TYPEOF(sexp) != rapi.STRSXP:
        return []
    na = lib.R_NaString
    out = []
    for i in range(lib.XLENGTH(sexp)):
        c = lib.STRING_ELT(sexp, i)
        out.append(None if c == na else rapi.charsxp_str(c))
    return out


def class_names(sexp):
    return strings(rapi.lib.Rf_getAttrib(sexp, rapi.lib.R_ClassSymbol))


def condition_message(condition):
    with protected() as keep:
        value = call_function(function("conditionMessage"), [condition.sexp], keep=keep)
        return "".join(strings(value))


class S3Methods:
    """Finds user S3 methods (``r_to_py.<class>``, ``py_to_r.<class>``) visible to R."""

    def __init__(self):
        self.symbols = {}

    def find(self, generic, classes):
        lib = rapi.lib
        if not _template:
            return None
        table = lib.Rf_findVarInFrame3(_template["namespace"].sexp,
                                       rapi.sym(".__S3MethodsTable__."), 1)
        if lib.TYPEOF(table) == rapi.PROMSXP:
            table = binding(_template["namespace"].sexp, ".__S3MethodsTable__.").sexp
        for cls in classes:
            key = (generic, cls)
            symbol = self.symbols.get(key)
            if symbol is None:
                symbol = self.symbols[key] = rapi.sym(f"{generic}.{cls}")
            where = lib.R_GlobalEnv
            value = lib.Rf_findVar(symbol, where)
            if value == lib.R_UnboundValue and table != lib.R_UnboundValue:
                where = table
                value = lib.Rf_findVarInFrame3(table, symbol, 1)
            if value == lib.R_UnboundValue:
                continue
            if lib.TYPEOF(value) == rapi.PROMSXP:
                with protected() as keep:
                    value = evaluate(symbol, where, keep)
            if lib.TYPEOF(value) in rapi.FUNCTION_TYPES:
                return value
        return None


S3 = S3Methods()
