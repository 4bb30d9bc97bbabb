# Python's output, warnings and errors as seen from R: py_capture_output(),
# py_suppress_warnings() (and the handlers packages register for it),
# py_last_error(), and class filters.

py_capture_output <- function(expr, type = c("stdout", "stderr")) {
  type <- match.arg(type, several.ok = TRUE)
  token <- .py("capture_begin", "stdout" %in% type, "stderr" %in% type)
  on.exit(if (!is.null(token)) .py("capture_end", token), add = TRUE)
  force(expr)
  output <- .py("capture_end", token)
  token <- NULL
  output
}

py_suppress_warnings <- function(expr) {
  token <- .py("warnings_suppress_begin")
  handlers <- .state$suppress_warnings_handlers
  contexts <- vector("list", length(handlers))
  on.exit({
    for (i in rev(seq_along(handlers))) handlers[[i]]$restore(contexts[[i]])
    .py("warnings_suppress_end", token)
  }, add = TRUE)
  for (i in seq_along(handlers)) contexts[i] <- list(handlers[[i]]$suppress())
  force(expr)
}

register_suppress_warnings_handler <- function(handler) {
  if (!is.function(handler$suppress) || !is.function(handler$restore))
    stop("a suppress-warnings handler is a list of two functions: ",
         "suppress() and restore(context)", call. = FALSE)
  .state$suppress_warnings_handlers <- c(.state$suppress_warnings_handlers, list(handler))
  invisible(handler)
}

register_class_filter <- function(filter) {
  if (!is.function(filter)) stop("a class filter must be a function", call. = FALSE)
  .state$class_filters <- c(.state$class_filters, list(filter))
  if (.bridge_live()) .py("class_filters_changed")
  invisible(filter)
}

# ---- the last Python error ----------------------------------------------------------------

py_last_error <- function(exception) {
  if (!missing(exception)) {
    .state$last_signal <- NULL
    if (is.null(exception)) {
      .py("clear_last_error")
      return(invisible(NULL))
    }
    if (inherits(exception, "py_error")) exception <- attr(exception, "exception", exact = TRUE)
    .py("set_last_error", exception)
    return(invisible(py_last_error()))
  }
  fields <- .py("last_error")
  if (is.null(fields)) return(NULL)
  signal <- .state$last_signal
  r_trace <- fields$r_trace
  if (!length(r_trace) && !is.null(signal))
    r_trace <- vapply(Filter(Negate(.pyr_internal_frame), signal$calls), .pyr_deparse,
                      character(1L))
  structure(
    list(type = fields$type, value = fields$value, traceback = fields$traceback,
         message = fields$message,
         r_call = if (!is.null(signal)) conditionCall(signal$condition),
         r_class = fields$r_class, r_trace = r_trace),
    exception = fields$exception, class = "py_error")
}

py_clear_last_error <- function() py_last_error(NULL)

print.py_error <- function(x, ...) {
  cat("--- Python Exception Message\n", x$message, sep = "")
  if (length(x$r_trace))
    cat("--- R Traceback\n", paste0("  ", x$r_trace, collapse = "\n"), "\n", sep = "")
  invisible(x)
}
