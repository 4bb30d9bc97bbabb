"""Python objects as R proxies, and reticulate's class vectors for them.

* An ordinary object is an environment holding ``pyobj``, an external pointer
  that owns one Python reference; the pointer's tag is the ``convert`` flag and
  its protected slot the R-type hint recorded by ``r_to_py()``. A callable's
  closure and an exception's condition carry such an environment as
  ``attr(, "py_object")`` (they are built by ``rules.references``).
* A proxy whose object no conversion rule handles is marked ``not_convertible``
  (an attribute of its pointer), so ``py_to_r()`` gives it back as it is instead
  of trying the rules again.
* A module imported with ``delay_load`` is an environment holding ``module``
  (the name) until first use: looking for its pointer imports it.

Each carries reticulate's class vector: ``module.Name`` for every class of the
MRO (``builtins`` as ``python.builtin``), ``python.builtin.iterator`` before the
final ``python.builtin.object`` for iterators, then the registered R class
filters. This module holds the one cache of those vectors per Python type.
"""
import collections.abc

from ..libr import capi, text, vectors
from ..libr.protect import protected
from ..runtime import evaluation, handles, interrupts
from ..runtime.handles import RObject

_class_cache = {}
_class_addresses = {}   # type -> its cached class vector's address, for the compiled proxies
_aliases = {}
_state = {"namespace": None, "resolve": None}


def install(namespace):
    """Take the R helpers this module calls from the loaded R package."""
    _state["namespace"] = RObject(namespace)
    _state["resolve"] = evaluation.binding(namespace, ".pyr_resolve_module_proxy")
    clear_class_cache()


def compiled_state():
    """What the bridge's compiled proxies (``bridge/_crossing.c``: ``pyr_fast_proxy`` and
    the finalizers) update in place, by the names of its contract: the class vectors'
    addresses by type, ``CANONICAL``'s two dicts, ``RObject``, and the report of a
    finalizer's exception."""
    return {"class_addresses": _class_addresses, "canonical": CANONICAL._entries,
            "canonical_by_pointer": CANONICAL._by_env, "robject": RObject,
            "finalizer_failed": interrupts.callback_failed}


def clear_class_cache():
    """Forget the class vectors (a class filter or a module alias changed them)."""
    _class_cache.clear()
    _class_addresses.clear()


def forget_class(tp):
    """Forget the class vector of ``tp``: its bases changed (a library may give a class
    new bases when an instance is made). Proxies made with the old vector are not reused
    (``CanonicalProxies.find``)."""
    _class_cache.pop(tp, None)
    _class_addresses.pop(tp, None)


def set_module_alias(module, alias):
    """``import(module, as = alias)``: classes from ``module`` are named with ``alias``."""
    _aliases[module] = alias
    clear_class_cache()


def _class_name(cls):
    """reticulate's name of ``cls`` (NUL and lone surrogates escaped, as R needs)."""
    return text.displayable(_module_name(cls))


def _module_name(cls):
    module = getattr(cls, "__module__", None)
    name = getattr(cls, "__name__", None)
    if not isinstance(name, str) or not name:
        name = repr(cls)
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
    names = class_names(tp)
    with protected() as keep:
        vector = keep(vectors.str_vector(names))
        if _state["namespace"] is not None:
            vector = keep(evaluation.call_function(
                evaluation.function(".pyr_apply_class_filters"), [vector], keep=keep))
        cached = _class_cache[tp] = (RObject(vector), vectors.strings(vector))
        _class_addresses[tp] = capi.address(vector)
    return cached


def _flag(value):
    return capi.lib.R_TrueValue if value else capi.lib.R_FalseValue


