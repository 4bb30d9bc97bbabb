"""The host's entries for errors: which Python exception brought an R condition back
to R (``resignalled_exception``), as the R condition of that exception."""
import __main__

import pytest

import pyreticulate as pr
from pyreticulate.runtime import errors, evaluation


def remember(r_error):
    """Python brought the condition of ``r_error`` (an RError) back to R for the exception
    ``brought_back`` of ``__main__``, as the crossing does, inside the evaluation in progress."""
    errors.RESIGNALLED.remember(r_error.condition, __main__.brought_back,
                                evaluation.evaluations_running() - 1)


@pytest.fixture(autouse=True)
def remembering():
    pr.assign("remember_resignalled", remember)
    __main__.brought_back = KeyError("brought it back")
    yield
    errors.RESIGNALLED.clear()
    del __main__.brought_back
    pr.r("rm(remember_resignalled)")


def test_resignalled_exception_is_the_condition_of_the_exception_that_brought_it_back():
    classes, same = pr.r('''local({
      cnd <- simpleError("came back")
      remember_resignalled(cnd)
      answer <- .External(pyreticulate:::.ops$resignalled_exception, cnd)
      list(class(answer), py_eval("lambda a: a is brought_back")(r_to_py(answer)))
    })''')
    assert classes == ["python.builtin.KeyError", "python.builtin.LookupError",
                       "python.builtin.Exception", "python.builtin.BaseException",
                       "python.builtin.object", "error", "condition"]
    assert same is True


def test_resignalled_exception_is_null_for_a_condition_python_did_not_bring_back():
    assert pr.r('''local({
      remember_resignalled(simpleError("came back"))
      is.null(.External(pyreticulate:::.ops$resignalled_exception, simpleError("came back")))
    })''') is True
