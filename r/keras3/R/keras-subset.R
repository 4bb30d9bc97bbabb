# op_subset(), op_subset_set() and `op_subset<-`(): R's `[` idioms on tensors
# (keras3's), through keras.ops. Each argument in `...` is one axis:
# missing (all of it), a 1-based position (negative ones count from the end),
# a vector of positions or a logical vector (gathered along the axis), a slice
# `start:end` or `start:end:step` (1-based, end included, NA for "from the
# start"/"to the end"), NULL (a new axis) or `..` (all the axes not given).
# A single logical array of x's shape, or a matrix of positions with one
# column per axis, selects elements (row-major order for the array).

#' Subset a tensor with R's indexing idioms
#'
#' @description
#' `op_subset(x, ...)` extracts elements of a tensor (or a KerasTensor) as
#' R's `[` does, with keras3's rules: positions count from 1, slices
#' `start:end` include `end`, a missing argument is the whole axis, and axes
#' not given at the end are whole. Unlike R's `[`, a negative position counts
#' from the end (`-1` is the last), `NULL` adds an axis, `..` stands for all
#' the axes not given, and a slice may have a step (`1:NA:2`, every other
#' element) with `NA` for its start or end. A vector of positions (or a
#' logical vector) along an axis gathers those elements; several such vectors
#' select their intersection, as in R. A single logical array of the shape of
#' `x`, or a matrix of positions with one column per axis, selects elements
#' (for the array, in row-major order), giving a 1-d tensor.
#'
#' `op_subset_set(x, ..., value)` and `op_subset(x, ...) <- value` give `x`
#' with the selected elements replaced by `value` (broadcast to them).
#'
#' @param x A tensor.
#' @param ... The indices, one argument per axis, as above.
#' @param value The new values: a number, an array or a tensor.
#'
#' @returns A tensor.
#' @md
#' @examples
#' \dontrun{
#' x <- op_arange(1, 12) |> op_reshape(c(3, 4))
#' op_subset(x, 1)              # the first row
#' op_subset(x, , 2)            # the second column
#' op_subset(x, 2:3, -1)        # rows 2 and 3 of the last column
#' op_subset(x, x > 6)          # the elements greater than 6
#' op_subset(x, 1, 1) <- 100
#' }
op_subset <- function(x, ...) {
  items <- .keras_subset_items(substitute(list(...)), parent.frame())
  .keras_subset(x, items)
}

#' @rdname op_subset
op_subset_set <- function(x, ..., value) {
  items <- .keras_subset_items(substitute(list(...)), parent.frame())
  .keras_subset_assign(x, items, value)
}

#' @rdname op_subset
`op_subset<-` <- function(x, ..., value) {
  items <- .keras_subset_items(substitute(list(...)), parent.frame())
  .keras_subset_assign(x, items, value)
}

# The indexing arguments, read without evaluating slices (`2:5` is a slice,
# not the vector 2, 3, 4, 5), missing arguments and `..`.
.keras_subset_items <- function(call, env) {
  exprs <- as.list(call)[-1L]
  lapply(exprs, function(e) {
    if (identical(e, quote(expr = ))) return(list(type = "all"))
    if (identical(e, quote(..))) return(list(type = "ellipsis"))
    if (is.call(e) && identical(e[[1L]], as.name(":"))) {
      parts <- if (is.call(e[[2L]]) && identical(e[[2L]][[1L]], as.name(":")))
        list(e[[2L]][[2L]], e[[2L]][[3L]], e[[3L]]) else list(e[[2L]], e[[3L]])
      values <- lapply(parts, function(p) eval(p, env))
      return(list(type = "slice", start = values[[1L]], end = values[[2L]],
                  step = if (length(values) == 3L) values[[3L]]))
    }
    value <- eval(e, env)
    if (is.null(value)) return(list(type = "newaxis"))
    if (inherits(value, "tensorflow.python.ops.array_ops._AllDims") ||
        inherits(value, "all_dims")) return(list(type = "ellipsis"))
    list(type = "value", value = value)
  })
}

.keras_subset_error <- function(...) stop(paste0("op_subset(): ", ...), call. = FALSE)

.keras_subset_position <- function(i, size) {
  if (length(i) != 1L || is.na(i) || i != trunc(i))
    .keras_subset_error("a position must be a whole number, not ", .describe_value(i))
  if (i == 0) .keras_subset_error("positions count from 1 (and -1 is the last): 0 is not one")
  if (i > 0) as.integer(i) - 1L else as.integer(i)
}

.keras_subset_rank <- function(x) length(py_to_r(py_call(keras$ops$shape, x)))

