# Python objects in R: attribute and item access, builtins on proxies, and the
# S3 methods on python.builtin.object. A proxy is an environment holding
# `pyobj` (an external pointer owning one Python reference); callables are
# closures and exceptions condition lists, both with attr(, "py_object").

# ---- attributes, items, calls ---------------------------------------------------

#' Attributes of Python objects
#'
#' @description
#' `py_get_attr()` reads an attribute of a Python object (Python's `getattr()`),
#' `py_set_attr()` sets one (`setattr()`), `py_has_attr()` tells whether it
#' exists (`hasattr()`) and `py_del_attr()` deletes it (`delattr()`). On a
#' module, a missing attribute is looked for as a submodule and imported.
#'
#' Unlike `x$name`, `py_get_attr()` never converts the attribute to R: it
#' returns a proxy, with `x`'s convert flag. `py_set_attr()` converts `value`
#' with [r_to_py()].
#'
#' @param x A Python object.
#' @param name The attribute's name, a single string.
#' @param silent `TRUE` to return `NULL` for a missing attribute instead of
#'   signalling Python's `AttributeError`.
#' @param value The new value.
#'
#' @returns `py_get_attr()`: the attribute, as a proxy (or `NULL`).
#'   `py_has_attr()`: `TRUE` or `FALSE`. `py_set_attr()` and `py_del_attr()`:
#'   `x`, invisibly.
#' @seealso [py-object-access] for `x$name`, [py_list_attributes()]
#' @examples
#' \dontrun{
#' os <- import("os")
#' py_has_attr(os, "getcwd")
#' sep <- py_get_attr(os, "sep")
#' py_get_attr(os, "no_such_thing", silent = TRUE)
#' ns <- import("types")$SimpleNamespace()
#' py_set_attr(ns, "size", 3L)
#' py_del_attr(ns, "size")
#' }
#' @md
py_get_attr <- function(x, name, silent = FALSE) .py("get_attr_raw", x, name, silent)

#' @rdname py_get_attr
#' @md
py_set_attr <- function(x, name, value) {
  .py("set_attr", x, name, value)
  invisible(x)
}

#' @rdname py_get_attr
#' @md
py_has_attr <- function(x, name) .py("has_attr", x, name)

#' @rdname py_get_attr
#' @md
py_del_attr <- function(x, name) {
  .py("del_attr", x, name)
  invisible(x)
}

#' Items of Python objects
#'
#' @description
#' `py_get_item()` reads `x[key]`, `py_set_item()` sets `x[key] = value` and
#' `py_del_item()` deletes the item (`del x[key]`). The key and the value are
#' converted with [r_to_py()], so an R number `1` is the Python float `1.0`:
#' write `1L` for an integer index. `py_get_item()` never converts the item to
#' R.
#'
#' @param x A Python object that has items (a list, dict, array, ...).
#' @param key The key or index.
#' @param silent `TRUE` to return `NULL` instead of signalling the error when
#'   the lookup fails.
#' @param value The new value.
#'
#' @returns `py_get_item()`: the item, as a proxy (or `NULL`). `py_set_item()`
#'   and `py_del_item()`: `x`, invisibly.
#' @seealso [py-object-access] for `x[[key]]` and `x[...]`
#' @examples
#' \dontrun{
#' counts <- dict(apples = 3L)
#' py_set_item(counts, "pears", 5L)
#' py_get_item(counts, "pears")
#' py_get_item(counts, "plums", silent = TRUE)
#' py_del_item(counts, "apples")
#' }
#' @md
py_get_item <- function(x, key, silent = FALSE) .py("get_item_raw", x, key, silent)

#' @rdname py_get_item
#' @md
py_set_item <- function(x, key, value) {
  .py("set_item", x, key, value)
  invisible(x)
}

#' @rdname py_get_item
#' @md
py_del_item <- function(x, key) {
  .py("del_item", x, key)
  invisible(x)
}

