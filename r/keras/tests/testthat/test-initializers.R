# keras 2.x's initializers: tf_keras's classes, seeds as whole numbers.

test_that("initializers make tensors of the shape asked", {
  values <- as.array(initializer_constant(3)(shape = c(2L, 2L)))
  expect_equal(values, matrix(3, 2, 2))
  expect_equal(as.numeric(initializer_zeros()(shape = list(3L))), c(0, 0, 0))
  expect_equal(as.array(initializer_identity(gain = 2)(shape = c(2L, 2L))), diag(2, 2))
})

test_that("a seed makes an initializer reproducible", {
  a <- as.array(initializer_random_normal(stddev = 1, seed = 1)(shape = list(5L)))
  b <- as.array(initializer_random_normal(stddev = 1, seed = 1)(shape = list(5L)))
  expect_equal(a, b)
  expect_identical(py_to_r(initializer_glorot_uniform(seed = 42)$get_config())$seed, 42L)
  expect_error(initializer_he_normal(seed = 1.5), "whole numbers")
})

test_that("initializers are tf_keras's classes", {
  expect_s3_class(initializer_lecun_normal(), "keras.initializers.initializers.LecunNormal")
  expect_s3_class(initializer_orthogonal(), "keras.initializers.initializers.Orthogonal")
  expect_equal(py_to_r(initializer_random_uniform(minval = -1, maxval = 1)$get_config())$maxval, 1)
})

test_that("initializer_variance_scaling()'s normal distribution is untruncated, as in keras 2.x", {
  config <- py_to_r(initializer_variance_scaling(scale = 2, mode = "fan_out")$get_config())
  expect_equal(config$distribution, "untruncated_normal")
  expect_equal(config$mode, "fan_out")
  expect_equal(config$scale, 2)
  expect_equal(py_to_r(initializer_variance_scaling(distribution = "uniform")$get_config())$distribution,
               "uniform")
  expect_error(initializer_variance_scaling(mode = "fan_mid"), "should be one of")
})

test_that("an initializer starts a layer's weights", {
  layer <- layer_dense(units = 3, kernel_initializer = initializer_ones(),
                       bias_initializer = initializer_constant(0.5))
  layer$build(list(NULL, 2L))
  expect_equal(as.array(layer$kernel), matrix(1, 2, 3))
  expect_equal(as.numeric(layer$bias), rep(0.5, 3))
})
