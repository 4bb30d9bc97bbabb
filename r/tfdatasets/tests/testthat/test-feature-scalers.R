test_that("scaler_standard() learns the mean and the sample standard deviation batch by batch", {
  values <- c(3, 1, 4, 1, 5, 9, 2, 6, 5)
  scaler <- scaler_standard()
  for (batch in split(values, rep(1:3, each = 3))) scaler$fit_batch(batch)
  scaler$fit_resume()
  expect_equal(scaler$mean, mean(values))
  expect_equal(scaler$sd, sd(values))
})

test_that("scaler_standard() needs two values", {
  scaler <- scaler_standard()
  scaler$fit_batch(1)
  expect_error(scaler$fit_resume(), "at least two values")
})

test_that("scaler_min_max() learns the smallest and largest value", {
  scaler <- scaler_min_max()
  scaler$fit_batch(c(4, 2))
  scaler$fit_batch(c(7, 3))
  scaler$fit_resume()
  expect_equal(c(scaler$min, scaler$max), c(2, 7))
})

test_that("a fitted spec normalizes with its scaler's constants", {
  spec <- feature_spec(letters_dataset(), y ~ b + c) %>%
    step_numeric_column(b, normalizer_fn = scaler_min_max()) %>%
    step_numeric_column(c, normalizer_fn = scaler_standard()) %>%
    fit()
  columns <- letters_columns()
  batch <- next_batch(dataset_use_spec(letters_dataset(4), spec))[[1]]
  expected <- cbind((columns$b - 1) / 3, (columns$c - mean(columns$c)) / sd(columns$c))
  expect_equal(dense_values(spec, batch), expected, tolerance = 1e-6)
})

test_that("one scaler given for several columns learns each column's constants", {
  spec <- feature_spec(letters_dataset(), y ~ b + c) %>%
    step_numeric_column(b, c, normalizer_fn = scaler_min_max()) %>%
    fit()
  batch <- next_batch(dataset_use_spec(letters_dataset(4), spec))[[1]]
  values <- dense_values(spec, batch)
  expect_equal(apply(values, 2, range), cbind(c(0, 1), c(0, 1)))
})

test_that("step_numeric_column() refuses a normalizer that is not a function", {
  spec <- feature_spec(letters_dataset(), y ~ b)
  expect_error(step_numeric_column(spec, b, normalizer_fn = 3), "must be NULL, a function or a scaler")
})
