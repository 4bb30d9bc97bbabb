# keras 2.x's activation functions: called on tensors, given to layers by function.

x <- tensorflow::tf$constant(c(-2, 0, 3), dtype = "float32")

test_that("activations compute their functions", {
  expect_equal(as.numeric(activation_relu(x)), c(0, 0, 3))
  expect_equal(as.numeric(activation_relu(x, alpha = 0.5, max_value = 2)), c(-1, 0, 2))
  expect_equal(as.numeric(activation_sigmoid(x)), 1 / (1 + exp(c(2, 0, -3))), tolerance = 1e-6)
  expect_equal(as.numeric(activation_tanh(x)), tanh(c(-2, 0, 3)), tolerance = 1e-6)
  expect_equal(as.numeric(activation_linear(x)), c(-2, 0, 3))
  expect_equal(as.numeric(activation_elu(x, alpha = 1)), c(exp(-2) - 1, 0, 3), tolerance = 1e-6)
})

test_that("activation_softmax() normalizes along a Python axis", {
  m <- tensorflow::tf$constant(matrix(c(1, 1, 2, 2), 2), dtype = "float32")
  expect_equal(rowSums(as.array(activation_softmax(m))), c(1, 1), tolerance = 1e-6)
  expect_equal(colSums(as.array(activation_softmax(m, axis = 0))), c(1, 1), tolerance = 1e-6)
})

test_that("activation functions carry Keras's names for Python", {
  expect_equal(attr(activation_relu, "py_function_name"), "relu")
  expect_equal(attr(activation_hard_sigmoid, "py_function_name"), "hard_sigmoid")
})

test_that("an activation function is a layer's activation", {
  layer <- layer_dense(units = 2, activation = activation_swish)
  expect_equal(as.numeric(layer$activation(x)), c(-2, 0, 3) / (1 + exp(c(2, 0, -3))),
               tolerance = 1e-6)
  model <- keras_model_sequential(input_shape = 3) %>% layer_activation(activation_gelu)
  expect_equal(dim(predict(model, matrix(1, 2, 3), verbose = 0)), c(2L, 3L))
})
