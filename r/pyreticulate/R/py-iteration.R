# Iteration over Python iterables, R functions as Python iterators, and
# Python context managers through with() / %as%.
#
# py_iterator(fn): a Python generator whose values fn() produces on the
# consuming thread (Python side: pyreticulate.pyobjects.feeds); a consumer
# waits at most options(pyreticulate.generator_timeout) seconds (default: the
# bridge's timeout) while another thread runs R or produces the next value.

.done <- new.env(parent = emptyenv())

#' @rdname iterate
#' @md
as_iterator <- function(x) {
  if (!is_py_object(x)) x <- r_to_py(x, convert = TRUE)
  if (inherits(x, "python.builtin.iterator")) return(x)
  .py("iter_", x)
}

#' @rdname iterate
#' @md
iter_next <- function(it, completed = NULL) {
  if (!inherits(it, "python.builtin.iterator"))
    stop("iter_next() needs a Python iterator; call as_iterator() on an iterable first",
         call. = FALSE)
  .py("next_", it, completed)
}

#' Iterate over Python iterables
#'
#' @description
#' `iterate()` runs through a Python iterable (or an R vector or list) to its
#' end, applies `f` to each element and collects the results. It consumes what
#' it iterates: a generator or iterator is exhausted afterwards.
#' `iter_next()` takes the next element of an iterator, or returns `completed`
#' once the iterator is exhausted. `as_iterator()` gives an iterator for an
#' iterable (Python's `iter()`).
#'
#' Elements are converted to R according to the iterable's convert flag. An R
#' value is converted with `r_to_py(x, convert = TRUE)` first, so `f` gets R
#' values.
#'
#' @param it A Python iterable or iterator, or an R vector or list
#'   (`iterate()`); a Python iterator (`iter_next()`).
#' @param f A function applied to each element.
#' @param simplify Whether to make the results an atomic vector when they are
#'   all attribute-free, length-one atomic values of one type.
#' @param completed What `iter_next()` returns once the iterator is exhausted.
#' @param x A Python iterable, or an R value to iterate over.
#'
#' @returns `iterate()`: invisibly, the list of the results of `f`, or an
#'   atomic vector when simplified. `iter_next()`: the next element, or
#'   `completed`. `as_iterator()`: a Python iterator (class
#'   `python.builtin.iterator`).
#' @seealso [py_iterator()] for the other direction.
#' @name iterate
#' @examples
#' \dontrun{
#' squares <- iterate(py_eval("range(5)"), function(i) i^2)
#' squares
#' it <- as_iterator(py_eval("iter(['a', 'b'])", convert = FALSE))
#' iter_next(it)
#' iter_next(it)
#' iter_next(it, completed = "done")
#' }
#' @md
iterate <- function(it, f = base::identity, simplify = TRUE) {
  it <- as_iterator(it)
  results <- vector("list", 16L)
  n <- 0L
  repeat {
    item <- .py("next_", it, .done)
    if (identical(item, .done)) break
    n <- n + 1L
    if (n > length(results)) length(results) <- 2L * length(results)
    value <- f(item)
    if (!is.null(value)) results[[n]] <- value
  }
  length(results) <- n
  if (simplify && n && .simplifiable(results)) results <- unlist(results)
  invisible(results)
}

# All results are attribute-free length-1 atomic vectors of one type.
.simplifiable <- function(results) {
  types <- vapply(results, function(v)
    if (is.atomic(v) && length(v) == 1L && is.null(attributes(v))) typeof(v) else "",
    character(1L))
  length(unique(types)) == 1L &&
    types[[1L]] %in% c("logical", "integer", "double", "complex", "character")
}

