# 1-based index arguments follow keras3's rule (as_py_index): positive values
# less one, zero and negative values kept, numbers made integers as
# as.integer() makes them; never an error for numbers.

values <- function(x) as.vector(as.array(x))

test_that("op_one_hot() takes labels 0 to 9 with num_classes = 10 (0 stays 0)", {
  encoded <- op_one_hot(c(0, 3, 9, 1), num_classes = 10)
  expect_equal(dim(as.array(encoded)), c(4L, 10L))
  expect_equal(apply(as.array(encoded), 1, which.max), c(1L, 3L, 9L, 1L))
})

test_that("op_one_hot() counts labels from 1", {
  expect_equal(apply(as.array(op_one_hot(c(1, 4), num_classes = 4)), 1, which.max), c(1L, 4L))
})

test_that("op_one_hot(zero_indexed = TRUE) takes the labels as they are", {
  expect_equal(apply(as.array(op_one_hot(c(0, 3), num_classes = 4, zero_indexed = TRUE)), 1,
                     which.max), c(1L, 4L))
})

test_that("op_take() keeps zero and negative indices and truncates fractions", {
  x <- op_arange(5) * 10
  expect_equal(values(op_take(x, c(1, 0, 2.7, -1))), c(0, 0, 10, 40))
})

test_that("op_take() shifts the positive indices of a tensor", {
  x <- op_arange(5) * 10
  expect_equal(values(op_take(x, op_array(c(1L, 5L, -1L)))), c(0, 40, 40))
})

test_that("op_take() shifts the positive indices of a NumPy array", {
  x <- op_arange(5) * 10
  expect_equal(values(op_take(x, np_array(c(2L, 3L)))), c(10, 20))
})

test_that("op_take(zero_indexed = TRUE) does not shift", {
  x <- op_arange(5) * 10
  expect_equal(values(op_take(x, c(0, 4), zero_indexed = TRUE)), c(0, 40))
})

test_that("an index that is not a number is an error naming the argument", {
  expect_error(op_take(op_arange(5), "a"), "`indices` must be positions")
})

test_that("op_split() takes one number as a count of sections", {
  parts <- op_split(op_reshape(op_arange(12), c(3, 4)), 2, axis = 2)
  expect_length(parts, 2L)
  expect_equal(dim(as.array(parts[[1]])), c(3L, 2L))
})

test_that("op_split() takes several numbers as 1-based positions to split at", {
  parts <- op_split(op_arange(6), c(2, 4))
  expect_equal(lapply(parts, values), list(0, c(1, 2), c(3, 4, 5)))
})

test_that("op_argpartition() reads kth from 1 even with zero_indexed = TRUE", {
  expect_equal(values(op_argpartition(c(5, 1, 4, 2), 2, zero_indexed = TRUE))[1:2],
               c(1L, 3L))
})

test_that("get_layer() counts from 1 and -1 is the last layer", {
  model <- keras_model_sequential(input_shape = 2) |>
    layer_dense(3, name = "first") |>
    layer_dense(1, name = "last")
  expect_equal(get_layer(model, index = 1)$name, "first")
  expect_equal(get_layer(model, index = -1)$name, "last")
  expect_error(get_layer(model, index = 0), "counts layers from 1")
})

test_that("fit(initial_epoch = 0) starts at the first epoch, as initial_epoch = 1", {
  model <- keras_model_sequential(input_shape = 2) |> layer_dense(1)
  model |> compile(loss = "mse", optimizer = "sgd")
  x <- matrix(runif(16), 8)
  y <- runif(8)
  history <- model |> fit(x, y, epochs = 2, initial_epoch = 0, verbose = 0)
  expect_equal(length(history$metrics$loss), 2L)
})
