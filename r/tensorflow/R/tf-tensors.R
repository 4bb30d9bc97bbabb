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

#' Tensors as R values
#'
#' @description
#' When the tensorflow package is loaded, every TensorFlow tensor (eager and
#' graph tensors, variables, ragged and sparse tensors) has `tensorflow.tensor`
#' first in its R class vector, so R's generics work on it:
#'
#' * the operators `+ - * / ^ %% %/% == != < <= > >= & | !` and unary `-`, and
#'   `%*%` from R 4.3 (on R 4.2 use `tf$matmul(a, b)`). An R number, vector or
#'   array meeting a tensor is converted to the tensor's dtype first
#'   (`tf$constant(2L) + 1.7` is the int32 `3`). `^ 2` is `tf$square()` and
#'   `^ 0.5` `tf$sqrt()`; `&`, `|` and `!` cast to `bool`; `%%` and `%/%`
#'   round down, as in R;
#' * Math functions ([tensor-math]);
#' * reductions with 1-based axes ([tensor-summary]);
#' * `dim()`, `length()`, `t()`, `aperm()`, `sort()`, `rep()`, `cbind()`,
#'   `rbind()`, `print()`, `str()` ([tensor-methods]);
#' * conversion to R vectors and arrays ([tensor-conversion]);
#' * indexing with `[` and `[<-`, 1-based ([tensor-indexing]).
#'
#' The operators are not `Ops` methods of this package: it registers an
#' operator handler with pyreticulate
#' (\code{\link[pyreticulate]{register_operator_handler}}), so tensors mixed
#' with NumPy arrays or other Python objects never make R warn about
#' incompatible methods. A script that imports TensorFlow through reticulate
#' without loading this package gets plain Python objects, as with the real
#' packages.
#'
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(c(1, 2, 3))
#' x * 2 + 1
#' x^2
#' x > 1.5
#' class(x)
#' }
#' @name tensorflow.tensor
#' @aliases tensor-operators
#' @md
NULL

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

#' Math functions of tensors
#'
#' @description
#' R's Math functions on a tensor call TensorFlow's element-wise operations:
#' `abs`, `sign`, `sqrt`, `floor`, `ceiling`, `round`, `trunc`, `exp`,
#' `expm1`, `log` (with `base`), `log2`, `log10`, `log1p`, `sin`, `cos`,
#' `tan`, `sinpi`, `cospi`, `tanpi`, `asin`, `acos`, `atan`, `sinh`, `cosh`,
#' `tanh`, `lgamma` and `digamma`; `is.finite`, `is.infinite` and `is.nan`
#' give boolean tensors; `Re`, `Im`, `Conj`, `Arg` and `Mod` work on complex
#' tensors. `round()` rounds halves to even, as R does.
#'
#' @param x,z A tensor.
#' @param base The base of the logarithm.
#' @param digits The number of decimal places to round to.
#' @param ... Ignored.
#'
#' @returns A tensor.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(c(-1.5, 0.25, 2))
#' abs(x)
#' round(x, digits = 1)
#' log(tf$constant(c(1, 8)), base = 2)
#' is.finite(x / 0)
#' }
#' @name tensor-math
#' @md
abs.tensorflow.tensor <- function(x) .tf()$math$abs(x)
#' @rdname tensor-math
#' @md
sign.tensorflow.tensor <- function(x) .tf()$math$sign(x)
#' @rdname tensor-math
#' @md
sqrt.tensorflow.tensor <- function(x) .tf()$math$sqrt(x)
#' @rdname tensor-math
#' @md
floor.tensorflow.tensor <- function(x) .tf()$math$floor(x)
#' @rdname tensor-math
#' @md
ceiling.tensorflow.tensor <- function(x) .tf()$math$ceil(x)
#' @rdname tensor-math
#' @md
exp.tensorflow.tensor <- function(x) .tf()$math$exp(x)
#' @rdname tensor-math
#' @md
expm1.tensorflow.tensor <- function(x) .tf()$math$expm1(x)
#' @rdname tensor-math
#' @md
log1p.tensorflow.tensor <- function(x) .tf()$math$log1p(x)
#' @rdname tensor-math
#' @md
sin.tensorflow.tensor <- function(x) .tf()$math$sin(x)
#' @rdname tensor-math
#' @md
cos.tensorflow.tensor <- function(x) .tf()$math$cos(x)
#' @rdname tensor-math
#' @md
tan.tensorflow.tensor <- function(x) .tf()$math$tan(x)
#' @rdname tensor-math
#' @md
asin.tensorflow.tensor <- function(x) .tf()$math$asin(x)
#' @rdname tensor-math
#' @md
acos.tensorflow.tensor <- function(x) .tf()$math$acos(x)
#' @rdname tensor-math
#' @md
atan.tensorflow.tensor <- function(x) .tf()$math$atan(x)
#' @rdname tensor-math
#' @md
sinh.tensorflow.tensor <- function(x) .tf()$math$sinh(x)
#' @rdname tensor-math
#' @md
cosh.tensorflow.tensor <- function(x) .tf()$math$cosh(x)
#' @rdname tensor-math
#' @md
tanh.tensorflow.tensor <- function(x) .tf()$math$tanh(x)
#' @rdname tensor-math
#' @md
lgamma.tensorflow.tensor <- function(x) .tf()$math$lgamma(x)
#' @rdname tensor-math
#' @md
digamma.tensorflow.tensor <- function(x) .tf()$math$digamma(x)
#' @rdname tensor-math
#' @md
sinpi.tensorflow.tensor <- function(x) sin(x * pi)
#' @rdname tensor-math
#' @md
cospi.tensorflow.tensor <- function(x) cos(x * pi)
#' @rdname tensor-math
#' @md
tanpi.tensorflow.tensor <- function(x) tan(x * pi)

