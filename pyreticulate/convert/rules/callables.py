"""R functions ↔ Python callables.

An R function in Python is an ``RFunction``: calling it runs R on the main
thread (from any thread), binds the arguments to symbols in a fresh
environment and converts the result back to Python. Its arguments are
converted to R when its ``convert`` flag is set (``py_func(f)``, ``py$f <- f``,
an argument of a convert = TRUE callable); otherwise they arrive as proxies.
``py_function`` gives an R function a real Python signature from ``formals``.

A Python callable in R is an R closure (``callable_closure``) whose formals
come from ``inspect.signature``; ``attr(f, "py_object")`` is its environment
proxy. When an S3 method of ``py_to_r_wrapper`` exists for its class vector,
the closure is passed through it once, and the custom closure it returns gets
all the attributes.
"""
import functools
import inspect
import keyword
import types
import weakref
from typing import Any

from ...libr import capi, vectors
from ...libr.protect import protected
from ...runtime import evaluation, threads
from ...runtime.handles import RObject
from .. import proxies, s3methods
from ..registry import REGISTRY
from .scalars import simple_scalar

_formals_cache = {}
_FORMALS_CACHE_LIMIT = 4096
_state = {"namespace": None}


def install(namespace):
    """Take the closure pieces (the call entry, the missing-argument marker, the R
    helpers the closure bodies call) from the loaded R package."""
    _state["namespace"] = RObject(namespace)
    ops = evaluation.binding(namespace, ".ops").sexp
    _state["call_formals"] = RObject(capi.lib.Rf_findVarInFrame3(
        ops, capi.sym("call_formals"), 1))
    _state["missing"] = evaluation.binding(namespace, ".pyr_missing")
    _state["pieces"] = {name: RObject(evaluation.function(name)) for name in
                        (".pyr_result", "list2", ".External", "if", "missing",
                         "sys.call", "parent.frame", ".pyr_plain_call",
                         ".pyr_call_replayed", "<-", "||", "is.null", "is.object")}
    fast = capi.fast
    if fast is not None:
        with protected() as keep:
            pointer = keep(capi.lib.R_MakeExternalPtr(
                capi.ffi.addressof(fast, "pyr_plain_call"), capi.sym("native symbol"),
                capi.lib.R_NilValue))
            _state["plain_call"] = RObject(pointer)
    _bodies.clear()
    _state["wrapper"] = evaluation.binding(namespace, "py_to_r_wrapper")


_fast_call = {"call": None}


def enable_fast_call(call):
    """Let RFunction calls with plain arguments take ``call`` (``bridge/_crossing.c``'s
    ``pyr_r_call``: ``call(head, env, arguments)``, a value or a tuple saying what is left
    to do)."""
    _fast_call["call"] = call


def fast_call():
    """The compiled call when enabled, else None."""
    return _fast_call["call"]


class RFunction(RObject):
    """An R function callable from Python."""

    __slots__ = ("convert", "__name__", "_home", "_target")

    def __init__(self, sexp: Any, convert: bool = True, name: str | None = None) -> None:
        super().__init__(sexp)
        self.convert = convert
        self.__name__ = name or _function_name(sexp) or "r_function"
        self._home = None
        self._target = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        target = self._target
        if target is not None and not kwargs and self.convert:
            value = target[0](target[1], target[2], args)
            if type(value) is not tuple:
                return value
            if value[0]:
                return finish_fast_call(value)
        return threads.run_in_r(self._call_here, (args, kwargs),
                                   f"the R function {self.__name__}()")

    def _call_here(self, args, kwargs):
        if self._home is None:
            self._home = evaluation.function_home(self.sexp, self.__name__) or ()
            call = _fast_call["call"]
            if call is not None:
                head, env = (self._home[0], self._home[1].sexp) if self._home else (
                    self.sexp, capi.lib.R_GlobalEnv)
                self._target = (call, _address(head), _address(env))
                if not kwargs:
                    return RFunction.__call__(self, *args)
        with protected() as keep, threads.HOLD:
            r_args = [keep(self._argument(a)) for a in args]
            r_kwargs = [(k, keep(self._argument(v))) for k, v in kwargs.items()]
            small = self.convert and _all_scalars(args) and (not kwargs or _all_scalars(
                kwargs.values()))
            result = evaluation.call_function(self.sexp, r_args, r_kwargs, keep=keep,
                                              home=self._home or None, all_small=small,
                                              guarded=True)
            return REGISTRY.to_python(result)

    def _argument(self, value):
        if isinstance(value, RObject):
            return value.sexp
        if type(value) is evaluation.SexpAddress:
            return capi.ffi.cast("SEXP", value)
        if self.convert:
            return REGISTRY.to_r(value)
        return REGISTRY.wrap(value, False)

    def __repr__(self) -> str:
        return f"<R function {self.__name__}>"