def shared_environment_proxy(obj, convert):
    """A new environment proxy for ``obj`` (unprotected), recorded in ``CANONICAL``."""
    fast = capi.fast
    if fast is not None and fast.pyr_canonical_finalized == capi.NULL:
        fast.pyr_canonical_finalized = _canonical_finalized
    made = handles.new_canonical_environment(obj, _flag(convert), class_vector(type(obj)),
                                             capi.sym("pyobj"))
    if made is not None:
        env, ref, held = made
        CANONICAL.record(obj, convert, ref, held)
        return env
    lib = capi.lib
    env = lib.Rf_protect(environment_proxy(obj, convert))
    try:
        CANONICAL.remember(obj, convert, env, env)
    finally:
        lib.Rf_unprotect(1)
    return env


def environment_proxy(obj, convert, hint=None):
    """The environment standing for ``obj`` in R (unprotected)."""
    return handles.new_xptr_environment(obj, _flag(convert),
                                        capi.lib.R_NilValue if hint is None else hint,
                                        class_vector(type(obj)), capi.sym("pyobj"))


class CanonicalProxies:
    """The R value already standing for a Python object, so that two handles to the same
    object are the same R value (``identical()`` and ``all.equal()`` are TRUE).

    An entry, keyed by the object's id and the convert flag, is an R weak reference
    whose value is the R value (the environment, or a callable's closure) and whose key
    is the proxy's environment, or, for an environment proxy made by the compiled
    module, its external pointer: then that weak reference is the pointer's own
    finalizer (``handles.new_canonical_environment``), one per proxy instead of two,
    and one Python call forgets the entry and drops the pointer's count. A finalizer
    removes the entry once R found its key unreachable. R keeps its weak references
    itself, so the entries hold nothing alive. A weak reference waiting for its
    finalizer (R's "ready to finalize" bit) is never used: its environment is about to
    lose its object. An entry is used only while the environment still holds the flag
    and the class vector a new proxy would get (a class filter registered since makes a
    new one); hinted proxies (``r_to_py()`` of a value whose R type the Python value cannot
    tell) are never shared.
    """

    _READY_TO_FINALIZE = 1   # R's READY_TO_FINALIZE_MASK in a weak reference's gp bits

    def __init__(self):
        # R values as their addresses (ints), which the compiled proxies read and write too
        self._entries = {}    # (id, convert) -> (weak reference, its key)
        self._by_env = {}     # weak reference's key (environment or pointer) -> (id, convert)

    def find(self, obj, convert):
        """The R value standing for ``obj`` with this flag, or None."""
        key = (id(obj), bool(convert))
        entry = self._entries.get(key)
        if entry is None:
            return None
        lib = capi.lib
        ref = capi.ffi.cast("SEXP", entry[0])
        if lib.LEVELS(ref) & self._READY_TO_FINALIZE:
            return None
        held = lib.R_WeakRefKey(ref)
        kind = lib.TYPEOF(held)
        if kind == capi.EXTPTRSXP:      # keyed by the pointer: the value is the environment
            env, pointer = lib.R_WeakRefValue(ref), held
            if lib.TYPEOF(env) != capi.ENVSXP or handles.env_pointer(env) != pointer:
                return None
        elif kind == capi.ENVSXP:
            env = held
            pointer = handles.env_pointer(env)
        else:
            return None
        if pointer is None or not handles.xptr_holds(pointer, obj) or \
                (lib.R_ExternalPtrTag(pointer) == lib.R_TrueValue) != bool(convert) or \
                lib.R_ExternalPtrProtected(pointer) != lib.R_NilValue or \
                lib.Rf_getAttrib(env, lib.R_ClassSymbol) != class_vector(type(obj)):
            return None
        return lib.R_WeakRefValue(ref)

    def remember(self, obj, convert, env, value):
        """Record ``value`` (a callable's closure, or ``env`` itself without the compiled
        module) as standing for ``obj``, through a weak reference keyed by ``env``."""
        lib = capi.lib
        key = (id(obj), bool(convert))
        with protected() as keep:
            ref = keep(lib.R_MakeWeakRefC(env, value, _forget_proxy, 0))
        held = capi.address(env)
        self._entries[key] = (capi.address(ref), held)
        self._by_env[held] = key

    def record(self, obj, convert, ref, held):
        """Record the weak reference ``ref`` of a new canonical environment, keyed by its
        external pointer ``held`` (``handles.new_canonical_environment``)."""
        key = (id(obj), bool(convert))
        held = capi.address(held)
        self._entries[key] = (capi.address(ref), held)
        self._by_env[held] = key

    def forget(self, env):
        """The weak reference keyed by ``env`` (an environment or a pointer) was finalized:
        drop its entry (unless a newer one took it)."""
        env = capi.address(env)
        key = self._by_env.pop(env, None)
        if key is not None:
            entry = self._entries.get(key)
            if entry is not None and entry[1] == env:
                del self._entries[key]

    def __len__(self):
        return len(self._entries)


