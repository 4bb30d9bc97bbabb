"""One property per family of docs/conversions.md, with the toolkit's strategies:
every generated value survives the round trip exactly (§8). 50 examples each;
``HYPOTHESIS_PROFILE=thorough`` raises them to 200."""
import os

import pytest
from hypothesis import HealthCheck, given, settings

from pyreticulate.testing import assert_r_round_trip, assert_round_trip
from pyreticulate.testing import strategies as rs

settings.register_profile("default-pyreticulate", max_examples=50, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = settings.get_profile(
    "thorough" if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else "default-pyreticulate")


@PROFILE
@given(rs.r_vectors())
def test_atomic_vectors_round_trip(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.r_arrays())
def test_arrays_round_trip(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.r_factors())
def test_factors_round_trip(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.r_dates())
def test_dates_round_trip(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.r_posixct())
def test_posixct_round_trips(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.r_lists())
def test_lists_round_trip(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.r_data_frames())
def test_data_frames_round_trip(code):
    assert_r_round_trip(code)


@PROFILE
@given(rs.marked_strings())
def test_marked_strings_round_trip(items):
    assert_r_round_trip(rs.r_marked_strings_source(items))


@PROFILE
@given(rs.python_values())
def test_python_values_round_trip(value):
    assert_round_trip(value)


@PROFILE
@given(rs.numpy_arrays())
def test_ndarrays_round_trip(value):
    assert_round_trip(value)


@PROFILE
@given(rs.datetime64_arrays())
def test_datetime64_arrays_round_trip(value):
    assert_round_trip(value)


@PROFILE
@given(rs.pandas_frames())
def test_pandas_frames_round_trip(value):
    pytest.importorskip("pandas")
    assert_round_trip(value)
