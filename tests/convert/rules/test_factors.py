"""Factors ↔ pandas.Categorical, and the pandas-free RFactor (docs/conversions.md §3–4, §8 item 5)."""
import numpy as np
import pandas as pd
import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_round_trip
from helpers import r_true
from pyreticulate import RFactor
from pyreticulate.convert.rules import optional

FACTORS = [
    'factor(c("a", NA, "b", "a"))',
    'factor(c("lo", "hi", NA), levels = c("lo", "mid", "hi"), ordered = TRUE)',
    'factor(c("x", "y"), levels = c("y", "x", "unused"))',
    "factor(character(0))",
    'factor(character(0), levels = c("a", "b"), ordered = TRUE)',
    'factor("only")',
    "factor(NA)",
    'factor(c(NA, NA), levels = "a")',
    'factor(c("\\u00e9t\\u00e9", "hiver"))',
]


@pytest.fixture
def without_pandas():
    with optional.pretend_missing("pandas"):
        yield


def to_r(name, value):
    pr.globalenv[name] = value


# --- R → Python with pandas ---------------------------------------------------------------

def test_factor_is_a_categorical():
    value = pr.r('factor(c("b", "a", "b"))')
    assert isinstance(value, pd.Categorical)
    assert list(value.categories) == ["a", "b"]
    assert value.codes.tolist() == [1, 0, 1] and not value.ordered


def test_factor_na_is_code_minus_one():
    assert pr.r('factor(c("a", NA))').codes.tolist() == [0, -1]


def test_ordered_factor_keeps_its_order():
    value = pr.r('factor(c("lo", "hi"), levels = c("lo", "hi"), ordered = TRUE)')
    assert value.ordered and list(value.categories) == ["lo", "hi"]


def test_unused_levels_are_kept():
    value = pr.r('factor("x", levels = c("x", "unused"))')
    assert list(value.categories) == ["x", "unused"]


def test_length_one_factor_is_a_categorical():
    assert isinstance(pr.r('factor("a")'), pd.Categorical)


def test_zero_length_factor_is_an_empty_categorical():
    value = pr.r('factor(character(0), levels = c("a", "b"))')
    assert len(value) == 0 and list(value.categories) == ["a", "b"]


# --- R → Python without pandas ---------------------------------------------------------------

def test_without_pandas_a_factor_is_an_rfactor(without_pandas):
    value = pr.r('factor(c("b", NA, "a"), levels = c("b", "a", "z"), ordered = TRUE)')
    assert type(value) is RFactor
    assert list(value) == ["b", None, "a"]
    assert value.codes.dtype == np.int32 and value.codes.tolist() == [0, -1, 1]
    assert value.categories == ("b", "a", "z") and value.ordered


def test_rfactor_is_read_only(without_pandas):
    value = pr.r('factor(c("a", "b"))')
    with pytest.raises(ValueError):
        value.codes[0] = 1
    with pytest.raises(AttributeError):
        value.categories = ("z",)
    with pytest.raises(TypeError):
        value[0] = "b"


def test_rfactor_is_a_sequence_of_labels():
    value = RFactor([1, -1, 0], ["a", "b"])
    assert len(value) == 3 and value[0] == "b" and value[1] is None and value[-1] == "a"
    assert list(value[1:]) == [None, "a"] and isinstance(value[1:], RFactor)
    assert value.count("b") == 1 and "a" in value
    assert value == RFactor.from_labels(["b", None, "a"], categories=["a", "b"])


def test_rfactor_from_labels_defaults_to_sorted_categories():
    value = RFactor.from_labels(["z", "a", None, "z"])
    assert value.categories == ("a", "z") and value.codes.tolist() == [1, 0, -1, 1]


def test_rfactor_rejects_codes_outside_its_categories():
    with pytest.raises(ValueError, match="codes"):
        RFactor([2], ["a", "b"])
    with pytest.raises(ValueError, match="not one of the categories"):
        RFactor.from_labels(["c"], categories=["a"])


