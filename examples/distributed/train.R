# Data-parallel training with plain fit() on several worker processes, through Keras's own
# distribution API on the JAX backend (docs/scale-out.md). Run it on two local workers with
#
#   pyreticulate launch --workers 2 examples/distributed/train.R [OUTPUT_DIR]
#
# or alone (a job of one process) with `pyreticulate run`. Every worker runs this same script:
# Keras shards each global batch of the dataset between the workers, JAX all-reduces the
# gradients, and every worker ends with the same weights as a single process trained on the same
# global batches. Rank 0 shows the progress and writes the model to OUTPUT_DIR (default: the
# working directory).
library(keras3)
library(tfdatasets, exclude = "shape")
use_backend("jax")

# The launcher (or you, on each host) sets Keras's variables: KERAS_DISTRIBUTION_JOB_ADDRESSES,
# KERAS_DISTRIBUTION_NUM_PROCESSES and KERAS_DISTRIBUTION_PROCESS_ID.
workers <- as.integer(Sys.getenv("KERAS_DISTRIBUTION_NUM_PROCESSES", "1"))
rank <- as.integer(Sys.getenv("KERAS_DISTRIBUTION_PROCESS_ID", "0"))
if (workers > 1L) keras$distribution$initialize()
keras$distribution$set_distribution(keras$distribution$DataParallel())
set_random_seed(7)  # the same initial weights on every worker

# The same synthetic data on every worker: y = x %*% beta + noise.
set.seed(1)
n <- 256L
x <- matrix(rnorm(n * 4), n, 4)
y <- x %*% c(1, -2, 0.5, 3) + 0.1 * rnorm(n)
global_batch <- 32L  # split between the workers by Keras, 32 / workers rows each
dataset <- tensor_slices_dataset(list(x, y)) %>% dataset_batch(global_batch)

model <- keras_model_sequential(input_shape = 4) %>%
  layer_dense(units = 8, activation = "relu") %>%
  layer_dense(units = 1)
model %>% compile(optimizer = optimizer_sgd(learning_rate = 0.05), loss = "mse", metrics = "mae")

# An R callback: Keras runs it on every worker.
epochs_seen <- 0L
count_epochs <- callback_lambda(on_epoch_end = function(epoch, logs) {
  epochs_seen <<- epochs_seen + 1L
})

history <- model %>% fit(dataset, epochs = 5, callbacks = list(count_epochs))

weights <- unlist(lapply(get_weights(model), as.vector))
cat(sprintf("worker %d of %d: %d epochs seen by the R callback\n", rank, workers, epochs_seen))
cat(sprintf("weights: %s\n", paste(sprintf("%.8e", weights), collapse = " ")))
if (rank == 0L) print(history)

output <- commandArgs(trailingOnly = TRUE)[1]
if (is.na(output)) output <- "."
# Every worker calls save_model(): Keras gathers the weights from all of them; rank 0 writes the file.
save_model(model, file.path(output, "model.keras"), overwrite = TRUE)
cat(sprintf("worker %d saved\n", rank))
