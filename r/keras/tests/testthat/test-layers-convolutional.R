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
