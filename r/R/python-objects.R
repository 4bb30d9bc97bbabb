# Python objects in R: reticulate's API and the S3 methods on
# python.builtin.object. A proxy is an environment holding `pyobj` (an
# external pointer owning one Python reference); callables are closures and
# exceptions condition lists, both with attr(, "py_object").

# ---- modules and code -------------------------------------------------------

import <- function(module, as = NULL, convert = TRUE, delay_load = FALSE) {
  if (!isFALSE(delay_load))
    return(.lazy_module(module, as, convert, delay_load))
  module_proxy <- .py("import_module", module, convert, as)
  .run_load_hooks(module)
  module_proxy
}

import_main <- function(convert = TRUE) .py("main_module", convert)

import_builtins <- function(convert = TRUE) .py("builtins_module", convert)

import_from_path <- function(module, path = ".", convert = TRUE, delay_load = FALSE) {
  sys <- import("sys", convert = FALSE)
  path <- normalizePath(path, mustWork = FALSE)
  sys$path$insert(0L, path)
  on.exit(py_call(py_get_attr(sys$path, "remove"), path), add = TRUE)
  import(module, convert = convert, delay_load = delay_load)
}

.lazy_module <- function(module, as, convert, delay_load) {
  proxy <- new.env(parent = emptyenv())
  proxy$module <- module
  proxy$convert <- convert
  proxy$as <- as
  if (is.function(delay_load)) proxy$on_load <- delay_load
  else if (is.list(delay_load)) for (hook in names(delay_load)) assign(hook, delay_load[[hook]], envir = proxy)
  class(proxy) <- c(paste0("python.builtin.module"), "python.builtin.object")
  proxy
}

py_is_module_proxy <- function(x)
  is.environment(x) && exists("module", envir = x, inherits = FALSE) &&
    !exists("pyobj", envir = x, inherits = FALSE)

.resolve_lazy <- function(x) {
  if (!py_is_module_proxy(x)) return(x)
  hook <- function(name) if (exists(name, envir = x, inherits = FALSE)) get(name, envir = x) else NULL
  if (!is.null(hook("before_load"))) hook("before_load")()
  module <- tryCatch(
    if (!is.null(hook("get_module"))) hook("get_module")() else x$module,
    error = function(e) e)
  loaded <- if (inherits(module, "error")) module else tryCatch(
    .py("import_module", module, x$convert, x$as), error = function(e) e)
  if (inherits(loaded, "error")) {
    if (!is.null(hook("on_error"))) return(hook("on_error")(loaded))
    stop(loaded)
  }
  assign("pyobj", get("pyobj", envir = loaded), envir = x)
  class(x) <- class(loaded)
  rm(list = "module", envir = x)
  if (!is.null(hook("on_load"))) hook("on_load")()
  .run_load_hooks(module)
  x
}

py_run_string <- function(code, local = FALSE, convert = TRUE)
  invisible(.py("run_string", paste(code, collapse = "\n"), local, convert))

py_run_file <- function(file, local = FALSE, convert = TRUE, prepend_path = TRUE)
  invisible(.py("run_file", path.expand(file), local, convert, prepend_path))

py_eval <- function(code, convert = TRUE) .py("eval_string", code, convert)

source_python <- function(file, envir = parent.frame(), convert = TRUE) {
  py_run_file(file, local = FALSE, convert = FALSE)
  main <- import_main(convert = convert)
  for (name in .py("public_names", main)) {
    value <- py_get_attr(main, name)
    assign(name, if (convert) py_to_r(value) else value, envir = envir)
  }
  invisible()
}

py_module_available <- function(module) .py("module_available", module)
py_available <- function(initialize = FALSE) TRUE
py_numpy_available <- function(initialize = FALSE) py_module_available("numpy")

# ---- attributes, items, calls ---------------------------------------------

py_get_attr <- function(x, name, silent = FALSE) .py("get_attr_raw", .resolve_lazy(x), name, silent)

py_set_attr <- function(x, name, value) {
  .py("set_attr", .resolve_lazy(x), name, value)
  invisible(x)
}

py_has_attr <- function(x, name) .py("has_attr", .resolve_lazy(x), name)

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
  tryCatch(.py("len_", x), error = function(e) default)
}

py_str <- function(object, ...) UseMethod("py_str")
py_str.default <- function(object, ...) as.character(object)
py_str.python.builtin.object <- function(object, ...) {
  if (py_is_null_xptr(object)) return("<pointer: 0x0>")
  .py("str_", object)
}

