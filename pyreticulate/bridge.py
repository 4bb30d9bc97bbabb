"""The entry points R calls: ``.External(.ops$name, ...)``.

Each entry is a cffi callback exposed to R as an external pointer tagged
``native symbol``. It receives R values, runs Python, and returns an R value;
it never raises into R. A Python exception, an R condition that crossed
Python, an interrupt or R warnings collected on the way come back as a
``.pyr_signal`` list that the R side re-signals (``.pyr_raise``).
"""
import builtins
import collections.abc
import importlib
import importlib.util
import operator
import os
import sys
import traceback
import types
import warnings

from . import (console, errors, evaluation, handles, introspection, loadhooks, proxies, rapi,
               threads)
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


def _logical(value):
    return rapi.lib.Rf_ScalarLogical(1 if value else 0)


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
        return _converted(value)
    return unconverted(value, False)


def _converted(value):
    """``value`` converted by the rules; a proxy of ``value`` itself is marked not convertible."""
    out = REGISTRY.to_r(value)
    if proxies.stands_for(out, value):
        with protected() as keep:
            proxies.mark_not_convertible(keep(out))
    return out


def unconverted(value, convert):
    """A proxy carrying ``convert`` (an R object that went to Python comes back as itself)."""
    if isinstance(value, RObject):
        return value.sexp
    return proxies.wrap(value, convert)


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


def _user(fn, *args, **kwargs):
    return threads.run_user_code(fn, *args, **kwargs)


# --- modules and code ---------------------------------------------------------

@entry
def import_module(name, convert, alias):
    module = _user(importlib.import_module, _string(name))
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
        found = module in sys.modules or _user(importlib.util.find_spec, module) is not None
    except (ImportError, ValueError):
        found = False
    return _logical(found)


@entry
def module_loaded(name):
    return _logical(_string(name) in sys.modules)


@entry
def watch_module(name):
    """``py_register_load_hook()``: run the R hooks when the module is first imported."""
    loadhooks.watch(_string(name))
    return rapi.lib.R_NilValue


def _namespaces(local):
    """``(globals, locals)`` for ``exec``: ``__main__``'s dict, and a fresh dict if ``local``."""
    main = sys.modules["__main__"].__dict__
    return main, ({} if local else main)


@entry
def run_string(code, local, convert):
    main, namespace = _namespaces(_flag(local))
    _user(exec, compile(_string(code), "<string>", "exec"), main, namespace)
    return proxies.wrap(namespace, _flag(convert))


def _run_file(file, main, namespace, prepend_path):
    """Run ``file`` with a temporary ``__file__`` (and its directory first on ``sys.path``)."""
    with open(file, encoding="utf-8") as handle:
        code = compile(handle.read(), file, "exec")
    saved = main.get("__file__", None), "__file__" in main
    main["__file__"] = file
    directory = os.path.dirname(file)
    if prepend_path:
        sys.path.insert(0, directory)
    try:
        _user(exec, code, main, namespace)
    finally:
        if prepend_path and directory in sys.path:
            sys.path.remove(directory)
        if saved[1]:
            main["__file__"] = saved[0]
        else:
            main.pop("__file__", None)
        if namespace is not main:
            namespace.pop("__file__", None)


@entry
def run_file(path, local, convert, prepend_path):
    main, namespace = _namespaces(_flag(local))
    _run_file(os.path.abspath(_string(path)), main, namespace, _flag(prepend_path))
    return proxies.wrap(namespace, _flag(convert))


class _Bindings(collections.abc.MutableMapping):
    """Module-level ``exec`` locals that write through to ``__main__`` and remember
    which names the code bound."""

    def __init__(self, target):
        self.target = target
        self.bound = []

    def __getitem__(self, key):
        return self.target[key]

    def __setitem__(self, key, value):
        self.target[key] = value
        if key not in self.bound:
            self.bound.append(key)

    def __delitem__(self, key):
        del self.target[key]
        if key in self.bound:
            self.bound.remove(key)

    def __iter__(self):
        return iter(self.target)

    def __len__(self):
        return len(self.target)


