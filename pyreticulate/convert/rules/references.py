"""Values that cross by reference: proxies, opaque handles and conditions.

* A Python proxy crossing back to Python is the Python object itself.
* An R error condition becomes an ``RError`` carrying the original condition,
  which converts back to that condition.
* Any other R value with no rule is an opaque ``RObject`` that converts back
  to the identical R object.
* A Python object with no rule becomes a proxy (``wrap``): an R closure if it
  is callable (``callables``), an R condition classed by its MRO if it is an
  exception, else an environment proxy. ``wrap`` is also the registry's proxy
  maker (``REGISTRY.wrap``), for ``r_to_py()`` and every unconverted value.
"""
from ...libr import capi, vectors
from ...libr.protect import protected
from ...runtime import errors, evaluation
from ...runtime.handles import RObject
from .. import proxies
from ..registry import NOT_HANDLED, REGISTRY
from .callables import callable_closure


@REGISTRY.r_to_py(sexptypes=[None])
def opaque_handle(sexp):
    return RObject(sexp)


@REGISTRY.r_to_py(r_classes=["python.builtin.object"])
def proxy_to_object(sexp):
    if not proxies.is_proxy(sexp):
        return NOT_HANDLED
    return proxies.unwrap_object(sexp)


@REGISTRY.r_to_py(r_classes=["error"])
def condition_to_exception(sexp):
    return evaluation.condition_to_exception(RObject(sexp))


@REGISTRY.py_to_r(errors.RError)
def r_error_to_condition(obj, hint):
    return obj.condition.sexp if obj.condition is not None else NOT_HANDLED


@REGISTRY.py_to_r(object)
def object_to_proxy(obj, hint):
    return wrap(obj, True)


def wrap(obj, convert, hint=None):
    """The R value standing for ``obj`` (unprotected): the one already standing for it
    while there is one (``proxies.CANONICAL``), except for exceptions, whose conditions
    are made afresh each time they are raised, and hinted values."""
    shared = hint is None and not isinstance(obj, BaseException)
    if shared:
        found = proxies.CANONICAL.find(obj, convert)
        if found is not None:
            return found
        if not callable(obj):
            return proxies.shared_environment_proxy(obj, convert)
    with protected() as keep:
        env = keep(proxies.environment_proxy(obj, convert, hint))
        if isinstance(obj, BaseException):
            return _condition(obj, env, keep)
        value = keep(callable_closure(obj, env, keep)) if callable(obj) else env
        if shared:
            proxies.CANONICAL.remember(obj, convert, env, value)
        return value


def _condition(exc, env, keep):
    lib = capi.lib
    condition = keep(lib.Rf_allocVector(capi.VECSXP, 2))
    limit = _warning_length()
    lib.SET_VECTOR_ELT(condition, 0, capi.message_string(
        errors.trim_middle(errors.exception_message(exc), limit - 60)
        + "\nRun `py_last_error()` for details."))
    lib.Rf_setAttrib(condition, lib.R_NamesSymbol, vectors.str_vector(["message", "call"]))
    lib.Rf_setAttrib(condition, lib.R_ClassSymbol, lib.Rf_getAttrib(env, lib.R_ClassSymbol))
    lib.Rf_setAttrib(condition, capi.sym("py_object"), env)
    return condition


def _warning_length():
    """R's ``warning.length`` option, the longest message R shows in full."""
    lib = capi.lib
    value = lib.Rf_GetOption1(capi.sym("warning.length"))
    if lib.TYPEOF(value) == capi.INTSXP and lib.LENGTH(value) == 1:
        return lib.INTEGER(value)[0]
    return 1000


REGISTRY.register_proxy_maker(wrap)