py_repr <- function(object) {
  if (py_is_null_xptr(object)) return("<pointer: 0x0>")
  .py("repr_", object)
}

py_none <- function() py_eval("None", convert = FALSE)
py_ellipsis <- function() py_eval("Ellipsis", convert = FALSE)

py_bool <- function(x) {
  if (py_is_null_xptr(x)) return(FALSE)
  .py("bool_", x)
}

py_id <- function(x) .py("id_", x)

py_is_null_xptr <- function(x) {
  if (py_is_module_proxy(x)) return(FALSE)
  .py("is_null_xptr", x)
}

py_validate_xptr <- function(x) {
  if (py_is_null_xptr(x))
    stop("this Python object is no longer available: its reference did not survive ",
         "saving and restoring the R session (saveRDS/load)", call. = FALSE)
  invisible(x)
}

is_py_object <- function(x) inherits(x, "python.builtin.object")

py_has_convert <- function(x) .py("convert_flag", x)

py_list_attributes <- function(x) .py("dir_", .resolve_lazy(x))

py_has_method <- function(x, name) {
  py_has_attr(x, name) && .py("is_callable", py_get_attr(x, name))
}

py_unicode <- function(str) str

py_func <- function(f) .py("py_func", f)

py_main_thread_func <- function(f) r_to_py(f, convert = TRUE)

py_function_name <- function(x) attr(x, "py_function_name")

# ---- iteration and context managers -----------------------------------------

.done <- new.env(parent = emptyenv())

as_iterator <- function(x) {
  if (!is_py_object(x)) x <- r_to_py(x)
  .py("iter_", x)
}

iter_next <- function(it, completed = NULL) {
  if (!inherits(it, "python.builtin.iterator"))
    stop("iter_next() needs a Python iterator; use as_iterator() first", call. = FALSE)
  .py("next_", it, completed)
}

iterate <- function(it, f = base::identity, simplify = TRUE) {
  it <- as_iterator(it)
  results <- list()
  repeat {
    item <- .py("next_", it, .done)
    if (identical(item, .done)) break
    results[length(results) + 1L] <- list(f(item))
  }
  if (simplify && length(results) && all(vapply(results, function(v)
    is.atomic(v) && length(v) == 1L && is.null(attributes(v)), logical(1L)))) {
    types <- unique(vapply(results, typeof, character(1L)))
    if (length(types) == 1L) return(unlist(results))
  }
  results
}

py_iterator <- function(fn, completed = NULL, prefetch = 0L) {
  force(fn)
  force(completed)
  step <- function() {
    value <- fn()
    if (identical(value, completed)) list(done = TRUE) else list(done = FALSE, value = value)
  }
  .py("make_iterator", step, as.integer(prefetch))
}

`%as%` <- function(object, name) {
  as <- gsub("\"", "", deparse(substitute(name)))
  attr(object, "as") <- as
  attr(object, "as_envir") <- parent.frame()
  object
}

with.python.builtin.object <- function(data, expr, as = NULL, ...) {
  as_name <- if (!missing(as)) gsub("\"", "", deparse(substitute(as))) else attr(data, "as")
  envir <- attr(data, "as_envir")
  if (is.null(envir)) envir <- parent.frame()
  context <- .py("enter_context", data)
  if (!is.null(as_name)) assign(as_name, context, envir = envir)
  outcome <- tryCatch(list(value = withVisible(expr)),
                      error = function(e) e, interrupt = function(e) e)
  failed <- inherits(outcome, "condition")
  suppressed <- .py("exit_context", data, if (failed) outcome else NULL)
  if (failed) {
    if (isTRUE(suppressed)) return(invisible(NULL))
    if (inherits(outcome, "interrupt")) {
      signalCondition(outcome)
      invokeRestart("abort")
    }
    stop(outcome)
  }
  if (outcome$value$visible) outcome$value$value else invisible(outcome$value$value)
}

# ---- output, errors, warnings ------------------------------------------------

py_capture_output <- function(expr, type = c("stdout", "stderr")) {
  type <- match.arg(type, several.ok = TRUE)
  token <- .py("capture_begin", "stdout" %in% type, "stderr" %in% type)
  done <- FALSE
  on.exit(if (!done) .py("capture_end", token), add = TRUE)
  force(expr)
  done <- TRUE
  .py("capture_end", token)
}

py_last_error <- function(exception) {
  if (!missing(exception)) {
    .py("set_last_error", exception)
    return(invisible(py_last_error()))
  }
  last <- .py("last_error")
  if (is.null(last)) return(NULL)
  structure(last, class = "py_error")
}

