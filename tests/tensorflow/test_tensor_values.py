"""Tensors as R values, as R's tensorflow gives them (r/tensorflow/R/tf-tensors.R,
tf-tracking.R): a rank-0 tensor as a bare value, Keras variables like tensors,
as.raster() of image tensors, cbind()/rbind() with R's rules and `dtype`, and
Keras's and TensorFlow's tracking containers as R lists."""
import os

import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import pyreticulate as pr  # noqa: E402
from helpers.scripts import HELPERS, run_labelled  # noqa: E402


def values(code):
    """An R expression's value as a Python list."""
    value = pr.r(code)
    return value if isinstance(value, list) else [value]


@pytest.fixture(scope="module", autouse=True)
def objects():
    pr.r("""
        keras <- import("keras")
        adam <- keras$optimizers$Adam(learning_rate = 0.25)
        dense <- keras$layers$Dense(3L)
        dense$build(list(NULL, 2L))
        bind_error <- function(expr) tryCatch({ expr; "no error" }, error = conditionMessage)
    """)
    yield


# ---- rank 0 ------------------------------------------------------------------------------------
# tensorflow's own as.array(), in a session without keras3: once keras3 has seen Keras imported,
# as.array() of tensors is keras3's (a rank-0 tensor then gives dim 1, tests/keras).

TENSORFLOW_ONLY = """
suppressPackageStartupMessages(library(tensorflow))
""" + HELPERS + r"""
value_and_dim <- function(x) c(x, if (is.null(dim(x))) "no dim" else dim(x))
check("rank_0", value_and_dim(as.array(tf$constant(3))))
check("indexed_element", value_and_dim(as.array(tf$constant(matrix(1:4, 2))[2, 2])))
check("rank_0_string", value_and_dim(as.array(tf$constant("foo"))))
message <- NULL
f <- tf_function(function(x) { message <<- tryCatch(as.array(x), error = conditionMessage); x },
                 autograph = FALSE)
invisible(f(tf$constant(1)))
check("while_tracing", message)
"""


@pytest.fixture(scope="module")
def tensorflow_only(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("tensorflow_only"), TENSORFLOW_ONLY, prelude="")


def test_as_array_of_a_rank_0_tensor_is_a_bare_value(tensorflow_only):
    assert tensorflow_only["rank_0"] == "3 no dim"


def test_as_array_of_an_indexed_element_is_a_bare_value(tensorflow_only):
    assert tensorflow_only["indexed_element"] == "4 no dim"


def test_as_array_of_a_rank_0_string_tensor_is_a_bare_string(tensorflow_only):
    assert tensorflow_only["rank_0_string"] == "foo no dim"


def test_as_array_while_tracing_is_a_clear_error(tensorflow_only):
    assert "use sess$run(x)" in tensorflow_only["while_tracing"]


def test_as_array_of_a_rank_1_tensor_keeps_its_dim():
    assert values("dim(as.array(tf$constant(c(1, 2, 3))))") == [3]


def test_complex_part_of_a_scalar_is_a_bare_value():
    assert values("as.array(Im(tf$constant(1+2i)))") == [2]


# ---- Keras variables ---------------------------------------------------------------------------------

def test_as_numeric_of_a_keras_learning_rate():
    assert values("as.numeric(adam$learning_rate)") == [0.25]


def test_as_array_of_a_keras_kernel_has_its_dims():
    assert values("dim(as.array(dense$kernel))") == [2, 3]


def test_dim_of_a_keras_kernel():
    assert values("dim(dense$kernel)") == [2, 3]


def test_keras_variable_in_arithmetic():
    assert values("as.numeric(adam$learning_rate * 2)") == [0.5]


# ---- as.raster ---------------------------------------------------------------------------------------

def test_as_raster_of_a_uint8_image_reads_0_to_255():
    assert values('r <- as.raster(tf$cast(tf$fill(c(2L, 3L, 3L), 255L), "uint8")); '
                  "c(dim(r), unique(as.vector(r)))") == ["2", "3", "#FFFFFF"]


