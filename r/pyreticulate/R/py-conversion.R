# Conversion between R values and Python objects. The rules live in the
# Python converter registry (pyreticulate/rules); these generics are the R
# entry points and the S3 extension points that take precedence over them.
# Also the constructors of Python containers, NumPy helpers and py_func().

#' Convert between R values and Python objects
#'
#' @description
#' `r_to_py()` converts an R value to a Python object, `py_to_r()` a Python
#' object to an R value. Both are S3 generics: a method `r_to_py.<class>` for an
#' R class, or `py_to_r.<class>` for a Python class (its R class name, such as
#' `pandas.DataFrame`), is used wherever the bridge converts, before the
#' built-in rules.
#'
#' The built-in rules are the project's conversion table (`docs/conversions.md`
#' in the pyreticulate sources). In short: a length-one atomic vector without
#' dimensions becomes a Python scalar and any other vector a list; matrices and
#' arrays become NumPy arrays that share R's memory; named lists become dicts,
#' data frames pandas DataFrames, factors pandas Categoricals, a single Date a
#' `datetime.date` and other Dates and POSIXct NumPy `datetime64` arrays,
#' sparse matrices SciPy sparse matrices, functions Python callables. Any other R object crosses as an opaque handle that
#' converts back to the identical object. `py_to_r()` converts what a rule
#' covers and returns any other Python object as it is (a proxy); an R value
#' that is not a Python object is returned unchanged. A
#' `collections.OrderedDict` becomes a named list.
#'
#' Some values cross differently from reticulate, on purpose: missing values
#' keep their meaning (`NA` becomes `None`, or a masked element in an array,
#' and comes back as `NA`), Python integers beyond R's integer range become
#' doubles instead of overflowing, `datetime64[D]` arrays become Dates, and an R error raised in R code that
#' Python called comes back to R as the original condition. For
#' attribute-free vectors (`NA` included), arrays without dimnames, factors,
#' Dates, POSIXct and data frames, `py_to_r(r_to_py(x))` is identical to `x`;
#' the conversion table gives the exact conditions.
#'
#' @param x An R value (`r_to_py()`) or a Python object (`py_to_r()`).
#' @param convert The convert flag of the result: whether what is read from it
#'   later (attributes, items, the results of calls) is converted to R.
#'
#' @returns `r_to_py()`: the Python object (a proxy, or an R function for a
#'   callable). `py_to_r()`: the R value, or `x` itself when no rule converts it.
#' @seealso [py_to_r_wrapper()], [dict()], [tuple()], [np_array()]
#' @examples
#' \dontrun{
#' x <- r_to_py(list(a = 1, b = c(TRUE, NA)))
#' x
#' py_to_r(x)
#' np <- import("numpy", convert = FALSE)
#' py_to_r(np$arange(3L))
#' r_to_py.money <- function(x, convert = FALSE) r_to_py(unclass(x) / 100, convert)
#' r_to_py(structure(250, class = "money"))
#' }
#' @name r-py-conversion
#' @aliases r_to_py py_to_r
#' @md
r_to_py <- function(x, convert = FALSE) UseMethod("r_to_py")

#' @rdname r-py-conversion
#' @md
r_to_py.default <- function(x, convert = FALSE) .py("r_to_py", x, convert)

#' @rdname r-py-conversion
#' @md
py_to_r <- function(x) UseMethod("py_to_r")

#' @rdname r-py-conversion
#' @md
py_to_r.default <- function(x) {
  if (!is_py_object(x)) return(x)
  .py("py_to_r", x)
}

#' @rdname r-py-conversion
#' @md
py_to_r.collections.OrderedDict <- function(x) {
  plain <- py_call(py_get_attr(import_builtins(convert = FALSE), "dict"), x)
  py_to_r(plain)
}