print.py_error <- function(x, ...) {
  cat(x$traceback)
  if (length(x$r_trace)) cat("R call stack:\n", paste0("  ", x$r_trace, collapse = "\n"), "\n")
  invisible(x)
}

py_clear_last_error <- function() invisible(.py("clear_last_error"))

py_suppress_warnings <- function(expr) {
  token <- .py("warnings_suppress_begin")
  handlers <- .state$suppress_warnings_handlers
  contexts <- lapply(handlers, function(h) h$suppress())
  on.exit({
    for (i in rev(seq_along(handlers))) handlers[[i]]$restore(contexts[[i]])
    .py("warnings_suppress_end", token)
  }, add = TRUE)
  force(expr)
}

register_suppress_warnings_handler <- function(handler) {
  .state$suppress_warnings_handlers[[length(.state$suppress_warnings_handlers) + 1L]] <- handler
  invisible(handler)
}

register_class_filter <- function(filter) {
  .state$class_filters[[length(.state$class_filters) + 1L]] <- filter
  .py("class_filters_changed")
  invisible(filter)
}

py_register_load_hook <- function(module, hook) {
  .state$load_hooks[[module]] <- c(.state$load_hooks[[module]], list(hook))
  if (.py("module_loaded", module)) .run_load_hooks(module)
  invisible()
}

.run_load_hooks <- function(module) {
  hooks <- .state$load_hooks[[module]]
  if (is.null(hooks)) return(invisible())
  .state$load_hooks[[module]] <- NULL
  for (hook in hooks) hook()
  invisible()
}

# ---- classes, pickling, seeds, host ----------------------------------------

PyClass <- function(classname, defs = list(), inherit = NULL) {
  bases <- if (is.null(inherit)) list() else if (is_py_object(inherit)) list(inherit) else inherit
  .py("make_class", classname, defs, bases)
}

py_set_seed <- function(seed, disable_hash_randomization = TRUE) {
  .py("set_seed", as.integer(seed), disable_hash_randomization)
  invisible()
}

py_save_object <- function(object, filename, pickle = "pickle", ...) {
  .py("save_object", r_to_py(object), path.expand(filename), pickle)
  invisible()
}

py_load_object <- function(filename, pickle = "pickle", ..., convert = TRUE)
  .py("load_object", path.expand(filename), pickle, convert)

py_config <- function() .py("host_config")
py_exe <- function() py_config()$python
py_version <- function(patch = FALSE) {
  version <- package_version(py_config()$version)
  if (patch) version else package_version(paste(unlist(version)[1:2], collapse = "."))
}

.use_host <- function(what, requested, required) {
  host <- py_config()
  matches <- is.null(requested) || any(vapply(host$candidates, function(p)
    identical(normalizePath(requested, mustWork = FALSE), p) ||
      startsWith(p, normalizePath(requested, mustWork = FALSE)), logical(1L)))
  if (matches) {
    warning(what, "() does nothing in pyreticulate: Python hosts this R session (",
            host$python, ")", call. = FALSE)
    return(invisible(FALSE))
  }
  stop(what, "(\"", requested, "\") cannot switch Python: pyreticulate runs R inside the ",
       "Python at ", host$python, "; install packages there with pip", call. = FALSE)
}

use_python <- function(python, required = NULL) .use_host("use_python", python, required)
use_virtualenv <- function(virtualenv = NULL, required = NULL) .use_host("use_virtualenv", virtualenv, required)
use_condaenv <- function(condaenv = NULL, conda = "auto", required = NULL) .use_host("use_condaenv", condaenv, required)

py_help <- function(object) {
  cat(.py("help_text", object))
  invisible()
}

py_function_docs <- function(x) .py("help_text", x)

py_function_wrapper <- function(x) {
  formals <- formals(x)
  body <- substitute({
    cl <- sys.call()
    cl[[1L]] <- quote(FN)
    eval(cl, parent.frame())
  }, list(FN = x))
  as.function(c(formals, body))
}

# ---- S3 methods on proxies -----------------------------------------------------

`$.python.builtin.object` <- function(x, name) {
  if (is.list(x) && name %in% names(unclass(x))) return(.subset2(x, name))
  .py("get_attr", .resolve_lazy(x), name)
}

