# Training and inference: compile, fit, evaluate, predict and the *_on_batch
# methods on Keras models, with R data prepared by .keras_x()/.keras_data().

# compile() and fit() are the generics of the generics package, evaluate()
# tensorflow's (as in the real keras3); the *_on_batch generics are keras3's.
#' Train, test or predict on a single batch
#'
#' @description
#' These call the model's `train_on_batch()`, `test_on_batch()` and
#' `predict_on_batch()`: one gradient update on one batch, the loss and
#' metrics of one batch without updating, or the predictions for one batch.
#' The data are converted as for [fit()][fit.keras.src.models.model.Model]:
#' R arrays become NumPy arrays in the dtype of the model's input (floatx for
#' doubles), a factor becomes its 0-based codes, and a list of arrays feeds a
#' model with several inputs (by input name when the list is named).
#'
#' They are S3 generics with methods for Keras models.
#'
#' @param object A compiled Keras model.
#' @param x The inputs of the batch: an array, or a list of arrays for
#'   several inputs.
#' @param y The targets of the batch.
#' @param sample_weight Weights of the samples of the batch, one per sample.
#' @param class_weight Weights of the classes, named by 0-based class index
#'   (see [fit()][fit.keras.src.models.model.Model]).
#' @param ... Further arguments of the Keras method, by name.
#'
#' @returns `train_on_batch()` and `test_on_batch()`: a named list of the loss
#'   and the metrics for the batch, or the single value when the model has no
#'   metrics. `predict_on_batch()`: an R array of predictions, or for a model
#'   with several outputs a list of them, named when the model's outputs are
#'   (a named list of outputs), as for `predict()`.
#' @md
#' @examples
#' \dontrun{
#' x <- matrix(runif(32 * 10), 32, 10)
#' y <- runif(32)
#' train_on_batch(model, x, y)
#' test_on_batch(model, x, y)
#' predict_on_batch(model, x)
#' }
train_on_batch <- function(object, ...) UseMethod("train_on_batch")
#' @rdname train_on_batch
test_on_batch <- function(object, ...) UseMethod("test_on_batch")
#' @rdname train_on_batch
predict_on_batch <- function(object, ...) UseMethod("predict_on_batch")

