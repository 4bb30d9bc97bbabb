# R functions as data for fit(), evaluate() and predict() (docs/keras-r-code.md;
# Python side: pyreticulate.keras.generators and pyreticulate.pyobjects.feeds).
#
# An R function returns one batch per call: list(x, y) or list(x, y,
# sample_weight) for fit() and evaluate(), list(x) or x for predict(); x may
# be a list (or tuple()) of arrays for a model with several inputs. Returning
# NULL ends the data. The same works for `validation_data`, and with
# py_iterator() generators.
#
# TensorFlow reads the data from its own threads while the main thread waits
# in C++. The thread running fit() fills a bounded queue of converted batches
# (options(pyreticulate.generator_queue_size), default 10) when the call starts
# and at every batch boundary; a TensorFlow thread that finds the queue empty
# runs the R function itself (one thread runs R at a time). A thread that waits
# longer than options(pyreticulate.generator_timeout) seconds (default: the
# bridge's timeout, 120 s) fails with an error naming the thread and the R
# function.
# An R error in the function stops the call and reaches R as the original
# condition. The R function is never called after the call returns.

.keras_generators_py <- function() import("pyreticulate.keras.generators")

# A Feeder callback for one call: it fills the call's queues.
.keras_feeder <- function() .keras_generators_py()$feeder()

# `x` as Keras data: an R function becomes a generator filled by `feeder`;
# a py_iterator() generator is filled by it too; anything else is unchanged.
.keras_data_source <- function(model, x, feeder, role, name = NULL) {
  if (is.function(x) && !is_py_object(x)) {
    label <- if (is.null(name)) "the data function" else paste0(name, "()")
    step <- .keras_generator_step(x, model, role)
    feed <- .keras_generators_py()$feed(step, label, .keras_generator_queue_size(model),
                                        timeout = getOption("pyreticulate.generator_timeout"))
    feeder$add(feed, role)
    return(feed$generator())
  }
  if (inherits(x, "python.builtin.generator") && isTRUE(feeder$add(x, role)))
    return(.keras_generators_py()$as_batches(x))
  x
}

.keras_generator_queue_size <- function(model) {
  size <- .keras_integer(getOption("pyreticulate.generator_queue_size", 10L),
                         "pyreticulate.generator_queue_size")
  per_call <- tryCatch(as.integer(py_to_r(py_get_attr(model, "steps_per_execution"))),
                       error = function(e) 1L)
  max(size, per_call, 1L)
}

# The R function called for each batch (on whichever thread fills the queue). It returns the
# batch's R arrays (factors as codes, vectors with a dim) and, in the same
# structure, the dtype each must have (inputs: the model's input dtypes);
# Python makes the C-order NumPy arrays (pyreticulate.keras.generators.prepare).
.keras_generator_step <- function(fn, model, role) {
  force(fn)
  dtypes <- .keras_input_dtypes(model)
  floatx <- .floatx()
  function() {
    batch <- fn()
    if (is.null(batch)) return(list(done = TRUE))
    .keras_batch(model, batch, dtypes, floatx)
  }
}

.keras_batch <- function(model, batch, dtypes, floatx) {
  if (is_py_object(batch)) return(list(done = FALSE, value = batch))
  if (!is.list(batch) || is.data.frame(batch)) batch <- list(batch)
  if (!length(batch) %in% 1:3)
    stop("a data function must return list(x, y), list(x, y, sample_weight) or list(x) ",
         "for one batch, or NULL at the end; it returned a list of ", length(batch),
         call. = FALSE)
  values <- function(x, dtype = NULL) .keras_data(x, dtype, leaf = function(a, d) a)
  types <- function(x, dtype = NULL)
    .keras_data(x, dtype, passed = function(v) NA_character_, leaf = function(a, d)
      if (is.character(a)) "str" else .keras_dtype(a, d, floatx))
  x <- batch[[1L]]
  list(done = FALSE,
       value = c(list(.keras_x(model, x, dtypes, values)), lapply(batch[-1L], values)),
       dtypes = c(list(if (is_py_object(x)) NA_character_ else .keras_x(model, x, dtypes, types)),
                  lapply(batch[-1L], types)))
}
