# The k_*() functions that tf_keras.backend no longer serves as keras 2.x
# called them, done with TensorFlow directly: k_is_tensor(), k_squeeze()
# without an axis, k_unstack(); and k_logsumexp(), gone since TensorFlow 2.2.

#' Whether an object is a tensor
#'
#' @param x Anything.
#' @returns `TRUE` for tensors, variables, sparse and ragged tensors and Keras
#'   tensors, `FALSE` for anything else (R data included).
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' k_is_tensor(k_constant(1))
#' k_is_tensor(1)
#' }
k_is_tensor <- function(x) is_keras_tensor(x)

#' A tensor without axes of size 1
#'
#' @param x A tensor.
#' @param axis The axis to drop, 1-based (-1 the last); `NULL` drops every
#'   axis of size 1.
#' @returns A tensor.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' k_squeeze(k_ones(c(1, 3, 1)))
#' k_squeeze(k_ones(c(1, 3, 1)), axis = 1)
#' }
k_squeeze <- function(x, axis = NULL) {
  if (is.null(axis)) return(tf$squeeze(x))
  .keras2_backend_call("k_squeeze", "squeeze", x = x,
                       axis = .keras2_argument("axis", axis, sys.call(), "axis"))
}

#' A tensor split into tensors along an axis
#'
#' @param x A tensor.
#' @param axis The axis to split along, 1-based (-1 the last).
#' @param num The size of that axis, when the shape does not say it, or `NULL`.
#' @param name A name for the operation, or `NULL`.
#' @returns A list of tensors, one fewer axis each.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' k_unstack(k_constant(matrix(1:6, 2)))
#' }
k_unstack <- function(x, axis = 1L, num = NULL, name = NULL) {
  call <- sys.call()
  tf$unstack(x, num = .keras2_argument("num", num, call, "integer"),
             axis = .keras2_argument("axis", axis, call, "axis"), name = name)
}

#' Log of the sum of exponentials (removed)
#'
#' @description
#' tf_keras's backend has no `logsumexp()` since TensorFlow 2.2; as in keras
#' 2.x, this is an error naming the replacement, `tf$reduce_logsumexp()`.
#'
#' @param x A tensor.
#' @param axis The axes to reduce.
#' @param keepdims Whether the reduced axes stay with size 1.
#' @returns Nothing: always an error.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' x <- k_constant(matrix(1:6, 2))
#' tensorflow::tf$reduce_logsumexp(x, axis = 1L) # what k_logsumexp(x, axis = 2) was
#' }
k_logsumexp <- function(x, axis = NULL, keepdims = FALSE) {
  stop(simpleError(paste0(
    "k_logsumexp() is gone from tf_keras's backend (since TensorFlow 2.2): use ",
    "tf$reduce_logsumexp(x, axis, keepdims) (TensorFlow counts axes from 0)"), sys.call()))
}