@capi.ffi.callback("void(SEXP)", onerror=interrupts.callback_failed)
def _forget_proxy(env):
    CANONICAL.forget(env)


@capi.ffi.callback("void(uintptr_t, SEXP)", onerror=interrupts.callback_failed)
def _canonical_finalized(key, xptr):
    handles.PY_REFS.drop(key)
    CANONICAL.forget(xptr)


CANONICAL = CanonicalProxies()


def proxy_xptr(sexp):
    """The external pointer behind a proxy (environment, closure or condition), or None."""
    fast = capi.fast
    if fast is not None:
        pointer = fast.pyr_proxy_xptr(sexp, capi.sym("pyobj"), capi.sym("py_object"))
        if pointer != capi.NULL:
            return pointer
    env = _proxy_env(sexp)
    if env is None:
        return None
    pointer = handles.env_pointer(env)
    if pointer is None and _is_module_proxy(env):
        _resolve_module_proxy(env)
        pointer = handles.env_pointer(env)
    return pointer


def _is_module_proxy(env):
    lib = capi.lib
    return (lib.OBJECT(env) and _state["resolve"] is not None
            and "python.builtin.module" in vectors.class_names(env)
            and lib.Rf_findVarInFrame3(env, capi.sym("module"), 0) != lib.R_UnboundValue)


def _resolve_module_proxy(env):
    """Import the module behind a ``delay_load`` proxy (its hooks run in R)."""
    with protected() as keep:
        evaluation.call_function(_state["resolve"].sexp, [env], keep=keep)


def is_proxy(sexp):
    return proxy_xptr(sexp) is not None


def unwrap(sexp):
    """``(object, convert, hint)`` for a proxy; ``hint`` is an R value or None."""
    lib = capi.lib
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
    lib = capi.lib
    kind = lib.TYPEOF(sexp)
    if kind == capi.ENVSXP:
        return sexp
    if kind in (capi.CLOSXP, capi.VECSXP):
        origin = lib.Rf_getAttrib(sexp, capi.sym("py_object"))
        if origin != lib.R_NilValue and lib.TYPEOF(origin) == capi.ENVSXP:
            return origin
    return None


def stands_for(sexp, obj):
    """Is ``sexp`` a proxy of ``obj`` itself?"""
    xptr = proxy_xptr(sexp)
    return xptr is not None and handles.xptr_holds(xptr, obj)


def mark_not_convertible(sexp):
    """Remember on a proxy that no rule converts its object, so it is not retried: an
    attribute of its pointer, so that the environment holds only ``pyobj`` (two proxies
    compare with ``all.equal()`` as reticulate's do, binding by binding)."""
    xptr = proxy_xptr(sexp)
    if xptr is not None:
        capi.lib.Rf_setAttrib(xptr, capi.sym("not_convertible"), capi.lib.R_TrueValue)


def is_not_convertible(sexp):
    xptr = proxy_xptr(sexp)
    return xptr is not None and capi.lib.Rf_getAttrib(
        xptr, capi.sym("not_convertible")) != capi.lib.R_NilValue


def convert_flag(sexp):
    xptr = proxy_xptr(sexp)
    return xptr is not None and capi.lib.R_ExternalPtrTag(xptr) == capi.lib.R_TrueValue