def test_as_raster_of_a_float_image_reads_0_to_1():
    assert values("r <- as.raster(tf$fill(c(1L, 1L, 3L), 0.5)); as.vector(r)") == ["#808080"]


def test_as_raster_of_a_tensor_without_conversion():
    assert values('img <- tf$cast(tf$zeros(c(2L, 2L, 4L)), "uint8"); '
                  "dim(as.raster(r_to_py(img)))") == [2, 2]


# ---- cbind / rbind --------------------------------------------------------------------------------

def test_cbind_with_dtype_gives_that_dtype():
    assert pr.r('cbind(as_tensor(1:3), 1:3, dtype = "int64")$dtype$name') == "int64"


def test_rbind_with_dtype_gives_that_dtype():
    assert pr.r('rbind(as_tensor(1:3), 1:3, dtype = "float32")$dtype$name') == "float32"


def test_cbind_dtype_is_not_data():
    assert values('dim(cbind(as_tensor(1:3), 1:3, dtype = "int16"))') == [3, 2]


def test_cbind_of_vectors_is_r_cbind():
    assert pr.r("v <- 1:3; identical(unname(cbind(v, v)), as.array(cbind(as_tensor(v), v)))"
                ) is True


def test_rbind_of_a_matrix_and_vectors_is_r_rbind():
    assert pr.r("m <- matrix(1:9, 3); v <- 1:3; "
                "identical(unname(rbind(m, v, v)), as.array(rbind(as_tensor(m), v, v)))") is True


def test_cbind_of_scalars_is_one_row():
    assert values("dim(cbind(as_tensor(1L), 1L))") == [1, 2]


def test_cbind_recycles_a_scalar_beside_a_matrix():
    assert pr.r("m <- matrix(1:6, 3); identical(unname(cbind(m, 0L)), "
                "as.array(cbind(as_tensor(m), 0L)))") is True


def test_bind_of_tensors_of_one_family_takes_the_widest():
    assert pr.r('cbind(as_tensor(1:2, "int16"), as_tensor(1:2, "int64"))$dtype$name') == "int64"


def test_cbind_of_matrices_with_different_rows_is_an_error():
    assert "rows" in pr.r("bind_error(cbind(as_tensor(matrix(1:6, 3)), matrix(1:4, 2)))")


def test_cbind_of_a_rank_3_tensor_is_an_error():
    assert "rank 2" in pr.r("bind_error(cbind(tf$zeros(c(2L, 2L, 2L)), 1))")


# ---- tracking containers ----------------------------------------------------------------------------

def test_keras_tracked_list_is_an_r_list():
    assert values("m <- keras$Sequential(list()); "
                  "m$denses <- list(keras$layers$Dense(1L), keras$layers$Dense(2L)); "
                  "list(is.list(m$denses), length(m$denses))") == [True, 2]


def test_keras_tracked_dict_is_a_named_r_list():
    assert values("m <- keras$Sequential(list()); "
                  "m$named <- list(abc = keras$layers$Dense(1L), def = keras$layers$Dense(2L)); "
                  "c(is.list(m$named), names(m$named))") == ["TRUE", "abc", "def"]


def test_keras_tracked_list_of_numbers_is_a_list():
    assert values("m <- keras$Sequential(list()); m$sizes <- list(1L, 2L); "
                  "c(is.list(m$sizes), unlist(m$sizes))") == [1, 1, 2]


def test_tensorflow_list_wrapper_is_an_r_list():
    assert values("mod <- tf$Module(); mod$parts <- list(tf$Variable(1), tf$Variable(2)); "
                  "c(class(py_get_attr(mod, 'parts'))[[1]], is.list(mod$parts))") == [
        "tensorflow.python.trackable.data_structures.ListWrapper", "TRUE"]


def test_tensorflow_dict_wrapper_is_a_named_r_list():
    assert values("mod <- tf$Module(); mod$named <- list(a = tf$Variable(1)); names(mod$named)"
                  ) == ["a"]
