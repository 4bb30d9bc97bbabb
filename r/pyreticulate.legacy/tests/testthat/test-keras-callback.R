# KerasCallback: R6 callbacks as pyreticulate's first release (and keras 2.x)
# had them, on keras3's models.

small_model <- function() {
  model <- keras_model_sequential(input_shape = 2) |> layer_dense(1)
  model |> compile(loss = "mse", optimizer = "sgd")
  model
}
x <- matrix(runif(32), 16)
y <- runif(16)

Recorder <- R6::R6Class("Recorder", inherit = KerasCallback, public = list(
  epochs = NULL,
  batches = NULL,
  on_epoch_end = function(epoch, logs = list()) self$epochs <- c(self$epochs, epoch),
  on_batch_end = function(batch, logs = list()) self$batches <- c(self$batches, batch)
))

test_that("a KerasCallback's hooks count epochs and batches from 0", {
  recorder <- Recorder$new()
  small_model() |> fit(x, y, epochs = 2, batch_size = 8, verbose = 0,
                       callbacks = list(recorder))
  expect_equal(recorder$epochs, c(0, 1))
  expect_equal(recorder$batches, c(0, 1, 0, 1))
})

test_that("a KerasCallback gets the model and the run's parameters", {
  recorder <- Recorder$new()
  model <- small_model()
  model |> fit(x, y, epochs = 1, verbose = 0, callbacks = list(recorder))
  expect_equal(recorder$model$name, model$name)
  expect_equal(recorder$params$epochs, 1L)
})

test_that("a KerasCallback's hooks see the logs", {
  Losses <- R6::R6Class("Losses", inherit = KerasCallback, public = list(
    losses = NULL,
    on_epoch_end = function(epoch, logs = list()) self$losses <- c(self$losses, logs$loss)))
  losses <- Losses$new()
  history <- small_model() |> fit(x, y, epochs = 2, verbose = 0, callbacks = list(losses))
  expect_equal(losses$losses, history$metrics$loss, tolerance = 1e-6)
})

test_that("an R error in a hook stops fit() with that error", {
  Failing <- R6::R6Class("Failing", inherit = KerasCallback, public = list(
    on_epoch_begin = function(epoch, logs = list()) stop("no epochs today")))
  expect_error(small_model() |> fit(x, y, epochs = 1, verbose = 0,
                                    callbacks = list(Failing$new())),
               "no epochs today")
})

test_that("callback_terminate_on_naan() is Keras's TerminateOnNaN", {
  expect_true(inherits(callback_terminate_on_naan(),
                       "keras.src.callbacks.terminate_on_nan.TerminateOnNaN"))
})

test_that("callback_progbar_logger() is Keras's ProgbarLogger", {
  expect_true(inherits(callback_progbar_logger(),
                       "keras.src.callbacks.progbar_logger.ProgbarLogger"))
})
