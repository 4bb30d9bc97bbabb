# keras3:::py_func2(): an R function as a named Python function, as keras3's
# guide on saving custom objects uses it.

test_that("py_func2() makes a Python function of that name and the R formals", {
  square <- py_func2(function(x, power = 2) x^power, convert = TRUE, name = "square")
  expect_equal(py_to_r(py_get_attr(square, "__name__")), "square")
  expect_equal(names(formals(square)), c("x", "power"))
  expect_equal(square(3), 9)
})

test_that("py_func2(convert = FALSE) gives the R function Python objects", {
  kind <- py_func2(function(x) class(x)[[1]], convert = FALSE, name = "kind")
  expect_equal(kind(np_array(c(1, 2))), "numpy.ndarray")
})

test_that("a registered py_func2() activation survives save_model() and load_model()", {
  custom_fn <- py_func2(function(x) x^2, name = "custom_fn", convert = TRUE)
  custom_fn <- register_keras_serializable(custom_fn, name = "custom_fn",
                                           package = "py_func2_test")
  inputs <- keras_input(shape = 2)
  model <- keras_model(inputs, layer_dense(inputs, 1, activation = custom_fn))
  file <- tempfile(fileext = ".keras")
  on.exit(unlink(file))
  save_model(model, file)
  x <- matrix(c(1, 2, 3, 4), 2)
  expect_equal(predict(load_model(file), x, verbose = 0), predict(model, x, verbose = 0))
})

test_that("py_func2() needs an R function", {
  expect_error(py_func2("f", convert = TRUE), "`fn` must be an R function")
})
