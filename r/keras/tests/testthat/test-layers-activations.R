test_that("the activation layers apply their function", {
  x <- tensorflow::tf$constant(matrix(c(-1, 0, 2), 1))
  expect_equal(as.array(layer_activation_relu()(x)), matrix(c(0, 0, 2), 1))
  expect_equal(as.array(layer_activation_relu(max_value = 1)(x)), matrix(c(0, 0, 1), 1))
  expect_equal(as.array(layer_activation_leaky_relu(alpha = 0.5)(x)), matrix(c(-0.5, 0, 2), 1))
  expect_equal(as.array(layer_activation_thresholded_relu(theta = 1)(x)), matrix(c(0, 0, 2), 1))
  expect_equal(as.array(layer_activation(activation = "linear")(x)), matrix(c(-1, 0, 2), 1))
})

test_that("layer_activation_softmax() sums to one along the axis", {
  out <- layer_activation_softmax()(tensorflow::tf$constant(matrix(c(1, 2, 3), 1)))
  expect_equal(sum(as.array(out)), 1, tolerance = 1e-6)
})

test_that("layer_activation_selu() is an Activation layer applying selu", {
  layer <- layer_activation_selu()
  expect_equal(layer$get_config()$activation, "selu")
})

test_that("layer_activation_elu() and parametric relu compose with a model", {
  model <- keras_model_sequential() %>%
    layer_dense(2, input_shape = 3) %>%
    layer_activation_elu(alpha = 0.5) %>%
    layer_activation_parametric_relu()
  expect_length(model$layers, 3L)
})
