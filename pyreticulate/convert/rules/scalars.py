"""Scalars, atomic vectors without ``dim``, lists, tuples and dicts.

R → Python: ``NULL`` → None; a length-1 vector → a Python scalar; any other
length → a list (NA → None, doubles keep their bits); raw → bytearray;
unnamed lists → list, recursively. Named lists and vectors are the names
rule's (``names``); strings follow the text rule (``libr/text.py``).

Python → R: None, bool, int (beyond 32 bits → double), float, complex, str,
bytearray → raw (``bytes`` stay Python objects, as in reticulate); a list of
one scalar kind (None → NA) → an atomic vector, any other list, tuple → R
list; dict → named list. The R-type hint of ``r_to_py()``
rebuilds a scalar NA, a zero-length or an all-NA vector.
"""
import numpy as np

from ...libr import capi
from ...libr.protect import protected
from ...libr.vectors import (INT_MAX, NA_INTEGER, allocate, atomic_values, complex_vector,
                             has_dim, is_atomic_kind, na_vector, numeric_vector, str_vector)
from ..registry import NOT_HANDLED, REGISTRY

@REGISTRY.r_to_py(sexptypes=[capi.NILSXP])
def null_to_none(sexp, kind=capi.NILSXP):
    return None


@REGISTRY.r_to_py(sexptypes=[capi.LGLSXP, capi.INTSXP, capi.REALSXP, capi.CPLXSXP, capi.STRSXP])
def atomic_vector_to_python(sexp):
    """A length-1 vector → scalar; other lengths → list."""
    lib = capi.lib
    if has_dim(sexp):
        return NOT_HANDLED
    kind = lib.TYPEOF(sexp)
    n = lib.XLENGTH(sexp)
    if n == 1:
        return _scalar(sexp, kind)
    return atomic_values(sexp, kind, n)


def plain_vector_to_python(sexp, kind):
    """``atomic_vector_to_python`` for a vector of SEXP type ``kind`` with no attributes."""
    n = capi.lib.XLENGTH(sexp)
    if n == 1:
        return _scalar(sexp, kind)
    return atomic_values(sexp, kind, n)


def _scalar(sexp, kind):
    lib = capi.lib
    if kind == capi.REALSXP:
        return lib.REAL(sexp)[0]
    if kind == capi.INTSXP:
        value = lib.INTEGER(sexp)[0]
        return None if value == NA_INTEGER else value
    if kind == capi.LGLSXP:
        value = lib.LOGICAL(sexp)[0]
        return None if value == NA_INTEGER else bool(value)
    if kind == capi.STRSXP:
        c = lib.STRING_ELT(sexp, 0)
        return None if c == lib.R_NaString else capi.charsxp_str(c)
    value = lib.COMPLEX(sexp)[0]
    return complex(value.r, value.i)


@REGISTRY.r_to_py(sexptypes=[capi.RAWSXP])
def raw_to_bytearray(sexp):
    lib = capi.lib
    if has_dim(sexp):
        return NOT_HANDLED
    return bytearray(capi.ffi.buffer(lib.RAW(sexp), lib.XLENGTH(sexp)))


@REGISTRY.r_to_py(sexptypes=[capi.VECSXP])
def list_to_python(sexp):
    """A list → a Python list, recursively (named lists are the names rule's)."""
    lib = capi.lib
    return [REGISTRY.to_python(lib.VECTOR_ELT(sexp, i)) for i in range(lib.XLENGTH(sexp))]


def from_hint(hint, n):
    """``n`` NAs shaped like the hinted R prototype (type, class, levels, tzone)."""
    lib = capi.lib
    kind = lib.TYPEOF(hint)
    if not is_atomic_kind(kind):
        return NOT_HANDLED
    if n == 0:
        return lib.Rf_duplicate(hint)
    with protected() as keep:
        vector = keep(na_vector(kind, n))
        lib.Rf_copyMostAttrib(hint, vector)
        return vector


@REGISTRY.py_to_r(type(None))
def none_to_null(obj, hint):
    if hint is not None:
        return from_hint(hint, 1)
    return capi.lib.R_NilValue


@REGISTRY.py_to_r(bool)
def bool_to_logical(obj, hint):
    return capi.lib.Rf_ScalarLogical(1 if obj else 0)


@REGISTRY.py_to_r(int)
def int_to_r(obj, hint):
    """Integer within ±(2³¹−1); any other int → the nearest double (never wrapped)."""
    if -INT_MAX <= obj <= INT_MAX:
        return capi.lib.Rf_ScalarInteger(obj)
    try:
        return capi.lib.Rf_ScalarReal(float(obj))
    except OverflowError:
        return NOT_HANDLED


@REGISTRY.py_to_r(float)
def float_to_double(obj, hint):
    return capi.lib.Rf_ScalarReal(obj)


@REGISTRY.py_to_r(complex)
def complex_to_r(obj, hint):
    return complex_vector([obj])


@REGISTRY.py_to_r(str)
def str_to_character(obj, hint):
    return capi.mkstring(obj)


@REGISTRY.py_to_r(bytearray)
def bytearray_to_raw(obj, hint):
    lib = capi.lib
    vector = allocate(capi.RAWSXP, len(obj))
    if obj:
        capi.ffi.memmove(lib.RAW(vector), bytes(obj), len(obj))
    return vector


