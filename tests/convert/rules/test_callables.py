"""R functions ↔ Python callables as conversions (docs/conversions.md §3, §4, §8 item 10)."""
import pyreticulate as pr
from helpers import r_true


def test_r_function_is_a_python_callable():
    f = pr.r("function(x, y = 2) x * y")
    assert callable(f) and f(3) == 6.0 and f(3, y=4) == 12.0


def test_r_function_comes_back_identical():
    r_true("f <- function(x) x + 1; identical(py_to_r(r_to_py(f)), f)")
    r_true("identical(py_to_r(r_to_py(sum)), sum)")


def test_r_function_comes_back_identical_through_python_code():
    r_true("f <- function(x) x + 1; py$held_fn <- f; identical(py$held_fn, f)")


def test_python_callable_is_an_r_closure_with_py_object():
    pr.globalenv["pyfn"] = lambda a, b=3: a + b
    r_true('is.function(pyfn) && !is.null(attr(pyfn, "py_object")) && '
           'identical(names(formals(pyfn)), c("a", "b")) && pyfn(1L) == 4L')
