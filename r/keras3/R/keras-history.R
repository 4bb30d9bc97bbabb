# keras_training_history: what fit() returns. `params` holds Keras's
# verbose, epochs and steps; `metrics` one value per epoch for the loss and
# each metric (validation ones prefixed val_): doubles, or integers for a
# value a callback logs as integers (keras3 keeps them so).

.keras_training_history <- function(history) {
  params <- as.list(py_to_r(py_get_attr(history, "params")))
  metrics <- lapply(as.list(py_to_r(py_get_attr(history, "history"))), function(values) {
    values <- unlist(values)
    if (is.integer(values)) values else as.numeric(values)
  })
  structure(list(params = params, metrics = metrics), class = "keras_training_history")
}

#' The training history returned by `fit()`
#'
#' @description
#' [fit()][fit.keras.src.models.model.Model] returns a
#' `keras_training_history`: a list with `params` (Keras's `verbose`, `epochs`
#' and `steps`) and `metrics` (one numeric vector per metric with one value per
#' epoch; validation metrics are prefixed with `val_`).
#'
#' * `print()` shows the value of each metric at the last epoch.
#' * `as.data.frame()` gives one row per epoch and metric, with columns
#'   `epoch`, `value`, `metric` (a factor, without the `val_` prefix) and
#'   `data` (a factor, `"training"` or `"validation"`). Epochs that did not
#'   run (training stopped early or was interrupted) have `NA` values.
#' * `plot()` draws each metric against the epoch, training and validation
#'   values together. With ggplot2 installed (or `method = "ggplot2"`) it is a
#'   ggplot with one facet per metric and, from 10 epochs on, a loess
#'   smooth; otherwise (or `method = "base"`) it draws one base-graphics
#'   panel per metric.
#'
#' @param x A `keras_training_history` object.
#' @param y Unused.
#' @param metrics The metrics to plot, by name without the `val_` prefix
#'   (`"loss"`, `"accuracy"`); all of them when `NULL`.
#' @param method `"auto"` (ggplot2 when it is installed), `"ggplot2"` or
#'   `"base"`.
#' @param smooth Whether the ggplot2 plot adds a loess smooth (from 10 epochs
#'   on). The default comes from `getOption("keras.plot.history.smooth")`.
#' @param theme_bw Whether the ggplot2 plot uses `ggplot2::theme_bw()`. The
#'   default comes from `getOption("keras.plot.history.theme_bw")`.
#' @param ... For `plot()` with base graphics, further arguments of `plot()`;
#'   otherwise unused.
#'
#' @returns `print()`: `x`, invisibly. `as.data.frame()`: a data frame.
#'   `plot()`: the ggplot object (drawn when printed), or `NULL` invisibly for
#'   base graphics.
#' @method print keras_training_history
#' @md
#' @examples
#' \dontrun{
#' history <- model %>% fit(x, y, epochs = 10, validation_split = 0.2)
#' history
#' plot(history)
#' plot(history, metrics = "loss", method = "base")
#' df <- as.data.frame(history)
#' }
print.keras_training_history <- function(x, ...) {
  epochs <- if (length(x$metrics)) length(x$metrics[[1L]]) else 0L
  cat("\nFinal epoch (plot to see history):\n")
  if (!length(x$metrics) || !epochs) {
    cat("(no epochs)\n")
    return(invisible(x))
  }
  last <- vapply(x$metrics, function(values) values[[length(values)]], numeric(1L))
  labels <- formatC(names(last), width = max(nchar(names(last))))
  cat(paste0(labels, ": ", signif(last, 4L), "\n", collapse = ""))
  invisible(x)
}

