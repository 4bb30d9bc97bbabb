"""data.frame ↔ pandas.DataFrame and pandas.Series (docs/conversions.md §2, §4, §5, §8 item 8)."""
import datetime

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings

import pyreticulate as pr
from pyreticulate.testing import assert_r_round_trip
from helpers import r_true
from pyreticulate.convert.rules import optional
from helpers.rvalues import is_r_na
from pyreticulate.testing.strategies import r_data_frames

MIXED = ('data.frame(l = c(TRUE, NA, FALSE), i = c(1L, NA, 3L), d = c(1.5, NA, NaN), '
         'z = c(1i, NA, -Inf), s = c("a", NA, "\\u00e9"), '
         'f = factor(c("u", NA, "v"), levels = c("v", "u", "w")), '
         'o = factor(c("lo", "hi", NA), levels = c("lo", "hi"), ordered = TRUE), '
         'dt = as.Date(c("2020-01-01", NA, "1950-06-30")), '
         'p = .POSIXct(c(0.5, NA, 1e9)), '
         'pz = .POSIXct(c(0, 86400, NA), tz = "Europe/Paris"), '
         'pe = .POSIXct(c(1, 2, NA), tz = ""), stringsAsFactors = FALSE)')


def to_r(name, value):
    pr.globalenv[name] = value


@pytest.fixture
def nullable_option():
    pr.r("options(reticulate.pandas_use_nullable_dtypes = TRUE)")
    yield
    pr.r("options(reticulate.pandas_use_nullable_dtypes = NULL)")


# --- R → pandas columns ---------------------------------------------------------------------

def test_data_frame_is_a_dataframe():
    frame = pr.r("data.frame(a = 1:2, b = c('x', 'y'))")
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == ["a", "b"]


@pytest.mark.parametrize("code, dtype", [
    ("c(TRUE, FALSE)", "bool"), ("1:2", "int32"), ("c(TRUE, NA)", "boolean"),
    ("c(1L, NA)", "Int32"), ("c(1.5, NA)", "float64"), ("c(1i, 2)", "complex128"),
])
def test_column_dtypes(code, dtype):
    assert str(pr.r(f"data.frame(x = {code})")["x"].dtype) == dtype


def test_logical_and_integer_na_are_pandas_na():
    frame = pr.r("data.frame(l = c(TRUE, NA), i = c(NA, 2L))")
    assert frame["l"][1] is pd.NA and frame["i"][0] is pd.NA and frame["i"][1] == 2


def test_double_column_keeps_na_and_nan_bits():
    column = pr.r("data.frame(d = c(NA, NaN))")["d"].to_numpy()
    assert is_r_na(float(column[0])) and np.isnan(column[1]) and not is_r_na(float(column[1]))


def test_complex_column_keeps_na_bits():
    column = pr.r("data.frame(z = c(NA, 1i))")["z"].to_numpy()
    assert is_r_na(float(column[0].real)) and is_r_na(float(column[0].imag))


def test_factor_column_na_is_code_minus_one():
    assert pr.r('data.frame(f = factor(c(NA, "a")))')["f"].cat.codes.tolist() == [-1, 0]


def test_character_column_is_objects_with_none_for_na():
    column = pr.r('data.frame(s = c("a", NA), stringsAsFactors = FALSE)')["s"]
    assert column.dtype == object and column.tolist() == ["a", None]


def test_factor_column_is_categorical_and_keeps_order():
    frame = pr.r('data.frame(f = factor(c("b", "a")), o = factor("x", ordered = TRUE))')
    assert isinstance(frame["f"].dtype, pd.CategoricalDtype) and not frame["f"].cat.ordered
    assert frame["o"].cat.ordered and list(frame["f"].cat.categories) == ["a", "b"]


def test_date_column_is_objects_with_none_for_na():
    column = pr.r('data.frame(d = as.Date(c("2020-01-02", NA)))')["d"]
    assert column.dtype == object and column.tolist() == [datetime.date(2020, 1, 2), None]


def test_date_column_at_the_ends_of_datetime_date_is_those_dates():
    column = pr.r('data.frame(d = as.Date(c("0001-01-01", "9999-12-31")))')["d"]
    assert column.tolist() == [datetime.date.min, datetime.date.max]


