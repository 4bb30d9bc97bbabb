# keras_training_history, what fit() returns: `params` (tf_keras's verbose,
# epochs and steps) and `metrics` (one value per epoch for the loss and each
# metric, validation ones prefixed val_), with print(), as.data.frame() and
# plot(). keras3 makes objects of the same class and structure, and the
# package loaded last registers these methods: they serve both.
#
# NAMESPACE: S3method(print, keras_training_history)
# NAMESPACE: S3method(as.data.frame, keras_training_history)
# NAMESPACE: S3method(plot, keras_training_history)
# NAMESPACE: importFrom(rlang, .data)

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

# The number of epochs a history covers: the epochs asked for, or more when a
# metric has more values.
.keras2_history_epochs <- function(x) {
  max(c(0L, x$params$epochs, lengths(x$metrics)))
}

#' The training history returned by fit()
#'
#' @description
#' [fit()][fit.keras.engine.training.Model] returns a `keras_training_history`:
#' a list with `params` (the training's parameters: `epochs`, `steps`,
#' `verbose`) and `metrics` (for the loss and each metric, one value per epoch;
#' validation metrics are prefixed with `val_`).
#'
#' * `print()` shows each metric at the last epoch trained.
#' * `as.data.frame()` gives one row per epoch and metric: `epoch`, `value`,
#'   `metric` (a factor, without the `val_` prefix) and `data` (a factor,
#'   `"training"` or `"validation"`); epochs that did not run (training stopped
#'   early) have `NA` values.
#' * `plot()` draws the metrics against the epochs, the validation values
#'   beside the training ones: a ggplot (one facet per metric) when ggplot2 is
#'   installed, else base graphics (one panel per metric).
#'
#' @param x A `keras_training_history`.
#' @param y Unused.
#' @param metrics The metrics to plot (`c("loss", "accuracy")`); by default all
#'   those without the `val_` prefix.
#' @param method `"auto"` (ggplot2 when installed), `"ggplot2"` or `"base"`.
#' @param smooth Whether the ggplot2 plot adds a loess smooth (from 10 epochs on).
#' @param theme_bw Whether the ggplot2 plot is black and white
#'   (`ggplot2::theme_bw()`).
#' @param ... `plot()`: further arguments of base graphics' `plot()`. Otherwise
#'   unused.
#' @returns `print()`: `x`, invisibly. `as.data.frame()`: a data frame.
#'   `plot()`: the ggplot (drawn when printed), or `NULL` invisibly for base
#'   graphics.
#' @method print keras_training_history
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' history <- model %>% fit(x, y, epochs = 10, validation_split = 0.2)
#' history
#' plot(history)
#' as.data.frame(history)
#' }
print.keras_training_history <- function(x, ...) {
  epochs <- min(.keras2_history_epochs(x), if (length(x$metrics)) length(x$metrics[[1L]]))
  header <- ""
  if (!is.null(x$params$samples)) {
    validated <- if (!is.null(x$params$validation_samples))
      paste0(", validated on ", prettyNum(x$params$validation_samples, big.mark = ","),
             " samples") else ""
    header <- sprintf("Trained on %s samples%s (batch_size=%s, epochs=%s)",
                      prettyNum(x$params$samples, big.mark = ","), validated,
                      format(x$params$batch_size %||% "NULL"), epochs)
  }
  if (!length(x$metrics) || !epochs) {
    cat(header, "\nFinal epoch (plot to see history):\n(no epochs)\n", sep = "")
    return(invisible(x))
  }
  last <- vapply(x$metrics, function(values) as.numeric(values[[epochs]]), 1)
  labels <- formatC(names(last), width = max(nchar(names(last))))
  values <- prettyNum(last, big.mark = ",", digits = 4, scientific = FALSE)
  cat(header, "\nFinal epoch (plot to see history):\n",
      paste0(labels, ": ", values, collapse = "\n"), " \n", sep = "")
  invisible(x)
}

#' @rdname print.keras_training_history
#' @method as.data.frame keras_training_history
as.data.frame.keras_training_history <- function(x, ...) {
  epochs <- .keras2_history_epochs(x)
  keys <- names(x$metrics)
  values <- unlist(lapply(x$metrics, function(v)
    c(as.numeric(v), rep(NA_real_, epochs - length(v)))), use.names = FALSE)
  metric <- sub("^val_", "", keys)
  frame <- data.frame(
    epoch = rep(seq_len(epochs), length(keys)),
    value = as.numeric(values),
    metric = factor(rep(metric, each = epochs), levels = unique(metric)),
    data = factor(rep(ifelse(grepl("^val_", keys), "validation", "training"), each = epochs),
                  levels = c("training", "validation")))
  rownames(frame) <- NULL
  frame
}

