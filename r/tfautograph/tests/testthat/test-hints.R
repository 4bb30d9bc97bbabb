test_that("ag_if_vars() records the variables and parts given", {
  ag_if_vars(foo, bar$baz, return = TRUE)
  hint <- next_if_vars$pop()
  expect_identical(hint$modified, list("foo", c("bar", "baz")))
  expect_true(hint$return)
  expect_null(next_if_vars$peek())
})

test_that("a variable left out of ag_if_vars() keeps its value from before the if", {
  fn <- tf_function(function(x) {
    a <- scalar(0)
    b <- scalar(0)
    ag_if_vars(a)
    if (x > 0) {
      a <- x
      b <- x
    }
    list(a, b)
  })
  expect_equal(value_of(fn(scalar(3))), list(3, 0))
})

test_that("ag_loop_vars() takes bare names, or names prefixed with - or +", {
  expect_identical(ag_loop_vars(x, y), list(list = c("x", "y")))
  expect_identical(ag_loop_vars(-x, +y), list(include = "y", exclude = "x"))
  next_loop_vars$pop()
  expect_error(ag_loop_vars(x, -y), "either bare names")
  expect_error(ag_loop_vars(x, exclude = "y"), "not both")
})

test_that("ag_loop_vars(-name) leaves a variable out of the loop", {
  fn <- tf_function(function(n) {
    kept <- tf$constant(1L)
    ag_loop_vars(-kept)
    while (n > 0L) {
      kept <- kept
      n <- n - 1L
    }
    n
  })
  expect_silent(fn(tf$constant(2L)))
})

test_that("ag_name() names the graph operation of the next statement", {
  fn <- tf_function(function(n) {
    ag_name("count_down")
    while (n > 0L) n <- n - 1L
    n
  })
  graph <- fn$get_concrete_function(tf$TensorSpec(shape(), tf$int32))$graph
  names <- vapply(graph$get_operations(), function(op) op$name, "")
  expect_true(any(startsWith(names, "count_down")))
  expect_error(ag_name(1), "must be a string")
})

test_that("ag_while_opts() passes the options given to tf$while_loop", {
  fn <- tf_function(function(n) {
    ag_while_opts(maximum_iterations = 3L)
    while (n > 0L) n <- n - 1L
    n
  })
  expect_equal(value_of(fn(tf$constant(10L))), 7L)
  expect_error(ag_while_opts(3L), "must be named")
})
