# shape() and TensorShape as an R value: 1-based `[`/`[[` (with replacement),
# as.list/as.integer/as.double, length (NA for an unknown rank), c(), ==/!=
# against shapes or R vectors, print and format.

#' Tensor shapes
#'
#' @description
#' `shape()` makes a TensorShape from dimensions: whole numbers, with `NA`,
#' `NULL` or `-1` for a dimension that is not known. Vectors, lists,
#' TensorShapes and (eager) tensors among the dimensions are flattened into
#' them: `shape(1, c(2, 3), 4)` and `shape(1, shape(2, 3), 4)` are both
#' `shape(1, 2, 3, 4)`. `shape()` with no dimensions is the shape of a scalar;
#' `shape(dims = NULL)` is a shape of unknown rank. Shapes work with R's
#' generics ([TensorShape-methods]): `[[` with 1-based indices, `length()`,
#' `==`, `c()`, ...; an unknown dimension is `NULL` wherever a shape gives its
#' dimensions as a list (`as.list(s)`, `s[[i]]`, `s$as_list()`) and `NA` in
#' vectors (`as.integer(s)`, `dim()` of a tensor).
#'
#' @param ... The dimensions.
#' @param dims The dimensions as a list or vector, instead of `...`; `NULL`
#'   for a shape of unknown rank. A TensorShape or a tensor gives its
#'   dimensions.
#'
#' @returns A TensorShape.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' shape(2, 3)
#' shape(NA, 28, 28, 1)
#' shape(dims = c(4, 5))
#' shape(1, c(2, 3), 4)
#' shape()
#' }
#' @md
shape <- function(..., dims = list(...)) {
  if (is.null(dims)) return(.tf()$TensorShape(NULL))
  if (inherits(dims, .shape_class) && is.na(length(dims))) return(dims)
  .tf()$TensorShape(.shape_dims(dims))
}

# Dimensions as a flat R list of whole numbers and NULLs.
.shape_dims <- function(value) {
  if (is.null(value)) return(list(NULL))
  if (inherits(value, .shape_class)) {
    if (is.na(length(value)))
      stop("a shape of unknown rank cannot be a part of another shape", call. = FALSE)
    return(as.list.tensorflow.python.framework.tensor_shape.TensorShape(value))
  }
  if (.is_tensor(value)) {
    if (!.tf()$executing_eagerly())
      stop("shape() needs the values of a tensor: inside tf_function() use tf$shape() ",
           "or tf$reshape() with the tensor itself", call. = FALSE)
    value <- as.integer(.tensor_value(value))
  } else if (is_py_object(value)) {
    value <- py_to_r(value)
    if (is_py_object(value))
      stop("shape() dimensions must be numbers, NA or NULL, not a Python ",
           class(value)[[1L]], call. = FALSE)
  }
  if (is.list(value))
    return(do.call(c, c(list(list()), lapply(unname(value), .shape_dims))))
  if (!is.atomic(value) || (!is.numeric(value) && !all(is.na(value))))
    stop("shape() dimensions must be whole numbers, or NA, NULL or -1 for an unknown one, not ",
         if (is.character(value)) "characters" else class(value)[[1L]], call. = FALSE)
  lapply(unname(as.vector(value)), function(d) {
    if (is.na(d) || d == -1) return(NULL)
    if (!is.finite(d) || d != trunc(d) || d < 0)
      stop("shape() dimensions must be whole numbers, or NA, NULL or -1 for an unknown one, not ",
           d, call. = FALSE)
    as.integer(d)
  })
}

.as_shape <- function(x) if (inherits(x, .shape_class)) x else shape(dims = x)

.shape_known <- function(x) !is.null(py_to_r(py_get_attr(x, "rank")))

