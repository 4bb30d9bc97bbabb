# keras 2.x's callbacks on tf_keras: callback_*() and R6 KerasCallback classes
# (epochs and batches counted from 0, as keras 2.x counts them).

callback_data <- function(n = 40) {
  x <- matrix(runif(n * 3), n, 3)
  list(x = x, y = x %*% c(1, -1, 0.5))
}

callback_model <- function() {
  model <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
  model %>% compile(optimizer = optimizer_sgd(learning_rate = 0.01), loss = "mse")
  model
}

train_with <- function(callbacks, epochs = 2, model = callback_model(), ...) {
  data <- callback_data()
  fit(model, data$x, data$y, epochs = epochs, batch_size = 10, verbose = 0,
      callbacks = callbacks, ...)
}

test_that("a KerasCallback class sees epochs and batches counted from 0", {
  Recorder <- R6::R6Class("Recorder", inherit = KerasCallback, public = list(
    epochs = NULL, batches = NULL,
    on_epoch_end = function(epoch, logs = NULL) self$epochs <- c(self$epochs, epoch),
    on_batch_end = function(batch, logs = NULL) self$batches <- c(self$batches, batch)))
  recorder <- Recorder$new()
  train_with(list(recorder), epochs = 3)
  expect_equal(recorder$epochs, 0:2)
  expect_equal(unique(recorder$batches), 0:3)
})

test_that("a KerasCallback gets the loss in logs and its params and model before training", {
  Recorder <- R6::R6Class("Recorder", inherit = KerasCallback, public = list(
    losses = NULL, epochs_planned = NULL, model_class = NULL,
    on_train_begin = function(logs = NULL) {
      self$epochs_planned <- self$params$epochs
      self$model_class <- class(self$model)
    },
    on_epoch_end = function(epoch, logs = NULL) self$losses <- c(self$losses, logs[["loss"]])))
  recorder <- Recorder$new()
  history <- train_with(list(recorder), epochs = 2)
  expect_equal(recorder$epochs_planned, 2L)
  expect_true("keras.engine.training.Model" %in% recorder$model_class)
  expect_equal(recorder$losses, history$metrics$loss, tolerance = 1e-6)
})

test_that("predict() and evaluate() call a KerasCallback's predict and test hooks", {
  Recorder <- R6::R6Class("Recorder", inherit = KerasCallback, public = list(
    seen = NULL,
    on_predict_begin = function(logs = NULL) self$seen <- c(self$seen, "predict"),
    on_test_end = function(logs = NULL) self$seen <- c(self$seen, "test")))
  recorder <- Recorder$new()
  model <- callback_model()
  data <- callback_data()
  predict(model, data$x, callbacks = recorder)
  evaluate(model, data$x, data$y, verbose = 0, callbacks = list(recorder))
  expect_equal(recorder$seen, c("predict", "test"))
})

test_that("callback_lambda() calls its R functions with 0-based epochs", {
  epochs <- integer()
  callback <- callback_lambda(on_epoch_begin = function(epoch, logs) epochs <<- c(epochs, epoch))
  train_with(list(callback), epochs = 2)
  expect_equal(epochs, 0:1)
})

test_that("callback_lambda() refuses a hook that is not a function", {
  expect_error(callback_lambda(on_epoch_end = "print"), "`on_epoch_end` must be a function")
})

test_that("callback_csv_logger() writes one row per epoch", {
  file <- tempfile(fileext = ".csv")
  train_with(list(callback_csv_logger(file)), epochs = 3)
  log <- utils::read.csv(file)
  expect_equal(log$epoch, 0:2)
  expect_true("loss" %in% names(log))
})

test_that("callback_early_stopping() ends training and the history keeps the epochs run", {
  history <- train_with(list(callback_early_stopping(monitor = "loss", min_delta = 1e9)),
                        epochs = 10)
  expect_equal(history$params$epochs, 10L)
  expect_length(history$metrics$loss, 2L)
})

test_that("callback_learning_rate_scheduler() sets the rate from a 0-based epoch", {
  model <- callback_model()
  train_with(list(callback_learning_rate_scheduler(function(epoch, lr) 0.5 + epoch)),
             epochs = 2, model = model)
  expect_equal(as.numeric(keras$backend$get_value(model$optimizer$learning_rate)), 1.5)
})

test_that("callback_model_checkpoint() saves a model each epoch", {
  file <- tempfile(fileext = ".h5")
  train_with(list(callback_model_checkpoint(file, monitor = "loss")), epochs = 1)
  expect_true(file.exists(file))
})

test_that("fit() refuses callbacks that are not Keras callbacks", {
  expect_error(train_with(list(function(epoch) epoch)), "callbacks must be Keras callbacks")
})

test_that("callback_tensorboard() warns that batch_size is ignored", {
  expect_warning(callback_tensorboard(tempfile(), batch_size = 32), "ignored")
})

test_that("callback_reduce_lr_on_plateau() lowers the rate when the loss stalls", {
  model <- callback_model()
  train_with(list(callback_reduce_lr_on_plateau(monitor = "loss", patience = 0,
                                                min_delta = 1e9, factor = 0.5)),
             epochs = 2, model = model)
  expect_lt(as.numeric(keras$backend$get_value(model$optimizer$learning_rate)), 0.01)
})