#' Give the R functions of Python callables an interface of their own
#'
#' @description
#' R sees a Python callable (a function, a method, a class, an object with
#' `__call__`) as an R function that calls it. When the bridge builds that R
#' function and a `py_to_r_wrapper()` method other than the default exists for
#' the callable's class vector, it calls the method with it; the function the
#' method returns stands for the callable from then on, and gets all the
#' attributes of `x` (its class and `py_object`). Packages use it to give the
#' callables of their classes an R interface (a deep-learning package can make
#' its layers R functions this way).
#' Methods are found in the global environment and in packages' S3 tables. The
#' generic runs once per callable; the default method returns `x`.
#'
#' @param x The R function that stands for a Python callable.
#'
#' @returns An R function.
#' @examples
#' \dontrun{
#' py_run_string("
#' class Greeter:
#'     def __call__(self, name):
#'         return 'hello ' + name
#' ")
#' py_to_r_wrapper.__main__.Greeter <- function(x) {
#'   function(name = "world") x(name)
#' }
#' greet <- py$Greeter()
#' greet()
#' }
#' @md
# Called once for each Python callable when its R closure is built, and only
# when a method other than this default exists for its class vector; the
# closure a method returns gets all the attributes of `x` (a package wraps
# the callables of its classes this way).
py_to_r_wrapper <- function(x) UseMethod("py_to_r_wrapper")
#' @rdname py_to_r_wrapper
#' @md
py_to_r_wrapper.default <- function(x) x

# ---- containers ------------------------------------------------------------------------

#' Python dictionaries
#'
#' @description
#' `dict()` makes a Python `dict` from named arguments, or from a single named
#' list; `py_dict()` makes one from keys and values given separately, for keys
#' that are not strings. Keys and values are converted with [r_to_py()].
#'
#' In `dict()`, an argument name that is bound to a Python object in the
#' calling environment stands for that object: with a graph placeholder `x`
#' in scope, `dict(x = data)` is keyed by the placeholder, as a graph session's
#' `feed_dict` must be. The name is looked up like any R variable, through the enclosing
#' environments and the search path, so any Python object of that name in
#' scope is taken (a module attached by a package, or [py]); `py_dict()`
#' with string keys avoids that. A name made only of digits becomes an
#' integer key.
#'
#' @param ... Named values, or a single named list of them.
#' @param convert The convert flag of the dict: whether the values read from
#'   it are converted to R.
#' @param keys The keys: a vector or list, or a single Python object.
#' @param values The values, as many as `keys`.
#'
#' @returns A proxy for the dict (class `python.builtin.dict`).
#' @seealso [dict-methods] for `$`, `[[` and `length()` on dicts.
#' @examples
#' \dontrun{
#' d <- dict(alpha = 1, beta = "two")
#' d$alpha
#' dict(list(a = 1, b = 2), convert = TRUE)
#' py_dict(list(1L, 2L), list("one", "two"))
#' }
#' @md
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

#' @rdname dict
#' @md
py_dict <- function(keys, values, convert = FALSE) {
  keys <- if (is_py_object(keys)) list(keys) else as.list(keys)
  values <- if (is_py_object(values)) list(values) else as.list(values)
  if (length(keys) != length(values))
    stop("py_dict() needs as many keys as values", call. = FALSE)
  .py("make_dict", keys, unname(values), convert)
}

#' Python tuples
#'
#' @description
#' `tuple()` makes a Python tuple of its arguments, each converted with
#' [r_to_py()]. A single R list gives a tuple of its elements, and a single
#' tuple is returned as it is. Names are dropped.
#'
#' @param ... The elements, or a single list of them.
#' @param convert The convert flag of the tuple: whether the elements read from
#'   it are converted to R.
#'
#' @returns A proxy for the tuple (class `python.builtin.tuple`).
#' @examples
#' \dontrun{
#' t <- tuple(1L, "a", TRUE)
#' t[[0]]
#' np <- import("numpy", convert = FALSE)
#' np$zeros(tuple(2L, 3L))
#' }
#' @md
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