@entry
def source_file(path, convert):
    """``source_python()``: run a file in ``__main__``; the public, non-module names
    it bound, as a named R list (converted per ``convert``)."""
    from .rules.scalars import str_vector
    main = sys.modules["__main__"].__dict__
    bindings = _Bindings(main)
    _run_file(os.path.abspath(_string(path)), main, bindings, True)
    names = [n for n in bindings.bound if not n.startswith("_") and n in main
             and not isinstance(main[n], types.ModuleType)]
    flag = _flag(convert)
    lib = rapi.lib
    with protected() as keep:
        out = keep(lib.Rf_allocVector(rapi.VECSXP, len(names)))
        for i, name in enumerate(names):
            lib.SET_VECTOR_ELT(out, i, result(main[name], flag) if flag
                               else unconverted(main[name], False))
        lib.Rf_setAttrib(out, lib.R_NamesSymbol, str_vector(names))
        return out


@entry
def eval_string(code, convert):
    value = _user(eval, compile(_string(code), "<string>", "eval"),
                  sys.modules["__main__"].__dict__)
    return result(value, _flag(convert))


# --- attributes and items --------------------------------------------------------

def _submodule(module, name):
    """``module.name`` imported as a submodule, or None when there is no such submodule
    (an ImportError raised while importing one that exists propagates)."""
    qualified = f"{module.__name__}.{name}"
    try:
        return importlib.import_module(qualified)
    except ModuleNotFoundError as exc:
        if exc.name in (qualified, module.__name__):
            return None
        raise


def _getattr(obj, name):
    """``getattr``; on a module, a missing attribute may be a submodule to import."""
    try:
        return getattr(obj, name)
    except AttributeError:
        if isinstance(obj, types.ModuleType):
            module = _submodule(obj, name)
            if module is not None:
                return module
        raise


def _attr_or_item(obj, name):
    """``x[["name"]]``: an item when there is one, else the attribute (reticulate's order)."""
    if isinstance(obj, types.ModuleType) and not hasattr(obj, name):
        module = _submodule(obj, name)
        if module is not None:
            return module
    if hasattr(obj, name):
        if hasattr(obj, "__getitem__"):
            try:
                return obj[name]
            except Exception:
                pass
        return getattr(obj, name)
    return obj[name]


def _attr_then_item(obj, name):
    """``d$name`` on a dict: the attribute if it exists, else the item."""
    try:
        return getattr(obj, name)
    except AttributeError:
        return obj[name]


@entry
def get_attr(x, name):
    obj, convert = _target(x)
    return result(_user(_getattr, obj, _string(name)), convert)


@entry
def get_attr_raw(x, name, silent):
    obj, convert = _target(x)
    try:
        value = _user(_getattr, obj, _string(name))
    except AttributeError:
        if _flag(silent):
            return rapi.lib.R_NilValue
        raise
    return unconverted(value, convert)


@entry
def get_attr_or_item(x, name):
    obj, convert = _target(x)
    return result(_user(_attr_or_item, obj, _string(name)), convert)


@entry
def get_dict_entry(x, name):
    obj, convert = _target(x)
    return result(_user(_attr_then_item, obj, _string(name)), convert)


@entry
def set_attr(x, name, value):
    obj, convert = _target(x)
    _user(setattr, obj, _string(name), _argument(value, convert))
    return rapi.lib.R_NilValue


@entry
def has_attr(x, name):
    obj, _ = _target(x)
    return _logical(_user(hasattr, obj, _string(name)))


@entry
def del_attr(x, name):
    obj, _ = _target(x)
    _user(delattr, obj, _string(name))
    return rapi.lib.R_NilValue


@entry
def get_item(x, key):
    obj, convert = _target(x)
    return result(_user(operator.getitem, obj, _argument(key, convert)), convert)


@entry
def get_item_raw(x, key, silent):
    obj, convert = _target(x)
    try:
        value = _user(operator.getitem, obj, _argument(key, convert))
    except Exception:
        if _flag(silent):
            return rapi.lib.R_NilValue
        raise
    return unconverted(value, convert)


@entry
def set_item(x, key, value):
    obj, convert = _target(x)
    _user(operator.setitem, obj, _argument(key, convert), _argument(value, convert))
    return rapi.lib.R_NilValue