`[[.python.builtin.object` <- function(x, name, ...) {
  if (is.list(x) && is.character(name) && name %in% names(unclass(x))) return(.subset2(x, name))
  x <- .resolve_lazy(x)
  if (is.numeric(name)) return(.py("get_item", x, as.integer(name)))
  if (is.character(name) && .py("has_attr", x, name)) {
    item <- tryCatch(.py("get_item", x, name), error = function(e) .done)
    if (!identical(item, .done)) return(item)
    return(.py("get_attr", x, name))
  }
  .py("get_item", x, name)
}

`$<-.python.builtin.object` <- function(x, name, value) {
  .py("set_attr", .resolve_lazy(x), name, value)
  invisible(x)
}

`[[<-.python.builtin.object` <- function(x, name, value) {
  key <- if (is.numeric(name)) as.integer(name) else name
  if (is.null(value)) .py("del_item", x, key) else .py("set_item", x, key, value)
  invisible(x)
}

`[.python.builtin.object` <- function(x, ...) {
  key <- .slice_key(sys.call(), parent.frame())
  .py("get_item", x, key)
}

`[<-.python.builtin.object` <- function(x, ..., value) {
  call <- sys.call()
  call$value <- NULL
  key <- .slice_key(call, parent.frame())
  if (is.null(value)) .py("del_item", x, key) else .py("set_item", x, key, value)
  invisible(x)
}

# The Python key for x[...]: missing → `:`, a:b(:c) → slice, `..` → Ellipsis,
# integral doubles → int; several arguments → a tuple.
.slice_key <- function(call, envir) {
  args <- as.list(call)[-c(1L, 2L)]
  keys <- lapply(args, .slice_part, envir = envir)
  if (length(keys) == 1L) keys[[1L]] else tuple(keys)
}

.slice_part <- function(arg, envir) {
  slice <- function(...) .py("make_slice", ...)
  if (identical(arg, quote(expr = ))) return(slice(NULL, NULL, NULL))
  if (identical(arg, quote(..))) return(py_ellipsis())
  if (is.symbol(arg) && grepl("^[-0-9NA]*:", as.character(arg))) {
    parts <- strsplit(as.character(arg), ":", fixed = TRUE)[[1L]]
    parts <- c(parts, rep("", 3L - length(parts)))
    values <- lapply(parts, function(p) if (p %in% c("", "NA")) NULL else as.integer(p))
    return(do.call(slice, values))
  }
  if (is.call(arg) && identical(arg[[1L]], quote(`:`))) {
    inner <- arg[[2L]]
    if (is.call(inner) && identical(inner[[1L]], quote(`:`))) {
      parts <- list(inner[[2L]], inner[[3L]], arg[[3L]])
    } else {
      parts <- list(arg[[2L]], arg[[3L]], NULL)
    }
    values <- lapply(parts, function(p) {
      if (is.null(p)) return(NULL)
      v <- eval(p, envir)
      if (length(v) == 1L && is.na(v)) NULL else .as_index(v)
    })
    return(do.call(slice, values))
  }
  value <- eval(arg, envir)
  if (is.null(value)) return(py_none())
  .as_index(value)
}

.as_index <- function(v) {
  if (is.double(v) && length(v) == 1L && !is.na(v) && v == trunc(v) && abs(v) < 2^31)
    as.integer(v) else v
}

print.python.builtin.object <- function(x, ...) {
  text <- py_repr(x)
  if (is.function(x)) {
    signature <- tryCatch(.py("signature_text", x), error = function(e) NULL)
    if (!is.null(signature) && nzchar(signature)) text <- paste0(text, "\n", signature)
  }
  cat(.long_repr(x, text), "\n", sep = "")
  invisible(x)
}

.long_repr <- function(x, text) {
  if (inherits(x, c("python.builtin.list", "python.builtin.tuple", "python.builtin.dict",
                    "python.builtin.bytearray"))) {
    n <- py_len(x, default = 0L)
    if (n > 10L) {
      kind <- if (inherits(x, "python.builtin.dict")) "Dict" else if
        (inherits(x, "python.builtin.tuple")) "Tuple" else "List"
      return(sprintf("%s (%d items)", kind, n))
    }
  }
  if (inherits(x, "python.builtin.module")) {
    return(sprintf("Module(%s)", .py("module_name", x)))
  }
  text
}

format.python.builtin.object <- function(x, ...) {
  sub(" object at 0x[0-9a-fA-F]+", "", py_str(x))
}

as.character.python.builtin.object <- function(x, ...) py_str(x)

str.python.builtin.object <- function(object, ...) {
  cat(.long_repr(object, py_str(object)), "\n", sep = "")
  invisible()
}

