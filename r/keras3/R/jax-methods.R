# R's operators on JAX's symbolic dimensions (jax.export's DimExpr, as in shapes
# exported with symbolic sizes): R writes whole numbers as doubles (`n - 1`),
# and DimExpr arithmetic takes only integers, so whole doubles go as integers,
# as keras3 converts them.

#' Operators on JAX's symbolic dimensions
#'
#' @description
#' R's operators on a symbolic dimension of `jax.export` (a `DimExpr`, as in
#' `jax.export.symbolic_shape("n")`) pass whole doubles as integers, so
#' `n - 1` stays a symbolic dimension (`n - 1`) where Python would get a float.
#' Other values go to Python's operator as they are.
#'
#' @param e1,e2 The operands, one of them a symbolic dimension; `e2` is missing
#'   for a unary operator.
#'
#' @returns The result of Python's operator: a symbolic dimension for
#'   arithmetic with whole numbers.
#' @examples
#' \dontrun{
#' export <- reticulate::import("jax.export", convert = FALSE)
#' n <- reticulate::py_get_item(export$symbolic_shape("n"), 0L)
#' n - 1
#' 2 * n
#' }
#' @name Ops.jax._src.export.shape_poly._DimExpr
#' @md
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
