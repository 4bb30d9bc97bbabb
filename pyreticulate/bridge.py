"""The entry points R calls: ``.External(.ops$name, ...)``.

Each entry is a cffi callback exposed to R as an external pointer tagged
``native symbol``. It receives R values, runs Python, and returns an R value;
it never raises into R. A Python exception, an R condition that crossed
Python, an interrupt or R warnings collected on the way come back as a
``.pyr_signal`` list that the R side re-signals (``.pyr_raise``).
"""
import builtins
import importlib
import importlib.util
import inspect
import operator
import os
import platform
import pydoc
import sys
import warnings

from . import console, errors, evaluation, handles, proxies, rapi, threads
from .handles import RObject, protected
from .rapi import ffi
from .registry import REGISTRY

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
    lib = rapi.lib
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
    lib = rapi.lib
    try:
        if isinstance(exc, KeyboardInterrupt):
            return _signal("interrupt", lib.R_NilValue, lib.R_NilValue, collected)
        if isinstance(exc, threads.ForkedProcessError):
            return _signal("error", _plain_error(str(exc)), lib.R_NilValue, collected)
        errors.LAST_ERROR.record(exc)
        original = errors.original_condition(exc)
        if original is not None:
            return _signal("error", original.condition.sexp, lib.R_NilValue, collected)
        with protected() as keep:
            condition = keep(proxies.wrap(exc, True))
            return _signal("error", condition, lib.R_NilValue, collected)
    except BaseException:
        return _sentinels["internal"].sexp


def _plain_error(message):
    """A ``simpleError`` built without evaluating R (for a forked child)."""
    from .rules.scalars import str_vector
    lib = rapi.lib
    with protected() as keep:
        condition = keep(lib.Rf_allocVector(rapi.VECSXP, 2))
        lib.SET_VECTOR_ELT(condition, 0, rapi.mkstring(message))
        lib.Rf_setAttrib(condition, lib.R_NamesSymbol, str_vector(["message", "call"]))
        lib.Rf_setAttrib(condition, lib.R_ClassSymbol,
                         str_vector(["simpleError", "error", "condition"]))
        return condition


def _signal(kind, condition, value, collected=()):
    """The ``.pyr_signal`` list R re-signals: kind, condition, value, warnings."""
    from .rules.scalars import str_vector
    lib = rapi.lib
    with protected() as keep:
        keep(condition)
        keep(value)
        warning_list = keep(lib.Rf_allocVector(rapi.VECSXP, len(collected)))
        for i, w in enumerate(collected):
            lib.SET_VECTOR_ELT(warning_list, i, w.sexp)
        out = keep(lib.Rf_allocVector(rapi.VECSXP, 4))
        lib.SET_VECTOR_ELT(out, 0, rapi.mkstring(kind))
        lib.SET_VECTOR_ELT(out, 1, condition)
        lib.SET_VECTOR_ELT(out, 2, value)
        lib.SET_VECTOR_ELT(out, 3, warning_list)
        lib.Rf_setAttrib(out, lib.R_NamesSymbol,
                         str_vector(["kind", "condition", "value", "warnings"]))
        lib.Rf_setAttrib(out, lib.R_ClassSymbol, rapi.mkstring(".pyr_signal"))
        return out


def make_sentinels():
    """Pre-built signals for failures that must not allocate (called at start-up)."""
    _sentinels["interrupt"] = RObject(_signal("interrupt", rapi.lib.R_NilValue,
                                              rapi.lib.R_NilValue))
    with protected() as keep:
        condition = keep(evaluation.call_function(
            evaluation.function("simpleError"),
            [rapi.mkstring("internal error in the pyreticulate bridge; "
                           "see py_last_error()")], keep=keep))
        _sentinels["internal"] = RObject(_signal("error", condition, rapi.lib.R_NilValue))


# --- helpers ---------------------------------------------------------------