_KINDS = (bool, int, float, complex, str)


def _kind_of(tp):
    for kind in _KINDS:
        if issubclass(tp, kind):
            return kind
    return None


def atomic_from_list(values):
    """An atomic vector for a list of one scalar kind (None → NA), else NOT_HANDLED."""
    if capi.fast is not None and type(values) is list:
        vector = _compiled_atomic_from_list(values)
        if vector is not None:
            return vector
    types = set(map(type, values))
    has_none = type(None) in types
    types.discard(type(None))
    kinds = {_kind_of(t) for t in types}
    if len(kinds) != 1 or None in kinds:
        return NOT_HANDLED
    kind = kinds.pop()
    if kind is str:
        return str_vector(values)
    missing = np.array([v is None for v in values], dtype=bool) if has_none else None
    filled = [0 if v is None else v for v in values] if has_none else values
    if kind is int:
        return _int_vector(values, filled, missing)
    if kind is bool:
        array = np.array(filled, dtype=np.int32)
        return _with_missing(capi.LGLSXP, np.int32, array, missing, NA_INTEGER)
    if kind is float:
        array = np.array(filled, dtype=np.float64)
        return _with_missing(capi.REALSXP, np.float64, array, missing, capi.lib.R_NaReal)
    array = np.array(filled, dtype=np.complex128)
    na = complex(capi.lib.R_NaReal, capi.lib.R_NaReal)
    return _with_missing(capi.CPLXSXP, np.complex128, array, missing, na)


def _compiled_atomic_from_list(values):
    """``atomic_from_list`` by the compiled loops for a list of floats, ints within R's
    integer range, bools or strs (valid UTF-8 without NUL) of exact built-in types, and
    None; None for any other list, which the Python code converts. One pass: the kind
    is its first element's that is not None, and the fill checks every element."""
    fast = capi.fast
    kind = fast.pyr_list_first_kind(id(values))
    if not kind:
        return None
    with protected() as keep:
        vector = keep(allocate(kind, len(values)))
        if fast.pyr_fill_from_list(vector, id(values)) == 0:
            return vector
    return None


def _int_vector(values, filled, missing):
    """Integer if every value fits in R's integer, else the nearest doubles."""
    try:
        array = np.array(filled, dtype=np.int64)
    except OverflowError:
        try:
            array = np.array([0.0 if v is None else float(v) for v in values], dtype=np.float64)
        except OverflowError:
            return NOT_HANDLED
        return _with_missing(capi.REALSXP, np.float64, array, missing, capi.lib.R_NaReal)
    if array.size and (array.min() < -INT_MAX or array.max() > INT_MAX):
        return _with_missing(capi.REALSXP, np.float64, array.astype(np.float64), missing,
                             capi.lib.R_NaReal)
    return _with_missing(capi.INTSXP, np.int32, array.astype(np.int32), missing, NA_INTEGER)


def _with_missing(kind, dtype, array, missing, na):
    if missing is not None:
        array[missing] = na
    return numeric_vector(kind, dtype, array)


@REGISTRY.py_to_r(list)
def list_to_r(obj, hint):
    """A list of one scalar kind → atomic vector; otherwise an R list (exact lists only)."""
    if type(obj) is not list:
        return NOT_HANDLED
    if hint is not None and all(v is None for v in obj):
        hinted = from_hint(hint, len(obj))
        if hinted is not NOT_HANDLED:
            return hinted
    vector = atomic_from_list(obj)
    if vector is not NOT_HANDLED:
        return vector
    return r_list(obj, container=obj)


_converting = set()     # ids of the lists, tuples and dicts being converted now


def r_list(values, names=None, container=None):
    """An R list of converted values (with names when given), unprotected.

    ``container`` (the list, tuple or dict the values come from) must not contain
    itself: R lists cannot, so a cycle is a ValueError naming it.
    """
    lib = capi.lib
    key = id(container)
    if container is not None:
        if key in _converting:
            kind = type(container).__name__
            raise ValueError(f"a {kind} that contains itself cannot be converted to R "
                             f"(the structure has a cycle: an R list cannot contain itself)")
        _converting.add(key)
    try:
        with protected() as keep:
            out = keep(allocate(capi.VECSXP, len(values)))
            for i, value in enumerate(values):
                lib.SET_VECTOR_ELT(out, i, REGISTRY.to_r(value))
            if names is not None:
                lib.Rf_setAttrib(out, lib.R_NamesSymbol, str_vector(names))
            return out
    finally:
        if container is not None:
            _converting.discard(key)


@REGISTRY.py_to_r(tuple)
def tuple_to_list(obj, hint):
    if type(obj) is not tuple:
        return NOT_HANDLED
    return r_list(list(obj), container=obj)


@REGISTRY.py_to_r(dict)
def dict_to_named_list(obj, hint):
    if type(obj) is not dict:
        return NOT_HANDLED
    return r_list(list(obj.values()), [k if isinstance(k, str) else str(k) for k in obj],
                  container=obj)


def simple_scalar(value):
    """An R value for a plain Python default (None, bool, int, float, str), else None."""
    if value is None:
        return capi.lib.R_NilValue
    if isinstance(value, (bool, int, float, str)) and type(value) in (bool, int, float, str):
        result = REGISTRY.to_r(value, s3=False)
        return result if result is not NOT_HANDLED else None
    return None