#' @rdname tensor-math
#' @md
log.tensorflow.tensor <- function(x, base = exp(1)) {
  natural <- .tf()$math$log(x)
  if (missing(base) || identical(base, exp(1))) natural else natural / log(base)
}
#' @rdname tensor-math
#' @md
log2.tensorflow.tensor <- function(x) log.tensorflow.tensor(x, base = 2)
#' @rdname tensor-math
#' @md
log10.tensorflow.tensor <- function(x) log.tensorflow.tensor(x, base = 10)

#' @rdname tensor-math
#' @md
round.tensorflow.tensor <- function(x, digits = 0, ...) {
  if (digits == 0) return(.tf()$math$round(x))
  scale <- 10^digits
  .tf()$math$round(x * scale) / scale
}

#' @rdname tensor-math
#' @md
trunc.tensorflow.tensor <- function(x, ...) sign(x) * floor(abs(x))

#' @rdname tensor-math
#' @md
is.finite.tensorflow.tensor <- function(x) .tf()$math$is_finite(x)
#' @rdname tensor-math
#' @md
is.infinite.tensorflow.tensor <- function(x) .tf()$math$is_inf(x)
#' @rdname tensor-math
#' @md
is.nan.tensorflow.tensor <- function(x) .tf()$math$is_nan(x)

#' @rdname tensor-math
#' @md
Re.tensorflow.tensor <- function(z) .tf()$math$real(z)
#' @rdname tensor-math
#' @md
Im.tensorflow.tensor <- function(z) .tf()$math$imag(z)
#' @rdname tensor-math
#' @md
Conj.tensorflow.tensor <- function(z) .tf()$math$conj(z)
#' @rdname tensor-math
#' @md
Arg.tensorflow.tensor <- function(z) .tf()$math$angle(z)
#' @rdname tensor-math
#' @md
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

#' Reductions of tensors
#'
#' @description
#' `sum()`, `prod()`, `min()`, `max()`, `range()`, `mean()`, `all()` and
#' `any()` of a tensor reduce it with TensorFlow: over all its elements, or
#' with `axis` over some dimensions only, counted from 1 as in R (negative
#' numbers count from the end; 0 is an error). With `keepdims = TRUE`, reduced
#' dimensions stay with extent 1. Several tensors (or R values) in `...`
#' reduce all of them together. `all()` and `any()` cast to `bool` first;
#' `range()` stacks the minimum and the maximum. Tensors have no `NA`, so
#' `na.rm` is ignored, with a warning when it is `TRUE`. As in TensorFlow, the
#' mean of an integer tensor is an integer.
#'
#' @param x A tensor.
#' @param ... More tensors or values to reduce with `x` (only without `axis`
#'   and `keepdims`).
#' @param axis The dimensions to reduce, 1-based; `NULL` for all.
#' @param keepdims Whether reduced dimensions are kept, with extent 1.
#' @param na.rm Ignored.
#'
#' @returns A tensor.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(matrix(c(1, 2, 3, 4), 2))
#' sum(x)
#' sum(x, axis = 1)
#' mean(x, axis = -1, keepdims = TRUE)
#' range(x)
#' any(x > 3)
#' }
#' @name tensor-summary
#' @md
sum.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_sum, x, list(...), axis, keepdims, na.rm)

