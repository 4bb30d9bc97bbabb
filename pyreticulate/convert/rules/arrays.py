"""R arrays and matrices ↔ NumPy arrays.

R → Python: an integer, double, logical, complex or raw vector with ``dim`` is
a read-only, Fortran-ordered view of R's memory (no copy) whose ``base`` keeps
the R vector alive: int32, float64, a bool view of R's 4-byte logicals,
complex128, ``V1``. An integer or logical array holding NA is a
``numpy.ma.MaskedArray`` over the same memory. A character array is copied
into an object array (NA → None); a list with ``dim`` is an object array of
its converted elements.

Python → R: an ndarray is copied once into column-major R memory and always
gets a ``dim`` (a 0-d array becomes a 1-d array of length 1); masked cells become NA.

The numpy scope (``NUMPY_RULES``, ``with pyreticulate.conversion(conversion.numpy)``):
a dim-less atomic vector without class or names whose length is not 1 becomes a
1-d ndarray by the same rules (zero-copy and read-only but for character vectors),
and 0-d and 1-d ndarrays go in as vectors without ``dim``.
"""
import sys

import numpy as np

from ...libr import capi, vectors
from ...runtime.handles import RObject
from ...libr.protect import protected
from ..registry import NOT_HANDLED, REGISTRY, ConversionRules
from ...libr.vectors import NA_INTEGER, has_dim, str_vector, strings_of

INT32_MIN = -(2**31)
_WIDTH = {capi.LGLSXP: 4, capi.INTSXP: 4, capi.REALSXP: 8, capi.CPLXSXP: 16, capi.RAWSXP: 1}
_DTYPE = {capi.INTSXP: np.dtype(np.int32), capi.LGLSXP: np.dtype(np.int32),
          capi.REALSXP: np.dtype(np.float64), capi.CPLXSXP: np.dtype(np.complex128),
          capi.RAWSXP: np.dtype("V1")}


def dims_of(sexp):
    lib = capi.lib
    dim = lib.Rf_getAttrib(sexp, lib.R_DimSymbol)
    return tuple(capi.ffi.unpack(lib.INTEGER(dim), lib.LENGTH(dim)))


def r_memory(sexp):
    """A writable buffer over an R vector's data that keeps the vector alive."""
    lib = capi.lib
    kind = lib.TYPEOF(sexp)
    nbytes = lib.XLENGTH(sexp) * _WIDTH[kind]
    owner = RObject(sexp)
    pointer = capi.ffi.gc(capi.ffi.cast("char *", lib.DATAPTR(sexp)),
                          lambda _pointer, _owner=owner: _owner.release())
    return capi.ffi.buffer(pointer, nbytes)


def zero_copy_view(sexp, shape):
    """A read-only Fortran-order ndarray over an R vector's memory."""
    kind = capi.lib.TYPEOF(sexp)
    memory = r_memory(sexp)
    if kind == capi.LGLSXP:
        offset = 0 if sys.byteorder == "little" else 3
        strides = _fortran_strides(shape, 4)
        view = np.ndarray(shape, dtype=np.bool_, buffer=memory, offset=offset, strides=strides)
        raw = np.ndarray(shape, dtype=np.int32, buffer=memory, strides=strides)
    else:
        view = np.frombuffer(memory, dtype=_DTYPE[kind]).reshape(shape, order="F")
        raw = view
    view.flags.writeable = False
    if kind in (capi.INTSXP, capi.LGLSXP):
        missing = raw == NA_INTEGER
        if missing.any():
            return np.ma.MaskedArray(view, mask=missing)
    return view


def _fortran_strides(shape, itemsize):
    strides, step = [], itemsize
    for extent in shape:
        strides.append(step)
        step *= max(extent, 1)
    return tuple(strides)


@REGISTRY.r_to_py(sexptypes=[capi.LGLSXP, capi.INTSXP, capi.REALSXP, capi.CPLXSXP,
                             capi.RAWSXP, capi.STRSXP])
