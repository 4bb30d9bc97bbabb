# TensorFlow tensors as R values: the class filter that marks tensors with
# "tensorflow.tensor", operators, Math and Summary methods, shape queries and
# conversions to R vectors. Axes are 1-based; a bare R number meeting a tensor
# is cast to the tensor's dtype.

.tensor_classes <- c("tensorflow.python.types.core.Tensor",
                     "tensorflow.python.framework.tensor.Tensor",
                     "tensorflow.python.ops.variables.Variable",
                     "tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor",
                     "tensorflow.python.framework.sparse_tensor.SparseTensor")

.shape_class <- "tensorflow.python.framework.tensor_shape.TensorShape"

.tensor_class_filter <- function(classes) {
  if (any(classes %in% .tensor_classes) && !("tensorflow.tensor" %in% classes))
    c("tensorflow.tensor", classes) else classes
}

.is_tensor <- function(x) inherits(x, "tensorflow.tensor")

# A value as a tensor of `like`'s dtype (tensors are returned unchanged).
.as_operand <- function(value, like) {
  if (.is_tensor(value)) value else as_tensor(value, dtype = py_get_attr(like, "dtype"))
}

# ---- operators ------------------------------------------------------------------

.tensor_unary <- function(op, x) {
  tf <- .tf()
  switch(op,
         "-" = tf$math$negative(x),
         "+" = x,
         "!" = tf$math$logical_not(tf$cast(x, "bool")),
         stop("unary ", op, " is not defined for tensors", call. = FALSE))
}

.tensor_binary <- function(op, a, b) {
  tf <- .tf()
  if (op == "^" && !is_py_object(b) && is.numeric(b) && length(b) == 1L) {
    if (isTRUE(b == 2)) return(tf$math$square(a))
    if (isTRUE(b == 0.5)) return(tf$math$sqrt(a))
  }
  if (op %in% c("&", "|")) {
    a <- tf$cast(a, "bool")
    b <- tf$cast(b, "bool")
    return(if (op == "&") tf$math$logical_and(a, b) else tf$math$logical_or(a, b))
  }
  like <- if (.is_tensor(a)) a else b
  a <- .as_operand(a, like)
  b <- .as_operand(b, like)
  math <- tf$math
  fn <- switch(op,
               "+" = math$add, "-" = math$subtract, "*" = math$multiply,
               "/" = math$truediv, "^" = math$pow, "%%" = math$floormod,
               "%/%" = math$floordiv, "==" = math$equal, "!=" = math$not_equal,
               "<" = math$less, "<=" = math$less_equal, ">" = math$greater,
               ">=" = math$greater_equal, "%*%" = tf$linalg$matmul,
               stop("operator ", op, " is not defined for tensors", call. = FALSE))
  fn(a, b)
}

# ---- Math --------------------------------------------------------------------------

abs.tensorflow.tensor <- function(x) .tf()$math$abs(x)
sign.tensorflow.tensor <- function(x) .tf()$math$sign(x)
sqrt.tensorflow.tensor <- function(x) .tf()$math$sqrt(x)
floor.tensorflow.tensor <- function(x) .tf()$math$floor(x)
ceiling.tensorflow.tensor <- function(x) .tf()$math$ceil(x)
exp.tensorflow.tensor <- function(x) .tf()$math$exp(x)
expm1.tensorflow.tensor <- function(x) .tf()$math$expm1(x)
log1p.tensorflow.tensor <- function(x) .tf()$math$log1p(x)
sin.tensorflow.tensor <- function(x) .tf()$math$sin(x)
cos.tensorflow.tensor <- function(x) .tf()$math$cos(x)
tan.tensorflow.tensor <- function(x) .tf()$math$tan(x)
asin.tensorflow.tensor <- function(x) .tf()$math$asin(x)
acos.tensorflow.tensor <- function(x) .tf()$math$acos(x)
atan.tensorflow.tensor <- function(x) .tf()$math$atan(x)
sinh.tensorflow.tensor <- function(x) .tf()$math$sinh(x)
cosh.tensorflow.tensor <- function(x) .tf()$math$cosh(x)
tanh.tensorflow.tensor <- function(x) .tf()$math$tanh(x)
lgamma.tensorflow.tensor <- function(x) .tf()$math$lgamma(x)
digamma.tensorflow.tensor <- function(x) .tf()$math$digamma(x)
sinpi.tensorflow.tensor <- function(x) sin(x * pi)
cospi.tensorflow.tensor <- function(x) cos(x * pi)
tanpi.tensorflow.tensor <- function(x) tan(x * pi)

log.tensorflow.tensor <- function(x, base = exp(1)) {
  natural <- .tf()$math$log(x)
  if (missing(base) || identical(base, exp(1))) natural else natural / log(base)
}
log2.tensorflow.tensor <- function(x) log.tensorflow.tensor(x, base = 2)
log10.tensorflow.tensor <- function(x) log.tensorflow.tensor(x, base = 10)

