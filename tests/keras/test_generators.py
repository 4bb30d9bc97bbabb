"""R functions as Keras data (r/keras3/R/keras-generators.R, pyreticulate/keras/generators.py,
pyobjects/feeds.py): fit() over 1,000 batches on the TensorFlow backend without
deadlock while tf.data reads from its own threads, validation data,
evaluate() and predict(), several inputs, the end of the data, errors, and
py_iterator() generators, a consumer served while R's call waits for it in C,
and a consumer thread of TensorFlow running the R function itself."""
import os

import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
set.seed(6)
keras$utils$set_random_seed(6L)
model <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
model %>% compile(optimizer = optimizer_sgd(learning_rate = 0.05), loss = "mse")
batch <- function() {
  x <- matrix(rnorm(8 * 3), 8, 3)
  list(x, x %*% c(1, -1, 0.5))
}
current_thread <- py_eval("lambda: __import__('threading').current_thread().name")
r_thread <- function() as.integer(basename(Sys.readlink("/proc/thread-self")))

calls <- 0L; collections <- 0L; threads <- character(); python_threads <- character()
gen <- function() {
  calls <<- calls + 1L
  if (calls %% 50L == 0L) {
    gc()
    collections <<- collections + 1L
  }
  if (calls %% 100L == 0L) {
    threads <<- c(threads, r_thread() == Sys.getpid())
    python_threads <<- c(python_threads, current_thread())
  }
  batch()
}
check("backend", keras$config$backend())
history <- fit(model, gen, steps_per_epoch = 250, epochs = 4, verbose = 0)
check("thousand_batches", c(length(history$metrics$loss), history$params$steps))
check("thousand_batches_learn", history$metrics$loss[[4]] < history$metrics$loss[[1]])
check("thousand_batches_calls", calls - 1000L)
check("generator_calls_gc", collections >= 20L)
check("generator_runs_on_the_main_thread", unique(threads))
check("generator_python_calls_run_on_the_fit_thread", unique(python_threads))
after <- calls
Sys.sleep(0.3)
check("generator_not_called_after_fit", calls - after)

validation_calls <- 0L
validation <- function() {
  validation_calls <<- validation_calls + 1L
  batch()
}
history <- fit(model, gen, steps_per_epoch = 10, epochs = 2, verbose = 0,
               validation_data = validation, validation_steps = 3)
check("validation_generator", names(history$metrics))
check("validation_generator_calls", validation_calls - 6L)
check("evaluate_generator", names(evaluate(model, validation, steps = 4, verbose = 0)))
check("predict_generator", dim(predict(model, function() list(matrix(1, 4, 3)), steps = 3,
                                       verbose = 0)))
check("predict_generator_of_arrays", dim(predict(model, function() matrix(1, 4, 3), steps = 2,
                                                 verbose = 0)))

a <- keras_input(shape = 2, name = "a")
b <- keras_input(shape = 1, name = "b", dtype = "int32")
two <- keras_model(list(a, b), layer_dense(layer_concatenate(list(a, keras$ops$cast(b, "float32"))),
                                           units = 1))
two %>% compile(optimizer = "sgd", loss = "mse")
check("several_inputs_as_a_list", length(fit(two, function() list(list(matrix(1, 4, 2), matrix(2, 4, 1)),
                                                                  rep(1, 4)),
                                             steps_per_epoch = 3, verbose = 0)$metrics$loss))
check("several_inputs_by_name", length(fit(two, function() list(list(b = matrix(2, 4, 1), a = matrix(1, 4, 2)),
                                                                rep(1, 4)),
                                           steps_per_epoch = 3, verbose = 0)$metrics$loss))
check("several_inputs_as_a_tuple", length(fit(two, function() list(tuple(matrix(1, 4, 2), matrix(2L, 4, 1)),
                                                                   rep(1, 4)),
                                              steps_per_epoch = 3, verbose = 0)$metrics$loss))
check("sample_weights", length(fit(model, function() c(batch(), list(rep(0.5, 8))),
                                   steps_per_epoch = 3, verbose = 0)$metrics$loss))

remaining <- 30L
finite <- function() {
  if (remaining == 0L) return(NULL)
  remaining <<- remaining - 1L
  batch()
}
history <- fit(model, finite, epochs = 1, verbose = 0)
check("null_ends_the_data", c(length(history$metrics$loss), remaining))

failing <- local({
  i <- 0L
  function() {
    i <<- i + 1L
    if (i == 40L) stop(structure(class = c("data_error", "error", "condition"),
                                 list(message = "bad batch", call = quote(read_batch(40)))))
    batch()
  }
})
failure <- tryCatch(fit(model, failing, steps_per_epoch = 100, epochs = 1, verbose = 0),
                    error = function(e) e)
check("generator_error_class", class(failure))
check("generator_error_message", conditionMessage(failure))
check("generator_error_call", deparse(conditionCall(failure)))
check("usable_after_generator_error",
      length(fit(model, gen, steps_per_epoch = 5, epochs = 2, verbose = 0)$metrics$loss))
failing_validation <- function() stop("no validation data")
check("validation_generator_error", fit(model, gen, steps_per_epoch = 5, verbose = 0,
                                        validation_data = failing_validation))