def _address(sexp):
    return int(capi.ffi.cast("uintptr_t", sexp))


def finish_fast_call(report):
    """The end of a compiled call (``pyr_r_call``) that left work to Python, under the busy
    mark it set: a result the registry converts (2) or an evaluation to finish (3)."""
    try:
        with protected() as keep:
            status = report[0]
            if status < 0:
                raise MemoryError("out of memory reporting an R call's result to Python")
            value = capi.ffi.cast("SEXP", report[1])
            if status == 3:
                record, depth, requests, failed, aborted = report[2:]
                if aborted:
                    record.aborted = RObject(value)
                value = evaluation.finish_evaluation(value, failed, record, depth, requests,
                                                     keep)
            else:
                keep(value)
            return REGISTRY.to_python(value)
    finally:
        threads.leave()


_SCALARS = frozenset((type(None), bool, int, float, str))


def _all_scalars(values):
    for value in values:
        if type(value) not in _SCALARS:
            return False
    return True


def _function_name(sexp):
    lib = capi.lib
    name = lib.Rf_getAttrib(sexp, capi.sym("py_function_name"))
    if lib.TYPEOF(name) == capi.STRSXP and lib.LENGTH(name) == 1:
        return capi.charsxp_str(lib.STRING_ELT(name, 0))
    return None


@REGISTRY.r_to_py(sexptypes=capi.FUNCTION_TYPES)
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
    lib = capi.lib
    out = []
    if lib.TYPEOF(sexp) != capi.CLOSXP:
        return [("...", None)]
    node = lib.FORMALS(sexp)
    while node != lib.R_NilValue:
        name = capi.charsxp_str(lib.PRINTNAME(lib.TAG(node)))
        default = lib.CAR(node)
        out.append((name, None if default == lib.R_MissingArg else default))
        node = lib.CDR(node)
    return out


_SIMPLE_DEFAULTS = (capi.LGLSXP, capi.INTSXP, capi.REALSXP, capi.STRSXP)


def _python_default(default):
    """The Python value of a constant R default (NULL, TRUE, 2L, 0.5, "x"), else _MISSING."""
    lib = capi.lib
    if default == lib.R_NilValue:
        return None
    if (lib.TYPEOF(default) in _SIMPLE_DEFAULTS and lib.XLENGTH(default) == 1
            and lib.ATTRIB(default) == lib.R_NilValue):
        value = REGISTRY.to_python(default)
        if value is not None:
            return value
    return _MISSING


