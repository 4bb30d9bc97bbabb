test_that("a string element read as arrays is Python bytes, decoded with $decode()", {
  words <- list(tensors_dataset("foo") %>% dataset_repeat(), tensors_dataset("bar") %>% dataset_repeat())
  chosen <- choose_from_datasets(words, range_dataset(0, 2))
  decoded <- chosen %>% as_array_iterator() %>% iterate(function(s) s$decode())
  expect_identical(decoded, c("foo", "bar"))
})

test_that("output_shapes() gives shapes whose as_list() is an integer vector", {
  expect_identical(output_shapes(tensors_dataset(tf$constant(1:100)))$as_list(), 100L)
})

test_that("a partly named list is a dict keyed by its names, as reticulate converts it", {
  dataset <- tensor_slices_dataset(list(a = 1:3, 4:6))
  expect_setequal(names(output_types(dataset)), c("a", ""))
})

test_that("of components with the same name the last one stays, with a warning", {
  expect_warning(dataset <- tensor_slices_dataset(list(1:3, a = 4:6, 7:9)),
                 "become one dict entry, the last of them: \"\"")
  element <- next_batch(dataset)
  expect_equal(as.numeric(element[names(element) == ""][[1]]), 7)
})

test_that("tensors from dataset_enumerate() compare equal as reticulate's proxies do", {
  it <- as_iterator(dataset_enumerate(tensor_slices_dataset(100:101)))
  expect_equal(iter_next(it), list(as_tensor(0, "int64"), as_tensor(100, "int64")))
})

test_that("column_names() gives the columns of a dataset of dicts", {
  expect_equal(column_names(tensor_slices_dataset(hearts[1:2])), c("age", "sex"))
  expect_error(column_names(range_dataset(0, 2)), "no named columns")
})

test_that("dataset_prepare() selects columns with tidyselect's helpers", {
  batch <- tensor_slices_dataset(hearts) %>%
    dataset_prepare(x = starts_with("c"), y = target, named_features = TRUE) %>%
    next_batch()
  expect_equal(names(batch$x), c("cp", "chol", "ca"))
})

test_that("hearts is the heart disease data", {
  expect_equal(dim(hearts), c(303L, 14L))
  expect_type(hearts$thal, "character")
})

test_that("tfr_random_uniform() draws from tf$random$uniform()", {
  draws <- range_dataset(0, 5) %>%
    dataset_map(function(x) x + tfr_random_uniform(shape(), 0L, 1L, tf$int64)) %>%
    dataset_collect()
  expect_equal(vapply(draws, as.numeric, 1), 0:4)
})

test_that("every export of R's tfdatasets is here", {
  expect_true(all(c("feature_spec", "step_numeric_column", "scaler_standard", "has_type",
                    "dataset_use_spec", "layer_input_from_dataset", "dense_features",
                    "install_tensorflow", "one_of") %in% getNamespaceExports("tfdatasets")))
  expect_length(getNamespaceExports("tfdatasets"), 106)
})