def _string(sexp):
    lib = rapi.lib
    if lib.TYPEOF(sexp) != rapi.STRSXP or lib.LENGTH(sexp) < 1:
        raise TypeError("expected a character string")
    return rapi.charsxp_str(lib.STRING_ELT(sexp, 0))


def _flag(sexp):
    lib = rapi.lib
    kind = lib.TYPEOF(sexp)
    if kind == rapi.LGLSXP and lib.LENGTH(sexp) >= 1:
        return lib.LOGICAL(sexp)[0] == 1
    if kind in (rapi.INTSXP, rapi.REALSXP) and lib.LENGTH(sexp) >= 1:
        return bool(REGISTRY.to_python(sexp))
    return False


def _target(sexp):
    """``(object, convert)`` for a proxy argument; other R values are converted."""
    if proxies.is_proxy(sexp):
        obj, convert, _ = proxies.unwrap(sexp)
        return obj, convert
    return REGISTRY.to_python(sexp), True


def _argument(sexp, convert):
    """An R value passed to Python: R functions get the receiver's ``convert``."""
    with REGISTRY.converting(convert):
        return REGISTRY.to_python(sexp)


def result(value, convert):
    """What R gets back: a converted value, or a proxy carrying ``convert``."""
    if convert:
        return REGISTRY.to_r(value)
    if isinstance(value, RObject):
        return value.sexp
    return proxies.wrap(value, False)


def _call_arguments(arg_list, convert):
    lib = rapi.lib
    n = lib.XLENGTH(arg_list)
    names = lib.Rf_getAttrib(arg_list, lib.R_NamesSymbol)
    keys = evaluation.strings(names) if names != lib.R_NilValue else [""] * n
    args, kwargs = [], {}
    with REGISTRY.converting(convert):
        for i in range(n):
            value = REGISTRY.to_python(lib.VECTOR_ELT(arg_list, i))
            if keys[i]:
                kwargs[keys[i]] = value
            else:
                args.append(value)
    return args, kwargs


# --- modules and code ---------------------------------------------------------

@entry
def import_module(name, convert, alias):
    module = importlib.import_module(_string(name))
    if rapi.lib.TYPEOF(alias) == rapi.STRSXP:
        proxies.set_module_alias(module.__name__, _string(alias))
    return proxies.wrap(module, _flag(convert))


@entry
def main_module(convert):
    return proxies.wrap(sys.modules["__main__"], _flag(convert))


@entry
def builtins_module(convert):
    return proxies.wrap(builtins, _flag(convert))


@entry
def module_available(name):
    module = _string(name)
    try:
        found = module in sys.modules or importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        found = False
    return rapi.lib.Rf_ScalarLogical(1 if found else 0)


def _globals(local):
    return {"__builtins__": builtins} if local else sys.modules["__main__"].__dict__


@entry
def run_string(code, local, convert):
    namespace = _globals(_flag(local))
    threads.run_user_code(exec, compile(_string(code), "<string>", "exec"), namespace)
    return result(namespace, _flag(convert))


@entry
def run_file(path, local, convert, prepend_path):
    file = os.path.abspath(_string(path))
    namespace = _globals(_flag(local))
    with open(file, encoding="utf-8") as handle:
        code = compile(handle.read(), file, "exec")
    saved = namespace.get("__file__", None), "__file__" in namespace
    namespace["__file__"] = file
    added = _flag(prepend_path) and os.path.dirname(file) not in sys.path
    if added:
        sys.path.insert(0, os.path.dirname(file))
    try:
        threads.run_user_code(exec, code, namespace)
    finally:
        if added and os.path.dirname(file) in sys.path:
            sys.path.remove(os.path.dirname(file))
        if saved[1]:
            namespace["__file__"] = saved[0]
        else:
            namespace.pop("__file__", None)
    return result(namespace, _flag(convert))