#' R generics on TensorShapes
#'
#' @description
#' For a TensorShape `s`: `length(s)` is its rank (`NA` when unknown);
#' `as.integer(s)` and `as.double(s)` are its dimensions (`NA` for an unknown
#' one) and `as.list(s)` the same as a list; `s[i]` is the shape of the
#' dimensions `i` and `s[[i]]` one dimension, indexed from 1 as in R; `s[i] <-
#' value` and `s[[i]] <- value` replace dimensions and give a new shape. `c()`
#' joins shapes (or R vectors of dimensions) into one; `merge(x, y)` combines
#' two compatible shapes, each filling the other's unknown dimensions (an error
#' when they differ). `format(s)` gives `"(2, NA)"`, `print(s)` shows the
#' TensorShape. `==` and `!=` compare a shape with a shape or an R vector; other
#' operators are an error. A shape of unknown rank has no dimensions to list:
#' `as.list()` and the functions built on it are errors. `s$as_list()` and
#' `s$dims` give the dimensions as reticulate converts TensorFlow's list of
#' them: an integer vector when all are known, else a list with `NULL` for
#' an unknown one (`s$dims` is `NULL` for an unknown rank); other names are
#' the TensorShape's attributes. `as_tensor(s)` is an `int32` tensor of the
#' dimensions, `-1` for an unknown one.
#'
#' @param x A TensorShape (for `merge()`, the first one).
#' @param name The name of an attribute.
#' @param dtype The dtype of the tensor; `NULL` for `int32`.
#' @param y A TensorShape, or R dimensions, to merge with.
#' @param i The positions of dimensions, 1-based.
#' @param value New dimensions (`NA` or `NULL` for unknown ones).
#' @param ... For `c()`, the shapes to join; for `as_tensor()`, passed on to
#'   [as_tensor()]; otherwise ignored.
#'
#' @returns `length()`: an integer. `as.integer()`, `as.double()`: a vector.
#'   `as.list()`: a list. `[[`: a dimension. `format()`: a string. `print()`:
#'   `x`, invisibly. `as_tensor()`: a tensor. `$`: the attribute. The others:
#'   a TensorShape.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' s <- shape(32, NA, 3)
#' length(s)
#' as.integer(s)
#' s[[1]]
#' s[2:3]
#' s[[2]] <- 64
#' c(s, shape(10))
#' merge(shape(NA, 3), shape(5, NA))
#' s == c(32, 64, 3)
#' }
#' @name TensorShape-methods
#' @md
as.list.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  if (!.shape_known(x)) stop("a shape of unknown rank has no dimensions to list", call. = FALSE)
  dims <- py_to_r(py_call(py_get_attr(x, "as_list")))
  if (is.list(dims)) return(dims)
  lapply(as.vector(dims), function(d) if (is.na(d)) NULL else as.integer(d))
}

#' @rdname TensorShape-methods
#' @md
`$.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, name) {
  if (identical(name, "as_list")) return(function() .converted_dims(x))
  if (identical(name, "dims")) return(if (.shape_known(x)) .converted_dims(x))
  NextMethod()
}

# The dimensions as reticulate converts the Python list of them: an integer
# vector when every one is known, else a list with NULL for the unknown ones
# (list() for a scalar's shape).
.converted_dims <- function(x) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  if (length(dims) && !any(vapply(dims, is.null, TRUE))) unlist(dims) else dims
}

#' @rdname TensorShape-methods
#' @md
as_tensor.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, dtype = NULL, ...,
                                                                            name = NULL) {
  dims <- as.integer.tensorflow.python.framework.tensor_shape.TensorShape(x)
  dims[is.na(dims)] <- -1L
  as_tensor.default(dims, dtype = dtype, ..., name = name)
}

#' @rdname TensorShape-methods
#' @md
as.integer.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  vapply(dims, function(d) if (is.null(d)) NA_integer_ else as.integer(d), integer(1L))
}

#' @rdname TensorShape-methods
#' @md
as.double.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...)
  as.double(as.integer.tensorflow.python.framework.tensor_shape.TensorShape(x))

#' @rdname TensorShape-methods
#' @md
length.tensorflow.python.framework.tensor_shape.TensorShape <- function(x) {
  rank <- py_to_r(py_get_attr(x, "rank"))
  if (is.null(rank)) NA_integer_ else as.integer(rank)
}

#' @rdname TensorShape-methods
#' @md
`[.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i) {
  shape(dims = as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)[i])
}

#' @rdname TensorShape-methods
#' @md
`[[.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i, ...) {
  as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)[[i]]
}

#' @rdname TensorShape-methods
#' @md
`[<-.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i, value) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  dims[i] <- if (inherits(value, .shape_class))
    as.list.tensorflow.python.framework.tensor_shape.TensorShape(value) else as.list(value)
  shape(dims = dims)
}

#' @rdname TensorShape-methods
#' @md
`[[<-.tensorflow.python.framework.tensor_shape.TensorShape` <- function(x, i, value) {
  dims <- as.list.tensorflow.python.framework.tensor_shape.TensorShape(x)
  dims[i] <- list(value)
  shape(dims = dims)
}

#' @rdname TensorShape-methods
#' @md
c.tensorflow.python.framework.tensor_shape.TensorShape <- function(...) {
  parts <- list(...)
  result <- .as_shape(parts[[1L]])
  for (part in parts[-1L])
    result <- py_call(py_get_attr(result, "concatenate"), .as_shape(part))
  result
}

#' @rdname TensorShape-methods
#' @md
merge.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, y, ...)
  py_call(py_get_attr(x, "merge_with"), .as_shape(y))

#' @rdname TensorShape-methods
#' @md
format.tensorflow.python.framework.tensor_shape.TensorShape <- function(x, ...) {
  if (!.shape_known(x)) return("(<unknown>)")
  dims <- as.integer.tensorflow.python.framework.tensor_shape.TensorShape(x)
  sprintf("(%s)", paste(ifelse(is.na(dims), "NA", dims), collapse = ", "))
}

#' @rdname TensorShape-methods
#' @md
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
