# S3 methods for particular Python types: dicts, exceptions, NumPy arrays,
# pandas and scipy objects, bytes and str.

# ---- dict: item access ($ looks for an attribute first); NULL deletes -------------------

#' Items of Python dicts
#'
#' @description
#' On a dict, R's extraction operators reach its items: `d[[key]]` and
#' `d[key]` are Python's `d[key]`; `d$name` is the attribute `name` when the
#' dict has one (its methods, such as `d$keys()` and `d$items()`) and the item
#' with that key otherwise. `d$key <- value`, `d[[key]] <- value` and
#' `d[key] <- value` set an item, and assigning `NULL` deletes it. `length(d)`
#' is the number of items. Keys and values are converted with [r_to_py()]
#' (write `1L` for an integer key).
#'
#' @param x A Python dict.
#' @param name A key, or the name of one of the dict's attributes.
#' @param i A key.
#' @param ... Ignored.
#' @param value The value to assign; `NULL` deletes the item.
#'
#' @returns The item (converted according to the dict's convert flag); `x` for
#'   the assignments; an integer for `length()`.
#' @seealso [dict()], [py-object-access]
#' @examples
#' \dontrun{
#' stock <- dict(apples = 1, pears = 2, convert = TRUE)
#' stock$apples
#' stock[["pears"]]
#' stock$plums <- 3
#' stock$apples <- NULL
#' length(stock)
#' stock$keys()
#' }
#' @name dict-methods
#' @md
`$.python.builtin.dict` <- function(x, name) .py("get_dict_entry", x, name)

#' @rdname dict-methods
#' @md
`[[.python.builtin.dict` <- function(x, i, ...) .py("get_item", x, i)

#' @rdname dict-methods
#' @md
`[.python.builtin.dict` <- function(x, i, ...) .py("get_item", x, i)

#' @rdname dict-methods
#' @md
`$<-.python.builtin.dict` <- function(x, name, value) {
  if (is.null(value)) .py("del_item", x, name) else .py("set_item", x, name, value)
  x
}

#' @rdname dict-methods
#' @md
`[[<-.python.builtin.dict` <- function(x, i, value) `$<-.python.builtin.dict`(x, i, value)

#' @rdname dict-methods
#' @md
`[<-.python.builtin.dict` <- function(x, i, value) `$<-.python.builtin.dict`(x, i, value)

#' @rdname dict-methods
#' @md
length.python.builtin.dict <- function(x) .py("len_", x)

# ---- exceptions: the condition's fields, else the exception's attributes ----------------

#' Python exceptions as R conditions
#'
#' @description
#' A Python exception that reaches R is an R error condition whose classes are
#' the names of the exception's classes, then `error` and `condition`, so
#' handlers can select it by Python class
#' (`tryCatch(..., python.builtin.KeyError = function(e) ...)`). `e$message` and
#' `e$call` are the condition's message and call; any other name is a field of
#' the condition, else an attribute of the exception (`e$args`). `e[[name]]`
#' with a single string is the same; any other key is an item of the exception.
#' An R error that came back to R through Python is such a condition too: its
#' own classes come first, and its fields (`e$trace`, `e$r_class`, its own)
#' are found before the exception's attributes.
#'
#' @param x A Python exception, as an R condition.
#' @param name The name of a condition field or exception attribute.
#' @param i A name or key.
#' @param ... Ignored.
#'
#' @returns The field or attribute.
#' @seealso [py_last_error()]
#' @examples
#' \dontrun{
#' e <- tryCatch(py_eval("{}['missing']"), python.builtin.KeyError = function(e) e)
#' e$message
#' e$args
#' }
#' @name exception-methods
#' @md
`$.python.builtin.BaseException` <- function(x, name) {
  if (is.list(x)) {
    field <- .subset2(x, name)
    if (!is.null(field)) return(field)
  }
  .py("get_attr_silent", x, name)
}

