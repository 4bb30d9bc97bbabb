"""Training to completion on tf.data datasets whose elements R functions make on
TensorFlow's own threads while fit() waits in C (runtime/threads.py: those
threads take R in turn while the main thread waits with R suspended): a
``from_generator()`` dataset of an R generator and a ``map()`` with a
``tf$py_function()`` of an R function. The weights must be those of the same
batches, in the same order, from arrays in memory. (keras/test_threads.py trains on PyDatasets; the same tf.data
cases iterated are in tensorflow/test_tensorflow_threads.py.)"""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
np <- import("numpy", convert = FALSE)
set.seed(7)
rows <- 8L; n_batches <- 4L
x <- matrix(rnorm(rows * n_batches * 2), ncol = 2)
y <- x %*% c(1.5, -0.5)
part <- function(m, i) np$array(m[(i * rows + 1):((i + 1) * rows), , drop = FALSE], dtype = "float32")
trained <- function(data, epochs, ...) {
  keras$utils$set_random_seed(7L)
  model <- keras_model_sequential(input_shape = 2) %>% layer_dense(1, kernel_initializer = "zeros")
  model %>% compile(optimizer = optimizer_sgd(learning_rate = 0.1), loss = "mse")
  history <- fit(model, data, epochs = epochs, verbose = 0, ...)
  list(epochs = length(history$metrics$loss),
       weights = unlist(lapply(get_weights(model), as.vector)))
}
# The same batches in the same order from arrays in memory: what the datasets must give.
same_as_arrays <- function(result, epochs)
  isTRUE(all.equal(result$weights, trained(x, epochs, y = y, batch_size = rows,
                                           shuffle = FALSE)$weights, tolerance = 1e-4))

served <- integer()
batches <- function() {
  i <- -1L
  py_iterator(function() {
    i <<- i + 1L
    if (i >= n_batches) return(NULL)
    served <<- c(served, i)
    tuple(part(x, i), part(y, i))
  })
}
generated <- trained(tf$data$Dataset$from_generator(batches, output_signature = tuple(
  tf$TensorSpec(shape(NULL, 2L), tf$float32), tf$TensorSpec(shape(NULL, 1L), tf$float32))), 3)
check("from_generator_epochs", generated$epochs)
check("from_generator_weights", same_as_arrays(generated, 3))
check("from_generator_batches_served", length(served))

served <- integer()
r_batch <- function(i) {
  i <- as.integer(i)
  served <<- c(served, i)
  list(part(x, i), part(y, i))
}
mapped <- trained(tf$data$Dataset$range(n_batches)$map(function(i) {
  pair <- tf$py_function(r_batch, list(i), list(tf$float32, tf$float32))
  tuple(tf$ensure_shape(pair[[1]], shape(rows, 2L)), tf$ensure_shape(pair[[2]], shape(rows, 1L)))
}), 2)
check("py_function_map_epochs", mapped$epochs)
check("py_function_map_weights", same_as_arrays(mapped, 2))
check("py_function_map_batches_served", sort(unique(served)))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("threads_training"), SCRIPT)


def test_fit_on_a_from_generator_dataset_of_an_r_generator_trains_every_epoch(out):
    assert out["from_generator_epochs"] == "3"


def test_fit_on_a_from_generator_dataset_of_an_r_generator_ends_with_the_weights_of_the_same_arrays(out):
    assert out["from_generator_weights"] == "TRUE"


def test_fit_on_a_from_generator_dataset_asks_the_r_generator_for_every_batch(out):
    assert out["from_generator_batches_served"] == "12"


def test_fit_on_a_map_with_an_r_py_function_trains_every_epoch(out):
    assert out["py_function_map_epochs"] == "2"


def test_fit_on_a_map_with_an_r_py_function_ends_with_the_weights_of_the_same_arrays(out):
    assert out["py_function_map_weights"] == "TRUE"


def test_fit_on_a_map_with_an_r_py_function_calls_it_for_every_batch(out):
    assert out["py_function_map_batches_served"] == "0 1 2 3"
