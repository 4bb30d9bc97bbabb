test_that("convolution layers take whole numbers and tuples as keras 2.x did", {
  input <- layer_input(shape = c(28, 28, 1))
  output <- input %>%
    layer_conv_2d(filters = 8, kernel_size = c(3, 3), activation = "relu") %>%
    layer_max_pooling_2d(pool_size = c(2, 2)) %>%
    layer_conv_2d(filters = 4, kernel_size = 3, padding = "same")
  expect_equal(dim(output), c(NA, 13L, 13L, 4L))
})

test_that("1d convolution, upsampling, padding and cropping shape as keras 2.x's", {
  output <- layer_input(shape = c(10, 3)) %>%
    layer_conv_1d(filters = 2, kernel_size = 3) %>%
    layer_upsampling_1d(size = 2) %>%
    layer_zero_padding_1d(padding = 1) %>%
    layer_cropping_1d(cropping = c(2, 1))
  expect_equal(dim(output), c(NA, 15L, 2L))
})

test_that("transposed and separable convolutions compose", {
  output <- layer_input(shape = c(8, 8, 3)) %>%
    layer_separable_conv_2d(filters = 4, kernel_size = 3) %>%
    layer_conv_2d_transpose(filters = 2, kernel_size = 3) %>%
    layer_depthwise_conv_2d(kernel_size = 3)
  expect_equal(dim(output), c(NA, 6L, 6L, 2L))
})

test_that("layer_conv_lstm_2d() takes sequences of images", {
  output <- layer_input(shape = c(5, 8, 8, 1)) %>%
    layer_conv_lstm_2d(filters = 2, kernel_size = c(3, 3))
  expect_equal(dim(output), c(NA, 6L, 6L, 2L))
})

test_that("a non-whole kernel size is an error naming it", {
  expect_error(layer_conv_2d(filters = 2, kernel_size = 1.5), "kernel_size")
})

test_that("the 1d and 3d variants shape their output as keras 2.x's", {
  sequence <- layer_input(shape = c(10, 4))
  expect_equal(dim(layer_conv_1d_transpose(sequence, filters = 2, kernel_size = 3)), c(NA, 12L, 2L))
  expect_equal(dim(layer_separable_conv_1d(sequence, filters = 2, kernel_size = 3)), c(NA, 8L, 2L))
  expect_equal(dim(layer_depthwise_conv_1d(sequence, kernel_size = 3)), c(NA, 8L, 4L))
  expect_equal(dim(layer_conv_lstm_1d(layer_input(shape = c(3, 10, 4)), filters = 2, kernel_size = 3)),
               c(NA, 8L, 2L))
  volume <- layer_input(shape = c(6, 6, 6, 1))
  expect_equal(dim(layer_conv_3d(volume, filters = 2, kernel_size = 3)), c(NA, 4L, 4L, 4L, 2L))
  expect_equal(dim(layer_conv_3d_transpose(volume, filters = 2, kernel_size = 3)),
               c(NA, 8L, 8L, 8L, 2L))
  expect_equal(dim(layer_upsampling_3d(volume, size = 2)), c(NA, 12L, 12L, 12L, 1L))
  expect_equal(dim(layer_zero_padding_3d(volume, padding = 1)), c(NA, 8L, 8L, 8L, 1L))
  expect_equal(dim(layer_cropping_3d(volume, cropping = 1)), c(NA, 4L, 4L, 4L, 1L))
  expect_equal(dim(layer_conv_lstm_3d(layer_input(shape = c(2, 4, 4, 4, 1)), filters = 1,
                                      kernel_size = 3)), c(NA, 2L, 2L, 2L, 1L))
  image <- layer_input(shape = c(6, 6, 1))
  expect_equal(dim(layer_upsampling_2d(image, size = c(2, 1))), c(NA, 12L, 6L, 1L))
  expect_equal(dim(layer_zero_padding_2d(image, padding = c(1, 2))), c(NA, 8L, 10L, 1L))
  expect_equal(dim(layer_cropping_2d(image, cropping = list(c(1, 1), c(2, 0)))), c(NA, 4L, 4L, 1L))
})
