# Training on several processes with Keras's distribution API (docs/scale-out.md): every
# process runs the same script; only rank 0 shows progress and writes saved models.

# This process's rank in a multi-process Keras job; 0 alone.
.keras_process_rank <- function() {
  py_to_r(import("pyreticulate.keras.distribution", convert = FALSE)$process_rank())
}

.keras_is_rank_zero <- function() identical(.keras_process_rank(), 0L)

# save_model() and save_model_weights() on a rank other than 0. Keras's saving gathers the
# weights from every process of the job (a collective each rank must join), so the model is
# saved all the same, to a temporary file removed at once: only rank 0 writes `filepath`.
.keras_save_on_other_rank <- function(model, method, fileext, ...) {
  file <- tempfile(fileext = fileext)
  on.exit(unlink(file), add = TRUE)
  py_call(py_get_attr(model, method), file, ...)
  invisible(model)
}

# Evaluates `expr`, a call into Keras with the arguments `args`. When it fails on a backend other
# than TensorFlow and one of `args` is a TensorFlow graph tensor (a tf_function() being traced),
# the error says that this needs the tensorflow backend.
.keras_backend_guard <- function(expr, args) {
  tryCatch(expr, error = function(e) {
    graph_tensor <- any(vapply(args, inherits, TRUE, "tensorflow.python.framework.ops.SymbolicTensor"))
    backend <- if (graph_tensor) py_to_r(keras$config$backend()) else "tensorflow"
    if (identical(backend, "tensorflow")) stop(e)
    stop(sprintf(paste0("Keras runs on the %s backend, which cannot compute on TensorFlow graph ",
                        "tensors: tf_function() (and tf$GradientTape()) of Keras operations need ",
                        "the tensorflow backend (use_backend(\"tensorflow\") in a new session)"),
                 backend), call. = FALSE)
  })
}
