"""Scalars, atomic vectors without dim, lists, tuples and dicts (docs/conversions.md §1–4, §8)."""
import collections
import datetime
import decimal
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import pyreticulate as pr
from helpers import r_true
from helpers.rvalues import is_r_na, same_value
from pyreticulate.testing.strategies import r_vector_source, r_vector_values

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def to_r(name, value):
    """Assign a Python value in R's global environment (converted by the rules)."""
    pr.globalenv[name] = value


# --- R → Python ------------------------------------------------------------------

def test_null_is_none():
    assert pr.r("NULL") is None


@pytest.mark.parametrize("code, expected, kind", [
    ("TRUE", True, bool), ("5L", 5, int), ("2.5", 2.5, float),
    ("3+4i", 3 + 4j, complex), ('"héllo"', "héllo", str),
])
def test_length_one_vector_is_a_python_scalar(code, expected, kind):
    value = pr.r(code)
    assert value == expected and type(value) is kind


@pytest.mark.parametrize("code, expected", [
    ("c(TRUE, FALSE)", [True, False]), ("1:3", [1, 2, 3]), ("c(1.5, 2)", [1.5, 2.0]),
    ('c("a", "b")', ["a", "b"]), ("c(1i, 2)", [1j, 2 + 0j]),
])
def test_vector_of_other_length_is_a_list(code, expected):
    assert pr.r(code) == expected


@pytest.mark.parametrize("code", ["logical(0)", "integer(0)", "double(0)", "complex(0)",
                                  "character(0)"])
def test_zero_length_vector_is_an_empty_list(code):
    assert pr.r(code) == []


def test_asis_has_no_effect():
    assert pr.r("I(3L)") == 3


def test_raw_is_a_bytearray_copy():
    value = pr.r("r <- as.raw(c(1, 255)); r")
    assert value == bytearray(b"\x01\xff") and type(value) is bytearray
    value[0] = 9
    r_true("identical(r, as.raw(c(1, 255)))")


def test_length_one_raw_is_a_bytearray():
    assert pr.r("as.raw(7)") == bytearray(b"\x07")


def test_unnamed_list_is_a_list_recursively():
    assert pr.r('list(1L, "a", list(TRUE, NULL))') == [1, "a", [True, None]]


def test_named_list_is_a_dict_recursively():  # other names: test_names.py
    assert pr.r("list(a = 1L, b = list(c = 2L))") == {"a": 1, "b": {"c": 2}}


# --- §2 missing values, scalar and list element columns --------------------------------

def test_logical_na_is_none():
    assert pr.r("NA") is None
    assert pr.r("c(TRUE, NA)") == [True, None]


def test_integer_na_is_none():
    assert pr.r("NA_integer_") is None
    assert pr.r("c(1L, NA)") == [1, None]


def test_character_na_is_none():
    assert pr.r("NA_character_") is None
    assert pr.r('c("a", NA)') == ["a", None]


def test_double_na_keeps_r_payload_and_nan_stays_plain():
    na, nan = pr.r("c(NA_real_, NaN)")
    assert is_r_na(na) and math.isnan(nan) and not is_r_na(nan)
    assert is_r_na(pr.r("NA_real_"))


def test_complex_na_keeps_r_payload():
    value = pr.r("NA_complex_")
    assert is_r_na(value.real) and is_r_na(value.imag)


@pytest.mark.parametrize("code", ["NA", "NA_integer_", "NA_real_", "NaN", "NA_complex_",
                                  "NA_character_"])
def test_na_comes_back_as_the_same_na(code):
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")
    r_true(f"x <- c({code}, {code}); identical(py_to_r(r_to_py(x)), x)")


@pytest.mark.parametrize("code", ["c(TRUE, NA)", "c(NA, 2L)", "c(NA, 1.5, NaN)",
                                  "c(NA, 2i)", 'c("a", NA)'])
def test_na_inside_a_vector_comes_back_without_a_hint(code):
    r_true(f"x <- {code}; py$v <- x; identical(py$v, x)")


# --- Python → R -----------------------------------------------------------------------

