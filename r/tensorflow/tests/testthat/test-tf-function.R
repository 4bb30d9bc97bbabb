# tf_function() autographs the function it traces with tfautograph, as R's
# tensorflow does; what autograph does is tested in tfautograph's own tests.

value_of <- function(x) as.vector(as.array(x))

test_that("tf_function() gives the function tfautograph's mask", {
  traced <- NULL
  fn <- tf_function(function(x) {
    traced <<- sys.function()
    x
  })
  fn(tf$constant(1))
  expect_true(tfautograph:::.is_autographed(traced))
})

test_that("tf_function() turns a for loop over a dataset into graph code", {
  total_of <- tf_function(function(dataset) {
    total <- tf$constant(0, dtype = tf$float64)
    for (batch in dataset) total <- total + tf$reduce_sum(batch)
    total
  })
  expect_equal(value_of(total_of(tf$data$Dataset$from_tensor_slices(as_tensor(c(1, 2, 3, 4)))$batch(2L))), 10)
})

test_that("tf_function() supports break and next in a loop over tf$range()", {
  first_multiple <- tf_function(function(n, k) {
    found <- tf$constant(-1L)
    for (i in tf$range(1L, n)) {
      if (i %% k != 0L) next
      found <- i
      break
    }
    found
  })
  expect_equal(value_of(first_multiple(tf$constant(20L), tf$constant(7L))), 7L)
  expect_equal(value_of(first_multiple(tf$constant(5L), tf$constant(7L))), -1L)
})

test_that("tf_function(autograph = FALSE) leaves R's if, which cannot take a traced tensor", {
  fn <- tf_function(function(x) if (x > 0) x else -x, autograph = FALSE)
  expect_error(fn(tf$constant(1)))
})

test_that("tf_function() checks its arguments", {
  expect_error(tf_function(3), "needs an R function")
  expect_error(tf_function(function(x) x, autograph = "yes"), "must be TRUE or FALSE")
})
