test_that("noise layers are the identity outside training", {
  x <- tensorflow::tf$constant(matrix(c(1, 2), 1))
  expect_equal(as.array(layer_gaussian_noise(stddev = 1)(x)), matrix(c(1, 2), 1))
  expect_equal(as.array(layer_gaussian_dropout(rate = 0.5)(x)), matrix(c(1, 2), 1))
  expect_equal(as.array(layer_alpha_dropout(rate = 0.5)(x)), matrix(c(1, 2), 1))
})

test_that("layer_gaussian_noise() adds noise during training", {
  x <- tensorflow::tf$constant(matrix(0, 1, 20))
  expect_true(any(as.array(layer_gaussian_noise(stddev = 1)(x, training = TRUE)) != 0))
})