#' @rdname exception-methods
#' @md
`[[.python.builtin.BaseException` <- function(x, i, ...) {
  if (is.character(i) && length(i) == 1L) return(`$.python.builtin.BaseException`(x, i))
  .py("get_item", x, i)
}

# ---- NumPy arrays ------------------------------------------------------------------------

#' R generics on NumPy arrays
#'
#' @description
#' `dim()` of a NumPy array is its shape and `length()` its number of
#' elements; `t()` is its transpose (`.T`, a NumPy array). `as.array()`,
#' `as.matrix()`, `as.vector()` and `as.double()` copy it into R (R stores
#' arrays column-major). `str()` prints its `str()` on one line.
#'
#' `dim<-` is an error on purpose: R fills arrays column-major and NumPy
#' row-major, so a new shape would not mean the same on both sides. Use
#' [array_reshape()] or the array's `reshape()` method.
#'
#' @param x,object A NumPy array.
#' @param mode The mode of the vector, as in [as.vector()].
#' @param value The new dimensions (an error).
#' @param ... Ignored.
#'
#' @returns `dim()`: an integer vector. `length()`: a number. `t()`: a NumPy
#'   array. The conversions: R values. `str()`: `NULL`, invisibly.
#' @examples
#' \dontrun{
#' np <- import("numpy", convert = FALSE)
#' a <- np$arange(6L)$reshape(2L, 3L)
#' dim(a)
#' length(a)
#' as.matrix(a)
#' t(a)
#' }
#' @name numpy-methods
#' @md
dim.numpy.ndarray <- function(x) {
  if (py_is_null_xptr(x)) return(NULL)
  .py("shape", x)
}

#' @rdname numpy-methods
#' @md
length.numpy.ndarray <- function(x) {
  if (py_is_null_xptr(x)) return(0L)
  .py("size", x)
}

#' @rdname numpy-methods
#' @md
t.numpy.ndarray <- function(x) py_get_attr(x, "T")

#' @rdname numpy-methods
#' @md
as.array.numpy.ndarray <- function(x, ...) .py("py_to_r", x)

#' @rdname numpy-methods
#' @md
as.matrix.numpy.ndarray <- function(x, ...) as.matrix(.py("py_to_r", x))

#' @rdname numpy-methods
#' @md
as.vector.numpy.ndarray <- function(x, mode = "any") as.vector(.py("py_to_r", x), mode = mode)

#' @rdname numpy-methods
#' @md
as.double.numpy.ndarray <- function(x, ...) as.double(.py("py_to_r", x))

#' @rdname numpy-methods
#' @md
str.numpy.ndarray <- function(object, ...) {
  cat(py_str(object), "\n", sep = "")
  invisible()
}

#' @rdname numpy-methods
#' @md
`dim<-.numpy.ndarray` <- function(x, value)
  stop("dim<- cannot reshape a NumPy array (R fills column-major, NumPy row-major); ",
       "use array_reshape(x, dim) or x$reshape(...)", call. = FALSE)

# ---- pandas and scipy ---------------------------------------------------------------------
# pandas 3 names its classes pandas.DataFrame / pandas.Series; older releases
# pandas.core.frame.DataFrame / pandas.core.series.Series. Both are registered.

