test_that("set_random_seed() makes TensorFlow, R and NumPy draw the same numbers again", {
  np <- import("numpy")
  set_random_seed(7, disable_gpu = FALSE)
  first <- list(as.numeric(tf$random$uniform(shape(3))), runif(2), np$random$rand(2L))
  set_random_seed(7, disable_gpu = FALSE)
  second <- list(as.numeric(tf$random$uniform(shape(3))), runif(2), np$random$rand(2L))
  expect_identical(first, second)
})

test_that("set_random_seed() refuses a seed that is not a whole number", {
  expect_error(set_random_seed(1.5), "single whole number")
  expect_error(set_random_seed(c(1, 2)), "single whole number")
})

test_that("use_session_with_seed() when executing eagerly names set_random_seed()", {
  expect_error(use_session_with_seed(42), "has no sessions; use set_random_seed\\(42\\)")
})