#' @rdname tensor-summary
#' @md
prod.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_prod, x, list(...), axis, keepdims, na.rm)

#' @rdname tensor-summary
#' @md
min.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_min, x, list(...), axis, keepdims, na.rm)

#' @rdname tensor-summary
#' @md
max.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_max, x, list(...), axis, keepdims, na.rm)

#' @rdname tensor-summary
#' @md
all.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_all, x, list(...), axis, keepdims, na.rm, cast = "bool")

#' @rdname tensor-summary
#' @md
any.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE)
  .reduce(.tf()$math$reduce_any, x, list(...), axis, keepdims, na.rm, cast = "bool")

#' @rdname tensor-summary
#' @md
range.tensorflow.tensor <- function(x, ..., axis = NULL, keepdims = FALSE, na.rm = FALSE) {
  lower <- min(x, ..., axis = axis, keepdims = keepdims, na.rm = na.rm)
  upper <- max(x, ..., axis = axis, keepdims = keepdims, na.rm = na.rm)
  .tf()$stack(list(lower, upper))
}

#' @rdname tensor-summary
#' @md
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

#' Shape, printing and combining of tensors
#'
#' @description
#' `dim()` of a tensor is its shape (`NA` for an unknown dimension, `NULL` for
#' an unknown rank) and `length()` its number of elements (`NA` if unknown).
#' `print()` shows the tensor, with its shape written as R would, `(3)` for
#' Python's `(3,)`; `str()` shows it on one line.
#'
#' `t()` transposes a matrix (a vector becomes a one-row matrix); `aperm()`
#' permutes dimensions, given 1-based; `sort()` sorts along a dimension (the
#' last by default); `rep(x, times)` repeats a vector or scalar; `cbind()` and
#' `rbind()` join vectors and matrices as columns or rows, as R's do (vectors
#' of the same length are stacked, a vector beside a matrix takes its number of
#' rows or columns, scalars are recycled). The result has `dtype` when it is
#' given; otherwise the tensors' dtype (the widest of one family, such as
#' `int64` for `int16` and `int64`), to which R values are converted.
#'
#' @param x,a,object A tensor.
#' @param perm The new order of the dimensions, 1-based; `NULL` reverses
#'   them.
#' @param decreasing Whether to sort in decreasing order.
#' @param axis The dimension to sort along, 1-based (negative from the end).
#' @param times How many times to repeat.
#' @param deparse.level Ignored (tensors have no dimnames).
#' @param dtype The dtype of the result of `cbind()` and `rbind()`; `NULL`
#'   for the tensors' own.
#' @param name A name for the operation.
#' @param ... For `cbind()` and `rbind()`, the tensors and values to join;
#'   otherwise ignored.
#'
#' @returns `dim()`: an integer vector or `NULL`. `length()`: an integer.
#'   `print()`: `x`, invisibly. `str()`: `NULL`, invisibly. The others: a
#'   tensor.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(matrix(1:6, 2))
#' dim(x)
#' length(x)
#' t(x)
#' sort(tf$constant(c(3, 1, 2)), decreasing = TRUE)
#' rep(tf$constant(c(1, 2)), 3)
#' cbind(x, 0L)
#' rbind(tf$constant(1:3), 4:6, dtype = "int64")
#' }
#' @name tensor-methods
#' @md
dim.tensorflow.tensor <- function(x) {
  shape <- .tensor_shape(x)
  if (is.na(length(shape))) return(NULL)
  as.integer.tensorflow.python.framework.tensor_shape.TensorShape(shape)
}

#' @rdname tensor-methods
#' @md
length.tensorflow.tensor <- function(x) {
  n <- py_to_r(py_call(py_get_attr(.tensor_shape(x), "num_elements")))
  if (is.null(n)) NA_integer_ else as.integer(n)
}

# The TensorShape of a tensor (Keras variables give their shape as a tuple).
.tensor_shape <- function(x) {
  value <- py_get_attr(x, "shape")
  if (inherits(value, .shape_class)) return(value)
  shape(dims = if (is_py_object(value)) py_to_r(value) else value)
}

# The name of a tensor's dtype ("float32"); Keras variables give it as a string.
.dtype_name <- function(x) {
  dtype <- py_get_attr(x, "dtype")
  if (is.character(dtype)) return(dtype)
  py_to_r(py_get_attr(.tf()$as_dtype(dtype), "name"))
}