# --- Python → R -------------------------------------------------------------------------------

def test_categorical_is_a_factor():
    to_r("v", pd.Categorical(["b", None, "a"], categories=["b", "a", "z"]))
    r_true('identical(v, factor(c("b", NA, "a"), levels = c("b", "a", "z")))')


def test_ordered_categorical_is_an_ordered_factor():
    to_r("v", pd.Categorical(["lo", "hi"], categories=["lo", "hi"], ordered=True))
    r_true('identical(v, factor(c("lo", "hi"), levels = c("lo", "hi"), ordered = TRUE))')


def test_categorical_with_numeric_categories_has_string_levels():
    to_r("v", pd.Categorical([3, 1, 3]))
    r_true('identical(v, factor(c("3", "1", "3"), levels = c("1", "3")))')


def test_rfactor_is_a_factor():
    to_r("v", RFactor.from_labels(["x", None], categories=["x", "y"], ordered=True))
    r_true('identical(v, factor(c("x", NA), levels = c("x", "y"), ordered = TRUE))')


def test_categorical_series_is_a_factor():
    to_r("v", pd.Series(pd.Categorical(["a", "b", "a"])))
    r_true('identical(v, factor(c("a", "b", "a")))')


# --- round trips ----------------------------------------------------------------------------------

@pytest.mark.parametrize("code", FACTORS)
def test_factors_round_trip_with_pandas(code):
    assert_r_round_trip(code)


@pytest.mark.parametrize("code", FACTORS)
def test_factors_round_trip_without_pandas(code, without_pandas):
    r_true(f"x <- {code}; p <- r_to_py(x); "
           f'inherits(p, "pyreticulate.convert.rules.factors.RFactor") && identical(py_to_r(p), x)')


def test_factor_in_a_list_round_trips_without_pandas(without_pandas):
    r_true('x <- list(f = factor(c("a", NA), levels = c("a", "b")), n = 1L); '
           "identical(py_to_r(r_to_py(x)), x)")


@pytest.mark.parametrize("value", [
    pd.Categorical(["a", None, "b"], categories=["b", "a", "c"], ordered=True),
    pd.Categorical([], categories=["a"]),
])
def test_categorical_round_trips_through_r(value):
    to_r("v", value)
    back = pr.globalenv["v"]
    assert list(back.categories) == list(value.categories)
    assert back.codes.tolist() == value.codes.tolist() and back.ordered == value.ordered


def test_rfactor_round_trips_through_r(without_pandas):
    value = RFactor([0, -1, 2], ["a", "b", "c"], ordered=True)
    to_r("v", value)
    assert pr.globalenv["v"] == value


def test_large_factor_converts_with_its_codes():
    value = pr.r("factor(sample(c(letters, NA), 1e6, replace = TRUE), levels = letters)")
    assert len(value) == 10**6 and (value.codes == -1).any()


# --- levels follow the text rule (docs/conversions.md §9) ---------------------------------

def test_levels_in_latin1_and_undecodable_bytes_round_trip():
    r_true('lv <- c("caf\\xe9", "b", "caf\\xe9t\\xe9"); Encoding(lv[3]) <- "latin1"; '
           'x <- structure(c(1L, 2L, 3L, NA), levels = lv, class = "factor"); '
           'y <- py_to_r(r_to_py(x)); identical(levels(y)[1:2], lv[1:2]) && '
           'identical(levels(y)[3], "caf\\u00e9t\\u00e9") && identical(unclass(y), unclass(x)) ')


def test_category_with_a_lone_surrogate_is_an_error_naming_it():
    with pytest.raises(ValueError, match=r"index 1 .*U\+D800"):
        to_r("f_refused", RFactor.from_labels(["a", "\ud800"], categories=["a", "\ud800"]))
    assert pr.r("1L") == 1
