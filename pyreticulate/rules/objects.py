"""Proxies, opaque handles and conditions.

* A Python proxy crossing back to Python is the Python object itself.
* An R error condition becomes an ``RError`` carrying the original condition,
  which converts back to that condition.
* Any other R value with no rule is an opaque ``RObject`` that converts back
  to the identical R object.
* A Python object with no rule becomes a proxy (a closure if callable, a
  condition if an exception).
"""
from .. import errors, evaluation, proxies
from ..handles import RObject
from ..registry import NOT_HANDLED, REGISTRY


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
    return proxies.wrap(obj, True)
