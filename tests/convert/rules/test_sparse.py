"""Sparse matrices of R's Matrix package ↔ scipy.sparse (docs/conversions.md §3)."""
import numpy as np
import pytest
import scipy.sparse as sp

import pyreticulate as pr
from pyreticulate.testing import assert_r_round_trip
from helpers import r_true
from pyreticulate.convert.rules import optional

DENSE = "matrix(c(0, 1.5, 0, 0, 0, -2, 3, 0, 0, 0, 0, 4), 3)"


@pytest.fixture(scope="module", autouse=True)
def matrix_package():
    pr.r("suppressPackageStartupMessages(requireNamespace('Matrix'))")


def to_r(name, value):
    pr.globalenv[name] = value


def expected_dense():
    return np.array(pr.r(DENSE))


LAYOUTS = {"dgCMatrix": "CsparseMatrix", "dgRMatrix": "RsparseMatrix",
           "dgTMatrix": "TsparseMatrix"}


def sparse(r_class):
    return f'methods::as(Matrix::Matrix({DENSE}, sparse = TRUE), "{LAYOUTS[r_class]}")'


@pytest.mark.parametrize("r_class, scipy_class", [
    ("dgCMatrix", sp.csc_matrix), ("dgRMatrix", sp.csr_matrix), ("dgTMatrix", sp.coo_matrix),
])
def test_matrix_class_becomes_its_scipy_format(r_class, scipy_class):
    r_true(f'is({sparse(r_class)}, "{r_class}")')
    value = pr.r(sparse(r_class))
    assert type(value) is scipy_class
    assert np.array_equal(value.toarray(), expected_dense())


def test_other_sparse_classes_become_csc():
    value = pr.r("Matrix::sparseMatrix(i = c(1, 2), j = c(1, 2), x = c(TRUE, TRUE))")
    assert type(value) is sp.csc_matrix and value.toarray().tolist() == [[1, 0], [0, 1]]
    symmetric = pr.r("Matrix::forceSymmetric(Matrix::Matrix(c(1, 2, 2, 5), 2, sparse = TRUE))")
    assert type(symmetric) is sp.csc_matrix and symmetric.toarray().tolist() == [[1, 2], [2, 5]]


def test_dense_s4_matrix_is_not_sparse():
    value = pr.r("Matrix::Matrix(1:4 + 0, 2, sparse = FALSE)")
    assert isinstance(value, pr.RObject)


@pytest.mark.parametrize("make, r_class", [
    (sp.csc_matrix, "dgCMatrix"), (sp.csr_matrix, "dgRMatrix"), (sp.coo_matrix, "dgTMatrix"),
    (sp.csc_array, "dgCMatrix"), (sp.lil_matrix, "dgCMatrix"),
])
def test_scipy_sparse_becomes_its_matrix_class(make, r_class):
    to_r("v", make(expected_dense()))
    r_true(f'is(v, "{r_class}") && identical(as.matrix(v), {DENSE})')


def test_unsorted_csc_with_duplicates_is_summed_and_sorted():
    value = sp.csc_matrix((np.array([1.0, 2.0, 3.0]), np.array([1, 0, 1]), np.array([0, 3])),
                          shape=(2, 1))
    to_r("v", value)
    r_true("validObject(v) && identical(as.matrix(v), matrix(c(2, 4), 2))")


def test_integer_data_becomes_double():
    to_r("v", sp.csr_matrix(np.array([[1, 0], [0, 2]], dtype=np.int64)))
    r_true("is.double(v@x) && identical(as.matrix(v), matrix(c(1, 0, 0, 2), 2))")


def test_complex_sparse_stays_a_proxy():
    to_r("v", sp.csc_matrix(np.array([[1j]])))
    r_true('inherits(v, "python.builtin.object")')


@pytest.mark.parametrize("r_class", ["dgCMatrix", "dgRMatrix", "dgTMatrix"])
def test_sparse_matrices_round_trip(r_class):
    assert_r_round_trip(sparse(r_class))


def test_without_scipy_a_sparse_matrix_stays_an_r_object():
    with optional.pretend_missing("scipy.sparse"):
        value = pr.r(f"Matrix::Matrix({DENSE}, sparse = TRUE)")
    assert isinstance(value, pr.RObject)


def test_sparse_matrix_that_cannot_be_double_stays_an_r_object():
    value = pr.r('methods::setClass("pyrOddSparse", contains = "sparseMatrix", '
                 'where = globalenv()); methods::new("pyrOddSparse", Dim = c(1L, 1L))')
    assert isinstance(value, pr.RObject)
