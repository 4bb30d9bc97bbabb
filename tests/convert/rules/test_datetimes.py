"""Dates and date-times (docs/conversions.md §2–4, §8 items 6 and 7)."""
import datetime
import pickle
import time
import zoneinfo

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from pyreticulate.testing import assert_r_round_trip
from helpers import r_true
from pyreticulate import POSIXctArray
from pyreticulate.testing.strategies import r_vector_source

PROPERTY = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
NS_LIMIT = 9.2e9


def to_r(name, value):
    pr.globalenv[name] = value


def posixct(values, tzone=None):
    """R code for a POSIXct built from doubles (None → NA)."""
    attrs = "" if tzone is None else f", tzone = {tzone!r}".replace("'", '"')
    return f'structure({r_vector_source("double", values)}, class = c("POSIXct", "POSIXt"){attrs})'


# --- Date: R → Python -------------------------------------------------------------------

def test_length_one_date_is_a_date():
    assert pr.r('as.Date("2021-03-04")') == datetime.date(2021, 3, 4)


def test_length_one_na_date_is_none():
    assert pr.r("as.Date(NA)") is None


def test_date_vector_is_datetime64_days_with_nat():
    value = pr.r('as.Date(c("2021-03-04", NA))')
    assert value.dtype == np.dtype("datetime64[D]")
    assert value[0] == np.datetime64("2021-03-04") and np.isnat(value[1])


def test_zero_length_date_is_an_empty_datetime64_array():
    value = pr.r("as.Date(character(0))")
    assert value.dtype == np.dtype("datetime64[D]") and value.shape == (0,)


def test_date_outside_python_range_is_a_datetime64_array():
    value = pr.r('structure(1e7, class = "Date")')
    assert value.dtype == np.dtype("datetime64[D]") and value.view(np.int64)[0] == 10**7


# --- POSIXct: R → Python --------------------------------------------------------------------

def test_posixct_without_tzone_is_a_plain_datetime64_ns_array():
    value = pr.r(posixct([0.5]))
    assert type(value) is np.ndarray and value.dtype == np.dtype("datetime64[ns]")
    assert value[0] == np.datetime64("1970-01-01T00:00:00.5")


def test_posixct_with_tzone_carries_it():
    value = pr.r('as.POSIXct("2020-06-01 12:00", tz = "Europe/Paris")')
    assert isinstance(value, POSIXctArray) and value.tzone == "Europe/Paris"
    assert value[0] == np.datetime64("2020-06-01T10:00:00")


def test_posixct_with_empty_tzone_carries_it():
    value = pr.r(posixct([1.0], tzone=""))
    assert isinstance(value, POSIXctArray) and value.tzone == ""


def test_posixct_na_is_nat():
    value = pr.r(posixct([None, 1.0]))
    assert np.isnat(value[0]) and not np.isnat(value[1])


def test_posixct_array_subclass_keeps_tzone_through_slicing_and_pickling():
    value = pr.r(posixct([1.0, 2.0, 3.0], tzone="UTC"))
    assert value[1:].tzone == "UTC"
    assert pickle.loads(pickle.dumps(value)).tzone == "UTC"
    assert type(value - value) is np.ndarray


def test_posixct_outside_the_ns_range_uses_microseconds():
    value = pr.r(posixct([1e11, 0.25]))
    assert value.dtype == np.dtype("datetime64[us]")
    assert value.view(np.int64).tolist() == [10**17, 250000]


def test_posixlt_is_sent_as_posixct():
    value = pr.r('as.POSIXlt("2020-01-02 03:04:05", tz = "UTC")')
    assert isinstance(value, POSIXctArray) and value.tzone == "UTC"
    assert value[0] == np.datetime64("2020-01-02T03:04:05")


# --- Python → R --------------------------------------------------------------------------------

def test_date_is_an_r_date():
    to_r("v", datetime.date(2021, 3, 4))
    r_true('identical(v, as.Date("2021-03-04"))')


def test_datetime64_days_array_is_a_date_vector():
    to_r("v", np.array(["2021-03-04", "NaT"], dtype="datetime64[D]"))
    r_true('identical(v, as.Date(c("2021-03-04", NA)))')


def test_datetime64_days_matrix_keeps_a_dim():
    to_r("v", np.array([["2021-03-04"], ["2021-03-05"]], dtype="datetime64[D]"))
    r_true('inherits(v, "Date") && identical(dim(v), c(2L, 1L))')


@pytest.mark.parametrize("unit", ["s", "ms", "us", "ns", "m", "h"])
def test_other_datetime64_units_are_posixct(unit):
    to_r("v", np.array(["2020-01-01T10:00", "NaT"], dtype=f"datetime64[{unit}]"))
    r_true(f'identical(v, {posixct([1577872800.0, None])})')


def test_posixct_array_gives_back_its_tzone():
    to_r("v", POSIXctArray(np.array([0], dtype="datetime64[ns]"), "Asia/Tokyo"))
    r_true(f'identical(v, {posixct([0.0], tzone="Asia/Tokyo")})')


def test_masked_datetime64_cells_are_na():
    to_r("v", np.ma.MaskedArray(np.array([1, 2], dtype="datetime64[s]"), mask=[False, True]))
    r_true(f"identical(v, {posixct([1.0, None])})")


def test_datetime64_scalar_is_a_length_one_vector():
    to_r("v", np.datetime64("2021-03-04"))
    r_true('identical(v, as.Date("2021-03-04"))')
    to_r("v", np.datetime64("NaT", "ns"))
    r_true(f"identical(v, {posixct([None])})")


