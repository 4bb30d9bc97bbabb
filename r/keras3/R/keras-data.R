# R data on its way into Keras, and the data helpers to_categorical() and
# normalize().
#
# R vectors, matrices and arrays become C-order NumPy arrays (the registry
# gives a zero-copy Fortran-order view; NumPy makes the one C-order copy, cast
# on the way). Model inputs take the dtype of the model's input; other data
# takes floatx for doubles and logicals, int32 for integers. A factor becomes
# its 0-based codes. Lists are converted element by element (names kept, so a
# named list becomes a dict); Python objects (NumPy arrays, tensors, datasets)
# pass through.

# `leaf(x, dtype)` converts each R array (after the steps above) and
# `passed(x)` what passes (NULL, Python objects); data functions use them to
# read the same structure without converting it (keras-generators.R).
.keras_data <- function(x, dtype = NULL, leaf = .keras_numpy, passed = identity) {
  if (is.null(x) || is_py_object(x)) return(passed(x))
  if (is.data.frame(x)) x <- data.matrix(x)
  if (is.list(x)) return(lapply(x, .keras_data, dtype = dtype, leaf = leaf, passed = passed))
  if (is.factor(x)) {
    shape <- dim(x)
    x <- as.integer(x) - 1L
    dim(x) <- shape
  }
  if (is.null(dim(x))) dim(x) <- length(x)
  leaf(x, dtype)
}

.keras_numpy <- function(x, dtype) {
  if (is.character(x)) return(.np()$asarray(x))
  .np()$ascontiguousarray(x, dtype = .keras_dtype(x, dtype))
}

.keras_dtype <- function(x, target, floatx = .floatx()) {
  if (!is.null(target) && !identical(target, "string")) return(target)
  if (is.integer(x)) "int32" else floatx
}

# The dtypes of a model's inputs, named by input name; NULL when the model
# has no inputs yet (a Sequential model without an input shape).
.keras_input_dtypes <- function(model) {
  inputs <- tryCatch(py_get_attr(model, "inputs"), error = function(e) NULL)
  if (is.null(inputs)) return(NULL)
  inputs <- py_to_r(inputs)
  dtypes <- vapply(inputs, function(i) as.character(py_to_r(py_get_attr(i, "dtype"))), "")
  names(dtypes) <- vapply(inputs, function(i) as.character(py_to_r(py_get_attr(i, "name"))), "")
  dtypes
}

# The `x` of fit/evaluate/predict: each input cast to its input's dtype
# (`dtypes` as .keras_input_dtypes() gives them; `convert` is .keras_data()
# or a variant of it).
.keras_x <- function(model, x, dtypes = .keras_input_dtypes(model), convert = .keras_data) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.list(x) && !is.data.frame(x)) {
    keys <- names(x)
    if (!is.null(keys) && all(keys %in% names(dtypes)))
      return(lapply(stats::setNames(nm = keys), function(k) convert(x[[k]], dtypes[[k]])))
    if (length(dtypes) == length(x))
      return(Map(convert, x, unname(dtypes)))
    return(convert(x))
  }
  convert(x, if (length(dtypes) == 1L) dtypes[[1L]])
}

#' Convert class indices to a one-hot matrix
#'
#' @description
#' Calls `keras$utils$to_categorical()`: each class index becomes a row with a
#' 1 in the column of its class and 0 elsewhere. The indices count **from 0**,
#' as Keras's labels do (class `0` is the first column). A factor is taken by
#' its levels: the first level is class 0. Indices must be whole numbers.
#'
#' For an array of indices the result has the dimensions of `x` plus one for
#' the classes (a trailing dimension of size 1 in `x` is dropped first).
#'
#' @param x A vector, array or factor of class indices.
#' @param num_classes The number of classes (a whole number); by default one
#'   more than the largest index.
#'
#' @returns A numeric matrix with one row per element of `x` and one column
#'   per class (or an array, see above).
#' @md
#' @examples
#' \dontrun{
#' to_categorical(c(0, 2, 1))
#' to_categorical(factor(c("cat", "dog", "cat")))
#' to_categorical(c(0, 1), num_classes = 4)
#' }
to_categorical <- function(x, num_classes = NULL) {
  if (is.factor(x)) x <- as.integer(x) - 1L
  ids <- .keras_data(.keras_whole_numbers(as.vector(x), "x", sys.call()), "int64")
  args <- list(ids)
  if (!is.null(num_classes)) args$num_classes <- .keras_integer(num_classes, "num_classes")
  result <- py_to_r(py_call(keras$utils$to_categorical, !!!args))
  shape <- dim(x)
  if (length(shape) > 1L && shape[length(shape)] == 1L) shape <- shape[-length(shape)]
  if (length(shape) > 1L) dim(result) <- c(shape, ncol(result))
  result
}

# Scale to unit norm along `axis` (1-based). The axis is passed counting from
# the end: Keras reads axis 0 as "the last axis" (`axis or -1`).
#' Scale data to unit norm along an axis
#'
#' @description
#' Calls `keras$utils$normalize()`: divides `x` by its `order`-norm computed
#' along `axis`, so that each slice along that axis has norm 1. The axis is
#' **1-based** as in R: `1` is the first dimension (the rows of a matrix),
#' `-1` the last one; `0` is an error.
#'
#' @param x An R array or matrix (or a NumPy array).
#' @param axis The axis along which to normalize (1-based; negative values
#'   count from the end).
#' @param order The order of the norm (a whole number): `2` for the Euclidean
#'   norm, `1` for the sum of absolute values.
#'
#' @returns An R array of the shape of `x`.
#' @md
#' @examples
#' \dontrun{
#' m <- matrix(1:6, nrow = 2)
#' normalize(m)            # each row has norm 1
#' normalize(m, axis = 1)  # each column has norm 1
#' }
normalize <- function(x, axis = -1L, order = 2L) {
  data <- if (is_py_object(x)) x else .np()$ascontiguousarray(as.array(x))
  axis <- .keras_axis(axis, "axis", sys.call())
  rank <- length(py_to_r(py_get_attr(data, "shape")))
  if (axis >= 0L) axis <- axis - rank
  py_to_r(py_call(keras$utils$normalize, data, axis = axis,
                  order = .keras_integer(order, "order")))
}
