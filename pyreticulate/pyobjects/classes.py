"""Python classes whose methods are R functions (``PyClass``, and classes built on it).

Each R function becomes a method with a real Python signature taken from its
formals (``self`` first). ``self`` reaches R as a proxy, the other arguments
are converted. The R function runs in an environment where ``super`` and
``__class__`` are bound: ``super()`` (or ``super(Cls, self)``) is Python's
``super`` for the current call, and ``super$m()`` calls the parent's ``m``
(``super$initialize()`` is ``__init__``). ``__init__`` always returns None to
Python. A method whose body starts with a string has it as ``__doc__``.
``PyClass`` classes have no module, as in reticulate (their R class is the bare
name); other classes built on it belong to ``__main__`` unless
``__module__`` is among the members.

With ``private`` (an R environment of initial members, kept as the class's
``_pyr_private``), each instance gets its own R environment, created from its
class's members on first use and bound to ``private`` while its methods run
(functions in it see ``self`` and ``private``). With ``python_defaults``
the signatures carry constant R defaults as Python defaults and take
``**kwargs``, for libraries that inspect them (``rules.callables.py_function``).
With ``convert=False`` the methods get their arguments, ``self`` included, as
Python objects (proxies that do not convert), as reticulate's
``r_to_py(fn, convert = FALSE)`` gives them.
"""
import builtins
import weakref

from ..runtime import evaluation, threads
from ..libr import capi
from ..runtime.handles import RObject
from ..libr.protect import protected
from ..convert import proxies
from ..convert.registry import REGISTRY
from ..convert.rules.callables import RFunction, finish_fast_call, py_function, r_formals

_calls = []
_DECLINED = object()


def calling_instance():
    """The instance whose R-defined method is running now (innermost), or None."""
    return _calls[-1] if _calls else None


def method_calls():
    """The list of running methods' instances, for the compiled call (which pushes its
    instance while R runs)."""
    return _calls


_ALIASES = {"initialize": "__init__", "finalize": "__del__"}
_private_envs = weakref.WeakKeyDictionary()
_private_by_id = {}


class SuperProxy:
    """``super`` inside an R method: callable like Python's, or ``super$m()``."""

    def __init__(self, holder):
        self._holder = holder

    def __call__(self, *args):
        if args:
            return builtins.super(*args)
        return builtins.super(self._holder["cls"], _calls[-1])

    def __getattr__(self, name):
        name = _ALIASES.get(name, name)
        if (name.startswith("__") and name not in _ALIASES.values()) \
                or "cls" not in self._holder or not _calls:
            raise AttributeError(name)
        return getattr(builtins.super(self._holder["cls"], _calls[-1]), name)


def _with_scope(fn_sexp, holder):
    """A copy of the R closure whose environment binds ``super`` (``__class__`` later)."""
    lib = capi.lib
    with protected() as keep:
        scope = keep(lib.R_NewEnv(lib.CLOENV(fn_sexp), 0, 0))
        lib.Rf_defineVar(capi.sym("super"), keep(REGISTRY.wrap(SuperProxy(holder), True)), scope)
        closure = keep(lib.Rf_allocSExp(capi.CLOSXP))
        lib.SET_FORMALS(closure, lib.FORMALS(fn_sexp))
        lib.SET_BODY(closure, lib.BODY(fn_sexp))
        lib.SET_CLOENV(closure, scope)
        return RObject(closure), RObject(scope)


def _docstring(fn_sexp):
    """The string a closure's body starts with (``function() { "doc"; ... }``), else None."""
    lib = capi.lib
    if lib.TYPEOF(fn_sexp) != capi.CLOSXP:
        return None
    body = lib.BODY(fn_sexp)
    if lib.TYPEOF(body) != capi.LANGSXP or lib.CAR(body) != capi.sym("{"):
        return None
    first = lib.CADR(body) if lib.CDR(body) != lib.R_NilValue else lib.R_NilValue
    if lib.TYPEOF(first) == capi.STRSXP and lib.XLENGTH(first) == 1:
        return capi.charsxp_str(lib.STRING_ELT(first, 0))
    return None


