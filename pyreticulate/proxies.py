"""Python objects as R values.

* An ordinary object is an environment holding ``pyobj``, an external pointer
  that owns one Python reference; the pointer's tag is the ``convert`` flag and
  its protected slot the R-type hint recorded by ``r_to_py()``.
* A callable is an R closure whose formals come from ``inspect.signature``;
  ``attr(f, "py_object")`` is its environment proxy.
* An exception is an R condition list with ``attr(, "py_object")``.

Each carries reticulate's class vector: ``module.Name`` for every class of the
MRO (``builtins`` as ``python.builtin``), ``python.builtin.iterator`` before the
final ``python.builtin.object`` for iterators, then the registered R class
filters.
"""
import collections.abc
import inspect
import types
import weakref

from . import evaluation, handles, rapi
from .handles import RObject, protected

_class_cache = {}
_formals_cache = {}
_FORMALS_CACHE_LIMIT = 4096
_aliases = {}
_state = {"body": None, "namespace": None, "filters": None}


def install(namespace):
    """Load the closure body template from the R package."""
    _state["namespace"] = RObject(namespace)
    _state["body"] = evaluation.binding(namespace, ".pyr_callable_body")
    clear_class_cache()


def clear_class_cache():
    _class_cache.clear()


def set_module_alias(module, alias):
    """``import(module, as = alias)``: classes from ``module`` are named with ``alias``."""
    _aliases[module] = alias
    clear_class_cache()


def _class_name(cls):
    module = getattr(cls, "__module__", None)
    name = getattr(cls, "__name__", None) or repr(cls)
    if not isinstance(module, str) or not module:
        return name
    if module == "builtins":
        module = "python.builtin"
    else:
        for prefix, alias in _aliases.items():
            if module == prefix or module.startswith(prefix + "."):
                module = alias + module[len(prefix):]
                break
    return f"{module}.{name}"


def class_names(tp):
    """reticulate's class vector for instances of ``tp`` (before R class filters)."""
    names = [_class_name(c) for c in tp.__mro__]
    if issubclass(tp, collections.abc.Iterator) and "python.builtin.iterator" not in names:
        names.insert(len(names) - 1, "python.builtin.iterator")
    if issubclass(tp, BaseException):
        names += ["interrupt" if issubclass(tp, KeyboardInterrupt) else "error", "condition"]
    return names


def class_vector(tp):
    """The R class vector for ``tp`` (cached; R class filters applied)."""
    cached = _class_cache.get(tp)
    if cached is not None:
        return cached.sexp
    from .rules.scalars import str_vector
    names = class_names(tp)
    with protected() as keep:
        vector = keep(str_vector(names))
        if _state["namespace"] is not None:
            vector = evaluation.call_function(
                evaluation.function(".pyr_apply_class_filters"), [vector], keep=keep)
        cached = _class_cache[tp] = RObject(vector)
    return cached.sexp


def _flag(value):
    return rapi.lib.R_TrueValue if value else rapi.lib.R_FalseValue


def wrap(obj, convert, hint=None):
    """The R value standing for ``obj`` (unprotected)."""
    lib = rapi.lib
    with protected() as keep:
        env = keep(environment_proxy(obj, convert, hint))
        if isinstance(obj, BaseException):
            return _condition(obj, env, keep)
        if callable(obj):
            return callable_closure(obj, env, keep)
        return env


def environment_proxy(obj, convert, hint=None):
    lib = rapi.lib
    with protected() as keep:
        xptr = keep(handles.new_xptr(obj, _flag(convert),
                                     lib.R_NilValue if hint is None else hint))
        env = keep(lib.R_NewEnv(lib.R_EmptyEnv, 0, 0))
        lib.Rf_defineVar(rapi.sym("pyobj"), xptr, env)
        lib.Rf_setAttrib(env, lib.R_ClassSymbol, class_vector(type(obj)))
        return env


def callable_closure(obj, env, keep):
    """An R closure that calls ``obj``; formals follow its Python signature."""
    lib = rapi.lib
    home = keep(lib.R_NewEnv(_state["namespace"].sexp, 0, 0))
    lib.Rf_defineVar(rapi.sym("callable"), env, home)
    closure = keep(lib.Rf_allocSExp(rapi.CLOSXP))
    lib.SET_FORMALS(closure, formals_for(obj))
    lib.SET_BODY(closure, _state["body"].sexp)
    lib.SET_CLOENV(closure, home)
    lib.Rf_setAttrib(closure, lib.R_ClassSymbol, lib.Rf_getAttrib(env, lib.R_ClassSymbol))
    lib.Rf_setAttrib(closure, rapi.sym("py_object"), env)
    return closure


