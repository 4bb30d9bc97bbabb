# Hints for the next autographed statement that builds graph control flow: each
# is held in a slot until that statement takes it (or a statement on a tensor
# with a value drops it).

.hint_slot <- function() {
  value <- NULL
  slot <- new.env(parent = emptyenv())
  slot$set <- function(x) {
    value <<- x
    invisible(x)
  }
  slot$pop <- function() {
    on.exit(value <<- NULL)
    value
  }
  slot$peek <- function() value
  slot
}

next_if_vars <- .hint_slot()
next_loop_vars <- .hint_slot()
next_ag_name <- .hint_slot()
next_while_loop_opts <- .hint_slot()

.hint_slots <- function() list(next_if_vars, next_loop_vars, next_ag_name, next_while_loop_opts)

.saved_hints <- function() lapply(.hint_slots(), function(slot) slot$peek())

.restore_hints <- function(saved) {
  slots <- .hint_slots()
  for (i in seq_along(slots)) slots[[i]]$set(saved[[i]])
  invisible()
}

# A variable given to a hint as a name or name$part$...: its path.
.hint_path <- function(expr, fun) {
  if (is.symbol(expr)) return(as.character(expr))
  if (is.call(expr) && identical(expr[[1L]], as.name("$")) && length(expr) == 3L)
    return(c(.hint_path(expr[[2L]], fun), as.character(expr[[3L]])))
  stop(sprintf("%s(): give variables as names, or as name$part, not `%s`", fun, .one_line(expr)),
       call. = FALSE)
}

.check_flag <- function(x, what) {
  if (!isTRUE(x) && !isFALSE(x)) stop(sprintf("`%s` must be TRUE or FALSE", what), call. = FALSE)
}

#' Name what the next `if` on a tensor carries out
#'
#' @description
#' `ag_if_vars()` gives the outputs of the `tf$cond()` that the next
#' autographed `if` on a tensor being traced builds, instead of finding them by
#' tracing both branches first (the default). It has no effect on an `if` on an
#' R value; an `if` on a tensor with a value drops it.
#'
#' @param ... The variables the branches assign, as names (`x`) or parts of
#'   named lists (`x$a`), not named. A variable a branch does not assign takes
#'   its value from before the `if` in that branch.
#' @param modified The same as a character vector, or a list of character
#'   vectors for parts of named lists (`list("y", c("x", "a"))`).
#' @param return Whether the value of the `if` (its branches' last values) is
#'   an output too.
#' @param undefs Names to leave undefined after the `if` (reading one is an
#'   error saying why).
#' @param control_flow The most `break` and `next` statements a branch meets
#'   (those of graph loops only).
#'
#' @returns `NULL`, invisibly.
#' @seealso [autograph()], [ag_loop_vars()]
#' @md
#' @examples
#' \dontrun{
#' fn <- tf_function(autograph(function(y) {
#'   x <- list(a = tf$constant(0), b = tf$constant(0))
#'   ag_if_vars(x$a)
#'   if (y > 0) x$a <- y
#'   x
#' }))
#' fn(tf$constant(2))
#' }
ag_if_vars <- function(..., modified = list(), return = FALSE, undefs = NULL, control_flow = 0) {
  dots <- as.list(substitute(list(...)))[-1L]
  if (length(dots)) {
    if (!is.null(names(dots)) && any(nzchar(names(dots))))
      stop("ag_if_vars(): the variables in `...` must not be named", call. = FALSE)
    modified <- c(as.list(modified), lapply(dots, .hint_path, fun = "ag_if_vars"))
  }
  if (!is.list(modified) && !is.character(modified))
    stop("ag_if_vars(): `modified` must be a character vector or a list of them", call. = FALSE)
  .check_flag(return, "return")
  if (!is.numeric(control_flow) || length(control_flow) != 1L || is.na(control_flow) ||
      control_flow < 0 || control_flow != trunc(control_flow))
    stop("ag_if_vars(): `control_flow` must be a whole number, 0 or more", call. = FALSE)
  next_if_vars$set(list(modified = lapply(as.list(modified), as.character), return = return,
                        undefs = undefs, control_flow = as.integer(control_flow)))
  invisible()
}

