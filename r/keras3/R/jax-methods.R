# R's operators on JAX's symbolic dimensions (jax.export's DimExpr, as in shapes
# exported with symbolic sizes): R writes whole numbers as doubles (`n - 1`),
# and DimExpr arithmetic takes only integers, so whole doubles go as integers,
# as keras3 converts them.

#' @exportS3Method Ops jax._src.export.shape_poly._DimExpr
Ops.jax._src.export.shape_poly._DimExpr <- function(e1, e2) {
  as_whole <- function(x) {
    if (is.double(x) && !anyNA(x) && all(x == trunc(x)) && all(abs(x) <= .Machine$integer.max))
      storage.mode(x) <- "integer"
    x
  }
  e1 <- as_whole(e1)
  if (!missing(e2)) e2 <- as_whole(e2)
  NextMethod()
}
