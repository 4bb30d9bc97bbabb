"""Reading and writing R vectors: the one place for character vectors
(``strings``, ``strings_of``, ``str_vector``), numeric buffers, NA values and
allocation.

Long character vectors cross in one piece (R joins or splits them with a
separator no element contains) and large vectors are allocated by R's
``vector()``, so that running out of memory is an R error instead of a crash.
Both need R code evaluated safely, which is the runtime's job: once the R
package is loaded, the runtime hands this module its evaluator
(``use_r_helpers``); before that the element-wise paths are used.
"""
import numpy as np

from . import capi
from .protect import protected

INT_MAX = 2**31 - 1
NA_INTEGER = -(2**31)
JOINED_FROM = 512
SEPARATORS = ("\x1f", "\x1e", "\x1d", "\x1c", "\x01", "\x02", "\x03")
_ALLOCATE_IN_R_BYTES = 1 << 26
_MODES = {capi.LGLSXP: "logical", capi.INTSXP: "integer", capi.REALSXP: "double",
          capi.CPLXSXP: "complex", capi.STRSXP: "character", capi.VECSXP: "list",
          capi.RAWSXP: "raw"}
_WIDTH = {capi.LGLSXP: 4, capi.INTSXP: 4, capi.REALSXP: 8, capi.CPLXSXP: 16, capi.RAWSXP: 1}
_NA_DTYPE = {capi.LGLSXP: np.int32, capi.INTSXP: np.int32, capi.REALSXP: np.float64,
             capi.CPLXSXP: np.float64, capi.RAWSXP: np.uint8}
_NA_VALUE = {capi.LGLSXP: lambda: NA_INTEGER, capi.INTSXP: lambda: NA_INTEGER,
             capi.REALSXP: lambda: capi.lib.R_NaReal, capi.CPLXSXP: lambda: capi.lib.R_NaReal,
             capi.RAWSXP: lambda: 0}

_helpers = {"call": None}


def use_r_helpers(call):
    """Use ``call(name, args, keep)`` (the runtime's evaluation of the R function
    ``name`` from the R package; raises on an R error) for the joined character
    paths and for large allocations. ``None`` goes back to the element-wise paths."""
    _helpers["call"] = call


def allocate(kind, n):
    """A new R vector (unprotected); a large one is allocated by R's ``vector()``."""
    lib = capi.lib
    call = _helpers["call"]
    if n * 16 < _ALLOCATE_IN_R_BYTES or call is None:
        return lib.Rf_allocVector(kind, n)
    with protected() as keep:
        return call("vector", [keep(capi.mkstring(_MODES[kind])),
                               keep(lib.Rf_ScalarReal(float(n)))], keep)


def has_dim(sexp):
    return capi.lib.Rf_getAttrib(sexp, capi.lib.R_DimSymbol) != capi.lib.R_NilValue


def buffer(sexp, n, kind):
    """A NumPy view of the data of a logical, integer, double or complex vector."""
    lib = capi.lib
    if kind == capi.REALSXP:
        return np.frombuffer(capi.ffi.buffer(lib.REAL(sexp), n * 8), dtype=np.float64)
    if kind == capi.CPLXSXP:
        return np.frombuffer(capi.ffi.buffer(lib.COMPLEX(sexp), n * 16), dtype=np.complex128)
    pointer = lib.INTEGER(sexp) if kind == capi.INTSXP else lib.LOGICAL(sexp)
    return np.frombuffer(capi.ffi.buffer(pointer, n * 4), dtype=np.int32)


def strings(sexp):
    """A character vector's elements as Python strs (NA as None); [] for other types."""
    lib = capi.lib
    if lib.TYPEOF(sexp) != capi.STRSXP:
        return []
    na = lib.R_NaString
    out = []
    for i in range(lib.XLENGTH(sexp)):
        c = lib.STRING_ELT(sexp, i)
        out.append(None if c == na else capi.charsxp_str(c))
    return out


def strings_of(sexp, n):
    """The ``n`` elements of a character vector; NA as None (long ones read in one piece)."""
    if n >= JOINED_FROM and _helpers["call"] is not None:
        joined = _strings_joined(sexp, n)
        if joined is not None:
            return joined
    return strings(sexp)