def test_date_column_outside_the_years_of_datetime_date_is_an_error_naming_it():
    """It used to hold the day count as an int, which came back as a list column."""
    with pytest.raises(ValueError, match=r"the Date column 'd' holds 0000-12-31 at index 1 "
                                         r"\(0-based\), outside the years 1-9999"):
        pr.r('data.frame(d = structure(c(0, -719163), class = "Date"))')
    assert pr.r("1L") == 1


def test_posixct_columns_are_datetime64_naive_or_zone_aware():
    frame = pr.r('data.frame(a = .POSIXct(c(0, NA)), b = .POSIXct(0, tz = "Asia/Tokyo"))')
    assert frame["a"].dtype == np.dtype("datetime64[ns]") and frame["a"].isna().tolist() == \
        [False, True]
    assert isinstance(frame["b"].dtype, pd.DatetimeTZDtype)
    assert str(frame["b"].dtype.tz) == "Asia/Tokyo" and frame["b"][0].hour == 9


def test_list_column_is_an_object_column():
    frame = pr.r('df <- data.frame(a = 1:2); df$l <- list(1:2, "x"); df')
    assert frame["l"].tolist() == [[1, 2], "x"]


def test_raw_column_is_uint8():
    assert pr.r("data.frame(r = as.raw(c(1, 255)))")["r"].tolist() == [1, 255]


def test_posixct_column_in_a_zone_pandas_does_not_know_is_naive_and_comes_back():
    frame = pr.r('x <- data.frame(p = .POSIXct(c(0, 1), tz = "Not/AZone")); x')
    assert frame["p"].dtype == np.dtype("datetime64[ns]")
    r_true("identical(py_to_r(r_to_py(x)), x)")


def test_column_metadata_goes_into_attrs():
    frame = pr.r('data.frame(d = as.Date(NA), p = .POSIXct(0, tz = ""), i = 1L)')
    meta = frame.attrs["r_columns"]
    assert meta["d"]["class"] == ["Date"] and meta["p"]["tzone"] == ""
    assert meta["i"] == {"class": [], "tzone": None}


# --- row names ---------------------------------------------------------------------------------

def test_automatic_row_names_are_a_range_index():
    index = pr.r("data.frame(a = 1:3)").index
    assert isinstance(index, pd.RangeIndex) and list(index) == [0, 1, 2]


def test_character_row_names_are_a_string_index():
    assert list(pr.r('data.frame(a = 1:2, row.names = c("x", "y"))').index) == ["x", "y"]


def test_integer_row_names_are_an_integer_index():
    assert list(pr.r("data.frame(a = 1:4)[c(2, 4), , drop = FALSE]").index) == [2, 4]


def test_unique_index_becomes_row_names():
    to_r("v", pd.DataFrame({"a": [1, 2]}, index=[1.5, 2.5]))
    r_true('identical(rownames(v), c("1.5", "2.5"))')
    to_r("v", pd.DataFrame({"a": [1, 2]}, index=[10, 20]))
    r_true("identical(.row_names_info(v, 0L), c(10L, 20L))")


def test_range_index_gives_automatic_row_names():
    to_r("v", pd.DataFrame({"a": [1, 2, 3]}))
    r_true(".row_names_info(v) < 0 && identical(v, data.frame(a = 1:3 + 0))")


def test_non_unique_index_warns_and_keeps_the_index_in_an_attribute():
    pr.r('py_run_string("import pandas as pd; dup = pd.DataFrame({\'a\': [1, 2]}, '
         'index=[\'x\', \'x\'])", convert = FALSE)')
    r_true('msg <- tryCatch(py$dup, warning = function(w) conditionMessage(w)); '
           'grepl("duplicated", msg)')
    r_true('v <- suppressWarnings(py$dup); .row_names_info(v) < 0 && '
           'inherits(attr(v, "pandas.index"), "python.builtin.object")')


# --- nullable option ------------------------------------------------------------------------------

def test_nullable_option_makes_every_column_nullable(nullable_option):
    frame = pr.r('data.frame(l = TRUE, i = 1L, d = 1.5, s = "a")')
    assert [str(t) for t in frame.dtypes] == ["boolean", "Int32", "Float64", "string"]