#' @rdname print.keras_training_history
#' @method plot keras_training_history
plot.keras_training_history <- function(x, y, metrics = NULL,
                                        method = c("auto", "ggplot2", "base"),
                                        smooth = getOption("keras.plot.history.smooth", TRUE),
                                        theme_bw = getOption("keras.plot.history.theme_bw",
                                                             FALSE),
                                        ...) {
  method <- match.arg(method)
  have_ggplot2 <- requireNamespace("ggplot2", quietly = TRUE)
  if (method == "auto") method <- if (have_ggplot2) "ggplot2" else "base"
  if (method == "ggplot2" && !have_ggplot2)
    stop("plot(history, method = \"ggplot2\") needs the ggplot2 package", call. = FALSE)
  frame <- as.data.frame(x)
  if (is.null(metrics)) metrics <- grep("^val_", names(x$metrics), value = TRUE, invert = TRUE)
  unknown <- setdiff(metrics, levels(frame$metric))
  if (length(unknown))
    stop("plot(history): no metric ", paste0("\"", unknown, "\"", collapse = ", "),
         " in the history (it has ", paste0("\"", levels(frame$metric), "\"", collapse = ", "),
         ")", call. = FALSE)
  frame <- frame[frame$metric %in% metrics, , drop = FALSE]
  frame$metric <- factor(frame$metric, levels = metrics)
  validation <- any(grepl("^val_", names(x$metrics)))
  if (method == "ggplot2")
    return(.keras2_plot_history_ggplot(frame, validation, smooth, theme_bw))
  .keras2_plot_history_base(frame, metrics, validation, ...)
}

.keras2_plot_history_ggplot <- function(frame, validation, smooth, theme_bw) {
  aes <- if (!validation) ggplot2::aes(.data$epoch, .data$value)
         else if (theme_bw) ggplot2::aes(.data$epoch, .data$value, colour = .data$data,
                                         fill = .data$data, linetype = .data$data,
                                         shape = .data$data)
         else ggplot2::aes(.data$epoch, .data$value, colour = .data$data, fill = .data$data)
  plot <- ggplot2::ggplot(frame, aes)
  plot <- if (theme_bw)
    plot + ggplot2::theme_bw() + ggplot2::geom_point(colour = 1, na.rm = TRUE, size = 2) +
      ggplot2::scale_shape(solid = FALSE)
  else plot + ggplot2::geom_point(shape = 21, colour = 1, na.rm = TRUE)
  if (smooth && max(frame$epoch) >= 10L) {
    formula <- y ~ x
    environment(formula) <- baseenv()
    args <- list(se = FALSE, method = "loess", na.rm = TRUE, formula = formula)
    if (theme_bw) args <- c(args, list(linewidth = 0.5, colour = "gray47"))
    plot <- plot + do.call(ggplot2::geom_smooth, args)
  }
  integer_breaks <- function(x) pretty(x)[pretty(x) %% 1 == 0]
  plot + ggplot2::facet_grid(metric ~ ., switch = "y", scales = "free_y") +
    ggplot2::scale_x_continuous(breaks = integer_breaks) +
    ggplot2::theme(axis.title.y = ggplot2::element_blank(), strip.placement = "outside",
                   strip.text = ggplot2::element_text(colour = "black", size = 11),
                   strip.background = ggplot2::element_rect(fill = NA, colour = NA))
}

.keras2_plot_history_base <- function(frame, metrics, validation, ...) {
  old <- graphics::par(mfrow = c(length(metrics), 1L), mar = c(3, 3, 2, 2))
  on.exit(graphics::par(old), add = TRUE)
  for (i in seq_along(metrics)) {
    margins <- c(1.5, 5, 0.5, 1.5)
    if (i == 1L) margins[[3L]] <- margins[[3L]] + 3.5
    if (i == length(metrics)) margins[[1L]] <- margins[[1L]] + 3.5
    graphics::par(mar = margins)
    rows <- frame[frame$metric == metrics[[i]], , drop = FALSE]
    graphics::plot(rows$epoch, rows$value, pch = c(1, 4)[rows$data],
                   xaxt = if (i == length(metrics)) "s" else "n", xlab = "epoch",
                   ylab = metrics[[i]], ...)
    training <- stats::na.omit(rows$value[rows$data == "training"])
    falling <- length(training) > 1L && training[[1L]] > training[[length(training)]]
    legend <- if (validation) c(metrics[[i]], paste0("val_", metrics[[i]])) else metrics[[i]]
    graphics::legend(if (falling) "topright" else "bottomright", legend = legend,
                     pch = c(1, 4)[seq_along(legend)])
  }
  invisible(NULL)
}
