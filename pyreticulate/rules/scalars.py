"""Scalars, atomic vectors without ``dim``, lists, tuples and dicts.

R → Python: ``NULL`` → None; a length-1 vector → a Python scalar; any other
length → a list (NA → None, doubles keep their bits); raw → bytearray;
unnamed/named lists → list/dict, recursively.

Python → R: None, bool, int (beyond 32 bits → double), float, complex, str,
bytes; a list of one scalar kind (None → NA) → an atomic vector, any other
list, tuple → R list; dict → named list. The R-type hint of ``r_to_py()``
rebuilds a scalar NA, a zero-length or an all-NA vector.
"""
import numpy as np

from .. import errors, evaluation, rapi
from ..handles import protected
from ..registry import NOT_HANDLED, REGISTRY

INT_MAX = 2**31 - 1
NA_INTEGER = -(2**31)


def _buffer(sexp, n, kind):
    lib = rapi.lib
    if kind == rapi.REALSXP:
        return np.frombuffer(rapi.ffi.buffer(lib.REAL(sexp), n * 8), dtype=np.float64)
    if kind == rapi.CPLXSXP:
        return np.frombuffer(rapi.ffi.buffer(lib.COMPLEX(sexp), n * 16), dtype=np.complex128)
    pointer = lib.INTEGER(sexp) if kind == rapi.INTSXP else lib.LOGICAL(sexp)
    return np.frombuffer(rapi.ffi.buffer(pointer, n * 4), dtype=np.int32)


def has_dim(sexp):
    return rapi.lib.Rf_getAttrib(sexp, rapi.lib.R_DimSymbol) != rapi.lib.R_NilValue


JOINED_FROM = 512
SEPARATORS = ("\x1f", "\x1e", "\x1d", "\x1c", "\x01", "\x02", "\x03")


def strings_of(sexp, n):
    """The elements of a character vector; NA as None."""
    if n >= JOINED_FROM and evaluation.ready():
        joined = _strings_joined(sexp, n)
        if joined is not None:
            return joined
    return evaluation.strings(sexp)


def _missing_positions(sexp, n):
    """Indices of NA in a character vector (its elements are CHARSXP pointers)."""
    lib = rapi.lib
    pointers = np.frombuffer(rapi.ffi.buffer(lib.DATAPTR(sexp), n * rapi.ffi.sizeof("void *")),
                             dtype=np.uintp)
    return np.flatnonzero(pointers == rapi.address(lib.R_NaString)).tolist()


def _strings_joined(sexp, n):
    """A long character vector read in one piece: R joins it with a separator that no
    element contains, Python splits it. None when no separator fits."""
    lib = rapi.lib
    with protected() as keep:
        try:
            joined = evaluation.call_function(
                evaluation.function(".pyr_join_strings"), [sexp, keep(str_vector(SEPARATORS))],
                keep=keep)
        except errors.RError:
            return None
        if joined == lib.R_NilValue:
            return None
        text = rapi.charsxp_str(lib.STRING_ELT(lib.VECTOR_ELT(joined, 0), 0))
        separator = rapi.charsxp_str(lib.STRING_ELT(lib.VECTOR_ELT(joined, 1), 0))
    values = text.split(separator)
    for i in _missing_positions(sexp, n):
        values[i] = None
    return values


def atomic_values(sexp, kind, n):
    """The elements of an atomic vector as Python scalars (NA as None)."""
    if kind == rapi.STRSXP:
        return strings_of(sexp, n)
    if kind == rapi.REALSXP or kind == rapi.CPLXSXP:
        return _buffer(sexp, n, kind).tolist()
    raw = _buffer(sexp, n, kind)
    values = raw.tolist() if kind == rapi.INTSXP else raw.astype(bool).tolist()
    if (raw == NA_INTEGER).any():
        for i in np.flatnonzero(raw == NA_INTEGER).tolist():
            values[i] = None
    return values


@REGISTRY.r_to_py(sexptypes=[rapi.NILSXP])
def null_to_none(sexp, kind=rapi.NILSXP):
    return None


@REGISTRY.r_to_py(sexptypes=[rapi.LGLSXP, rapi.INTSXP, rapi.REALSXP, rapi.CPLXSXP, rapi.STRSXP])
def atomic_vector_to_python(sexp):
    """A length-1 vector → scalar; other lengths → list."""
    lib = rapi.lib
    if has_dim(sexp):
        return NOT_HANDLED
    kind = lib.TYPEOF(sexp)
    n = lib.XLENGTH(sexp)
    if n == 1:
        return _scalar(sexp, kind)
    return atomic_values(sexp, kind, n)


def plain_vector_to_python(sexp, kind):
    """``atomic_vector_to_python`` for a vector of SEXP type ``kind`` with no attributes."""
    n = rapi.lib.XLENGTH(sexp)
    if n == 1:
        return _scalar(sexp, kind)
    return atomic_values(sexp, kind, n)


