"""pyreticulate/keras/classes.py: named_function(), keras3's py_func2() (an R function as a
Python function with a name and the R formals as its signature); for keras 2.x (library(keras),
tf_keras bases), the R methods of a class marked for TensorFlow's AutoGraph to call
unconverted, so building a model with the layer logs no "could not transform" warning."""
import inspect

import numpy as np

import pyreticulate as pr
from helpers.scripts import run_code
from pyreticulate.keras import classes

SCRIPT = r'''
suppressPackageStartupMessages(library(keras))
Doubler(keras$layers$Layer) %py_class% {
  call <- function(inputs) inputs * 2
}
input <- layer_input(shape = 3)
model <- keras_model(input, Doubler()(input))
cat("output shape:", unlist(model$output_shape), "\n")
'''


def test_tf_keras_layer_from_r_builds_without_autograph_warnings(tmp_path):
    proc = run_code(tmp_path, SCRIPT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "output shape: 3" in proc.stdout
    assert "AutoGraph could not transform" not in proc.stderr


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
