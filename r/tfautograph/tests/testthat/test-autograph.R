test_that("autograph() gives a function the mask as its enclosing environment", {
  f <- function(x) x
  g <- autograph(f)
  expect_identical(environmentName(environment(g)), "package:tfautograph:ag_mask")
  expect_identical(parent.env(environment(g)), environment(f))
  expect_identical(body(g), body(f))
})

test_that("autograph() of an autographed function returns it unchanged", {
  g <- autograph(function(x) x)
  expect_identical(autograph(g), g)
})

test_that("the mask binds R's control flow", {
  mask <- environment(autograph(function() NULL))
  expect_setequal(ls(mask, all.names = TRUE),
                  c("if", "while", "for", "repeat", "break", "next", "stopifnot", "&&", "||"))
})

test_that("an autographed function keeps R's semantics for R values", {
  f <- autograph(function(n) {
    total <- 0
    for (i in seq_len(n)) {
      if (i == 2) next
      if (i > 4) break
      total <- total + i
    }
    k <- 0
    while (TRUE) {
      k <- k + 1
      if (k >= 3) break
    }
    repeat {
      k <- k + 1
      if (k > 5) break
    }
    c(total, k)
  })
  expect_equal(f(10), c(1 + 3 + 4, 6))
})

test_that("return() inside R control flow returns from the autographed function", {
  f <- autograph(function(x) {
    if (x > 0) return("positive")
    for (i in 1:3) if (i == 2) return(paste("loop", i))
    "end"
  })
  expect_identical(f(1), "positive")
  expect_identical(f(-1), "loop 2")
})

test_that("an autographed expression assigns its variables in the caller's frame", {
  x <- list()
  value <- autograph({
    for (i in 1:3) x[[i]] <- i * 10
    total <- sum(unlist(x))
    total
  })
  expect_identical(x, list(10, 20, 30))
  expect_identical(i, 3L)
  expect_identical(value, 60)
})

test_that("an autographed expression's value keeps its visibility", {
  expect_invisible(autograph(y <- 1))
  expect_visible(autograph(1 + 1))
})

test_that("an if on an eager tensor takes the tensor's value", {
  f <- autograph(function(x) if (x > 0) "positive" else "not positive")
  expect_identical(f(scalar(2)), "positive")
  expect_identical(f(scalar(-2)), "not positive")
})

test_that("&& and || on R values short-circuit as R's do", {
  f <- autograph(function(a) c(FALSE && stop("evaluated"), TRUE || stop("evaluated"), a && TRUE))
  expect_identical(f(TRUE), c(FALSE, TRUE, TRUE))
})

test_that("&& and || on traced tensors are logical_and and logical_or", {
  inside <- tf_function(function(x) if (x > 0 && x < 10) scalar(1) else scalar(0))
  outside <- tf_function(function(x) if (x < 0 || x > 10) scalar(1) else scalar(0))
  expect_equal(vapply(c(5, 50, -5), function(v) value_of(inside(scalar(v))), 0), c(1, 0, 0))
  expect_equal(vapply(c(5, 50, -5), function(v) value_of(outside(scalar(v))), 0), c(0, 1, 1))
  expect_true("LogicalAnd" %in% op_types(inside, tf$TensorSpec(shape(), tf$float32)))
})

test_that("break outside any loop is R's error", {
  # (caught with tryCatch: rlang 1.0.6's backtraces, which expect_error() takes,
  # fail on a call of `break` on the stack)
  f <- autograph(function() break)
  expect_identical(tryCatch(f(), error = conditionMessage),
                   "no loop for break/next, jumping to top level")
})
