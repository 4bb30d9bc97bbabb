"""R code that Keras calls from threads of its own while fit() waits for it
(pyreticulate/runtime/threads.py: fit() runs on the main thread, Keras's
threads take R in turn while it waits with R suspended): a Python PyDataset whose __getitem__ calls R, a
PyClass PyDataset with R methods, four data workers, Ctrl-C while R produces
the data, and the TensorFlow state the Python calls of R code see."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
np <- import("numpy", convert = FALSE)
keras$utils$set_random_seed(3L)
set.seed(3)
n_batches <- 4L; rows <- 8L; lr <- 0.05
x <- matrix(rnorm(n_batches * rows * 2), ncol = 2)
y <- x %*% c(2, -1)
batch_rows <- function(i) (i * rows + 1):((i + 1) * rows)
as_batch <- function(i) tuple(np$array(x[batch_rows(i), , drop = FALSE], dtype = "float32"),
                              np$array(y[batch_rows(i), , drop = FALSE], dtype = "float32"))

# Plain SGD on the mean squared error, the batches in order: what Keras must end with.
expected_kernel <- function(epochs) {
  w <- c(0, 0)
  for (e in seq_len(epochs)) for (i in seq_len(n_batches) - 1L) {
    xb <- x[batch_rows(i), , drop = FALSE]
    yb <- y[batch_rows(i)]
    w <- w - lr * 2 / rows * as.vector(t(xb) %*% (xb %*% w - yb))
  }
  w
}
linear_model <- function() {
  model <- keras_model_sequential(input_shape = 2) %>%
    layer_dense(1, use_bias = FALSE, kernel_initializer = "zeros")
  model %>% compile(optimizer = optimizer_sgd(learning_rate = lr), loss = "mse")
  model
}
kernel_matches <- function(model, epochs)
  isTRUE(all.equal(as.vector(get_weights(model)[[1]]), expected_kernel(epochs), tolerance = 1e-4))

py_run_string("
import keras
class RBatches(keras.utils.PyDataset):
    def __init__(self, r_batch, n, **kwargs):
        super().__init__(**kwargs)
        self.r_batch, self.n = r_batch, n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return self.r_batch(i)
")

# ---- a Python PyDataset whose __getitem__ calls R, one worker --------------------------------
served <- integer()
r_batch <- function(i) { served <<- c(served, i); as_batch(i) }
model <- linear_model()
history <- fit(model, py$RBatches(r_batch, n_batches, workers = 1L), epochs = 2,
               shuffle = FALSE, verbose = 0)
check("python_pydataset_epochs", length(history$metrics$loss))
check("python_pydataset_kernel", kernel_matches(model, 2))
check("python_pydataset_batches_served", sort(unique(served)))
check("python_pydataset_loss_decreases", history$metrics$loss[[2]] < history$metrics$loss[[1]])

# ---- a PyClass PyDataset with R methods ---------------------------------------------------
R_Batches <- PyClass("R_Batches", inherit = keras$utils$PyDataset, list(
  `__module__` = "__main__",
  `__init__` = function(self, ...) { super()$`__init__`(...); NULL },
  `__len__` = function(self) n_batches,
  `__getitem__` = function(self, i) { served <<- c(served, i); as_batch(i) }
))
served <- integer()
model <- linear_model()
history <- fit(model, R_Batches(workers = 1L), epochs = 3, shuffle = FALSE, verbose = 0)
check("pyclass_pydataset_epochs", length(history$metrics$loss))
check("pyclass_pydataset_kernel", kernel_matches(model, 3))
check("pyclass_pydataset_batches_served", sort(unique(served)))

# ---- four worker threads ------------------------------------------------------------------
served <- integer()
model <- linear_model()
history <- fit(model, R_Batches(workers = 4L, use_multiprocessing = FALSE), epochs = 2,
               shuffle = FALSE, verbose = 0)
check("four_workers_epochs", length(history$metrics$loss))
check("four_workers_kernel", kernel_matches(model, 2))
check("four_workers_batches_served", sort(unique(served)))

# ---- Ctrl-C while R produces a batch for a data thread --------------------------------------
calls <- 0L
ctrl_c_batches <- function(i) {
  calls <<- calls + 1L
  if (calls == 6L) tools::pskill(Sys.getpid(), tools::SIGINT)
  as_batch(i)
}
model <- linear_model()
interrupted <- tryCatch({
  fit(model, py$RBatches(ctrl_c_batches, n_batches, workers = 1L), epochs = 50,
      shuffle = FALSE, verbose = 0)
  "not interrupted"
}, interrupt = function(e) class(e)[[1]])
check("ctrl_c_during_pydataset_fit", interrupted)
check("ctrl_c_during_pydataset_fit_stops_early", calls < 50L * n_batches)
check("usable_after_ctrl_c", length(fit(model, py$RBatches(r_batch, n_batches, workers = 1L),
                                        epochs = 1, shuffle = FALSE, verbose = 0)$metrics$loss))

# ---- the TensorFlow state R code called by fit() sees -----------------------------------------
eager_in_call <- logical()
Probe <- Layer("Probe", call = function(inputs, ...) {
  eager_in_call <<- c(eager_in_call, tf$executing_eagerly())
  inputs * 2
})
probe_model <- keras_model_sequential(input_shape = 2) %>% Probe() %>% layer_dense(1)
probe_model %>% compile(optimizer = "sgd", loss = "mse")
invisible(fit(probe_model, x, y, epochs = 1, batch_size = 8, verbose = 0))
check("layer_call_sees_the_traced_graph_of_fit", unique(eager_in_call[-1]))
check("top_level_is_eager_again", tf$executing_eagerly())
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_threads"), SCRIPT)


def test_python_pydataset_calling_r_trains_every_epoch(out):
    assert out["python_pydataset_epochs"] == "2"


def test_python_pydataset_calling_r_ends_with_the_sgd_weights(out):
    assert out["python_pydataset_kernel"] == "TRUE"


def test_python_pydataset_calling_r_is_asked_for_every_batch(out):
    assert out["python_pydataset_batches_served"] == "0 1 2 3"


def test_python_pydataset_calling_r_loss_decreases(out):
    assert out["python_pydataset_loss_decreases"] == "TRUE"


def test_pyclass_pydataset_with_r_methods_trains_every_epoch(out):
    assert out["pyclass_pydataset_epochs"] == "3"


def test_pyclass_pydataset_with_r_methods_ends_with_the_sgd_weights(out):
    assert out["pyclass_pydataset_kernel"] == "TRUE"


def test_pyclass_pydataset_with_r_methods_is_asked_for_every_batch(out):
    assert out["pyclass_pydataset_batches_served"] == "0 1 2 3"


def test_pydataset_with_four_worker_threads_trains_every_epoch(out):
    assert out["four_workers_epochs"] == "2"


def test_pydataset_with_four_worker_threads_ends_with_the_sgd_weights(out):
    assert out["four_workers_kernel"] == "TRUE"


def test_pydataset_with_four_worker_threads_is_asked_for_every_batch(out):
    assert out["four_workers_batches_served"] == "0 1 2 3"


def test_ctrl_c_while_r_produces_a_batch_interrupts_fit(out):
    assert out["ctrl_c_during_pydataset_fit"] == "interrupt"
    assert out["ctrl_c_during_pydataset_fit_stops_early"] == "TRUE"


def test_model_and_pydataset_are_usable_after_ctrl_c(out):
    assert out["usable_after_ctrl_c"] == "1"


def test_r_layer_called_while_fit_traces_sees_graph_mode(out):
    assert out["layer_call_sees_the_traced_graph_of_fit"] == "FALSE"


def test_top_level_is_eager_after_fit(out):
    assert out["top_level_is_eager_again"] == "TRUE"
