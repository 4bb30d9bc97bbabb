"""Python objects as R values.

* An ordinary object is an environment holding ``pyobj``, an external pointer
  that owns one Python reference; the pointer's tag is the ``convert`` flag and
  its protected slot the R-type hint recorded by ``r_to_py()``.
* A callable is an R closure whose formals come from ``inspect.signature``;
  ``attr(f, "py_object")`` is its environment proxy. When an S3 method of
  ``py_to_r_wrapper`` exists for its class vector, the closure is passed
  through it once, and the custom closure it returns gets all the attributes.
* A proxy whose object no conversion rule handles is marked ``not_convertible``,
  so ``py_to_r()`` gives it back as it is instead of trying the rules again.
* A module imported with ``delay_load`` is an environment holding ``module``
  (the name) until first use: looking for its pointer imports it.
* An exception is an R condition list with ``attr(, "py_object")``.

Each carries reticulate's class vector: ``module.Name`` for every class of the
MRO (``builtins`` as ``python.builtin``), ``python.builtin.iterator`` before the
final ``python.builtin.object`` for iterators, then the registered R class
filters.
"""
import collections.abc
import functools
import inspect
import types
import weakref

from . import evaluation, handles, rapi
from .handles import RObject, protected

_class_cache = {}
_formals_cache = {}
_FORMALS_CACHE_LIMIT = 4096
_aliases = {}
_state = {"body": None, "namespace": None, "wrapper": None, "resolve": None, "s3_table": None}


def install(namespace):
    """Load the closure body template and the R helpers from the R package."""
    _state["namespace"] = RObject(namespace)
    ops = evaluation.binding(namespace, ".ops").sexp
    _state["call_formals"] = RObject(rapi.lib.Rf_findVarInFrame3(
        ops, rapi.sym("call_formals"), 1))
    _state["missing"] = evaluation.binding(namespace, ".pyr_missing")
    _state["pieces"] = {name: RObject(evaluation.function(name)) for name in
                        (".pyr_result", "list2", ".External", "if", "missing",
                         "sys.call", "parent.frame", ".pyr_plain_call",
                         ".pyr_call_replayed")}
    _bodies.clear()
    _state["wrapper"] = evaluation.binding(namespace, "py_to_r_wrapper")
    _state["resolve"] = evaluation.binding(namespace, ".pyr_resolve_module_proxy")
    _state["s3_table"] = evaluation.binding(namespace, ".__S3MethodsTable__.")
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
    return _classes(tp)[0].sexp


def filtered_class_names(tp):
    """``class_vector(tp)`` as a list of str."""
    return _classes(tp)[1]


def _classes(tp):
    cached = _class_cache.get(tp)
    if cached is not None:
        return cached
    from .rules.scalars import str_vector
    names = class_names(tp)
    with protected() as keep:
        vector = keep(str_vector(names))
        if _state["namespace"] is not None:
            vector = keep(evaluation.call_function(
                evaluation.function(".pyr_apply_class_filters"), [vector], keep=keep))
        cached = _class_cache[tp] = (RObject(vector), evaluation.strings(vector))
    return cached


def _flag(value):
    return rapi.lib.R_TrueValue if value else rapi.lib.R_FalseValue


def wrap(obj, convert, hint=None):
    """The R value standing for ``obj`` (unprotected)."""
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
    lib.Rf_defineVar(rapi.sym("pyobj"), proxy_xptr(env), home)
    closure = keep(lib.Rf_allocSExp(rapi.CLOSXP))
    formals = formals_for(obj)
    lib.SET_FORMALS(closure, formals)
    lib.SET_BODY(closure, closure_body(formals))
    lib.SET_CLOENV(closure, home)
    lib.Rf_setAttrib(closure, lib.R_ClassSymbol, lib.Rf_getAttrib(env, lib.R_ClassSymbol))
    lib.Rf_setAttrib(closure, rapi.sym("py_object"), env)
    if not _has_wrapper_method(filtered_class_names(type(obj))):
        return closure
    return _custom_wrapper(closure, keep)


_bodies = {}


