# Training on several processes with Keras's distribution API (docs/scale-out.md): every
# process runs the same script; only rank 0 shows progress and writes saved models.

# This process's rank in a multi-process Keras job; 0 alone.
.keras_process_rank <- function() {
  py_to_r(import("pyreticulate.keras.distribution", convert = FALSE)$process_rank())
}

.keras_is_rank_zero <- function() identical(.keras_process_rank(), 0L)