def py_function(fn, name=None, invoke=None, python_defaults=False, var_keywords=False,
                strict=False, optional_args=False):
    """A Python function with a real signature taken from the R function's formals.

    Parameters before ``...`` are positional-or-keyword, ``...`` becomes
    ``*args``/``**kwargs``, later ones are keyword-only. A parameter with an R
    default that the caller leaves out is not passed, so R's default applies;
    with ``python_defaults`` a constant R default (NULL, a logical, number or
    string) is the Python default instead, for libraries that inspect them. With
    ``var_keywords`` the function also takes ``**kwargs`` when R has no
    ``...``; such unknown keywords are dropped. The generated function calls
    ``invoke`` (default: ``fn``) with the arguments. Formals that cannot be
    Python parameters (``a.b``) are left out, and one without a default after
    one with a default becomes optional too (R sees it missing when it is not
    given); with ``strict`` (``py_func()``) either is an error instead. With
    ``optional_args`` (reticulate's way, whose R functions take any arguments)
    every parameter may be left out and R sees it missing, though the
    signature (``__signature__``) still shows those without a default required.
    """
    formals = _formals(fn.sexp)
    params, after_dots, has_dots = [], False, False
    required = []
    namespace = {"_fn": invoke or fn, "_MISSING": _MISSING}
    seen_default = None
    for formal, default in formals:
        if formal == "...":
            has_dots, after_dots = True, True
            params.append("*args")
            continue
        if not formal.isidentifier() or keyword.iskeyword(formal) or formal.startswith("_pyr_"):
            if strict:
                raise ValueError(f"the R function's argument `{formal}` cannot be a Python "
                                 "parameter (it is not a Python identifier)")
            continue
        if default is None and seen_default is not None and not after_dots:
            if strict:
                raise ValueError(
                    f"the R function's argument `{formal}` has no default but follows "
                    f"`{seen_default}`, which has one: Python needs the arguments with "
                    "defaults last")
            params.append(f"{formal}=_MISSING")
            continue
        if default is not None and seen_default is None:
            seen_default = formal
        if default is not None or after_dots:
            value = _python_default(default) if python_defaults and default is not None \
                else _MISSING
            if value is _MISSING:
                params.append(f"{formal}=_MISSING")
            else:
                namespace[f"_pyr_default_{len(params)}"] = value
                params.append(f"{formal}=_pyr_default_{len(params)}")
        elif optional_args:
            required.append(formal)
            params.append(f"{formal}=_MISSING")
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
    if required:
        signature = inspect.signature(function)
        function.__signature__ = signature.replace(parameters=[
            p.replace(default=inspect.Parameter.empty) if p.name in required else p
            for p in signature.parameters.values()])
    return function


# ---- Python callables as R closures -------------------------------------------------

def callable_closure(obj, env, keep):
    """An R closure that calls ``obj``; formals follow its Python signature."""
    lib = capi.lib
    home = keep(lib.R_NewEnv(_state["namespace"].sexp, 0, 0))
    lib.Rf_defineVar(capi.sym("callable"), env, home)
    lib.Rf_defineVar(capi.sym("pyobj"), proxies.proxy_xptr(env), home)
    closure = keep(lib.Rf_allocSExp(capi.CLOSXP))
    formals = formals_for(obj)
    lib.SET_FORMALS(closure, formals)
    lib.SET_BODY(closure, closure_body(formals))
    lib.SET_CLOENV(closure, home)
    lib.Rf_setAttrib(closure, lib.R_ClassSymbol, lib.Rf_getAttrib(env, lib.R_ClassSymbol))
    lib.Rf_setAttrib(closure, capi.sym("py_object"), env)
    if s3methods.find("py_to_r_wrapper", proxies.filtered_class_names(type(obj))) is None:
        return closure
    return _custom_wrapper(closure, keep)


_bodies = {}


def plain_call_check():
    """The compiled ``.pyr_plain_call`` (an R external pointer for ``.External``), or None."""
    return _state.get("plain_call")


def missing_marker():
    """The value a closure passes for a formal not supplied (``.pyr_missing``)."""
    return _state["missing"].sexp


