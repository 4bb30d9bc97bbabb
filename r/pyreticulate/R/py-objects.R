# Python objects in R: attribute and item access, builtins on proxies, and the
# S3 methods on python.builtin.object. A proxy is an environment holding
# `pyobj` (an external pointer owning one Python reference); callables are
# closures and exceptions condition lists, both with attr(, "py_object").

# ---- attributes, items, calls ---------------------------------------------------

py_get_attr <- function(x, name, silent = FALSE) .py("get_attr_raw", x, name, silent)

py_set_attr <- function(x, name, value) {
  .py("set_attr", x, name, value)
  invisible(x)
}

py_has_attr <- function(x, name) .py("has_attr", x, name)

py_del_attr <- function(x, name) {
  .py("del_attr", x, name)
  invisible(x)
}

py_get_item <- function(x, key, silent = FALSE) .py("get_item_raw", x, key, silent)

py_set_item <- function(x, key, value) {
  .py("set_item", x, key, value)
  invisible(x)
}

py_del_item <- function(x, key) {
  .py("del_item", x, key)
  invisible(x)
}

py_call <- function(x, ...) .py("call_raw", x, list2(...))

py_len <- function(x, default = NULL) {
  if (is.null(default)) return(.py("len_", x))
  tryCatch(.py("len_", x), python.builtin.Exception = function(e) default)
}

py_list_attributes <- function(x) .py("dir_", x)

py_has_method <- function(x, name) {
  if (!py_has_attr(x, name)) return(FALSE)
  .py("is_callable", py_get_attr(x, name))
}

# ---- strings ---------------------------------------------------------------------

py_str <- function(object, ...) {
  if (!is_py_object(object)) return("<not a python object>")
  if (py_is_null_xptr(object)) return("<pointer: 0x0>")
  UseMethod("py_str")
}

py_str.default <- function(object, ...) "<not a python object>"

py_str.python.builtin.object <- function(object, ...) .py("str_", object)

py_str.python.builtin.module <- function(object, ...)
  paste0("Module(", .module_name(object), ")")

py_str.python.builtin.list <- function(object, ...) .collection_str("List", object)
py_str.python.builtin.tuple <- function(object, ...) .collection_str("Tuple", object)
py_str.python.builtin.dict <- function(object, ...) .collection_str("Dict", object)

py_str.python.builtin.bytearray <- function(object, ...)
  paste0("python.builtin.bytearray (", .py("len_", object), " bytes)")

.collection_str <- function(kind, object) {
  n <- .py("len_", object)
  if (n > 10L) sprintf("%s (%d items)", kind, n) else .py("str_", object)
}

.module_name <- function(x)
  if (py_is_module_proxy(x)) .module_proxy_name(x) else .py("module_name", x)

py_repr <- function(object) {
  if (py_is_null_xptr(object)) return("<pointer: 0x0>")
  .py("repr_", object)
}

py_unicode <- function(str) r_to_py(str)

# ---- singletons, truth, identity, pointers --------------------------------------------

py_none <- function() py_eval("None", convert = FALSE)

py_ellipsis <- function() py_eval("Ellipsis", convert = FALSE)

py_bool <- function(x) {
  if (py_is_null_xptr(x)) return(FALSE)
  .py("bool_", x)
}

py_id <- function(x) {
  py_validate_xptr(x)
  .py("id_", x)
}

py_is_null_xptr <- function(x) {
  if (!is_py_object(x) || py_is_module_proxy(x)) return(FALSE)
  .py("is_null_xptr", x)
}

py_validate_xptr <- function(x) {
  if (py_is_null_xptr(x))
    stop("this Python object is no longer available: its reference did not survive ",
         "saving and restoring the R session (saveRDS/load); recreate it", call. = FALSE)
  invisible(x)
}

is_py_object <- function(x) inherits(x, "python.builtin.object")

py_has_convert <- function(x) {
  if (py_is_module_proxy(x)) return(get("convert", envir = x, inherits = FALSE))
  .py("convert_flag", x)
}

# ---- $ [[ [ and their replacement forms --------------------------------------------------

`$.python.builtin.object` <- function(x, name) .py("get_attr", x, name)

`[[.python.builtin.object` <- function(x, i, ...) {
  if (is.numeric(i)) return(.py("get_item", x, as.integer(i)))
  if (is.character(i) && length(i) == 1L) return(.py("get_attr_or_item", x, i))
  .py("get_item", x, i)
}

`[.python.builtin.object` <- function(x, ...) {
  key <- .getitem_key(eval(substitute(alist(...))), parent.frame())
  if (is.character(key) && length(key) == 1L) return(.py("get_attr_or_item", x, key))
  .py("get_item", x, key)
}

`$<-.python.builtin.object` <- function(x, name, value) {
  .py("set_attr", x, name, value)
  x
}