#' A Python iterator whose elements an R function produces
#'
#' @description
#' `py_iterator()` makes a Python iterator that calls `fn()` for each element:
#' each call gives the next one, until `fn()` returns `completed`, which ends
#' the iteration. Python code can consume it like any iterator, from any
#' thread. The consuming thread runs `fn()` itself; one thread runs R at a
#' time, so a consumer waits while another thread runs R or produces the next
#' value, at most `getOption("pyreticulate.generator_timeout")` seconds (by
#' default the bridge's timeout, 120 s), and then fails with an error that
#' names the function. With `prefetch`, that many values are produced ahead and
#' wait in a queue. An error in `fn()` is raised in Python where its value
#' would have been consumed, and ends the iterator.
#'
#' @param fn A function of no arguments that returns the next element.
#' @param completed The value that marks the end (compared with
#'   [identical()]).
#' @param prefetch How many elements to produce ahead of the consumer, a
#'   non-negative integer.
#'
#' @returns The Python iterator (a proxy).
#' @seealso [iterate()]
#' @examples
#' \dontrun{
#' i <- 0
#' counter <- py_iterator(function() {
#'   i <<- i + 1
#'   if (i > 3) NULL else i
#' })
#' builtins <- import_builtins()
#' builtins$list(counter)
#' }
#' @md
py_iterator <- function(fn, completed = NULL, prefetch = 0L) {
  if (!is.function(fn)) stop("py_iterator() needs an R function", call. = FALSE)
  if (length(formals(fn)))
    stop("py_iterator() needs an R function with no arguments (it is called as fn()); ",
         "this one has ", paste0("`", names(formals(fn)), "`", collapse = ", "), call. = FALSE)
  prefetch <- as.integer(prefetch)
  if (length(prefetch) != 1L || is.na(prefetch) || prefetch < 0L)
    stop("`prefetch` must be a non-negative integer", call. = FALSE)
  force(completed)
  name <- .symbol_name(substitute(fn))
  step <- function() {
    value <- fn()
    if (identical(value, completed)) list(done = TRUE) else list(done = FALSE, value = value)
  }
  import("pyreticulate.pyobjects.feeds")$r_generator(
    step, prefetch, name = if (is.null(name)) "given to py_iterator()" else paste0(name, "()"),
    timeout = getOption("pyreticulate.generator_timeout"))
}

# ---- context managers -------------------------------------------------------------------

#' Python context managers: with() and %as%
#'
#' @description
#' `with(manager, expr)` uses a Python context manager as Python's `with`
#' statement does: it calls the manager's `__enter__()`, evaluates `expr`, and
#' always calls `__exit__()` afterwards, whether `expr` finished, failed or was
#' interrupted. `manager %as% name` binds the value of `__enter__()` to `name`
#' in the calling environment; as in Python, it stays bound after the block.
#'
#' When `expr` fails, `__exit__()` gets the exception: a Python exception as
#' itself, an R error as a `pyreticulate.RError` and an interrupt as a
#' `KeyboardInterrupt`. The error then continues in R as the original
#' condition, unless `__exit__()` returns true, which suppresses it; `with()`
#' then returns `NULL`.
#'
#' @param object A Python context manager.
#' @param name The name to bind the value of `__enter__()` to, a symbol or a
#'   string.
#' @param data A Python context manager, possibly given a name with `%as%`.
#' @param expr The R code to evaluate inside the context.
#' @param as The name to bind the value of `__enter__()` to, instead of
#'   `%as%`.
#' @param ... Ignored.
#'
#' @returns `%as%`: `object`, marked with the name. `with()`: the value of
#'   `expr` (visible if it was), or `NULL` when `__exit__()` suppressed an
#'   error.
#' @examples
#' \dontrun{
#' builtins <- import_builtins()
#' path <- tempfile()
#' with(builtins$open(path, "w") %as% f, {
#'   f$write("hello\n")
#' })
#' readLines(path)
#' }
#' @name with-as-operator
#' @md
`%as%` <- function(object, name) {
  attr(object, "as") <- gsub("\"", "", deparse(substitute(name)))
  attr(object, "as_envir") <- parent.frame()
  object
}

# __enter__, bind `as`, evaluate `expr`, then always __exit__: with the
# exception behind an R error (an interrupt arrives as KeyboardInterrupt).
# When __exit__ returns true the error is suppressed and with() returns NULL.
#' @rdname with-as-operator
#' @md
with.python.builtin.object <- function(data, expr, as = NULL, ...) {
  name <- if (!missing(as)) gsub("\"", "", deparse(substitute(as))) else attr(data, "as")
  envir <- attr(data, "as_envir")
  if (is.null(envir)) envir <- parent.frame()
  if (!is.null(attr(data, "as"))) {
    attr(data, "as") <- NULL
    attr(data, "as_envir") <- NULL
  }
  context <- .py("enter_context", data)
  if (!is.null(name)) assign(name, context, envir = envir)
  failure <- NULL
  outcome <- tryCatch(withVisible(expr),
                      error = function(e) failure <<- e,
                      interrupt = function(e) failure <<- e)
  suppressed <- .py("exit_context", data, failure)
  if (is.null(failure))
    return(if (outcome$visible) outcome$value else invisible(outcome$value))
  if (isTRUE(suppressed)) return(invisible(NULL))
  if (inherits(failure, "interrupt")) {
    signalCondition(failure)
    invokeRestart("abort")
  }
  stop(failure)
}

# The name of a variable passed as an argument (substitute()d), else NULL.
.symbol_name <- function(expression) if (is.symbol(expression)) as.character(expression)