@entry
def eval_string(code, convert):
    value = threads.run_user_code(eval, compile(_string(code), "<string>", "eval"),
                                  sys.modules["__main__"].__dict__)
    return result(value, _flag(convert))


# --- attributes and items --------------------------------------------------------

def _getattr(obj, name):
    try:
        return getattr(obj, name)
    except AttributeError:
        if isinstance(obj, type(sys)):
            try:
                return importlib.import_module(f"{obj.__name__}.{name}")
            except ImportError:
                pass
        raise


@entry
def get_attr(x, name):
    obj, convert = _target(x)
    return result(threads.run_user_code(_getattr, obj, _string(name)), convert)


@entry
def get_attr_raw(x, name, silent):
    obj, convert = _target(x)
    try:
        value = threads.run_user_code(_getattr, obj, _string(name))
    except AttributeError:
        if _flag(silent):
            return rapi.lib.R_NilValue
        raise
    return proxies.wrap(value, convert) if not isinstance(value, RObject) else value.sexp


@entry
def set_attr(x, name, value):
    obj, convert = _target(x)
    threads.run_user_code(setattr, obj, _string(name), _argument(value, convert))
    return rapi.lib.R_NilValue


@entry
def has_attr(x, name):
    obj, _ = _target(x)
    return rapi.lib.Rf_ScalarLogical(1 if hasattr(obj, _string(name)) else 0)


@entry
def del_attr(x, name):
    obj, _ = _target(x)
    delattr(obj, _string(name))
    return rapi.lib.R_NilValue


@entry
def get_item(x, key):
    obj, convert = _target(x)
    return result(threads.run_user_code(operator.getitem, obj, _argument(key, convert)), convert)


@entry
def get_item_raw(x, key, silent):
    obj, convert = _target(x)
    try:
        value = threads.run_user_code(operator.getitem, obj, _argument(key, convert))
    except (KeyError, IndexError):
        if _flag(silent):
            return rapi.lib.R_NilValue
        raise
    return proxies.wrap(value, convert)


@entry
def set_item(x, key, value):
    obj, convert = _target(x)
    threads.run_user_code(operator.setitem, obj, _argument(key, convert), _argument(value, convert))
    return rapi.lib.R_NilValue


@entry
def del_item(x, key):
    obj, convert = _target(x)
    threads.run_user_code(operator.delitem, obj, _argument(key, convert))
    return rapi.lib.R_NilValue


# --- calls ---------------------------------------------------------------------

@entry
def call_list(x, arg_list):
    """Call with an R list of arguments (names → keywords); converts per ``convert``."""
    obj, convert = _target(x)
    args, kwargs = _call_arguments(arg_list, convert)
    return result(threads.run_user_code(obj, *args, **kwargs), convert)


@entry
def call_raw(x, arg_list):
    """``py_call``: the result is never converted."""
    obj, convert = _target(x)
    args, kwargs = _call_arguments(arg_list, convert)
    value = threads.run_user_code(obj, *args, **kwargs)
    return proxies.wrap(value, convert) if not isinstance(value, RObject) else value.sexp


# --- conversion ------------------------------------------------------------------

def _hint(sexp):
    """The zero-length R prototype of an atomic vector (type and class attributes)."""
    lib = rapi.lib
    if lib.TYPEOF(sexp) not in (rapi.LGLSXP, rapi.INTSXP, rapi.REALSXP, rapi.CPLXSXP,
                                rapi.STRSXP, rapi.RAWSXP):
        return None
    with protected() as keep:
        proto = keep(lib.Rf_allocVector(lib.TYPEOF(sexp), 0))
        lib.Rf_copyMostAttrib(sexp, proto)
        return proto


@entry
def r_to_py(x, convert):
    if proxies.is_proxy(x):
        return x
    flag = _flag(convert)
    with REGISTRY.converting(flag):
        value = REGISTRY.to_python(x, s3=False)
    with protected() as keep:
        hint = _hint(x)
        if hint is not None:
            keep(hint)
        return proxies.wrap(value, flag, hint)


