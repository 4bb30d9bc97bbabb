# The k_*() functions of TF1's graphs: sessions, symbolic gradients and
# k_function()'s updates. TensorFlow 2 runs eagerly; tf_keras keeps TF1's
# global session only in its compat.v1 API, tf.gradients() only works while a
# graph is being built (inside tf_function()), and graph updates have no graph
# to run in.

#' TensorFlow 1's global Keras session
#'
#' @description
#' TensorFlow 2 has no global session: these reach the one tf_keras keeps for
#' TF1 graph code, `tf$compat$v1$keras$backend$get_session()` and
#' `$set_session()`, with a deprecation warning that names them (as keras 2.x
#' did).
#'
#' @param session A `tf$compat$v1$Session`.
#' @returns `k_get_session()`: the session. `k_set_session()`: `NULL`, invisibly.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' session <- suppressWarnings(k_get_session())
#' }
k_get_session <- function() {
  warning(.keras2_session_deprecation("get_session", sys.call()))
  .keras2_compat_v1_backend()$get_session()
}

#' @rdname k_get_session
k_set_session <- function(session) {
  warning(.keras2_session_deprecation("set_session", sys.call()))
  invisible(.keras2_compat_v1_backend()$set_session(session = session))
}

.keras2_compat_v1_backend <- function() tf$compat$v1$keras$backend

.keras2_session_deprecation <- function(what, call) {
  .keras2_deprecation(sprintf(paste0(
    "k_%s(): TensorFlow 2 has no global session; this uses TF1's, ",
    "tf$compat$v1$keras$backend$%s() (for TF1 graph code only)"), what, what), call)
}

#' Symbolic gradients of a loss
#'
#' @description
#' `tf.gradients()` of the loss with respect to the variables. It needs a
#' graph: inside a function made by `tensorflow::tf_function()`. In eager
#' code (TensorFlow 2's default) it is an error naming the replacement,
#' `tf$GradientTape()`.
#'
#' @param loss A scalar tensor.
#' @param variables A variable or tensor, or a list of them.
#' @returns A list of gradient tensors, one per variable.
#' @family backend
#' @md
#' @examples
#' \dontrun{
#' grad <- tensorflow::tf_function(function(x) k_gradients(k_sum(x * x), x))
#' grad(tensorflow::as_tensor(c(1, 2)))
#' }
k_gradients <- function(loss, variables) {
  if (isTRUE(tf$executing_eagerly()))
    stop(simpleError(paste0(
      "k_gradients() needs a graph (TF1's tf.gradients()): under TensorFlow 2's eager ",
      "execution use tf$GradientTape() (with (tape %as% tf$GradientTape()) {...}; ",
      "tape$gradient(loss, variables)), or call k_gradients() inside tf_function()"),
      sys.call()))
  .keras2_backend_call("k_gradients", "gradients", loss = loss, variables = variables)
}

# k_function(): tf_keras.backend.function(), whose TF1 graph `updates` cannot
# run under eager execution (tf_keras refuses them without naming a way out).
.keras2_kind_backend_function <- function(spec, args, frame, call) {
  if (length(args$updates) && isTRUE(tf$executing_eagerly()))
    stop(simpleError(paste0(
      "`updates` are TF1 graph operations, which TensorFlow 2's eager execution does not ",
      "run with the function: call the function, then update the variables yourself ",
      "(k_update(), k_update_add(), k_update_sub(), or a variable's $assign())"),
      if (is.call(call)) call))
  .keras2_kind_backend(spec, args, frame, call)
}
