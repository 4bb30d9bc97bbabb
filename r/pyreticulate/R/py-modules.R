# Python modules and code: import(), the `py` binding's module, running
# Python source, and R hooks run when a module is first imported.

import <- function(module, as = NULL, convert = TRUE, delay_load = FALSE) {
  .check_string(module, "module")
  if (!is.null(as)) .check_string(as, "as")
  if (!isFALSE(delay_load))
    return(.lazy_module(module, as, convert, delay_load))
  .py("import_module", module, convert, as)
}

import_main <- function(convert = TRUE) .py("main_module", convert)

import_builtins <- function(convert = TRUE) .py("builtins_module", convert)

import_from_path <- function(module, path = ".", convert = TRUE, delay_load = FALSE) {
  .check_string(path, "path")
  path <- normalizePath(path, mustWork = FALSE)
  if (isFALSE(delay_load)) {
    .sys_path("insert", 0L, path)
    on.exit(.sys_path("remove", path), add = TRUE)
    return(import(module, convert = convert))
  }
  hooks <- .delay_load_hooks(delay_load)
  import(module, convert = convert, delay_load = list(
    get_module = hooks$get_module,
    before_load = function() {
      .sys_path("insert", 0L, path)
      if (is.function(hooks$before_load)) hooks$before_load()
    },
    on_load = function() {
      .sys_path("remove", path)
      if (is.function(hooks$on_load)) hooks$on_load()
    },
    on_error = function(error) {
      .sys_path("remove", path)
      if (is.function(hooks$on_error)) hooks$on_error(error) else stop(error)
    }))
}

.sys_path <- function(method, ...) {
  sys_path <- py_get_attr(import("sys", convert = FALSE), "path")
  invisible(py_call(py_get_attr(sys_path, method), ...))
}

.check_string <- function(x, what) {
  if (!is.character(x) || length(x) != 1L || is.na(x) || !nzchar(x))
    stop(sprintf("`%s` must be a single non-empty string", what), call. = FALSE)
  invisible(x)
}

# ---- delay_load: a proxy imported on first use ---------------------------------

.delay_load_hooks <- function(delay_load) {
  if (isTRUE(delay_load)) return(list())
  if (is.function(delay_load)) return(list(on_load = delay_load))
  if (is.list(delay_load)) return(delay_load)
  stop("`delay_load` must be TRUE, FALSE, an on_load function or a list of hook ",
       "functions (before_load, on_load, on_error, get_module)", call. = FALSE)
}

.lazy_module <- function(module, as, convert, delay_load) {
  hooks <- .delay_load_hooks(delay_load)
  proxy <- new.env(parent = emptyenv())
  assign("module", module, envir = proxy)
  assign("convert", convert, envir = proxy)
  assign("as", as, envir = proxy)
  for (hook in c("before_load", "on_load", "on_error", "get_module"))
    if (is.function(hooks[[hook]])) assign(hook, hooks[[hook]], envir = proxy)
  attr(proxy, "class") <- c("python.builtin.module", "python.builtin.object")
  proxy
}

py_is_module_proxy <- function(x)
  is.environment(x) && inherits(x, "python.builtin.module") &&
    exists("module", envir = x, inherits = FALSE)

.module_proxy_name <- function(x) get("module", envir = x, inherits = FALSE)

# Imports the module behind a delay_load proxy, running its hooks; the proxy
# becomes an ordinary module proxy. Python calls it when a proxy is first used.
.pyr_resolve_module_proxy <- function(proxy) {
  take <- function(name) {
    if (!exists(name, envir = proxy, inherits = FALSE)) return(NULL)
    value <- get(name, envir = proxy, inherits = FALSE)
    rm(list = name, envir = proxy)
    value
  }
  get_module <- take("get_module")
  before_load <- take("before_load")
  on_load <- take("on_load")
  on_error <- take("on_error")
  if (is.function(get_module)) assign("module", get_module(), envir = proxy)
  module <- .module_proxy_name(proxy)
  if (is.function(before_load)) before_load()
  loaded <- tryCatch(
    .py("import_module", module, get("convert", envir = proxy, inherits = FALSE),
        get("as", envir = proxy, inherits = FALSE)),
    error = function(e) e)
  if (inherits(loaded, "error")) {
    if (is.function(on_error)) {
      on_error(loaded)
      stop("Error loading Python module ", module, call. = FALSE)
    }
    stop(loaded)
  }
  assign("pyobj", get("pyobj", envir = loaded, inherits = FALSE), envir = proxy)
  rm(list = c("module", "convert", "as"), envir = proxy)
  attr(proxy, "class") <- class(loaded)
  if (is.function(on_load)) on_load()
  invisible(proxy)
}

# ---- running Python code ------------------------------------------------------------

py_run_string <- function(code, local = FALSE, convert = TRUE) {
  if (!is.character(code))
    stop("`code` must be a character vector of Python source", call. = FALSE)
  invisible(.py("run_string", paste(code, collapse = "\n"), local, convert))
}

py_run_file <- function(file, local = FALSE, convert = TRUE, prepend_path = TRUE) {
  file <- .existing_file(file)
  invisible(.py("run_file", file, local, convert, prepend_path))
}

py_eval <- function(code, convert = TRUE) {
  .check_string(code, "code")
  .py("eval_string", code, convert)
}

source_python <- function(file, envir = parent.frame(), convert = TRUE) {
  values <- .py("source_file", .existing_file(file), convert)
  if (!is.null(envir))
    for (name in names(values)) assign(name, values[[name]], envir = envir)
  invisible(NULL)
}

.existing_file <- function(file) {
  .check_string(file, "file")
  file <- path.expand(file)
  if (!file.exists(file))
    stop("cannot open file '", file, "': No such file", call. = FALSE)
  normalizePath(file)
}

# ---- probes ---------------------------------------------------------------------------

py_module_available <- function(module) {
  .check_string(module, "module")
  .py("module_available", module)
}

py_available <- function(initialize = FALSE) TRUE

py_numpy_available <- function(initialize = FALSE) py_module_available("numpy")

# ---- load hooks -------------------------------------------------------------------------

py_register_load_hook <- function(module, hook) {
  .check_string(module, "module")
  if (!is.function(hook)) stop("`hook` must be a function", call. = FALSE)
  live <- .bridge_live()
  if (live && .py("module_loaded", module)) return(invisible(hook()))
  .state$load_hooks[[module]] <- c(.state$load_hooks[[module]], list(hook))
  if (live) .py("watch_module", module)
  invisible()
}

# Runs (once) the hooks registered for a module Python has just imported; a
# failing hook becomes a warning, as in reticulate.
.pyr_run_load_hooks <- function(module) {
  hooks <- .state$load_hooks[[module]]
  .state$load_hooks[[module]] <- NULL
  for (hook in hooks)
    tryCatch(hook(), error = function(e)
      warning("a load hook for the Python module '", module, "' failed: ",
              conditionMessage(e), call. = FALSE))
  invisible()
}
