# The benchmark workloads, written once with reticulate's API: harness.R runs
# this file under reticulate and under pyreticulate. A workload's setup(size)
# runs once and is not timed; run(state) is timed; check(value, state) tests
# the value of the first run, so a side that skips work fails instead of
# looking fast. `size` is the full size, `quick` the size for --quick; a run
# does `ops` operations (a number, or a function of the size) and the time of
# one operation is reported, in `unit`. `compare_to` names a reference row. A
# `self_timed` run returns its own seconds (a paired difference) instead of being timed.

np <- import("numpy")                    # converting: np$pi is an R double
npc <- import("numpy", convert = FALSE)  # not converting: arrays stay in Python
builtins <- import_builtins(convert = FALSE)
is_instance <- function(value, type) py_to_r(builtins$isinstance(value, type))

workload <- function(name, label, unit, size, quick, setup, run, check,
                     ops = 1, repeats = 11L, compare_to = "", self_timed = FALSE) {
  scale <- c(us = 1e6, ms = 1e3, s = 1)[[sub("/.*", "", unit)]]
  list(name = name, label = label, unit = unit, scale = scale, size = size,
       quick = quick, setup = setup, run = run, check = check,
       ops = ops, repeats = repeats, compare_to = compare_to, self_timed = self_timed)
}

