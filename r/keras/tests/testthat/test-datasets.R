# keras 2.x's datasets. Loading one downloads it (once) into Keras's cache:
# these tests check what needs no download.

test_that("datasets come as train and test lists of x and y", {
  data <- py_eval(paste0("((__import__('numpy').zeros((2, 3)), __import__('numpy').arange(2)), ",
                         "(__import__('numpy').ones((1, 3)), __import__('numpy').arange(1)))"))
  lists <- .keras2_dataset_lists(data)
  expect_named(lists, c("train", "test"))
  expect_named(lists$train, c("x", "y"))
  expect_equal(dim(lists$train$x), c(2L, 3L))
  expect_equal(lists$test$x, matrix(1, 1, 3))
})

test_that("word sequences come as a list of integer vectors with integer labels", {
  # A NumPy array of Python lists, as Keras's IMDB and Reuters sequences are.
  sequences <- function(python, n) sprintf(paste0(
    "(lambda a: ([a.__setitem__(i, s) for i, s in enumerate(%s)], a)[1])",
    "(__import__('numpy').empty(%d, dtype=object))"), python, n)
  data <- py_eval(sprintf(paste0("((%s, __import__('numpy').array([0, 1])), ",
                                 "(%s, __import__('numpy').array([1])))"),
                          sequences("[[1, 2, 3], [4]]", 2L), sequences("[[5, 6]]", 1L)))
  lists <- .keras2_dataset_lists(data, .keras2_sequences, as.integer)
  expect_identical(lists$train$x, list(1:3, 4L))
  expect_identical(lists$train$y, c(0L, 1L))
  expect_identical(lists$test$x, list(5:6))
})

test_that("dataset arguments are checked before anything is downloaded", {
  expect_error(dataset_imdb(num_words = 10.5), "`num_words` must be whole numbers")
  expect_error(dataset_reuters(maxlen = "long"), "`maxlen` must be whole numbers")
  expect_error(dataset_cifar100(label_mode = "finest"), "should be one of")
})