@entry
def py_to_r(x):
    if not proxies.is_proxy(x):
        return x
    obj, _, hint = proxies.unwrap(x)
    return REGISTRY.to_r(obj, hint=hint, s3=False)


# --- builtins on proxies ------------------------------------------------------------

@entry
def str_(x):
    obj, _ = _target(x)
    return rapi.mkstring(str(obj))


@entry
def repr_(x):
    obj, _ = _target(x)
    return rapi.mkstring(repr(obj))


@entry
def len_(x):
    obj, _ = _target(x)
    return REGISTRY.to_r(len(obj))


@entry
def bool_(x):
    obj, _ = _target(x)
    return rapi.lib.Rf_ScalarLogical(1 if obj else 0)


@entry
def id_(x):
    obj, _ = _target(x)
    return rapi.mkstring(str(id(obj)))


@entry
def dir_(x):
    from .rules.scalars import str_vector
    obj, _ = _target(x)
    return str_vector(sorted(dir(obj)))


@entry
def is_null_xptr(x):
    xptr = proxies.proxy_xptr(x)
    dead = xptr is None or handles.xptr_is_null(xptr)
    return rapi.lib.Rf_ScalarLogical(1 if dead else 0)


@entry
def convert_flag(x):
    return rapi.lib.Rf_ScalarLogical(1 if proxies.convert_flag(x) else 0)


@entry
def with_convert(x, convert):
    """The same Python object as a new proxy with another ``convert`` flag."""
    obj, _, hint = proxies.unwrap(x)
    return proxies.wrap(obj, _flag(convert), hint)


@entry
def is_callable(x):
    obj, _ = _target(x)
    return rapi.lib.Rf_ScalarLogical(1 if callable(obj) else 0)


# --- containers ------------------------------------------------------------------------

@entry
def make_dict(keys, values, convert):
    lib = rapi.lib
    flag = _flag(convert)
    with REGISTRY.converting(flag):
        py_keys = [REGISTRY.to_python(lib.VECTOR_ELT(keys, i)) for i in range(lib.XLENGTH(keys))]
        py_values = [REGISTRY.to_python(lib.VECTOR_ELT(values, i))
                     for i in range(lib.XLENGTH(values))]
    return proxies.wrap(dict(zip(py_keys, py_values)), flag)


@entry
def make_tuple(items, convert):
    lib = rapi.lib
    flag = _flag(convert)
    with REGISTRY.converting(flag):
        values = tuple(REGISTRY.to_python(lib.VECTOR_ELT(items, i))
                       for i in range(lib.XLENGTH(items)))
    return proxies.wrap(values, flag)


# --- iteration and context managers ------------------------------------------------------

@entry
def iter_(x):
    obj, convert = _target(x)
    return proxies.wrap(iter(obj), convert)


@entry
def next_(it, completed):
    obj, convert = _target(it)
    try:
        value = threads.run_user_code(next, obj)
    except StopIteration:
        return completed
    return result(value, convert)


@entry
def enter_context(x):
    obj, convert = _target(x)
    return result(threads.run_user_code(type(obj).__enter__, obj), convert)


@entry
def exit_context(x, condition):
    """``__exit__`` with the exception behind an R condition (or None); TRUE if suppressed."""
    obj, _ = _target(x)
    lib = rapi.lib
    exc = None
    if condition != lib.R_NilValue:
        exc = REGISTRY.to_python(condition)
        if not isinstance(exc, BaseException):
            exc = errors.RError(str(exc))
    suppressed = threads.run_user_code(type(obj).__exit__, obj, type(exc) if exc else None,
                                       exc, exc.__traceback__ if exc else None)
    return lib.Rf_ScalarLogical(1 if suppressed else 0)


# --- operators ----------------------------------------------------------------------------