#' Call a Python object
#'
#' @description
#' `py_call()` calls a Python callable: unnamed arguments are passed by
#' position and named ones by keyword, each converted with [r_to_py()]. rlang's
#' `!!!` splices a list of arguments and `:=` gives computed names. The result
#' is not converted (a proxy). Calling the R function that stands for a
#' callable, `f(x)`, does the same but converts the result according to the
#' callable's convert flag.
#'
#' @param x A Python callable.
#' @param ... The arguments.
#'
#' @returns The result of the call, as a proxy.
#' @examples
#' \dontrun{
#' builtins <- import_builtins(convert = FALSE)
#' py_call(py_get_attr(builtins, "max"), 3L, 7L, 5L)
#' args <- list(1L, 10L, 3L)
#' py_call(py_get_attr(builtins, "range"), !!!args)
#' }
#' @md
py_call <- function(x, ...) .py("call_raw", x, list2(...))

#' Length of a Python object
#'
#' @description
#' `py_len()` is Python's `len()`. Without `default`, an object that has no
#' length is an error (Python's `TypeError`); with it, any Python error gives
#' `default`. R's `length()` on a proxy falls back to the truth value instead
#' (see [py-object-methods]).
#'
#' @param x A Python object.
#' @param default What to return when `len()` fails; `NULL` to signal the
#'   error.
#'
#' @returns The length, an integer (a double beyond R's integer range), or
#'   `default`.
#' @examples
#' \dontrun{
#' py_len(r_to_py(list(1, 2, 3)))
#' py_len(py_eval("42", convert = FALSE), default = NA)
#' }
#' @md
py_len <- function(x, default = NULL) {
  if (is.null(default)) return(.py("len_", x))
  tryCatch(.py("len_", x), python.builtin.Exception = function(e) default)
}

#' Attributes and methods of a Python object
#'
#' @description
#' `py_list_attributes()` lists the names Python's `dir()` gives for `x`,
#' sorted, including those that start with an underscore (`names(x)` gives only
#' the public ones). `py_has_method()` tells whether `x$name` is a method
#' bound to `x`, as reticulate's does: a function defined in Python and reached
#' from an instance (or a classmethod). A plain function reached from a class,
#' a builtin function and any other attribute are not.
#'
#' @param x A Python object.
#' @param name An attribute name, a single string.
#'
#' @returns `py_list_attributes()`: a character vector. `py_has_method()`:
#'   `TRUE` or `FALSE`.
#' @examples
#' \dontrun{
#' os <- import("os")
#' head(py_list_attributes(os))
#' Fraction <- import("fractions")$Fraction
#' py_has_method(Fraction(1L, 3L), "limit_denominator")
#' py_has_method(Fraction, "limit_denominator")
#' }
#' @md
py_list_attributes <- function(x) .py("dir_", x)

#' @rdname py_list_attributes
#' @md
py_has_method <- function(x, name) {
  .check_string(name, "name")
  .py("has_method", x, name)
}

# ---- strings ---------------------------------------------------------------------

#' Python's string forms of an object
#'
#' @description
#' `py_str()` is Python's `str()` of an object and `py_repr()` its `repr()`, as
#' R strings. `py_str()` is an S3 generic, and the print and format methods of
#' Python objects use it: a `py_str.<class>` method changes how a class prints.
#' Its methods for lists, tuples and dicts summarise those of more than ten
#' items (`"List (12 items)"`), modules show as `Module(name)` and bytearrays
#' their size. For a value that is not a Python object, `py_str()` gives
#' `"<not a python object>"`; for a proxy whose pointer did not survive saving
#' the R session, both give `"<pointer: 0x0>"`.
#'
#' @param object A Python object.
#' @param ... Passed on to methods.
#'
#' @returns A string.
#' @seealso [py-print]
#' @examples
#' \dontrun{
#' x <- r_to_py(list(1, "a"))
#' py_str(x)
#' py_repr(r_to_py("text"))
#' py_str(r_to_py(as.list(1:20)))
#' }
#' @md
py_str <- function(object, ...) {
  if (!is_py_object(object)) return("<not a python object>")
  if (py_is_null_xptr(object)) return("<pointer: 0x0>")
  UseMethod("py_str")
}

