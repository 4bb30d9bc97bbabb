# Regression with Keras from R: learn a noisy nonlinear function of four
# inputs, plot the training history, check the saved model predicts the same.
#   pyreticulate run examples/keras_regression.R
library(keras3)

set.seed(42)
n <- 400
x <- matrix(runif(n * 4, -1, 1), ncol = 4)
y <- sin(2 * x[, 1]) + x[, 2]^2 - 0.5 * x[, 3] + rnorm(n, sd = 0.05)
train <- 1:320
test <- 321:n

model <- keras_model_sequential(input_shape = 4, name = "regression") %>%
  layer_dense(units = 32, activation = "relu") %>%
  layer_dense(units = 16, activation = "relu") %>%
  layer_dense(units = 1)
summary(model)

model %>% compile(optimizer = optimizer_adam(learning_rate = 0.01), loss = "mse",
                  metrics = "mae")
history <- model %>% fit(x[train, ], y[train], epochs = 30, batch_size = 32,
                         validation_split = 0.2)
print(history)

scores <- model %>% evaluate(x[test, ], y[test], verbose = 0)
cat(sprintf("test mse %.4f, mae %.4f\n", scores$loss, scores$mae))

predicted <- predict(model, x[test, ], verbose = 0)
cat(sprintf("correlation of predictions with the truth: %.3f\n", cor(predicted[, 1], y[test])))

plot_file <- file.path(tempdir(), "keras_regression_history.png")
png(plot_file, width = 640, height = 480)
plot(history, method = "base")
invisible(dev.off())
cat("history plot:", plot_file, "\n")

model_file <- file.path(tempdir(), "keras_regression.keras")
save_model(model, model_file, overwrite = TRUE)
reloaded <- load_model(model_file)
same <- isTRUE(all.equal(predicted, predict(reloaded, x[test, ], verbose = 0)))
cat("reloaded model predicts the same:", same, "\n")