#' NumPy arrays from R data
#'
#' @description
#' `np_array()` makes a NumPy array with the given dtype and memory order. R
#' data goes through [r_to_py()] (a vector becomes a one-dimensional array
#' first); a NumPy array is converted to `dtype` and `order`, copied only when
#' it has to be. An array made from R data is always writable: where
#' `r_to_py()` would give a read-only view of R's memory, it is copied.
#'
#' @param data An R vector, matrix or array, or a NumPy array.
#' @param dtype A NumPy dtype or its name (`"float32"`, `"int64"`); `NULL`
#'   keeps the data's.
#' @param order The memory layout: `"C"` (row-major) or `"F"` (column-major).
#'
#' @returns A proxy for the NumPy array (not converted back to R).
#' @seealso [array_reshape()]
#' @examples
#' \dontrun{
#' a <- np_array(matrix(1:6, 2), dtype = "float32")
#' a$dtype
#' a$flags$c_contiguous
#' }
#' @md
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

#' Reshape an array in row-major order
#'
#' @description
#' `array_reshape()` gives an array the dimensions `dim`, reading and placing
#' the elements in `order` (through `numpy.reshape`). The default is row-major,
#' as NumPy and the Python libraries that take these arrays expect; R's `dim<-`
#' is column-major, so the two give different arrays.
#'
#' @param x An R vector, matrix or array, or a NumPy array.
#' @param dim The new dimensions, an integer vector; one of them may be `-1`,
#'   for the extent the others leave.
#' @param order `"C"` to read and fill row by row (the last index varies
#'   fastest) or `"F"` column by column (the first index varies fastest, as
#'   `dim<-` does).
#'
#' @returns An R array for R input; a NumPy array for a NumPy array.
#' @examples
#' \dontrun{
#' array_reshape(1:6, c(2, 3))
#' array_reshape(1:6, c(2, 3), order = "F")
#' array_reshape(1:12, c(-1, 4))
#' }
#' @md
array_reshape <- function(x, dim, order = c("C", "F")) {
  order <- match.arg(order)
  np <- import("numpy", convert = FALSE)
  from_r <- !is_py_object(x)
  if (from_r && is.atomic(x)) x <- r_to_py(as.array(x))
  reshaped <- py_call(py_get_attr(np, "reshape"), x, as.integer(dim), order = order)
  if (from_r) py_to_r(reshaped) else reshaped
}

# ---- functions ----------------------------------------------------------------------------

#' A Python function from an R function
#'
#' @description
#' `py_func()` wraps an R function as a Python function with the R function's
#' signature: its arguments are the R function's formals, those before `...`
#' positional or by keyword, those after it keyword-only, and `...` becomes
#' `*args, **kwargs`; an argument with an R default may be left out, and R's
#' default then applies. So libraries that inspect signatures see the real
#' parameter names. As in reticulate, a function that Python's signatures
#' cannot express is an error: a formal whose name is not a Python identifier
#' (such as `na.rm`), or one without a default after one with a default
#' (before `...`). [r_to_py()] takes any R function.
#'
#' When Python calls it, the arguments are converted to R values and the R
#' function runs on the calling thread (any thread: it waits while another one
#' runs R); its value goes back through [r_to_py()].
#'
#' @param f An R function.
#'
#' @returns The Python function (a proxy).
#' @seealso [r_to_py()], which also converts R functions, without a signature.
#' @examples
#' \dontrun{
#' scale <- py_func(function(x, factor = 2) x * factor)
#' inspect <- import("inspect")
#' inspect$signature(scale)
#' scale(21)
#' }
#' @md
py_func <- function(f) {
  if (!is.function(f)) stop("py_func() needs an R function", call. = FALSE)
  .py("py_func", f)
}

