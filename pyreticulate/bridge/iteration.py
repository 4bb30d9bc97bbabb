"""Entries for iteration and context managers (``iterate``, ``iter_next``, ``with``)."""
from ..runtime import errors, evaluation
from ..libr import capi, vectors
from ..runtime.handles import RObject
from ..convert.registry import REGISTRY
from .arguments import as_logical, result, target, user_code
from .crossing import entry


@entry
def iter_(x):
    obj, convert = target(x)
    return REGISTRY.wrap(user_code(iter, obj), convert)


@entry
def next_(it, completed):
    obj, convert = target(it)
    try:
        value = user_code(next, obj)
    except StopIteration:
        return completed
    return result(value, convert)


@entry
def enter_context(x):
    obj, convert = target(x)
    return result(user_code(type(obj).__enter__, obj), convert)


def _exception_for(condition):
    """The Python exception standing for an R condition caught by ``with()``."""
    if "interrupt" in vectors.class_names(condition):
        return KeyboardInterrupt()
    exc = REGISTRY.to_python(condition)
    if not isinstance(exc, BaseException):
        exc = errors.RError(evaluation.condition_message(RObject(condition)))
    return exc


@entry
def exit_context(x, condition):
    """``__exit__`` with the exception behind an R condition (or None); TRUE if suppressed."""
    obj, _ = target(x)
    exc = None if condition == capi.lib.R_NilValue else _exception_for(condition)
    suppressed = user_code(type(obj).__exit__, obj, type(exc) if exc else None,
                       exc, exc.__traceback__ if exc else None)
    return as_logical(suppressed)
