# stopifnot() on tensors and tf_assert(): tf$Assert() with a message that
# shows the R expression, the values of its variables and the R call stack.

# stopifnot() under autograph: R's for R values; for a tensor, a tf$Assert()
# (which fails at once when executing eagerly, and runs with the graph inside a
# traced function). In a TF1 graph outside functions the tensor variables of
# the expressions are made to depend on the assertions.
ag_stopifnot <- function(..., exprs, exprObject, local = TRUE) {
  env <- if (isTRUE(local)) parent.frame() else if (is.environment(local)) local else
    stop("stopifnot(): `local` must be TRUE or an environment", call. = FALSE)
  expressions <- if (!missing(exprs)) .statements(substitute(exprs))
    else if (!missing(exprObject)) .statements(exprObject)
    else as.list(substitute(list(...)))[-1L]
  labels <- names(expressions) %||% rep("", length(expressions))
  stack <- .call_stack(sys.calls())
  asserts <- list()
  watched <- list()
  for (i in seq_along(expressions)) {
    expr <- expressions[[i]]
    value <- eval(expr, env)
    if (!.is_tensor(value)) {
      if (!(is.logical(value) && !anyNA(value) && all(value))) {
        check <- list(base::stopifnot, expr)
        if (nzchar(labels[[i]])) names(check) <- c("", labels[[i]])
        eval(as.call(check), env)
      }
      next
    }
    variables <- .assert_variables(expr, env)
    data <- c(stack, .assert_head(expr, labels[[i]]), .assert_values(variables))
    asserts <- c(asserts, list(tf$Assert(value, data)))
    watched[names(variables)] <- variables
  }
  watched <- Filter(.is_tensor, watched)
  if (length(asserts) && length(watched) && !tf$executing_eagerly() &&
      !isTRUE(tf$compat$v1$get_default_graph()$building_function)) {
    with(tf$control_dependencies(Filter(Negate(is.null), asserts)), {
      for (name in names(watched)) assign(name, tf$identity(watched[[name]]), envir = env)
    })
  }
  invisible()
}

# The statements of `{ ... }`, or of an expression vector, as a list.
.statements <- function(x) {
  if (is.expression(x)) return(as.list(x))
  if (is.call(x) && identical(x[[1L]], as.name("{"))) return(as.list(x)[-1L])
  list(x)
}

.assert_variables <- function(expr, env) {
  names <- all.vars(expr)
  values <- lapply(names, .lookup, env = env)
  names(values) <- names
  Filter(function(v) .is_tensor(v) || (is.atomic(v) && !is.null(v)), values)
}

.assert_head <- function(expr, label = "") {
  c(if (nzchar(label)) label, sprintf("R assertion failed: `%s`", .one_line(expr)))
}

.assert_values <- function(variables) {
  data <- list()
  for (name in names(variables)) data <- c(data, list(sprintf("`%s` =", name), variables[[name]]))
  data
}

# The R calls that led here, innermost first (the call of the function that
# asserts left out), at most 10. They come first in an assertion's data, so
# that a message shortened in its middle still ends with the expression.
.call_stack <- function(calls) {
  calls <- rev(calls)[-1L]
  if (!length(calls)) return(list())
  calls <- calls[seq_len(min(10L, length(calls)))]
  lines <- vapply(calls, .one_line, "")
  c(list("R call stack (innermost first):"), as.list(sprintf("%d: %s", seq_along(lines), lines)))
}

#' Assert a condition on tensors, with an R message
#'
#' @description
#' `tf_assert()` is `tf$Assert()` with the data of its message made for R: the
#' R call stack at the assertion, the expression of `condition`, anything in
#' `...`, and the values of the variables in the expression. Executing eagerly it fails at
#' once when `condition` is false; in a graph it is an operation that fails when
#' it runs (inside a traced function, operations run in order, so it does).
#'
#' @param condition A boolean tensor.
#' @param ... More data for the message: strings or tensors.
#' @param expr The expression shown as the condition (by default the code given
#'   as `condition`).
#' @param summarize How many entries of each tensor the message shows.
#' @param name A name for the operation.
#'
#' @returns The assert operation in a graph; `NULL` when executing eagerly.
#' @seealso `stopifnot()` under [autograph()] builds these assertions.
#' @md
#' @examples
#' \dontrun{
#' x <- tf$constant(-1)
#' try(tf_assert(x > 0, "x must be positive"))
#' }
tf_assert <- function(condition, ..., expr = substitute(condition), summarize = NULL, name = NULL) {
  variables <- .assert_variables(expr, parent.frame())
  data <- c(.call_stack(sys.calls()), .assert_head(expr), list(...), .assert_values(variables))
  tf$Assert(condition, data, summarize = summarize, name = name)
}
