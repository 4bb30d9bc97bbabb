# Iteration over Python iterables, R functions as Python iterators, and
# Python context managers through with() / %as%.
#
# py_iterator(fn): a Python generator whose values fn() produces on the main
# thread (Python side: pyreticulate.pyobjects.feeds); a consumer on
# another thread waits at most options(pyreticulate.generator_timeout)
# seconds (default: the main-thread timeout) for the main thread to produce
# the next value.

.done <- new.env(parent = emptyenv())

as_iterator <- function(x) {
  if (!is_py_object(x)) x <- r_to_py(x, convert = TRUE)
  if (inherits(x, "python.builtin.iterator")) return(x)
  .py("iter_", x)
}

iter_next <- function(it, completed = NULL) {
  if (!inherits(it, "python.builtin.iterator"))
    stop("iter_next() needs a Python iterator; call as_iterator() on an iterable first",
         call. = FALSE)
  .py("next_", it, completed)
}

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

py_iterator <- function(fn, completed = NULL, prefetch = 0L) {
  if (!is.function(fn)) stop("py_iterator() needs an R function", call. = FALSE)
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

`%as%` <- function(object, name) {
  attr(object, "as") <- gsub("\"", "", deparse(substitute(name)))
  attr(object, "as_envir") <- parent.frame()
  object
}

# __enter__, bind `as`, evaluate `expr`, then always __exit__: with the
# exception behind an R error (an interrupt arrives as KeyboardInterrupt).
# When __exit__ returns true the error is suppressed and with() returns NULL.
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