def closure_body(formals):
    """The body of a callable's closure, shared by closures with the same formals:

        if (.pyr_plain_call(sys.call(), <"" and the formal names>))
          .pyr_result(.External(<call_formals>, pyobj, <formal names>,
                                if (missing(a)) <missing> else a, ..., list2(...)))
        else .pyr_call_replayed(callable, sys.call(), parent.frame())

    R matches and evaluates the arguments; only the supplied ones reach Python,
    and ``list2`` gives ``...`` its ``!!!`` and ``:=``. A call that names an
    argument by a prefix of a formal (R's partial matching, which reticulate
    does not do) or may splice outside ``...`` is replayed whole through
    ``list2`` instead. The functions are inlined, so nothing is looked up.
    """
    lib = rapi.lib
    names = []
    node = formals
    while node != lib.R_NilValue:
        names.append(rapi.charsxp_str(lib.PRINTNAME(lib.TAG(node))))
        node = lib.CDR(node)
    key = tuple(names)
    cached = _bodies.get(key)
    if cached is not None:
        return cached.sexp
    from .rules.scalars import str_vector
    piece = {name: obj.sexp for name, obj in _state["pieces"].items()}
    with protected() as keep:
        arguments = lib.R_NilValue
        for name in reversed(names):
            symbol = rapi.sym(name)
            if name == "...":
                value = keep(lib.Rf_lcons(piece["list2"], lib.Rf_cons(symbol, lib.R_NilValue)))
            else:
                test = keep(lib.Rf_lcons(piece["missing"], lib.Rf_cons(symbol, lib.R_NilValue)))
                branches = keep(lib.Rf_cons(_state["missing"].sexp,
                                            lib.Rf_cons(symbol, lib.R_NilValue)))
                value = keep(lib.Rf_lcons(piece["if"], lib.Rf_cons(test, branches)))
            arguments = keep(lib.Rf_cons(value, arguments))
        arguments = keep(lib.Rf_cons(keep(str_vector(names)), arguments))
        arguments = keep(lib.Rf_cons(rapi.sym("pyobj"), arguments))
        arguments = keep(lib.Rf_cons(_state["call_formals"].sexp, arguments))
        external = keep(lib.Rf_lcons(piece[".External"], arguments))
        fast = keep(_call(piece[".pyr_result"], external))
        this_call = keep(_call(piece["sys.call"]))
        plain = keep(_call(piece[".pyr_plain_call"], this_call, keep(str_vector(["", *names]))))
        slow = keep(_call(piece[".pyr_call_replayed"], rapi.sym("callable"), this_call,
                          keep(_call(piece["parent.frame"]))))
        body = keep(_call(piece["if"], plain, fast, slow))
        _bodies[key] = RObject(body)
        return body


def _call(function, *arguments):
    """An R call of ``function`` (an R function object) with these argument expressions."""
    lib = rapi.lib
    with protected() as keep:
        tail = lib.R_NilValue
        for argument in reversed(arguments):
            tail = keep(lib.Rf_cons(argument, tail))
        return lib.Rf_lcons(function, tail)


def is_missing_marker(sexp):
    return sexp == _state["missing"].sexp


_wrapper_symbols = {}


def _has_wrapper_method(names):
    """Is there a ``py_to_r_wrapper`` method for one of these classes, in the global
    environment or registered with the generic (what ``UseMethod`` would find)?"""
    if _state["wrapper"] is None:
        return False
    lib = rapi.lib
    unbound = lib.R_UnboundValue
    table = _state["s3_table"].sexp
    for name in names:
        symbol = _wrapper_symbols.get(name)
        if symbol is None:
            symbol = _wrapper_symbols[name] = rapi.sym("py_to_r_wrapper." + name)
        if (lib.Rf_findVarInFrame3(lib.R_GlobalEnv, symbol, 0) != unbound
                or lib.Rf_findVarInFrame3(table, symbol, 0) != unbound):
            return True
    return False


def _custom_wrapper(closure, keep):
    """``py_to_r_wrapper(closure)``; a copy of the function it returns gets all the
    attributes of ``closure`` (a copy, since the method may return a shared function)."""
    lib = rapi.lib
    wrapped = keep(evaluation.call_function(_state["wrapper"].sexp, [closure], keep=keep))
    if wrapped == closure:
        return closure
    if lib.TYPEOF(wrapped) != rapi.CLOSXP:
        raise TypeError("a py_to_r_wrapper() method must return an R closure")
    wrapped = keep(lib.Rf_duplicate(wrapped))
    attribute = lib.ATTRIB(closure)
    while attribute != lib.R_NilValue:
        lib.Rf_setAttrib(wrapped, lib.TAG(attribute), lib.CAR(attribute))
        attribute = lib.CDR(attribute)
    return wrapped


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
    """The formals pairlist for a callable's R closure, cached per callable.

    A bound method is cached under its function and a bound builtin method
    (``some_list.append``) under its class and name, so the cache never holds
    the instance a method is bound to. Entries go when their callable does (weak
    references); callables that refuse weak references (NumPy ufuncs and
    dispatchers, module-level builtins, all long-lived) are held until the
    cache fills up.
    """
    key, anchor = _formals_key(obj)
    cached = _formals_cache.get(key)
    if cached is not None and cached[0]() is anchor:
        return cached[1].sexp
    formals = RObject(_build_formals(obj))
    try:
        ref = weakref.ref(anchor, functools.partial(_forget_formals, key))
    except TypeError:
        ref = functools.partial(_identity, anchor)
    if len(_formals_cache) >= _FORMALS_CACHE_LIMIT:
        _formals_cache.clear()
    _formals_cache[key] = (ref, formals)
    return formals.sexp


