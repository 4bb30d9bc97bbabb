# keras 2.x's merge layers (tf_keras.layers: Add, Subtract, ... and the
# functions add(), subtract(), ... that make one and call it). Each takes its
# inputs first: a list of tensors, or tensors one by one (the unnamed
# arguments in `...`); without inputs it returns the layer, to call later.
# Named arguments in `...` go to the layer (`name`, ...).

# The merge layer `class` of tf_keras, called on `inputs` and the unnamed
# `dots` when `inputs` is given. `args` are the layer's own arguments.
.keras2_merge <- function(class, inputs, dots, args = list(), call = sys.call(-1L)) {
  named <- if (is.null(names(dots))) rep(FALSE, length(dots)) else nzchar(names(dots))
  for (name in names(dots)[named])
    args[name] <- list(.keras2_argument(name, dots[[name]], call))
  layer_class <- py_get_attr(keras$layers, class)
  if (is.null(inputs)) {
    if (any(!named))
      stop(simpleError(paste0("without `inputs`, the arguments in `...` must be named ",
                              "(they are the layer's)"), call))
    return(py_call(layer_class, !!!args))
  }
  inputs <- c(if (is.list(inputs)) inputs else list(inputs), unname(dots[!named]))
  py_call(py_call(layer_class, !!!args), inputs)
}

#' Merge layers
#'
#' @description
#' Layers combining several tensors of the same shape into one, element by
#' element: `layer_add()` (sum), `layer_subtract()` (the first minus the
#' second, for two inputs), `layer_multiply()` (product), `layer_average()`
#' (mean), `layer_maximum()` and `layer_minimum()`.
#'
#' @param inputs The tensors to merge, in a list, or the first of them (the
#'   others then come unnamed in `...`). Missing: the function returns the
#'   layer, to be called on a list of tensors later.
#' @param ... Tensors after `inputs`, unnamed; and named arguments of the
#'   layer, such as `name` or `dtype`.
#' @returns The merged tensor; the layer when `inputs` is missing.
#' @family merge layers
#' @name layer-merge
#' @md
#' @examples
#' \dontrun{
#' a <- layer_input(shape = 4)
#' b <- layer_input(shape = 4)
#' sum <- layer_add(list(a, b))
#' difference <- layer_subtract(a, b)
#' averaged <- layer_average()(list(a, b))
#' }
NULL

#' @rdname layer-merge
#' @export
layer_add <- function(inputs, ...)
  .keras2_merge("Add", if (!missing(inputs)) inputs, list2(...))

#' @rdname layer-merge
#' @export
layer_subtract <- function(inputs, ...)
  .keras2_merge("Subtract", if (!missing(inputs)) inputs, list2(...))

#' @rdname layer-merge
#' @export
layer_multiply <- function(inputs, ...)
  .keras2_merge("Multiply", if (!missing(inputs)) inputs, list2(...))

#' @rdname layer-merge
#' @export
layer_average <- function(inputs, ...)
  .keras2_merge("Average", if (!missing(inputs)) inputs, list2(...))

#' @rdname layer-merge
#' @export
layer_maximum <- function(inputs, ...)
  .keras2_merge("Maximum", if (!missing(inputs)) inputs, list2(...))

#' @rdname layer-merge
#' @export
layer_minimum <- function(inputs, ...)
  .keras2_merge("Minimum", if (!missing(inputs)) inputs, list2(...))

# keras 2.x took concatenate's `axis` and dot's `axes` and `normalize` by
# position after a list of inputs (layer_concatenate(list(a, b), 1)); a
# leading unnamed number in `...` is still read so when the argument itself
# is not given.
.keras2_positional <- function(dots, given) {
  unnamed <- if (is.null(names(dots))) rep(TRUE, length(dots)) else !nzchar(names(dots))
  if (given || !length(dots) || !unnamed[[1L]] || is_py_object(dots[[1L]]) ||
      !(is.numeric(dots[[1L]]) || is.logical(dots[[1L]])))
    return(NULL)
  list(value = dots[[1L]], dots = dots[-1L])
}

#' A layer concatenating tensors
#'
#' @description
#' Concatenates tensors of the same shape but along `axis`.
#'
#' @inheritParams layer-merge
#' @param axis The axis along which the tensors are concatenated, as Python
#'   counts them (`-1`, the default, is the last).
#' @returns The concatenated tensor; the layer when `inputs` is missing.
#' @family merge layers
#' @export
#' @md
#' @examples
#' \dontrun{
#' a <- layer_input(shape = c(4, 5))
#' b <- layer_input(shape = c(4, 3))
#' both <- layer_concatenate(list(a, b))   # shape (NA, 4, 8)
#' }
layer_concatenate <- function(inputs, ..., axis = -1) {
  call <- sys.call()
  dots <- list2(...)
  if (!missing(inputs) && is.list(inputs)) {
    positional <- .keras2_positional(dots, !missing(axis))
    if (!is.null(positional)) {
      axis <- positional$value
      dots <- positional$dots
    }
  }
  args <- list(axis = .keras2_argument("axis", axis, call, "integer"))
  .keras2_merge("Concatenate", if (!missing(inputs)) inputs, dots, args, call)
}

#' A layer taking the dot product of two tensors
#'
#' @description
#' The dot product of two tensors along `axes`, sample by sample: for
#' inputs of shapes `(batch, n)`, a tensor of shape `(batch, 1)`.
#'
#' @inheritParams layer-merge
#' @param axes The axis (or one per input) along which the product is taken,
#'   as Python counts them (1 is the first after the batch dimension).
#' @param normalize Whether the inputs are L2-normalized along `axes` first,
#'   making the product their cosine similarity.
#' @returns The product; the layer when `inputs` is missing.
#' @family merge layers
#' @export
#' @md
#' @examples
#' \dontrun{
#' a <- layer_input(shape = 8)
#' b <- layer_input(shape = 8)
#' similarity <- layer_dot(list(a, b), axes = 1, normalize = TRUE)
#' }
layer_dot <- function(inputs, ..., axes, normalize = FALSE) {
  call <- sys.call()
  dots <- list2(...)
  if (!missing(inputs) && is.list(inputs)) {
    positional <- .keras2_positional(dots, !missing(axes))
    if (!is.null(positional)) {
      axes <- positional$value
      dots <- positional$dots
    }
    positional <- .keras2_positional(dots, !missing(normalize))
    if (!is.null(positional)) {
      normalize <- positional$value
      dots <- positional$dots
    }
  }
  if (missing(axes)) stop(simpleError("`axes` is missing: give the axes of the product", call))
  args <- list(axes = .keras2_argument("axes", axes, call, "integer"),
               normalize = as.logical(normalize))
  .keras2_merge("Dot", if (!missing(inputs)) inputs, dots, args, call)
}
