# Multiple assignment, as zeallot's %<-%: `c(x, y) %<-% data` assigns the
# elements of a list, a vector or a Python sequence (a tuple from Keras's
# train_step) to names in the calling environment.
#
# The left side is a name or c(...) of names, nested c(...), `.` (skip one
# value), `...rest` (the remaining values, as a list) and `name = default` (used
# when the value is shorter). The value is returned invisibly.
#
# The real keras3 re-exports zeallot's %<-%; this one is pyreticulate's own
# because zeallot (0.1.0, Debian's) unpacks a Python sequence only at the top
# level (a nested pattern meeting a nested tuple fails) and its errors do not
# say how many values there were.

#' Assign several values at once
#'
#' @description
#' `c(x, y) %<-% value` assigns the elements of `value` (a list, an atomic
#' vector, or a Python sequence such as the tuple Keras gives a `train_step`)
#' to the names on the left, in the calling environment. The left side may
#' be:
#'
#' * a single name, which gets the whole value;
#' * `c(...)` of names, matched to the elements in order; nested `c()`
#'   unpacks nested elements (`c(x, c(y, w)) %<-% list(1, list(2, 3))`);
#' * `.` to skip one element;
#' * `...rest` to collect the remaining elements in a list named `rest`
#'   (`...` alone drops them);
#' * `name = default`, used when the value has no element for it.
#'
#' A value with more or fewer elements than the pattern takes is an error
#' that says how many there were. R's keras3 re-exports the zeallot package's
#' `%<-%`; this one is keras3's own, because zeallot does not unpack nested
#' Python sequences.
#'
#' @param pattern The names to assign to, unevaluated (see above).
#' @param value The value to unpack.
#'
#' @returns `value`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' c(x, y) %<-% list(1, 2)
#' c(first, ...others) %<-% 1:5
#' c(a, b = 0) %<-% list(1)
#'
#' # in a train_step
#' train_step <- function(data) {
#'   c(x, y) %<-% data
#'   # ...
#' }
#' }
`%<-%` <- function(pattern, value) {
  .destructure(substitute(pattern), value, parent.frame())
  invisible(value)
}

.destructure <- function(pattern, value, env) {
  if (is.name(pattern)) {
    name <- as.character(pattern)
    if (!identical(name, ".")) assign(name, value, envir = env)
    return(invisible())
  }
  if (!is.call(pattern) || !identical(pattern[[1L]], as.name("c")))
    stop("%<-%: the left side must be a name or c(...) of names, not `",
         .deparse_one_line(pattern), "`", call. = FALSE)
  targets <- as.list(pattern)[-1L]
  keys <- names(targets)
  if (is.null(keys)) keys <- rep("", length(targets))
  values <- .destructure_values(value)
  rest <- which(vapply(seq_along(targets), function(i)
    !nzchar(keys[[i]]) && is.name(targets[[i]]) && startsWith(as.character(targets[[i]]), "..."),
    TRUE))
  if (length(rest) > 1L) stop("%<-%: only one `...` target is allowed", call. = FALSE)
  required <- sum(!nzchar(keys)) - length(rest)
  if (length(values) < required ||
      (!length(rest) && length(values) > length(targets)))
    stop(sprintf("%%<-%%: %d value%s to assign to %s", length(values),
                 if (length(values) == 1L) "" else "s", .deparse_one_line(pattern)), call. = FALSE)
  position <- 0L
  for (i in seq_along(targets)) {
    if (i %in% rest) {
      take <- length(values) - position - (length(targets) - i)
      taken <- if (take > 0L) values[position + seq_len(take)] else list()
      name <- sub("^\\.\\.\\.", "", as.character(targets[[i]]))
      if (nzchar(name)) assign(name, taken, envir = env)
      position <- position + max(take, 0L)
      next
    }
    position <- position + 1L
    if (nzchar(keys[[i]])) {
      item <- if (position <= length(values)) values[[position]] else eval(targets[[i]], env)
      assign(keys[[i]], item, envir = env)
    } else {
      .destructure(targets[[i]], values[[position]], env)
    }
  }
  invisible()
}

.destructure_values <- function(value) {
  if (is.null(value)) return(list())
  if (is_py_object(value)) {
    converted <- py_to_r(value)
    if (is_py_object(converted))
      return(iterate(converted, simplify = FALSE))
    value <- converted
  }
  if (is.list(value)) return(unname(as.list(value)))
  if (is.atomic(value)) return(as.list(unname(value)))
  stop("%<-%: cannot unpack a value of class ", class(value)[[1L]], call. = FALSE)
}

.deparse_one_line <- function(expr)
  paste(deparse(expr, width.cutoff = 500L), collapse = " ")
