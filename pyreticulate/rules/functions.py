"""R functions ↔ Python callables.

An R function in Python is an ``RFunction``: calling it runs R on the main
thread (from any thread), binds the arguments to symbols in a fresh
environment and converts the result back to Python. Its arguments are
converted to R when its ``convert`` flag is set (``py_func(f)``, ``py$f <- f``,
an argument of a convert = TRUE callable); otherwise they arrive as proxies.
``py_function`` gives an R function a real Python signature from ``formals``.
A Python callable in R is a closure built by ``proxies``.
"""
import keyword

from .. import evaluation, proxies, rapi, threads
from ..handles import RObject, protected
from ..registry import REGISTRY


class RFunction(RObject):
    """An R function callable from Python."""

    __slots__ = ("convert", "__name__", "_home")

    def __init__(self, sexp, convert=True, name=None):
        super().__init__(sexp)
        self.convert = convert
        self.__name__ = name or _function_name(sexp) or "r_function"
        self._home = None

    def __call__(self, *args, **kwargs):
        if threads.on_main_thread():
            return self._call_here(args, kwargs)
        return threads.run_on_main(self._call_here, (args, kwargs),
                                   f"the R function {self.__name__}()")

    def _call_here(self, args, kwargs):
        with protected() as keep, threads.BUSY:
            r_args = [keep(self._argument(a)) for a in args]
            r_kwargs = [(k, keep(self._argument(v))) for k, v in kwargs.items()]
            if self._home is None:
                self._home = evaluation.function_home(self.sexp, self.__name__) or ()
            small = self.convert and all(type(a) in _SCALARS for a in args) and all(
                type(v) in _SCALARS for v in kwargs.values())
            result = evaluation.call_function(self.sexp, r_args, r_kwargs, keep=keep,
                                              home=self._home or None, all_small=small)
            return REGISTRY.to_python(result)

    def _argument(self, value):
        if isinstance(value, RObject):
            return value.sexp
        if self.convert:
            return REGISTRY.to_r(value)
        return proxies.wrap(value, False)

    def __repr__(self):
        return f"<R function {self.__name__}>"


_SCALARS = frozenset((type(None), bool, int, float, str))


def _function_name(sexp):
    lib = rapi.lib
    name = lib.Rf_getAttrib(sexp, rapi.sym("py_function_name"))
    if lib.TYPEOF(name) == rapi.STRSXP and lib.LENGTH(name) == 1:
        return rapi.charsxp_str(lib.STRING_ELT(name, 0))
    return None


@REGISTRY.r_to_py(sexptypes=rapi.FUNCTION_TYPES)
def r_function_to_callable(sexp):
    return RFunction(sexp, convert=REGISTRY.convert_context)


@REGISTRY.py_to_r(RObject)
def r_object_to_itself(obj, hint):
    """An R object that went to Python comes back as the identical object."""
    return obj.sexp


_MISSING = object()


def r_formals(sexp):
    """``[(name, has_default)]`` of an R closure's formals (``...`` included)."""
    return [(name, default is not None) for name, default in _formals(sexp)]


def _formals(sexp):
    """``[(name, default SEXP or None)]`` of an R closure's formals."""
    lib = rapi.lib
    out = []
    if lib.TYPEOF(sexp) != rapi.CLOSXP:
        return [("...", None)]
    node = lib.FORMALS(sexp)
    while node != lib.R_NilValue:
        name = rapi.charsxp_str(lib.PRINTNAME(lib.TAG(node)))
        default = lib.CAR(node)
        out.append((name, None if default == lib.R_MissingArg else default))
        node = lib.CDR(node)
    return out


_SIMPLE_DEFAULTS = (rapi.LGLSXP, rapi.INTSXP, rapi.REALSXP, rapi.STRSXP)


def _python_default(default):
    """The Python value of a constant R default (NULL, TRUE, 2L, 0.5, "x"), else _MISSING."""
    lib = rapi.lib
    if default == lib.R_NilValue:
        return None
    if (lib.TYPEOF(default) in _SIMPLE_DEFAULTS and lib.XLENGTH(default) == 1
            and lib.ATTRIB(default) == lib.R_NilValue):
        value = REGISTRY.to_python(default)
        if value is not None:
            return value
    return _MISSING


def py_function(fn, name=None, invoke=None, python_defaults=False, var_keywords=False):
    """A Python function with a real signature taken from the R function's formals.

    Parameters before ``...`` are positional-or-keyword, ``...`` becomes
    ``*args``/``**kwargs``, later ones are keyword-only. A parameter with an R
    default that the caller leaves out is not passed, so R's default applies;
    with ``python_defaults`` a constant R default (NULL, a logical, number or
    string) is the Python default instead, as Keras inspects them. With
    ``var_keywords`` the function also takes ``**kwargs`` when R has no
    ``...``; such unknown keywords are dropped. The generated function calls
    ``invoke`` (default: ``fn``) with the arguments.
    """
    formals = _formals(fn.sexp)
    params, after_dots, has_dots = [], False, False
    namespace = {"_fn": invoke or fn, "_MISSING": _MISSING}
    for formal, default in formals:
        if formal == "...":
            has_dots, after_dots = True, True
            params.append("*args")
            continue
        if not formal.isidentifier() or keyword.iskeyword(formal) or formal.startswith("_pyr_"):
            continue
        if default is not None or after_dots:
            value = _python_default(default) if python_defaults and default is not None \
                else _MISSING
            if value is _MISSING:
                params.append(f"{formal}=_MISSING")
            else:
                namespace[f"_pyr_default_{len(params)}"] = value
                params.append(f"{formal}=_pyr_default_{len(params)}")
        else:
            params.append(formal)
    names = [p.split("=")[0] for p in params if not p.startswith("*")]
    if has_dots:
        params.append("**kwargs")
    elif var_keywords:
        params.append("**_pyr_unknown" if "kwargs" in names else "**kwargs")
    func_name = name or fn.__name__
    if not func_name.isidentifier() or keyword.iskeyword(func_name):
        func_name = "r_function"
    lines = [f"def {func_name}({', '.join(params)}):", "    _named = {}"]
    lines += [f"    if {n} is not _MISSING: _named[{n!r}] = {n}" for n in names]
    if has_dots:
        lines += ["    _named.update(kwargs)", "    return _fn(*args, **_named)"]
    else:
        lines.append("    return _fn(**_named)")
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<R function {func_name}>", "exec"), namespace)
    function = namespace[func_name]
    function.r_function = fn
    return function
