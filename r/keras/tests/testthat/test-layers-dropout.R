test_that("dropout layers pass inputs unchanged outside training", {
  x <- tensorflow::tf$constant(matrix(1, 2, 4))
  expect_equal(as.array(layer_dropout(rate = 0.5)(x)), matrix(1, 2, 4))
  expect_equal(as.array(layer_dropout(rate = 0.5, noise_shape = c(NA, 1), seed = 1)(x)),
               matrix(1, 2, 4))
})

test_that("dropout layers drop during training", {
  x <- tensorflow::tf$constant(matrix(1, 10, 10))
  out <- as.array(layer_dropout(rate = 0.5, seed = 3)(x, training = TRUE))
  expect_true(any(out == 0))
})

test_that("spatial dropout layers take inputs of their rank", {
  expect_equal(dim(layer_spatial_dropout_1d(layer_input(shape = c(5, 3)), rate = 0.2)), c(NA, 5L, 3L))
  expect_equal(dim(layer_spatial_dropout_2d(layer_input(shape = c(4, 4, 2)), rate = 0.2)),
               c(NA, 4L, 4L, 2L))
  expect_equal(dim(layer_spatial_dropout_3d(layer_input(shape = c(2, 2, 2, 1)), rate = 0.2)),
               c(NA, 2L, 2L, 2L, 1L))
})