summary.python.builtin.object <- function(object, ...) str(object)

length.python.builtin.object <- function(x) {
  if (py_is_module_proxy(x) || py_is_null_xptr(x)) return(0L)
  .py("length_", x)
}

names.python.builtin.object <- function(x) {
  if (py_is_null_xptr(x)) return(character())
  .py("public_names", .resolve_lazy(x))
}

.DollarNames.python.builtin.object <- function(x, pattern = "") {
  names <- names(x)
  names[grepl(pattern, names)]
}

as.environment.python.builtin.object <- function(x) {
  if (is.environment(x)) x else attr(x, "py_object")
}

Ops.python.builtin.object <- function(e1, e2) {
  unary <- missing(e2)
  if (.tensorflow_operand(e1) || (!unary && .tensorflow_operand(e2)))
    return(if (unary) .tensorflow_unary(.Generic, e1) else .tensorflow_binary(.Generic, e1, e2))
  if (unary) return(.py("unary_op", .Generic, e1))
  .py("binary_op", .Generic, e1, e2)
}

# ---- dict ---------------------------------------------------------------------

`$.python.builtin.dict` <- function(x, name) {
  if (.py("has_attr", x, name)) return(.py("get_attr", x, name))
  .py("get_item", x, name)
}

`[[.python.builtin.dict` <- function(x, name, ...) .py("get_item", x, name)

`[.python.builtin.dict` <- function(x, name) .py("get_item", x, name)

`$<-.python.builtin.dict` <- function(x, name, value) {
  if (is.null(value)) .py("del_item", x, name) else .py("set_item", x, name, value)
  invisible(x)
}

`[[<-.python.builtin.dict` <- `$<-.python.builtin.dict`
`[<-.python.builtin.dict` <- `$<-.python.builtin.dict`

length.python.builtin.dict <- function(x) .py("len_", x)

names.python.builtin.dict <- function(x) .py("dict_keys", x)

# ---- exceptions -------------------------------------------------------------------

`$.python.builtin.BaseException` <- function(x, name) {
  if (is.list(x) && name %in% c("call", "message")) return(.subset2(x, name))
  .py("get_attr", x, name)
}

`[[.python.builtin.BaseException` <- function(x, name, ...) `$.python.builtin.BaseException`(x, name)

# ---- numpy, pandas, scipy, str/bytes -----------------------------------------------

dim.numpy.ndarray <- function(x) .py("shape", x)
length.numpy.ndarray <- function(x) .py("size", x)
t.numpy.ndarray <- function(x) py_get_attr(x, "T")
as.array.numpy.ndarray <- function(x, ...) .py("py_to_r", x)
as.matrix.numpy.ndarray <- function(x, ...) as.matrix(.py("py_to_r", x))
as.vector.numpy.ndarray <- function(x, mode = "any") as.vector(.py("py_to_r", x), mode = mode)
as.double.numpy.ndarray <- function(x, ...) as.double(.py("py_to_r", x))
str.numpy.ndarray <- function(object, ...) {
  cat(py_str(object), "\n")
  invisible()
}
`dim<-.numpy.ndarray` <- function(x, value)
  stop("dim<- is not supported on NumPy arrays; use array_reshape() or x$reshape()",
       call. = FALSE)

dim.pandas.core.frame.DataFrame <- function(x) .py("shape", x)
length.pandas.core.frame.DataFrame <- function(x) .py("len_", py_get_attr(x, "columns"))
summary.pandas.core.frame.DataFrame <- function(object, ...) py_call(py_get_attr(object, "describe"))
dim.pandas.core.series.Series <- function(x) .py("shape", x)
length.pandas.core.series.Series <- function(x) .py("len_", x)
summary.pandas.core.series.Series <- summary.pandas.core.frame.DataFrame

dim.scipy.sparse._base._spbase <- function(x) .py("shape", x)
length.scipy.sparse._base._spbase <- function(x) prod(.py("shape", x))

as.character.python.builtin.bytes <- function(x, nul = stop("embedded nul"), ...) {
  raw <- as.raw(x)
  if (any(raw == as.raw(0L))) {
    if (is.raw(nul) || is.character(nul)) raw <- raw[raw != as.raw(0L)]
    else force(nul)
  }
  rawToChar(raw)
}
as.raw.python.builtin.bytes <- function(x) .py("py_to_r", x)
as.character.python.builtin.str <- function(x, ...) .py("py_to_r", x)
