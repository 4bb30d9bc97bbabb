# autograph(): an environment (the mask) binding R's control-flow functions to
# versions that build graph control flow for tensors being traced is put
# between a function and its environment, so the function's code is not
# rewritten; an expression is evaluated under a mask.

.mask_name <- "package:tfautograph:ag_mask"

.new_mask <- function(parent) {
  mask <- list2env(list(
    `if` = ag_if, `while` = ag_while, `for` = ag_for, `repeat` = ag_repeat,
    `break` = ag_break, `next` = ag_next, `stopifnot` = ag_stopifnot,
    `&&` = ag_and, `||` = ag_or), parent = parent)
  # R prints an environment's name when it starts with "package:".
  attr(mask, "name") <- .mask_name
  lockEnvironment(mask, bindings = TRUE)
  mask
}

.is_autographed <- function(f) {
  env <- environment(f)
  while (is.environment(env) && !identical(env, emptyenv())) {
    if (identical(attr(env, "name", exact = TRUE), .mask_name)) return(TRUE)
    env <- parent.env(env)
  }
  FALSE
}

.autographed <- function(f) {
  if (is.primitive(f) || .is_autographed(f)) return(f)
  environment(f) <- .new_mask(environment(f))
  f
}

# An expression that names an object rather than computing with it.
.is_reference <- function(expr) {
  is.symbol(expr) ||
    (is.call(expr) && is.symbol(expr[[1L]]) &&
       as.character(expr[[1L]]) %in% c("function", "$", "[[", "::", ":::"))
}

#' Autograph R code
#'
#' @description
#' `autograph()` makes R's control flow work on the tensors of code that
#' TensorFlow traces into a graph. `tensorflow::tf_function()` applies it to the
#' function it traces (`autograph = TRUE`, its default).
#'
#' Given a function (by its name, as `autograph(fn)`, or written in place), it
#' returns the function with a new enclosing environment, the autograph mask,
#' whose parent is the function's own environment. The mask binds `if`,
#' `while`, `for`, `repeat`, `break`, `next`, `stopifnot`, `&&` and `||`. On R
#' values they are R's own; on a tensor with a value (executing eagerly) they
#' take the tensor's value (a loop iterates over a tensor's first dimension,
#' or over a dataset's or Python iterable's elements). On a tensor being traced
#' they build graph control flow:
#'
#' * `if (cond)` becomes `tf$cond()`. The variables either branch assigns are
#'   carried out of it (found by tracing both branches first; use
#'   [ag_if_vars()] to name them instead); one a branch does not assign takes
#'   its value from before the `if`; one assigned in a single branch that has
#'   no value before it is left *undefined* afterwards (reading it is an error
#'   of class `access_undefined`). When both branches end in values of the
#'   same structure, the `if` has that value; when both end with `return()`,
#'   the function returns it.
#' * `while (cond)` and `for (x in tensor)` become `tf$while_loop()`, carrying
#'   the variables the body assigns that exist before the loop
#'   ([ag_loop_vars()] changes the set); `for (x in dataset)` over a
#'   `tf$data` dataset becomes a reduction over the dataset. `break` and `next`
#'   work, also inside an `if` on a tensor; a variable first assigned in the
#'   body is undefined after the loop.
#' * `stopifnot()` on a tensor adds a `tf$Assert()` whose message shows the
#'   expression, the values of its variables and the R call stack.
#' * `a && b`, `a || b` on a tensor become `tf$logical_and()` /
#'   `tf$logical_or()`.
#'
#' Given an expression, it evaluates it in a new frame under a mask whose
#' parent is the calling frame, then assigns the variables the expression
#' assigned in the calling frame, and gives the expression's value.
#'
#' @param x A function, or an expression.
#'
#' @returns For a function, the function with the autograph mask as its
#'   environment's parent (a function already autographed is returned as it
#'   is). For an expression, its value (invisible if it was).
#' @seealso [ag_if_vars()], [ag_loop_vars()], [ag_name()], [ag_while_opts()]
#' @md
#' @examples
#' \dontrun{
#' library(tensorflow)
#' library(tfautograph)
#' clip <- function(x) {
#'   if (x > 10) x <- tf$constant(10)
#'   x
#' }
#' fn <- tf_function(autograph(clip))
#' fn(tf$constant(12))
#'
#' count_odd <- tf_function(autograph(function(n) {
#'   count <- tf$constant(0L)
#'   for (i in tf$range(n)) {
#'     if (i %% 2L == 0L) next
#'     count <- count + 1L
#'   }
#'   count
#' }))
#' count_odd(tf$constant(10L))
#' }
autograph <- function(x) {
  expr <- substitute(x)
  env <- parent.frame()
  if (.is_reference(expr)) {
    if (is.function(x) || inherits(x, "formula")) return(.autographed(x))
    return(x)
  }
  mask <- .new_mask(env)
  holder <- new.env(parent = emptyenv())
  outcome <- .run(expr, mask, holder = holder)
  .export_frame(holder$frame, env, mask)
  if (isFALSE(outcome$visible)) invisible(outcome$value) else outcome$value
}

# ---- && and || --------------------------------------------------------------------------------

ag_and <- function(x, y) .logical(x, y, FALSE, "logical_and")

ag_or <- function(x, y) .logical(x, y, TRUE, "logical_or")

# R's && and || on R values and tensors with a value (`decides`: the value of
# the left side that decides alone, short-circuiting); TensorFlow's
# logical_and / logical_or when a side is a tensor being traced.
.logical <- function(x, y, decides, graph_op) {
  if (.is_graph_tensor(x)) return(py_get_attr(tf, graph_op)(.as_bool(x), .as_bool(y)))
  a <- .truth(x)
  if (identical(a, decides)) return(decides)
  b <- y
  if (identical(a, !decides) && .is_graph_tensor(b)) return(.as_bool(b))
  if (decides) a || .truth(b) else a && .truth(b)
}