#' @rdname py_str
#' @md
py_str.default <- function(object, ...) "<not a python object>"

#' @rdname py_str
#' @md
py_str.python.builtin.object <- function(object, ...) .py("str_", object)

#' @rdname py_str
#' @md
py_str.python.builtin.module <- function(object, ...)
  paste0("Module(", .module_name(object), ")")

#' @rdname py_str
#' @md
py_str.python.builtin.list <- function(object, ...) .collection_str("List", object)
#' @rdname py_str
#' @md
py_str.python.builtin.tuple <- function(object, ...) .collection_str("Tuple", object)
#' @rdname py_str
#' @md
py_str.python.builtin.dict <- function(object, ...) .collection_str("Dict", object)

#' @rdname py_str
#' @md
py_str.python.builtin.bytearray <- function(object, ...)
  paste0("python.builtin.bytearray (", .py("len_", object), " bytes)")

.collection_str <- function(kind, object) {
  n <- .py("len_", object)
  if (n > 10L) sprintf("%s (%d items)", kind, n) else .py("str_", object)
}

.module_name <- function(x)
  if (py_is_module_proxy(x)) .module_proxy_name(x) else .py("module_name", x)

#' @rdname py_str
#' @md
py_repr <- function(object) {
  if (py_is_null_xptr(object)) return("<pointer: 0x0>")
  .py("repr_", object)
}

#' Legacy: a Python string
#'
#' @description
#' `py_unicode()` converts R text to a Python `str`, as [r_to_py()] does. In
#' reticulate it made unicode strings for Python 2; it is kept for old scripts.
#'
#' @param str A character vector.
#'
#' @returns The Python `str` (a `list` of them for several strings), as a
#'   proxy.
#' @examples
#' \dontrun{
#' py_unicode("text")
#' }
#' @md
py_unicode <- function(str) r_to_py(str)

# ---- singletons, truth, identity, pointers --------------------------------------------

#' Python's None and Ellipsis
#'
#' @description
#' `py_none()` returns Python's `None` and `py_ellipsis()` its `Ellipsis`, as
#' proxies: they are not converted (`None` would become `NULL`), so they can be
#' passed where Python expects them. Inside `x[...]` on a Python object, `..`
#' stands for the ellipsis.
#'
#' @returns A proxy for `None` or `Ellipsis`.
#' @examples
#' \dontrun{
#' py_none()
#' np <- import("numpy", convert = FALSE)
#' m <- np$ones(tuple(2L, 3L, 4L))
#' m$`__getitem__`(tuple(py_ellipsis(), 0L))$shape
#' }
#' @md
py_none <- function() py_eval("None", convert = FALSE)

#' @rdname py_none
#' @md
py_ellipsis <- function() py_eval("Ellipsis", convert = FALSE)

#' Truth value of a Python object
#'
#' @description
#' `py_bool()` is Python's `bool()`: the truth value Python's `if` would use
#' (empty containers, zero and `None` are false). It is `FALSE` for a proxy
#' whose pointer did not survive saving the R session.
#'
#' @param x A Python object.
#'
#' @returns `TRUE` or `FALSE`.
#' @examples
#' \dontrun{
#' py_bool(r_to_py(list()))
#' py_bool(py_eval("[0]", convert = FALSE))
#' }
#' @md
py_bool <- function(x) {
  if (py_is_null_xptr(x)) return(FALSE)
  .py("bool_", x)
}