def closure_body(formals):
    """The body of a callable's closure, shared by closures with the same formals:

        if (.pyr_plain_call(sys.call(), <"" and the formal names>))
          if (is.null(.pyr_value <- .External(<call_formals>, pyobj, <formal names>,
                                if (missing(a)) <missing> else a, ..., list2(...))) ||
              is.object(.pyr_value)) .pyr_result(.pyr_value) else .pyr_value
        else .pyr_call_replayed(callable, sys.call(), parent.frame())

    R matches and evaluates the arguments; only the supplied ones reach Python,
    and ``list2`` gives ``...`` its ``!!!`` and ``:=``. A call that names an
    argument by a prefix of a formal (R's partial matching, which reticulate
    does not do) or may splice outside ``...`` is replayed whole through
    ``list2`` instead. ``.pyr_result`` (a signal to raise, NULL to make invisible) is
    called only for the values that may need it (``.pyr_value`` is no Python name).
    With the compiled module ``.pyr_plain_call`` is its C version (``pyr_plain_call``,
    through ``.External``). The functions are inlined, so nothing is looked up.
    """
    lib = capi.lib
    names = []
    node = formals
    while node != lib.R_NilValue:
        names.append(capi.charsxp_str(lib.PRINTNAME(lib.TAG(node))))
        node = lib.CDR(node)
    key = tuple(names)
    cached = _bodies.get(key)
    if cached is not None:
        return cached.sexp
    piece = {name: obj.sexp for name, obj in _state["pieces"].items()}
    with protected() as keep:
        arguments = lib.R_NilValue
        for name in reversed(names):
            symbol = capi.sym(name)
            if name == "...":
                value = keep(lib.Rf_lcons(piece["list2"], lib.Rf_cons(symbol, lib.R_NilValue)))
            else:
                test = keep(lib.Rf_lcons(piece["missing"], lib.Rf_cons(symbol, lib.R_NilValue)))
                branches = keep(lib.Rf_cons(_state["missing"].sexp,
                                            lib.Rf_cons(symbol, lib.R_NilValue)))
                value = keep(lib.Rf_lcons(piece["if"], lib.Rf_cons(test, branches)))
            arguments = keep(lib.Rf_cons(value, arguments))
        arguments = keep(lib.Rf_cons(keep(vectors.str_vector(names)), arguments))
        arguments = keep(lib.Rf_cons(capi.sym("pyobj"), arguments))
        arguments = keep(lib.Rf_cons(_state["call_formals"].sexp, arguments))
        external = keep(lib.Rf_lcons(piece[".External"], arguments))
        value = capi.sym(".pyr_value")
        assigned = keep(_call(piece["<-"], value, external))
        special = keep(_call(piece["||"], keep(_call(piece["is.null"], assigned)),
                             keep(_call(piece["is.object"], value))))
        fast = keep(_call(piece["if"], special, keep(_call(piece[".pyr_result"], value)),
                          value))
        this_call = keep(_call(piece["sys.call"]))
        all_names = keep(vectors.str_vector(["", *names]))
        if "plain_call" in _state:
            plain = keep(_call(piece[".External"], _state["plain_call"].sexp, this_call,
                               all_names))
        else:
            plain = keep(_call(piece[".pyr_plain_call"], this_call, all_names))
        slow = keep(_call(piece[".pyr_call_replayed"], capi.sym("callable"), this_call,
                          keep(_call(piece["parent.frame"]))))
        body = keep(_call(piece["if"], plain, fast, slow))
        _bodies[key] = RObject(body)
        return body


def _call(function, *arguments):
    """An R call of ``function`` (an R function object) with these argument expressions."""
    lib = capi.lib
    with protected() as keep:
        tail = lib.R_NilValue
        for argument in reversed(arguments):
            tail = keep(lib.Rf_cons(argument, tail))
        return lib.Rf_lcons(function, tail)


def is_missing_marker(sexp):
    return sexp == _state["missing"].sexp


def _custom_wrapper(closure, keep):
    """``py_to_r_wrapper(closure)``; a copy of the function it returns gets all the
    attributes of ``closure`` (a copy, since the method may return a shared function)."""
    lib = capi.lib
    wrapped = keep(evaluation.call_function(_state["wrapper"].sexp, [closure], keep=keep))
    if wrapped == closure:
        return closure
    if lib.TYPEOF(wrapped) != capi.CLOSXP:
        raise TypeError("a py_to_r_wrapper() method must return an R closure")
    wrapped = keep(lib.Rf_duplicate(wrapped))
    attribute = lib.ATTRIB(closure)
    while attribute != lib.R_NilValue:
        lib.Rf_setAttrib(wrapped, lib.TAG(attribute), lib.CAR(attribute))
        attribute = lib.CDR(attribute)
    return wrapped


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
    lib = capi.lib
    entries = formal_entries(obj)
    with protected() as keep:
        tail = lib.R_NilValue
        for name, default in reversed(entries):
            value = lib.R_MissingArg
            if default is not inspect.Parameter.empty:
                converted = simple_scalar(default)
                value = lib.R_NilValue if converted is None else keep(converted)
            tail = keep(lib.Rf_cons(value, tail))
            lib.SET_TAG(tail, capi.sym(name))
        return tail
