# A model's summary: summary(), format() and print() of tf_keras models, and
# py_str() (what str() shows).
#
# NAMESPACE: S3method(summary, keras.engine.training.Model)
# NAMESPACE: S3method(format, keras.engine.training.Model)
# NAMESPACE: S3method(print, keras.engine.training.Model)
# NAMESPACE: S3method(py_str, keras.engine.training.Model)

#' A model's summary
#'
#' @description
#' The table of the model's layers, output shapes and parameter counts that
#' tf_keras's `Model.summary()` prints. A model that is not built yet (a
#' Sequential model without an input shape) has none.
#'
#' @param object,x A model.
#' @param line_length The width of the table.
#' @param positions The right edges of the columns, as fractions of the width
#'   or as positions.
#' @param expand_nested Whether nested models are shown layer by layer.
#' @param show_trainable Whether a column tells which layers are trainable
#'   (by default when some weights are not).
#' @param ... For `summary()` and `print()`, passed to `format()`; for `format()`,
#'   further named arguments of `Model.summary()`.
#' @param compact Whether lines holding only spaces are left out.
#' @param width The width of the console (the default `line_length`).
#' @returns `format()`: a string. `summary()`: that string, invisibly, after
#'   printing it. `print()`: the model, invisibly.
#' @method summary keras.engine.training.Model
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' summary(model)
#' model
#' }
summary.keras.engine.training.Model <- function(object, ...) {
  text <- format.keras.engine.training.Model(object, ...)
  writeLines(text)
  invisible(text)
}

#' @rdname summary.keras.engine.training.Model
#' @method format keras.engine.training.Model
format.keras.engine.training.Model <- function(x, line_length = width - (11L * show_trainable),
                                               positions = NULL, expand_nested = FALSE,
                                               show_trainable = x$built &&
                                                 length(x$non_trainable_weights) > 0L,
                                               ..., compact = TRUE,
                                               width = getOption("width")) {
  if (py_is_null_xptr(x)) return("<pointer: 0x0>")
  if (!isTRUE(x$built)) return("Model: <no summary available, model was not built>")
  lines <- character()
  collect <- function(line, ...) lines <<- c(lines, strsplit(line, "\n", fixed = TRUE)[[1L]])
  py_call(py_get_attr(x, "summary"),
          line_length = .keras2_argument("line_length", line_length, convention = "integer"),
          positions = positions, expand_nested = expand_nested,
          show_trainable = show_trainable, print_fn = collect, !!!list2(...))
  if (compact) lines <- lines[grepl("\\S", lines)]
  paste(trimws(lines, "right"), collapse = "\n")
}

#' @rdname summary.keras.engine.training.Model
#' @method print keras.engine.training.Model
print.keras.engine.training.Model <- function(x, ...) {
  writeLines(format.keras.engine.training.Model(x, ...))
  invisible(x)
}

#' @rdname summary.keras.engine.training.Model
#' @method py_str keras.engine.training.Model
py_str.keras.engine.training.Model <- function(object, line_length = getOption("width"),
                                               positions = NULL, ...) {
  format.keras.engine.training.Model(object, line_length = line_length, positions = positions,
                                     ...)
}