#' Identity of a Python object
#'
#' @description
#' `py_id()` is Python's `id()` of the object, as a string: two proxies refer
#' to the same Python object when their ids are equal. A proxy whose pointer
#' did not survive saving the R session is an error.
#'
#' @param x A Python object.
#'
#' @returns A string.
#' @examples
#' \dontrun{
#' sys <- import("sys", convert = FALSE)
#' identical(py_id(sys$path), py_id(sys$path))
#' }
#' @md
py_id <- function(x) {
  py_validate_xptr(x)
  .py("id_", x)
}

#' Python objects that did not survive a saved session
#'
#' @description
#' A proxy holds a pointer to its Python object, and the pointer cannot be
#' saved: a proxy restored by `readRDS()`, `load()` or a saved workspace points
#' to nothing. `py_is_null_xptr()` tells whether that is so; `py_validate_xptr()`
#' signals an error that says so, and returns `x` otherwise. A value that is not
#' a Python object, and a module proxy from `import(delay_load = )` that has not
#' imported its module yet, are not null.
#'
#' @param x A Python object.
#'
#' @returns `py_is_null_xptr()`: `TRUE` or `FALSE`. `py_validate_xptr()`: `x`,
#'   invisibly.
#' @examples
#' \dontrun{
#' file <- tempfile(fileext = ".rds")
#' saveRDS(r_to_py(1:3), file)
#' restored <- readRDS(file)
#' py_is_null_xptr(restored)
#' try(py_validate_xptr(restored))
#' }
#' @md
py_is_null_xptr <- function(x) {
  if (!is_py_object(x) || py_is_module_proxy(x)) return(FALSE)
  .py("is_null_xptr", x)
}

#' @rdname py_is_null_xptr
#' @md
py_validate_xptr <- function(x) {
  if (py_is_null_xptr(x))
    stop("this Python object is no longer available: its reference did not survive ",
         "saving and restoring the R session (saveRDS/load); recreate it", call. = FALSE)
  invisible(x)
}

#' Python object predicates
#'
#' @description
#' `is_py_object()` tells whether `x` is a Python object as R sees it: a proxy,
#' or the R function of a callable or the condition of an exception, all of
#' which inherit from `python.builtin.object`.
#'
#' `py_has_convert()` returns the convert flag of a Python object: whether what
#' is read from it is converted to R. `py_is_module_proxy()` tells whether `x`
#' is a module proxy made by `import(delay_load = )` that has not imported its
#' module yet. These two are internal functions of reticulate
#' (`reticulate:::py_has_convert`), exported here for packages built on the
#' bridge.
#'
#' @param x Any R value (`is_py_object()`, `py_is_module_proxy()`) or a Python
#'   object (`py_has_convert()`).
#'
#' @returns `TRUE` or `FALSE`.
#' @examples
#' \dontrun{
#' is_py_object(import("os"))
#' is_py_object(1)
#' py_has_convert(import("os", convert = FALSE))
#' py_is_module_proxy(import("json", delay_load = TRUE))
#' }
#' @name is_py_object
#' @md
is_py_object <- function(x) inherits(x, "python.builtin.object")

#' @rdname is_py_object
#' @md
py_has_convert <- function(x) {
  if (py_is_module_proxy(x)) return(get("convert", envir = x, inherits = FALSE))
  .py("convert_flag", x)
}

# ---- $ [[ [ and their replacement forms --------------------------------------------------