.tensor_text <- function(x) {
  gsub("shape=\\((None|[[:digit:]]+),\\)", "shape=(\\1)", py_str(x))
}

#' @rdname tensor-methods
#' @md
print.tensorflow.tensor <- function(x, ...) {
  if (py_is_null_xptr(x)) cat("<pointer: 0x0>\n") else writeLines(.tensor_text(x))
  invisible(x)
}

#' @rdname tensor-methods
#' @md
str.tensorflow.tensor <- function(object, ...) {
  lines <- strsplit(py_repr(object), "\n", fixed = TRUE)[[1L]]
  first <- sub("shape=\\((None|[[:digit:]]+),\\)", "shape=(\\1)", lines[[1L]])
  cat(if (length(lines) > 1L) paste0(first, "...>") else first, "\n", sep = "")
  invisible()
}

# ---- reshaping and combining ------------------------------------------------------------

#' @rdname tensor-methods
#' @md
t.tensorflow.tensor <- function(x) {
  tf <- .tf()
  switch(as.character(length(dim(x))),
         "0" = tf$reshape(x, list(1L, 1L)),
         "1" = tf$expand_dims(x, 0L),
         "2" = tf$transpose(x),
         stop("t() needs a tensor of rank 2 or less; use aperm() for higher ranks",
              call. = FALSE))
}

#' @rdname tensor-methods
#' @md
aperm.tensorflow.tensor <- function(a, perm = NULL, ...) {
  if (!is.null(perm)) perm <- as.list(as.integer(perm) - 1L)
  .tf()$transpose(a, perm = perm)
}

#' @rdname tensor-methods
#' @md
sort.tensorflow.tensor <- function(x, decreasing = FALSE, ..., axis = -1L) {
  .tf()$sort(x, axis = .as_axis(axis),
             direction = if (decreasing) "DESCENDING" else "ASCENDING")
}

#' @rdname tensor-methods
#' @md
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

# The dtype tensors of several dtypes are joined in: theirs when they share it,
# the widest of one family (int16 and int64: int64), else NULL (TensorFlow then
# says what does not match).
.common_dtype <- function(args) {
  names <- unique(unlist(lapply(Filter(.is_tensor, args), .dtype_name)))
  if (length(names) <= 1L) return(if (length(names)) names else NULL)
  family <- unique(sub("[[:digit:]]+$", "", names))
  if (length(family) != 1L) return(NULL)
  names[[which.max(as.integer(sub("^[[:alpha:]]+", "", names)))]]
}

# cbind (along = 1, 0-based) and rbind (along = 0): vectors and scalars become
# columns (rows); with a matrix among them, vectors take its number of rows
# (columns) and scalars are recycled.
.bind <- function(args, along, dtype, name) {
  tf <- .tf()
  what <- if (along == 1L) "cbind" else "rbind"
  if (!length(args)) stop(what, "() needs tensors or values to join", call. = FALSE)
  if (is.null(dtype)) dtype <- .common_dtype(args)
  dims <- lapply(args, function(a) {
    d <- dim(a)
    if (is.null(d) && !.is_tensor(a)) length(a) else d
  })
  ranks <- lengths(dims)
  if (any(ranks > 2L))
    stop(what, "() takes tensors and arrays of rank 2 or less; use tf$concat() for higher ranks",
         call. = FALSE)
  if (max(ranks) < 2L) {
    extent <- max(1L, unlist(dims))
    parts <- lapply(args, as_tensor, dtype = dtype, shape = extent)
    return(tf$stack(parts, axis = along, name = name))
  }
  side <- if (along == 1L) 1L else 2L
  extents <- unlist(lapply(seq_along(dims), function(i) {
    d <- dims[[i]]
    if (ranks[[i]] == 2L) d[[side]] else if (along == 1L && ranks[[i]] == 1L) d
  }))
  extents <- unique(setdiff(extents, 1L))
  if (length(extents) > 1L)
    stop(sprintf("%s(): the matrices and vectors must have the same number of %s, not %s",
                 what, if (along == 1L) "rows" else "columns", paste(extents, collapse = ", ")),
         call. = FALSE)
  extent <- if (length(extents)) extents else 1L
  parts <- lapply(seq_along(args), function(i) {
    a <- args[[i]]
    scalar <- ranks[[i]] < 2L && prod(dims[[i]]) == 1L
    target <- if (scalar) c(extent, 1L) else c(extent, -1L)
    as_tensor(a, dtype = dtype, shape = if (along == 1L) target else rev(target))
  })
  tf$concat(parts, axis = along, name = name)
}

