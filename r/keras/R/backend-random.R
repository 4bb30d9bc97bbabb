# k_random_uniform(), k_random_bernoulli() and k_random_binomial(): what
# tf_keras.backend's random functions need for dtypes other than the default
# float type (the other k_random_*() are generated, families/backend.py).

#' A tensor of uniformly distributed values
#'
#' @description
#' Values drawn uniformly from `[minval, maxval)`. With `dtype`, the bounds
#' are made tensors of that dtype first, so integer dtypes work too.
#'
#' @param shape A shape: whole numbers, or a tensor.
#' @param minval The lower bound (included).
#' @param maxval The upper bound (excluded).
#' @param dtype The dtype, or `NULL` for `k_floatx()`.
#' @param seed A whole number seeding the random numbers, or `NULL`.
#' @returns A tensor.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' k_random_uniform(c(2, 3))
#' k_random_uniform(5, minval = 1, maxval = 7, dtype = "int32")
#' }
k_random_uniform <- function(shape, minval = 0, maxval = 1, dtype = NULL, seed = NULL) {
  call <- sys.call()
  if (!is.null(dtype)) {
    minval <- tensorflow::as_tensor(minval, dtype = dtype)
    maxval <- tensorflow::as_tensor(maxval, dtype = dtype)
  }
  .keras2_backend_call("k_random_uniform", "random_uniform",
                       shape = .keras2_argument("shape", shape, call),
                       minval = minval, maxval = maxval, dtype = dtype,
                       seed = .keras2_argument("seed", seed, call))
}

#' A tensor of random zeros and ones
#'
#' @description
#' Each value is 1 with probability `p`, else 0 (a Bernoulli draw).
#' `k_random_binomial()` is the same function under keras 2.x's older name.
#' Integer and logical dtypes are drawn in `k_floatx()` and cast, as tf_keras
#' draws only floating-point values.
#'
#' @param shape A shape: whole numbers, or a tensor.
#' @param p The probability of a 1.
#' @param dtype The dtype (`"float32"`, `"int32"`, `"bool"`, ...), or `NULL`
#'   for `k_floatx()`.
#' @param seed A whole number seeding the random numbers, or `NULL`.
#' @returns A tensor.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' k_random_bernoulli(c(2, 3), p = 0.5)
#' k_random_bernoulli(4, p = 0.3, dtype = "bool")
#' }
k_random_bernoulli <- function(shape, p = 0, dtype = NULL, seed = NULL) {
  call <- sys.call()
  shape <- .keras2_argument("shape", shape, call)
  seed <- .keras2_argument("seed", seed, call)
  wanted <- if (!is.null(dtype)) tf$as_dtype(dtype)
  if (is.null(wanted) || isTRUE(wanted$is_floating))
    return(.keras2_backend_call("k_random_bernoulli", "random_bernoulli",
                                shape = shape, p = p, dtype = wanted, seed = seed))
  draws <- .keras2_backend_call("k_random_bernoulli", "random_bernoulli",
                                shape = shape, p = p, seed = seed)
  tf$cast(draws, wanted)
}

#' @rdname k_random_bernoulli
k_random_binomial <- k_random_bernoulli