#' Attributes and items of Python objects: $, [[ and [
#'
#' @description
#' These methods make R's extraction and assignment operators work on Python
#' objects:
#'
#' * `x$name` is the attribute `name` (Python's `getattr()`). On a module, a
#'   missing attribute is imported as a submodule (`xml$etree`).
#' * `x[[i]]`: a number is an index (made an integer; 0-based, as in Python);
#'   a single string is the item with that key, or the attribute of that name
#'   when there is no such item; any other key is an item.
#' * `x[...]` is the item for a key written R's way: `x[1, 2]` is Python's
#'   `x[1, 2]` (a tuple key); an empty argument is `:` (`x[, 1]` is
#'   `x[:, 1]`); `a:b` and `a:b:c` are slices with Python's meaning (`x[1:3]`
#'   is Python's `x[1:3]`, its stop excluded), with `NA` for an open end or the
#'   slice as a name in backquotes (`` x[`::2`] ``, `` x[`:3`] ``); `..` is the
#'   ellipsis (`x[.., 1]`). Indices are Python's: 0-based, negative ones
#'   counting from the end. A single string behaves as in `[[`.
#' * `x$name <- value` sets an attribute (`NULL` sets it to `None`).
#'   `x[[i]] <- value` sets an item when `i` is not a single string or the
#'   object's type supports item assignment, and an attribute otherwise;
#'   `x[...] <- value` sets an item. For both, `NULL` deletes the item.
#'
#' What is read is converted to R when `x`'s convert flag is `TRUE` and a
#' conversion rule applies; otherwise it is a proxy. Values assigned are
#' converted with [r_to_py()]. Dicts have methods of their own ([dict-methods]:
#' `d$key` is an item there), and so may classes that packages built on this
#' one give methods of their own.
#'
#' @param x A Python object.
#' @param name An attribute name.
#' @param i An index, key or attribute name.
#' @param ... The index of `[`, one argument per dimension.
#' @param value The value to assign.
#'
#' @returns `$`, `[[` and `[`: the attribute or item. The assignment forms:
#'   `x`.
#' @seealso [py_get_attr()], [py_get_item()] for forms that never convert.
#' @examples
#' \dontrun{
#' np <- import("numpy", convert = FALSE)
#' m <- np$arange(12L)$reshape(3L, 4L)
#' m$shape
#' m[0, 1]
#' m[, 1]
#' m[1:3]
#' m[`::2`]
#' m[.., 0]
#' lst <- r_to_py(list(10, 20, 30))
#' lst[[0]]
#' ns <- import("types")$SimpleNamespace()
#' ns$label <- "first"
#' ns[["label"]]
#' }
#' @name py-object-access
#' @md
# .py("get_attr", x, name) written out: `$` is the commonest crossing.
`$.python.builtin.object` <- function(x, name) {
  value <- .External(.ops$get_attr, x, name)
  if (is.object(value) && inherits(value, ".pyr_signal")) .pyr_raise(value, sys.call()) else value
}

#' @rdname py-object-access
#' @md
`[[.python.builtin.object` <- function(x, i, ...) {
  if (is.numeric(i)) return(.py("get_item", x, as.integer(i)))
  if (is.character(i) && length(i) == 1L) return(.py("get_attr_or_item", x, i))
  .py("get_item", x, i)
}

#' @rdname py-object-access
#' @md
`[.python.builtin.object` <- function(x, ...) {
  key <- .getitem_key(eval(substitute(alist(...))), parent.frame())
  if (is.character(key) && length(key) == 1L) return(.py("get_attr_or_item", x, key))
  .py("get_item", x, key)
}

#' @rdname py-object-access
#' @md
`$<-.python.builtin.object` <- function(x, name, value) {
  .py("set_attr", x, name, value)
  x
}

#' @rdname py-object-access
#' @md
`[[<-.python.builtin.object` <- function(x, i, value) {
  if (is.character(i) && length(i) == 1L && !.py("is_mapping", x)) {
    .py("set_attr", x, i, value)
    return(x)
  }
  key <- if (is.numeric(i)) as.integer(i) else i
  if (is.null(value)) .py("del_item", x, key) else .py("set_item", x, key, value)
  x
}

#' @rdname py-object-access
#' @md
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

