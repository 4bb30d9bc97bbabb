test_that("has_type() selects the features of the given dtypes", {
  spec <- feature_spec(letters_dataset(), y ~ .) %>% step_numeric_column(has_type("int32"))
  expect_equal(names(spec$steps), "b")
})

test_that("all_numeric() selects integer and floating point features", {
  spec <- feature_spec(letters_dataset(), y ~ .) %>% step_numeric_column(all_numeric())
  expect_equal(names(spec$steps), c("b", "c"))
})

test_that("all_nominal() selects string features", {
  spec <- feature_spec(letters_dataset(), y ~ .) %>%
    step_categorical_column_with_vocabulary_list(all_nominal())
  expect_equal(names(spec$steps), c("a", "d"))
})

test_that("selectors see the types earlier steps gave", {
  # b is an int32 column, and float32 once a numeric column
  spec <- feature_spec(letters_dataset(), y ~ .) %>%
    step_numeric_column(b) %>%
    step_bucketized_column(has_type("float32"), boundaries = 1)
  expect_equal(names(spec$steps), c("b", "bucketized_b", "bucketized_c"))
})

test_that("a selector combines with exclusions and tidyselect helpers", {
  spec <- feature_spec(letters_dataset(), y ~ .) %>%
    step_numeric_column(all_numeric(), -c) %>%
    step_categorical_column_with_hash_bucket(starts_with("d"), hash_bucket_size = 3)
  expect_equal(names(spec$steps), c("b", "d"))
})

test_that("selectors outside a step are an error", {
  expect_error(all_numeric(), "only inside a step_\\*\\(\\)")
  expect_error(has_type("string"), "only inside a step_\\*\\(\\)")
})

test_that("the tidyselect helpers are tidyselect's", {
  expect_identical(starts_with, tidyselect::starts_with)
  expect_identical(everything, tidyselect::everything)
})

test_that("a step named otherwise has the type of the column it reads", {
  spec <- feature_spec(letters_dataset(), y ~ .) %>%
    step_categorical_column_with_vocabulary_list(letter = a)
  expect_equal(spec$feature_types()[spec$feature_names() == "letter"], "string")
})
