"""R arrays and matrices ↔ NumPy arrays (docs/conversions.md §2–4, §8 item 4)."""
import gc

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from pyreticulate.testing import assert_r_round_trip
from helpers import r_true
from pyreticulate.libr import capi
from pyreticulate.runtime import threads
from helpers.rvalues import same_value, with_attributes
from pyreticulate.testing.strategies import elements, r_vector_source

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def to_r(name, value):
    pr.globalenv[name] = value


def data_address(robject):
    return threads.run_in_r(
        lambda: int(capi.ffi.cast("uintptr_t", capi.lib.DATAPTR(robject.sexp))), (), "address")


# --- R → Python -----------------------------------------------------------------------

@pytest.mark.parametrize("code, dtype", [
    ("matrix(1:6, 2)", np.int32), ("matrix(as.double(1:6), 2)", np.float64),
    ("matrix(c(TRUE, FALSE), 1)", np.bool_), ("matrix(1i * 1:4, 2)", np.complex128),
    ("matrix(as.raw(1:4), 2)", np.dtype("V1")),
])
def test_matrix_is_a_fortran_ordered_read_only_ndarray(code, dtype):
    value = pr.r(code)
    assert type(value) is np.ndarray and value.dtype == dtype
    assert value.flags.f_contiguous or value.dtype == np.bool_
    assert not value.flags.writeable


def test_matrix_values_keep_their_positions():
    value = pr.r("matrix(1:6, 2)")
    assert value.shape == (2, 3)
    assert value.tolist() == [[1, 3, 5], [2, 4, 6]]


def test_one_dimensional_array_is_a_one_dimensional_ndarray():
    value = pr.r("array(c(1.5, 2.5))")
    assert value.shape == (2,) and value.tolist() == [1.5, 2.5]


def test_three_dimensional_array_keeps_its_shape():
    value = pr.r("array(1:24, c(2, 3, 4))")
    assert value.shape == (2, 3, 4) and value[1, 2, 3] == 24


def test_logical_matrix_is_a_bool_view():
    value = pr.r("matrix(c(TRUE, FALSE, TRUE, TRUE), 2)")
    assert value.tolist() == [[True, True], [False, True]]


def test_raw_matrix_bytes_are_kept():
    value = pr.r("matrix(as.raw(c(1, 2, 255, 0)), 2)")
    assert value.view(np.uint8).tolist() == [[1, 255], [2, 0]]


def test_r_array_is_zero_copy():
    robject = pr.r("m <- matrix(as.double(1:6), 2); m", convert=False)
    view = pr.globalenv["m"]
    assert view.__array_interface__["data"][0] == data_address(robject)


def test_r_array_view_sees_changes_to_r_memory():
    robject = pr.r("matrix(as.double(1:4), 2)", convert=False)
    view = pr.r_to_py(robject)

    def poke():
        capi.lib.REAL(robject.sexp)[3] = 42.0
    threads.run_in_r(poke, (), "poke")
    assert view[1, 1] == 42.0


def test_r_array_view_cannot_be_written():
    view = pr.r("matrix(1:4, 2)")
    with pytest.raises(ValueError, match="read-only"):
        view[0, 0] = 5


def test_r_array_view_keeps_the_r_vector_alive():
    view = pr.r("big <- matrix(as.double(seq_len(200000)), 400); big")
    pr.r("rm(big); invisible(gc(full = TRUE)); junk <- lapply(1:50, function(i) runif(4000))")
    assert view[0, 0] == 1.0 and view[-1, -1] == 200000.0
    assert float(view.sum()) == 200000 * 200001 / 2
    pr.r("rm(junk)")


def test_r_array_view_releases_the_r_vector_when_dropped():
    gc.collect()
    before = pr.live_handle_counts()["r_objects"]
    view = pr.r("matrix(as.double(1:4), 2)")
    assert pr.live_handle_counts()["r_objects"] == before + 1
    del view
    gc.collect()
    assert pr.live_handle_counts()["r_objects"] == before


@pytest.mark.parametrize("code", ["matrix(c(1L, NA, 3L, 4L), 2)",
                                  "matrix(c(TRUE, NA, FALSE, TRUE), 2)"])
def test_integer_or_logical_array_with_na_is_masked(code):
    value = pr.r(code)
    assert isinstance(value, np.ma.MaskedArray)
    assert value.mask.tolist() == [[False, False], [True, False]]


def test_masked_array_data_is_zero_copy():
    robject = pr.r("m2 <- matrix(c(1L, NA, 3L, 4L), 2); m2", convert=False)
    value = pr.globalenv["m2"]
    assert np.ma.getdata(value).__array_interface__["data"][0] == data_address(robject)


