test_that("every export is pyreticulate's object of the same name", {
  exports <- getNamespaceExports("reticulate")
  same <- vapply(exports, function(name)
    identical(getExportedValue("reticulate", name), getExportedValue("pyreticulate", name)),
    TRUE)
  expect_equal(names(same)[!same], character())
})

test_that("the internals reticulate users call are pyreticulate's", {
  for (name in c("py_has_convert", "py_get_formals", "py_is_module_proxy", "yoink"))
    expect_identical(get(name, asNamespace("reticulate")), get(name, asNamespace("pyreticulate")))
})

test_that("the exports are the real reticulate's names", {
  expect_true(all(c("import", "py_eval", "r_to_py", "py_to_r", "py_run_string", "%as%",
                    "py_require", "virtualenv_create") %in% getNamespaceExports("reticulate")))
})

test_that("reticulate::import() reaches the hosting Python", {
  sys <- reticulate::import("sys")
  expect_equal(sys$version_info$major, 3L)
})

test_that("py_run_string() and py share one __main__", {
  reticulate::py_run_string("stand_in_value = 40 + 2")
  expect_equal(reticulate::py$stand_in_value, 42L)
})

test_that("a Python error is an R condition classed by the exception's MRO", {
  err <- tryCatch(reticulate::py_eval("1 / 0"), error = identity)
  expect_s3_class(err, "python.builtin.ZeroDivisionError")
  expect_s3_class(err, "python.builtin.Exception")
})
