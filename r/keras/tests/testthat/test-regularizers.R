# keras 2.x's regularizers: tf_keras's penalties, added to a model's losses.

test_that("regularizer_l1() and regularizer_l2() take keras 2.x's `l`", {
  expect_equal(py_to_r(regularizer_l1(l = 0.5)$get_config())$l1, 0.5, tolerance = 1e-6)
  expect_equal(py_to_r(regularizer_l2(0.25)$get_config())$l2, 0.25, tolerance = 1e-6)
})

test_that("regularizer_l1_l2() penalizes both", {
  reg <- regularizer_l1_l2(l1 = 1, l2 = 2)
  expect_s3_class(reg, "keras.regularizers.L1L2")
  expect_equal(as.numeric(reg(tensorflow::tf$constant(c(1, -2)))), 3 + 2 * 5)
})

test_that("regularizer_orthogonal() passes the arguments given", {
  reg <- regularizer_orthogonal(factor = 0.1, mode = "columns")
  config <- py_to_r(reg$get_config())
  expect_equal(config$mode, "columns")
  expect_equal(config$factor, 0.1, tolerance = 1e-6)
})

test_that("a layer's regularizer adds to the model's losses", {
  model <- keras_model_sequential(input_shape = 2) %>%
    layer_dense(units = 2, kernel_initializer = initializer_ones(),
                kernel_regularizer = regularizer_l1(1))
  expect_equal(as.numeric(model$losses[[1]]), 4)
})
