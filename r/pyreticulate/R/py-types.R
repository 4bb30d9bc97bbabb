# S3 methods for particular Python types: dicts, exceptions, NumPy arrays,
# pandas and scipy objects, bytes and str.

# ---- dict: item access ($ looks for an attribute first); NULL deletes -------------------

`$.python.builtin.dict` <- function(x, name) .py("get_dict_entry", x, name)

`[[.python.builtin.dict` <- function(x, i, ...) .py("get_item", x, i)

`[.python.builtin.dict` <- function(x, i, ...) .py("get_item", x, i)

`$<-.python.builtin.dict` <- function(x, name, value) {
  if (is.null(value)) .py("del_item", x, name) else .py("set_item", x, name, value)
  x
}

`[[<-.python.builtin.dict` <- function(x, i, value) `$<-.python.builtin.dict`(x, i, value)

`[<-.python.builtin.dict` <- function(x, i, value) `$<-.python.builtin.dict`(x, i, value)

length.python.builtin.dict <- function(x) .py("len_", x)

# ---- exceptions: the condition's fields, else the exception's attributes ----------------

`$.python.builtin.BaseException` <- function(x, name) {
  if (is.list(x) && name %in% c("call", "message")) return(.subset2(x, name))
  .py("get_attr", x, name)
}

`[[.python.builtin.BaseException` <- function(x, i, ...) {
  if (is.character(i) && length(i) == 1L) return(`$.python.builtin.BaseException`(x, i))
  .py("get_item", x, i)
}

# ---- NumPy arrays ------------------------------------------------------------------------

dim.numpy.ndarray <- function(x) {
  if (py_is_null_xptr(x)) return(NULL)
  .py("shape", x)
}

length.numpy.ndarray <- function(x) {
  if (py_is_null_xptr(x)) return(0L)
  .py("size", x)
}

t.numpy.ndarray <- function(x) py_get_attr(x, "T")

as.array.numpy.ndarray <- function(x, ...) .py("py_to_r", x)

as.matrix.numpy.ndarray <- function(x, ...) as.matrix(.py("py_to_r", x))

as.vector.numpy.ndarray <- function(x, mode = "any") as.vector(.py("py_to_r", x), mode = mode)

as.double.numpy.ndarray <- function(x, ...) as.double(.py("py_to_r", x))

str.numpy.ndarray <- function(object, ...) {
  cat(py_str(object), "\n", sep = "")
  invisible()
}

`dim<-.numpy.ndarray` <- function(x, value)
  stop("dim<- cannot reshape a NumPy array (R fills column-major, NumPy row-major); ",
       "use array_reshape(x, dim) or x$reshape(...)", call. = FALSE)

# ---- pandas and scipy ---------------------------------------------------------------------
# pandas 3 names its classes pandas.DataFrame / pandas.Series; older releases
# pandas.core.frame.DataFrame / pandas.core.series.Series. Both are registered.

dim.pandas.DataFrame <- function(x) .py("shape", x)
length.pandas.DataFrame <- function(x) .py("len_", py_get_attr(x, "columns"))
summary.pandas.DataFrame <- function(object, ...) object$describe()

dim.pandas.Series <- function(x) .py("shape", x)
length.pandas.Series <- function(x) .py("len_", x)
summary.pandas.Series <- function(object, ...) object$describe()

dim.scipy.sparse._base._spbase <- function(x) .py("shape", x)
length.scipy.sparse._base._spbase <- function(x) prod(.py("shape", x))

# ---- bytes and str -------------------------------------------------------------------------

as.raw.python.builtin.bytes <- function(x) .py("py_to_r", x)

# `nul`: what replaces embedded NUL bytes (a raw byte or a string, "" drops them);
# by default they are an error.
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

as.character.python.builtin.str <- function(x, ...) .py("py_to_r", x)
