# Training a model, as keras 2.x does it: compile(), fit(), evaluate() and
# predict() methods for tf_keras models (class keras.engine.training.Model
# through the class filter in package.R), and R data on its way in.
#
# NAMESPACE: importFrom(generics, compile, fit)
# NAMESPACE: importFrom(tensorflow, evaluate)
# NAMESPACE: importFrom(stats, predict)
# NAMESPACE: S3method(compile, keras.engine.training.Model)
# NAMESPACE: S3method(fit, keras.engine.training.Model)
# NAMESPACE: S3method(evaluate, keras.engine.training.Model)
# NAMESPACE: S3method(predict, keras.engine.training.Model)

#' Configure a model for training
#'
#' @description
#' Sets the optimizer, the loss and the metrics of a model (tf_keras's
#' `Model.compile()`). A single metric may be given alone; names of metrics and
#' losses are strings such as `"accuracy"`. An R function as the loss is named
#' for Keras after the expression given (`loss = my_loss` is `"my_loss"`) unless
#' it has a `py_function_name` attribute.
#'
#' @param object A model.
#' @param optimizer An optimizer (`optimizer_sgd()`, ...) or its name.
#' @param loss A loss: its name, a `loss_*()` object or function, or a list
#'   of them by output.
#' @param metrics Metrics: names, `metric_*()` objects or functions.
#' @param loss_weights Weights of the outputs' losses.
#' @param weighted_metrics Metrics weighted by `sample_weight` or `class_weight`.
#' @param run_eagerly Whether the model runs eagerly instead of as a graph.
#' @param steps_per_execution How many batches each graph call runs.
#' @param ... Further named arguments of `Model.compile()`.
#' @param target_tensors,sample_weight_mode Arguments of Keras 1's `compile()`,
#'   passed on when given.
#' @returns `object`, invisibly (compiled in place).
#' @method compile keras.engine.training.Model
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' model %>% compile(optimizer = optimizer_rmsprop(), loss = "mse", metrics = "mae")
#' }
compile.keras.engine.training.Model <- function(object, optimizer = NULL, loss = NULL,
                                                metrics = NULL, loss_weights = NULL,
                                                weighted_metrics = NULL, run_eagerly = NULL,
                                                steps_per_execution = NULL, ...,
                                                target_tensors = NULL,
                                                sample_weight_mode = NULL) {
  loss <- .keras2_convention_callable(loss, "loss", expression = substitute(loss))
  if (!is.null(metrics) && (is_py_object(metrics) || is.function(metrics)))
    metrics <- list(metrics)
  if (is.character(metrics)) metrics <- as.list(metrics)
  if (!is.null(weighted_metrics) && !is.list(weighted_metrics))
    weighted_metrics <- list(weighted_metrics)
  if (is.numeric(loss_weights)) loss_weights <- as.list(loss_weights)
  args <- list(optimizer = optimizer, loss = loss, metrics = metrics,
               loss_weights = loss_weights, weighted_metrics = weighted_metrics,
               run_eagerly = run_eagerly,
               steps_per_execution = .keras2_argument("steps_per_execution", steps_per_execution,
                                                      convention = "integer"),
               target_tensors = target_tensors, sample_weight_mode = sample_weight_mode)
  args <- c(Filter(Negate(is.null), args), list2(...))
  py_call(py_get_attr(object, "compile"), !!!args)
  invisible(object)
}

#' Train a model
#'
#' @description
#' Trains the model on `x` and `y` for `epochs` passes (tf_keras's
#' `Model.fit()`). R arrays become NumPy arrays (doubles in the backend's
#' float type); Python objects (arrays, tensors, datasets) pass as they are.
#'
#' @param object A compiled model.
#' @param x,y The inputs and targets.
#' @param batch_size The number of samples per gradient update (32 when
#'   neither it nor `steps_per_epoch` is given and `x` is not a dataset).
#' @param epochs The number of passes over the data.
#' @param verbose `0` (silent), `1` (a progress bar) or `2` (one line per
#'   epoch); `"auto"` is 1, or 2 while knitr renders.
#' @param callbacks A list of callbacks.
#' @param view_metrics Whether to show the metrics in RStudio's viewer (not
#'   available here: the metrics print to the console).
#' @param validation_split The fraction of the data held out for validation.
#' @param validation_data `list(x, y)` to validate on.
#' @param shuffle Whether to shuffle the samples before each epoch.
#' @param class_weight Weights of the classes, named by class index.
#' @param sample_weight Weights of the samples.
#' @param initial_epoch The epoch to start from (to resume a training).
#' @param steps_per_epoch,validation_steps The numbers of batches per epoch and
#'   per validation.
#' @param ... Further named arguments of `Model.fit()`.
#' @returns A `keras_training_history` (invisibly): `params` and `metrics`,
#'   one value per epoch for each metric.
#' @method fit keras.engine.training.Model
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' history <- model %>% fit(x, y, epochs = 5, validation_split = 0.2)
#' history$metrics$loss
#' }
fit.keras.engine.training.Model <- function(object, x = NULL, y = NULL, batch_size = NULL,
                                            epochs = 10,
                                            verbose = getOption("keras.fit_verbose",
                                                                default = "auto"),
                                            callbacks = NULL,
                                            view_metrics = getOption("keras.view_metrics",
                                                                     default = "auto"),
                                            validation_split = 0, validation_data = NULL,
                                            shuffle = TRUE, class_weight = NULL,
                                            sample_weight = NULL, initial_epoch = 0,
                                            steps_per_epoch = NULL, validation_steps = NULL,
                                            ...) {
  if (!is.null(batch_size) && .keras2_is_dataset(x))
    stop("fit(): do not give `batch_size` with a TensorFlow dataset: the dataset is batched",
         call. = FALSE)
  if (is.null(batch_size) && is.null(steps_per_epoch) && !.keras2_is_dataset(x))
    batch_size <- 32L
  args <- list(x = keras_array(x), y = keras_array(y), batch_size = batch_size,
               epochs = epochs, verbose = .keras2_verbose(verbose),
               validation_split = validation_split, shuffle = shuffle,
               class_weight = .keras2_class_weight(class_weight),
               sample_weight = keras_array(sample_weight), initial_epoch = initial_epoch,
               steps_per_epoch = steps_per_epoch, validation_steps = validation_steps,
               callbacks = if (!is.null(callbacks) && !is.list(callbacks)) list(callbacks)
                           else callbacks)
  if (!is.null(validation_data))
    args$validation_data <- if (is_py_object(validation_data)) validation_data
                            else tuple(lapply(validation_data, keras_array))
  args <- .keras2_named_args(c(Filter(Negate(is.null), args), list2(...)))
  history <- py_call(py_get_attr(object, "fit"), !!!args)
  invisible(.keras2_training_history(history))
}