def test_none_is_null():
    to_r("v", None)
    r_true("is.null(v)")


@pytest.mark.parametrize("value, check", [
    (True, "identical(v, TRUE)"), (2.5, "identical(v, 2.5)"), (1 - 2j, "identical(v, 1-2i)"),
    ("é", 'identical(v, "\\u00e9")'), (7, "identical(v, 7L)"),
])
def test_python_scalar_is_a_length_one_vector(value, check):
    to_r("v", value)
    r_true(check)


def test_float_bits_are_kept():
    na = pr.r("NA_real_")
    to_r("v", na)
    r_true("is.na(v) && !is.nan(v)")
    to_r("v", float("nan"))
    r_true("is.nan(v)")


def test_str_with_nul_is_an_error():
    with pytest.raises(ValueError, match="NUL"):
        to_r("v", "a\x00b")
    assert pr.r("1L") == 1


def test_int_within_32_bits_is_integer():
    to_r("v", 2**31 - 1)
    r_true("identical(v, 2147483647L)")
    to_r("v", -(2**31 - 1))
    r_true("identical(v, -2147483647L)")


def test_int_minus_two_to_the_31_is_double():
    to_r("v", -(2**31))
    r_true("identical(v, -2147483648)")


def test_int_beyond_32_bits_is_the_nearest_double():
    to_r("v", 2**53 + 1)
    r_true("identical(v, 2^53)")
    to_r("v", 2**63)
    r_true("identical(v, 2^63)")
    to_r("v", -(2**70))
    r_true("identical(v, -2^70)")


def test_int_beyond_the_double_range_stays_a_proxy():
    to_r("v", 10**400)
    r_true('inherits(v, "python.builtin.int")')
    r_true("identical(1L + 1L, 2L)")


def test_bytearray_is_raw():
    to_r("v", bytearray(b"\x00\x01\xff"))
    r_true("identical(v, as.raw(c(0, 1, 255)))")


def test_bytes_stay_a_python_object_as_in_reticulate():
    to_r("v", b"ab\xff")
    r_true('identical(class(v), c("python.builtin.bytes", "python.builtin.object"))')
    r_true('identical(as.raw(v), as.raw(c(0x61, 0x62, 0xff)))')


def test_bytes_decode_to_a_string():
    to_r("v", b"caf\xc3\xa9")
    r_true('identical(v$decode(), "caf\\u00e9")')


def test_numpy_bytes_scalar_is_a_string():
    to_r("v", np.bytes_(b"abc"))
    r_true('identical(v, "abc")')


@pytest.mark.parametrize("value, check", [
    ([True, None, False], "identical(v, c(TRUE, NA, FALSE))"),
    ([1, None, 3], "identical(v, c(1L, NA, 3L))"),
    ([1.5, None], "identical(v, c(1.5, NA))"),
    ([1j, None], "identical(v, c(1i, NA))"),
    (["a", None], 'identical(v, c("a", NA))'),
    ([np.float64(1.5), 2.0], "identical(v, c(1.5, 2))"),
])
def test_list_of_one_scalar_kind_is_an_atomic_vector(value, check):
    to_r("v", value)
    r_true(check)


def test_int_list_with_a_big_int_is_double():
    to_r("v", [1, 2**40, None])
    r_true("identical(v, c(1, 2^40, NA))")


def test_int_list_beyond_64_bits_is_the_nearest_doubles():
    to_r("v", [2**70, None, -3])
    r_true("identical(v, c(2^70, NA, -3))")


def test_int_list_beyond_the_double_range_is_an_r_list_holding_a_proxy():
    to_r("v", [1, 10**400])
    r_true('is.list(v) && identical(v[[1]], 1L) && inherits(v[[2]], "python.builtin.int")')


def test_mixed_list_is_an_r_list():
    to_r("v", [1, 2.5, "a"])
    r_true('identical(v, list(1L, 2.5, "a"))')


def test_empty_list_is_an_empty_r_list():
    to_r("v", [])
    r_true("identical(v, list())")