.keras_subset <- function(x, items) {
  ops <- keras$ops
  if (!is_py_object(x)) x <- py_call(ops$convert_to_tensor, .keras_data(x))
  # One array or matrix of positions: elements by coordinates.
  if (length(items) == 1L && identical(items[[1L]]$type, "value")) {
    value <- items[[1L]]$value
    if (is_py_object(value) || (is.array(value) && length(dim(value)) > 1L))
      return(.keras_subset_elements(x, value))
  }
  rank <- .keras_subset_rank(x)
  consumed <- sum(vapply(items, function(i) !i$type %in% c("newaxis", "ellipsis"), NA))
  if (consumed > rank)
    .keras_subset_error(sprintf("%d indices for a tensor of rank %d", consumed, rank))
  if (!any(vapply(items, function(i) i$type == "ellipsis", NA)))
    items <- c(items, rep(list(list(type = "all")), rank - consumed))
  builtins <- import_builtins(convert = FALSE)
  none <- py_none()
  key <- list()
  gathers <- list()
  out_axis <- 0L
  in_axis <- 0L
  dims <- py_to_r(py_call(ops$shape, x))
  for (item in items) {
    switch(item$type,
      all = {
        key <- c(key, list(py_call(builtins$slice, none)))
        out_axis <- out_axis + 1L; in_axis <- in_axis + 1L
      },
      newaxis = {
        key <- c(key, list(none))
        out_axis <- out_axis + 1L
      },
      ellipsis = {
        rest <- rank - consumed
        key <- c(key, list(py_eval("Ellipsis", convert = FALSE)))
        out_axis <- out_axis + rest; in_axis <- in_axis + rest
        consumed <- rank
      },
      slice = {
        key <- c(key, list(.keras_subset_slice(item, builtins, none)))
        out_axis <- out_axis + 1L; in_axis <- in_axis + 1L
      },
      value = {
        v <- item$value
        size <- dims[[in_axis + 1L]]
        if (is.logical(v)) {
          if (!is.null(size) && length(v) != size && length(v) != 1L)
            .keras_subset_error(sprintf("a logical index of length %d for an axis of %d",
                                        length(v), size))
          v <- which(rep_len(v, if (is.null(size)) length(v) else size))
          gathers <- c(gathers, list(list(axis = out_axis, positions = v)))
          key <- c(key, list(py_call(builtins$slice, none)))
          out_axis <- out_axis + 1L
        } else if (length(v) == 1L && !is_py_object(v)) {
          key <- c(key, list(.keras_subset_position(v, size)))
        } else {
          gathers <- c(gathers, list(list(axis = out_axis, positions = v)))
          key <- c(key, list(py_call(builtins$slice, none)))
          out_axis <- out_axis + 1L
        }
        in_axis <- in_axis + 1L
      })
  }
  y <- py_call(py_get_attr(x, "__getitem__"), do.call(tuple, key))
  for (g in gathers) {
    positions <- if (is_py_object(g$positions)) .keras_index(g$positions)
                 else .np()$array(vapply(g$positions, .keras_subset_position, 1L, size = NULL))
    y <- py_call(ops$take, y, positions, axis = g$axis)
  }
  y
}

.keras_subset_slice <- function(item, builtins, none) {
  bound <- function(v) if (is.null(v) || (length(v) == 1L && is.na(v))) NULL else {
    if (length(v) != 1L || v != trunc(v))
      .keras_subset_error("slice bounds must be whole numbers, not ", .describe_value(v))
    as.integer(v)
  }
  start <- bound(item$start); end <- bound(item$end); step <- bound(item$step)
  if (identical(start, 0L) || identical(end, 0L))
    .keras_subset_error("positions count from 1 (and -1 is the last): 0 is not one")
  if (is.null(step)) step <- if (!is.null(start) && !is.null(end) && sign(start) == sign(end) &&
                                 start > end) -1L else 1L
  if (step == 0L) .keras_subset_error("a slice step cannot be 0")
  py_start <- if (is.null(start)) none else if (start > 0L) start - 1L else start
  py_end <- if (is.null(end)) none
            else if (step > 0L) { if (end > 0L) end else if (end == -1L) none else end + 1L }
            else { if (end > 1L) end - 2L else if (end == 1L) none else end - 1L }
  py_call(builtins$slice, py_start, py_end, step)
}

# Elements by coordinates: a matrix with one 1-based column per axis, or a
# logical array (or boolean tensor) of x's shape (row-major order).
.keras_subset_elements <- function(x, where) {
  ops <- keras$ops
  dims <- unlist(py_to_r(py_call(ops$shape, x)))
  if (is_py_object(where)) where <- as.array(py_to_r(py_call(ops$convert_to_numpy, where)))
  if (is.logical(where)) {
    given <- if (is.null(dim(where))) length(where) else dim(where)
    if (!identical(as.integer(given), as.integer(dims)))
      .keras_subset_error("a logical array must have the shape of the tensor")
    coords <- which(where, arr.ind = TRUE)
    if (is.null(dim(coords))) coords <- matrix(coords, ncol = 1L)
    coords <- coords[do.call(order, as.data.frame(coords)), , drop = FALSE]
  } else {
    coords <- where
    if (ncol(coords) != length(dims))
      .keras_subset_error(sprintf("a matrix of positions needs one column per axis (%d), not %d",
                                  length(dims), ncol(coords)))
    coords[] <- vapply(coords, .keras_subset_position, 1L, size = NULL)
    neg <- coords < 0
    coords[neg] <- (coords + rep(dims, each = nrow(coords)))[neg]
    coords <- coords + 1L
  }
  strides <- rev(cumprod(rev(c(dims[-1L], 1))))
  linear <- as.integer((coords - 1L) %*% strides)
  py_call(ops$take, py_call(ops$reshape, x, tuple(-1L)), .np()$array(linear))
}

.keras_subset_assign <- function(x, items, value) {
  ops <- keras$ops
  if (!is_py_object(x)) x <- py_call(ops$convert_to_tensor, .keras_data(x))
  shape <- py_call(ops$shape, x)
  size <- as.integer(prod(unlist(py_to_r(shape))))
  positions <- py_call(ops$reshape, py_call(ops$arange, size, dtype = "int32"), shape)
  chosen <- py_call(ops$reshape, .keras_subset(positions, items), tuple(-1L, 1L))
  n <- py_to_r(py_call(ops$shape, chosen))[[1L]]
  value <- py_call(ops$cast, if (is_py_object(value)) value else .keras_data(value),
                   x$dtype)
  # The new values in the selection's row-major order: one value, or as many
  # as there are selected elements.
  updates <- py_call(ops$broadcast_to, py_call(ops$reshape, value, tuple(-1L)), tuple(n))
  flat <- py_call(ops$reshape, x, tuple(-1L))
  py_call(ops$reshape, py_call(ops$scatter_update, flat, chosen, updates), shape)
}
