# Training and inference: compile, fit, evaluate, predict and the *_on_batch
# methods on Keras models, with R data prepared by .keras_x()/.keras_data().

# compile() and fit() are the generics of the generics package, evaluate()
# tensorflow's (as in the real keras3); the *_on_batch generics are keras3's.
train_on_batch <- function(object, ...) UseMethod("train_on_batch")
test_on_batch <- function(object, ...) UseMethod("test_on_batch")
predict_on_batch <- function(object, ...) UseMethod("predict_on_batch")

compile.keras.src.models.model.Model <- function(object, optimizer = "rmsprop", loss = NULL,
                                                 metrics = NULL, ..., loss_weights = NULL,
                                                 weighted_metrics = NULL, run_eagerly = FALSE,
                                                 steps_per_execution = 1L, jit_compile = "auto",
                                                 auto_scale_loss = TRUE) {
  outputs <- .output_names(object)
  args <- list(optimizer = optimizer)
  if (!is.null(loss)) args$loss <- .as_loss(loss, outputs)
  if (!is.null(metrics)) args$metrics <- .as_metrics(metrics, outputs)
  if (!is.null(weighted_metrics)) args$weighted_metrics <- .as_metrics(weighted_metrics, outputs)
  if (!is.null(loss_weights)) args$loss_weights <- loss_weights
  if (!missing(run_eagerly)) args$run_eagerly <- run_eagerly
  if (!missing(steps_per_execution))
    args$steps_per_execution <- .keras_integer(steps_per_execution, "steps_per_execution")
  if (!missing(jit_compile)) args$jit_compile <- jit_compile
  if (!missing(auto_scale_loss)) args$auto_scale_loss <- auto_scale_loss
  py_call(py_get_attr(object, "compile"), !!!args, ...)
  invisible(object)
}

.output_names <- function(model) {
  names <- tryCatch(py_get_attr(model, "output_names"), error = function(e) NULL)
  if (is.null(names)) return(character())
  as.character(unlist(py_to_r(py_call(import_builtins(convert = FALSE)$list, names))))
}

# fit() returns a keras_training_history (invisibly). `initial_epoch` counts
# from 1; `class_weight` is a list or vector named by 0-based class index.
# `x` and `validation_data` may be R functions (keras-generators.R). Ctrl-C
# stops training at the next batch with an R interrupt whose `history` field
# holds the history so far (see .keras_fit()).
fit.keras.src.models.model.Model <- function(object, x = NULL, y = NULL, ..., batch_size = NULL,
                                             epochs = 1L, callbacks = NULL,
                                             validation_split = 0, validation_data = NULL,
                                             shuffle = TRUE, class_weight = NULL,
                                             sample_weight = NULL, initial_epoch = 1L,
                                             steps_per_epoch = NULL, validation_steps = NULL,
                                             validation_batch_size = NULL, validation_freq = 1L,
                                             verbose = getOption("keras.verbose", default = "auto")) {
  feeder <- .keras_feeder()
  on.exit(feeder$close(), add = TRUE)
  x <- .keras_data_source(object, x, feeder, "train", .symbol_name(substitute(x)))
  validation_data <- .keras_data_source(object, validation_data, feeder, "test",
                                        .symbol_name(substitute(validation_data)))
  .check_batch_size(x, batch_size)
  args <- .drop_nulls(list(
    x = .keras_x(object, x), y = .keras_data(y),
    batch_size = .keras_integer(batch_size, "batch_size"),
    epochs = .keras_integer(epochs, "epochs"),
    verbose = .keras_verbose(verbose),
    callbacks = .keras_callbacks(callbacks, feeder),
    validation_split = if (validation_split != 0) validation_split,
    validation_data = .keras_validation_data(object, validation_data),
    shuffle = if (missing(shuffle) && (.is_dataset(x) || .is_generator(x))) FALSE else shuffle,
    class_weight = .keras_class_weight(class_weight),
    sample_weight = .keras_data(sample_weight),
    initial_epoch = .keras_integer(initial_epoch, "initial_epoch") - 1L,
    steps_per_epoch = .keras_integer(steps_per_epoch, "steps_per_epoch"),
    validation_steps = .keras_integer(validation_steps, "validation_steps"),
    validation_batch_size = .keras_integer(validation_batch_size, "validation_batch_size"),
    validation_freq = .keras_integer(validation_freq, "validation_freq")))
  history <- .keras_fit(object, args, ...)
  invisible(.keras_training_history(history))
}

