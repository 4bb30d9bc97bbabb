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
#' Give a class of Python objects operators of its own
#'
#' @description
#' `register_operator_handler()` lets a package define what R's operators mean
#' for a class of Python objects without registering an `Ops` method of its
#' own, which would make R 4.2 warn "Incompatible methods" when the class meets
#' other Python objects. The operator method that all Python objects share
#' calls `handler(op, e1, e2)` whenever either operand inherits from `class`:
#' `op` is the operator (`"+"`, `"=="`, `"!"`, ...) and `e2` is missing for a
#' unary one. Handlers are tried in the order their classes were first
#' registered; registering a class again replaces its handler in place. This is
#' an extension point of pyreticulate; reticulate has none. A package whose
#' Python objects follow R's operator rules registers its handlers this way.
#'
#' @param class An R class name, a single string (one that a class filter
#'   adds, say).
#' @param handler A function whose arguments are exactly `op`, `e1` and `e2`.
#'
#' @returns `handler`, invisibly.
#' @seealso [Ops-python-methods], [register_class_filter()]
#' @examples
#' \dontrun{
#' as_number <- function(v) if (is_py_object(v)) import_builtins()$float(v) else v
#' register_operator_handler("fractions.Fraction", function(op, e1, e2) {
#'   if (missing(e2)) return(get(op)(as_number(e1)))
#'   get(op)(as_number(e1), as_number(e2))
#' })
#' fractions <- import("fractions")
#' fractions$Fraction(1L, 3L) + 1
#' }
#' @md
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

#' Operators on Python objects
#'
#' @description
#' R's operators on Python objects call Python's: `+`, `-`, `*`, `/`, `%/%`
#' (`//`), `%%`, `^` (`**`), `==`, `!=`, `<`, `<=`, `>`, `>=`, `&`, `|`, unary
#' `-` and `+`, and `!`, which is Python's `~` as in reticulate (logical for
#' NumPy boolean arrays, bitwise for Python integers). An R operand is
#' converted with [r_to_py()] first. The result is converted to R unless an
#' operand is a proxy with `convert = FALSE`.
#'
#' One method serves every Python class, so mixing Python objects of different
#' classes never leaves R choosing between two methods (R 4.2 warns
#' "Incompatible methods" then). A package that gives a class operators of its
#' own registers a handler for it with [register_operator_handler()], which
#' this method calls when either operand inherits from that class.
#'
#' From R 4.3, `%*%` works too (Python's `@`), and `inherits(x, type)` accepts
#' a Python type (`inherits(a, np$ndarray)`). On R 4.2 call the library's
#' function instead, such as `np$matmul(a, b)`.
#'
#' @param e1,e2 The operands, at least one of them a Python object; `e2` is
#'   missing for a unary operator.
#'
#' @returns The result of the operator, converted to R or a proxy.
#' @examples
#' \dontrun{
#' np <- import("numpy", convert = FALSE)
#' a <- np$array(c(1, 2, 3))
#' a * 2 + 1
#' a > 1
#' py_eval("7", convert = FALSE) %/% 2L
#' }
#' @name Ops-python-methods
#' @aliases matrixOps.python.builtin.object nameOfClass.python.builtin.type
#' @md
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