_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "%/%": operator.floordiv, "%%": operator.mod, "^": operator.pow,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
    "<=": operator.le, ">=": operator.ge, "&": operator.and_, "|": operator.or_,
    "%*%": operator.matmul,
}
_UNARY = {"-": operator.neg, "+": operator.pos, "!": operator.inv}


def _operands_convert(*operands):
    """Operators convert their result unless an operand is a convert = FALSE proxy."""
    return not any(proxies.is_proxy(x) and not proxies.convert_flag(x) for x in operands)


@entry
def binary_op(op, a, b):
    left, right = _argument(a, True), _argument(b, True)
    value = threads.run_user_code(_BINARY[_string(op)], left, right)
    return result(value, _operands_convert(a, b))


@entry
def unary_op(op, a):
    value = threads.run_user_code(_UNARY[_string(op)], _argument(a, True))
    return result(value, _operands_convert(a))


# --- errors -------------------------------------------------------------------------------

@entry
def last_error():
    last = errors.LAST_ERROR.value
    if last is None:
        return rapi.lib.R_NilValue
    fields = {k: v for k, v in last.items() if k != "exception"}
    fields["exception"] = last["exception"]
    return REGISTRY.to_r(fields)


@entry
def clear_last_error():
    errors.LAST_ERROR.clear()
    return rapi.lib.R_NilValue


# --- output capture ---------------------------------------------------------------------------

@entry
def capture_begin(stdout, stderr):
    return rapi.lib.Rf_ScalarInteger(console.begin_capture(_flag(stdout), _flag(stderr)))


@entry
def capture_end(token):
    return rapi.mkstring(console.end_capture(rapi.lib.INTEGER(token)[0]))


# --- functions, classes, misc ------------------------------------------------------------------

@entry
def py_func(f):
    from .rules.functions import RFunction, py_function
    fn = RFunction(f, convert=True)
    return proxies.wrap(py_function(fn), True)


@entry
def class_filters_changed():
    proxies.clear_class_cache()
    REGISTRY.forget_classes()
    return rapi.lib.R_NilValue


@entry
def handle_counts():
    return REGISTRY.to_r(handles.live_counts())


@entry
def set_last_error(exception):
    exc = REGISTRY.to_python(exception)
    if not isinstance(exc, BaseException):
        raise TypeError("py_last_error() needs a Python exception or an R condition")
    errors.LAST_ERROR.record(exc)
    return rapi.lib.R_NilValue


_warning_filters = []


@entry
def warnings_suppress_begin():
    catcher = warnings.catch_warnings()
    catcher.__enter__()
    warnings.simplefilter("ignore")
    _warning_filters.append(catcher)
    return rapi.lib.Rf_ScalarInteger(len(_warning_filters))


@entry
def warnings_suppress_end(token):
    depth = rapi.lib.INTEGER(token)[0]
    while len(_warning_filters) >= depth:
        _warning_filters.pop().__exit__(None, None, None)
    return rapi.lib.R_NilValue


# --- introspection helpers for the R methods -------------------------------------------

def _public(names):
    return [n for n in names if not n.startswith("_")]


@entry
def public_names(x):
    """Non-underscore names of ``x``: dict keys, module contents plus loaded submodules."""
    from .rules.scalars import str_vector
    obj, _ = _target(x)
    if isinstance(obj, dict):
        return str_vector([str(k) for k in obj])
    names = set(_public(dir(obj)))
    if isinstance(obj, type(sys)):
        prefix = obj.__name__ + "."
        names.update(m[len(prefix):].split(".")[0] for m in list(sys.modules)
                     if m.startswith(prefix) and not m[len(prefix):].startswith("_"))
        names = {n for n in names if not isinstance(getattr(obj, n, None), type(sys))
                 or getattr(getattr(obj, n), "__name__", "").startswith(prefix)}
    return str_vector(sorted(names))


@entry
def dict_keys(x):
    from .rules.scalars import str_vector
    obj, _ = _target(x)
    return str_vector([str(k) for k in obj.keys()])