def test_all_none_list_is_a_list_of_null():
    to_r("v", [None, None])
    r_true("identical(v, list(NULL, NULL))")


def test_tuple_is_an_unnamed_list_never_simplified():
    to_r("v", (1, 2))
    r_true("identical(v, list(1L, 2L))")


def test_dict_is_a_named_list_with_str_keys():
    to_r("v", {"a": 1, 2: "b"})
    r_true('identical(v, list(a = 1L, "2" = "b"))')


def test_list_and_dict_subclasses_stay_proxies():
    class MyList(list):
        pass

    class MyDict(dict):
        pass

    to_r("v", MyList([1]))
    r_true('inherits(v, "python.builtin.object") && !is.list(v)')
    to_r("v", MyDict(a=1))
    r_true('inherits(v, "python.builtin.object") && !is.list(v)')


def test_ordered_dict_is_a_named_list():
    to_r("v", collections.OrderedDict([("b", 1), ("a", "x")]))
    r_true('identical(v, list(b = 1L, a = "x"))')


@pytest.mark.parametrize("value, cls", [
    ({1, 2}, "python.builtin.set"), (range(3), "python.builtin.range"),
    (slice(1, 2), "python.builtin.slice"), (decimal.Decimal("1.5"), "decimal.Decimal"),
    (datetime.timedelta(days=1), "datetime.timedelta"),
])
def test_other_python_values_stay_proxies(value, cls):
    to_r("v", value)
    r_true(f'inherits(v, "{cls}")')


def test_python_to_r_to_python_keeps_scalars_and_lists():
    for value in [None, True, 3, 2.5, 1j, "x", [1, None], ["a", "b"], {"a": [1.5, 2.5]},
                  bytearray(b"ab")]:
        to_r("v", value)
        assert pr.globalenv["v"] == value


# --- R-type hint ----------------------------------------------------------------------

@pytest.mark.parametrize("code", ["NA", "NA_integer_", "NA_real_", "NA_character_",
                                  "NA_complex_", "logical(0)", "integer(0)", "double(0)",
                                  "character(0)", "complex(0)", "raw(0)",
                                  "c(NA, NA)", "c(NA_integer_, NA)", "c(NA_character_, NA)"])
def test_hint_rebuilds_scalar_na_zero_length_and_all_na(code):
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")


def test_python_produced_values_have_no_hint():
    r_true("py$v <- NA; is.null(py$v)")
    r_true("py$v <- integer(0); identical(py$v, list())")


def test_hint_rebuild_is_a_fresh_object():
    r_true("p <- r_to_py(integer(0)); a <- py_to_r(p); attr(a, 'x') <- 1; "
           "identical(py_to_r(p), integer(0))")


# --- §8 round trips ---------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    "NULL", "c(TRUE, NA, FALSE)", "c(1L, NA, -5L)", "c(1.5, NA, NaN, Inf, -Inf, -0)",
    "c(1+2i, NA, complex(real = NaN, imaginary = 1))", 'c("a", NA, "\\u00e9\\u4e2d")',
    "TRUE", "1L", "2.5", "1i", '"x"', "as.raw(c(0, 7, 255))", "raw(0)", "as.raw(1)",
])
def test_vectors_round_trip(code):
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")


@pytest.mark.parametrize("code", [
    'list(a = 1L, b = "x", c = list(d = c(1.5, NA), e = NULL))',
    'list(1L, "a", c(TRUE, NA))',
    'list(a = factor(c("u", NA)), b = as.Date("2020-01-02"), c = .POSIXct(1, tz = "UTC"))',
    "list(m = matrix(c(1L, NA, 3L, 4L), 2), r = as.raw(1:3))",
    "list(df = data.frame(a = 1:2, b = c('x', NA)), n = NULL)",
])
def test_lists_round_trip(code):
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")


@PROPERTY
@given(r_vector_values())
def test_random_vectors_round_trip(vector):
    rtype, values = vector
    r_true(f"x <- {r_vector_source(rtype, values)}; identical(py_to_r(r_to_py(x)), x)")