#' Configure a model for training
#'
#' @description
#' Calls the model's `compile()` with the optimizer, the loss and the metrics
#' to use in [fit()][fit.keras.src.models.model.Model] and
#' [evaluate()][evaluate.keras.src.models.model.Model]. The model is modified in
#' place, so `model %>% compile(...)` needs no reassignment.
#'
#' Losses and metrics may be given as Keras's names (`"mse"`,
#' `"sparse_categorical_crossentropy"`, `"accuracy"`), as the objects or
#' functions of `loss_*()` and `metric_*()` (called or not), as classes from
#' [Loss()] and [Metric()], or as R functions `function(y_true, y_pred)`,
#' which become Python functions named by their `py_function_name` attribute
#' (else `"custom_loss"`, and for a metric its name in the list, else
#' `"custom_metric"`). For a model with several outputs, a list named by the
#' outputs' names gives a loss (or a list of metrics) per output.
#'
#' `run_eagerly`, `steps_per_execution`, `jit_compile` and `auto_scale_loss`
#' reach Keras only when you give them, so Keras's defaults apply otherwise.
#'
#' @param object A Keras model.
#' @param optimizer The optimizer: a name such as `"adam"` or an
#'   `optimizer_*()` object.
#' @param loss The loss: a name, a loss object or function, an R function, or
#'   a list of them named by output.
#' @param metrics The metrics to report: a list (or vector) of names, metric
#'   objects or functions and R functions, or a list of such lists named by
#'   output.
#' @param ... Further arguments of Keras's `compile()`, by name.
#' @param loss_weights Weights of the losses of several outputs (a list or
#'   vector, by position or output name).
#' @param weighted_metrics Metrics weighted by `sample_weight` or
#'   `class_weight` during training and evaluation, given as `metrics` is.
#' @param run_eagerly Whether to run the training step eagerly instead of
#'   as a compiled graph (slower; useful for debugging).
#' @param steps_per_execution How many batches each compiled call runs (a
#'   whole number).
#' @param jit_compile Whether to compile the training step with XLA;
#'   `"auto"` lets Keras decide.
#' @param auto_scale_loss Whether to scale the loss when a mixed-precision
#'   dtype policy is used.
#'
#' @returns `object`, invisibly.
#' @method compile keras.src.models.model.Model
#' @seealso [fit()][fit.keras.src.models.model.Model]
#' @md
#' @examples
#' \dontrun{
#' model %>% compile(
#'   optimizer = optimizer_adam(learning_rate = 1e-3),
#'   loss = "sparse_categorical_crossentropy",
#'   metrics = "accuracy"
#' )
#'
#' huber <- function(y_true, y_pred) loss_huber(y_true, y_pred, delta = 0.5)
#' model %>% compile(optimizer = "sgd", loss = huber, metrics = list("mae", metric_r2_score()))
#' }
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
#' Train a model
#'
#' @description
#' Calls the model's `fit()` for a fixed number of epochs and returns the
#' history of the loss and metrics. The model must be compiled
#' ([compile()][compile.keras.src.models.model.Model]).
#'
#' **Data.** `x` (and `y`) may be:
#' * R arrays, matrices, vectors or data frames (converted as by
#'   `data.matrix()`). They become NumPy arrays in the dtype of the model's
#'   input, or floatx for doubles; a factor becomes its 0-based codes.
#' * A list of arrays for a model with several inputs, named by the inputs'
#'   names or in order.
#' * A TensorFlow dataset (from tfdatasets) that yields `(x, y)` batches, with
#'   no `y` and no `batch_size` (a dataset is already batched, so
#'   `batch_size` is an error rather than being ignored).
#' * An R function that returns one batch per call: `list(x, y)` or `list(x,
#'   y, sample_weight)`, and `NULL` at the end of the data. Give
#'   `steps_per_epoch` for a function that never ends. Keras reads the data
#'   from other threads; the function is still only ever called from R's
#'   thread, which queues the batches before Keras needs them. An R error in it
#'   stops `fit()` with the original condition.
#'
#' **R conventions.** `epochs`, `batch_size`, the step counts and `verbose` are
#' whole numbers (`10` is fine, `10.5` is an error; `verbose` may also be
#' `TRUE` for 1 or `FALSE` for 0). `initial_epoch` counts from
#' 1, so `initial_epoch = 1` (the default) starts at the beginning. The names of
#' `class_weight` are 0-based class indices, as the labels are. `shuffle` is
#' `FALSE` by default for datasets and data functions, which cannot be
#' shuffled.
#'
#' **Interrupting.** The first Ctrl-C during `fit()` stops training at the end
#' of the current batch; the weights trained so far stay in the model, and
#' the R interrupt condition has the history so far in its `history` field:
#' `history <- tryCatch(fit(...), interrupt = function(e) e$history)`. A
#' second Ctrl-C interrupts at once.
#'
#' @param object A compiled Keras model.
#' @param x The training inputs (see above).
#' @param y The training targets, when `x` is arrays.
#' @param ... Further arguments of Keras's `fit()`, by name.
#' @param batch_size The number of samples per gradient update (a whole
#'   number); Keras uses 32 when `NULL`.
#' @param epochs The number of epochs to train (a whole number).
#' @param callbacks A list of callbacks to call during training:
#'   `callback_*()` objects, instances of [Callback()] classes, or objects of
#'   R6 classes inheriting from keras's `KerasCallback`. A single callback is
#'   also accepted.
#' @param validation_split The fraction of the data (taken from its end) held
#'   out to compute the validation loss and metrics after each epoch.
#' @param validation_data The data to compute the validation loss and metrics
#'   on after each epoch: `list(x, y)`, `list(x, y, sample_weight)`, a dataset
#'   or an R function as for `x`.
#' @param shuffle Whether to shuffle the training data before each epoch.
#' @param class_weight Weights for the loss of each class: a named list or
#'   vector whose names are the 0-based class indices (`c("0" = 1, "1" = 5)`),
#'   or an unnamed vector with one weight per class in order.
#' @param sample_weight Weights for the loss of each training sample.
#' @param initial_epoch The epoch to start at, counting from 1 (to resume an
#'   earlier training run).
#' @param steps_per_epoch The number of batches per epoch (a whole number); by
#'   default, all of the data.
#' @param validation_steps The number of validation batches to draw at the
#'   end of each epoch, for validation data that do not end.
#' @param validation_batch_size The batch size for validation (a whole
#'   number); `batch_size` when `NULL`.
#' @param validation_freq Validate every this many epochs (a whole number).
#' @param verbose `0` (or `FALSE`) for silent, `1` (or `TRUE`) for a progress
#'   bar, `2` for one line per epoch, or `"auto"`: silent under testthat, one line per epoch in knitr or
#'   when the output is not a terminal, a progress bar otherwise. The default
#'   comes from `getOption("keras.verbose")`.
#'
#' @returns A `keras_training_history` object, invisibly: a list with
#'   `params` (Keras's `verbose`, `epochs` and `steps`) and `metrics` (one
#'   numeric vector per metric, one value per epoch; validation metrics are
#'   prefixed with `val_`). See [plot.keras_training_history()].
#' @method fit keras.src.models.model.Model
#' @seealso [evaluate()][evaluate.keras.src.models.model.Model],
#'   [predict()][predict.keras.src.models.model.Model], [callback_lambda()]
#' @md
#' @examples
#' \dontrun{
#' x <- matrix(rnorm(1000 * 10), ncol = 10)
#' y <- x %*% rnorm(10)
#' model <- keras_model_sequential(input_shape = 10) %>% layer_dense(1)
#' model %>% compile(optimizer = "adam", loss = "mse")
#' history <- model %>% fit(x, y, epochs = 5, batch_size = 32, validation_split = 0.2)
#' plot(history)
#'
#' # an R function as the data
#' batches <- function() list(x[sample(1000, 32), ], runif(32))
#' model %>% fit(batches, steps_per_epoch = 10, epochs = 2)
#' }
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
    initial_epoch = .keras_index(initial_epoch, "initial_epoch"),
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
#' Evaluate a model
#'
#' @description
#' Calls the model's `evaluate()`: the loss and the metrics of the compiled
#' model on the given data, computed batch by batch. The data are given as
#' for [fit()][fit.keras.src.models.model.Model]: arrays (or a list of them),
#' a dataset or an R function returning `list(x, y)` batches and `NULL` at
#' the end.
#'
#' @param object A compiled Keras model.
#' @param x The inputs (see [fit()][fit.keras.src.models.model.Model]).
#' @param y The targets, when `x` is arrays.
#' @param ... Further arguments of Keras's `evaluate()`, by name.
#' @param batch_size The number of samples per batch (a whole number); an
#'   error with a dataset, which is already batched.
#' @param verbose `0`, `1`, `2`, `TRUE`, `FALSE` or `"auto"`, as for
#'   [fit()][fit.keras.src.models.model.Model].
#' @param sample_weight Weights for the loss of each sample.
#' @param steps The number of batches to evaluate (a whole number); by
#'   default, all of the data.
#' @param callbacks A list of callbacks to call during evaluation.
#'
#' @returns A named list: `loss` and one value per metric.
#' @method evaluate keras.src.models.model.Model
#' @md
#' @examples
#' \dontrun{
#' scores <- model %>% evaluate(x_test, y_test)
#' scores$loss
#' }
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
  as.list(py_to_r(py_call(.keras_callbacks_py()$evaluate, object, !!!args, ...)))
}

