# Conversion between R values and Python objects. The rules live in the
# Python converter registry (pyreticulate/rules); these generics are the R
# entry points and the S3 extension points that take precedence over them.

r_to_py <- function(x, convert = FALSE) UseMethod("r_to_py")

r_to_py.default <- function(x, convert = FALSE) .py("r_to_py", x, convert)

py_to_r <- function(x) UseMethod("py_to_r")

py_to_r.default <- function(x) {
  if (!is_py_object(x)) return(x)
  .py("py_to_r", .resolve_lazy(x))
}

py_to_r.collections.OrderedDict <- function(x) {
  keys <- .py("dict_keys", x)
  values <- lapply(keys, function(k) py_to_r(py_get_item(x, k)))
  names(values) <- keys
  values
}

# Called once for each Python callable when its R closure is built; methods
# may return a custom closure (its attributes are copied). Keras layers use it.
py_to_r_wrapper <- function(x) UseMethod("py_to_r_wrapper")
py_to_r_wrapper.default <- function(x) x

dict <- function(..., convert = FALSE) {
  dots <- list(...)
  if (length(dots) == 1L && is.null(names(dots)) && is.list(dots[[1L]]))
    dots <- dots[[1L]]
  if (!length(dots)) return(.py("make_dict", list(), list(), convert))
  names <- names(dots)
  if (is.null(names) || any(!nzchar(names)))
    stop("dict() needs every argument to be named", call. = FALSE)
  frame <- parent.frame()
  keys <- lapply(names, function(name) {
    if (exists(name, envir = frame)) {
      bound <- get(name, envir = frame)
      if (is_py_object(bound)) return(bound)
    }
    if (grepl("^[0-9]+$", name)) return(as.integer(name))
    name
  })
  .py("make_dict", keys, unname(dots), convert)
}

py_dict <- function(keys, values, convert = FALSE) {
  if (length(keys) != length(values))
    stop("py_dict() needs as many keys as values", call. = FALSE)
  .py("make_dict", as.list(keys), as.list(values), convert)
}

tuple <- function(..., convert = FALSE) {
  dots <- list(...)
  if (length(dots) == 1L) {
    only <- dots[[1L]]
    if (inherits(only, "python.builtin.tuple")) return(only)
    if (is.list(only) && !is_py_object(only)) dots <- only
  }
  .py("make_tuple", unname(dots), convert)
}

np_array <- function(data, dtype = NULL, order = "C") {
  if (!is_py_object(data)) data <- r_to_py(as.array(data))
  np <- import("numpy", convert = FALSE)
  if (is.null(dtype)) dtype <- py_get_attr(data, "dtype")
  py_call(py_get_attr(data, "astype"), dtype, order = order, copy = FALSE)
}

array_reshape <- function(x, dim, order = c("C", "F")) {
  order <- match.arg(order)
  np <- import("numpy", convert = FALSE)
  reshaped <- py_call(py_get_attr(np, "reshape"), np_array(x, order = order),
                      tuple(as.list(as.integer(dim))), order = order)
  py_to_r(reshaped)
}

# Sparse matrices (package Matrix), used by the Python rules in rules/sparse.py.
# Any other sparse matrix class becomes a general double CsparseMatrix (dgCMatrix);
# NULL when x is not a sparse matrix or cannot be made a double one.
.pyr_sparse_general <- function(x) {
  if (!isNamespaceLoaded("Matrix") || !methods::is(x, "sparseMatrix")) return(NULL)
  tryCatch(
    methods::as(methods::as(methods::as(x, "dMatrix"), "generalMatrix"), "CsparseMatrix"),
    error = function(e) NULL)
}

# A new sparse matrix of `class` from its slots; NULL when Matrix is not installed.
.pyr_sparse_matrix <- function(class, ...) {
  if (!requireNamespace("Matrix", quietly = TRUE)) return(NULL)
  methods::new(class, ...)
}
