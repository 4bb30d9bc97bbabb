# One worker of a MultiWorkerMirroredStrategy cluster (its place in the
# cluster comes from the TF_CONFIG environment variable; without TF_CONFIG it
# is a cluster of one). Every worker trains y = w x + b on its shard of the
# same synthetic data by full-batch gradient descent: per-replica gradients
# are summed across workers by the strategy, so every worker applies the same
# update and all end with the same weights as a single worker on all the data.
library(tensorflow)

strategy <- tf$distribute$MultiWorkerMirroredStrategy()
resolver <- strategy$cluster_resolver
workers <- max(1L, length(resolver$cluster_spec()$as_dict()$worker))
task <- if (is.null(resolver$task_id)) 0L else as.integer(resolver$task_id)

n <- 64L
x <- seq(-1, 1, length.out = n)
y <- 3 * x + 2 + 0.1 * sin(17 * x)
rows <- seq(task + 1L, n, by = workers)
X <- as_tensor(x[rows], dtype = "float32")
Y <- as_tensor(y[rows], dtype = "float32")

with(strategy$scope(), {
  w <- tf$Variable(0)
  b <- tf$Variable(0)
})
learning_rate <- 0.5

replica_gradients <- function(x, y) {
  with(tf$GradientTape() %as% tape, {
    loss <- sum((w * x + b - y)^2) / n
  })
  tape$gradient(loss, list(w, b))
}

train_step <- tf_function(function(x, y) {
  per_replica <- strategy$run(replica_gradients, args = list(x, y))
  grads <- lapply(per_replica, function(g) strategy$reduce("SUM", g, axis = NULL))
  w$assign_sub(learning_rate * grads[[1]])
  b$assign_sub(learning_rate * grads[[2]])
  NULL
}, autograph = FALSE)

for (step in 1:100) train_step(X, Y)

cat(sprintf("task %d of %d: %d rows\n", task, workers, length(rows)))
cat(sprintf("weights: %.7f %.7f\n", as.numeric(w), as.numeric(b)))