@entry
def module_loaded(name):
    return rapi.lib.Rf_ScalarLogical(1 if _string(name) in sys.modules else 0)


@entry
def module_name(x):
    obj, _ = _target(x)
    return rapi.mkstring(getattr(obj, "__name__", repr(obj)))


@entry
def length_(x):
    """``len()``; else ``bool()`` (None counts 0); else NA."""
    obj, _ = _target(x)
    try:
        return REGISTRY.to_r(len(obj))
    except TypeError:
        pass
    try:
        return rapi.lib.Rf_ScalarInteger(1 if obj is not None and bool(obj) else 0)
    except Exception:
        return rapi.lib.Rf_ScalarInteger(rapi.lib.R_NaInt)


@entry
def shape(x):
    obj, _ = _target(x)
    return REGISTRY.to_r([int(d) for d in obj.shape])


@entry
def size(x):
    obj, _ = _target(x)
    return REGISTRY.to_r(int(obj.size))


@entry
def signature_text(x):
    obj, _ = _target(x)
    try:
        text = f"{getattr(obj, '__name__', type(obj).__name__)}{inspect.signature(obj)}"
    except (TypeError, ValueError):
        text = ""
    return rapi.mkstring(text)


@entry
def help_text(x):
    obj, _ = _target(x)
    return rapi.mkstring(pydoc.render_doc(obj, renderer=pydoc.plaintext))


@entry
def make_slice(start, stop, step):
    return proxies.wrap(slice(_argument(start, True), _argument(stop, True),
                              _argument(step, True)), False)


# --- host, seeds, pickling -----------------------------------------------------------------

@entry
def host_config():
    import numpy
    executable = os.path.realpath(sys.executable)
    return REGISTRY.to_r({
        "python": sys.executable, "version": platform.python_version(),
        "prefix": sys.prefix, "numpy": numpy.__version__,
        "candidates": sorted({sys.executable, executable, sys.prefix,
                              os.path.dirname(os.path.dirname(executable))}),
    })


@entry
def set_seed(seed, disable_hash_randomization):
    import random

    import numpy
    value = rapi.lib.INTEGER(seed)[0]
    random.seed(value)
    numpy.random.seed(value)
    if _flag(disable_hash_randomization):
        os.environ["PYTHONHASHSEED"] = "0"
    return rapi.lib.R_NilValue


@entry
def save_object(x, filename, module):
    obj, _ = _target(x)
    pickler = importlib.import_module(_string(module))
    with open(_string(filename), "wb") as handle:
        pickler.dump(obj, handle)
    return rapi.lib.R_NilValue


@entry
def load_object(filename, module, convert):
    pickler = importlib.import_module(_string(module))
    with open(_string(filename), "rb") as handle:
        value = pickler.load(handle)
    return result(value, _flag(convert))


# --- classes and iterators built from R functions ------------------------------------------------

@entry
def make_class(classname, defs, bases):
    from . import classes
    lib = rapi.lib
    names = evaluation.strings(lib.Rf_getAttrib(defs, lib.R_NamesSymbol))
    members = {}
    for i, name in enumerate(names):
        value = lib.VECTOR_ELT(defs, i)
        members[name] = (RObject(value) if lib.TYPEOF(value) in rapi.FUNCTION_TYPES
                         and not proxies.is_proxy(value) else REGISTRY.to_python(value))
    base_types = tuple(REGISTRY.to_python(lib.VECTOR_ELT(bases, i))
                       for i in range(lib.XLENGTH(bases)))
    return proxies.wrap(classes.make_class(_string(classname), members, base_types), True)


@entry
def make_iterator(step, prefetch):
    from .rules.functions import RFunction
    from .iterators import r_generator
    return proxies.wrap(r_generator(RFunction(step, convert=True),
                                    rapi.lib.INTEGER(prefetch)[0]), True)