round.tensorflow.tensor <- function(x, digits = 0, ...) {
  if (digits == 0) return(.tf()$math$round(x))
  scale <- 10^digits
  .tf()$math$round(x * scale) / scale
}

trunc.tensorflow.tensor <- function(x, ...) sign(x) * floor(abs(x))

is.finite.tensorflow.tensor <- function(x) .tf()$math$is_finite(x)
is.infinite.tensorflow.tensor <- function(x) .tf()$math$is_inf(x)
is.nan.tensorflow.tensor <- function(x) .tf()$math$is_nan(x)

Re.tensorflow.tensor <- function(z) .tf()$math$real(z)
Im.tensorflow.tensor <- function(z) .tf()$math$imag(z)
Conj.tensorflow.tensor <- function(z) .tf()$math$conj(z)
Arg.tensorflow.tensor <- function(z) .tf()$math$angle(z)
Mod.tensorflow.tensor <- function(z) .tf()$math$abs(z)

# ---- reductions (1-based axis) -------------------------------------------------------

# A 1-based R axis as TensorFlow's 0-based one; negative axes count from the end.
.as_axis <- function(axis) {
  if (is.null(axis)) return(NULL)
  if (is_py_object(axis)) return(axis)
  if (!is.numeric(axis) || anyNA(axis) || any(axis != trunc(axis)))
    stop("`axis` must be whole numbers (1-based), or NULL for all axes", call. = FALSE)
  axis <- as.integer(axis)
  if (any(axis == 0L))
    stop("`axis` is 1-based: 0 is not an axis (the first axis is 1, the last -1)",
         call. = FALSE)
  axis <- ifelse(axis > 0L, axis - 1L, axis)
  if (length(axis) == 1L) axis else as.list(axis)
}

.reduce <- function(reducer, x, dots, axis, keepdims, na.rm, cast = NULL) {
  if (!isFALSE(na.rm))
    warning("tensors have no NA: `na.rm` is ignored", call. = FALSE)
  tf <- .tf()
  if (length(dots)) {
    if (!is.null(axis) || !isFALSE(keepdims))
      stop("`axis` and `keepdims` apply to one tensor only", call. = FALSE)
    parts <- lapply(c(list(x), dots), function(part) {
      part <- .as_operand(part, x)
      if (!is.null(cast)) part <- tf$cast(part, cast)
      reducer(part)
    })
    return(reducer(tf$stack(parts)))
  }
  if (!is.null(cast)) x <- tf$cast(x, cast)
  reducer(x, axis = .as_axis(axis), keepdims = keepdims)
}

sum.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_sum, x, list(...), axis, keepdims, na.rm)

prod.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_prod, x, list(...), axis, keepdims, na.rm)

min.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_min, x, list(...), axis, keepdims, na.rm)

max.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_max, x, list(...), axis, keepdims, na.rm)

all.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_all, x, list(...), axis, keepdims, na.rm, cast = "bool")

any.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_any, x, list(...), axis, keepdims, na.rm, cast = "bool")

range.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE) {
  lower <- min(x, ..., axis = axis, keepdims = keepdims, na.rm = na.rm)
  upper <- max(x, ..., axis = axis, keepdims = keepdims, na.rm = na.rm)
  .tf()$stack(list(lower, upper))
}

mean.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE) {
  extra <- list(...)
  extra$na.rm <- NULL
  if (!is.null(extra$trim) && !identical(extra$trim, 0))
    stop("`trim` is not supported for tensors", call. = FALSE)
  extra$trim <- NULL
  if (length(extra))
    stop("unused arguments to mean() for a tensor: ", paste(names(extra), collapse = ", "),
         call. = FALSE)
  .tf()$math$reduce_mean(x, axis = .as_axis(axis), keepdims = keepdims)
}

# ---- shape, printing ------------------------------------------------------------------

dim.tensorflow.tensor <- function(x) {
  shape <- py_get_attr(x, "shape")
  if (is.null(py_to_r(py_get_attr(shape, "rank")))) return(NULL)
  as.integer.tensorflow.python.framework.tensor_shape.TensorShape(shape)
}

length.tensorflow.tensor <- function(x) {
  n <- py_to_r(py_call(py_get_attr(py_get_attr(x, "shape"), "num_elements")))
  if (is.null(n)) NA_integer_ else as.integer(n)
}

.tensor_text <- function(x) {
  gsub("shape=\\((None|[[:digit:]]+),\\)", "shape=(\\1)", py_str(x))
}

print.tensorflow.tensor <- function(x, ...) {
  if (py_is_null_xptr(x)) cat("<pointer: 0x0>\n") else writeLines(.tensor_text(x))
  invisible(x)
}

str.tensorflow.tensor <- function(object, ...) {
  lines <- strsplit(py_repr(object), "\n", fixed = TRUE)[[1L]]
  first <- sub("shape=\\((None|[[:digit:]]+),\\)", "shape=(\\1)", lines[[1L]])
  cat(if (length(lines) > 1L) paste0(first, "...>") else first, "\n", sep = "")
  invisible()
}

# ---- reshaping and combining ------------------------------------------------------------