`[[<-.python.builtin.object` <- function(x, i, value) {
  if (is.character(i) && length(i) == 1L && !.py("is_mapping", x)) {
    .py("set_attr", x, i, value)
    return(x)
  }
  key <- if (is.numeric(i)) as.integer(i) else i
  if (is.null(value)) .py("del_item", x, key) else .py("set_item", x, key, value)
  x
}

`[<-.python.builtin.object` <- function(x, ..., value) {
  key <- .getitem_key(eval(substitute(alist(...))), parent.frame())
  if (is.null(value)) .py("del_item", x, key) else .py("set_item", x, key, value)
  x
}

# The Python key for x[...]: an empty argument is `:`, `a:b` and `a:b:c` (or the
# names `:2`, `2:`, `::2`) are slices with NA for an open end, `..` is Ellipsis,
# integral doubles are ints; several arguments make a tuple.
.getitem_key <- function(args, envir) {
  keys <- lapply(args, .getitem_part, envir = envir)
  if (length(keys) == 1L) keys[[1L]] else tuple(keys)
}

.getitem_part <- function(arg, envir) {
  if (identical(arg, quote(expr = ))) return(.py("make_slice", NULL, NULL, NULL))
  if (identical(arg, quote(..))) return(py_ellipsis())
  if (.is_colon_call(arg)) {
    parts <- as.list(arg)[-1L]
    if (.is_colon_call(parts[[1L]])) parts <- c(as.list(parts[[1L]])[-1L], parts[-1L])
    return(.make_slice(lapply(parts, eval, envir = envir)))
  }
  if (is.symbol(arg) && grepl(":", as.character(arg), fixed = TRUE)) {
    pieces <- strsplit(as.character(arg), ":", fixed = TRUE)[[1L]]
    if (endsWith(as.character(arg), ":")) pieces <- c(pieces, "")
    pieces[!nzchar(pieces)] <- "NULL"
    return(.make_slice(lapply(pieces, function(p)
      eval(parse(text = p, keep.source = FALSE)[[1L]], envir))))
  }
  .as_index(eval(arg, envir))
}

.is_colon_call <- function(x) is.call(x) && identical(x[[1L]], quote(`:`))

.make_slice <- function(parts) {
  if (!length(parts) %in% 1:3)
    stop("a Python slice takes 1, 2 or 3 parts (start:stop:step)", call. = FALSE)
  parts <- lapply(parts, function(p) {
    if (length(p) == 1L && is.atomic(p) && is.na(p)) NULL else .as_index(p)
  })
  parts <- c(parts, rep(list(NULL), 3L - length(parts)))
  .py("make_slice", parts[[1L]], parts[[2L]], parts[[3L]])
}

.as_index <- function(v) {
  if (!is.double(v) || !length(v) || !is.null(attributes(v)) || !all(is.finite(v)) ||
      any(v != trunc(v)))
    return(v)
  if (all(abs(v) < .Machine$integer.max)) return(as.integer(v))
  if (length(v) == 1L) return(py_call(py_get_attr(import_builtins(convert = FALSE), "int"), v))
  v
}

# ---- printing and strings --------------------------------------------------------------

print.python.builtin.object <- function(x, ...) {
  writeLines(if (py_is_null_xptr(x)) "<pointer: 0x0>"
             else if (is.function(x)) .py("describe_callable", x)
             else py_repr(x))
  invisible(x)
}

.print_via_format <- function(x, ...) {
  writeLines(format(x, ...))
  invisible(x)
}

print.python.builtin.list <- .print_via_format
print.python.builtin.tuple <- .print_via_format
print.python.builtin.dict <- .print_via_format
print.python.builtin.module <- .print_via_format
print.python.builtin.bytearray <- .print_via_format

format.python.builtin.object <- function(x, ...) {
  if (py_is_null_xptr(x)) return("<pointer: 0x0>")
  gsub(" object at 0x\\w{4,}", "", py_str(x))
}

as.character.python.builtin.object <- function(x, ...) py_str(x)

str.python.builtin.object <- function(object, ...) {
  cat(py_str(object), "\n", sep = "")
  invisible()
}

summary.python.builtin.object <- function(object, ...) str(object)

length.python.builtin.object <- function(x) {
  if (py_is_module_proxy(x)) return(0L)
  .py("length_", x)
}

names.python.builtin.object <- function(x) as.character(.DollarNames(x))

.DollarNames.python.builtin.object <- function(x, pattern = "") {
  if (py_is_null_xptr(x)) return(character())
  names <- tryCatch(.py("dollar_names", x), error = function(e) character())
  names[grepl(pattern, names)]
}

as.environment.python.builtin.object <- function(x) {
  if (is.environment(x)) x else attr(x, "py_object", exact = TRUE)
}