def _scalar(sexp, kind):
    lib = rapi.lib
    if kind == rapi.REALSXP:
        return lib.REAL(sexp)[0]
    if kind == rapi.INTSXP:
        value = lib.INTEGER(sexp)[0]
        return None if value == NA_INTEGER else value
    if kind == rapi.LGLSXP:
        value = lib.LOGICAL(sexp)[0]
        return None if value == NA_INTEGER else bool(value)
    if kind == rapi.STRSXP:
        c = lib.STRING_ELT(sexp, 0)
        return None if c == lib.R_NaString else rapi.charsxp_str(c)
    value = lib.COMPLEX(sexp)[0]
    return complex(value.r, value.i)


@REGISTRY.r_to_py(sexptypes=[rapi.RAWSXP])
def raw_to_bytearray(sexp):
    lib = rapi.lib
    if has_dim(sexp):
        return NOT_HANDLED
    return bytearray(rapi.ffi.buffer(lib.RAW(sexp), lib.XLENGTH(sexp)))


@REGISTRY.r_to_py(sexptypes=[rapi.VECSXP])
def list_to_python(sexp):
    """Unnamed list → list; named list → dict (a repeated name: the last wins)."""
    lib = rapi.lib
    n = lib.XLENGTH(sexp)
    values = [REGISTRY.to_python(lib.VECTOR_ELT(sexp, i)) for i in range(n)]
    names = lib.Rf_getAttrib(sexp, lib.R_NamesSymbol)
    if names == lib.R_NilValue:
        return values
    keys = strings_of(names, n)
    return {("NA" if k is None else k): v for k, v in zip(keys, values)}


def na_vector(kind, n):
    """A vector of ``n`` NAs of an atomic SEXP type (unprotected)."""
    lib = rapi.lib
    vector = evaluation.allocate(kind, n)
    if kind == rapi.STRSXP:
        for i in range(n):
            lib.SET_STRING_ELT(vector, i, lib.R_NaString)
    elif n:
        target = np.frombuffer(rapi.ffi.buffer(lib.DATAPTR(vector), n * _WIDTH[kind]),
                               dtype=_NA_DTYPE[kind])
        target[:] = _NA_VALUE[kind]()
    return vector


_WIDTH = {rapi.LGLSXP: 4, rapi.INTSXP: 4, rapi.REALSXP: 8, rapi.CPLXSXP: 16, rapi.RAWSXP: 1}
_NA_DTYPE = {rapi.LGLSXP: np.int32, rapi.INTSXP: np.int32, rapi.REALSXP: np.float64,
             rapi.CPLXSXP: np.float64, rapi.RAWSXP: np.uint8}
_NA_VALUE = {rapi.LGLSXP: lambda: NA_INTEGER, rapi.INTSXP: lambda: NA_INTEGER,
             rapi.REALSXP: lambda: rapi.lib.R_NaReal, rapi.CPLXSXP: lambda: rapi.lib.R_NaReal,
             rapi.RAWSXP: lambda: 0}


def from_hint(hint, n):
    """``n`` NAs shaped like the hinted R prototype (type, class, levels, tzone)."""
    lib = rapi.lib
    kind = lib.TYPEOF(hint)
    if kind not in _WIDTH and kind != rapi.STRSXP:
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
    return rapi.lib.R_NilValue


@REGISTRY.py_to_r(bool)
def bool_to_logical(obj, hint):
    return rapi.lib.Rf_ScalarLogical(1 if obj else 0)


@REGISTRY.py_to_r(int)
def int_to_r(obj, hint):
    """Integer within ±(2³¹−1); any other int → the nearest double (never wrapped)."""
    if -INT_MAX <= obj <= INT_MAX:
        return rapi.lib.Rf_ScalarInteger(obj)
    try:
        return rapi.lib.Rf_ScalarReal(float(obj))
    except OverflowError:
        return NOT_HANDLED


@REGISTRY.py_to_r(float)
def float_to_double(obj, hint):
    return rapi.lib.Rf_ScalarReal(obj)


@REGISTRY.py_to_r(complex)
def complex_to_r(obj, hint):
    return complex_vector([obj])


@REGISTRY.py_to_r(str)
def str_to_character(obj, hint):
    return rapi.mkstring(obj)


@REGISTRY.py_to_r(bytes, bytearray)
def bytes_to_raw(obj, hint):
    lib = rapi.lib
    vector = evaluation.allocate(rapi.RAWSXP, len(obj))
    if obj:
        rapi.ffi.memmove(lib.RAW(vector), bytes(obj), len(obj))
    return vector


