# keras 2.x internals its code and tests call (internals.R).

test_that("preprocess_input() passes R numbers as a NumPy array of the default float type", {
  seen <- NULL
  result <- preprocess_input(array(c(1, 2, 3, 4), c(1, 2, 2)), function(x) { seen <<- x; x })
  expect_s3_class(seen, "numpy.ndarray")
  expect_equal(py_to_r(seen$dtype$name), "float32")
  expect_equal(py_to_r(result), array(c(1, 2, 3, 4), c(1, 2, 2)))
})

test_that("preprocess_input() passes further arguments on", {
  scale <- function(x, by) py_to_r(x) * by
  expect_equal(preprocess_input(matrix(1:2, 1), scale, by = 10), matrix(c(10, 20), 1))
})

test_that("preprocess_input() with an application's function gives its preprocessed images", {
  images <- array(255, c(1, 2, 2, 3))
  processed <- preprocess_input(images, tensorflow::tf$keras$applications$imagenet_utils$preprocess_input)
  expect_equal(dim(processed), c(1L, 2L, 2L, 3L))
  expect_equal(processed[1, 1, 1, ], c(255 - 103.939, 255 - 116.779, 255 - 123.68),
               tolerance = 1e-4)
})

test_that("preprocess_input() without a function is an error naming it", {
  expect_error(preprocess_input(1, "caffe"), "`preprocessor` must be a function")
})
