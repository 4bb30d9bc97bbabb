test_that("get_config() and from_config() make the layer again", {
  layer <- layer_dense(units = 7, name = "seven")
  config <- get_config(layer)
  expect_type(config, "list")
  expect_equal(config$units, 7L)
  copy <- from_config(config)
  expect_s3_class(copy, "keras.layers.core.dense.Dense")
  expect_equal(copy$name, "seven")
})

test_that("from_config() makes a model again from its configuration", {
  model <- keras_model_sequential() %>% layer_dense(4, input_shape = 3) %>% layer_dense(1)
  copy <- from_config(get_config(model))
  expect_equal(copy$output_shape, list(NULL, 1L))
})

test_that("get_weights() and set_weights() use R arrays", {
  layer <- layer_dense(units = 2, input_shape = 3)
  model <- keras_model_sequential() %>% layer
  weights <- get_weights(layer)
  expect_equal(dim(weights[[1]]), c(3L, 2L))
  weights[[1]][] <- 1
  set_weights(layer, weights)
  expect_equal(get_weights(layer)[[1]], matrix(1, 3, 2))
  expect_length(get_weights(layer, trainable = FALSE), 0L)
  expect_equal(count_params(model), 8L)
})

test_that("get_*_at() count nodes from 1", {
  dense <- layer_dense(units = 2)
  a <- layer_input(shape = 3)
  b <- layer_input(shape = 3)
  dense(a)
  out_b <- dense(b)
  expect_equal(get_input_at(dense, 2)$name, b$name)
  expect_equal(get_output_at(dense, 2)$name, out_b$name)
  expect_equal(get_output_shape_at(dense, 1), list(NULL, 2L))
  expect_equal(get_input_shape_at(dense, 1), list(NULL, 3L))
  expect_null(get_input_mask_at(dense, 1))
  expect_null(get_output_mask_at(dense, 1))
  expect_error(get_output_at(dense, 0), "counts from 1")
})

test_that("reset_states() zeroes the states of a stateful layer", {
  lstm <- layer_lstm(units = 2, stateful = TRUE)
  lstm(tensorflow::tf$ones(shape(1, 3, 2)))
  reset_states(lstm)
  expect_equal(as.array(lstm$states[[1]]), matrix(0, 1, 2))
})

test_that("a layer is a function adding itself to a Sequential model", {
  dense <- layer_dense(units = 3)
  model <- keras_model_sequential(input_shape = 2)
  expect_identical(dense(model), model)
  expect_equal(model$output_shape, list(NULL, 3L))
})

test_that("a layer given a Sequential model and more arguments warns that they are ignored", {
  model <- keras_model_sequential(input_shape = 2)
  dense <- layer_dense(units = 1)
  expect_warning(returned <- dense(model, "ignored"), "will be ignored")
  expect_identical(returned, model)
})