def class_names(sexp):
    """The class attribute of an R value as strs ([] without one)."""
    return strings(capi.lib.Rf_getAttrib(sexp, capi.lib.R_ClassSymbol))


def _missing_positions(sexp, n):
    """Indices of NA in a character vector (its elements are CHARSXP pointers)."""
    lib = capi.lib
    pointers = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(sexp), n * capi.ffi.sizeof("void *")),
                             dtype=np.uintp)
    return np.flatnonzero(pointers == capi.address(lib.R_NaString)).tolist()


def _strings_joined(sexp, n):
    """A long character vector read in one piece: R joins it with a separator that no
    element contains, Python splits it. None when no separator fits or R fails."""
    lib = capi.lib
    with protected() as keep:
        try:
            joined = _helpers["call"](".pyr_join_strings", [sexp, keep(str_vector(SEPARATORS))],
                                      keep)
        except RuntimeError:
            return None
        if joined == lib.R_NilValue:
            return None
        text = capi.charsxp_str(lib.STRING_ELT(lib.VECTOR_ELT(joined, 0), 0))
        separator = capi.charsxp_str(lib.STRING_ELT(lib.VECTOR_ELT(joined, 1), 0))
    values = text.split(separator)
    for i in _missing_positions(sexp, n):
        values[i] = None
    return values


def atomic_values(sexp, kind, n):
    """The elements of an atomic vector as Python scalars (NA as None)."""
    if kind == capi.STRSXP:
        return strings_of(sexp, n)
    if kind == capi.REALSXP or kind == capi.CPLXSXP:
        return buffer(sexp, n, kind).tolist()
    raw = buffer(sexp, n, kind)
    values = raw.tolist() if kind == capi.INTSXP else raw.astype(bool).tolist()
    if (raw == NA_INTEGER).any():
        for i in np.flatnonzero(raw == NA_INTEGER).tolist():
            values[i] = None
    return values


def str_vector(values):
    """A character vector from strs (None → NA), unprotected."""
    lib = capi.lib
    if len(values) >= JOINED_FROM and _helpers["call"] is not None:
        vector = _str_vector_joined(values)
        if vector is not None:
            return vector
    with protected() as keep:
        vector = keep(allocate(capi.STRSXP, len(values)))
        for i, value in enumerate(values):
            lib.SET_STRING_ELT(vector, i, lib.R_NaString if value is None else capi.mkchar(value))
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
        return _helpers["call"](
            ".pyr_split_strings",
            [keep(capi.mkstring(text)), keep(capi.mkstring(separator)),
             keep(numeric_vector(capi.INTSXP, np.int32, missing))], keep)


def numeric_vector(kind, dtype, values):
    """A logical, integer, double or raw vector filled from ``values`` (unprotected)."""
    lib = capi.lib
    vector = allocate(kind, len(values))
    if len(values):
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), len(values) * _WIDTH[kind]),
                               dtype=dtype)
        target[:] = values
    return vector


def complex_vector(values):
    """A complex vector from Python complex numbers (unprotected)."""
    lib = capi.lib
    vector = allocate(capi.CPLXSXP, len(values))
    if values:
        target = np.frombuffer(capi.ffi.buffer(lib.COMPLEX(vector), len(values) * 16),
                               dtype=np.complex128)
        target[:] = values
    return vector


def na_vector(kind, n):
    """A vector of ``n`` NAs of an atomic SEXP type (unprotected)."""
    lib = capi.lib
    vector = allocate(kind, n)
    if kind == capi.STRSXP:
        for i in range(n):
            lib.SET_STRING_ELT(vector, i, lib.R_NaString)
    elif n:
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), n * _WIDTH[kind]),
                               dtype=_NA_DTYPE[kind])
        target[:] = _NA_VALUE[kind]()
    return vector


def is_atomic_kind(kind):
    """Whether ``na_vector`` can make NAs of this SEXP type."""
    return kind in _WIDTH or kind == capi.STRSXP
