# Per-batch cost of R code inside Keras training, next to the same code in Python.
#
#   python -m pyreticulate run bench/keras_callback_overhead.R [BATCHES] [REPEATS]
#
# Two measures, each the best of REPEATS (default 3) over BATCHES batches
# (default 2000) of 8 rows:
#   * per call, as Keras makes it: an on_train_batch_end hook that counts
#     batches, in R (callback_lambda, Callback(), a KerasCallback R6 object)
#     and in Python, called by Python in a loop; next() on a data generator
#     returning the same batch, in R (converted to C-order float32 arrays, as
#     for fit) and in Python (yielding prepared arrays);
#   * in fit(): a one-layer model trained on arrays with no callback (the
#     baseline) and with each hook, and on each generator. On a busy machine
#     these differences are noisier than the per-call figures.
# Figures are printed, nothing is asserted.

suppressPackageStartupMessages(library(pyreticulate))
suppressPackageStartupMessages(library(keras3))

args <- commandArgs(trailingOnly = TRUE)
batches <- if (length(args) >= 1L) as.integer(args[[1L]]) else 2000L
repeats <- if (length(args) >= 2L) as.integer(args[[2L]]) else 3L
rows <- 8L

set.seed(1)
x <- matrix(rnorm(batches * rows * 4), batches * rows, 4)
y <- as.vector(x %*% c(1, -1, 0.5, 2))
xb <- x[seq_len(rows), , drop = FALSE]
yb <- y[seq_len(rows)]

model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
model %>% compile(optimizer = optimizer_sgd(learning_rate = 0.001), loss = "mse")

# The best time of each run; the repeats are interleaved so that a busy
# moment of the machine does not favour one run.
best_seconds <- function(runs) {
  times <- matrix(NA_real_, repeats, length(runs), dimnames = list(NULL, names(runs)))
  for (i in seq_len(repeats)) for (name in names(runs)) {
    gc()
    times[i, name] <- system.time(runs[[name]]())[["elapsed"]]
  }
  apply(times, 2L, min)
}

fit_arrays <- function(callbacks = NULL) function()
  fit(model, x, y, batch_size = rows, epochs = 1, verbose = 0, shuffle = FALSE,
      callbacks = callbacks)

counter <- 0L
count <- function(batch, logs) {
  counter <<- counter + 1L
  NULL
}
Counting <- Callback("Counting", on_train_batch_end = function(batch, logs = NULL) {
  counter <<- counter + 1L
  NULL
})
CountingR6 <- R6::R6Class("CountingR6", inherit = KerasCallback, public = list(
  on_train_batch_end = function(batch, logs = NULL) {
    counter <<- counter + 1L
    NULL
  }))

py_run_string("
import keras
class PythonCounting(keras.callbacks.Callback):
    count = 0
    def on_train_batch_end(self, batch, logs=None):
        PythonCounting.count += 1

def python_batches(x, y):
    while True:
        yield (x, y)
")
main <- import_main(convert = FALSE)
np <- import("numpy", convert = FALSE)
x_np <- np$ascontiguousarray(xb, dtype = "float32")
y_np <- np$ascontiguousarray(yb, dtype = "float32")

r_batch <- function() list(xb, yb)
fit_generator_r <- function() fit(model, r_batch, steps_per_epoch = batches, epochs = 1,
                                  verbose = 0)
fit_generator_py <- function() fit(model, main$python_batches(x_np, y_np),
                                   steps_per_epoch = batches, epochs = 1, verbose = 0)

py_run_string("
import time

def per_hook_call(callback, n):
    start = time.perf_counter()
    for i in range(n):
        callback.on_train_batch_end(i, {'loss': 1.0})
    return (time.perf_counter() - start) / n

def per_next(generator, n):
    start = time.perf_counter()
    for _ in range(n):
        next(generator)
    return (time.perf_counter() - start) / n
")
best_per_call <- function(measure)
  min(vapply(seq_len(repeats), function(i) py_to_r(measure()), numeric(1L)))
feeder <- keras3:::.keras_feeder()
r_generator <- function() keras3:::.keras_data_source(model, r_batch, feeder, "train")
per_call <- list(
  "hook: R callback_lambda()" = best_per_call(function()
    main$per_hook_call(callback_lambda(on_train_batch_end = count), batches)),
  "hook: R Callback() class" = best_per_call(function() main$per_hook_call(Counting(), batches)),
  "hook: R KerasCallback (R6)" = best_per_call(function()
    main$per_hook_call(r_to_py(CountingR6$new()), batches)),
  "hook: Python Callback" = best_per_call(function()
    main$per_hook_call(main$PythonCounting(), batches)),
  "generator next(): R" = best_per_call(function() main$per_next(r_generator(), batches)),
  "generator next(): Python" = best_per_call(function()
    main$per_next(main$python_batches(x_np, y_np), batches)))
feeder$close()

fit_arrays()()
fit_runs <- list(
  "fit on arrays, no callback" = fit_arrays(),
  "on_train_batch_end: R callback_lambda()" =
    fit_arrays(list(callback_lambda(on_train_batch_end = count))),
  "on_train_batch_end: R Callback() class" = fit_arrays(list(Counting())),
  "on_train_batch_end: R KerasCallback (R6)" = fit_arrays(list(CountingR6$new())),
  "on_train_batch_end: Python Callback" = fit_arrays(list(main$PythonCounting())),
  "generator: Python" = fit_generator_py,
  "generator: R" = fit_generator_r)
fitted <- best_seconds(fit_runs)

per_batch_us <- function(seconds) 1e6 * seconds / batches
line <- function(label, value, overhead = NA)
  cat(sprintf("%-44s %10.1f %12s\n", label, value,
              if (is.na(overhead)) "-" else sprintf("%.1f", overhead)))
cat(sprintf("Keras %s, TensorFlow %s, %d batches of %d rows, best of %d\n",
            py_to_r(keras$`__version__`), tf_version(), batches, rows, repeats))
cat(sprintf("%-44s %10s %12s\n", "per call", "us/call", "vs Python"))
python_hook <- 1e6 * per_call[["hook: Python Callback"]]
python_next <- 1e6 * per_call[["generator next(): Python"]]
for (name in names(per_call)) {
  us <- 1e6 * per_call[[name]]
  versus <- if (startsWith(name, "hook: R")) us - python_hook
    else if (name == "generator next(): R") us - python_next else NA
  line(name, us, versus)
}
cat(sprintf("%-44s %10s %12s\n", "in fit()", "us/batch", "overhead"))
baseline <- fitted[["fit on arrays, no callback"]]
for (name in names(fitted)) {
  versus <- if (startsWith(name, "on_train_batch_end")) fitted[[name]] - baseline
    else if (name == "generator: R") fitted[[name]] - fitted[["generator: Python"]] else NA
  line(name, per_batch_us(fitted[[name]]), per_batch_us(versus))
}
cat(sprintf("hook calls counted: %d\n", counter))