t.tensorflow.tensor <- function(x) {
  tf <- .tf()
  switch(as.character(length(dim(x))),
         "0" = tf$reshape(x, list(1L, 1L)),
         "1" = tf$expand_dims(x, 0L),
         "2" = tf$transpose(x),
         stop("t() needs a tensor of rank 2 or less; use aperm() for higher ranks",
              call. = FALSE))
}

aperm.tensorflow.tensor <- function(a, perm = NULL, ...) {
  if (!is.null(perm)) perm <- as.list(as.integer(perm) - 1L)
  .tf()$transpose(a, perm = perm)
}

sort.tensorflow.tensor <- function(x, decreasing = FALSE, ..., axis = -1L) {
  .tf()$sort(x, axis = .as_axis(axis),
             direction = if (decreasing) "DESCENDING" else "ASCENDING")
}

rep.tensorflow.tensor <- function(x, times = 1L, ...) {
  if (length(list(...)))
    stop("rep() on a tensor takes only `times`; use tf$tile() for more", call. = FALSE)
  if (length(times) != 1L)
    stop("rep() on a tensor needs a single `times`", call. = FALSE)
  tf <- .tf()
  rank <- length(dim(x))
  times <- as.integer(times)
  if (rank == 0L) return(tf$fill(list(times), x))
  if (rank != 1L)
    stop("rep() on a tensor needs a vector (rank 1); use tf$tile() for higher ranks",
         call. = FALSE)
  tf$tile(x, list(times))
}

.bind <- function(args, along) {
  tf <- .tf()
  like <- Find(.is_tensor, args)
  parts <- lapply(args, .as_operand, like = like)
  ranks <- vapply(parts, function(p) length(dim(p)), integer(1L))
  if (any(ranks > 2L))
    stop(if (along == 1L) "cbind" else "rbind", "() takes tensors of rank 2 or less",
         call. = FALSE)
  matrices <- parts[ranks == 2L]
  extent <- if (length(matrices)) dim(matrices[[1L]])[[if (along == 1L) 1L else 2L]] else
    max(vapply(parts, length, integer(1L)))
  parts <- lapply(seq_along(parts), function(i) {
    p <- parts[[i]]
    if (ranks[[i]] == 2L) return(p)
    if (ranks[[i]] == 0L) p <- tf$fill(list(extent), p)
    if (along == 1L) tf$reshape(p, list(-1L, 1L)) else tf$reshape(p, list(1L, -1L))
  })
  tf$concat(parts, axis = along)
}

cbind.tensorflow.tensor <- function(..., deparse.level = 1) .bind(list(...), 1L)
rbind.tensorflow.tensor <- function(..., deparse.level = 1) .bind(list(...), 0L)

# ---- conversion to R ------------------------------------------------------------------------

# The value of a tensor as an R array (eager tensors and variables).
.tensor_value <- function(x) {
  tf <- .tf()
  if (inherits(x, "tensorflow.python.framework.sparse_tensor.SparseTensor"))
    x <- tf$sparse$to_dense(x)
  if (inherits(x, "tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor"))
    return(py_to_r(py_call(py_get_attr(x, "to_list"))))
  if (!py_has_attr(x, "numpy") || !tf$executing_eagerly())
    stop("this tensor belongs to a graph and has no value until it is run: ",
         "use sess$run(x) (or call it inside eager code)", call. = FALSE)
  value <- py_call(py_get_attr(x, "numpy"))
  if (identical(py_to_r(py_get_attr(py_get_attr(x, "dtype"), "name")), "string")) {
    np <- import("numpy", convert = FALSE)
    value <- np$char$decode(np$asarray(value, dtype = "S"), "utf-8")
  }
  value <- py_to_r(value)
  if (is.null(dim(value))) array(value, dim = length(value)) else value
}

as.array.tensorflow.tensor <- function(x, ...) .tensor_value(x)
as.matrix.tensorflow.tensor <- function(x, ...) as.matrix(.tensor_value(x))
as.vector.tensorflow.tensor <- function(x, mode = "any") as.vector(.tensor_value(x), mode = mode)
as.double.tensorflow.tensor <- function(x, ...) as.double(.tensor_value(x))
as.integer.tensorflow.tensor <- function(x, ...) as.integer(.tensor_value(x))
as.logical.tensorflow.tensor <- function(x, ...) as.logical(.tensor_value(x))
as.character.tensorflow.tensor <- function(x, ...) as.character(.tensor_value(x))

# ---- the operator handlers (registered in package.R) -------------------------------------

# pyreticulate's shared Ops method calls these when an operand is a tensor
# (or, failing that, a shape), so mixed tensor/ndarray/proxy operands never
# meet two different Ops methods.
.tensor_operator <- function(op, e1, e2) {
  if (missing(e2)) .tensor_unary(op, e1) else .tensor_binary(op, e1, e2)
}

.shape_operator <- function(op, e1, e2) {
  if (missing(e2)) stop("unary ", op, " is not defined for shapes", call. = FALSE)
  .shape_binary(op, e1, e2)
}
