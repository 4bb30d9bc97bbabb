"""Keras on the JAX backend from R (r/keras3/R/keras-config.R, package.R, keras-distribution.R,
keras-wrappers.R; pyreticulate/keras/distribution.py, support.py; r/tensorflow/R/tf-keras-backend.R,
pyreticulate/tensorflow/keras_backend.py): use_backend("jax") before Keras is imported, the ops
JAX needs more of, TensorFlow's tracing and tapes naming the backend, and what ranks other than 0
of a multi-process job leave out."""
import pytest

from helpers.scripts import HELPERS, labelled, run_code

pytest.importorskip("jax")

SCRIPT = HELPERS + r'''
library(reticulate)
suppressPackageStartupMessages(library(keras3))
check("keras_not_imported_yet", py_eval("'keras' in __import__('sys').modules"))
check("use_backend_returns", use_backend("jax"))
check("environment_variable", Sys.getenv("KERAS_BACKEND"))
check("config_backend", config_backend())
check("as_array_of_a_jax_array", as.array(op_add(c(1, 2), 3)))
check("jax_array_class", class(op_add(1, 2))[[1]])
check("use_backend_same_after_import", use_backend("jax"))
check("use_backend_other_after_import", use_backend("tensorflow"))
check("op_in_tf_function", {
  f <- tensorflow::tf_function(function(x) op_add(x, 1))
  f(tensorflow::as_tensor(c(1, 2), dtype = "float32"))
})
check("op_error_without_graph_tensor", op_add("a", list()))
check("top_k_of_an_r_vector", lapply(op_top_k(c(1, 5, 3, 2), k = 2), as.array))
check("top_k_names", names(op_top_k(c(1, 5, 3, 2), k = 2)))
check("segment_sum_counts_segments", as.array(op_segment_sum(c(1, 2, 10, 20, 100, 200),
                                                             c(1, 1, 2, 2, 3, 3))))
check("segment_max_counts_segments", as.array(op_segment_max(op_array(c(1, 2, 10, 20)),
                                                             op_array(c(1L, 1L, 2L, 2L)))))
check("segment_sum_given_num_segments", as.array(op_segment_sum(c(1, 2, 10), c(1, 1, 2),
                                                                num_segments = 3)))
check("segment_sum_of_traced_ids", import("jax")$jit(function(d, s) op_segment_sum(d, s))(
  op_array(c(1, 2)), op_array(c(1L, 2L))))
library(tensorflow, warn.conflicts = FALSE)
variable <- tf$Variable(3)
with(tf$GradientTape() %as% tf_tape, tf_y <- variable * variable)
check("tape_of_tensorflow_values", as.array(tf_tape$gradient(tf_y, variable)))
check("tf_function_of_tensorflow_code", as.array(tf_function(function(x) x + 1)(tf$constant(1))))
tape_model <- keras_model_sequential(input_shape = 2) %>% layer_dense(units = 1)
with(tf$GradientTape() %as% keras_tape, keras_loss <- op_sum(tape_model(op_ones(c(1, 2)))))
check("tape_gradient_of_keras_values",
      keras_tape$gradient(keras_loss, tape_model$trainable_weights))
check("tf_function_of_a_model", tf_function(function(x) tape_model(x))(tf$ones(c(1L, 2L))))
check("tf_function_failing_otherwise", tf_function(function(x) stop("not Keras"))(tf$constant(1)))
check("rank_alone", keras3:::.keras_process_rank())
check("verbose_auto_on_rank_zero", keras3:::.keras_verbose("auto"))

model <- keras_model_sequential(input_shape = 2) %>% layer_dense(units = 1)
model %>% compile(optimizer = "sgd", loss = "mse")
py_run_string("
import pyreticulate.keras.distribution as d
d.process_rank = lambda: 1
")
check("verbose_auto_on_rank_one", keras3:::.keras_verbose("auto"))
check("verbose_explicit_on_rank_one", keras3:::.keras_verbose(2))
path <- file.path(tempdir(), "rank-one.keras")
check("save_model_on_rank_one_returns_the_model", identical(save_model(model, path), model))
check("save_model_on_rank_one_writes_nothing", file.exists(path))
weights_path <- file.path(tempdir(), "rank-one.weights.h5")
save_model_weights(model, weights_path)
check("save_model_weights_on_rank_one_writes_nothing", file.exists(weights_path))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return labelled(run_code(tmp_path_factory.mktemp("jax"), SCRIPT))


def test_keras_is_not_imported_by_library_keras3(out):
    assert out["keras_not_imported_yet"] == "FALSE"


def test_use_backend_returns_the_backend(out):
    assert out["use_backend_returns"] == "jax"


def test_use_backend_sets_keras_backend(out):
    assert out["environment_variable"] == "jax"


def test_keras_runs_on_the_chosen_backend(out):
    assert out["config_backend"] == "jax"


def test_as_array_converts_a_jax_array(out):
    assert out["as_array_of_a_jax_array"] == "4 5"
    assert out["jax_array_class"] == "jaxlib._jax.ArrayImpl"


def test_use_backend_of_the_running_backend_after_import_is_accepted(out):
    assert out["use_backend_same_after_import"] == "jax"


def test_use_backend_of_another_backend_after_import_names_the_running_one(out):
    assert out["use_backend_other_after_import"].startswith(
        "ERROR: Keras is already running with the jax backend")


def test_op_on_a_tensorflow_graph_tensor_names_the_backend(out):
    assert ("Keras runs on the jax backend, which cannot compute on TensorFlow graph tensors"
            in out["op_in_tf_function"])


def test_other_op_errors_on_the_jax_backend_are_keras_own(out):
    assert "is not a valid JAX array type" in out["op_error_without_graph_tensor"]


def test_op_top_k_takes_an_r_vector(out):
    assert out["top_k_of_an_r_vector"] == "5 3 2 3"


def test_op_top_k_names_values_and_indices(out):
    assert out["top_k_names"] == "values indices"


def test_segment_sum_without_num_segments_counts_the_segments(out):
    assert out["segment_sum_counts_segments"] == "3 30 300"


def test_segment_max_without_num_segments_counts_the_segments(out):
    assert out["segment_max_counts_segments"] == "2 20"


def test_segment_sum_keeps_a_given_num_segments(out):
    assert out["segment_sum_given_num_segments"] == "3 10 0"


def test_segment_sum_of_traced_ids_names_the_backend_and_num_segments(out):
    assert ("op_segment_sum(): Keras runs on the jax backend, which needs `num_segments` when "
            "`segment_ids` is not a concrete value" in out["segment_sum_of_traced_ids"])


def test_gradient_tape_of_tensorflow_values_works_beside_keras_on_jax(out):
    assert out["tape_of_tensorflow_values"] == "6"


def test_tf_function_of_tensorflow_code_works_beside_keras_on_jax(out):
    assert out["tf_function_of_tensorflow_code"] == "2"


NEEDS_TENSORFLOW = ('the Keras backend is "jax", and this needs the tensorflow backend '
                    '(use_backend("tensorflow")')


def test_gradient_tape_of_keras_values_names_the_backend(out):
    assert out["tape_gradient_of_keras_values"].startswith(
        "ERROR: tape$gradient(): TensorFlow's gradient tape records nothing of what Keras "
        "computes on another backend; " + NEEDS_TENSORFLOW)


def test_tf_function_of_a_model_names_the_backend(out):
    message = out["tf_function_of_a_model"]
    assert message.startswith("ERROR: tf_function(): tracing failed: ")
    assert NEEDS_TENSORFLOW in message


def test_tf_function_failing_on_the_jax_backend_keeps_its_error(out):
    assert out["tf_function_failing_otherwise"].startswith(
        "ERROR: tf_function(): tracing failed: not Keras (Keras models and op_*() cannot compute")


def test_a_process_alone_is_rank_zero(out):
    assert out["rank_alone"] == "0"


def test_verbose_auto_shows_progress_on_rank_zero(out):
    assert out["verbose_auto_on_rank_zero"] == "2"


def test_verbose_auto_is_silent_on_other_ranks(out):
    assert out["verbose_auto_on_rank_one"] == "0"


def test_an_explicit_verbose_is_kept_on_other_ranks(out):
    assert out["verbose_explicit_on_rank_one"] == "2"


def test_save_model_on_other_ranks_writes_nothing_at_the_path(out):
    assert out["save_model_on_rank_one_returns_the_model"] == "TRUE"
    assert out["save_model_on_rank_one_writes_nothing"] == "FALSE"


def test_save_model_weights_on_other_ranks_writes_nothing_at_the_path(out):
    assert out["save_model_weights_on_rank_one_writes_nothing"] == "FALSE"
