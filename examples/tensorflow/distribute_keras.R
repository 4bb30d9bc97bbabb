# A Keras model built and compiled inside a tf$distribute strategy's scope,
# then trained with fit(); Keras is used through the bridge directly.
library(tensorflow)
keras <- import("keras")

set.seed(1)
x <- matrix(runif(128, -1, 1), ncol = 1)
y <- 3 * x + 2

strategy <- tf$distribute$MirroredStrategy()
with(strategy$scope(), {
  model <- keras$Sequential(list(keras$Input(shape = list(1L)), keras$layers$Dense(1L)))
  model$compile(optimizer = keras$optimizers$SGD(learning_rate = 0.2), loss = "mse")
})
history <- model$fit(x, y, epochs = 60L, batch_size = 32L, verbose = 0L)
weights <- model$get_weights()

cat(sprintf("replicas: %d\n", strategy$num_replicas_in_sync))
cat(sprintf("variables mirrored: %s\n",
            inherits(model$trainable_variables[[1]]$value,
                     "tensorflow.python.distribute.values.MirroredVariable")))
cat(sprintf("w: %.4f\n", weights[[1]][1, 1]))
cat(sprintf("b: %.4f\n", weights[[2]][1]))
