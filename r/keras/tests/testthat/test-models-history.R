# The keras_training_history fit() returns: print(), as.data.frame(), plot().

trained_history <- function(epochs = 3, callbacks = NULL) {
  x <- matrix(runif(80), 20, 4)
  model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
  model %>% compile(optimizer = "sgd", loss = "mse", metrics = "mae")
  fit(model, x, x %*% c(1, 2, 3, 4), epochs = epochs, validation_split = 0.25, verbose = 0,
      callbacks = callbacks)
}

test_that("print() shows each metric at the last epoch", {
  history <- trained_history()
  output <- capture.output(print(history))
  expect_true(any(grepl("Final epoch (plot to see history):", output, fixed = TRUE)))
  expect_true(any(grepl("^\\s*val_mae: ", output)))
})

test_that("as.data.frame() gives one row per epoch and metric, validation apart", {
  frame <- as.data.frame(trained_history())
  expect_named(frame, c("epoch", "value", "metric", "data"))
  expect_equal(nrow(frame), 3L * 4L)
  expect_equal(levels(frame$metric), c("loss", "mae"))
  expect_equal(levels(frame$data), c("training", "validation"))
  expect_equal(frame$epoch[1:3], 1:3)
})

test_that("as.data.frame() pads the epochs early stopping skipped with NA", {
  stop_early <- callback_early_stopping(monitor = "loss", min_delta = 1e9)
  frame <- as.data.frame(trained_history(epochs = 6, callbacks = list(stop_early)))
  expect_equal(nrow(frame), 6L * 4L)
  expect_equal(sum(is.na(frame$value)), 4L * 4L)
})

test_that("plot() makes a ggplot of the metrics without val_ names by default", {
  skip_if_not_installed("ggplot2")
  plot <- plot(trained_history())
  expect_s3_class(plot, "ggplot")
  expect_equal(levels(plot$data$metric), c("loss", "mae"))
})

test_that("plot(method = \"base\") draws with base graphics", {
  file <- tempfile(fileext = ".pdf")
  grDevices::pdf(file)
  on.exit(grDevices::dev.off())
  expect_null(plot(trained_history(), metrics = "loss", method = "base"))
})

test_that("plot() names a metric the history does not have", {
  expect_error(plot(trained_history(), metrics = "accuracy"), "no metric \"accuracy\"")
})
