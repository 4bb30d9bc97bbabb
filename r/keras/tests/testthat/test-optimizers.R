# keras 2.x's optimizers: tf_keras's classes, keras 2.x's deprecated `lr`.

test_that("an optimizer is tf_keras's class with the arguments given", {
  opt <- optimizer_adam(learning_rate = 0.01, beta_1 = 0.8)
  expect_s3_class(opt, "keras.optimizers.adam.Adam")
  config <- py_to_r(opt$get_config())
  expect_equal(config$learning_rate, 0.01, tolerance = 1e-6)
  expect_equal(config$beta_1, 0.8, tolerance = 1e-6)
})

test_that("optimizer_rmsprop(lr =) is learning_rate, with keras 2.x's deprecation warning", {
  expect_warning(opt <- optimizer_rmsprop(lr = 0.002), "learning_rate",
                 class = "deprecatedWarning")
  expect_equal(py_to_r(opt$get_config())$learning_rate, 0.002, tolerance = 1e-6)
})

test_that("lr and learning_rate together are an error", {
  expect_error(optimizer_sgd(lr = 0.1, learning_rate = 0.2), "learning_rate")
})

test_that("ema_overwrite_frequency is a whole number", {
  opt <- optimizer_sgd(use_ema = TRUE, ema_overwrite_frequency = 10)
  expect_identical(py_to_r(opt$get_config())$ema_overwrite_frequency, 10L)
  expect_error(optimizer_sgd(ema_overwrite_frequency = 2.5), "whole numbers")
})

test_that("every optimizer compiles a model", {
  for (make in list(optimizer_adadelta, optimizer_adagrad, optimizer_adamax, optimizer_ftrl,
                    optimizer_nadam, optimizer_rmsprop, optimizer_sgd)) {
    model <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
    model %>% compile(optimizer = make(), loss = "mse")
    expect_s3_class(model$optimizer, "keras.optimizers.optimizer.Optimizer")
  }
})
