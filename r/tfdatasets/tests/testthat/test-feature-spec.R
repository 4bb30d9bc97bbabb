test_that("feature_spec() takes its features and response from a formula", {
  spec <- feature_spec(letters_dataset(), y ~ a + b)
  expect_s3_class(spec, "FeatureSpec")
  expect_equal(spec$feature_names(), c("a", "b"))
  expect_equal(spec$feature_types(), c("string", "int32"))
})

test_that("feature_spec() takes tidyselect selections as x and y", {
  spec <- feature_spec(letters_dataset(), x = c(starts_with("b"), d), y = y)
  expect_equal(spec$feature_names(), c("b", "d"))
})

test_that("feature_spec() of a formula with a dot takes every other column", {
  expect_equal(feature_spec(letters_dataset(), y ~ .)$feature_names(), c("a", "b", "c", "d"))
})

test_that("feature_spec() of a data frame reads the whole frame as one batch", {
  spec <- feature_spec(hearts, target ~ age + thal) %>%
    step_categorical_column_with_vocabulary_list(thal) %>%
    fit()
  expect_equal(spec$steps$thal$vocabulary_list, sort(unique(hearts$thal)))
})

test_that("feature_spec() refuses what is neither a dataset nor a data frame", {
  expect_error(feature_spec(1:3, y ~ a), "needs a TensorFlow dataset or a data frame")
})

test_that("steps return a new spec and leave the one they were given as it was", {
  spec <- feature_spec(letters_dataset(), y ~ a + b)
  numeric <- step_numeric_column(spec, b)
  expect_length(spec$steps, 0)
  expect_length(numeric$steps, 1)
})

test_that("fit() returns a fitted copy and leaves the spec unfitted", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>% step_numeric_column(b)
  fitted <- fit(spec)
  expect_true(fitted$fitted)
  expect_false(spec$fitted)
  expect_error(spec$features(), "must be fitted")
})

test_that("a spec fitted in place cannot be fitted again", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>% step_numeric_column(b)
  spec$fit()
  expect_error(spec$fit(), "already fitted")
})

test_that("fit() with a dataset learns from that dataset", {
  spec <- feature_spec(letters_dataset(), y ~ a) %>%
    step_categorical_column_with_vocabulary_list(a)
  other <- dataset_batch(tensor_slices_dataset(list(a = c("k", "j"), y = c(1, 2))), 2)
  expect_equal(fit(spec, other)$steps$a$vocabulary_list, c("j", "k"))
})

test_that("dataset_use_spec() gives (x, y) elements with the features by name", {
  spec <- feature_spec(letters_dataset(), y ~ a + b) %>% step_numeric_column(b) %>% fit()
  element <- next_batch(dataset_use_spec(letters_dataset(), spec))
  expect_length(element, 2)
  expect_equal(names(element[[1]]), c("a", "b"))
  expect_equal(as.numeric(element[[2]]), c(1, 0))
})

test_that("dataset_use_spec() gives the features alone for a spec without a response", {
  spec <- feature_spec(letters_dataset(), x = c(b, c)) %>% step_numeric_column(b, c) %>% fit()
  element <- next_batch(dataset_use_spec(letters_dataset(), spec))
  expect_equal(names(element), c("b", "c"))
})

test_that("dataset_use_spec() needs a fitted spec", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>% step_numeric_column(b)
  expect_error(dataset_use_spec(letters_dataset(), spec), "needs a fitted feature spec")
})

test_that("dense_features() applied by DenseFeatures gives numeric and one-hot columns", {
  spec <- feature_spec(letters_dataset(), y ~ a + b) %>%
    step_numeric_column(b) %>%
    step_categorical_column_with_vocabulary_list(a) %>%
    step_indicator_column(a) %>%
    fit()
  batch <- next_batch(dataset_use_spec(letters_dataset(), spec))[[1]]
  # DenseFeatures orders its columns by their names: a_indicator (x, y, z), then b
  expect_equal(dense_values(spec, batch), rbind(c(1, 0, 0, 1), c(0, 1, 0, 2)))
})

test_that("layer_input_from_dataset() makes one Keras input per feature", {
  spec <- feature_spec(letters_dataset(), y ~ a + b) %>% step_numeric_column(b) %>% fit()
  inputs <- layer_input_from_dataset(dataset_use_spec(letters_dataset(), spec))
  expect_equal(sort(names(inputs)), c("a", "b"))
  expect_equal(py_to_r(inputs$b$dtype), "int32")
  expect_equal(py_to_r(inputs$a$dtype), "string")
})

test_that("layer_input_from_dataset() of a data frame drops no column", {
  inputs <- layer_input_from_dataset(hearts[c("age", "thal")])
  expect_equal(sort(names(inputs)), c("age", "thal"))
})

test_that("printing a spec lists its steps by kind", {
  spec <- feature_spec(letters_dataset(), y ~ a + b) %>%
    step_numeric_column(b) %>%
    step_categorical_column_with_vocabulary_list(a)
  expect_output(print(spec), "StepNumericColumn: b")
  expect_output(print(spec), "not fitted")
})
