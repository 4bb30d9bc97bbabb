test_that("tf_config() gives TensorFlow's version and where it and Python are", {
  config <- tf_config()
  expect_s3_class(config, "tensorflow_config")
  expect_true(config$available)
  expect_identical(config$version, tf_version())
  expect_identical(config$version_str, tf$version$VERSION)
  expect_true(dir.exists(config$location))
  expect_identical(config$python, py_config()$python)
})

test_that("a tensorflow_config prints TensorFlow's and Python's versions", {
  printed <- capture.output(print(tf_config()))
  expect_match(printed[[1L]], paste0("^TensorFlow v", tf$version$VERSION, " \\("))
  expect_match(printed[[2L]], "^Python v[0-9.]+ \\(")
})

test_that("py_require_tensorflow() declares the TensorFlow the hosting Python has", {
  expect_error(py_require_tensorflow(use_gpu = FALSE), NA)
})

test_that("tf_probability() gives the module or an error with the pip command", {
  if (py_module_available("tensorflow_probability")) {
    tfp <- tf_probability()
    expect_s3_class(tfp, "python.builtin.module")
    expect_equal(as.numeric(tfp$distributions$Normal(loc = 0, scale = 1)$mean()), 0)
  } else {
    expect_error(tf_probability(), "-m pip install tensorflow-probability tf-keras")
  }
})

test_that("train() and train_and_evaluate() are deprecated and say that fit() replaces them", {
  expect_warning(expect_error(train(list()), "tf\\$estimator was removed.*fit\\(\\)"),
                 "deprecated since tensorflow 2.9: use fit\\(\\)")
  expect_warning(expect_error(train_and_evaluate(list()), "fit\\(\\) and\\s+evaluate\\(\\)"),
                 "deprecated")
})