def test_double_array_na_keeps_its_bits():
    value = pr.r("matrix(c(NA, NaN, 1, 2), 2)")
    bits = value.view(np.uint64)
    assert np.isnan(value[0, 0]) and bits[0, 0] & 0xFFFFFFFF == 1954
    assert np.isnan(value[1, 0]) and bits[1, 0] & 0xFFFFFFFF != 1954


def test_character_array_is_an_object_array_with_none_for_na():
    value = pr.r('matrix(c("a", NA, "c", "d"), 2)')
    assert value.dtype == object and value.tolist() == [["a", "c"], [None, "d"]]


def test_list_with_dim_is_an_object_array_of_converted_elements():
    value = pr.r('matrix(list(1L, "a", c(TRUE, NA), NULL), 2)')
    assert value.dtype == object and value.shape == (2, 2)
    assert value.tolist() == [[1, [True, None]], ["a", None]]


def test_zero_extent_array_keeps_its_shape():
    value = pr.r("array(integer(0), c(0, 3))")
    assert value.shape == (0, 3) and value.dtype == np.int32


# --- Python → R -----------------------------------------------------------------------

def test_ndarray_is_copied_to_a_column_major_r_array():
    source = np.arange(6, dtype=np.int32).reshape(2, 3)
    to_r("v", source)
    r_true("identical(v, matrix(0:5, 2, byrow = TRUE))")
    source[0, 0] = 99
    r_true("v[1, 1] == 0L")


def test_one_dimensional_ndarray_keeps_a_dim():
    to_r("v", np.array([1.5, 2.5]))
    r_true("identical(v, array(c(1.5, 2.5)))")


def test_zero_dimensional_ndarray_is_a_one_dimensional_array_of_length_one():
    to_r("v", np.array(3.5))
    r_true("identical(v, array(3.5, dim = 1L))")


def test_non_contiguous_ndarray_is_copied_correctly():
    to_r("v", np.arange(12.0).reshape(3, 4)[::2, 1::2])
    r_true("identical(v, matrix(c(1, 9, 3, 11), 2))")


@pytest.mark.parametrize("dtype, r_type", [
    (np.bool_, "logical"), (np.int8, "integer"), (np.int16, "integer"), (np.int32, "integer"),
    (np.uint8, "integer"), (np.uint16, "integer"), (np.int64, "double"),
    (np.uint32, "double"), (np.uint64, "double"), (np.float16, "double"),
    (np.float32, "double"), (np.float64, "double"), (np.complex64, "complex"),
    (np.complex128, "complex"),
])
def test_numeric_dtype_maps_to_its_r_type(dtype, r_type):
    to_r("v", np.array([1, 0, 1], dtype=dtype))
    r_true(f'typeof(v) == "{r_type}" && identical(dim(v), 3L) && '
           f'identical(as.vector(v), as.{r_type}(c(1, 0, 1)))')


def test_int32_array_holding_int_min_is_double():
    to_r("v", np.array([-(2**31), 5], dtype=np.int32))
    r_true("identical(v, array(c(-2147483648, 5)))")


def test_int64_array_beyond_32_bits_keeps_values_as_doubles():
    to_r("v", np.array([2**40, -(2**40)], dtype=np.int64))
    r_true("identical(v, array(c(2^40, -2^40)))")


@pytest.mark.parametrize("values", [
    np.array(["a", "é"]), np.array([b"a", b"b"]),
    np.array(["a", "é"], dtype=np.dtypes.StringDType()),
])
def test_text_arrays_are_character(values):
    to_r("v", values)
    r_true("is.character(v) && identical(dim(v), 2L) && v[1] == 'a'")


def test_object_array_of_text_and_missing_is_character():
    to_r("v", np.array(["a", None, float("nan"), pd.NA], dtype=object))
    r_true('identical(v, array(c("a", NA, NA, NA)))')


def test_other_object_array_is_a_list_array():
    to_r("v", np.array([1, "a"], dtype=object))
    r_true('is.list(v) && identical(dim(v), 2L) && identical(v[[1]], 1L) && v[[2]] == "a"')


def test_v1_array_is_raw():
    to_r("v", np.frombuffer(b"\x01\xff", dtype="V1"))
    r_true("identical(v, array(as.raw(c(1, 255))))")