py_run_string("
def call_n(f, n):
    for i in range(n):
        value = f(i)
    return value
")

# A data frame with one column of each kind the conversion handles.
make_data_frame <- function(n) {
  set.seed(1)
  data.frame(dbl = runif(n), int = seq_len(n), chr = sprintf("row%d", seq_len(n)),
             lgl = rep_len(c(TRUE, FALSE), n),
             fct = factor(sample(c("low", "mid", "high"), n, replace = TRUE)),
             stringsAsFactors = FALSE)
}

# A small Keras model and fixed data of `batches` batches of 32 rows; with
# `callback`, an R method called by Keras after every training batch.
keras_setup <- function(callback) function(batches) {
  keras <- import("keras")
  keras$utils$set_random_seed(1L)
  set.seed(1)
  x <- matrix(runif(batches * 32 * 20), ncol = 20)
  y <- matrix(rowSums(x) + rnorm(nrow(x)), ncol = 1)
  model <- keras$Sequential(list(keras$Input(shape = list(20L)),
                                 keras$layers$Dense(32L, activation = "relu"),
                                 keras$layers$Dense(1L)))
  model$compile(optimizer = "adam", loss = "mse")
  state <- new.env()
  state$batches_seen <- 0L
  callbacks <- list()
  if (callback) {
    BatchCounter <- PyClass("BatchCounter", list(
      on_train_batch_end = function(self, batch, logs = NULL) {
        state$batches_seen <- state$batches_seen + 1L
        NULL
      }), inherit = keras$callbacks$Callback)
    callbacks <- list(BatchCounter())
  }
  state$fit <- function() model$fit(x, y, batch_size = 32L, epochs = 1L, verbose = 0L,
                                     shuffle = FALSE, callbacks = callbacks)
  state$callback <- callback
  state$batches <- batches
  state
}

# With TensorFlow loaded (Keras scripts): fit() of a small model on 2-row batches, per
# batch, with a Python no-op batch callback, or an R one, or fed by an R function
# (py_iterator) or a Python generator.
py_run_string("
def noop_callback():
    import keras
    class NoOp(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            pass
    return NoOp()
def repeating(x, y):
    while True:
        yield (x, y)
def as_generator(iterator):
    return (item for item in iterator)
")
small_fit_setup <- function(feed) function(batches) {
  tf <- import("tensorflow")
  keras <- import("keras")
  keras$utils$set_random_seed(1L)
  set.seed(1)
  x <- matrix(runif(batches * 2 * 4), ncol = 4)
  y <- matrix(rowSums(x), ncol = 1)
  model <- keras$Sequential(list(keras$Input(shape = list(4L)), keras$layers$Dense(1L)))
  model$compile(optimizer = "sgd", loss = "mse")
  state <- new.env()
  state$batches <- batches
  state$seen <- 0L
  xb <- x[1:2, , drop = FALSE]
  yb <- y[1:2, , drop = FALSE]
  fit_data <- function(callbacks) function()
    model$fit(x, y, batch_size = 2L, epochs = 1L, verbose = 0L, shuffle = FALSE,
              callbacks = callbacks)
  fit_feed <- function(make) function()
    model$fit(make(), steps_per_epoch = as.integer(batches), epochs = 1L, verbose = 0L)
  state$fit <- switch(feed,
    python_callback = fit_data(list(py$noop_callback())),
    r_callback = fit_data(list(PyClass("RBatchCounter", list(
      on_train_batch_end = function(self, batch, logs = NULL) {
        state$seen <- state$seen + 1L
        NULL
      }), inherit = keras$callbacks$Callback)())),
    # prefetch = 1L as keras3's and keras 2.x's fit() wrap an R function (their
    # as_data_generator() and as_generator.function()): one value made ahead on the
    # thread that owns R, for Keras's thread that consumes it (reticulate 1.28's
    # py_iterator() has no prefetch: that side does not run the row)
    r_generator = {
      if (!"prefetch" %in% names(formals(py_iterator)))
        stop(structure(class = c("bench_not_here", "condition"), list(
          message = "this reticulate's py_iterator() has no prefetch (it deadlocks without)",
          call = NULL)))
      fit_feed(function() py$as_generator(py_iterator(function() {
        state$seen <- state$seen + 1L
        tuple(xb, yb)
      }, prefetch = 1L)))
    },
    python_generator = fit_feed(function() py$repeating(np_array(xb), np_array(yb))))
  state
}
fit_checked <- function(value, s) length(value$history$loss) == 1L &&
  (s$seen == 0L || s$seen >= s$batches)

workloads <- list(
  workload("call", "identity Python function called from R", "us/call", 2000, 20,
    setup = function(n) list(n = n, f = py_eval("lambda x: x")),
    run = function(s) { for (i in seq_len(s$n)) value <- s$f(i); value },
    check = function(value, s) identical(value, as.integer(s$n)), ops = identity),

  workload("attribute", "attribute access np$pi", "us/access", 2000, 20,
    setup = function(n) list(n = n),
    run = function(s) { for (i in seq_len(s$n)) value <- np$pi; value },
    check = function(value, s) identical(value, pi), ops = identity),

  workload("callback", "R function called from a Python loop", "us/call", 2000, 20,
    setup = function(n) list(n = as.integer(n), f = function(x) x, call_n = py$call_n),
    run = function(s) s$call_n(s$f, s$n),
    check = function(value, s) identical(value, s$n - 1L), ops = identity),

  workload("matrix_to_numpy", "R double matrix 10^7 -> numpy", "ms", 1e7, 1e4,
    setup = function(n) list(m = matrix(runif(n), nrow = 1000)),
    run = function(s) { for (i in 1:100) value <- r_to_py(s$m); value }, ops = 100,
    check = function(value, s) identical(py_to_r(value$size), length(s$m)) &&
      isTRUE(all.equal(py_to_r(npc$sum(value)), sum(s$m))),
    compare_to = "numpy_copy"),

  workload("numpy_to_r", "numpy float64 10^7 -> R", "ms", 1e7, 1e4,
    setup = function(n) list(a = npc$random$default_rng(1L)$random(as.integer(n))),
    run = function(s) py_to_r(s$a),
    check = function(value, s) is.double(value) && length(value) == py_to_r(s$a$size) &&
      isTRUE(all.equal(sum(value), py_to_r(s$a$sum()))),
    compare_to = "numpy_copy"),

  workload("numpy_copy", "numpy copy of the same 10^7 array (reference)", "ms", 1e7, 1e4,
    setup = function(n) {
      a <- npc$random$default_rng(1L)$random(as.integer(n))
      list(a = a, copy = a$copy)
    },
    run = function(s) s$copy(),
    check = function(value, s) py_to_r(npc$array_equal(value, s$a))),

  workload("r_allocation", "R allocation of 10^7 doubles, numeric() (reference)", "ms",
    1e7, 1e4,
    setup = function(n) list(n = n),
    run = function(s) numeric(s$n),
    check = function(value, s) length(value) == s$n),

  workload("vector_to_list", "R double vector 10^6 -> Python list", "ms", 1e6, 1e3,
    setup = function(n) list(x = runif(n)),
    run = function(s) r_to_py(s$x),
    check = function(value, s) is_instance(value, builtins$list) &&
      py_len(value) == length(s$x)),

  workload("list_to_vector", "Python list 10^6 -> R double vector", "ms", 1e6, 1e3,
    setup = function(n) { x <- runif(n); list(x = x, l = r_to_py(x)) },
    run = function(s) py_to_r(s$l),
    check = function(value, s) identical(value, s$x)),

  workload("df_to_pandas", "data.frame 10^6 rows -> pandas", "ms", 1e6, 1e3,
    setup = function(n) list(df = make_data_frame(n)),
    run = function(s) r_to_py(s$df),
    check = function(value, s) is_instance(value, import("pandas")$DataFrame) &&
      py_len(value) == nrow(s$df) && py_len(value$columns) == ncol(s$df),
    repeats = 5L),

  workload("pandas_to_df", "pandas 10^6 rows -> data.frame", "ms", 1e6, 1e3,
    setup = function(n) { df <- make_data_frame(n); list(df = df, p = r_to_py(df)) },
    run = function(s) py_to_r(s$p),
    check = function(value, s) is.data.frame(value) && nrow(value) == nrow(s$df) &&
      identical(vapply(value, function(col) class(col)[[1]], ""),
                vapply(s$df, function(col) class(col)[[1]], "")),
    repeats = 5L),

  workload("df_chr_to_pandas", "data.frame, character column of 10^6 strings (2 values) -> pandas",
    "ms", 1e6, 1e3,
    setup = function(n) list(df = data.frame(chr = rep_len(c("alpha", "beta"), n))),
    run = function(s) r_to_py(s$df),
    check = function(value, s) is_instance(value, import("pandas")$DataFrame) &&
      py_len(value) == nrow(s$df) && identical(py_to_r(value$chr$iloc[1L]), "beta"),
    repeats = 9L),

  workload("proxies", "create and drop 10^5 proxies (object() from R, then gc)",
    "us/proxy", 1e5, 100,
    setup = function(n) list(n = n, new = builtins$object),
    run = function(s) {
      proxies <- lapply(seq_len(s$n), function(i) s$new())
      count <- length(proxies)
      rm(proxies)
      invisible(gc())
      count
    },
    check = function(value, s) value == s$n, ops = identity, repeats = 5L),

  workload("keras_fit", "Keras fit, one epoch of 200 batches", "ms/epoch", 200, 4,
    setup = keras_setup(callback = FALSE),
    run = function(s) s$fit(),
    check = function(value, s) length(value$history$loss) == 1L, repeats = 9L),

  workload("keras_fit_callback", "Keras fit, one epoch of 200 batches, R callback per batch",
    "ms/epoch", 200, 4,
    setup = keras_setup(callback = TRUE),
    run = function(s) s$fit(),
    check = function(value, s) s$batches_seen == s$batches, repeats = 9L),

  workload("call_tf", "identity Python function called from R, TensorFlow loaded", "us/call",
    2000, 20,
    setup = function(n) { import("tensorflow"); list(n = n, f = py_eval("lambda x: x")) },
    run = function(s) { for (i in seq_len(s$n)) value <- s$f(i); value },
    check = function(value, s) identical(value, as.integer(s$n)), ops = identity),

  workload("callback_tf", "R function called from a Python loop, TensorFlow loaded", "us/call",
    2000, 20,
    setup = function(n) {
      import("tensorflow")
      list(n = as.integer(n), f = function(x) x, call_n = py$call_n)
    },
    run = function(s) s$call_n(s$f, s$n),
    check = function(value, s) identical(value, s$n - 1L), ops = identity),

  workload("fit_python_callback", "fit(), 2-row batches, Python no-op batch callback",
    "us/batch", 500, 4, setup = small_fit_setup("python_callback"),
    run = function(s) s$fit(), check = fit_checked, ops = identity, repeats = 7L),

  # Paired: each run times a fit() with the Python callback and one with the R callback,
  # back to back, and gives the difference (self-timed), so that a slower or faster
  # phase of the machine falls on both.
  workload("fit_r_callback_extra", "extra cost of an R batch callback in fit() (over the Python one)",
    "us/batch", 1000, 4, setup = function(batches) list(
      python = small_fit_setup("python_callback")(batches),
      r = small_fit_setup("r_callback")(batches)),
    run = function(s) {
      python <- system.time(s$python$fit())[["elapsed"]]
      r <- system.time(s$r$fit())[["elapsed"]]
      r - python
    },
    check = function(value, s) is.numeric(value) && s$r$seen >= s$r$batches,
    ops = identity, repeats = 9L, self_timed = TRUE),

  workload("fit_python_generator", "fit() fed by a Python generator, 2-row batches",
    "us/batch", 500, 4, setup = small_fit_setup("python_generator"),
    run = function(s) s$fit(), check = fit_checked, ops = identity, repeats = 7L),

  # Last: reticulate can hang here (a TensorFlow thread calling R while the main thread
  # waits for it, which prefetch makes rare), and a side stopped as hung loses only the
  # rows it had not finished.
  workload("fit_r_generator", "fit() fed by an R function (py_iterator), 2-row batches",
    "us/batch", 500, 4, setup = small_fit_setup("r_generator"),
    run = function(s) s$fit(), check = fit_checked, ops = identity, repeats = 7L)
)
names(workloads) <- vapply(workloads, `[[`, "", "name")
