# keras3's shape(): a plain R list of dimensions, class "keras_shape", with
# NULL for an unknown dimension. It is what op_shape() returns, and what
# keras3's functions take wherever a shape goes (a tuple in Python).

#' Tensor shapes
#'
#' @description
#' `shape(...)` makes a shape from its arguments, flattened in order: numbers
#' are dimensions; `NULL`, `NA` or `-1` an unknown one; a vector or a list
#' several; an R array gives its `dim()`; a tensor (or KerasTensor) gives its
#' shape; a TensorShape its dimensions. So `shape(1, c(2, 3), 4)` is
#' `shape(1, 2, 3, 4)` and `shape(NULL, 28)` a batch of rows of 28.
#'
#' A shape is a list of integers and `NULL`s with class `"keras_shape"`: it
#' prints as `shape(NA, 28)`, `[` keeps the class, `as.integer()` gives `NA`
#' for unknown dimensions, `as.list()` the list, `==` compares with a shape or
#' anything `shape()` takes, and `sum()`, `prod()`, `max()` ... work on its
#' dimensions. Given to Python it is a tuple, `None` for unknown dimensions.
#'
#' @param ... Dimensions, as above.
#' @param x,e1,e2 A shape.
#' @param prefix Whether `format()` writes `shape(...)` (`TRUE`) or just the
#'   parenthesized dimensions (`FALSE`), or the prefix to use (a string).
#' @param na.rm Passed to the summary function.
#' @param convert Whether the Python tuple converts its results to R.
#'
#' @returns `shape()`: a `keras_shape`. `format()`: a string. `as.integer()`: an
#'   integer vector. `==`, `!=`: `TRUE` or `FALSE`. `as_tensor()`: an integer
#'   tensor of the dimensions, -1 for unknown ones.
#' @md
#' @examples
#' \dontrun{
#' shape(NULL, 28, 28)
#' shape(1, c(2, 3), 4)
#' shape(op_zeros(c(2, 3)))
#' keras_input(shape = shape(28, 28))
#' }
shape <- function(...) {
  dims <- unlist(lapply(list(...), .keras_shape_parts), recursive = FALSE, use.names = FALSE)
  .keras_shape_of_dims(dims)
}

# A list of dimensions (integers, NULL or NA for unknown) as a keras_shape. A
# tensor stays a tensor: where a function is traced, Keras gives the unknown
# dimensions of a tensor as scalar tensors, which go on into shapes.
.keras_shape_of_dims <- function(dims) {
  dims <- lapply(as.list(dims), function(d) {
    if (is_py_object(d)) d
    else if (is.null(d) || (length(d) == 1L && is.na(d))) NULL
    else as.integer(d)
  })
  structure(dims, class = "keras_shape")
}

# The dimensions one argument of shape() stands for, as a list.
.keras_shape_parts <- function(x) {
  if (inherits(x, "keras_shape")) return(unclass(x))
  if (is_py_object(x)) {
    if (inherits(x, "tensorflow.python.framework.tensor_shape.TensorShape")) {
      dims <- py_to_r(py_call(py_get_attr(x, "as_list")))
      return(lapply(dims, function(d) d))
    }
    dims <- py_to_r(py_call(keras$ops$shape, x))
    if (is_py_object(dims)) dims <- py_to_r(import_builtins()$list(dims))
    # A scalar integer tensor is a dimension (its value, or itself where it has
    # none yet: traced), unless wrapped in I(), which asks for its shape.
    if (!length(dims) && !inherits(x, "AsIs") && py_to_r(keras$backend$is_int_dtype(x$dtype)))
      return(list(.keras_dimension_value(x)))
    return(as.list(dims))
  }
  if (is.array(x)) return(as.list(dim(x)))
  if (is.null(x)) return(list(NULL))
  if (is.list(x)) return(unlist(lapply(x, .keras_shape_parts), recursive = FALSE))
  if (!is.atomic(x) || (!is.numeric(x) && !all(is.na(x))))
    stop(sprintf("shape() dimensions must be whole numbers, or NULL, NA or -1 for an unknown one, not %s",
                 .describe_value(x)), call. = FALSE)
  lapply(as.vector(x), function(d) {
    if (is.na(d) || d == -1) return(NULL)
    if (d != trunc(d) || d < 0)
      stop(sprintf("shape() dimensions must be whole numbers, or NULL, NA or -1 for an unknown one, not %s", d),
           call. = FALSE)
    as.integer(d)
  })
}

# A scalar integer tensor as an R integer when it has a value (eager), else
# itself (a traced function's symbolic dimension).
.keras_dimension_value <- function(x) {
  eager <- tryCatch(py_to_r(keras$ops$convert_to_numpy(x)), error = function(e) NULL)
  if (is.null(eager)) x else as.integer(eager)
}

#' @rdname shape
format.keras_shape <- function(x, ..., prefix = TRUE) {
  dims <- vapply(unclass(x), function(d) if (is.null(d)) "NA" else format(d), "")
  lead <- if (isTRUE(prefix)) "shape" else if (is.character(prefix)) prefix else ""
  paste0(lead, "(", paste(dims, collapse = ", "), ")")
}

#' @rdname shape
print.keras_shape <- function(x, ...) {
  writeLines(format(x, ...))
  invisible(x)
}

#' @rdname shape
`[.keras_shape` <- function(x, ...) structure(unclass(x)[...], class = "keras_shape")

#' @rdname shape
as.integer.keras_shape <- function(x, ...) {
  vapply(unclass(x), function(d) if (is.null(d)) NA_integer_ else as.integer(d), 1L)
}

#' @rdname shape
as.list.keras_shape <- function(x, ...) unclass(x)

#' @rdname shape
Summary.keras_shape <- function(..., na.rm = FALSE) {
  dims <- as.integer.keras_shape(shape(...))
  do.call(.Generic, list(dims, na.rm = na.rm))
}

#' @rdname shape
`==.keras_shape` <- function(e1, e2) {
  identical(unclass(shape(e1)), unclass(shape(e2)))
}

#' @rdname shape
`!=.keras_shape` <- function(e1, e2) !`==.keras_shape`(e1, e2)

#' @rdname shape
r_to_py.keras_shape <- function(x, convert = FALSE) {
  tuple(unclass(x), convert = convert)
}

#' @rdname shape
#' @param dtype The dtype of the tensor (an integer one, `"int32"` by default).
#' @param name A name for the tensor.
as_tensor.keras_shape <- function(x, dtype = NULL, ..., name = NULL) {
  dims <- as.integer.keras_shape(x)
  dims[is.na(dims)] <- -1L
  as_tensor(dims, dtype = if (is.null(dtype)) "int32" else dtype, ..., name = name)
}
