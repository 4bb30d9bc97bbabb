# `.`: destructuring assignment, `.[a, b] <- value`. R's keras3 re-exports it
# from dotty, which Debian does not package; this is the same object with
# dotty's documented semantics in a small form: positions, `..` for values to
# skip, `name = expr` evaluated with the value's elements in scope, nested
# `.[...]`. Python sequences (tuples, lists) are unpacked like R lists.

#' Destructuring assignment with `.`
#'
#' @description
#' `.[a, b] <- value` assigns the elements of `value` to `a` and `b` in the
#' calling environment, as dotty's `.` (which R's keras3 re-exports) does:
#'
#' * names in `.[...]` take the elements by position: `.[nr, nc] <-
#'   dim(mtcars)`;
#' * `..` skips elements: `.[first, .., last] <- 1:10` (once per pattern);
#' * `name = expr` assigns `expr` evaluated with the elements of `value` in
#'   scope: `.[beta = beta] <- list(alpha = 1, beta = 2)`, `.[n = length(x)]
#'   <- list(x = 1:3)`;
#' * `.[...]` inside unpacks nested values: `.[x, .[y, z]] <- list(1,
#'   list(2, 3))`.
#'
#' Vectors are unpacked element by element, lists and Python sequences
#' (`tuple()`, the lists and tuples Keras returns) item by item, an R version
#' by its components. More names than values is an error; values left over
#' without `..` are not assigned.
#'
#' @format An object of class `dotty`.
#' @returns `.` itself; the assignment is its side effect.
#' @seealso [`%<-%`] for `c(a, b) %<-% value`.
#' @md
#' @examples
#' \dontrun{
#' .[rows, cols] <- dim(mtcars)
#' .[first, .., last] <- letters
#' .[x, y] <- tuple(1, 2)
#' }
#' @name dot
#' @aliases .
. <- structure(list(), class = "dotty")

#' @rdname dot
#' @param x The `.` object.
#' @param ... The pattern.
#' @param value The value to unpack.
#' @method [<- dotty
`[<-.dotty` <- function(x, ..., value) {
  pattern <- as.list(sys.call())
  pattern <- pattern[-c(1L, 2L, length(pattern))]
  .dotty_assign(pattern, value, parent.frame())
  x
}

.dotty_assign <- function(pattern, value, envir) {
  items <- .dotty_items(value)
  keys <- names(pattern)
  if (is.null(keys)) keys <- rep("", length(pattern))
  skip <- which(vapply(pattern, identical, TRUE, as.name("..")) & !nzchar(keys))
  if (length(skip) > 1L) stop("`.[...]`: use `..` at most once", call. = FALSE)
  positional <- which(!nzchar(keys))
  if (length(skip)) {
    before <- positional[positional < skip]
    after <- positional[positional > skip]
    at <- c(seq_along(before), length(items) - length(after) + seq_along(after))
    targets <- c(before, after)
  } else {
    at <- seq_along(positional)
    targets <- positional
  }
  if (length(targets) > length(items) || any(at < 1L))
    stop(sprintf("`.[...]`: %d names but the value has %d elements", length(targets),
                 length(items)), call. = FALSE)
  for (k in seq_along(targets)) .dotty_bind(pattern[[targets[[k]]]], items[[at[[k]]]], envir)
  for (i in which(nzchar(keys)))
    assign(keys[[i]], eval(pattern[[i]], .dotty_scope(value), envir), envir = envir)
  invisible()
}

.dotty_bind <- function(target, item, envir) {
  if (is.name(target)) return(assign(as.character(target), item, envir = envir))
  if (is.call(target) && identical(target[[1L]], as.name("[")) &&
      identical(target[[2L]], as.name(".")))
    return(.dotty_assign(as.list(target)[-c(1L, 2L)], item, envir))
  stop("`.[...]`: each element must be a name, `..`, `name = expr` or a nested `.[...]`, not ",
       deparse(target)[[1L]], call. = FALSE)
}

# The elements of a value, as a list.
.dotty_items <- function(value) {
  if (inherits(value, "numeric_version")) return(as.list(unclass(value)[[1L]]))
  if (is_py_object(value)) {
    converted <- py_to_r(value)
    if (!is_py_object(converted)) return(.dotty_items(converted))
    return(as.list(py_to_r(import_builtins(convert = FALSE)$list(value))))
  }
  if (is.environment(value)) return(as.list(value))
  as.list(value)
}

.dotty_scope <- function(value) {
  if (is_py_object(value)) value <- py_to_r(value)
  if (is.environment(value)) return(value)
  if (is.data.frame(value) || is.list(value)) return(value)
  as.list(value)
}
