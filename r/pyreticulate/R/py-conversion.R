# Conversion between R values and Python objects. The rules live in the
# Python converter registry (pyreticulate/rules); these generics are the R
# entry points and the S3 extension points that take precedence over them.
# Also the constructors of Python containers, NumPy helpers and py_func().

r_to_py <- function(x, convert = FALSE) UseMethod("r_to_py")

r_to_py.default <- function(x, convert = FALSE) .py("r_to_py", x, convert)

py_to_r <- function(x) UseMethod("py_to_r")

py_to_r.default <- function(x) {
  if (!is_py_object(x)) return(x)
  .py("py_to_r", x)
}

py_to_r.collections.OrderedDict <- function(x) {
  plain <- py_call(py_get_attr(import_builtins(convert = FALSE), "dict"), x)
  py_to_r(plain)
}

# Called once for each Python callable when its R closure is built, and only
# when a method other than this default exists for its class vector; the
# closure a method returns gets all the attributes of `x` (a package wraps
# the callables of its classes this way).
py_to_r_wrapper <- function(x) UseMethod("py_to_r_wrapper")
py_to_r_wrapper.default <- function(x) x

# ---- containers ------------------------------------------------------------------------

# A name bound to a Python object in the caller's frame uses that object as
# the key (a feed_dict keyed by placeholders); all-digit names become int keys.
dict <- function(..., convert = FALSE) {
  values <- list(...)
  scan_frame <- TRUE
  if (length(values) == 1L && is.null(names(values)) && is.list(values[[1L]]) &&
      !is_py_object(values[[1L]])) {
    values <- values[[1L]]
    scan_frame <- FALSE
  }
  if (!length(values)) return(.py("make_dict", list(), list(), convert))
  names <- names(values)
  if (is.null(names) || any(!nzchar(names)))
    stop("dict() needs named arguments (or a single named list)", call. = FALSE)
  frame <- parent.frame()
  keys <- lapply(names, function(name) {
    if (scan_frame && exists(name, envir = frame, inherits = TRUE)) {
      bound <- get(name, envir = frame, inherits = TRUE)
      if (is_py_object(bound)) return(bound)
    }
    if (grepl("^[0-9]+$", name)) {
      number <- as.numeric(name)
      return(if (number <= .Machine$integer.max) as.integer(number) else number)
    }
    name
  })
  .py("make_dict", keys, unname(values), convert)
}

py_dict <- function(keys, values, convert = FALSE) {
  keys <- if (is_py_object(keys)) list(keys) else as.list(keys)
  values <- if (is_py_object(values)) list(values) else as.list(values)
  if (length(keys) != length(values))
    stop("py_dict() needs as many keys as values", call. = FALSE)
  .py("make_dict", keys, unname(values), convert)
}

tuple <- function(..., convert = FALSE) {
  values <- list(...)
  if (length(values) == 1L) {
    only <- values[[1L]]
    if (inherits(only, "python.builtin.tuple")) return(only)
    if (is.list(only) && !is_py_object(only)) values <- only
  }
  .py("make_tuple", unname(values), convert)
}

# ---- NumPy ---------------------------------------------------------------------------------

np_array <- function(data, dtype = NULL, order = "C") {
  from_r <- !inherits(data, "numpy.ndarray")
  if (from_r) {
    if (!is.array(data)) data <- as.array(data)
    data <- r_to_py(data)
  }
  if (is.null(dtype)) dtype <- py_get_attr(data, "dtype")
  array <- py_call(py_get_attr(data, "astype"), dtype = dtype, order = order, copy = FALSE)
  if (from_r && !py_to_r(py_get_attr(py_get_attr(array, "flags"), "writeable")))
    array <- py_call(py_get_attr(array, "copy"), order = order)
  array
}

array_reshape <- function(x, dim, order = c("C", "F")) {
  order <- match.arg(order)
  np <- import("numpy", convert = FALSE)
  from_r <- !is_py_object(x)
  if (from_r && is.atomic(x)) x <- r_to_py(as.array(x))
  reshaped <- py_call(py_get_attr(np, "reshape"), x, as.integer(dim), order = order)
  if (from_r) py_to_r(reshaped) else reshaped
}

# ---- functions ----------------------------------------------------------------------------

py_func <- function(f) {
  if (!is.function(f)) stop("py_func() needs an R function", call. = FALSE)
  .py("py_func", f)
}

py_main_thread_func <- function(f) r_to_py(f, convert = TRUE)

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

# Long character vectors cross in one piece: joined with a separator that no
# element contains (NULL when none of `separators` fits), and split again.
.pyr_join_strings <- function(x, separators) {
  x <- enc2utf8(x)
  for (separator in separators)
    if (!any(grepl(separator, x, fixed = TRUE, useBytes = TRUE)))
      return(list(paste(x, collapse = separator), separator))
  NULL
}

.pyr_split_strings <- function(joined, separator, missing) {
  x <- strsplit(paste0(joined, separator, "."), separator, fixed = TRUE)[[1L]]
  x <- x[-length(x)]
  x[missing] <- NA_character_
  x
}