def _formals_key(obj):
    """``(key, anchor)``: the cache key and the object whose identity it names."""
    try:
        func = getattr(obj, "__func__", None)
    except Exception:
        func = None
    if func is not None:
        return ("method", id(func)), func
    if inspect.isbuiltin(obj):
        owner = getattr(obj, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            cls = owner if isinstance(owner, type) else type(owner)
            return ("builtin method", id(cls), obj.__name__), cls
    return ("object", id(obj)), obj


def _identity(value):
    return value


def _forget_formals(key, ref):
    cached = _formals_cache.get(key)
    if cached is not None and cached[0] is ref:
        _formals_cache.pop(key, None)


def _parameters(obj):
    """The signature's parameters, or None when ``inspect`` cannot tell (or fails)."""
    try:
        return list(inspect.signature(obj).parameters.values())
    except Exception:
        return None


def formal_entries(obj):
    """``[(name, default)]`` for an R closure standing for ``obj``.

    ``default`` is ``inspect.Parameter.empty`` for a required parameter (and for
    ``...``). ``*args`` and ``**kwargs`` become ``...``; keyword-only parameters
    follow it, as in reticulate. Without a signature the formals are ``...``.
    """
    params = _parameters(obj)
    empty = inspect.Parameter.empty
    if params is None:
        return [("...", empty)]
    entries, dots = [], False
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY) and not dots:
            entries.append(("...", empty))
            dots = True
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        entries.append((p.name, p.default))
    return entries


def _build_formals(obj):
    """A default converts when a plain rule applies (None, bool, int, float, str);
    any other default shows as ``NULL``."""
    from .rules.scalars import simple_scalar
    lib = rapi.lib
    entries = formal_entries(obj)
    with protected() as keep:
        tail = lib.R_NilValue
        for name, default in reversed(entries):
            value = lib.R_MissingArg
            if default is not inspect.Parameter.empty:
                converted = simple_scalar(default)
                value = lib.R_NilValue if converted is None else keep(converted)
            tail = keep(lib.Rf_cons(value, tail))
            lib.SET_TAG(tail, rapi.sym(name))
        return tail


def proxy_xptr(sexp):
    """The external pointer behind a proxy (environment, closure or condition), or None."""
    lib = rapi.lib
    kind = lib.TYPEOF(sexp)
    if kind == rapi.ENVSXP:
        value = lib.Rf_findVarInFrame3(sexp, rapi.sym("pyobj"), 1)
        if value == lib.R_UnboundValue and _is_module_proxy(sexp):
            _resolve_module_proxy(sexp)
            value = lib.Rf_findVarInFrame3(sexp, rapi.sym("pyobj"), 1)
        if value != lib.R_UnboundValue and lib.TYPEOF(value) == rapi.EXTPTRSXP:
            return value
        return None
    if kind in (rapi.CLOSXP, rapi.VECSXP):
        origin = lib.Rf_getAttrib(sexp, rapi.sym("py_object"))
        if origin != lib.R_NilValue and lib.TYPEOF(origin) == rapi.ENVSXP:
            return proxy_xptr(origin)
    return None


def _is_module_proxy(env):
    lib = rapi.lib
    return (lib.OBJECT(env) and _state["resolve"] is not None
            and "python.builtin.module" in evaluation.class_names(env)
            and lib.Rf_findVarInFrame3(env, rapi.sym("module"), 0) != lib.R_UnboundValue)


def _resolve_module_proxy(env):
    """Import the module behind a ``delay_load`` proxy (its hooks run in R)."""
    with protected() as keep:
        evaluation.call_function(_state["resolve"].sexp, [env], keep=keep)


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


def _proxy_env(sexp):
    """The environment of a proxy (itself, or the ``py_object`` of a closure or condition)."""
    lib = rapi.lib
    kind = lib.TYPEOF(sexp)
    if kind == rapi.ENVSXP:
        return sexp
    if kind in (rapi.CLOSXP, rapi.VECSXP):
        origin = lib.Rf_getAttrib(sexp, rapi.sym("py_object"))
        if origin != lib.R_NilValue and lib.TYPEOF(origin) == rapi.ENVSXP:
            return origin
    return None


def stands_for(sexp, obj):
    """Is ``sexp`` a proxy of ``obj`` itself?"""
    xptr = proxy_xptr(sexp)
    return (xptr is not None and not handles.xptr_is_null(xptr)
            and handles.xptr_object(xptr) is obj)


def mark_not_convertible(sexp):
    """Remember on a proxy that no rule converts its object, so it is not retried."""
    env = _proxy_env(sexp)
    if env is not None:
        rapi.lib.Rf_defineVar(rapi.sym("not_convertible"), rapi.lib.R_TrueValue, env)


def is_not_convertible(sexp):
    env = _proxy_env(sexp)
    return env is not None and rapi.lib.Rf_findVarInFrame3(
        env, rapi.sym("not_convertible"), 0) != rapi.lib.R_UnboundValue


def convert_flag(sexp):
    xptr = proxy_xptr(sexp)
    return xptr is not None and rapi.lib.R_ExternalPtrTag(xptr) == rapi.lib.R_TrueValue