def private_env(instance, template):
    """The per-instance R environment of ``private``, made on first use from the
    template of the instance's class (``template``, that of the method's class,
    when the class has none)."""
    try:
        env = _private_envs.get(instance)
    except TypeError:
        env = _private_by_id.get(id(instance))
    if env is not None:
        return env
    template = getattr(type(instance), "_pyr_private", template)
    with protected() as keep:
        made = evaluation.call_function(
            evaluation.function(".pyr_private_env"),
            [template.sexp, keep(REGISTRY.to_r(instance))], keep=keep)
        env = RObject(made)
    try:
        _private_envs[instance] = env
    except TypeError:
        _private_by_id[id(instance)] = env
    return env


def method(r_function, name, holder, scopes, python_defaults=False, private=None,
           convert=True, optional_args=False):
    """A Python method calling the R function ``r_function`` (an ``RObject``)."""
    closure, scope = _with_scope(r_function.sexp, holder)
    scopes.append(scope)
    fn = RFunction(closure.sexp, convert=convert, name=name)
    returns_none = name == "__init__"
    description = f"the R method {name}()"

    formals = r_formals(r_function.sexp)
    first = formals[0][0] if formals else None
    leading = _leading_formals(formals)
    compiled = private is None and convert

    def positional(args, kwargs):
        # the first formals by name, in order, as positional arguments: the call R matches
        # is the same, and it can take the compiled call
        if kwargs and not args and tuple(kwargs) == leading[:len(kwargs)]:
            return tuple(kwargs.values()), {}
        return args, kwargs

    def compiled_call(instance, args, kwargs):
        # the compiled call (bridge/_crossing.c's pyr_r_call with the instance, whose
        # canonical proxy it finds), for plain arguments once the R function has one
        # (_DECLINED: the Python path makes the call)
        target = fn._target
        args, kwargs = positional(args, kwargs)
        if target is None or kwargs:
            return _DECLINED
        value = target[0](target[1], target[2], args, instance)
        if type(value) is not tuple:
            return value
        return finish_fast_call(value) if value[0] else _DECLINED

    def call_here(self, args, kwargs):
        _calls.append(self)
        restore = _bind_private(scope, self, private) if private is not None else None
        try:
            args, kwargs = positional(args, kwargs)
            with protected() as keep:
                # self as a proxy, never through a py_to_r() method of its class
                proxy = keep(REGISTRY.wrap(self, convert))
                return fn(evaluation.SexpAddress(capi.ffi.cast("uintptr_t", proxy)), *args,
                          **kwargs)
        finally:
            _calls.pop()
            if restore is not None:
                capi.lib.Rf_defineVar(capi.sym("private"), restore.sexp, scope.sexp)

    def invoke(*args, **kwargs):
        # The instance comes by the name of the R function's first formal (`self`), the
        # arguments matched to `...` positionally before it: a parameter of this function
        # named `self` would take them.
        if first in kwargs:
            instance = kwargs.pop(first)
        elif args:
            instance, args = args[0], args[1:]
        else:
            raise TypeError(f"{name}() needs the instance as its first argument")
        bases = type(instance).__bases__
        value = compiled_call(instance, args, kwargs) if compiled else _DECLINED
        if value is _DECLINED:
            value = threads.run_in_r(call_here, (instance, args, kwargs), description)
        if type(instance).__bases__ is not bases:
            # the parent's __init__ gave the class new bases (a library's model class
            # may add one, depending on the arguments): its R class vector is another now
            proxies.forget_class(type(instance))
        return None if returns_none else value

    python_method = py_function(fn, name=name, invoke=invoke, python_defaults=python_defaults,
                                var_keywords=python_defaults, optional_args=optional_args)
    python_method.__name__ = name
    python_method.__doc__ = _docstring(r_function.sexp)
    return python_method


