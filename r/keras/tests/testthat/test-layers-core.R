test_that("layer_dense() composes with a Sequential model and returns it", {
  model <- keras_model_sequential()
  returned <- model %>% layer_dense(units = 4, input_shape = 3)
  expect_identical(returned, model)
  expect_equal(model$output_shape, list(NULL, 4L))
})

test_that("layer_dense() on a tensor gives the layer's output", {
  output <- layer_input(shape = 3) %>% layer_dense(units = 2, activation = "relu")
  expect_equal(dim(output), c(NA, 2L))
})

test_that("layer_dense() without object gives the layer, callable as a function", {
  dense <- layer_dense(units = 5)
  expect_s3_class(dense, "keras.layers.core.dense.Dense")
  expect_equal(dim(dense(layer_input(shape = 2))), c(NA, 5L))
})

test_that("a whole-number argument that is not whole is an error naming it", {
  expect_error(layer_dense(units = 2.5), "`units` must be whole numbers")
})

test_that("layer_reshape() takes the target shape without the batch dimension", {
  output <- layer_input(shape = 12) %>% layer_reshape(target_shape = c(3, 4))
  expect_equal(dim(output), c(NA, 3L, 4L))
})

test_that("layer_permute() takes dims counted from 1 after the batch dimension", {
  output <- layer_input(shape = c(2, 5)) %>% layer_permute(dims = c(2, 1))
  expect_equal(dim(output), c(NA, 5L, 2L))
})

test_that("layer_repeat_vector() repeats a vector n times", {
  output <- layer_input(shape = 4) %>% layer_repeat_vector(n = 3)
  expect_equal(dim(output), c(NA, 3L, 4L))
})

test_that("layer_lambda() applies an R function", {
  layer <- layer_lambda(f = function(x) x * 2)
  expect_equal(as.array(layer(tensorflow::tf$constant(matrix(c(1, 2), 1)))), matrix(c(2, 4), 1))
})

test_that("layer_flatten() makes each sample a vector", {
  output <- layer_input(shape = c(2, 3)) %>% layer_flatten()
  expect_equal(dim(output), c(NA, 6L))
})

test_that("layer_masking() marks time steps equal to mask_value", {
  layer <- layer_masking(mask_value = 0)
  mask <- layer$compute_mask(tensorflow::tf$constant(array(c(0, 1, 0, 1), c(1, 2, 2))))
  expect_equal(as.logical(as.array(mask)), c(FALSE, TRUE))
})

test_that("layer_activity_regularization() adds its penalty to the layer's losses", {
  layer <- layer_activity_regularization(l1 = 0.5)
  layer(tensorflow::tf$constant(matrix(c(1, -2), 1)))
  expect_equal(as.numeric(layer$losses[[1]]), 1.5 / 1)
})

test_that("layer_input() takes shape without the batch dimension, NA unknown", {
  input <- layer_input(shape = c(NA, 3), name = "sequence")
  expect_equal(dim(input), c(NA, NA, 3L))
  expect_equal(input$name, "sequence")
})
