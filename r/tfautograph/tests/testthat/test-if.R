test_that("an if on a traced tensor is a tf$cond", {
  fn <- tf_function(function(x) if (x > 0) x else -x)
  expect_true("StatelessIf" %in% op_types(fn, tf$TensorSpec(shape(), tf$float32)))
  expect_equal(value_of(fn(scalar(-3))), 3)
  expect_equal(value_of(fn(scalar(2))), 2)
})

test_that("a variable assigned in one branch keeps its value from before the if in the other", {
  fn <- tf_function(function(x) {
    y <- scalar(0)
    if (x > 0) y <- x * 2
    y
  })
  expect_equal(value_of(fn(scalar(-2))), 0)
  expect_equal(value_of(fn(scalar(3))), 6)
})

test_that("a variable assigned in both branches is bound after the if", {
  fn <- tf_function(function(x) {
    if (x > 0) label <- scalar(1) else label <- scalar(-1)
    label
  })
  expect_equal(value_of(fn(scalar(-5))), -1)
  expect_equal(value_of(fn(scalar(5))), 1)
})

test_that("parts of named lists assigned in a branch are carried and merged back", {
  fn <- tf_function(function(x) {
    state <- list(count = scalar(0), total = scalar(0), name = "kept")
    if (x > 0) state$count <- state$count + 1
    state
  })
  result <- fn(scalar(4))
  expect_equal(value_of(result$count), 1)
  expect_equal(value_of(result$total), 0)
})

test_that("a variable assigned in one branch only and not before is undefined afterwards", {
  fn <- tf_function(function(x) {
    if (x > 0) only_here <- x
    only_here
  })
  expect_error(fn(scalar(1)), "Symbol `only_here` is \\*undefined\\*")
})

test_that("reading an undefined variable is an error of class access_undefined", {
  fn <- tf_function(function(x) {
    if (x > 0) only_here <- x
    tryCatch(only_here, access_undefined = function(e) scalar(-99))
  })
  expect_equal(value_of(fn(scalar(1))), -99)
})

test_that("assigning an undefined variable defines it again", {
  fn <- tf_function(function(x) {
    if (x > 0) only_here <- x
    only_here <- scalar(7)
    only_here
  })
  expect_equal(value_of(fn(scalar(1))), 7)
})

test_that("return() in both branches returns the value from the function", {
  fn <- tf_function(function(x) {
    if (x > 0) return(x * 10) else return(x - 10)
    stop("not reached")
  })
  expect_equal(value_of(fn(scalar(1))), 10)
  expect_equal(value_of(fn(scalar(-1))), -11)
})

test_that("return() in one branch only is an error that says so", {
  fn <- tf_function(function(x) {
    if (x > 0) return(x)
    x * 2
  })
  expect_error(fn(scalar(1)), "return\\(\\) in one branch")
})

test_that("nested ifs on tensors build nested conds", {
  fn <- tf_function(function(x) {
    sign <- scalar(0)
    if (x > 0) {
      if (x > 10) sign <- scalar(2) else sign <- scalar(1)
    } else sign <- scalar(-1)
    sign
  })
  expect_equal(vapply(c(20, 5, -3), function(v) value_of(fn(scalar(v))), 0), c(2, 1, -1))
})

test_that("an if on an R value is decided while tracing", {
  fn <- tf_function(function(x) if (TRUE) x + 1 else x - 1)
  expect_false(any(grepl("If", op_types(fn, tf$TensorSpec(shape(), tf$float32)))))
})

test_that("an if whose branches end in values of different dtypes gives no value", {
  fn <- tf_function(function(x) {
    count <- tf$constant(0L)
    total <- scalar(0)
    if (x > 0) count <- count + 1L else total <- total + x
    list(count, total)
  })
  expect_equal(value_of(fn(scalar(-2))), list(0L, -2))
  expect_equal(value_of(fn(scalar(2))), list(1L, 0))
})

test_that("a variable whose value before the if has another dtype is undefined after it", {
  fn <- tf_function(function(x) {
    y <- tf$constant(0L)
    if (x > 0) y <- x
    y
  })
  expect_error(fn(scalar(1)), "assigned to the symbol before the `if` statement")
})