def test_nullable_option_masks_na_but_not_nan(nullable_option):
    column = pr.r("data.frame(d = c(NA, NaN, 1))")["d"]
    assert column.isna().tolist() == [True, False, False]


def test_nullable_option_round_trips(nullable_option):
    assert_r_round_trip(MIXED)


# --- without pandas ----------------------------------------------------------------------------------

def test_without_pandas_a_data_frame_is_a_dict_of_columns():
    with optional.pretend_missing("pandas"):
        value = pr.r('data.frame(a = 1:2, s = c("x", NA), f = factor(c("u", "v")))')
    assert isinstance(value, dict) and value["a"] == [1, 2] and value["s"] == ["x", None]
    assert isinstance(value["f"], pr.RFactor)


# --- pandas → R ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("column, check", [
    (pd.array([1, None], dtype="Int32"), "identical(v$x, c(1L, NA))"),
    (pd.array([1, None], dtype="Int64"), "identical(v$x, c(1, NA))"),
    (pd.array([True, None], dtype="boolean"), "identical(v$x, c(TRUE, NA))"),
    (pd.array([1.5, None], dtype="Float64"), "identical(v$x, c(1.5, NA))"),
    (pd.array(["a", None], dtype="string"), 'identical(v$x, c("a", NA))'),
    (pd.Series(["a", None]), 'identical(v$x, c("a", NA))'),
    (np.array([1, 2], dtype=np.int64), "identical(v$x, c(1, 2))"),
    (np.array([1.0, np.nan]), "identical(v$x, c(1, NaN))"),
    (np.array([datetime.date(2020, 1, 1), None], dtype=object),
     'identical(v$x, as.Date(c("2020-01-01", NA)))'),
    (pd.Categorical(["a", None]), 'identical(v$x, factor(c("a", NA)))'),
    (pd.to_datetime(["1970-01-01 00:00:01", None]),
     "identical(v$x, .POSIXct(c(1, NA)))"),
    (pd.to_datetime(["1970-01-01 00:00:01", None]).tz_localize("UTC"),
     'identical(v$x, .POSIXct(c(1, NA), tz = "UTC"))'),
    (np.array([1, "a"], dtype=object), 'identical(v$x, list(1L, "a"))'),
])
def test_pandas_columns_become_r_vectors(column, check):
    to_r("v", pd.DataFrame({"x": column}))
    r_true(f'is.data.frame(v) && {check}')


def test_timedelta_column_becomes_a_list_of_proxies():
    to_r("v", pd.DataFrame({"x": pd.to_timedelta([1, 2], unit="s")}))
    r_true('is.list(v$x) && inherits(v$x[[1]], "python.builtin.object")')


def test_column_names_are_strings():
    to_r("v", pd.DataFrame({1: [1], "b": [2]}))
    r_true('identical(names(v), c("1", "b"))')


def test_empty_dataframe_is_an_empty_data_frame():
    to_r("v", pd.DataFrame())
    r_true("identical(v, data.frame())")


def test_all_missing_object_column_reads_its_r_class_from_attrs():
    frame = pd.DataFrame({"d": np.array([None, None], dtype=object),
                          "p": pd.to_datetime([None, None])})
    frame.attrs["r_columns"] = {"d": {"class": ["Date"], "tzone": None},
                                "p": {"class": ["POSIXct", "POSIXt"], "tzone": ""}}
    to_r("v", frame)
    r_true('identical(v$d, as.Date(c(NA, NA))) && identical(v$p, .POSIXct(c(NA_real_, NA), tz = ""))')


# --- Series ----------------------------------------------------------------------------------------------

def test_series_is_converted_like_a_column():
    to_r("v", pd.Series([1, None], dtype="Int32"))
    r_true("identical(v, c(1L, NA))")


def test_series_with_a_non_default_index_has_names():
    to_r("v", pd.Series([1.5, 2.5], index=["a", "b"]))
    r_true("identical(v, c(a = 1.5, b = 2.5))")


def test_series_nat_is_na_not_1677():
    to_r("v", pd.Series(pd.to_datetime(["2020-01-01", None])))
    r_true('is.na(v[2]) && format(v[1], "%Y", tz = "UTC") == "2020"')


