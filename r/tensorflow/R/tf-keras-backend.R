# TensorFlow's tracing and gradient tapes cannot see what Keras computes on another backend
# (JAX): tf_function() of a function that fails while tracing, and a tape's gradient() or
# watch() of that backend's values, stop with an error naming the backend. Plain TensorFlow is
# untouched. Keras is asked its backend only when it is already imported
# (pyreticulate/tensorflow/keras_backend.py); this package never imports it.

.keras_backend <- function() import("pyreticulate.tensorflow.keras_backend")

# What needs the tensorflow backend, and how to get it.
.needs_tensorflow_backend <- function(backend) {
  sprintf(paste0("the Keras backend is \"%s\", and this needs the tensorflow backend ",
                 "(use_backend(\"tensorflow\") in a new session, before Keras is first used)"),
          backend)
}

# The R function that tf_function() traces: an error while tracing, with Keras on another
# backend, says that Keras models and op_*() cannot compute on the graph's tensors.
.traced_naming_the_backend <- function(f) {
  failed <- function(e) {
    backend <- py_to_r(.keras_backend()$other_backend())
    if (is.null(backend)) stop(e)
    stop(sprintf(paste0("tf_function(): tracing failed: %s\n(Keras models and op_*() cannot ",
                        "compute on the tensors TensorFlow traces with: %s)"),
                 conditionMessage(e), .needs_tensorflow_backend(backend)), call. = FALSE)
  }
  body(f) <- bquote(tryCatch(.(body(f)), error = .(failed)))
  f
}

#' Gradient tapes while Keras runs on another backend
#'
#' @description
#' TensorFlow's `tf$GradientTape()` records TensorFlow's operations only. When Keras (keras3)
#' runs on another backend than TensorFlow (`use_backend("jax")`), a tape records nothing of
#' a model or of the `op_*()` functions, so `tape$gradient()`, `tape$jacobian()`,
#' `tape$batch_jacobian()` and `tape$watch()` of that backend's tensors or variables are
#' errors that name the backend. TensorFlow's own tensors and variables keep working, whichever
#' backend Keras runs on.
#'
#' @param x A `tf$GradientTape()`.
#' @param name The name of the tape's attribute.
#' @returns The tape's attribute.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$Variable(3)
#' with(tf$GradientTape() %as% tape, y <- x * x)
#' tape$gradient(y, x)
#' }
#' @name gradient-tape
#' @md
`$.tensorflow.python.eager.backprop.GradientTape` <- function(x, name) {
  method <- NextMethod()
  if (!name %in% c("gradient", "jacobian", "batch_jacobian", "watch")) return(method)
  backend <- py_to_r(.keras_backend()$other_backend())
  if (is.null(backend)) return(method)
  function(...) {
    if (py_to_r(.keras_backend()$holds_other_values(list(...))))
      stop(sprintf(paste0("tape$%s(): TensorFlow's gradient tape records nothing of what Keras ",
                          "computes on another backend; %s"),
                   name, .needs_tensorflow_backend(backend)), call. = FALSE)
    method(...)
  }
}
