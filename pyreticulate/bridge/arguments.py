"""Reading the R values an entry receives and building what it returns."""
from ..runtime import threads
from ..convert import proxies
from ..libr import capi, vectors
from ..runtime.handles import RObject
from ..libr.protect import protected
from ..convert.registry import REGISTRY


def as_string(sexp):
    lib = capi.lib
    if lib.TYPEOF(sexp) != capi.STRSXP or lib.LENGTH(sexp) < 1:
        raise TypeError("expected a character string")
    return capi.charsxp_str(lib.STRING_ELT(sexp, 0))


def as_flag(sexp):
    lib = capi.lib
    kind = lib.TYPEOF(sexp)
    if kind == capi.LGLSXP and lib.LENGTH(sexp) >= 1:
        return lib.LOGICAL(sexp)[0] == 1
    if kind in (capi.INTSXP, capi.REALSXP) and lib.LENGTH(sexp) >= 1:
        return bool(REGISTRY.to_python(sexp))
    return False


def as_logical(value):
    return capi.lib.Rf_ScalarLogical(1 if value else 0)


def target(sexp):
    """``(object, convert)`` for a proxy argument; other R values are converted."""
    if proxies.is_proxy(sexp):
        obj, convert, _ = proxies.unwrap(sexp)
        return obj, convert
    return REGISTRY.to_python(sexp), True


def argument(sexp, convert):
    """An R value passed to Python: R functions get the receiver's ``convert``."""
    with REGISTRY.converting(convert):
        return REGISTRY.to_python(sexp)


def result(value, convert):
    """What R gets back: a converted value, or a proxy carrying ``convert``."""
    if convert:
        return converted(value)
    return unconverted(value, False)


def hint(sexp):
    """The zero-length R prototype of an atomic vector (type and class attributes), or None:
    what ``r_to_py()`` records on its proxy."""
    lib = capi.lib
    if lib.TYPEOF(sexp) not in (capi.LGLSXP, capi.INTSXP, capi.REALSXP, capi.CPLXSXP,
                                capi.STRSXP, capi.RAWSXP):
        return None
    with protected() as keep:
        proto = keep(lib.Rf_allocVector(lib.TYPEOF(sexp), 0))
        lib.Rf_copyMostAttrib(sexp, proto)
        return proto


def hinted(value, sexp, convert):
    """``r_to_py()``'s proxy of ``value``, converted from ``sexp``: hinted with its prototype."""
    with protected() as keep:
        proto = hint(sexp)
        if proto is not None:
            keep(proto)
        return REGISTRY.wrap(value, convert, proto)


_PROXY_TYPES = frozenset((capi.ENVSXP, capi.CLOSXP, capi.VECSXP))   # what a proxy can be


def converted(value):
    """``value`` converted by the rules; a proxy of ``value`` itself is marked not convertible."""
    out = REGISTRY.to_r(value)
    if capi.lib.TYPEOF(out) in _PROXY_TYPES and proxies.stands_for(out, value):
        with protected() as keep:
            proxies.mark_not_convertible(keep(out))
    return out


def unconverted(value, convert):
    """A proxy carrying ``convert`` (an R object that went to Python comes back as itself)."""
    if isinstance(value, RObject):
        return value.sexp
    return REGISTRY.wrap(value, convert)


def call_arguments(arg_list, convert):
    lib = capi.lib
    n = lib.XLENGTH(arg_list)
    names = lib.Rf_getAttrib(arg_list, lib.R_NamesSymbol)
    keys = vectors.strings(names) if names != lib.R_NilValue else [""] * n
    args, kwargs = [], {}
    with REGISTRY.converting(convert):
        for i in range(n):
            value = REGISTRY.to_python(lib.VECTOR_ELT(arg_list, i))
            if keys[i]:
                if keys[i] in kwargs:
                    raise TypeError(f"the keyword argument {keys[i]!r} is given more than once")
                kwargs[keys[i]] = value
            else:
                args.append(value)
    return args, kwargs


def user_code(fn, /, *args, **kwargs):
    return threads.run_user_code(fn, *args, **kwargs)
