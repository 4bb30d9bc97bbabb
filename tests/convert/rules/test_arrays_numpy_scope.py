"""The numpy scope (``pr.conversion.numpy``, ``numpy=True``): R vectors as zero-copy
ndarrays, ndarrays in as vectors (docs/python-api.md, docs/conversions.md's array rules)."""
import gc

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings

import pyreticulate as pr
from pyreticulate.libr import capi
from pyreticulate.runtime import threads
from pyreticulate.testing import assert_r_identical
from pyreticulate.testing import strategies as rs

NUMPY = pr.conversion.numpy


def data_address(robject):
    return threads.run_in_r(
        lambda: int(capi.ffi.cast("uintptr_t", capi.lib.DATAPTR(robject.sexp))), (), "address")


def test_a_double_vector_is_a_float64_array_over_r_memory():
    robject = pr.r("pyr_np_x <- c(1.5, 2.5, 3.5); pyr_np_x", convert=False)
    array = pr.get("pyr_np_x", numpy=True)
    assert (type(array), array.dtype, array.tolist()) == (np.ndarray, np.float64,
                                                          [1.5, 2.5, 3.5])
    assert array.__array_interface__["data"][0] == data_address(robject)


def test_the_array_is_read_only():
    array = pr.r("c(1, 2, 3)", numpy=True)
    assert array.flags.writeable is False
    with pytest.raises(ValueError, match="read-only"):
        array[0] = 5.0


def test_the_array_keeps_its_values_after_r_drops_the_vector_and_collects():
    array = pr.r("pyr_np_kept <- as.numeric(1:100000); pyr_np_kept", numpy=True)
    expected = np.arange(1, 100001, dtype=np.float64)
    pr.r("rm(pyr_np_kept); for (i in 1:3) { junk <- runif(100000); gc() }; NULL")
    gc.collect()
    assert np.array_equal(array, expected)


def test_each_atomic_type_becomes_its_array_dtype():
    values = [pr.r(code, numpy=True) for code in
              ("1:3", "c(TRUE, FALSE)", "c(1+2i, 3i)", "as.raw(c(1, 255))", 'c("a", "b")')]
    assert [v.dtype.str for v in values] == [np.dtype(np.int32).str, "|b1",
                                             np.dtype(np.complex128).str, "|V1", "|O"]


def test_na_follows_the_array_rules():
    integers = pr.r("c(1L, NA)", numpy=True)
    logicals = pr.r("c(NA, TRUE)", numpy=True)
    doubles = pr.r("c(NA, NaN)", numpy=True)
    strings = pr.r('c("a", NA)', numpy=True)
    assert (type(integers), integers.mask.tolist(), logicals.mask.tolist()) == (
        np.ma.MaskedArray, [False, True], [True, False])
    assert doubles.view(np.uint64).tolist() == np.array(
        [pr.r("NA_real_"), pr.r("NaN")]).view(np.uint64).tolist()
    assert strings.tolist() == ["a", None]


def test_length_one_stays_a_scalar_and_length_zero_is_an_empty_array():
    empty = pr.r("double(0)", numpy=True)
    assert (pr.r("2.5", numpy=True), type(empty), empty.shape) == (2.5, np.ndarray, (0,))


def test_named_classed_and_dimmed_values_keep_their_rules():
    with pr.conversion(NUMPY):
        named = pr.r("c(a = 1, b = 2)")
        factor = pr.r("factor(c('u', 'v'))")
        matrix = pr.r("matrix(1:4, 2)")
    assert (type(named), type(factor), matrix.shape) == (pr.RNamedList, pd.Categorical, (2, 2))


def test_outside_the_scope_the_default_table_holds():
    with pr.conversion(NUMPY):
        pass
    assert pr.r("c(1, 2)") == [1.0, 2.0]


def test_a_1d_array_goes_in_as_a_vector_without_dim():
    with pr.conversion(NUMPY):
        robject = pr.py_to_r(np.array([1.0, 2.0]))
    assert_r_identical(robject, "c(1, 2)")
    assert_r_identical(pr.py_to_r(np.array([1.0, 2.0])), "array(c(1, 2), dim = 2L)")


def test_a_2d_array_still_goes_in_as_a_matrix():
    with pr.conversion(NUMPY):
        robject = pr.py_to_r(np.array([[1, 2], [3, 4]], dtype=np.int32))
    assert_r_identical(robject, "matrix(c(1L, 3L, 2L, 4L), 2)")


@settings(max_examples=60, deadline=None)
@given(rs.built(rs.r_vectors(min_size=2)))
def test_vectors_go_round_through_the_numpy_scope(robject):
    with pr.conversion(NUMPY):
        back = pr.py_to_r(pr.r_to_py(robject))
    assert_r_identical(back, robject)


def test_the_ready_numpy_rules_are_a_scope_by_themselves():
    with pr.conversion.numpy:
        array = pr.r("c(2.5, 3.5)")
    assert (type(array), pr.r("c(2.5, 3.5)")) == (np.ndarray, [2.5, 3.5])