#' Name the variables the next graph loop carries
#'
#' @description
#' `ag_loop_vars()` sets the loop variables of the next autographed loop on a
#' tensor being traced (`while`, `for` over a tensor or a dataset). By default
#' they are the variables the body assigns (with `<-`, `=`, `%<>%`, zeallot's
#' `%<-%` and `%->%`, `assign()`, or as a `for` variable) that have a value
#' before the loop. Give the full set as bare names (`ag_loop_vars(x, i)`), or
#' change the default set with names prefixed by `-` (left out) or `+` (added).
#' A variable the body assigns that is not carried is undefined after the
#' loop. A loop on R values or on a tensor with a value drops the hint.
#'
#' @param ... Names, all bare or all prefixed with `-` or `+`.
#' @param list,include,exclude The same as character vectors: the full set, or
#'   names added to or left out of the default set.
#' @param undef Names to leave undefined after the loop.
#'
#' @returns The hint (a list), invisibly.
#' @seealso [autograph()], [ag_if_vars()], [ag_while_opts()]
#' @md
#' @examples
#' \dontrun{
#' fn <- tf_function(autograph(function(n) {
#'   total <- tf$constant(0L)
#'   scratch <- tf$constant(0L)
#'   ag_loop_vars(-scratch)
#'   while (n > 0L) {
#'     scratch <- n * 2L
#'     total <- total + scratch
#'     n <- n - 1L
#'   }
#'   total
#' }))
#' fn(tf$constant(3L))
#' }
ag_loop_vars <- function(..., list = character(), include = character(), exclude = character(),
                         undef = character()) {
  dots <- as.list(substitute(base::list(...)))[-1L]
  if (length(dots)) {
    prefixed <- vapply(dots, is.call, NA)
    if (any(prefixed) && !all(prefixed))
      stop("ag_loop_vars(): give either bare names, or names all prefixed with `-` or `+`",
           call. = FALSE)
    if (all(prefixed)) {
      bad <- !vapply(dots, function(d) length(d) == 2L && is.symbol(d[[2L]]) &&
                       as.character(d[[1L]]) %in% c("-", "+"), NA)
      if (any(bad))
        stop(sprintf("ag_loop_vars(): not a name prefixed with `-` or `+`: %s",
                     paste(vapply(dots[bad], .one_line, ""), collapse = ", ")), call. = FALSE)
      signs <- vapply(dots, function(d) as.character(d[[1L]]), "")
      names <- vapply(dots, function(d) as.character(d[[2L]]), "")
      exclude <- union(exclude, names[signs == "-"])
      include <- union(include, names[signs == "+"])
    } else {
      bad <- !vapply(dots, is.symbol, NA)
      if (any(bad))
        stop(sprintf("ag_loop_vars(): not a name: %s",
                     paste(vapply(dots[bad], .one_line, ""), collapse = ", ")), call. = FALSE)
      list <- union(list, vapply(dots, as.character, ""))
    }
  }
  if (length(list) && (length(include) || length(exclude)))
    stop("ag_loop_vars(): give either the full set of loop variables, or names to add to and ",
         "leave out of the variables found, not both", call. = FALSE)
  hint <- base::list(list = list, include = include, exclude = exclude, undef = undef)
  next_loop_vars$set(hint[lengths(hint) > 0L])
}

#' Name the graph operation of the next autographed statement
#'
#' @description
#' `ag_name()` gives the name of the `tf$cond()`, `tf$while_loop()` or dataset
#' reduction that the next autographed `if`, `while` or `for` on a tensor being
#' traced builds (it shows in the graph, in TensorBoard for one).
#'
#' @param x The name, a string.
#'
#' @returns `x`, invisibly.
#' @seealso [ag_while_opts()]
#' @md
#' @examples
#' \dontrun{
#' fn <- tf_function(autograph(function(n) {
#'   ag_name("count-down")
#'   while (n > 0) n <- n - 1
#'   n
#' }))
#' }
ag_name <- function(x) {
  if (!is.character(x) || length(x) != 1L || is.na(x))
    stop("ag_name(): the name must be a string", call. = FALSE)
  next_ag_name$set(x)
}

#' Options of the next graph loop
#'
#' @description
#' `ag_while_opts()` sets options of the `tf$while_loop()` that the next
#' autographed `while` or `for` over a tensor being traced builds. Only the
#' options given are passed on. (Loop variables: [ag_loop_vars()]; the name:
#' [ag_name()].)
#'
#' @param ... Nothing: every option must be named.
#' @param shape_invariants The shapes the loop variables may take, as a named
#'   list by variable (`list(x = shape(NULL, 3))`).
#' @param parallel_iterations How many iterations may run in parallel.
#' @param back_prop `FALSE` to stop gradients through the loop (TensorFlow
#'   deprecates it in favour of `tf$stop_gradient()`).
#' @param swap_memory Whether GPU memory may be swapped to the CPU's.
#' @param maximum_iterations The most iterations the loop runs.
#'
#' @returns `NULL`, invisibly.
#' @seealso [ag_loop_vars()], [ag_name()]
#' @md
#' @examples
#' \dontrun{
#' fn <- tf_function(autograph(function(n) {
#'   ag_while_opts(maximum_iterations = 100L)
#'   while (n > 0) n <- n - 1
#'   n
#' }))
#' }
ag_while_opts <- function(..., shape_invariants = NULL, parallel_iterations = 10L,
                          back_prop = TRUE, swap_memory = FALSE, maximum_iterations = NULL) {
  if (...length()) stop("ag_while_opts(): every option must be named", call. = FALSE)
  given <- c(shape_invariants = !missing(shape_invariants),
             parallel_iterations = !missing(parallel_iterations),
             back_prop = !missing(back_prop), swap_memory = !missing(swap_memory),
             maximum_iterations = !missing(maximum_iterations))
  options <- list(shape_invariants = shape_invariants,
                  parallel_iterations = as.integer(parallel_iterations),
                  back_prop = back_prop, swap_memory = swap_memory,
                  maximum_iterations = if (is.numeric(maximum_iterations))
                    as.integer(maximum_iterations) else maximum_iterations)
  options <- options[given]
  if (length(options)) next_while_loop_opts$set(options)
  invisible()
}