# --- round trips ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    MIXED,
    "data.frame(a = 1:3)",
    'data.frame(a = c(1.5, 2), b = c("x", "y"), row.names = c("r1", "r2"))',
    "data.frame()",
    "data.frame(a = integer(0), s = character(0), d = as.Date(character(0)), "
    "f = factor(character(0)), p = .POSIXct(numeric(0), tz = 'UTC'))",
    'data.frame(d = as.Date(c(NA, NA)), p = .POSIXct(c(NA_real_, NA)), '
    'q = .POSIXct(c(NA_real_, NA), tz = ""), '
    'r = .POSIXct(c(NA_real_, NA), tz = "UTC"), l = c(NA, NA), s = c(NA_character_, NA))',
    "data.frame(a = 1:4)[c(2, 4), , drop = FALSE]",
    'list(df = data.frame(x = c("a", NA)), v = 1:2)',
])
def test_data_frames_round_trip(code):
    assert_r_round_trip(code)


def test_dataframe_round_trips_through_r():
    frame = pd.DataFrame({
        "b": [True, False], "i": np.array([1, 2], dtype=np.int32),
        "n": pd.array([None, 3], dtype="Int32"), "d": [0.5, np.nan],
        "s": pd.Series(["x", None], dtype=object, index=["r1", "r2"]),
        "c": pd.Categorical(["u", "v"], ordered=True),
        "t": pd.to_datetime(["2020-01-01", None]).tz_localize("Europe/Paris").as_unit("ns"),
    }, index=["r1", "r2"])
    to_r("v", frame)
    back = pr.globalenv["v"]
    pd.testing.assert_frame_equal(back, frame, check_index_type=False, check_dtype=False,
                                  check_column_type=False)
    assert [str(t) for t in back.dtypes] == ["bool", "int32", "Int32", "float64", "object",
                                             "category", str(frame["t"].dtype)]


def test_large_data_frame_conversion_is_vectorised():
    frame = pr.r("data.frame(a = seq_len(2e5), b = rnorm(2e5), c = c(NA, 1L), "
                 "d = .POSIXct(seq_len(2e5)), f = factor(sample(letters, 2e5, TRUE)))")
    assert frame.shape == (200000, 5)
    to_r("v", frame)
    r_true("nrow(v) == 2e5 && is.integer(v$c) && is.factor(v$f)")



@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(r_data_frames())
def test_random_data_frames_round_trip(code):
    assert_r_round_trip(code)


# --- list columns -----------------------------------------------------------------------------

def test_a_list_column_of_single_times_holds_timestamps_in_their_zones():
    frame = pr.r('df <- data.frame(i = 1:2); df$t <- list(as.POSIXct("2013-01-02 00:30:20", tz = "CET"), '
                 'as.POSIXct("2013-01-02 00:30:20", tz = "UTC")); r_to_py(df)', convert=False)
    column = pr.r_to_py(frame)["t"]
    assert list(column) == [pd.Timestamp("2013-01-02 00:30:20", tz="CET"),
                            pd.Timestamp("2013-01-02 00:30:20", tz="UTC")]


def test_a_frame_of_timestamps_in_several_zones_round_trips_equal():
    r_true('pd <- import("pandas", convert = FALSE); '
           'before <- pd$DataFrame(list(TZ = pd$Series(lapply(c("America/Los_Angeles", "CET"), '
           'function(tz) pd$Timestamp("20130102003020", tz = tz))))); '
           'py_to_r(before$equals(r_to_py(py_to_r(before))))')


# --- text in names and columns (docs/conversions.md §9) -----------------------------------

def test_names_and_character_columns_with_any_marks_round_trip():
    r_true('x <- data.frame(a = c("caf\\xe9", "\\u00e9", NA), b = 1:3); '
           'names(x) <- c("n\\xe9", "b"); y <- py_to_r(r_to_py(x)); identical(x, y)')
    r_true('x <- data.frame(a = c("caf\\xe9", "z")); Encoding(x$a) <- "latin1"; '
           'y <- py_to_r(r_to_py(x)); identical(y$a, c("caf\\u00e9", "z"))')


def test_long_character_column_with_undecodable_bytes_round_trips():
    r_true('x <- data.frame(a = rep(c("caf\\xe9", "ok", NA), 300)); '
           'identical(py_to_r(r_to_py(x)), x)')