def r_array_to_ndarray(sexp):
    if not has_dim(sexp):
        return NOT_HANDLED
    shape = dims_of(sexp)
    if capi.lib.TYPEOF(sexp) == capi.STRSXP:
        values = np.empty(len_of(shape), dtype=object)
        values[:] = strings_of(sexp, capi.lib.XLENGTH(sexp))
        return values.reshape(shape, order="F")
    return zero_copy_view(sexp, shape)


def plain_array_view(address):
    """``r_array_to_ndarray`` of the dim-only double, complex or raw array at ``address``
    (the compiled ``r_to_py()``'s conversion; it makes the proxy itself)."""
    sexp = capi.ffi.cast("SEXP", address)
    return zero_copy_view(sexp, dims_of(sexp))


def vector_to_ndarray(sexp):
    """The numpy scope's rule: a plain atomic vector of length ≠ 1 → a 1-d ndarray."""
    lib = capi.lib
    if lib.ATTRIB(sexp) != lib.R_NilValue and (
            lib.OBJECT(sexp) or has_dim(sexp)
            or lib.Rf_getAttrib(sexp, lib.R_NamesSymbol) != lib.R_NilValue):
        return NOT_HANDLED
    n = lib.XLENGTH(sexp)
    if n == 1:
        return NOT_HANDLED
    if lib.TYPEOF(sexp) == capi.STRSXP:
        values = np.empty(n, dtype=object)
        values[:] = strings_of(sexp, n)
        return values
    return zero_copy_view(sexp, (n,))


def ndarray_to_vector(obj, hint):
    """The numpy scope's rule: a 0-d or 1-d ndarray → an R vector without ``dim``."""
    if obj.ndim > 1:
        return NOT_HANDLED
    return ndarray_to_r(obj.reshape(-1), with_dim=False)


@REGISTRY.r_to_py(sexptypes=[capi.VECSXP])
def r_list_array_to_ndarray(sexp):
    if not has_dim(sexp):
        return NOT_HANDLED
    lib = capi.lib
    values = np.empty(lib.XLENGTH(sexp), dtype=object)
    for i in range(values.size):
        values[i] = REGISTRY.to_python(lib.VECTOR_ELT(sexp, i))
    return values.reshape(dims_of(sexp), order="F")


def len_of(shape):
    total = 1
    for extent in shape:
        total *= extent
    return total


def r_kind_for(dtype, values=None):
    """The R SEXP type a NumPy dtype converts to, or None when it stays a proxy."""
    kind = dtype.kind
    if kind == "b":
        return capi.LGLSXP
    if kind in "iu":
        if dtype.itemsize < 4 or (kind == "i" and dtype.itemsize == 4) or (
                kind == "u" and dtype.itemsize == 2):
            if values is not None and kind == "i" and dtype.itemsize == 4 and values.size \
                    and values.min() == INT32_MIN:
                return capi.REALSXP
            return capi.INTSXP
        return capi.REALSXP
    if kind == "f" and dtype.itemsize <= 8:
        return capi.REALSXP
    if kind == "c" and dtype.itemsize <= 16:
        return capi.CPLXSXP
    if kind in "US" or dtype.name.startswith("StringDType"):
        return capi.STRSXP
    if kind == "V" and dtype.itemsize == 1 and dtype.fields is None:
        return capi.RAWSXP
    if kind == "O":
        return capi.STRSXP if _all_text(values) else capi.VECSXP
    return None


def _all_text(values):
    if values is None:
        return False
    if capi.fast is not None:
        items = values.ravel().tolist()
        if capi.fast.pyr_list_kind(id(items)) == capi.STRSXP:
            return True
    for v in values.flat:
        if v is None or isinstance(v, str):
            continue
        if isinstance(v, float) and v != v:
            continue
        if type(v).__name__ == "NAType":
            continue
        return False
    return True


def text_objects_to_r(objects):
    """What ``ndarray_to_r(objects, with_dim=False)`` makes of a 1-d object array of
    strs and None holding a str, by the compiled loops in one pass (unprotected); None
    for any other array or without the compiled module (the caller's rules decide)."""
    fast = capi.fast
    if fast is None:
        return None
    items = objects.tolist()
    if fast.pyr_list_first_kind(id(items)) != capi.STRSXP:
        return None
    return vectors.compiled_str_vector(items)