# predict() gives an R array; for several outputs a list in the structure of
# the model's outputs (named for a dict of outputs).
#' Predict with a model
#'
#' @description
#' Calls the model's `predict()` on the inputs, batch by batch. The inputs
#' are given as for [fit()][fit.keras.src.models.model.Model]: arrays (or a
#' list of them for several inputs), a dataset, or an R function returning one
#' batch of inputs (`x` or `list(x)`) per call and `NULL` at the end.
#'
#' @param object A Keras model.
#' @param x The inputs.
#' @param ... Further arguments of Keras's `predict()`, by name.
#' @param batch_size The number of samples per batch (a whole number); an
#'   error with a dataset, which is already batched.
#' @param verbose `0`, `1`, `2`, `TRUE`, `FALSE` or `"auto"`, as for
#'   [fit()][fit.keras.src.models.model.Model].
#' @param steps The number of batches to predict (a whole number); by
#'   default, all of the inputs.
#' @param callbacks A list of callbacks to call during prediction.
#'
#' @returns An R array with one row per sample, or for a model with several
#'   outputs a list of arrays in the structure of the model's outputs: named
#'   by the output names for a model made with a named list of outputs
#'   (`keras_model(inputs, list(a = ..., b = ...))`), unnamed and in order for
#'   one made with an unnamed list (as in R's keras3).
#' @method predict keras.src.models.model.Model
#' @md
#' @examples
#' \dontrun{
#' probabilities <- model %>% predict(x_test)
#' classes <- max.col(probabilities) - 1L
#' }
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

