# Python's output, warnings and errors as seen from R: py_capture_output(),
# py_suppress_warnings() (and the handlers packages register for it),
# py_last_error(), and class filters.

#' Capture Python's output
#'
#' @description
#' `py_capture_output()` evaluates `expr` and returns what Python wrote to
#' `sys.stdout`, `sys.stderr` or both meanwhile, instead of letting it reach the
#' console. Calls can be nested. R's own output (`cat()`, `print()`) is not
#' captured; [utils::capture.output()] captures that.
#'
#' @param expr The code to evaluate.
#' @param type The streams to capture: `"stdout"`, `"stderr"` or both.
#'
#' @returns The captured text, a string.
#' @examples
#' \dontrun{
#' out <- py_capture_output(py_run_string("print('from Python')"))
#' out
#' }
#' @md
py_capture_output <- function(expr, type = c("stdout", "stderr")) {
  type <- match.arg(type, several.ok = TRUE)
  token <- .py("capture_begin", "stdout" %in% type, "stderr" %in% type)
  on.exit(if (!is.null(token)) .py("capture_end", token), add = TRUE)
  force(expr)
  output <- .py("capture_end", token)
  token <- NULL
  output
}

#' Evaluate with Python's warnings suppressed
#'
#' @description
#' `py_suppress_warnings()` evaluates `expr` with Python's warnings ignored
#' (`warnings.simplefilter("ignore")` inside `warnings.catch_warnings()`) and
#' with the handlers that packages registered with
#' [register_suppress_warnings_handler()] applied; everything is restored
#' afterwards, also after an error. R's warnings are not affected: use
#' [suppressWarnings()] for those.
#'
#' @param expr The code to evaluate.
#'
#' @returns The value of `expr`.
#' @examples
#' \dontrun{
#' warnings <- import("warnings")
#' py_suppress_warnings(warnings$warn("not shown"))
#' }
#' @md
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

#' Extend py_suppress_warnings()
#'
#' @description
#' `register_suppress_warnings_handler()` adds a handler that
#' [py_suppress_warnings()] applies: its `suppress()` function is called when
#' `py_suppress_warnings()` begins and returns a context; its
#' `restore(context)` function is called with that value when it ends (in the
#' reverse order of registration, also after an error). Packages use it to
#' silence warnings that do not go through Python's `warnings` module.
#'
#' @param handler A list of two functions, `suppress()` and
#'   `restore(context)`.
#'
#' @returns `handler`, invisibly.
#' @examples
#' \dontrun{
#' register_suppress_warnings_handler(list(
#'   suppress = function() options(warn = -1),
#'   restore = function(context) options(context)
#' ))
#' }
#' @md
register_suppress_warnings_handler <- function(handler) {
  if (!is.function(handler$suppress) || !is.function(handler$restore))
    stop("a suppress-warnings handler is a list of two functions: ",
         "suppress() and restore(context)", call. = FALSE)
  .state$suppress_warnings_handlers <- c(.state$suppress_warnings_handlers, list(handler))
  invisible(handler)
}

#' Rewrite the R classes of Python objects
#'
#' @description
#' The R class vector of a Python object lists its Python type's classes, most
#' derived first (`module.Name`, with `builtins` as `python.builtin`), ending
#' in `python.builtin.object`. `register_class_filter()` adds a function that
#' rewrites these vectors; filters run in the order they were registered, on
#' every class vector the bridge makes from then on. Packages use it to add a
#' class of their own for S3 dispatch, one class that all their kinds of
#' objects share, put first.
#'
#' @param filter A function that takes a character vector of class names and
#'   returns the new vector.
#'
#' @returns `filter`, invisibly.
#' @seealso [register_operator_handler()], [py_to_r_wrapper()]
#' @examples
#' \dontrun{
#' register_class_filter(function(classes) {
#'   if ("fractions.Fraction" %in% classes) c("my.number", classes) else classes
#' })
#' fractions <- import("fractions")
#' class(fractions$Fraction(1L, 3L))
#' }
#' @md
register_class_filter <- function(filter) {
  if (!is.function(filter)) stop("a class filter must be a function", call. = FALSE)
  .state$class_filters <- c(.state$class_filters, list(filter))
  if (.bridge_live()) .py("class_filters_changed")
  invisible(filter)
}

# ---- the last Python error ----------------------------------------------------------------

#' The last Python error
#'
#' @description
#' `py_last_error()` returns the last Python exception that reached R as an
#' error, with its traceback and the R side of it. `py_last_error(exception)`
#' makes `exception` the last error; `py_last_error(NULL)` and
#' `py_clear_last_error()` forget it.
#'
#' The result is a list of class `py_error` with the fields `type` (the
#' exception's class name), `value` (its `str()`), `traceback` (the Python
#' frames, those of the bridge left out), `message` (the traceback and the
#' exception, formatted as Python prints them), `r_call` (the R call that made
#' the failing Python call), `r_class` (the classes of the R condition) and
#' `r_trace` (the R call stack: for an R error raised in R code that Python
#' called, the stack where it was raised). The attribute `"exception"` is the
#' exception itself. Printing shows the message and the R traceback.
#'
#' An error from Python is an R condition whose classes are the exception's
#' classes, then `error` and `condition`, so `tryCatch()` can select it by
#' Python class. An R error raised in R code that Python called comes back to
#' R as the original condition that is also the Python exception which
#' brought it back: its own classes first (so a handler for them matches),
#' then the exception's (`python.builtin.RuntimeError`, ...,
#' `python.builtin.Exception`, as reticulate signals it); its own message,
#' call and fields, with `trace` and `r_class` (its own classes).
#' `py_last_error()` then has the Python traceback, with `r_class` and `r_call`
#' those of the R condition.
#'
#' @param exception Missing to read the last error; `NULL` to forget it; a
#'   Python exception or a `py_error` to make it the last error.
#' @param x A `py_error`.
#' @param ... Ignored.
#'
#' @returns `py_last_error()`: a `py_error`, or `NULL` when no Python error has
#'   reached R. When setting or clearing: the new value (`NULL` when cleared),
#'   invisibly. `print()`: `x`, invisibly.
#' @seealso [exception-methods]
#' @examples
#' \dontrun{
#' try(py_run_string("int('seven')"))
#' err <- py_last_error()
#' err$type
#' err
#' py_clear_last_error()
#' tryCatch(py_eval("1 / 0"), python.builtin.ZeroDivisionError = function(e) NA)
#' }
#' @md
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
  if (!length(r_trace) && !is.null(fields$trace))
    r_trace <- .pyr_trace_calls(fields$trace)
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

#' @rdname py_last_error
#' @md
py_clear_last_error <- function() py_last_error(NULL)

#' @rdname py_last_error
#' @md
print.py_error <- function(x, ...) {
  cat("--- Python Exception Message\n", x$message, sep = "")
  if (length(x$r_trace))
    cat("--- R Traceback\n", paste0("  ", x$r_trace, collapse = "\n"), "\n", sep = "")
  invisible(x)
}