@entry
def del_item(x, key):
    obj, convert = _target(x)
    _user(operator.delitem, obj, _argument(key, convert))
    return rapi.lib.R_NilValue


# --- calls ---------------------------------------------------------------------

@entry
def call_list(x, arg_list):
    """Call with an R list of arguments (names → keywords); converts per ``convert``."""
    obj, convert = _target(x)
    args, kwargs = _call_arguments(arg_list, convert)
    return result(_user(obj, *args, **kwargs), convert)


@entry
def call_raw(x, arg_list):
    """``py_call``: the result is never converted."""
    obj, convert = _target(x)
    args, kwargs = _call_arguments(arg_list, convert)
    return unconverted(_user(obj, *args, **kwargs), convert)


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
    """The built-in rules (R has tried the S3 methods); a proxy no rule converts comes
    back as itself."""
    if not proxies.is_proxy(x) or proxies.is_not_convertible(x):
        return x
    obj, _, hint = proxies.unwrap(x)
    out = REGISTRY.to_r(obj, hint=hint, s3=False)
    if proxies.stands_for(out, obj):
        proxies.mark_not_convertible(x)
        return x
    return out


@entry
def convert_flag(x):
    return _logical(proxies.convert_flag(x))


@entry
def with_convert(x, convert):
    """The same Python object as a new proxy with another ``convert`` flag."""
    obj, _, hint = proxies.unwrap(x)
    return proxies.wrap(obj, _flag(convert), hint)


# --- builtins on proxies ------------------------------------------------------------

@entry
def str_(x):
    obj, _ = _target(x)
    return rapi.mkstring(_user(str, obj))


@entry
def repr_(x):
    obj, _ = _target(x)
    return rapi.mkstring(_user(repr, obj))


def _dead(sexp):
    """Is ``sexp`` a proxy whose pointer is null (restored by readRDS/load)?"""
    xptr = proxies.proxy_xptr(sexp)
    return xptr is not None and handles.xptr_is_null(xptr)


@entry
def len_(x):
    """``len()``; 0 for a dead pointer."""
    if _dead(x):
        return rapi.lib.Rf_ScalarInteger(0)
    obj, _ = _target(x)
    return REGISTRY.to_r(_user(len, obj))


def _length(obj):
    """``len()``; else ``bool()`` (None counts 0); else NA."""
    try:
        return len(obj)
    except TypeError:
        pass
    try:
        return 1 if obj is not None and bool(obj) else 0
    except Exception:
        return None


@entry
def length_(x):
    """R's ``length()``: ``len()``, else truth, else NA; 0 for a dead pointer."""
    if _dead(x):
        return rapi.lib.Rf_ScalarInteger(0)
    obj, _ = _target(x)
    n = _user(_length, obj)
    if n is None:
        return rapi.lib.Rf_ScalarInteger(rapi.lib.R_NaInt)
    return REGISTRY.to_r(n)


@entry
def bool_(x):
    obj, _ = _target(x)
    return _logical(_user(bool, obj))


@entry
def id_(x):
    obj, _ = _target(x)
    return rapi.mkstring(str(id(obj)))


@entry
def dir_(x):
    from .rules.scalars import str_vector
    obj, _ = _target(x)
    return str_vector(sorted(_user(dir, obj)))


@entry
def is_null_xptr(x):
    xptr = proxies.proxy_xptr(x)
    return _logical(xptr is None or handles.xptr_is_null(xptr))


@entry
def is_callable(x):
    obj, _ = _target(x)
    return _logical(callable(obj))


@entry
def is_mapping(x):
    """Does ``x[key] <- value`` mean an item (``__setitem__``) rather than an attribute?"""
    obj, _ = _target(x)
    return _logical(hasattr(type(obj), "__setitem__"))


# --- containers ------------------------------------------------------------------------

@entry
def make_dict(keys, values, convert):
    lib = rapi.lib
    flag = _flag(convert)
    if lib.XLENGTH(keys) != lib.XLENGTH(values):
        raise ValueError("a dict needs as many keys as values")
    with REGISTRY.converting(flag):
        py_keys = [REGISTRY.to_python(lib.VECTOR_ELT(keys, i)) for i in range(lib.XLENGTH(keys))]
        py_values = [REGISTRY.to_python(lib.VECTOR_ELT(values, i))
                     for i in range(lib.XLENGTH(values))]
    return proxies.wrap(_user(dict, zip(py_keys, py_values)), flag)