#' @rdname train_on_batch
#' @method train_on_batch keras.src.models.model.Model
train_on_batch.keras.src.models.model.Model <- function(object, x, y = NULL, sample_weight = NULL,
                                                        class_weight = NULL, ...) {
  args <- .drop_nulls(list(
    x = .keras_x(object, x), y = .keras_data(y), sample_weight = .keras_data(sample_weight),
    class_weight = .keras_class_weight(class_weight), return_dict = TRUE))
  .batch_metrics(py_call(py_get_attr(object, "train_on_batch"), !!!args, ...))
}

#' @rdname train_on_batch
#' @method test_on_batch keras.src.models.model.Model
test_on_batch.keras.src.models.model.Model <- function(object, x, y = NULL, sample_weight = NULL,
                                                       ...) {
  args <- .drop_nulls(list(
    x = .keras_x(object, x), y = .keras_data(y), sample_weight = .keras_data(sample_weight),
    return_dict = TRUE))
  .batch_metrics(py_call(py_get_attr(object, "test_on_batch"), !!!args, ...))
}

#' @rdname train_on_batch
#' @method predict_on_batch keras.src.models.model.Model
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

.keras_outputs <- function(model, result) py_to_r(result)

# verbose = "auto": silent under testthat and on the ranks other than 0 of a multi-process
# job (keras-distribution.R), one line per epoch in knitr and when the output is not a
# terminal, Keras's live progress bar otherwise. TRUE and FALSE are 1 and 0, as in keras3.
.keras_verbose <- function(verbose) {
  if (!identical(verbose, "auto")) return(.keras_verbose_level(verbose, "verbose"))
  if (identical(Sys.getenv("TESTTHAT"), "true") || !.keras_is_rank_zero()) return(0L)
  if (isTRUE(getOption("knitr.in.progress")) || !.output_is_terminal()) return(2L)
  1L
}

# A verbosity level: a whole number, or TRUE (1) / FALSE (0).
.keras_verbose_level <- function(x, name = "verbose", call = NULL) {
  if (is.logical(x) && length(x) == 1L && !is.na(x)) return(as.integer(x))
  .keras_integer(x, name, call)
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
