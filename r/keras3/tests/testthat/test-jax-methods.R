library(keras3)

symbolic_dimension <- function(name) {
  export <- import("jax.export", convert = FALSE)
  reticulate::py_get_item(export$symbolic_shape(name), 0L)
}

test_that("a whole double beside a symbolic dimension goes as an integer", {
  skip_if_not(reticulate::py_module_available("jax"))
  n <- symbolic_dimension("n")
  expect_equal(reticulate::py_str(n - 1), "n - 1")
  expect_equal(reticulate::py_str(2 * n), "2*n")
})

test_that("a symbolic dimension stays symbolic after R arithmetic", {
  skip_if_not(reticulate::py_module_available("jax"))
  expect_s3_class(symbolic_dimension("n") + 3, "jax._src.export.shape_poly._DimExpr")
})

test_that("a fractional double beside a symbolic dimension is refused by JAX", {
  skip_if_not(reticulate::py_module_available("jax"))
  expect_error(symbolic_dimension("n") + 0.5)
})
