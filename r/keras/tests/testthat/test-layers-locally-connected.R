test_that("locally connected layers have unshared weights per position", {
  output <- layer_input(shape = c(10, 2)) %>% layer_locally_connected_1d(filters = 3, kernel_size = 3)
  expect_equal(dim(output), c(NA, 8L, 3L))
  output <- layer_input(shape = c(6, 6, 1)) %>%
    layer_locally_connected_2d(filters = 2, kernel_size = c(3, 3))
  expect_equal(dim(output), c(NA, 4L, 4L, 2L))
})