def str_vector(values):
    """A character vector from strs (None → NA), unprotected."""
    lib = rapi.lib
    if len(values) >= JOINED_FROM and evaluation.ready():
        vector = _str_vector_joined(values)
        if vector is not None:
            return vector
    with protected() as keep:
        vector = keep(evaluation.allocate(rapi.STRSXP, len(values)))
        for i, value in enumerate(values):
            lib.SET_STRING_ELT(vector, i, lib.R_NaString if value is None else rapi.mkchar(value))
        return vector


def _str_vector_joined(values):
    """A long character vector made in one piece: Python joins the strings with a
    separator none contains, R splits them. None when that does not apply."""
    if not set(map(type, values)) <= {str, type(None)}:
        return None
    missing = [i + 1 for i, v in enumerate(values) if v is None]
    for separator in SEPARATORS:
        text = separator.join("" if v is None else v for v in values)
        if text.count(separator) == len(values) - 1:
            break
    else:
        return None
    with protected() as keep:
        return evaluation.call_function(
            evaluation.function(".pyr_split_strings"),
            [keep(rapi.mkstring(text)), keep(rapi.mkstring(separator)),
             keep(_numeric_vector(rapi.INTSXP, np.int32, missing))], keep=keep)


def _numeric_vector(kind, dtype, values):
    lib = rapi.lib
    vector = evaluation.allocate(kind, len(values))
    if len(values):
        target = np.frombuffer(rapi.ffi.buffer(lib.DATAPTR(vector), len(values) * _WIDTH[kind]),
                               dtype=dtype)
        target[:] = values
    return vector


def complex_vector(values):
    lib = rapi.lib
    vector = evaluation.allocate(rapi.CPLXSXP, len(values))
    if values:
        target = np.frombuffer(rapi.ffi.buffer(lib.COMPLEX(vector), len(values) * 16),
                               dtype=np.complex128)
        target[:] = values
    return vector


_KINDS = (bool, int, float, complex, str)


def _kind_of(tp):
    for kind in _KINDS:
        if issubclass(tp, kind):
            return kind
    return None


def atomic_from_list(values):
    """An atomic vector for a list of one scalar kind (None → NA), else NOT_HANDLED."""
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
        return _with_missing(rapi.LGLSXP, np.int32, array, missing, NA_INTEGER)
    if kind is float:
        array = np.array(filled, dtype=np.float64)
        return _with_missing(rapi.REALSXP, np.float64, array, missing, rapi.lib.R_NaReal)
    array = np.array(filled, dtype=np.complex128)
    na = complex(rapi.lib.R_NaReal, rapi.lib.R_NaReal)
    return _with_missing(rapi.CPLXSXP, np.complex128, array, missing, na)


def _int_vector(values, filled, missing):
    """Integer if every value fits in R's integer, else the nearest doubles."""
    try:
        array = np.array(filled, dtype=np.int64)
    except OverflowError:
        try:
            array = np.array([0.0 if v is None else float(v) for v in values], dtype=np.float64)
        except OverflowError:
            return NOT_HANDLED
        return _with_missing(rapi.REALSXP, np.float64, array, missing, rapi.lib.R_NaReal)
    if array.size and (array.min() < -INT_MAX or array.max() > INT_MAX):
        return _with_missing(rapi.REALSXP, np.float64, array.astype(np.float64), missing,
                             rapi.lib.R_NaReal)
    return _with_missing(rapi.INTSXP, np.int32, array.astype(np.int32), missing, NA_INTEGER)


def _with_missing(kind, dtype, array, missing, na):
    if missing is not None:
        array[missing] = na
    return _numeric_vector(kind, dtype, array)


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
    return r_list(obj)


def r_list(values, names=None):
    """An R list of converted values (with names when given), unprotected."""
    lib = rapi.lib
    with protected() as keep:
        out = keep(evaluation.allocate(rapi.VECSXP, len(values)))
        for i, value in enumerate(values):
            lib.SET_VECTOR_ELT(out, i, REGISTRY.to_r(value))
        if names is not None:
            lib.Rf_setAttrib(out, lib.R_NamesSymbol, str_vector(names))
        return out


@REGISTRY.py_to_r(tuple)
def tuple_to_list(obj, hint):
    if type(obj) is not tuple:
        return NOT_HANDLED
    return r_list(list(obj))


@REGISTRY.py_to_r(dict)
def dict_to_named_list(obj, hint):
    if type(obj) is not dict:
        return NOT_HANDLED
    return r_list(list(obj.values()), [k if isinstance(k, str) else str(k) for k in obj])


def simple_scalar(value):
    """An R value for a plain Python default (None, bool, int, float, str), else None."""
    if value is None:
        return rapi.lib.R_NilValue
    if isinstance(value, (bool, int, float, str)) and type(value) in (bool, int, float, str):
        result = REGISTRY.to_r(value, s3=False)
        return result if result is not NOT_HANDLED else None
    return None
