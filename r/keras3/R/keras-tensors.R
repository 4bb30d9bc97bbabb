# R's operators and math functions on KerasTensors (the symbolic tensors of
# keras_input() and of layers applied to them), through keras.ops, so that
# `kt == kt` is a symbolic tensor, not TRUE, and `abs(kt)` a layer of the
# functional model. The operators come through pyreticulate's operator
# handler (one Ops method serves every Python class); Math and Summary are
# S3 methods of the class.

.keras_tensor_class <- "keras.src.backend.common.keras_tensor.KerasTensor"

.keras_binary_ops <- c("+" = "add", "-" = "subtract", "*" = "multiply", "/" = "divide",
                       "^" = "power", "%%" = "mod", "%/%" = "floor_divide",
                       "==" = "equal", "!=" = "not_equal", "<" = "less",
                       "<=" = "less_equal", ">" = "greater", ">=" = "greater_equal",
                       "&" = "logical_and", "|" = "logical_or")

# An R operand beside a KerasTensor: a bare number takes the tensor's dtype
# family (R's doubles would make int tensors float); arrays go as arrays.
.keras_operand <- function(x, other) {
  if (is_py_object(x)) return(x)
  if (is.numeric(x) && length(x) == 1L && is.null(dim(x)) && is_py_object(other)) {
    dtype <- tryCatch(py_to_r(other$dtype), error = function(e) NULL)
    if (is.character(dtype) && grepl("int", dtype, fixed = TRUE) && x == trunc(x))
      return(py_call(keras$ops$convert_to_tensor, as.integer(x), dtype = dtype))
    return(x)
  }
  .keras_data(x)
}

.keras_tensor_operator <- function(op, e1, e2) {
  ops <- keras$ops
  if (missing(e2)) {
    return(switch(op,
      "-" = py_call(ops$negative, e1),
      "+" = e1,
      "!" = py_call(ops$logical_not, e1),
      stop(sprintf("unary %s is not defined for KerasTensors", op), call. = FALSE)))
  }
  fun <- .keras_binary_ops[[op]]
  if (is.null(fun)) stop(sprintf("%s is not defined for KerasTensors", op), call. = FALSE)
  py_call(py_get_attr(ops, fun), .keras_operand(e1, e2), .keras_operand(e2, e1))
}

.keras_math_ops <- c(abs = "absolute", sign = "sign", sqrt = "sqrt", floor = "floor",
                     ceiling = "ceil", round = "round", exp = "exp", expm1 = "expm1",
                     log1p = "log1p", log2 = "log2", log10 = "log10", cos = "cos",
                     sin = "sin", tan = "tan", acos = "arccos", asin = "arcsin",
                     atan = "arctan", cosh = "cosh", sinh = "sinh", tanh = "tanh",
                     acosh = "arccosh", asinh = "arcsinh", atanh = "arctanh",
                     cumsum = "cumsum", cumprod = "cumprod", trunc = "trunc")

#' Math and summaries of KerasTensors
#'
#' @description
#' R's math functions and summaries work on KerasTensors (the symbolic
#' tensors of [keras_input()] and of layers applied to them) and give
#' KerasTensors, through the `op_*()` functions: `abs(x)` is `op_abs(x)`,
#' `log(x, base)` is `op_log(x) / log(base)`, `sinpi(x)` is `op_sin(pi * x)`,
#' `sum(x)` is `op_sum(x)`, and so on. R's operators (`+`, `==`, `&`, `!`,
#' ...) on KerasTensors are `op_add()`, `op_equal()`, `op_logical_and()`,
#' `op_logical_not()`, ...: `x == y` is a symbolic tensor, not `TRUE`.
#'
#' @param x A KerasTensor.
#' @param ... Further KerasTensors or numbers (summaries), or arguments of the
#'   function (`digits` of `round()`, `base` of `log()`).
#' @param na.rm Ignored (tensors have no missing values).
#'
#' @returns A KerasTensor.
#' @md
#' @examples
#' \dontrun{
#' x <- keras_input(shape = 3)
#' y <- abs(x) + sqrt(x) * 2
#' keras_model(x, sum(y))
#' }
#' @name keras-tensor-math
Math.keras.src.backend.common.keras_tensor.KerasTensor <- function(x, ...) {
  ops <- keras$ops
  switch(.Generic,
    log = {
      base <- list(...)$base
      out <- py_call(ops$log, x)
      if (is.null(base)) out else .keras_tensor_operator("/", out, log(base))
    },
    sinpi = py_call(ops$sin, .keras_tensor_operator("*", x, pi)),
    cospi = py_call(ops$cos, .keras_tensor_operator("*", x, pi)),
    tanpi = py_call(ops$tan, .keras_tensor_operator("*", x, pi)),
    round = {
      digits <- list(...)$digits
      if (is.null(digits)) py_call(ops$round, x)
      else py_call(ops$round, x, decimals = .keras_integer(digits, "digits"))
    },
    {
      fun <- .keras_math_ops[.Generic]
      if (is.na(fun))
        stop(sprintf("%s() is not defined for KerasTensors", .Generic), call. = FALSE)
      py_call(py_get_attr(ops, fun), x)
    })
}

#' @rdname keras-tensor-math
Summary.keras.src.backend.common.keras_tensor.KerasTensor <- function(..., na.rm = FALSE) {
  ops <- keras$ops
  args <- list(...)
  one <- function(x) {
    switch(.Generic,
      sum = py_call(ops$sum, x), prod = py_call(ops$prod, x),
      max = py_call(ops$max, x), min = py_call(ops$min, x),
      all = py_call(ops$all, x), any = py_call(ops$any, x),
      range = py_call(ops$stack, list(py_call(ops$min, x), py_call(ops$max, x))),
      stop(sprintf("%s() is not defined for KerasTensors", .Generic), call. = FALSE))
  }
  values <- lapply(args, function(a) one(if (is_py_object(a)) a else .keras_data(a)))
  if (length(values) == 1L) return(values[[1L]])
  combine <- switch(.Generic, sum = "add", prod = "multiply", max = "maximum",
                    min = "minimum", all = "logical_and", any = "logical_or",
                    range = NULL)
  if (is.null(combine))
    return(one(py_call(ops$concatenate, lapply(args, function(a) py_call(ops$ravel, a)))))
  Reduce(function(a, b) py_call(py_get_attr(ops, combine), a, b), values)
}
