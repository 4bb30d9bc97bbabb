"""pyreticulate/keras/classes.py's named_function(): keras3's py_func2(), an R
function as a Python function with a name and the R formals as its signature."""
import inspect

import numpy as np

import pyreticulate as pr
from pyreticulate.keras import classes


def test_named_function_has_the_name_given():
    square = classes.named_function(pr.r("function(x) x^2"), "square", True)
    assert (square.__name__, square.__qualname__) == ("square", "square")


def test_named_function_has_the_r_formals_as_parameters():
    power = classes.named_function(pr.r("function(x, power = 2) x^power"), "power", True)
    assert list(inspect.signature(power).parameters) == ["x", "power"]
    assert power(3.0) == 9.0
    assert power(2.0, power=3) == 8.0


def test_named_function_with_convert_gives_r_values():
    kind = classes.named_function(pr.r("function(x) class(x)[[1]]"), "kind", True)
    assert kind(np.array([1.0, 2.0])) == "array"


def test_named_function_without_convert_gives_python_objects():
    kind = classes.named_function(pr.r("function(x) class(x)[[1]]"), "kind", False)
    assert kind(np.array([1.0, 2.0])) == "numpy.ndarray"


def test_named_function_of_a_name_that_is_no_identifier_is_r_function():
    f = classes.named_function(pr.r("function(x) x"), "function(x) x", True)
    assert f.__name__ == "r_function"