#' Evaluate a model
#'
#' @description
#' The loss and metrics of the model on `x` and `y` (tf_keras's
#' `Model.evaluate()`), as a named numeric vector.
#'
#' @inheritParams fit.keras.engine.training.Model
#' @param steps The number of batches to evaluate.
#' @returns A named numeric vector: the loss and each metric, by name.
#' @method evaluate keras.engine.training.Model
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' result <- evaluate(model, x, y)
#' result["loss"]
#' }
evaluate.keras.engine.training.Model <- function(object, x = NULL, y = NULL, batch_size = NULL,
                                                 verbose = "auto", sample_weight = NULL,
                                                 steps = NULL, callbacks = NULL, ...) {
  if (is.null(batch_size) && is.null(steps) && !.keras2_is_dataset(x)) batch_size <- 32L
  args <- list(x = keras_array(x), y = keras_array(y), batch_size = batch_size,
               verbose = .keras2_verbose(verbose), sample_weight = keras_array(sample_weight),
               steps = steps, callbacks = callbacks, return_dict = TRUE)
  args <- .keras2_named_args(c(Filter(Negate(is.null), args), list2(...)))
  result <- py_to_r(py_call(py_get_attr(object, "evaluate"), !!!args))
  unlist(lapply(result, as.numeric))
}

#' Predictions of a model
#'
#' @description
#' The model's outputs for `x` (tf_keras's `Model.predict()`), as R arrays.
#'
#' @inheritParams evaluate.keras.engine.training.Model
#' @param x The inputs.
#' @param verbose `0` (silent), `1` or `2`; `"auto"` is silent, as in keras 2.x
#'   under knitr and tests.
#' @returns An array (a list of them for a model with several outputs).
#' @method predict keras.engine.training.Model
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' predictions <- predict(model, x[1:10, ])
#' }
predict.keras.engine.training.Model <- function(object, x, batch_size = NULL, verbose = "auto",
                                                steps = NULL, callbacks = NULL, ...) {
  if (is.null(batch_size) && is.null(steps) && !.keras2_is_dataset(x)) batch_size <- 32L
  args <- list(x = keras_array(x), batch_size = batch_size,
               verbose = .keras2_verbose(verbose, quiet = TRUE), steps = steps,
               callbacks = callbacks)
  args <- .keras2_named_args(c(Filter(Negate(is.null), args), list2(...)))
  py_call(py_get_attr(object, "predict"), !!!args)
}

# Arguments by their conventions (whole numbers for batch_size, epochs, steps...).
.keras2_named_args <- function(args) {
  for (name in names(args)) args[name] <- list(.keras2_argument(name, args[[name]]))
  args
}

.keras2_is_dataset <- function(x) inherits(x, "tensorflow.python.data.ops.dataset_ops.DatasetV2")

# keras 2.x's verbose: "auto" is 2 (one line per epoch) while knitr renders and
# under testthat, and Keras's own "auto" (a progress bar) otherwise; with
# `quiet` (predict()), "auto" is silent where keras 2.x's was.
.keras2_verbose <- function(verbose, quiet = FALSE) {
  if (!identical(verbose, "auto"))
    return(.keras2_argument("verbose", as.integer(verbose), convention = "integer"))
  if (identical(Sys.getenv("TESTTHAT"), "true")) return(0L)
  if (isTRUE(getOption("knitr.in.progress"))) return(if (quiet) 0L else 2L)
  "auto"
}

# class_weight: names (else positions, from 0) are class indices.
.keras2_class_weight <- function(weights) {
  if (is.null(weights) || is_py_object(weights)) return(weights)
  keys <- names(weights)
  if (is.null(keys)) keys <- as.character(seq_along(weights) - 1L)
  ids <- suppressWarnings(as.integer(keys))
  if (anyNA(ids))
    stop("`class_weight` must be named by class index (0-based integers)", call. = FALSE)
  py_call(import_builtins()$dict, py_call(import_builtins()$zip, as.list(ids),
                                          lapply(unname(as.list(weights)), as.numeric)))
}

# A tf_keras History as keras 2.x's keras_training_history: params and, for
# each metric, its value per epoch (NA where an epoch has none).
.keras2_training_history <- function(history) {
  params <- py_to_r(py_get_attr(history, "params"))
  metrics <- lapply(py_to_r(py_get_attr(history, "history")),
                    function(values) as.numeric(lapply(values, mean)))
  epochs <- max(0L, lengths(metrics))
  metrics <- lapply(metrics, function(values) c(values, rep(NA, epochs - length(values))))
  structure(class = "keras_training_history", list(params = params, metrics = metrics))
}