#' Printing Python objects
#'
#' @description
#' `print()` shows a Python object's `repr()`, and for a callable a
#' description with its signature. Lists, tuples, dicts, modules and bytearrays print
#' through `format()`, so that a list of more than ten items shows as
#' `List (n items)`. `format()` is [py_str()] without the `object at 0x...`
#' addresses of Python's default representations; `as.character()` is
#' [py_str()]; `str()` and `summary()` print it on one line. A proxy whose
#' pointer did not survive saving the R session shows as `<pointer: 0x0>`.
#'
#' @param x,object A Python object.
#' @param ... Ignored.
#'
#' @returns `print()`: `x`, invisibly. `format()` and `as.character()`: a
#'   string. `str()` and `summary()`: `NULL`, invisibly.
#' @examples
#' \dontrun{
#' os <- import("os")
#' os$path$join
#' print(r_to_py(list(a = 1)))
#' format(import("types")$SimpleNamespace())
#' str(r_to_py(1:3))
#' }
#' @name py-print
#' @md
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

#' @rdname py-print
#' @md
print.python.builtin.list <- .print_via_format
#' @rdname py-print
#' @md
print.python.builtin.tuple <- .print_via_format
#' @rdname py-print
#' @md
print.python.builtin.dict <- .print_via_format
#' @rdname py-print
#' @md
print.python.builtin.module <- .print_via_format
#' @rdname py-print
#' @md
print.python.builtin.bytearray <- .print_via_format

#' @rdname py-print
#' @md
format.python.builtin.object <- function(x, ...) {
  if (py_is_null_xptr(x)) return("<pointer: 0x0>")
  gsub(" object at 0x\\w{4,}", "", py_str(x))
}

#' @rdname py-print
#' @md
as.character.python.builtin.object <- function(x, ...) py_str(x)

#' @rdname py-print
#' @md
str.python.builtin.object <- function(object, ...) {
  cat(py_str(object), "\n", sep = "")
  invisible()
}

#' @rdname py-print
#' @md
summary.python.builtin.object <- function(object, ...) str(object)

#' R generics on Python objects: length, names, as.environment
#'
#' @description
#' `length(x)` is Python's `len(x)` when `x` has a length; otherwise 1 or 0 by
#' its truth value (0 for `None`), or `NA` when that fails too. It is 0 for a
#' proxy whose pointer did not survive saving the R session and for a module
#' from `import(delay_load = )` not imported yet (`length()` does not import
#' it). [py_len()] is `len()` alone.
#'
#' `names(x)` are the public attributes of `x`: the names from `dir()` that do
#' not start with `_` (for a dict, its keys; for a module, also its submodules
#' that are loaded). `.DollarNames()` gives the same names to completion after
#' `x$`, those matching `pattern`.
#'
#' `as.environment(x)` is the R environment behind a Python object: the proxy
#' itself, or the proxy behind the R function of a callable or the condition
#' of an exception.
#'
#' @param x A Python object.
#' @param pattern A regular expression the names must match.
#'
#' @returns `length()`: an integer, or `NA`. `names()` and `.DollarNames()`:
#'   a character vector. `as.environment()`: an environment.
#' @examples
#' \dontrun{
#' length(r_to_py(list(1, 2, 3)))
#' length(py_none())
#' names(import("json"))
#' }
#' @name py-object-methods
#' @md
length.python.builtin.object <- function(x) {
  if (py_is_module_proxy(x)) return(0L)
  .py("length_", x)
}

#' @rdname py-object-methods
#' @md
names.python.builtin.object <- function(x) as.character(.DollarNames(x))

#' @rdname py-object-methods
#' @md
.DollarNames.python.builtin.object <- function(x, pattern = "") {
  if (py_is_null_xptr(x)) return(character())
  names <- tryCatch(.py("dollar_names", x), error = function(e) character())
  names[grepl(pattern, names)]
}

#' @rdname py-object-methods
#' @md
as.environment.python.builtin.object <- function(x) {
  if (is.environment(x)) x else attr(x, "py_object", exact = TRUE)
}
