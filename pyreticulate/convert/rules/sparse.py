"""Sparse matrices of R's Matrix package ↔ scipy.sparse (both optional).

R → Python (when scipy is installed): ``dgCMatrix`` → ``csc_matrix``,
``dgRMatrix`` → ``csr_matrix``, ``dgTMatrix`` → ``coo_matrix``; any other
sparse matrix is first made a general double ``CsparseMatrix`` in R.
Python → R (when Matrix is installed): csc → ``dgCMatrix``, csr →
``dgRMatrix``, coo → ``dgTMatrix``, other formats through csc. The slot
vectors are copied; complex data stays a proxy.
"""
import numpy as np

from ...runtime import evaluation
from ...libr import capi
from ...libr.protect import protected
from ..registry import NOT_HANDLED, REGISTRY
from . import optional
from .arrays import ndarray_to_r
from ...libr.vectors import INT_MAX


def _slot(sexp, name):
    """A copy of an integer or double slot as an ndarray."""
    lib = capi.lib
    value = lib.Rf_getAttrib(sexp, capi.sym(name))
    n = lib.XLENGTH(value)
    if lib.TYPEOF(value) == capi.INTSXP:
        return np.frombuffer(capi.ffi.buffer(lib.INTEGER(value), n * 4), dtype=np.int32).copy()
    if lib.TYPEOF(value) == capi.REALSXP:
        return np.frombuffer(capi.ffi.buffer(lib.REAL(value), n * 8), dtype=np.float64).copy()
    raise TypeError(f"the sparse matrix slot {name!r} is neither integer nor double")


def _shape(sexp):
    return tuple(int(d) for d in _slot(sexp, "Dim"))


def _scipy_sparse():
    return optional.module("scipy.sparse")


@REGISTRY.r_to_py(r_classes=["dgCMatrix"])
def dgcmatrix_to_csc(sexp):
    sparse = _scipy_sparse()
    if sparse is None:
        return NOT_HANDLED
    return sparse.csc_matrix((_slot(sexp, "x"), _slot(sexp, "i"), _slot(sexp, "p")),
                             shape=_shape(sexp))


@REGISTRY.r_to_py(r_classes=["dgRMatrix"])
def dgrmatrix_to_csr(sexp):
    sparse = _scipy_sparse()
    if sparse is None:
        return NOT_HANDLED
    return sparse.csr_matrix((_slot(sexp, "x"), _slot(sexp, "j"), _slot(sexp, "p")),
                             shape=_shape(sexp))


@REGISTRY.r_to_py(r_classes=["dgTMatrix"])
def dgtmatrix_to_coo(sexp):
    sparse = _scipy_sparse()
    if sparse is None:
        return NOT_HANDLED
    return sparse.coo_matrix((_slot(sexp, "x"), (_slot(sexp, "i"), _slot(sexp, "j"))),
                             shape=_shape(sexp))


@REGISTRY.r_to_py(sexptypes=[capi.S4SXP])
def other_sparse_to_csc(sexp):
    """Any other Matrix sparse class, made a dgCMatrix in R first."""
    lib = capi.lib
    if not lib.OBJECT(sexp):
        return NOT_HANDLED
    with protected() as keep:
        general = evaluation.call_function(evaluation.function(".pyr_sparse_general"), [sexp],
                                           keep=keep)
        if general == lib.R_NilValue:
            return NOT_HANDLED
        return dgcmatrix_to_csc(general)


def _index_vector(values):
    values = np.asarray(values)
    if values.size and (values.min() < 0 or values.max() > INT_MAX):
        raise ValueError("a sparse matrix index does not fit in an R integer")
    return ndarray_to_r(values.astype(np.int32), with_dim=False)


_LAYOUTS = {"csc": ("dgCMatrix", "i", "p"), "csr": ("dgRMatrix", "j", "p")}


def sparse_to_matrix(obj, hint):
    """A scipy sparse matrix or array → the Matrix class of its format."""
    if obj.dtype.kind == "c" or len(obj.shape) != 2:
        return NOT_HANDLED
    layout = obj.format if obj.format in ("csc", "csr", "coo") else "csc"
    if layout != obj.format:
        obj = obj.tocsc()
    data = np.asarray(obj.data).astype(np.float64)
    lib = capi.lib
    with protected() as keep:
        if layout == "coo":
            slots = [("i", keep(_index_vector(obj.row))), ("j", keep(_index_vector(obj.col)))]
            class_name = "dgTMatrix"
        else:
            obj = obj.copy()
            obj.sum_duplicates()
            obj.sort_indices()
            data = np.asarray(obj.data).astype(np.float64)
            class_name, index_slot, pointer_slot = _LAYOUTS[layout]
            slots = [(index_slot, keep(_index_vector(obj.indices))),
                     (pointer_slot, keep(_index_vector(obj.indptr)))]
        slots.append(("x", keep(ndarray_to_r(data, with_dim=False))))
        slots.append(("Dim", keep(_index_vector(np.asarray(obj.shape)))))
        result = evaluation.call_function(evaluation.function(".pyr_sparse_matrix"),
                                          [keep(capi.mkstring(class_name))], slots, keep=keep)
        if result == lib.R_NilValue:
            return NOT_HANDLED
        return result


def _sparse_types(sparse):
    return tuple(t for t in (getattr(sparse, "spmatrix", None), getattr(sparse, "sparray", None))
                 if isinstance(t, type))


REGISTRY.register_py_to_r_lazy(sparse_to_matrix, "scipy.sparse", _sparse_types)
