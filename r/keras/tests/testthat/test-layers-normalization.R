test_that("layer_batch_normalization() normalizes in training and keeps moving statistics", {
  layer <- layer_batch_normalization(momentum = 0.5)
  out <- layer(tensorflow::tf$constant(matrix(c(1, 3), 2)), training = TRUE)
  expect_equal(as.numeric(as.array(out)), c(-1, 1), tolerance = 1e-2)
  expect_equal(as.numeric(as.array(layer$moving_mean)), 1, tolerance = 1e-6)
})

test_that("layer_layer_normalization() normalizes each sample", {
  out <- layer_layer_normalization(epsilon = 0)(tensorflow::tf$constant(matrix(c(1, 3), 1)))
  expect_equal(as.numeric(as.array(out)), c(-1, 1), tolerance = 1e-6)
})

test_that("layer_unit_normalization() scales samples to unit length", {
  out <- layer_unit_normalization()(tensorflow::tf$constant(matrix(c(3, 4), 1)))
  expect_equal(as.numeric(as.array(out)), c(0.6, 0.8), tolerance = 1e-6)
})