#' @rdname tensor-methods
#' @md
cbind.tensorflow.tensor <- function(..., deparse.level = 1, dtype = NULL, name = NULL)
  .bind(list(...), 1L, dtype, name)
#' @rdname tensor-methods
#' @md
rbind.tensorflow.tensor <- function(..., deparse.level = 1, dtype = NULL, name = NULL)
  .bind(list(...), 0L, dtype, name)

# ---- conversion to R ------------------------------------------------------------------------

# The value of a tensor in R (eager tensors and variables, Keras's too): an
# array, or a bare value for a tensor of rank 0.
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
  np <- import("numpy", convert = FALSE)
  if (identical(.dtype_name(x), "string"))
    value <- np$char$decode(np$asarray(value, dtype = "S"), "utf-8")
  rank <- py_to_r(py_get_attr(np$asarray(value), "ndim"))
  value <- py_to_r(value)
  if (rank == 0L) return(as.vector(value))
  if (is.null(dim(value))) array(value, dim = length(value)) else value
}

#' Tensors as R vectors and arrays
#'
#' @description
#' `as.array()` copies the value of a tensor into an R array (with dimensions,
#' one for a vector; a tensor of rank 0 gives a bare value, as R's tensorflow
#' does); `as.matrix()`, `as.vector()`, `as.double()`
#' (`as.numeric()`), `as.integer()`, `as.logical()` and `as.character()` give
#' the other R forms. String tensors are decoded from UTF-8. A sparse tensor is
#' made dense first; a ragged tensor becomes nested lists. Keras variables (a
#' layer's kernel, an optimizer's learning rate) convert as tensors do. Only
#' eager tensors and variables have a value: a graph tensor is an error that says to run it
#' with `sess$run(x)` ([session-run]).
#'
#' @param x A tensor.
#' @param mode The mode of the vector, as in [as.vector()].
#' @param ... Ignored.
#'
#' @returns An R array, matrix or vector.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(matrix(c(1, 2, 3, 4), 2))
#' as.array(x)
#' as.vector(x)
#' as.integer(x > 2)
#' as.character(tf$constant(c("a", "b")))
#' }
#' @name tensor-conversion
#' @md
as.array.tensorflow.tensor <- function(x, ...) .tensor_value(x)
#' @rdname tensor-conversion
#' @md
as.matrix.tensorflow.tensor <- function(x, ...) as.matrix(.tensor_value(x))
#' @rdname tensor-conversion
#' @md
as.vector.tensorflow.tensor <- function(x, mode = "any") as.vector(.tensor_value(x), mode = mode)
#' @rdname tensor-conversion
#' @md
as.double.tensorflow.tensor <- function(x, ...) as.double(.tensor_value(x))
#' @rdname tensor-conversion
#' @md
as.integer.tensorflow.tensor <- function(x, ...) as.integer(.tensor_value(x))
#' @rdname tensor-conversion
#' @md
as.logical.tensorflow.tensor <- function(x, ...) as.logical(.tensor_value(x))
#' @rdname tensor-conversion
#' @md
as.character.tensorflow.tensor <- function(x, ...) as.character(.tensor_value(x))

#' Tensors as rasters
#'
#' @description
#' `as.raster()` of a tensor holding an image (height, width and 1, 3 or 4
#' channels) is the raster of its value, for `plot()` and `grid::grid.raster()`.
#' Values are read on the scale `0` to `max`: by default the largest value of
#' an integer dtype (`255` for `uint8`), and `1` for floating-point tensors.
#'
#' @param x A tensor.
#' @param max The value shown as full intensity; `NULL` for the default.
#' @param ... Passed on to [grDevices::as.raster()].
#'
#' @returns A raster object.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' img <- tf$cast(tf$random$uniform(shape(64, 64, 3), maxval = 256), "uint8")
#' plot(as.raster(img))
#' }
#' @md
as.raster.tensorflow.tensor <- function(x, max = NULL, ...) {
  if (is.null(max)) {
    dtype <- .tf()$as_dtype(.dtype_name(x))
    max <- if (py_to_r(py_get_attr(dtype, "is_integer"))) py_to_r(py_get_attr(dtype, "max")) else 1
  }
  as.raster(.tensor_value(x), max = max, ...)
}

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
