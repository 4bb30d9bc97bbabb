"""Arguments of calls from R into Python: every keyword the caller gives reaches
the callable, whatever its name."""
import pyreticulate as pr


def test_a_keyword_argument_named_fn_reaches_the_callable_of_py_call():
    result = pr.r('library(reticulate); f <- py_eval("lambda fn, n=1: [fn, n]", convert = FALSE); '
                  'py_to_r(py_call(f, fn = 2L, n = 3L))')
    assert list(result) == [2, 3]


def test_a_keyword_argument_named_fn_reaches_a_callable_called_as_an_r_function():
    result = pr.r('library(reticulate); g <- py_eval("lambda fn: fn * 10"); g(fn = 4L)')
    assert result == 40
