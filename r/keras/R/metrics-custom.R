# The metrics that are not generated (families/metrics.py): custom_metric(),
# keras 2.x's way of naming an R metric function, and the deprecated
# metric_cosine_proximity().
# NAMESPACE: importFrom(reticulate, py_set_attr)

#' A metric from an R function, with a name
#'
#' @description
#' Makes `metric_fn` a Python function named `name`, the name Keras gives the
#' metric (its column in the training history). Give it to `compile()` in
#' `metrics`, or call it as `metric_fn`.
#'
#' @param name The metric's name (a single string).
#' @param metric_fn `function(y_true, y_pred)` returning the metric, a tensor
#'   (one value per sample, or one for the batch).
#' @returns A Python function calling `metric_fn`.
#' @family metrics
#' @export
#' @examples
#' \dontrun{
#' metric_mean_pred <- custom_metric("mean_pred", function(y_true, y_pred) k_mean(y_pred))
#' model %>% compile(optimizer = "sgd", loss = "mse", metrics = list(metric_mean_pred))
#' }
custom_metric <- function(name, metric_fn) {
  if (!is.character(name) || length(name) != 1L || is.na(name) || !nzchar(name))
    stop("`name` must be a single non-empty string", call. = FALSE)
  if (!is.function(metric_fn) || is_py_object(metric_fn))
    stop("`metric_fn` must be an R function(y_true, y_pred)", call. = FALSE)
  metric_fn <- py_func(metric_fn)
  py_set_attr(metric_fn, "__name__", name)
  metric_fn
}

#' The cosine proximity metric (deprecated)
#'
#' @description
#' Deprecated: use [metric_cosine_similarity()] (a metric object) or, for the
#' values of each sample, [loss_cosine_similarity()]. Computes, after a
#' warning of class `deprecatedWarning`, what `tf$compat$v1$keras$metrics`'s
#' `cosine_proximity()` does: the negated cosine similarity of `y_true` and
#' `y_pred` along their last axis.
#'
#' @param y_true The targets.
#' @param y_pred The predictions.
#' @returns A tensor of the negated cosine similarity of each sample.
#' @family metrics
#' @export
#' @examples
#' \dontrun{
#' metric_cosine_proximity(matrix(c(1, 0), 1), matrix(c(1, 1), 1))
#' }
metric_cosine_proximity <- function(y_true, y_pred) {
  warning(.keras2_deprecation(paste(
    "metric_cosine_proximity() is deprecated: use metric_cosine_similarity() for a metric",
    "object, or loss_cosine_similarity() for the values of each sample"), sys.call()))
  tf$compat$v1$keras$metrics$cosine_proximity(y_true, y_pred)
}
attr(metric_cosine_proximity, "py_function_name") <- "cosine_proximity"