#' Deprecated: an R function Python may call from any thread
#'
#' @description
#' In reticulate, `py_main_thread_func()` makes an R function that Python can
#' call from threads other than R's. Here every R function handed to Python
#' can be called from any thread (it runs there, one thread running R at a
#' time), so this is the same as `r_to_py(f, convert = TRUE)`. It is kept for old scripts.
#'
#' @param f An R function.
#'
#' @returns The Python callable (a proxy).
#' @examples
#' \dontrun{
#' callback <- py_main_thread_func(function(x) x + 1)
#' }
#' @md
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

# Long character vectors cross in a few pieces, by the text rule of
# pyreticulate/libr/text.py. To Python: the elements' bytes, untranslated (latin1
# and invalid strings are re-marked "bytes" so that paste() keeps their bytes),
# joined with a separator none contains, in pieces of at most `limit` bytes (an
# element of `whole` bytes or more, or alone, is a piece of its own, not copied),
# and which elements are marked latin1 or bytes. NULL when no separator fits or
# the session is not UTF-8.
.pyr_join_strings <- function(x, separators, limit, whole) {
  if (!isTRUE(l10n_info()[["UTF-8"]])) return(NULL)
  marks <- Encoding(x)
  kinds <- unique(marks)
  latin1 <- if ("latin1" %in% kinds) which(marks == "latin1") else integer(0)
  bytes <- if ("bytes" %in% kinds) which(marks == "bytes") else integer(0)
  if (length(latin1) || "UTF-8" %in% kinds) { # else paste() translates nothing
    invalid <- which(!validUTF8(x))
    untranslated <- c(latin1, invalid[marks[invalid] != "bytes"])
    if (length(untranslated)) {
      y <- x[untranslated]
      Encoding(y) <- "bytes"
      x[untranslated] <- y
    }
  }
  separator <- NULL
  for (s in separators)
    if (!any(grepl(s, x, fixed = TRUE, useBytes = TRUE))) {
      separator <- s
      break
    }
  if (is.null(separator)) return(NULL)
  n <- length(x)
  size <- nchar(x, type = "bytes")
  if (max(size) < whole && sum(as.double(size)) + n - 1 <= limit) {
    pieces <- paste(x, collapse = separator)
  } else {
    big <- size >= whole
    ends <- cumsum(as.double(size) + 1)
    starts <- c(0, ends[-n])
    bigs <- which(big)
    pieces <- vector("list", n)
    k <- 0L
    i <- 1L
    while (i <= n) {
      j <- i
      if (!big[i]) {
        j <- max(i, findInterval(starts[i] + limit + 1, ends))
        after <- findInterval(i, bigs) + 1L
        if (after <= length(bigs)) j <- min(j, bigs[after] - 1L)
      }
      k <- k + 1L
      pieces[[k]] <- if (j == i) x[i] else paste(x[i:j], collapse = separator)
      i <- j + 1L
    }
    pieces <- unlist(pieces[seq_len(k)], use.names = FALSE)
  }
  list(pieces, separator, as.integer(latin1), as.integer(bytes))
}

# From Python: items that are either one string made as it is, or a raw vector of
# elements each followed by the item's separator, split as UTF-8, or byte by byte
# ("bytes") with the elements at `utf8` and `bytes` marked so (the others stay
# native); NA at `missing`.
.pyr_split_strings <- function(items, separators, marks, utf8, bytes, missing) {
  x <- unlist(lapply(seq_along(items), function(i) {
    item <- items[[i]]
    if (is.character(item)) return(item)
    s <- rawToChar(item)
    Encoding(s) <- marks[[i]]
    strsplit(s, separators[[i]], fixed = TRUE, useBytes = marks[[i]] == "bytes")[[1L]]
  }), use.names = FALSE)
  if (length(utf8)) {
    y <- x[utf8]
    Encoding(y) <- "UTF-8"
    x[utf8] <- y
  }
  if (length(bytes)) {
    y <- x[bytes]
    Encoding(y) <- "bytes"
    x[bytes] <- y
  }
  x[missing] <- NA_character_
  x
}
