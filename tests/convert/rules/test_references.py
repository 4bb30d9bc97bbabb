"""Opaque R objects, proxies and conditions (docs/conversions.md §3, §4, §8 item 10)."""
import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_round_trip
from helpers import r_true

OPAQUE = {
    "environment": "new.env()",
    "R6 object": 'R6::R6Class("Counter", public = list(n = 0))$new()',
    "formula": "y ~ x + z",
    "language": "quote(f(x, 1))",
    "symbol": "as.name('abc')",
    "S4 object": '{methods::setClass("PyrPoint", representation(x = "numeric"), '
                 'where = globalenv()); methods::new("PyrPoint", x = 1)}',
    "external pointer": "methods:::.newExternalptr()",
}


@pytest.mark.parametrize("code", OPAQUE.values(), ids=OPAQUE.keys())
def test_opaque_r_values_are_r_objects_in_python(code):
    assert isinstance(pr.r(code), pr.RObject)


@pytest.mark.parametrize("code", OPAQUE.values(), ids=OPAQUE.keys())
def test_opaque_r_values_come_back_identical(code):
    assert_r_round_trip(code)


@pytest.mark.parametrize("code", OPAQUE.values(), ids=OPAQUE.keys())
def test_opaque_r_values_come_back_identical_through_python_code(code):
    r_true(f"x <- {code}; py$held <- x; identical(py$held, x)")


def test_python_proxy_is_the_same_python_object():
    pr.r('py_run_string("orig = {\'a\': [1]}", convert = FALSE)')
    r_true('d <- py_eval("orig", convert = FALSE); py$same <- d; py_eval("same is orig")')


def test_unconverted_python_object_is_a_proxy_with_its_class_vector():
    pr.r('py_run_string("class Thing: pass\\nthing = Thing()", convert = FALSE)')
    r_true('identical(class(py$thing), c("__main__.Thing", "python.builtin.object"))')


def test_r_error_condition_is_an_exception_carrying_it():
    value = pr.r('e <- simpleError("boom"); e')
    assert isinstance(value, pr.RError) and "boom" in str(value)
    r_true("identical(py_to_r(r_to_py(e)), e)")


def test_python_exception_is_an_r_condition():
    pr.globalenv["cond"] = ValueError("bad value")
    r_true('inherits(cond, "python.builtin.ValueError") && inherits(cond, "error") && '
           'grepl("bad value", conditionMessage(cond))')