@entry
def make_tuple(items, convert):
    lib = rapi.lib
    flag = _flag(convert)
    with REGISTRY.converting(flag):
        values = tuple(REGISTRY.to_python(lib.VECTOR_ELT(items, i))
                       for i in range(lib.XLENGTH(items)))
    return proxies.wrap(values, flag)


@entry
def make_slice(start, stop, step):
    return proxies.wrap(slice(_argument(start, True), _argument(stop, True),
                              _argument(step, True)), False)


# --- iteration and context managers ------------------------------------------------------

@entry
def iter_(x):
    obj, convert = _target(x)
    return proxies.wrap(_user(iter, obj), convert)


@entry
def next_(it, completed):
    obj, convert = _target(it)
    try:
        value = _user(next, obj)
    except StopIteration:
        return completed
    return result(value, convert)


@entry
def enter_context(x):
    obj, convert = _target(x)
    return result(_user(type(obj).__enter__, obj), convert)


def _exception_for(condition):
    """The Python exception standing for an R condition caught by ``with()``."""
    if "interrupt" in evaluation.class_names(condition):
        return KeyboardInterrupt()
    exc = REGISTRY.to_python(condition)
    if not isinstance(exc, BaseException):
        exc = errors.RError(evaluation.condition_message(RObject(condition)))
    return exc


@entry
def exit_context(x, condition):
    """``__exit__`` with the exception behind an R condition (or None); TRUE if suppressed."""
    obj, _ = _target(x)
    exc = None if condition == rapi.lib.R_NilValue else _exception_for(condition)
    suppressed = _user(type(obj).__exit__, obj, type(exc) if exc else None,
                       exc, exc.__traceback__ if exc else None)
    return _logical(suppressed)


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
    name = _string(op)
    if name not in _BINARY:
        raise TypeError(f"the operator {name} is not defined for Python objects")
    left, right = _argument(a, True), _argument(b, True)
    return result(_user(_BINARY[name], left, right), _operands_convert(a, b))


@entry
def unary_op(op, a):
    name = _string(op)
    if name not in _UNARY:
        raise TypeError(f"the unary operator {name} is not defined for Python objects")
    return result(_user(_UNARY[name], _argument(a, True)), _operands_convert(a))


# --- errors -------------------------------------------------------------------------------

@entry
def last_error():
    """The fields of ``py_last_error()`` (R adds ``r_call`` and a missing ``r_trace``)."""
    last = errors.LAST_ERROR.value
    if last is None:
        return rapi.lib.R_NilValue
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
    from .rules.scalars import str_vector
    lib = rapi.lib
    with protected() as keep:
        out = keep(lib.Rf_allocVector(rapi.VECSXP, len(fields) + 1))
        for i, value in enumerate(fields.values()):
            lib.SET_VECTOR_ELT(out, i, str_vector(value) if isinstance(value, list)
                               else rapi.mkstring(value))
        lib.SET_VECTOR_ELT(out, len(fields), proxies.wrap(exc, True))
        lib.Rf_setAttrib(out, lib.R_NamesSymbol, str_vector([*fields, "exception"]))
        return out


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


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
    return rapi.lib.R_NilValue


@entry
def set_last_error(exception):
    exc = REGISTRY.to_python(exception)
    if not isinstance(exc, BaseException):
        raise TypeError("py_last_error() needs NULL, a py_error or a Python exception")
    errors.LAST_ERROR.record(exc)
    return rapi.lib.R_NilValue


# --- output capture and warnings -----------------------------------------------------------

@entry
def capture_begin(stdout, stderr):
    return rapi.lib.Rf_ScalarInteger(console.begin_capture(_flag(stdout), _flag(stderr)))


@entry
def capture_end(token):
    return rapi.mkstring(console.end_capture(rapi.lib.INTEGER(token)[0]))


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


# --- functions and classes ----------------------------------------------------------------