@PROPERTY
@given(r_vector_values(min_size=2))
def test_random_vectors_become_lists_of_the_same_values(vector):
    rtype, values = vector
    converted = pr.r(r_vector_source(rtype, values))
    if rtype == "raw":
        assert converted == bytearray(values)
        return
    assert isinstance(converted, list) and len(converted) == len(values)
    assert all(same_value(rtype, c, v) for c, v in zip(converted, values))


@PROPERTY
@given(r_vector_values(types=("logical", "integer", "double", "complex", "character"),
                 min_size=1, max_size=1))
def test_random_length_one_vectors_become_scalars(vector):
    rtype, values = vector
    assert same_value(rtype, pr.r(r_vector_source(rtype, values)), values[0])


# ---- long character vectors cross in one piece ---------------------------------------

LONG = 'x <- sprintf("s%d", 1:2000); x[c(2, 1999)] <- NA; x[3] <- ""; x[4] <- "\u00e9\u00fc"; '


def test_long_character_vector_reaches_python_with_na_empty_and_utf8():
    values = pr.r(LONG + "x")
    assert values[:5] == ["s1", None, "", "\u00e9\u00fc", "s5"]
    assert values[1998] is None and len(values) == 2000


def test_long_character_vector_round_trips_through_python():
    r_true(LONG + "identical(py_to_r(r_to_py(x)), x)")


def test_long_character_vector_whose_elements_hold_a_separator_round_trips():
    r_true(LONG + 'x[5] <- "a\\x1fb"; identical(py_to_r(r_to_py(x)), x)')


def test_long_character_vector_holding_every_separator_still_round_trips():
    r_true(LONG + 'x[5:11] <- paste0("a", c("\\x1f", "\\x1e", "\\x1d", "\\x1c", "\\x01", '
                  '"\\x02", "\\x03"), "b"); identical(py_to_r(r_to_py(x)), x)')


def test_long_python_string_list_becomes_a_character_vector_with_na():
    pr.globalenv["long_strings"] = ["a", None, "", "\u00e9"] * 300
    r_true('identical(long_strings[1:5], c("a", NA, "", "\u00e9", "a")) && '
           'length(long_strings) == 1200')


def test_long_python_string_list_with_a_nul_is_refused():
    with pytest.raises(ValueError, match="NUL"):
        pr.globalenv["with_nul"] = ["a"] * 600 + ["b\x00c"]


# --- cycles --------------------------------------------------------------------------

def test_list_that_contains_itself_is_a_value_error_naming_the_cycle():
    looped = [1, "a"]
    looped.append(looped)
    with pytest.raises(ValueError) as info:
        pr.py_to_r(looped)
    assert str(info.value) == ("a list that contains itself cannot be converted to R (the "
                               "structure has a cycle: an R list cannot contain itself)")


def test_dict_that_contains_itself_through_a_list_names_the_dict():
    looped = {"x": 1}
    looped["inner"] = [looped]
    with pytest.raises(ValueError, match="^a dict that contains itself cannot be converted"):
        pr.py_to_r(looped)


def test_value_shared_by_two_elements_without_a_cycle_still_converts():
    shared = [1, "a"]
    pr.globalenv["shared_twice"] = [shared, {"again": shared}]
    assert pr.r("identical(shared_twice, list(list(1L, 'a'), list(again = list(1L, 'a'))))")


def test_cyclic_list_reaching_r_is_a_python_value_error_condition_there():
    classes, message = pr.r('''local({
        py_run_string("looped = [1]; looped.append(looped)")
        tryCatch(py_eval("looped"), error = function(e) list(class(e), conditionMessage(e)))
    })''')
    assert classes[0] == "python.builtin.ValueError"
    assert message.startswith("ValueError: a list that contains itself cannot be converted to R")


def test_conversion_after_a_cycle_was_refused_works():
    looped = []
    looped.append(looped)
    with pytest.raises(ValueError):
        pr.py_to_r(looped)
    pr.globalenv["after_cycle"] = [looped[:0], [1.5, "b"]]
    assert pr.r("length(after_cycle[[2]])") == 2
