# loss_*, metric_*, optimizer_* and activation_* (generated in
# keras-wrappers.R), and losses and metrics given to compile().
#
# A loss or metric wrapper called without y_true/y_pred returns the Keras
# object (an instance of its class, or its function); with them it computes
# the value. optimizer_* return optimizer instances. An R function used as a
# loss, metric or activation becomes a Python function with its signature.

.keras_loss_metric_call <- function(spec, frame, call) {
  data <- intersect(c("y_true", "y_pred"), names(call))
  args <- .keras_args(frame, call, spec, skip = c("y_true", "y_pred"))
  if (!length(data)) {
    if (!is.null(spec$py_class)) return(py_call(spec$py_class, !!!args))
    if (!length(args)) return(spec$py_fun)
    wrapper <- if (spec$kind == "metric") keras$metrics$MeanMetricWrapper else
      keras$src$losses$losses$LossFunctionWrapper
    return(py_call(wrapper, spec$py_fun, name = spec$fun, !!!args))
  }
  if (length(data) < 2L)
    stop(simpleError("give both `y_true` and `y_pred`, or neither to get the object",
                     .keras_call_of(call)))
  y_true <- .keras_layer_input(get("y_true", envir = frame))
  y_pred <- .keras_layer_input(get("y_pred", envir = frame))
  if (!is.null(spec$py_fun)) return(py_call(spec$py_fun, y_true, y_pred, !!!args))
  object <- py_call(spec$py_class, !!!args)
  if (spec$kind == "loss") return(py_call(object, y_true, y_pred))
  py_call(py_get_attr(object, "update_state"), y_true, y_pred)
  py_call(py_get_attr(object, "result"))
}

.keras_activation_call <- function(spec, frame, call) {
  args <- .keras_args(frame, call, spec)
  if (!is.null(args$x)) args$x <- .keras_layer_input(args$x)
  py_call(spec$py_fun, !!!args)
}

# An R function as a Python function named `name` (its py_function_name
# attribute wins; `default` when it has neither). A generated loss, metric or
# activation wrapper given where Keras wants a callable
# (compile(loss = loss_mean_squared_error), metrics = list(metric_auc)) stands
# for its Keras object instead, so Keras gets its own function or class, not an
# R function calling it.
.as_py_function <- function(f, name = NULL, default = "r_function") {
  if (is_py_object(f)) return(f)
  keras_object <- .keras_wrapper_object(f)
  if (!is.null(keras_object)) return(keras_object)
  if (is.null(attr(f, "py_function_name")))
    attr(f, "py_function_name") <- if (is.null(name)) default else name
  py_func(f)
}

# Losses for compile(): strings and Keras objects as they are, R functions
# as Python functions, a list named by output as a dict.
.as_loss <- function(loss, outputs) {
  one <- function(l, name = NULL) {
    if (is.function(l)) .as_py_function(l, name, "custom_loss") else l
  }
  if (is.function(loss) || is_py_object(loss)) return(one(loss))
  if (is.character(loss) && length(loss) == 1L) return(loss)
  loss <- as.list(loss)
  keys <- names(loss)
  if (!is.null(keys) && all(nzchar(keys))) return(lapply(loss, one))
  lapply(unname(loss), one)
}

# Metrics for compile(): a list of metrics, or a list named by output (a
# dict of lists). Names that are not output names name R functions.
.as_metrics <- function(metrics, outputs) {
  if (is.function(metrics) || is_py_object(metrics)) metrics <- list(metrics)
  metrics <- as.list(metrics)
  keys <- names(metrics)
  if (!is.null(keys) && length(outputs) && all(keys %in% outputs))
    return(lapply(metrics, function(m) .as_metrics(m, character())))
  if (is.null(keys)) keys <- rep("", length(metrics))
  lapply(seq_along(metrics), function(i) {
    metric <- metrics[[i]]
    if (is.function(metric) && !is_py_object(metric))
      .as_py_function(metric, if (nzchar(keys[[i]])) keys[[i]] else NULL, "custom_metric")
    else metric
  })
}

#' A metric from an R function, with a name
#'
#' @description
#' Makes a Python function named `name` from `metric_fn`, an R function
#' `function(y_true, y_pred)` computing the metric from the tensors of a batch
#' (with `op_*()` functions). Give it in `metrics` of
#' [compile()][compile.keras.src.models.model.Model]: Keras averages it over
#' the batches of an epoch and reports it under `name`.
#'
#' To load a saved model using it, give it in `custom_objects` of
#' [load_model()] (an unnamed list element is named by `name`), or register it
#' with [register_keras_serializable()].
#'
#' @param name The metric's name, shown in the progress output and the
#'   history (a single string).
#' @param metric_fn An R function `function(y_true, y_pred)`.
#'
#' @returns A Python function whose `__name__` is `name`.
#' @seealso [Metric()] for a stateful metric.
#' @md
#' @examples
#' \dontrun{
#' metric_mean_pred <- custom_metric("mean_pred", function(y_true, y_pred) {
#'   op_mean(y_pred)
#' })
#' model %>% compile(optimizer = "adam", loss = "mse", metrics = metric_mean_pred)
#' }
custom_metric <- function(name, metric_fn) {
  .check_string(name, "name")
  if (!is.function(metric_fn) || is_py_object(metric_fn))
    stop("custom_metric(): `metric_fn` must be an R function, function(y_true, y_pred)",
         call. = FALSE)
  attr(metric_fn, "py_function_name") <- name
  .as_py_function(metric_fn, name)
}