def _leading_formals(formals):
    """The names of a closure's formals (``r_formals``) after the first (``self``), up to
    ``...``."""
    names = []
    for name, _ in formals[1:]:
        if name == "...":
            break
        names.append(name)
    return tuple(names)


def _bind_private(scope, instance, template):
    """Bind ``private`` to the instance's environment; the previous binding (to restore)."""
    lib = capi.lib
    env = private_env(instance, template)
    previous = lib.Rf_findVarInFrame3(scope.sexp, capi.sym("private"), 1)
    saved = RObject(lib.R_NilValue if previous == lib.R_UnboundValue else previous)
    lib.Rf_defineVar(capi.sym("private"), env.sexp, scope.sexp)
    return saved


def _finalizer(python_method):
    """``__del__`` calling R: now when this thread owns R, else as deferred work; never raises."""
    def __del__(self):
        # try/except, not contextlib.suppress: during interpreter teardown the
        # module's globals may already be gone.
        try:
            if threads.owns_r():
                python_method(self)
            else:
                threads.defer(_quietly, python_method, self)
        except Exception:
            return
    __del__.__doc__ = python_method.__doc__
    return __del__


def _new_type(name, bases, namespace):
    """``type(name, bases, namespace)``, made where no module's globals are current, so
    that a namespace without ``__module__`` gives a class without one."""
    return eval("type(name, bases, namespace)",
                {"__builtins__": builtins, "type": type},
                {"name": name, "bases": bases, "namespace": namespace})


def _quietly(fn, *args):
    try:
        fn(*args)
    except Exception:
        return


@threads.holds_r
def make_class(name, members, bases=(), python_defaults=False, private=None,
               module="__main__", convert=True, optional_args=False, class_methods=(),
               bind_name=False):
    """``type(name, bases, members)`` with R functions (``RObject``) turned into methods.

    The class's ``__module__`` is ``module`` unless ``members`` has one; with
    ``module=None`` it belongs to no module, as a class ``type()`` makes outside any
    module (its R class is its bare name), though its ``__module__`` is None rather than
    missing, since libraries read it from every class (unless a metaclass set one).
    ``convert`` is the methods' (module docstring); with ``optional_args`` every argument
    of a method may be left out, R seeing it missing (``callables.py_function``).
    The R functions named in ``class_methods`` become class methods (the class as their
    first argument, no ``private``). With ``bind_name`` the methods also see the class
    under its name, as beside ``__class__``.
    """
    holder, scopes = {}, []
    namespace = {} if module is None else {"__module__": module}
    for key, value in members.items():
        if isinstance(value, RObject) and capi.lib.TYPEOF(value.sexp) in capi.FUNCTION_TYPES:
            if key in class_methods:
                namespace[key] = classmethod(
                    method(value, key, holder, scopes, python_defaults, None, convert,
                           optional_args))
                continue
            namespace[key] = method(value, key, holder, scopes, python_defaults, private,
                                    convert, optional_args)
            if key == "__del__":
                namespace[key] = _finalizer(namespace[key])
        else:
            namespace[key] = value
    if private is not None:
        namespace["_pyr_private"] = private
    cls = _new_type(name, tuple(bases) or (object,), namespace)
    if "__module__" not in cls.__dict__:
        # no module: None, as reticulate reads it (the bare name), where libraries that
        # read every class's __module__ (deep-learning data adapters) find one
        cls.__module__ = None
    holder["cls"] = cls
    with protected() as keep:
        class_proxy = keep(REGISTRY.wrap(cls, True))
        for scope in scopes:
            capi.lib.Rf_defineVar(capi.sym("__class__"), class_proxy, scope.sexp)
            if bind_name:
                capi.lib.Rf_defineVar(capi.sym(name), class_proxy, scope.sexp)
            if private is not None:
                capi.lib.Rf_defineVar(capi.sym("private"), capi.lib.R_NilValue, scope.sexp)
    return cls
