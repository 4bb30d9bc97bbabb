"""shape() and TensorShapes with R tensorflow's semantics (r/tensorflow/R/tf-shape.R):
dimensions flattened from vectors, lists, shapes and tensors; an unknown
dimension NULL wherever a shape gives a list (as.list, [[, $as_list(), $dims)
and NA in vectors; as_tensor() of shapes and with `shape =` in every form."""
import os

import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import pyreticulate as pr  # noqa: E402


def values(code):
    """An R expression's value as a Python list."""
    value = pr.r(code)
    return value if isinstance(value, list) else [value]


def dims(code):
    """The dimensions of an R list of dimensions, None for NULL."""
    return values(f'vapply({code}, function(d) if (is.null(d)) "NULL" else as.character(d), "")')


@pytest.fixture(scope="module", autouse=True)
def helpers():
    pr.r('shape_error <- function(expr) tryCatch({ expr; "no error" }, error = conditionMessage)')
    yield


# ---- building ---------------------------------------------------------------------------------

def test_shape_flattens_vectors():
    assert pr.r("py_repr(tensorflow::shape(1, c(2, 3), 4))") == "TensorShape([1, 2, 3, 4])"


def test_shape_flattens_shapes():
    assert pr.r("py_repr(tensorflow::shape(1, tensorflow::shape(2, 3), 4))") == "TensorShape([1, 2, 3, 4])"


def test_shape_flattens_shapes_with_unknown_dimensions():
    assert pr.r("py_repr(tensorflow::shape(NA, tensorflow::shape(3, NA), 5))") == "TensorShape([None, 3, None, 5])"


def test_shape_flattens_lists():
    assert pr.r("py_repr(tensorflow::shape(dims = list(2, list(NULL, 4))))") == "TensorShape([2, None, 4])"


def test_shape_of_a_tensor_gives_its_values_with_minus_one_unknown():
    assert pr.r("py_repr(tensorflow::shape(dims = tf$constant(c(-1L, 3L))))") == "TensorShape([None, 3])"


def test_shape_without_dimensions_is_a_scalar_shape():
    assert values("c(length(tensorflow::shape()), length(tensorflow::shape(2, 3)), length(tensorflow::shape()))") == [0, 2, 0]


def test_shape_dims_null_has_unknown_rank():
    assert pr.r("py_repr(tensorflow::shape(dims = NULL))") == "TensorShape(None)"


def test_shape_of_unknown_rank_inside_a_shape_is_an_error():
    assert "unknown rank" in pr.r("shape_error(tensorflow::shape(1, tensorflow::shape(dims = NULL)))")


def test_shape_with_a_character_dimension_is_an_error():
    assert "characters" in pr.r('shape_error(tensorflow::shape(2, "a"))')


def test_shape_with_a_fraction_is_an_error():
    assert "1.5" in pr.r("shape_error(tensorflow::shape(2, 1.5))")


# ---- unknown dimensions are NULL -----------------------------------------------------------

def test_unknown_dimension_is_null_by_double_bracket():
    assert pr.r("is.null(tensorflow::shape(3, NA)[[2]]) && is.null(tensorflow::shape(NA, NA)[[1]])") is True


def test_as_list_has_null_for_unknown_dimensions():
    assert dims("as.list(tensorflow::shape(1, NA, 2, NULL, 3))") == ["1", "NULL", "2", "NULL", "3"]


def test_as_list_method_of_the_shape_has_null_for_unknown_dimensions():
    assert dims("tensorflow::shape(NA, 4)$as_list()") == ["NULL", "4"]


def test_dims_attribute_has_null_for_unknown_dimensions():
    assert dims("tensorflow::shape(3, NA)$dims") == ["3", "NULL"]


def test_dims_attribute_of_unknown_rank_is_null():
    assert pr.r("is.null(tensorflow::shape(dims = NULL)$dims)") is True


def test_other_attributes_of_a_shape_are_tensorflows():
    assert values("c(tensorflow::shape(2, 3)$rank, tensorflow::shape(2, 3)$num_elements())") == [2, 6]


def test_as_integer_has_na_for_unknown_dimensions():
    assert values("as.integer(tensorflow::shape(NA, 3))") == [None, 3]


def test_concatenated_shape_has_null_for_unknown_dimensions():
    assert dims("as.list(c(tensorflow::shape(1), tensorflow::shape(4, NA)))") == ["1", "4", "NULL"]


def test_tensor_shape_attribute_as_list_has_null_for_unknown_dimensions():
    assert dims("tf$TensorShape(list(NULL, 10L))$as_list()") == ["NULL", "10"]


def test_as_list_of_known_dimensions_is_an_integer_vector_as_reticulate_converts_it():
    assert pr.r("identical(tensorflow::shape(100)$as_list(), 100L) && "
                "identical(tensorflow::shape(2, 3)$dims, c(2L, 3L)) && "
                "identical(tensorflow::shape()$as_list(), list())") is True


# ---- as_tensor ------------------------------------------------------------------------------------

def test_as_tensor_of_a_shape_is_int32_with_minus_one_unknown():
    assert values("x <- as_tensor(tensorflow::shape(NA, 3)); c(x$dtype$name, as.integer(x))") == [
        "int32", "-1", "3"]


def test_as_tensor_of_a_shape_of_unknown_rank_is_an_error():
    assert "unknown rank" in pr.r("shape_error(as_tensor(tensorflow::shape(dims = NULL)))")


@pytest.mark.parametrize("spec", [
    "c(-1, 4)", "tensorflow::shape(-1, 4)", "c(NA, 4)", "list(NULL, 4)", "list(3, 4)",
    "as_tensor(c(-1L, 4L))"])
def test_as_tensor_shape_accepts_every_form_of_a_shape(spec):
    assert values(f"dim(as_tensor(1:12, shape = {spec}))") == [3, 4]


def test_as_tensor_shape_fills_row_major():
    assert values("as.vector(as_tensor(1:6, shape = list(NULL, 3))[1, ])") == [1, 2, 3]


def test_as_tensor_fills_a_scalar_tensor_to_a_tensor_shape():
    assert values("x <- as_tensor(as_tensor(3), shape = as_tensor(4L)); c(dim(x), as.numeric(x))"
                  ) == [4, 3, 3, 3, 3]


def test_as_tensor_shape_of_a_matrix_equal_to_its_dim_keeps_it():
    assert values("dim(as_tensor(matrix(1:6, 2), shape = c(2, 3)))") == [2, 3]
