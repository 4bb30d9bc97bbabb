# A small regression model trained on simulated data: the example R's keras3
# test suite runs (test-examples.R, KERAS_TEST_EXAMPLES).
library(keras3)

set.seed(1)
n <- 256
x <- matrix(rnorm(n * 4), n, 4)
y <- x %*% c(1, -2, 0.5, 0) + rnorm(n, sd = 0.1)

model <- keras_model_sequential(input_shape = 4) %>%
  layer_dense(units = 16, activation = "relu") %>%
  layer_dense(units = 1)

model %>% compile(optimizer = optimizer_adam(learning_rate = 0.01), loss = "mse",
                  metrics = "mae")

history <- model %>% fit(x, y, epochs = 5, batch_size = 32, validation_split = 0.2,
                         verbose = 0)
print(history)

scores <- model %>% evaluate(x, y, verbose = 0)
predictions <- model %>% predict(x[1:5, ], verbose = 0)
print(scores)
print(predictions)
