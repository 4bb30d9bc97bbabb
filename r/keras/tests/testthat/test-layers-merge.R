test_that("merge layers take a list of tensors", {
  a <- layer_input(shape = 4)
  b <- layer_input(shape = 4)
  expect_equal(dim(layer_add(list(a, b))), c(NA, 4L))
  expect_equal(dim(layer_multiply(list(a, b))), c(NA, 4L))
  expect_equal(dim(layer_average(list(a, b))), c(NA, 4L))
})

test_that("merge layers take tensors one by one", {
  a <- tensorflow::tf$constant(matrix(c(5, 1), 1))
  b <- tensorflow::tf$constant(matrix(c(2, 3), 1))
  expect_equal(as.array(layer_subtract(a, b)), matrix(c(3, -2), 1))
  expect_equal(as.array(layer_maximum(a, b)), matrix(c(5, 3), 1))
  expect_equal(as.array(layer_minimum(a, b)), matrix(c(2, 1), 1))
})

test_that("merge layers without inputs give the layer", {
  layer <- layer_add(name = "sum")
  expect_equal(layer$name, "sum")
})

test_that("layer_concatenate() joins along axis, also given by position", {
  a <- layer_input(shape = c(4, 5))
  b <- layer_input(shape = c(4, 3))
  expect_equal(dim(layer_concatenate(list(a, b))), c(NA, 4L, 8L))
  c <- layer_input(shape = c(2, 5))
  expect_equal(dim(layer_concatenate(list(a, c), 1)), c(NA, 6L, 5L))
})

test_that("layer_dot() needs axes and takes the product of two tensors", {
  a <- layer_input(shape = 8)
  b <- layer_input(shape = 8)
  expect_equal(dim(layer_dot(list(a, b), axes = 1)), c(NA, 1L))
  expect_error(layer_dot(list(a, b)), "`axes` is missing")
})
