"""Python classes whose methods are R functions (``PyClass`` and the Keras classes built on it).

Each R function becomes a method with a real Python signature taken from its
formals (``self`` first). ``self`` reaches R as a proxy, the other arguments
are converted. The R function runs in an environment where ``super`` and
``__class__`` are bound: ``super()`` (or ``super(Cls, self)``) is Python's
``super`` for the current call, and ``super$m()`` calls the parent's ``m``.
``__init__`` always returns None to Python. Classes belong to ``__main__``
unless ``__module__`` is among the members.
"""
import builtins

from . import proxies, rapi
from .handles import RObject, protected
from .rules.functions import RFunction, py_function

_calls = []


class SuperProxy:
    """``super`` inside an R method: callable like Python's, or ``super$m()``."""

    def __init__(self, holder):
        self._holder = holder

    def __call__(self, *args):
        if args:
            return builtins.super(*args)
        return builtins.super(self._holder["cls"], _calls[-1])

    def __getattr__(self, name):
        if name.startswith("__") or "cls" not in self._holder or not _calls:
            raise AttributeError(name)
        return getattr(builtins.super(self._holder["cls"], _calls[-1]), name)


def _with_scope(fn_sexp, holder):
    """A copy of the R closure whose environment binds ``super`` (``__class__`` later)."""
    lib = rapi.lib
    with protected() as keep:
        scope = keep(lib.R_NewEnv(lib.CLOENV(fn_sexp), 0, 0))
        lib.Rf_defineVar(rapi.sym("super"), keep(proxies.wrap(SuperProxy(holder), True)), scope)
        closure = keep(lib.Rf_allocSExp(rapi.CLOSXP))
        lib.SET_FORMALS(closure, lib.FORMALS(fn_sexp))
        lib.SET_BODY(closure, lib.BODY(fn_sexp))
        lib.SET_CLOENV(closure, scope)
        return RObject(closure), RObject(scope)


def method(r_function, name, holder, scopes):
    """A Python method calling the R function ``r_function`` (an ``RObject``)."""
    closure, scope = _with_scope(r_function.sexp, holder)
    scopes.append(scope)
    fn = RFunction(closure.sexp, convert=True, name=name)
    returns_none = name == "__init__"

    def invoke(self, *args, **kwargs):
        _calls.append(self)
        try:
            value = fn(self, *args, **kwargs)
        finally:
            _calls.pop()
        return None if returns_none else value

    python_method = py_function(fn, name=name, invoke=invoke)
    python_method.__name__ = name
    return python_method


def make_class(name, members, bases=()):
    """``type(name, bases, members)`` with R functions (``RObject``) turned into methods."""
    holder, scopes, namespace = {}, [], {"__module__": "__main__"}
    for key, value in members.items():
        if isinstance(value, RObject) and rapi.lib.TYPEOF(value.sexp) in rapi.FUNCTION_TYPES:
            namespace[key] = method(value, key, holder, scopes)
        else:
            namespace[key] = value
    cls = type(name, tuple(bases) or (object,), namespace)
    holder["cls"] = cls
    with protected() as keep:
        class_proxy = keep(proxies.wrap(cls, True))
        for scope in scopes:
            rapi.lib.Rf_defineVar(rapi.sym("__class__"), class_proxy, scope.sexp)
    return cls