@pytest.mark.parametrize("values", [
    np.array([1, 2], dtype="timedelta64[s]"),
    np.zeros(2, dtype=[("a", np.int32), ("b", np.float64)]),
    np.array([1.0], dtype=np.longdouble),
])
def test_unconvertible_dtypes_stay_proxies(values):
    to_r("v", values)
    r_true('inherits(v, "numpy.ndarray")')


def test_masked_cells_become_na():
    to_r("v", np.ma.MaskedArray([1.5, 2.5, 3.5], mask=[False, True, False]))
    r_true("identical(v, array(c(1.5, NA, 3.5)))")
    to_r("v", np.ma.MaskedArray(np.array([["a", "b"]]), mask=[[True, False]]))
    r_true('identical(v, matrix(c(NA, "b"), 1))')


def test_masked_int32_array_with_int_min_under_the_mask_stays_integer():
    to_r("v", np.ma.MaskedArray(np.array([-(2**31), 1], dtype=np.int32), mask=[True, False]))
    r_true("identical(v, array(c(NA, 1L)))")


@pytest.mark.parametrize("value, check", [
    (np.int64(5), "identical(v, 5)"), (np.int16(5), "identical(v, 5L)"),
    (np.float32(1.5), "identical(v, 1.5)"), (np.bool_(True), "identical(v, TRUE)"),
    (np.complex128(1j), "identical(v, 1i)"), (np.str_("a"), 'identical(v, "a")'),
])
def test_numpy_scalar_is_a_length_one_vector_without_dim(value, check):
    to_r("v", value)
    r_true(check)


# --- round trips --------------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    "matrix(c(1L, NA, 3L, 4L), 2)", "matrix(c(1.5, NA, NaN, Inf), 2)",
    "matrix(c(TRUE, NA, FALSE, TRUE), 2)", "matrix(c(1i, NA, 3, 4), 2)",
    "matrix(as.raw(c(1, 2, 255, 0)), 2)", 'matrix(c("a", NA, "\\u00e9", ""), 2)',
    "array(1:3)", "array(c(TRUE, NA))", "array(1:24, c(2, 3, 4))", "array(integer(0), c(0, 3))",
    "array(character(0), c(2, 0))", 'matrix(list(1L, "a", c(TRUE, NA), NULL), 2)',
])
def test_arrays_round_trip(code):
    assert_r_round_trip(code)


def test_ndarray_round_trips_through_r():
    for value in [np.arange(6, dtype=np.int32).reshape(2, 3), np.array([[1.5, np.nan]]),
                  np.array([True, False]), np.array([[1 + 2j]])]:
        to_r("v", value)
        back = pr.globalenv["v"]
        assert back.dtype == value.dtype and np.array_equal(back, value, equal_nan=True)


_DIMS = st.lists(st.integers(0, 3), min_size=1, max_size=3)


@PROPERTY
@given(st.sampled_from(("logical", "integer", "double", "complex", "character", "raw")),
       _DIMS, st.data())
def test_random_arrays_round_trip(rtype, dim, data):
    size = int(np.prod(dim))
    values = data.draw(st.lists(elements(rtype), min_size=size, max_size=size))
    code = with_attributes(r_vector_source(rtype, values), dim=dim)
    assert_r_round_trip(code)


@PROPERTY
@given(st.sampled_from(("logical", "integer", "double", "complex", "character")),
       _DIMS, st.data())
def test_random_arrays_hold_the_generated_values(rtype, dim, data):
    size = int(np.prod(dim))
    values = data.draw(st.lists(elements(rtype), min_size=size, max_size=size))
    array = pr.r(with_attributes(r_vector_source(rtype, values), dim=dim))
    assert array.shape == tuple(dim)
    flat = array.ravel(order="F")
    mask = np.ma.getmaskarray(flat)
    for i, expected in enumerate(values):
        if rtype in ("logical", "integer") and expected is None:
            assert mask[i]
        else:
            item = flat.data[i] if isinstance(flat, np.ma.MaskedArray) else flat[i]
            item = item.item() if isinstance(item, np.generic) else item
            assert same_value(rtype, item, expected)


def test_complex_array_na_keeps_its_bits():
    value = pr.r("matrix(c(NA, 1i), 1)")
    parts = value.view(np.float64).view(np.uint64).ravel()
    assert parts[0] & 0xFFFFFFFF == 1954 and parts[1] & 0xFFFFFFFF == 1954


def test_date_and_posixct_na_in_an_array_are_nat():
    assert np.isnat(pr.r('as.Date(c(NA, "2020-01-01"))')[0])
    assert np.isnat(pr.r(".POSIXct(c(NA, 1))")[0])
