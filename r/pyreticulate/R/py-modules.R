# Python modules and code: import(), the `py` binding's module, running
# Python source, and R hooks run when a module is first imported.

#' Import a Python module
#'
#' @description
#' `import()` imports a Python module into the Python process that hosts this R
#' session and returns a proxy for it: `$` on the proxy reaches the module's
#' attributes, and a missing attribute of a module is tried as a submodule, so
#' `xml$etree` works without importing `xml.etree` first. `import_main()` gives the
#' host's `__main__` module (the one [py] is bound to), `import_builtins()` the
#' module `builtins` (`len`, `int`, `open`, ...). `import_from_path()` imports a
#' module that lives in `path`: the directory goes first on `sys.path` for the
#' import only.
#'
#' Python is always running here, since it hosts R: importing never starts or
#' chooses an interpreter. The module comes from the environment of the Python
#' that started R, and a module that is not installed there is an R error of
#' class `python.builtin.ModuleNotFoundError`.
#'
#' @param module The module's name, a single string (`"numpy"`, `"os.path"`).
#' @param as A name to use instead of the module's own in the R classes of the
#'   objects it makes: with `import("numpy", as = "np")`, arrays have the class
#'   `np.ndarray`. `NULL` keeps the module's name.
#' @param convert `TRUE` to convert what is reached through the proxy
#'   (attributes, items, the results of calls) to R values where a conversion
#'   rule applies; `FALSE` to get proxies. What is reached from the module
#'   carries the same flag.
#' @param delay_load `FALSE` to import at once. Otherwise the proxy imports the
#'   module the first time it is used: `TRUE`; a function, called after the
#'   import; or a list of hook functions `before_load()`, `on_load()`,
#'   `on_error(error)` and `get_module()` (which returns the name of the module
#'   to import).
#' @param path The directory to import the module from.
#'
#' @returns A proxy for the module (class `python.builtin.module`); with
#'   `delay_load`, one that imports the module when it is first used.
#' @seealso [py_module_available()] to test for a module, [py_register_load_hook()]
#'   to run R code when a module is imported, [r_to_py()] for the conversion rules.
#' @examples
#' \dontrun{
#' np <- import("numpy", convert = FALSE)
#' m <- np$arange(6L)$reshape(2L, 3L)
#' os <- import("os")
#' os$getcwd()
#' os$path$join("data", "train.csv")
#' builtins <- import_builtins()
#' builtins$len(list(1, 2, 3))
#' main <- import_main()
#' dir.create("python", showWarnings = FALSE)
#' writeLines(c("def twice(x):", "    return 2 * x"), "python/helpers.py")
#' helpers <- import_from_path("helpers", path = "python")
#' helpers$twice(21)
#' later <- import("scipy.stats", delay_load = TRUE)
#' }
#' @md
import <- function(module, as = NULL, convert = TRUE, delay_load = FALSE) {
  .check_string(module, "module")
  if (!is.null(as)) .check_string(as, "as")
  if (!isFALSE(delay_load))
    return(.lazy_module(module, as, convert, delay_load))
  .py("import_module", module, convert, as)
}

#' @rdname import
#' @md
import_main <- function(convert = TRUE) .py("main_module", convert)

#' @rdname import
#' @md
import_builtins <- function(convert = TRUE) .py("builtins_module", convert)

#' @rdname import
#' @md
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

#' The Python main module
#'
#' @description
#' `py` is the `__main__` module of the Python process that hosts R, with
#' `convert = TRUE`: `py$x` reads the global variable `x` (as an R value where a
#' conversion rule applies) and `py$x <- value` sets it. Code run by
#' [py_run_string()], [py_run_file()] and [source_python()] runs with these
#' globals. When R was started by a Python program (`import pyreticulate`), it is
#' that program's `__main__`, so R code and the program share its globals.
#'
#' `py` is an active binding: each use gives `import_main(convert = TRUE)`.
#'
#' @usage py
#' @returns The proxy of the module `__main__`.
#' @seealso [import_main()], [py_run_string()]
#' @examples
#' \dontrun{
#' py_run_string("answer = 6 * 7")
#' py$answer
#' py$greeting <- "hello"
#' py_eval("greeting.upper()")
#' }
#' @name py
#' @md
NULL

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

#' @rdname is_py_object
#' @md
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

#' Run Python code
#'
#' @description
#' `py_run_string()` executes Python source and `py_run_file()` a Python file,
#' in the `__main__` module of the Python process that hosts R, so the names they
#' bind are globals that [py] sees. With `local = TRUE` the code still reads
#' `__main__`'s globals, but the names it binds go into a new dictionary.
#'
#' While `py_run_file()` runs the file, `__file__` is the file's path and, with
#' `prepend_path = TRUE`, the file's directory comes first on `sys.path`, so the
#' file can import the modules next to it.
#'
#' A Python exception becomes an R error whose classes are the exception's; see
#' [py_last_error()] for its traceback.
#'
#' @param code Python source: a character vector, its elements joined with
#'   newlines.
#' @param local `FALSE` to bind names in `__main__`; `TRUE` to bind them in a
#'   new dictionary, which is returned.
#' @param convert The convert flag of the returned dictionary: whether the
#'   values read from it are converted to R.
#' @param file The path of the Python file.
#' @param prepend_path Whether the file's directory is first on `sys.path` while
#'   the file runs.
#'
#' @returns Invisibly, a proxy for the dictionary the code bound its names in:
#'   `__main__`'s globals, or the new dictionary when `local = TRUE`.
#' @seealso [py_eval()] for an expression's value, [source_python()] to bring a
#'   file's functions into R.
#' @examples
#' \dontrun{
#' py_run_string("import math; root = math.sqrt(2)")
#' py$root
#' scope <- py_run_string("x = [1, 2, 3]", local = TRUE)
#' scope$x
#' writeLines("total = sum(range(10))", "prepare.py")
#' py_run_file("prepare.py")
#' py$total
#' }
#' @md
py_run_string <- function(code, local = FALSE, convert = TRUE) {
  if (!is.character(code))
    stop("`code` must be a character vector of Python source", call. = FALSE)
  invisible(.py("run_string", paste(code, collapse = "\n"), local, convert))
}