#' R generics on pandas and SciPy objects
#'
#' @description
#' For a pandas DataFrame, `dim()` is its number of rows and columns,
#' `length()` its number of columns (as for an R data frame) and `summary()`
#' its `describe()`. A pandas Series is like an R vector: `dim()` is `NULL`,
#' `length()` its number of elements and `summary()` its `describe()`. For a SciPy sparse
#' matrix, `dim()` is its shape and `length()` its number of cells (rows times
#' columns). The methods are registered under the class names of both pandas 3
#' (`pandas.DataFrame`, `pandas.Series`) and earlier releases
#' (`pandas.core.frame.DataFrame`, `pandas.core.series.Series`).
#'
#' @param x,object A DataFrame, Series or sparse matrix.
#' @param ... Ignored.
#'
#' @returns `dim()`: an integer vector (`NULL` for a Series). `length()`: a
#'   number. `summary()`: the result of `describe()`.
#' @examples
#' \dontrun{
#' pd <- import("pandas", convert = FALSE)
#' df <- pd$DataFrame(dict(x = c(1, 2, 3), y = c("a", "b", "c")))
#' dim(df)
#' length(df)
#' summary(df)
#' }
#' @name pandas-methods
#' @aliases dim.pandas.core.frame.DataFrame length.pandas.core.frame.DataFrame
#'   summary.pandas.core.frame.DataFrame dim.pandas.core.series.Series
#'   length.pandas.core.series.Series summary.pandas.core.series.Series
#' @md
dim.pandas.DataFrame <- function(x) .py("shape", x)
#' @rdname pandas-methods
#' @md
length.pandas.DataFrame <- function(x) .py("len_", py_get_attr(x, "columns"))
#' @rdname pandas-methods
#' @md
summary.pandas.DataFrame <- function(object, ...) object$describe()

#' @rdname pandas-methods
#' @md
dim.pandas.Series <- function(x) NULL
#' @rdname pandas-methods
#' @md
length.pandas.Series <- function(x) .py("len_", x)
#' @rdname pandas-methods
#' @md
summary.pandas.Series <- function(object, ...) object$describe()

#' @rdname pandas-methods
#' @md
dim.scipy.sparse._base._spbase <- function(x) .py("shape", x)
#' @rdname pandas-methods
#' @md
length.scipy.sparse._base._spbase <- function(x) prod(.py("shape", x))

# ---- bytes and str -------------------------------------------------------------------------

#' Python bytes and str in R
#'
#' @description
#' Python `bytes` objects stay Python objects in R, as in reticulate (a
#' `bytearray` converts to a raw vector). `as.raw()` of a `bytes` object is
#' its bytes as a raw vector; `b$decode()` decodes them to a string.
#' `as.character()` of it is those bytes as an R string, without decoding. R
#' strings cannot hold NUL bytes, so by default a NUL among the bytes is an
#' error; with `nul`, each one is replaced (by a raw byte or a string; `""`
#' drops them). `as.character()` of a Python `str` is the R string.
#'
#' @param x A Python `bytes` or `str` object.
#' @param nul What replaces embedded NUL bytes: a raw value or a string. By
#'   default they are an error.
#' @param ... Ignored.
#'
#' @returns `as.raw()`: a raw vector. `as.character()`: a string.
#' @examples
#' \dontrun{
#' b <- py_eval("bytes([97, 98, 0, 99])", convert = FALSE)
#' as.raw(b)
#' as.character(b, nul = "")
#' as.character(py_eval("'text'", convert = FALSE))
#' }
#' @name bytes-methods
#' @md
as.raw.python.builtin.bytes <- function(x)
  .py("py_to_r", py_call(py_get_attr(import_builtins(convert = FALSE), "bytearray"), x))

# `nul`: what replaces embedded NUL bytes (a raw byte or a string, "" drops them);
# by default they are an error.
#' @rdname bytes-methods
#' @md
as.character.python.builtin.bytes <- function(x, nul = stop("embedded nul in Python bytes"), ...) {
  raw <- as.raw(x)
  zero <- raw == as.raw(0L)
  if (any(zero)) {
    replacement <- if (is.raw(nul)) nul else charToRaw(as.character(nul))
    raw <- unlist(lapply(seq_along(raw), function(i) if (zero[i]) replacement else raw[i]))
    if (is.null(raw)) raw <- raw(0L)
  }
  rawToChar(raw)
}

#' @rdname bytes-methods
#' @md
as.character.python.builtin.str <- function(x, ...) .py("py_to_r", x)