# One row per epoch and metric: epoch, value, metric, data (training or
# validation); epochs that did not run (an interrupted fit) are NA.
#' @rdname print.keras_training_history
#' @method as.data.frame keras_training_history
as.data.frame.keras_training_history <- function(x, ...) {
  epochs <- max(c(x$params$epochs, vapply(x$metrics, length, 1L)), 0L)
  keys <- names(x$metrics)
  values <- unlist(lapply(x$metrics, function(v) c(v, rep(NA_real_, epochs - length(v)))),
                   use.names = FALSE)
  metric <- sub("^val_", "", keys)
  frame <- data.frame(
    epoch = rep(seq_len(epochs), length(keys)),
    value = values,
    metric = factor(rep(metric, each = epochs), levels = unique(metric)),
    data = factor(rep(ifelse(grepl("^val_", keys), "validation", "training"), each = epochs),
                  levels = c("training", "validation")))
  rownames(frame) <- NULL
  frame
}

# Plot the metrics by epoch: with ggplot2 when it is installed (a facet per
# metric, a loess smooth from 10 epochs), else with base graphics (a panel per
# metric). The ggplot2 plot is returned (and drawn when printed).
#' @rdname print.keras_training_history
#' @method plot keras_training_history
plot.keras_training_history <- function(x, y, metrics = NULL,
                                        method = c("auto", "ggplot2", "base"),
                                        smooth = getOption("keras.plot.history.smooth", TRUE),
                                        theme_bw = getOption("keras.plot.history.theme_bw", FALSE),
                                        ...) {
  method <- match.arg(method)
  if (method == "auto")
    method <- if (requireNamespace("ggplot2", quietly = TRUE)) "ggplot2" else "base"
  frame <- as.data.frame(x)
  if (is.null(metrics)) metrics <- levels(frame$metric)
  unknown <- setdiff(metrics, levels(frame$metric))
  if (length(unknown))
    stop("no metric named ", paste0("\"", unknown, "\"", collapse = ", "), " in this history",
         call. = FALSE)
  frame <- frame[frame$metric %in% metrics, , drop = FALSE]
  frame$metric <- factor(frame$metric, levels = metrics)
  if (method == "ggplot2") {
    if (!requireNamespace("ggplot2", quietly = TRUE))
      stop("method = \"ggplot2\" needs the ggplot2 package", call. = FALSE)
    return(.plot_history_ggplot(frame, smooth, theme_bw))
  }
  .plot_history_base(frame, metrics, ...)
}

.plot_history_ggplot <- function(frame, smooth, theme_bw) {
  aes <- ggplot2::aes(x = .data$epoch, y = .data$value, colour = .data$data, fill = .data$data)
  plot <- ggplot2::ggplot(frame, aes)
  if (smooth && max(frame$epoch) >= 10L)
    plot <- plot + ggplot2::geom_smooth(se = FALSE, method = "loess", formula = y ~ x,
                                        na.rm = TRUE)
  plot <- plot + ggplot2::geom_point(shape = 21, colour = 1, na.rm = TRUE)
  if (theme_bw) plot <- plot + ggplot2::theme_bw()
  plot + ggplot2::facet_grid(metric ~ ., switch = "y", scales = "free_y") +
    ggplot2::theme(axis.title.y = ggplot2::element_blank(), strip.placement = "outside",
                   strip.text = ggplot2::element_text(colour = "black", size = 11),
                   strip.background = ggplot2::element_rect(fill = NA, colour = NA))
}

.plot_history_base <- function(frame, metrics, ...) {
  old <- graphics::par(mfrow = c(length(metrics), 1L), mar = c(3.2, 4, 1, 1), mgp = c(2, 0.7, 0))
  on.exit(graphics::par(old), add = TRUE)
  for (name in metrics) {
    rows <- frame[frame$metric == name, , drop = FALSE]
    sets <- levels(droplevels(rows$data[!is.na(rows$value)]))
    graphics::plot(range(rows$epoch), range(rows$value, na.rm = TRUE), type = "n",
                   xlab = "epoch", ylab = name, ...)
    for (i in seq_along(sets)) {
      part <- rows[rows$data == sets[[i]], , drop = FALSE]
      graphics::points(part$epoch, part$value, pch = c(1, 4)[[i]], col = i)
      graphics::lines(part$epoch, part$value, col = i)
    }
    graphics::legend("topright", legend = sets, pch = c(1, 4)[seq_along(sets)],
                     col = seq_along(sets), bty = "n")
  }
  invisible(NULL)
}
