# Operators on Python objects, and pyreticulate's extension point for classes
# whose operators mean something else in R.
#
# One Ops method serves every proxy class, so that mixing two kinds of
# proxies never makes R 4.2 warn "Incompatible methods": R sees the same
# method on both sides. A package that gives a class its own operator
# semantics does not register an Ops method of its own (that would bring the
# warning back): it registers an operator handler for the class, which this
# method calls whenever either operand inherits from it.

# handler(op, e1, e2) gets the operator's name (.Generic: "+", "==", "!", ...)
# and the operands, e2 missing for a unary operator. Handlers are tried in
# the order they were first registered; registering a class again replaces
# its handler in place.
register_operator_handler <- function(class, handler) {
  .check_string(class, "class")
  if (!is.function(handler) || !identical(names(formals(handler)), c("op", "e1", "e2")))
    stop("an operator handler must be a function(op, e1, e2)", call. = FALSE)
  .state$operator_handlers[[class]] <- handler
  invisible(handler)
}

# The handler for this pair of operands: the first registered whose class
# either operand inherits from, or NULL.
.operator_handler <- function(e1, e2) {
  handlers <- .state$operator_handlers
  for (class in names(handlers))
    if (inherits(e1, class) || inherits(e2, class)) return(handlers[[class]])
  NULL
}

Ops.python.builtin.object <- function(e1, e2) {
  if (missing(e2)) {
    handler <- .operator_handler(e1, NULL)
    if (!is.null(handler)) return(handler(.Generic, e1))
    return(.py("unary_op", .Generic, e1))
  }
  handler <- .operator_handler(e1, e2)
  if (!is.null(handler)) return(handler(.Generic, e1, e2))
  .py("binary_op", .Generic, e1, e2)
}

# `%*%` from R 4.3 (registered in package.R), through the same handlers.
.py_matrix_op <- function(x, y) {
  handler <- .operator_handler(x, y)
  if (!is.null(handler)) return(handler(.Generic, x, y))
  .py("binary_op", .Generic, x, y)
}