#' @rdname py_run_string
#' @md
py_run_file <- function(file, local = FALSE, convert = TRUE, prepend_path = TRUE) {
  file <- .existing_file(file)
  invisible(.py("run_file", file, local, convert, prepend_path))
}

#' Evaluate a Python expression
#'
#' @description
#' `py_eval()` evaluates one Python expression with the globals of the host's
#' `__main__` module and returns its value. Statements (assignments, imports,
#' definitions) need [py_run_string()].
#'
#' @param code A Python expression, a single string.
#' @param convert `TRUE` to convert the value to R where a conversion rule
#'   applies; `FALSE` for a proxy.
#'
#' @returns The value of the expression.
#' @examples
#' \dontrun{
#' py_eval("1 + 1")
#' py_eval("[x ** 2 for x in range(4)]")
#' squares <- py_eval("{n: n * n for n in range(3)}", convert = FALSE)
#' }
#' @md
py_eval <- function(code, convert = TRUE) {
  .check_string(code, "code")
  .py("eval_string", code, convert)
}

#' Run a Python file and bring its definitions into R
#'
#' @description
#' `source_python()` runs a Python file in the host's `__main__` module (so the
#' functions it defines see each other and the file's other globals), then
#' assigns in `envir` every public name the file bound at its top level: names
#' that do not start with `_`, modules left out. Python functions become R
#' functions that call them. While the file runs, `__file__` is its path and its
#' directory is first on `sys.path`.
#'
#' @param file The path of the Python file.
#' @param envir The R environment to assign the names in (by default the
#'   caller's); `NULL` to assign nothing.
#' @param convert Whether the values assigned are converted to R where a rule
#'   applies (for functions: whether their results are).
#'
#' @returns `NULL`, invisibly.
#' @seealso [py_run_file()]
#' @examples
#' \dontrun{
#' writeLines(c("def add(a, b):", "    return a + b", "offset = 10"), "arith.py")
#' source_python("arith.py")
#' add(offset, 5)
#' }
#' @md
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

# ---- `r` in Python's __main__ (pyreticulate/pyobjects/raccess.py) ---------------------

# The environment `r.name` reads in: the option reticulate.engine.environment, else
# knitr's while it knits, else the top of the call stack that testthat or rlang report,
# else the global environment.
.pyr_r_environment <- function() {
  envir <- getOption("reticulate.engine.environment")
  if (is.environment(envir)) return(envir)
  if (isTRUE(getOption("knitr.in.progress")) && "knitr" %in% loadedNamespaces())
    return(knitr::knit_global())
  envir <- getOption("rlang_trace_top_env")
  if (is.environment(envir)) return(envir)
  globalenv()
}

.pyr_r_get <- function(code) eval(parse(text = code), envir = .pyr_r_environment())

.pyr_r_set <- function(name, value) {
  assign(name, value, envir = .pyr_r_environment())
  invisible()
}

# ---- probes ---------------------------------------------------------------------------

#' Is Python, or a Python module, available?
#'
#' @description
#' `py_module_available()` tells whether the Python that hosts R can import a
#' module: it has been imported already, or Python's import system finds it.
#' The module itself is not imported (for a dotted name, Python imports its
#' parent packages to look). `py_numpy_available()` asks the same of NumPy.
#'
#' `py_available()` is always `TRUE` here: Python hosts this R session and runs
#' before any R code does.
#'
#' @param module The module's name, a single string.
#' @param initialize Ignored; in reticulate it starts Python, which is always
#'   running here.
#'
#' @returns `TRUE` or `FALSE`.
#' @examples
#' \dontrun{
#' if (py_module_available("pandas")) pd <- import("pandas")
#' py_numpy_available()
#' }
#' @md
py_module_available <- function(module) {
  .check_string(module, "module")
  .py("module_available", module)
}

#' @rdname py_module_available
#' @md
py_available <- function(initialize = FALSE) TRUE

#' @rdname py_module_available
#' @md
py_numpy_available <- function(initialize = FALSE) py_module_available("numpy")

# ---- load hooks -------------------------------------------------------------------------

#' Run R code when a Python module is imported
#'
#' @description
#' `py_register_load_hook()` registers an R function that runs once the module
#' has been imported and its code has run, whoever imports it: R through
#' [import()], or Python code. If the module is imported already, the hook runs
#' at once. Each hook runs once; an error in a hook becomes an R warning.
#' Packages built on reticulate use it to set things up when the module they
#' wrap is first used.
#'
#' @param module The module's name, a single string.
#' @param hook A function of no arguments.
#'
#' @returns Invisibly: the value of `hook()` when the module was imported
#'   already, otherwise `NULL`.
#' @examples
#' \dontrun{
#' py_register_load_hook("json", function() message("json is loaded"))
#' json <- import("json")
#' }
#' @md
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
