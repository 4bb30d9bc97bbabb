test_that("tf_cond() calls the chosen formula for R and eager conditions", {
  expect_equal(tf_cond(TRUE, ~ "yes", ~ "no"), "yes")
  x <- scalar(3)
  expect_equal(value_of(tf_cond(x > 0, ~ x * x, ~ x)), 9)
})

test_that("tf_cond() on a traced tensor is a tf$cond", {
  fn <- tf_function(function(x) tf_cond(x > 0, ~ x * x, ~ -x))
  expect_equal(value_of(fn(scalar(-4))), 4)
  expect_equal(value_of(fn(scalar(4))), 16)
})

test_that("tf_case() gives the value of the first case that holds, else the default", {
  fizz_buzz <- function(x) tf_case(
    x %% 15 == 0 ~ "FizzBuzz",
    x %% 5 == 0 ~ "Buzz",
    x %% 3 == 0 ~ "Fizz",
    default = ~ tf$as_string(x, precision = 0L))
  said <- vapply(c(15, 10, 9, 7), function(v) value_of(fizz_buzz(scalar(v))), "")
  expect_identical(said, c("FizzBuzz", "Buzz", "Fizz", "7"))
  expect_error(tf_case(~ 1), "condition ~ value")
})

test_that("tf_switch() picks the branch by index, counting from 0", {
  power <- function(x, p) tf_switch(p, ~ scalar(1), 2 ~ x * x, ~ x, default = ~ scalar(-1))
  x <- scalar(3)
  expect_equal(vapply(0:3, function(p) value_of(power(x, tf$constant(p))), 0), c(1, 3, 9, -1))
  expect_error(tf_switch(tf$constant(0L), 5 ~ 1), "must be 0 to 0")
})

test_that("tf_map() maps a formula, a function or a function's name over the first dimension", {
  elems <- tf$constant(1:4)
  add_one <- function(v) v + 1L
  expect_equal(value_of(tf_map(elems, ~ .x * 2L)), c(2L, 4L, 6L, 8L))
  expect_equal(value_of(tf_map(elems, ~ . * 3L)), c(3L, 6L, 9L, 12L))
  expect_equal(value_of(tf_map(elems, add_one)), 2:5)
  expect_equal(value_of(tf_map(elems, "add_one")), 2:5)
})

test_that("ta[[i]] <- value writes a TensorArray at a 0-based index", {
  ta <- tf$TensorArray(tf$float32, size = 0L, dynamic_size = TRUE)
  for (i in 0:3) ta[[i]] <- i * 2
  expect_equal(value_of(ta$stack()), c(0, 2, 4, 6))
  expect_error(ta[[0, 1]] <- 1, "first dimension only")
})

test_that("a TensorArray collects values inside a graph loop", {
  fn <- tf_function(function(n) {
    squares <- tf$TensorArray(tf$int32, size = 0L, dynamic_size = TRUE)
    for (i in tf$range(n)) squares[[i]] <- i * i
    squares$stack()
  })
  expect_equal(value_of(fn(tf$constant(4L))), c(0L, 1L, 4L, 9L))
})

test_that("stopifnot() on a tensor fails with the expression and the R call stack", {
  check_positive <- autograph(function(x) {
    stopifnot(x > 0)
    x
  })
  expect_equal(value_of(check_positive(scalar(1))), 1)
  expect_error(check_positive(scalar(-1)), "x > 0", fixed = TRUE)
  expect_match(py_last_error()$message, "check_positive(", fixed = TRUE)
})

test_that("stopifnot() on R values is R's", {
  f <- autograph(function(x) stopifnot("x must be positive" = x > 0))
  expect_error(f(-1), "x must be positive")
  expect_null(f(1))
})

test_that("stopifnot() on a traced tensor runs with the traced function", {
  fn <- tf_function(function(x) {
    stopifnot(x > 0)
    x * 2
  })
  expect_equal(value_of(fn(scalar(2))), 4)
  expect_error(fn(scalar(-2)), "x > 0", fixed = TRUE)
})

test_that("tf_assert() adds the expression and the values to TensorFlow's message", {
  x <- scalar(-1)
  expect_error(tf_assert(x > 0, "x must be positive"), "x must be positive")
  expect_match(py_last_error()$message, "`x > 0`", fixed = TRUE)
  expect_null(tf_assert(x < 0))
})
