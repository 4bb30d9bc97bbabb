# The data fit(), evaluate() and predict() give Keras, as keras 2.x takes it:
# R arrays as NumPy arrays (keras_array()), Python objects as they are, and R
# functions as generators (keras 2.x's as_generator()).
#
# An R function returns one batch per call: list(x, y) or list(x, y,
# sample_weight) for fit() and evaluate(), list(x) or x for predict(); NULL ends
# the data (keras 2.x's generators never end: `steps_per_epoch` and `steps` bound
# them). tf_keras reads generators from tf.data's threads while R runs only on
# the main thread, so each R function becomes a bounded queue the main thread
# fills at the batch boundaries (pyreticulate.keras.generators: the call's
# Feeder callback, on tf_keras's Callback; options(pyreticulate.generator_queue_size),
# default 10). The function is never called after the call returns.

.keras2_generators_py <- function() import("pyreticulate.keras.generators")

# The Feeder callback of one fit(), evaluate() or predict() call.
.keras2_feeder <- function() .keras2_generators_py()$feeder("tf_keras")

# `x` as Keras data for the call's `role` ("train", "test" or "predict"): an R
# function becomes a generator `feeder` fills, a py_iterator() generator is
# filled by it too, anything else is converted by keras_array().
.keras2_data_source <- function(x, feeder, role, expression = NULL) {
  if (is.function(x) && !is_py_object(x)) {
    label <- if (is.symbol(expression)) paste0(as.character(expression), "()")
             else "the data function"
    size <- .keras2_argument("pyreticulate.generator_queue_size",
                             getOption("pyreticulate.generator_queue_size", 10L),
                             convention = "integer")
    feed <- .keras2_generators_py()$feed(.keras2_generator_step(x), label, size,
                                         timeout = getOption("pyreticulate.generator_timeout"))
    feeder$add(feed, role)
    return(feed$generator())
  }
  if (inherits(x, "python.builtin.generator") && isTRUE(feeder$add(x, role)))
    return(.keras2_generators_py()$as_batches(x))
  keras_array(x)
}

# validation_data: list(x, y) or list(x, y, sample_weight) as a tuple of
# arrays; an R function or a Python object as for `x`.
.keras2_validation_data <- function(data, feeder, expression = NULL) {
  if (is.null(data) || is_py_object(data) || is.function(data))
    return(.keras2_data_source(data, feeder, "test", expression))
  if (!is.list(data) || !length(data) %in% 2:3)
    stop("fit(): `validation_data` must be list(x, y), list(x, y, sample_weight), a dataset ",
         "or a function returning batches", call. = FALSE)
  tuple(lapply(data, keras_array))
}

# The R function called on the main thread for each batch: the batch as
# arrays (keras_array()), in a structure of the same shape that tells
# pyreticulate.keras.generators.prepare() to pass them as they are and make
# tuples of the lists (tf.data takes no lists).
.keras2_generator_step <- function(fn) {
  force(fn)
  function() {
    batch <- fn()
    if (is.null(batch)) return(list(done = TRUE))
    if (is_py_object(batch)) return(list(done = FALSE, value = batch))
    if (!is.list(batch) || is.data.frame(batch)) batch <- list(batch)
    if (!length(batch) %in% 1:3)
      stop("a data function must return list(x, y), list(x, y, sample_weight) or list(x) ",
           "for one batch; it returned a list of ", length(batch), call. = FALSE)
    value <- lapply(batch, keras_array)
    list(done = FALSE, value = value, dtypes = .keras2_as_given(value))
  }
}

.keras2_as_given <- function(value) {
  if (is.list(value)) lapply(value, .keras2_as_given) else NULL
}