def _condition(exc, env, keep):
    from . import errors
    from .rules.scalars import str_vector
    lib = rapi.lib
    condition = keep(lib.Rf_allocVector(rapi.VECSXP, 2))
    limit = _warning_length()
    lib.SET_VECTOR_ELT(condition, 0, rapi.mkstring(
        errors.trim_middle(errors.exception_message(exc), limit - 60)
        + "\nRun `py_last_error()` for details."))
    lib.Rf_setAttrib(condition, lib.R_NamesSymbol, str_vector(["message", "call"]))
    lib.Rf_setAttrib(condition, lib.R_ClassSymbol, lib.Rf_getAttrib(env, lib.R_ClassSymbol))
    lib.Rf_setAttrib(condition, rapi.sym("py_object"), env)
    return condition


def _warning_length():
    """R's ``warning.length`` option, the longest message R shows in full."""
    lib = rapi.lib
    value = lib.Rf_GetOption1(rapi.sym("warning.length"))
    if lib.TYPEOF(value) == rapi.INTSXP and lib.LENGTH(value) == 1:
        return lib.INTEGER(value)[0]
    return 1000


def formals_for(obj):
    """The formals pairlist for a callable's R closure (cached per function)."""
    key, target = _formals_key(obj)
    cached = _formals_cache.get(key) if key is not None else None
    if cached is not None and cached[0]() is target:
        return cached[1].sexp
    formals = RObject(_build_formals(obj))
    if key is not None:
        if len(_formals_cache) >= _FORMALS_CACHE_LIMIT:
            _formals_cache.clear()
        _formals_cache[key] = (_reference(target), formals)
    return formals.sexp


def _reference(target):
    """A weak reference, so the cache never keeps a callback alive (builtins are kept)."""
    try:
        return weakref.ref(target)
    except TypeError:
        return lambda: target


def _formals_key(obj):
    """``(key, target)``: the cache key and the object whose identity it names.

    A bound builtin method (``some_list.append``) is keyed by its type and
    name, so the cache never holds the instance it is bound to.
    """
    func = getattr(obj, "__func__", None)
    if func is not None:
        return ("method", id(func)), func
    if isinstance(obj, type):
        return ("type", id(obj)), obj
    if inspect.isbuiltin(obj):
        owner = getattr(obj, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            return ("builtin method", id(type(owner)), obj.__name__), type(owner)
        return ("function", id(obj)), obj
    if inspect.isfunction(obj):
        return ("function", id(obj)), obj
    return None, None


def _parameters(obj):
    try:
        return list(inspect.signature(obj).parameters.values())
    except (TypeError, ValueError):
        return None


def _build_formals(obj):
    from .rules.scalars import simple_scalar
    lib = rapi.lib
    params = _parameters(obj)
    entries = []
    dots_added = False
    if params is None:
        entries.append(("...", None))
    else:
        for p in params:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                if not dots_added:
                    entries.append(("...", None))
                    dots_added = True
                continue
            default = None if p.default is p.empty else p.default
            entries.append((p.name, (p.default is not p.empty, default)))
    with protected() as keep:
        tail = lib.R_NilValue
        for name, spec in reversed(entries):
            value = lib.R_MissingArg
            if spec is not None and spec[0]:
                converted = simple_scalar(spec[1])
                if converted is not None:
                    value = converted
            tail = keep(lib.Rf_cons(value, tail))
            lib.SET_TAG(tail, rapi.sym(name))
        return tail


def proxy_xptr(sexp):
    """The external pointer behind a proxy (environment, closure or condition), or None."""
    lib = rapi.lib
    kind = lib.TYPEOF(sexp)
    if kind == rapi.ENVSXP:
        value = lib.Rf_findVarInFrame3(sexp, rapi.sym("pyobj"), 1)
        if value != lib.R_UnboundValue and lib.TYPEOF(value) == rapi.EXTPTRSXP:
            return value
        return None
    if kind == rapi.EXTPTRSXP:
        return sexp
    if kind in (rapi.CLOSXP, rapi.VECSXP):
        origin = lib.Rf_getAttrib(sexp, rapi.sym("py_object"))
        if origin != lib.R_NilValue and lib.TYPEOF(origin) == rapi.ENVSXP:
            return proxy_xptr(origin)
    return None


def is_proxy(sexp):
    return proxy_xptr(sexp) is not None


def unwrap(sexp):
    """``(object, convert, hint)`` for a proxy; ``hint`` is an R value or None."""
    lib = rapi.lib
    xptr = proxy_xptr(sexp)
    if xptr is None:
        raise TypeError("not a Python object proxy")
    obj = handles.xptr_object(xptr)
    convert = lib.R_ExternalPtrTag(xptr) == lib.R_TrueValue
    hint = lib.R_ExternalPtrProtected(xptr)
    return obj, convert, (None if hint == lib.R_NilValue else hint)


def unwrap_object(sexp):
    return unwrap(sexp)[0]


def convert_flag(sexp):
    xptr = proxy_xptr(sexp)
    return xptr is not None and rapi.lib.R_ExternalPtrTag(xptr) == rapi.lib.R_TrueValue
