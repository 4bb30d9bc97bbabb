# shape() and TensorShape as an R value: 1-based `[`/`[[` (with replacement),
# as.list/as.integer/as.double, length (NA for an unknown rank), c(), ==/!=
# against shapes or R vectors, print and format.

shape <- function(..., dims = list(...)) {
  if (is.null(dims)) return(.tf()$TensorShape(NULL))
  if (.is_tensor(dims)) dims <- as.integer(dims)
  if (inherits(dims, .shape_class)) return(dims)
  dims <- lapply(unname(as.list(dims)), function(d) {
    if (is.null(d) || (is.atomic(d) && length(d) == 1L && is.na(d)) ||
        (is.numeric(d) && length(d) == 1L && d == -1)) return(NULL)
    if (!.is_whole(d) || length(d) != 1L || d < 0)
      stop("shape() dimensions must be single whole numbers, or NA/NULL for unknown",
           call. = FALSE)
    as.integer(d)
  })
  .tf()$TensorShape(dims)
}

.as_shape <- function(x) if (inherits(x, .shape_class)) x else shape(dims = x)

.shape_known <- function(x) !is.null(py_to_r(py_get_attr(x, "rank")))

as.list.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  if (!.shape_known(x)) stop("a shape of unknown rank has no dimensions to list", call. = FALSE)
  as.list(py_to_r(py_call(py_get_attr(x, "as_list"))))
}

as.integer.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  vapply(dims, function(d) if (is.null(d)) NA_integer_ else as.integer(d), integer(1L))
}

as.double.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...)
  as.double(as.integer.tensorflow.python.framework.tensor_shape.TensorShape(x))

length.tensorflow.python.framework.tensor_shape.TensorShape <- function(x) {
  rank <- py_to_r(py_get_attr(x, "rank"))
  if (is.null(rank)) NA_integer_ else as.integer(rank)
}

`[.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i) {
  shape(dims = as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)[i])
}

`[[.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i, ...) {
  as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)[[i]]
}

`[<-.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i, value) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  dims[i] <- if (inherits(value, .shape_class))
    as.list.tensorflow.python.framework.tensor_shape.TensorShape(value) else as.list(value)
  shape(dims = dims)
}

`[[<-.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i, value) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  dims[i] <- list(value)
  shape(dims = dims)
}

c.tensorflow.python.framework.tensor_shape.TensorShape <- function(...) {
  parts <- list(...)
  result <- .as_shape(parts[[1L]])
  for (part in parts[-1L])
    result <- py_call(py_get_attr(result, "concatenate"), .as_shape(part))
  result
}

merge.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, y, ...)
  py_call(py_get_attr(x, "merge_with"), .as_shape(y))

format.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  if (!.shape_known(x)) return("(<unknown>)")
  dims <- as.integer.tensorflow.python.framework.tensor_shape.TensorShape(x)
  sprintf("(%s)", paste(ifelse(is.na(dims), "NA", dims), collapse = ", "))
}

print.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  writeLines(py_repr(x))
  invisible(x)
}

# == and != (the shape operator handler, tf-tensors.R): either side may be an R vector.
.shape_binary <- function(op, a, b) {
  if (!op %in% c("==", "!="))
    stop("only == and != are defined for shapes", call. = FALSE)
  a <- .as_shape(a)
  method <- if (op == "==") "__eq__" else "__ne__"
  py_to_r(py_call(py_get_attr(a, method), .as_shape(b)))
}