# model$fit() with an interrupt guard (pyreticulate.keras.callbacks): the
# first Ctrl-C stops training at the next batch boundary, the trained weights
# stay in the model, and R gets an interrupt condition whose `history` field
# is the keras_training_history so far (the interrupted epoch included, with
# the metrics of its last batch). Keras's own record stays in
# `model$history$history`. A second Ctrl-C interrupts at once.
.keras_fit <- function(model, args, ...) {
  guard <- .keras_callbacks_py()$interrupt_guard()
  tryCatch(py_call(.keras_callbacks_py()$fit, model, guard, !!!args, ...),
           interrupt = function(e) .keras_interrupted(guard, e))
}

.keras_interrupted <- function(guard, e) {
  history <- py_get_attr(guard, "history")
  condition <- structure(
    list(message = "", call = conditionCall(e),
         history = if (!is.null(py_to_r(history))) .keras_training_history(history)),
    class = c("interrupt", "condition"))
  signalCondition(condition)
  invokeRestart("abort")
}

# evaluate() gives a named list: loss and each metric.
evaluate.keras.src.models.model.Model <- function(object, x = NULL, y = NULL, ...,
                                                  batch_size = NULL,
                                                  verbose = getOption("keras.verbose", default = "auto"),
                                                  sample_weight = NULL, steps = NULL,
                                                  callbacks = NULL) {
  feeder <- .keras_feeder()
  on.exit(feeder$close(), add = TRUE)
  x <- .keras_data_source(object, x, feeder, "test", .symbol_name(substitute(x)))
  .check_batch_size(x, batch_size)
  args <- .drop_nulls(list(
    x = .keras_x(object, x), y = .keras_data(y),
    batch_size = .keras_integer(batch_size, "batch_size"),
    verbose = .keras_verbose(verbose),
    sample_weight = .keras_data(sample_weight),
    steps = .keras_integer(steps, "steps"),
    callbacks = .keras_callbacks(callbacks, feeder),
    return_dict = TRUE))
  as.list(py_to_r(py_call(py_get_attr(object, "evaluate"), !!!args, ...)))
}

# predict() gives an R array; for several outputs a list named by output.
predict.keras.src.models.model.Model <- function(object, x, ..., batch_size = NULL,
                                                 verbose = getOption("keras.verbose", default = "auto"),
                                                 steps = NULL, callbacks = NULL) {
  feeder <- .keras_feeder()
  on.exit(feeder$close(), add = TRUE)
  x <- .keras_data_source(object, x, feeder, "predict", .symbol_name(substitute(x)))
  .check_batch_size(x, batch_size)
  args <- .drop_nulls(list(
    x = .keras_x(object, x),
    batch_size = .keras_integer(batch_size, "batch_size"),
    verbose = .keras_verbose(verbose),
    steps = .keras_integer(steps, "steps"),
    callbacks = .keras_callbacks(callbacks, feeder)))
  .keras_outputs(object, py_call(py_get_attr(object, "predict"), !!!args, ...))
}

train_on_batch.keras.src.models.model.Model <- function(object, x, y = NULL, sample_weight = NULL,
                                                        class_weight = NULL, ...) {
  args <- .drop_nulls(list(
    x = .keras_x(object, x), y = .keras_data(y), sample_weight = .keras_data(sample_weight),
    class_weight = .keras_class_weight(class_weight), return_dict = TRUE))
  .batch_metrics(py_call(py_get_attr(object, "train_on_batch"), !!!args, ...))
}

test_on_batch.keras.src.models.model.Model <- function(object, x, y = NULL, sample_weight = NULL,
                                                       ...) {
  args <- .drop_nulls(list(
    x = .keras_x(object, x), y = .keras_data(y), sample_weight = .keras_data(sample_weight),
    return_dict = TRUE))
  .batch_metrics(py_call(py_get_attr(object, "test_on_batch"), !!!args, ...))
}