def fill_vector(kind, values):
    """A new R vector of SEXP type ``kind`` holding ``values`` (1-d, column-major order)."""
    lib = capi.lib
    n = values.size
    if kind == capi.STRSXP:
        if values.dtype == object:
            vector = vectors.compiled_str_vector(values.tolist())
            if vector is not None:
                return vector
        return str_vector([_text(item) for item in values.flat])
    with protected() as keep:
        vector = keep(vectors.allocate(kind, n))
        if kind == capi.VECSXP:
            for i, item in enumerate(values.flat):
                lib.SET_VECTOR_ELT(vector, i, REGISTRY.to_r(item))
        elif n:
            target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), n * _WIDTH[kind]),
                                   dtype=_DTYPE[kind] if kind != capi.RAWSXP else np.uint8)
            if kind == capi.RAWSXP:
                target[:] = values.view(np.uint8).ravel()
            elif kind == capi.REALSXP and values.dtype.kind in "iu":
                target[:] = values.astype(np.float64)
            else:
                target[:] = values
        return vector


def _text(item):
    """An element of a string or object array as a str, or None for a missing value."""
    if type(item) is str:
        return item
    if item is None or (isinstance(item, float) and item != item) or \
            type(item).__name__ == "NAType":
        return None
    if isinstance(item, bytes):
        return item.decode("utf-8", "surrogateescape")
    return str(item)


def ndarray_to_r(array, with_dim=True):
    """Copy an ndarray into a new column-major R vector with ``dim`` (unprotected)."""
    lib = capi.lib
    mask = None
    if isinstance(array, np.ma.MaskedArray):
        mask = np.ma.getmaskarray(array)
        array = np.ma.getdata(array)
    kind = r_kind_for(array.dtype, array if mask is None else np.asarray(array)[~mask])
    if kind is None:
        return NOT_HANDLED
    ordered = np.asarray(array).ravel(order="F")
    if kind == capi.LGLSXP:
        ordered = ordered.astype(np.int32)
    with protected() as keep:
        vector = keep(fill_vector(kind, ordered))
        if mask is not None and mask.any():
            set_missing(vector, kind, mask.ravel(order="F"))
        if with_dim and array.ndim >= 1:
            lib.Rf_setAttrib(vector, lib.R_DimSymbol,
                             keep(fill_vector(capi.INTSXP, np.asarray(array.shape,
                                                                       dtype=np.int32))))
        return vector


def set_missing(vector, kind, mask):
    """Set NA where ``mask`` is true in an R vector of type ``kind``."""
    lib = capi.lib
    positions = np.flatnonzero(mask)
    if kind == capi.STRSXP:
        for i in positions.tolist():
            lib.SET_STRING_ELT(vector, i, lib.R_NaString)
        return
    n = lib.XLENGTH(vector)
    if kind in (capi.INTSXP, capi.LGLSXP):
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), n * 4), dtype=np.int32)
        target[positions] = NA_INTEGER
    elif kind == capi.REALSXP:
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), n * 8), dtype=np.float64)
        target[positions] = lib.R_NaReal
    elif kind == capi.CPLXSXP:
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), n * 16), dtype=np.float64)
        target.reshape(n, 2)[positions] = lib.R_NaReal
    elif kind == capi.VECSXP:
        for i in positions.tolist():
            lib.SET_VECTOR_ELT(vector, i, lib.R_NilValue)


@REGISTRY.py_to_r(np.ndarray)
def ndarray_rule(obj, hint):
    if obj.ndim == 0:
        return ndarray_to_r(obj.reshape(1))
    return ndarray_to_r(obj)


@REGISTRY.py_to_r(np.generic)
def numpy_scalar_to_r(obj, hint):
    """A NumPy scalar → a length-1 R vector without ``dim``."""
    return ndarray_to_r(np.asarray(obj).reshape(1), with_dim=False)


NUMPY_RULES = ConversionRules("numpy")
NUMPY_RULES.add_builtin_r_to_py(vector_to_ndarray, capi.LGLSXP, capi.INTSXP, capi.REALSXP,
                                capi.CPLXSXP, capi.RAWSXP, capi.STRSXP)
NUMPY_RULES.add_builtin_py_to_r(ndarray_to_vector, np.ndarray)
