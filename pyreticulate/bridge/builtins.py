"""Entries for the builtins on proxies (``str``, ``repr``, ``len``, ``dir``, ...) and introspection."""
import types

from ..runtime import handles
from ..pyobjects import introspection
from ..convert import proxies
from ..libr import capi, vectors
from ..convert.registry import REGISTRY
from .arguments import as_logical, as_string, target, user_code
from .crossing import entry


@entry
def str_(x):
    obj, _ = target(x)
    return capi.mkstring(user_code(str, obj))


@entry
def repr_(x):
    obj, _ = target(x)
    return capi.mkstring(user_code(repr, obj))


def _dead(sexp):
    """Is ``sexp`` a proxy whose pointer is null (restored by readRDS/load)?"""
    xptr = proxies.proxy_xptr(sexp)
    return xptr is not None and handles.xptr_is_null(xptr)


@entry
def len_(x):
    """``len()``; 0 for a dead pointer."""
    if _dead(x):
        return capi.lib.Rf_ScalarInteger(0)
    obj, _ = target(x)
    return REGISTRY.to_r(user_code(len, obj))


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
        return capi.lib.Rf_ScalarInteger(0)
    obj, _ = target(x)
    n = user_code(_length, obj)
    if n is None:
        return capi.lib.Rf_ScalarInteger(capi.lib.R_NaInt)
    return REGISTRY.to_r(n)


@entry
def bool_(x):
    obj, _ = target(x)
    return as_logical(user_code(bool, obj))


@entry
def id_(x):
    obj, _ = target(x)
    return capi.mkstring(str(id(obj)))


@entry
def dir_(x):
    obj, _ = target(x)
    return vectors.str_vector(sorted(user_code(dir, obj)))


@entry
def is_null_xptr(x):
    xptr = proxies.proxy_xptr(x)
    return as_logical(xptr is None or handles.xptr_is_null(xptr))


@entry
def is_callable(x):
    obj, _ = target(x)
    return as_logical(callable(obj))


@entry
def has_method(x, name):
    """Whether ``x.name`` is a bound method (``types.MethodType``), as reticulate asks."""
    obj, _ = target(x)
    try:
        value = user_code(getattr, obj, as_string(name))
    except Exception:
        return as_logical(False)
    return as_logical(isinstance(value, types.MethodType))


@entry
def is_mapping(x):
    """Does ``x[key] <- value`` mean an item (``__setitem__``) rather than an attribute?"""
    obj, _ = target(x)
    return as_logical(hasattr(type(obj), "__setitem__"))




@entry
def dollar_names(x):
    obj, _ = target(x)
    return vectors.str_vector(user_code(introspection.dollar_names, obj))


@entry
def instance_class(x):
    """The R class name of instances of the Python type ``x`` (``nameOfClass``)."""
    obj, _ = target(x)
    if not isinstance(obj, type):
        raise TypeError("expected a Python type")
    return capi.mkstring(proxies.filtered_class_names(obj)[0])


@entry
def module_name(x):
    obj, _ = target(x)
    return capi.mkstring(getattr(obj, "__name__", repr(obj)))


@entry
def shape(x):
    """``x.shape`` as an integer vector (double past 2^31-1)."""
    obj, _ = target(x)
    dims = [int(d) for d in user_code(getattr, obj, "shape")]
    lib = capi.lib
    if any(d > 2**31 - 1 for d in dims):
        return REGISTRY.to_r([float(d) for d in dims]) if len(dims) != 1 else \
            lib.Rf_ScalarReal(float(dims[0]))
    vector = lib.Rf_allocVector(capi.INTSXP, len(dims))
    for i, d in enumerate(dims):
        lib.INTEGER(vector)[i] = d
    return vector


@entry
def size(x):
    obj, _ = target(x)
    return REGISTRY.to_r(int(user_code(getattr, obj, "size")))


@entry
def describe_callable(x):
    obj, _ = target(x)
    return capi.mkstring(user_code(introspection.describe_callable, obj))


@entry
def help_text(x):
    obj, _ = target(x)
    return capi.mkstring(user_code(introspection.help_text, obj))


@entry
def function_docs(x):
    obj, _ = target(x)
    return REGISTRY.to_r(user_code(introspection.function_docs, obj))
