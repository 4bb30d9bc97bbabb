test_that("step_numeric_column() makes a numeric column per feature, named after it", {
  spec <- feature_spec(letters_dataset(), y ~ b + c) %>% step_numeric_column(b, c) %>% fit()
  expect_named(spec$features(), c("b", "c"))
  expect_s3_class(spec$features()$b,
                  "tensorflow.python.feature_column.feature_column_v2.NumericColumn")
  expect_equal(spec$features()$c$shape, list(1L))
})

test_that("step_numeric_column() makes float32 features of integer columns", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>% step_numeric_column(b)
  expect_equal(spec$feature_types(), "float32")
})

test_that("step_categorical_column_with_vocabulary_list() learns the sorted distinct values", {
  spec <- feature_spec(letters_dataset(1), y ~ a) %>%
    step_categorical_column_with_vocabulary_list(a) %>%
    fit()
  expect_equal(spec$steps$a$vocabulary_list, c("x", "y", "z"))
  expect_equal(unlist(spec$features()$a$vocabulary_list), c("x", "y", "z"))
})

test_that("step_categorical_column_with_vocabulary_list() keeps a given vocabulary", {
  spec <- feature_spec(letters_dataset(), y ~ a) %>%
    step_categorical_column_with_vocabulary_list(a, vocabulary_list = "x") %>%
    fit()
  expect_equal(unlist(spec$features()$a$vocabulary_list), "x")
  expect_length(spec$dense_features(), 0)
})

test_that("step_categorical_column_with_vocabulary_list() learns integer vocabularies", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>%
    step_categorical_column_with_vocabulary_list(b) %>%
    fit()
  expect_equal(spec$steps$b$vocabulary_list, 1:4)
})

test_that("step_categorical_column_with_hash_bucket() hashes into the buckets asked for", {
  spec <- feature_spec(letters_dataset(), y ~ a) %>%
    step_categorical_column_with_hash_bucket(a, hash_bucket_size = 7) %>%
    fit()
  expect_equal(spec$features()$a$hash_bucket_size, 7L)
})

test_that("step_categorical_column_with_identity() takes integer categories", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>%
    step_categorical_column_with_identity(b, num_buckets = 5) %>%
    fit()
  expect_equal(spec$features()$b$num_buckets, 5L)
})

test_that("step_categorical_column_with_vocabulary_file() reads the vocabulary's size", {
  file <- tempfile()
  on.exit(unlink(file))
  writeLines(c("x", "y", "z"), file)
  spec <- feature_spec(letters_dataset(), y ~ a) %>%
    step_categorical_column_with_vocabulary_file(a, vocabulary_file = file) %>%
    fit()
  expect_equal(spec$features()$a$num_buckets, 3L)
})

test_that("step_categorical_column_with_vocabulary_file() needs an existing file", {
  spec <- feature_spec(letters_dataset(), y ~ a)
  expect_error(step_categorical_column_with_vocabulary_file(spec, a, vocabulary_file = "no/file"),
               "must be the path of an existing file")
})

test_that("derived steps are named after their kind and feature, or the argument's name", {
  spec <- feature_spec(letters_dataset(), y ~ a + d) %>%
    step_categorical_column_with_vocabulary_list(a, d) %>%
    step_indicator_column(a, one_hot_d = d) %>%
    step_embedding_column(a, dimension = 2) %>%
    fit()
  expect_named(spec$dense_features(), c("indicator_a", "one_hot_d", "embedding_a"))
})

test_that("a named argument must select one feature", {
  spec <- feature_spec(letters_dataset(), y ~ a + d) %>%
    step_categorical_column_with_vocabulary_list(a, d)
  expect_error(step_indicator_column(spec, both = all_nominal()), "must pick one feature, not 2")
})

test_that("step_embedding_column() sizes the embedding from the vocabulary by default", {
  spec <- feature_spec(hearts, target ~ thal) %>%
    step_categorical_column_with_vocabulary_list(thal) %>%
    step_embedding_column(thal) %>%
    fit()
  # five categories: as.integer(5^0.25) is 1
  expect_equal(spec$features()$embedding_thal$dimension, 1L)
})

test_that("step_indicator_column() needs a categorical column made by an earlier step", {
  spec <- feature_spec(letters_dataset(), y ~ a) %>% step_indicator_column(a) %>% fit()
  expect_error(spec$features(), "no categorical column named `a`")
})

test_that("step_bucketized_column() cuts a numeric column at its boundaries", {
  spec <- feature_spec(letters_dataset(), y ~ c) %>%
    step_numeric_column(c) %>%
    step_bucketized_column(c, boundaries = c(1, 3)) %>%
    fit()
  expect_equal(unlist(spec$features()$bucketized_c$boundaries), c(1, 3))
  batch <- next_batch(dataset_use_spec(letters_dataset(4), spec))[[1]]
  # DenseFeatures orders its columns by their names: c, then c_bucketized
  buckets <- dense_values(spec, batch)[, 2:4]
  expect_equal(buckets, rbind(c(1, 0, 0), c(0, 1, 0), c(0, 1, 0), c(0, 0, 1)))
})

test_that("step_bucketized_column() needs increasing boundaries", {
  spec <- feature_spec(letters_dataset(), y ~ c) %>% step_numeric_column(c)
  expect_error(step_bucketized_column(spec, c, boundaries = c(3, 1)), "must be increasing")
})

test_that("step_crossed_column() crosses the features of each argument", {
  spec <- feature_spec(letters_dataset(), y ~ a + d) %>%
    step_categorical_column_with_vocabulary_list(a, d) %>%
    step_crossed_column(c(a, d), hash_bucket_size = 10) %>%
    step_indicator_column(crossed_a_d) %>%
    fit()
  expect_s3_class(spec$features()$crossed_a_d,
                  "tensorflow.python.feature_column.feature_column_v2.CrossedColumn")
  expect_named(spec$dense_features(), "indicator_crossed_a_d")
  expect_equal(spec$feature_types()[spec$feature_names() == "crossed_a_d"], "string")
})

test_that("step_shared_embeddings_column() groups the features of each argument", {
  spec <- feature_spec(letters_dataset(), y ~ a + d) %>%
    step_categorical_column_with_vocabulary_list(a, d) %>%
    step_shared_embeddings_column(c(a, d), dimension = 2)
  expect_equal(spec$steps$shared_embeddings_a_d$categorical_columns, c("a", "d"))
})

test_that("shared embeddings are TensorFlow's graph-mode columns, an error when eager", {
  spec <- feature_spec(letters_dataset(), y ~ a + d) %>%
    step_categorical_column_with_vocabulary_list(a, d) %>%
    step_shared_embeddings_column(c(a, d), dimension = 2) %>%
    fit()
  expect_error(spec$features(), "only in graph mode .* use step_embedding_column\\(\\) for each")
})

test_that("step_remove_column() drops a column, keeping what was built from it", {
  spec <- feature_spec(letters_dataset(), y ~ b) %>%
    step_numeric_column(b) %>%
    step_bucketized_column(b, boundaries = 2) %>%
    step_remove_column(b) %>%
    fit()
  expect_named(spec$features(), "bucketized_b")
})

test_that("a selection that names no feature of the spec is an error naming the features", {
  spec <- feature_spec(letters_dataset(), y ~ a + b)
  expect_error(step_numeric_column(spec, zz), "must name features of the spec \\(a, b\\)")
})

test_that("steps need a feature spec", {
  expect_error(step_numeric_column(letters_dataset(), b), "needs a feature spec")
})