check("evaluate_generator_error", evaluate(model, function() stop("no test data"), steps = 2,
                                           verbose = 0))
check("bad_batch", fit(model, function() list(1, 2, 3, 4), steps_per_epoch = 2, verbose = 0))

source_batches <- function() {
  x <- matrix(rnorm(8 * 3), 8, 3)
  list(x, x %*% c(1, -1, 0.5))
}
iterator <- py_iterator(source_batches)
check("py_iterator_in_fit", length(fit(model, iterator, steps_per_epoch = 20, epochs = 2,
                                       verbose = 0)$metrics$loss))

stuck_source <- function() c(1, 2)
from_tf_thread <- function() tf$data$Dataset$from_generator(
  py_eval("lambda g: (lambda: g)")(py_iterator(stuck_source)),
  output_signature = tf$TensorSpec(shape = shape(2), dtype = tf$float64))
check("consumer_served_while_next_waits_in_c", iter_next(as_iterator(from_tf_thread())))
check("consumer_runs_the_r_function", local({
  threads <- character()
  named <- function() { threads <<- c(threads, import("threading")$current_thread()$name); c(1, 2) }
  iter_next(as_iterator(tf$data$Dataset$from_generator(
    py_eval("lambda g: (lambda: g)")(py_iterator(named)),
    output_signature = tf$TensorSpec(shape = shape(2), dtype = tf$float64))))
  threads[1] != "MainThread"
}))
check("usable_after_tf_threads",
      length(fit(model, gen, steps_per_epoch = 5, epochs = 1, verbose = 0)$metrics$loss))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_generators"), SCRIPT)


def test_generators_run_on_the_tensorflow_backend(out):
    assert out["backend"] == "tensorflow"


def test_thousand_batch_generator_run_completes(out):
    assert out["thousand_batches"] == "4 250"
    assert out["thousand_batches_learn"] == "TRUE"


def test_generator_reads_a_bounded_number_of_batches_ahead(out):
    # the queue (10) and whatever tf.data's prefetch buffer took from it
    assert 0 <= int(out["thousand_batches_calls"]) < 100


def test_generator_may_call_gc(out):
    assert out["generator_calls_gc"] == "TRUE"


def test_generator_runs_on_the_main_thread(out):
    assert out["generator_runs_on_the_main_thread"] == "TRUE"


def test_python_calls_of_a_generator_run_on_the_thread_running_fit(out):
    assert out["generator_python_calls_run_on_the_fit_thread"] == "MainThread"


def test_generator_is_not_called_after_fit_returns(out):
    assert out["generator_not_called_after_fit"] == "0"


def test_validation_data_generator(out):
    assert out["validation_generator"] == "loss val_loss"
    assert 0 <= int(out["validation_generator_calls"]) < 100


def test_evaluate_with_a_generator(out):
    assert out["evaluate_generator"] == "loss"


def test_predict_with_a_generator(out):
    assert out["predict_generator"] == "12 1"
    assert out["predict_generator_of_arrays"] == "8 1"


def test_generator_with_several_inputs(out):
    assert out["several_inputs_as_a_list"] == "1"
    assert out["several_inputs_by_name"] == "1"
    assert out["several_inputs_as_a_tuple"] == "1"


def test_generator_with_sample_weights(out):
    assert out["sample_weights"] == "1"


def test_generator_returning_null_ends_the_data(out):
    assert out["null_ends_the_data"] == "1 0"


def test_generator_error_surfaces_with_its_original_class_first(out):
    """On TensorFlow, tf.data kept only the text of the RError: the exception reaching R is
    TensorFlow's, whose classes the original condition also carries. On JAX (test_jax_backend)
    no tf.data is involved: the RError itself reaches R."""
    on_tensorflow = os.environ.get("KERAS_BACKEND", "tensorflow") == "tensorflow"
    python_classes = (
        "tensorflow.python.framework.errors_impl.UnknownError "
        "tensorflow.python.framework.errors_impl.OpError" if on_tensorflow else
        "pyreticulate.runtime.errors.RError python.builtin.RuntimeError")
    assert out["generator_error_class"] == (
        f"data_error {python_classes} python.builtin.Exception "
        "python.builtin.BaseException python.builtin.object error condition")
    assert out["generator_error_message"] == "bad batch"
    assert out["generator_error_call"] == "read_batch(40)"


def test_model_is_usable_after_a_generator_error(out):
    assert out["usable_after_generator_error"] == "2"


def test_validation_generator_error_surfaces(out):
    assert out["validation_generator_error"].endswith(": no validation data")


def test_evaluate_generator_error_surfaces(out):
    assert out["evaluate_generator_error"].endswith(": no test data")


def test_generator_must_return_a_batch(out):
    assert "a data function must return list(x, y)" in out["bad_batch"]


def test_py_iterator_as_fit_data(out):
    assert out["py_iterator_in_fit"] == "2"


def test_consumer_thread_is_served_while_next_waits_for_it_in_c(out):
    assert out["consumer_served_while_next_waits_in_c"] == "1 2"


def test_consumer_thread_of_tensorflow_runs_the_r_function_itself(out):
    assert out["consumer_runs_the_r_function"] == "TRUE"


def test_model_is_usable_after_tensorflow_threads_ran_r(out):
    assert out["usable_after_tf_threads"] == "1"