predict_on_batch.keras.src.models.model.Model <- function(object, x, ...) {
  .keras_outputs(object, py_call(py_get_attr(object, "predict_on_batch"),
                                 .keras_x(object, x), ...))
}

# ---- helpers -------------------------------------------------------------------------

.drop_nulls <- function(args) args[!vapply(args, is.null, TRUE)]

.is_dataset <- function(x) inherits(x, "tensorflow.python.data.ops.dataset_ops.DatasetV2")

# A tf.data.Dataset is already batched: Keras would silently ignore batch_size.
.check_batch_size <- function(x, batch_size) {
  if (!is.null(batch_size) && .is_dataset(x))
    stop("`batch_size` cannot be used with a tf.data.Dataset, which is already batched; ",
         "batch the dataset instead", call. = FALSE)
}

# A named list of metrics; a single value on its own.
.batch_metrics <- function(result) {
  metrics <- as.list(py_to_r(result))
  if (length(metrics) == 1L) metrics[[1L]] else metrics
}

.keras_outputs <- function(model, result) {
  value <- py_to_r(result)
  if (is.list(value) && is.null(names(value)) && length(value) > 1L) {
    outputs <- .output_names(model)
    if (length(outputs) == length(value)) names(value) <- outputs
  }
  value
}

# verbose = "auto": silent under testthat, one line per epoch in knitr and
# when the output is not a terminal, Keras's live progress bar otherwise.
.keras_verbose <- function(verbose) {
  if (!identical(verbose, "auto")) return(.keras_integer(verbose, "verbose"))
  if (identical(Sys.getenv("TESTTHAT"), "true")) return(0L)
  if (isTRUE(getOption("knitr.in.progress")) || !.output_is_terminal()) return(2L)
  1L
}

.output_is_terminal <- function() {
  stdout <- py_get_attr(import("sys", convert = FALSE), "stdout")
  isTRUE(tryCatch(py_to_r(py_call(py_get_attr(stdout, "isatty"))), error = function(e) FALSE))
}

# Callbacks as a list of Python callbacks (keras-callbacks.R), and the call's
# Feeder when it has R data functions to fill (keras-generators.R).
.keras_callbacks <- function(callbacks, feeder = NULL) {
  if (!is.null(callbacks) && (is_py_object(callbacks) || !is.list(callbacks)))
    callbacks <- list(callbacks)
  callbacks <- lapply(callbacks, .as_keras_callback)
  if (!is.null(feeder) && py_len(feeder) > 0L) callbacks <- c(callbacks, list(feeder))
  if (length(callbacks)) callbacks
}

.is_generator <- function(x) inherits(x, "python.builtin.generator")

# list(x, y) or list(x, y, sample_weight) → a tuple of arrays.
.keras_validation_data <- function(model, data) {
  if (is.null(data) || is_py_object(data)) return(data)
  if (!is.list(data) || !length(data) %in% 2:3)
    stop("`validation_data` must be list(x, y) or list(x, y, sample_weight)", call. = FALSE)
  parts <- list(.keras_x(model, data[[1L]]), .keras_data(data[[2L]]))
  if (length(data) == 3L) parts[[3L]] <- .keras_data(data[[3L]])
  tuple(parts)
}

# class_weight: names (or positions, from 0) are class indices.
.keras_class_weight <- function(weights) {
  if (is.null(weights) || is_py_object(weights)) return(weights)
  keys <- names(weights)
  if (is.null(keys)) keys <- as.character(seq_along(weights) - 1L)
  ids <- suppressWarnings(as.integer(keys))
  if (anyNA(ids) || any(as.character(ids) != keys))
    stop("`class_weight` must be named by class index (0-based integers), not by ",
         paste0("\"", keys[is.na(ids)], "\"", collapse = ", "), call. = FALSE)
  py_dict(as.list(ids), lapply(unname(as.list(weights)), as.numeric))
}
