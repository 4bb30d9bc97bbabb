test_that("a while loop on a traced tensor is a tf$while_loop carrying what its body assigns", {
  fn <- tf_function(function(n) {
    steps <- tf$constant(0L)
    while (n > 0L) {
      n <- n - 1L
      steps <- steps + 1L
    }
    list(n, steps)
  })
  expect_true("StatelessWhile" %in% op_types(fn, tf$TensorSpec(shape(), tf$int32)))
  expect_equal(value_of(fn(tf$constant(5L))), list(0L, 5L))
})

test_that("break and next work in a for loop over tf$range() being traced", {
  fn <- tf_function(function(n) {
    odd_sum <- tf$constant(0L)
    for (i in tf$range(n)) {
      if (i >= 7L) break
      if (i %% 2L == 0L) next
      odd_sum <- odd_sum + i
    }
    odd_sum
  })
  expect_equal(value_of(fn(tf$constant(100L))), 1L + 3L + 5L)
  expect_equal(value_of(fn(tf$constant(4L))), 1L + 3L)
})

test_that("break in a while loop being traced stops the loop with the values at the break", {
  fn <- tf_function(function(n) {
    while (n > 0L) {
      if (n %% 4L == 0L) break
      n <- n - 1L
    }
    n
  })
  expect_equal(value_of(fn(tf$constant(7L))), 4L)
  expect_equal(value_of(fn(tf$constant(3L))), 0L)
})

test_that("a for loop over a tensor being traced iterates over its first dimension", {
  fn <- tf_function(function(x) {
    total <- scalar(0)
    for (row in x) total <- total + tf$reduce_sum(row)
    total
  }, input_signature = list(tf$TensorSpec(shape(NA, 2), tf$float32)))
  expect_equal(value_of(fn(tf$constant(matrix(1:6, 3), dtype = "float32"))), 21)
})

test_that("a variable outside a traced function named as its for loop's variable stays out", {
  e <- simpleError("a condition no loop can carry")
  i <- 5
  count <- tf_function(function(x) {
    n <- tf$constant(0)
    for (e in x) n <- n + 1
    for (i in x) n <- n + i
    n
  }, input_signature = list(tf$TensorSpec(shape(NA), tf$float32)))
  expect_equal(value_of(count(tf$constant(c(1, 2, 3)))), 3 + 6)
  expect_identical(i, 5)
})

test_that("a for loop over a dataset being traced is a reduction of the dataset", {
  fn <- tf_function(function(dataset) {
    total <- tf$constant(0L, dtype = tf$int64)
    for (batch in dataset) total <- total + tf$reduce_sum(batch)
    total
  })
  dataset <- tf$data$Dataset$range(10L)$batch(3L)
  expect_equal(value_of(fn(dataset)), 45)
})

test_that("break and next work in a for loop over a dataset being traced", {
  fn <- tf_function(function(dataset) {
    total <- tf$constant(0L, dtype = tf$int64)
    for (x in dataset) {
      if (x > 6L) break
      if (x %% 2L == 0L) next
      total <- total + x
    }
    total
  })
  expect_equal(value_of(fn(tf$data$Dataset$range(100L))), 1 + 3 + 5)
})

test_that("break ends a for loop over an infinite dataset being traced", {
  fn <- tf_function(function(dataset) {
    count <- tf$constant(0L)
    for (x in dataset) {
      count <- count + 1L
      if (count >= 5L) break
    }
    count
  })
  expect_equal(value_of(fn(tf$data$Dataset$range(3L)$`repeat`())), 5L)
})

test_that("loops over a dataset, an eager tensor and a Python iterable run in R when eager", {
  f <- autograph(function(values) {
    total <- 0
    for (x in values) total <- total + as.numeric(x)
    total
  })
  expect_equal(f(tf$data$Dataset$range(4L)), 6)
  expect_equal(f(tf$constant(c(1, 2, 3))), 6)
  expect_equal(f(import_builtins()$range(5L)), 10)
})

test_that("a variable first assigned in a graph loop's body is undefined after the loop", {
  fn <- tf_function(function(n) {
    while (n > 0L) {
      scratch <- n * 2L
      n <- n - 1L
    }
    scratch
  })
  expect_error(fn(tf$constant(3L)), "assigned to the symbol before the loop body")
})

test_that("a loop variable the body does not change gives a warning naming it", {
  fn <- function(n) tf_function(function(n) {
    kept <- tf$constant(1L)
    while (n > 0L) {
      kept <- kept
      n <- n - 1L
    }
    n
  })(n)
  expect_warning(fn(tf$constant(2L)), "`kept` appears to be unnecessarily captured as a loop variable")
})

test_that("a while loop on a tensor that carries nothing is an error that says so", {
  fn <- tf_function(function(n) {
    while (n > 0L) tf$print(n)
    n
  })
  expect_error(fn(tf$constant(2L)), "must carry a variable")
})

test_that("break in an if on a tensor inside a loop over R values is an error that says so", {
  fn <- tf_function(function(x) {
    for (k in 1:3) if (x > k) break
    x
  })
  expect_error(fn(scalar(2)), "cannot leave a loop that R runs")
})

test_that("return() in the body of a graph loop is an error that says so", {
  fn <- tf_function(function(n) {
    while (n > 0L) {
      n <- n - 1L
      return(n)
    }
    n
  })
  expect_error(fn(tf$constant(2L)), "return\\(\\) cannot be used in the body of a loop")
})

test_that("a for loop over a dataset's iterator being traced is an error that says so", {
  fn <- tf_function(function(iterator) {
    total <- tf$constant(0L, dtype = tf$int64)
    for (x in iterator) total <- total + x
    total
  })
  expect_error(fn(as_iterator(tf$data$Dataset$range(3L))), "loop over a tf.data dataset itself")
})