def test_aware_datetime_is_posixct_with_zone_key():
    moment = datetime.datetime(2020, 6, 1, 12, 0, 0, 250000,
                               tzinfo=zoneinfo.ZoneInfo("Europe/Paris"))
    to_r("v", moment)
    r_true(f'identical(v, {posixct([1591005600.25], tzone="Europe/Paris")})')


@pytest.mark.parametrize("tzinfo, zone", [
    (datetime.timezone.utc, "UTC"),
    (datetime.timezone(datetime.timedelta(hours=3)), "Etc/GMT-3"),
    (datetime.timezone(datetime.timedelta(hours=-5)), "Etc/GMT+5"),
])
def test_fixed_offset_datetime_gets_an_r_zone(tzinfo, zone):
    to_r("v", datetime.datetime(2020, 1, 1, tzinfo=tzinfo))
    r_true(f'attr(v, "tzone") == "{zone}" && '
           f'format(v, "%Y-%m-%d %H:%M") == "2020-01-01 00:00"')


def test_naive_datetime_is_local_time_without_tzone():
    moment = datetime.datetime(2020, 6, 1, 12, 30, 15, 500000)
    to_r("v", moment)
    expected = time.mktime(moment.timetuple()) + 0.5
    r_true(f'is.null(attr(v, "tzone")) && inherits(v, "POSIXct") && '
           f"identical(unclass(v), {expected!r})")


def test_timestamp_keeps_nanoseconds_and_zone():
    to_r("v", pd.Timestamp("2020-01-01 00:00:00.000000001", tz="UTC"))
    r_true(f'identical(v, {posixct([1577836800 + 1e-9], tzone="UTC")})')


def test_naive_timestamp_is_posixct_without_tzone():
    to_r("v", pd.Timestamp("1970-01-01 00:00:02"))
    r_true(f"identical(v, {posixct([2.0])})")


def test_nat_is_na_posixct():
    to_r("v", pd.NaT)
    r_true(f"identical(v, {posixct([None])})")


def test_pandas_na_is_logical_na():
    to_r("v", pd.NA)
    r_true("identical(v, NA)")


def test_datetime_series_is_posixct_with_zone():
    to_r("v", pd.Series(pd.to_datetime(["2020-01-01", None]).tz_localize("America/New_York")))
    r_true('inherits(v, "POSIXct") && attr(v, "tzone") == "America/New_York" && '
           'is.na(v[2]) && format(v[1], "%H") == "00"')


# --- round trips ------------------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    'as.Date("2021-03-04")', "as.Date(NA)", 'as.Date(c("2021-03-04", NA, "1900-01-01"))',
    "as.Date(character(0))", "as.Date(c(NA, NA))", 'structure(-1e6, class = "Date")',
])
def test_dates_round_trip(code):
    assert_r_round_trip(code)


@pytest.mark.parametrize("code", [
    posixct([1.5, None, -2.25]), posixct([0.0], tzone=""), posixct([0.0], tzone="UTC"),
    posixct([1e9, None], tzone="America/New_York"), posixct([]), posixct([None, None]),
    posixct([], tzone="Europe/Paris"), "Sys.time()",
])
def test_posixct_round_trips(code):
    assert_r_round_trip(code)


@PROPERTY
@given(st.floats(min_value=2.0**23, max_value=NS_LIMIT), st.booleans())
def test_posixct_is_bit_exact_in_the_ns_range_above_two_to_the_23(seconds, negative):
    value = -seconds if negative else seconds
    assert_r_round_trip(posixct([value]))


@PROPERTY
@given(st.integers(-(2**33), 2**33), st.integers(0, 10**9 - 1))
def test_posixct_of_whole_nanoseconds_is_bit_exact(whole, nanoseconds):
    r_true(f'x <- .POSIXct({whole} + {nanoseconds} / 1e9, tz = "UTC"); '
           "identical(py_to_r(r_to_py(x)), x)")


@PROPERTY
@given(st.floats(min_value=NS_LIMIT, max_value=2.0**52), st.booleans())
def test_posixct_outside_the_ns_range_is_exact_to_the_microsecond(seconds, negative):
    value = -seconds if negative else seconds
    r_true(f"x <- {posixct([value])}; y <- py_to_r(r_to_py(x)); "
           'inherits(y, "POSIXct") && abs(unclass(y) - unclass(x)) < 1e-6')


@PROPERTY
@given(st.lists(st.one_of(st.none(), st.just("NaN"),
                          st.integers(-(10**6), 10**6).map(float)), max_size=6))
def test_random_date_vectors_round_trip(days):
    r_true(f'x <- structure({r_vector_source("double", days)}, class = "Date"); '
           "y <- py_to_r(r_to_py(x)); identical(y, x) || "
           "(any(is.nan(unclass(x))) && identical(is.na(y), is.na(x)))")


def test_datetime64_that_a_double_holds_round_trips_through_r():
    value = np.array(["2020-01-01T00:00:00.25", "NaT"], dtype="datetime64[ns]")
    to_r("v", value)
    back = pr.globalenv["v"]
    assert back.dtype == value.dtype and np.array_equal(back, value, equal_nan=True)


def test_date_round_trips_through_r():
    to_r("v", datetime.date(1999, 12, 31))
    assert pr.globalenv["v"] == datetime.date(1999, 12, 31)