@entry
def py_func(f):
    from .rules.functions import RFunction, py_function
    return proxies.wrap(py_function(RFunction(f, convert=True)), True)


@entry
def make_class(classname, defs, bases):
    from . import classes
    lib = rapi.lib
    names = evaluation.strings(lib.Rf_getAttrib(defs, lib.R_NamesSymbol))
    if len(names) != lib.XLENGTH(defs) or any(not n for n in names):
        raise ValueError("PyClass() needs a named list of definitions")
    members = {}
    for i, name in enumerate(names):
        value = lib.VECTOR_ELT(defs, i)
        members[name] = (RObject(value) if lib.TYPEOF(value) in rapi.FUNCTION_TYPES
                         and not proxies.is_proxy(value) else REGISTRY.to_python(value))
    base_types = tuple(REGISTRY.to_python(lib.VECTOR_ELT(bases, i))
                       for i in range(lib.XLENGTH(bases)))
    return proxies.wrap(_user(classes.make_class, _string(classname), members, base_types),
                        True)


@entry
def class_filters_changed():
    proxies.clear_class_cache()
    REGISTRY.forget_classes()
    return rapi.lib.R_NilValue


@entry
def handle_counts():
    return REGISTRY.to_r(handles.live_counts())


# --- introspection for the R methods -------------------------------------------------------

@entry
def dollar_names(x):
    from .rules.scalars import str_vector
    obj, _ = _target(x)
    return str_vector(_user(introspection.dollar_names, obj))


@entry
def instance_class(x):
    """The R class name of instances of the Python type ``x`` (``nameOfClass``)."""
    obj, _ = _target(x)
    if not isinstance(obj, type):
        raise TypeError("expected a Python type")
    return rapi.mkstring(proxies.filtered_class_names(obj)[0])


@entry
def module_name(x):
    obj, _ = _target(x)
    return rapi.mkstring(getattr(obj, "__name__", repr(obj)))


@entry
def shape(x):
    """``x.shape`` as an integer vector (double past 2^31-1)."""
    obj, _ = _target(x)
    dims = [int(d) for d in _user(getattr, obj, "shape")]
    lib = rapi.lib
    if any(d > 2**31 - 1 for d in dims):
        return REGISTRY.to_r([float(d) for d in dims]) if len(dims) != 1 else \
            lib.Rf_ScalarReal(float(dims[0]))
    vector = lib.Rf_allocVector(rapi.INTSXP, len(dims))
    for i, d in enumerate(dims):
        lib.INTEGER(vector)[i] = d
    return vector


@entry
def size(x):
    obj, _ = _target(x)
    return REGISTRY.to_r(int(_user(getattr, obj, "size")))


@entry
def describe_callable(x):
    obj, _ = _target(x)
    return rapi.mkstring(_user(introspection.describe_callable, obj))


@entry
def help_text(x):
    obj, _ = _target(x)
    return rapi.mkstring(_user(introspection.help_text, obj))


@entry
def function_docs(x):
    obj, _ = _target(x)
    return REGISTRY.to_r(_user(introspection.function_docs, obj))


# --- host, seeds, pickling -----------------------------------------------------------------

@entry
def host_config():
    return REGISTRY.to_r(introspection.host_config())


@entry
def set_seed(seed, disable_hash_randomization):
    import random
    value = rapi.lib.INTEGER(seed)[0]
    random.seed(value)
    numpy = sys.modules.get("numpy") or _optional_import("numpy")
    if numpy is not None:
        numpy.random.seed(value)
    if _flag(disable_hash_randomization):
        os.environ["PYTHONHASHSEED"] = "0"
    return rapi.lib.R_NilValue


def _optional_import(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@entry
def save_object(x, filename, module):
    obj, _ = _target(x)
    pickler = importlib.import_module(_string(module))
    with open(_string(filename), "wb") as handle:
        _user(pickler.dump, obj, handle)
    return rapi.lib.R_NilValue


@entry
def load_object(filename, module, convert):
    pickler = importlib.import_module(_string(module))
    with open(_string(filename), "rb") as handle:
        value = _user(pickler.load, handle)
    return result(value, _flag(convert))
