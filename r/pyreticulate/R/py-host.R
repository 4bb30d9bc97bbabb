# The Python that hosts this R session: py_config() and friends, use_*()
# (which cannot switch Python here), seeds, pickling and help.

#' The Python that hosts this R session
#'
#' @description
#' `py_config()` describes the Python interpreter that hosts this R session:
#' `python` (its executable), `libpython`, `pythonhome` (`sys.prefix`),
#' `virtualenv` (the prefix, when it runs in a virtual environment), `version`,
#' and `numpy` (its path and version, once NumPy has been imported).
#' `py_exe()` is the executable and `py_version()` the version.
#' `py_discover_config()` is `py_config()` (there is nothing to discover),
#' `py_config_error_message()` an error message that ends with this
#' description, and `py_versions_windows()` the Pythons registered on Windows
#' that R can use: the hosting one on Windows, none elsewhere.
#'
#' Unlike reticulate, there is nothing to discover or choose: the interpreter
#' is the one that started R, fixed for the whole session (see
#' [use_python()]).
#'
#' @param patch `TRUE` for the full version (such as 3.11.4), `FALSE` for the
#'   major and minor version (3.11).
#' @param x A `py_config`.
#' @param required_module,use_environment Ignored (in reticulate: what the
#'   Python to discover must have).
#' @param prefix The start of the message.
#' @param ... Ignored.
#'
#' @returns `py_config()`, `py_discover_config()`: a list of class
#'   `py_config`. `py_exe()`, `py_config_error_message()`: a string.
#'   `py_version()`: a [numeric_version()]. `py_versions_windows()`: a data
#'   frame. `print()`: `x`, invisibly.
#' @examples
#' \dontrun{
#' py_config()
#' py_exe()
#' py_version() >= "3.10"
#' }
#' @md
py_config <- function() structure(.py("host_config"), class = "py_config")

#' @rdname py_config
#' @md
print.py_config <- function(x, ...) {
  line <- function(label, value) if (length(value)) cat(sprintf("%-11s %s\n", label, value))
  line("python:", x$python)
  line("libpython:", x$libpython)
  line("pythonhome:", x$pythonhome)
  line("virtualenv:", x$virtualenv)
  line("version:", x$version)
  if (!is.null(x$numpy)) line("numpy:", sprintf("%s [%s]", x$numpy$path, x$numpy$version))
  cat("\nNOTE: Python hosts this R session (pyreticulate); it cannot be changed from R.\n")
  invisible(x)
}

#' @rdname py_config
#' @md
py_exe <- function() py_config()$python

#' @rdname py_config
#' @md
py_discover_config <- function(required_module = NULL, use_environment = NULL) py_config()

#' @rdname py_config
#' @md
py_config_error_message <- function(prefix) {
  config <- py_config()
  paste0(prefix, "\n\nThe Python that hosts this R session:\n",
         paste(utils::capture.output(print(config)), collapse = "\n"))
}

#' @rdname py_config
#' @md
py_versions_windows <- function() {
  found <- data.frame(type = character(), hive = character(), install_path = character(),
                      executable_path = character(), version = character(), arch = character(),
                      stringsAsFactors = FALSE)
  if (.Platform$OS.type != "windows") return(found)
  host <- py_config()
  data.frame(type = "PythonCore", hive = NA_character_, install_path = host$pythonhome,
             executable_path = host$python, version = host$version, arch = R.version$arch,
             stringsAsFactors = FALSE)
}

#' @rdname py_config
#' @md
py_version <- function(patch = FALSE) {
  version <- numeric_version(py_config()$version)
  if (patch) version else numeric_version(paste(unlist(version)[1:2], collapse = "."))
}

# use_*() only confirm the host: a request naming it warns that nothing
# changes, any other request is an error.
.use_host <- function(what, requested, matches) {
  host <- py_config()
  if (is.null(requested) || matches(requested, host)) {
    warning(what, "() has no effect: Python hosts this R session (", host$python,
            ") and cannot be changed from R", call. = FALSE)
    return(invisible(host$python))
  }
  stop(what, "(\"", requested, "\"): pyreticulate cannot switch Python; R runs inside ",
       "the Python at ", host$python, ". Run the script with that environment's Python, ",
       "or install packages into it with pip", call. = FALSE)
}

.same_path <- function(path, host)
  normalizePath(path.expand(path), mustWork = FALSE) %in% host$candidates

.names_host_env <- function(name, host)
  .same_path(name, host) || identical(name, basename(host$pythonhome))

#' Choosing a Python: not possible from R here
#'
#' @description
#' In reticulate these functions choose the Python to use before it starts.
#' Here Python hosts R and runs before any R code, so they cannot change it. A
#' request that names the hosting Python (its executable, its prefix, or for an
#' environment the prefix's directory name), or names nothing, gives a warning
#' that it has no effect; any other request is an error that says which Python
#' hosts the session. To use another Python or environment, run the script with
#' it (`/path/to/env/bin/python -m pyreticulate run script.R`), and install
#' Python packages into it with pip.
#'
#' @param python The path of a Python executable.
#' @param required Ignored (in reticulate: whether not finding it is an error).
#' @param virtualenv The path or name of a virtual environment; `NULL` for
#'   none in particular.
#' @param condaenv The path or name of a conda environment; `NULL` for none in
#'   particular.
#' @param conda Ignored (in reticulate: the conda executable).
#' @param version A Python version (such as `"3.11"`): the hosting Python's
#'   version must match it (a warning that nothing changes), else an error.
#'
#' @returns The path of the hosting Python's executable, invisibly, when the
#'   request names it or nothing.
#' @seealso [py_config()]
#' @examples
#' \dontrun{
#' use_python(py_exe())
#' try(use_virtualenv("/some/other/env"))
#' }
#' @md
use_python <- function(python, required = NULL)
  .use_host("use_python", python, .same_path)

#' @rdname use_python
#' @md
use_virtualenv <- function(virtualenv = NULL, required = NULL)
  .use_host("use_virtualenv", virtualenv, .names_host_env)

#' @rdname use_python
#' @md
use_condaenv <- function(condaenv = NULL, conda = "auto", required = NULL)
  .use_host("use_condaenv", condaenv, .names_host_env)

#' @rdname use_python
#' @md
use_miniconda <- function(condaenv = NULL, required = NULL)
  .use_host("use_miniconda", condaenv, .names_host_env)

#' @rdname use_python
#' @md
use_python_version <- function(version, required = NULL) {
  .check_string(version, "version")
  .check_python_version(version, "use_python_version()")
  .use_host("use_python_version", NULL, .same_path)
}

# ---- seeds and pickling --------------------------------------------------------------

#' Seed Python's random number generators
#'
#' @description
#' `py_set_seed()` seeds Python's `random` module and, when NumPy is installed,
#' NumPy's global generator (`numpy.random.seed()`). Libraries with generators
#' of their own need their own calls (their own `set_seed()` functions).
#' With `disable_hash_randomization`, the environment variable
#' `PYTHONHASHSEED` is set to `"0"`: that fixes string hashing in Python
#' processes started afterwards; the running interpreter keeps the hashing it
#' started with.
#'
#' @param seed A single integer.
#' @param disable_hash_randomization Whether to set `PYTHONHASHSEED` to `"0"`.
#'
#' @returns `NULL`, invisibly.
#' @examples
#' \dontrun{
#' py_set_seed(42)
#' random <- import("random")
#' random$random()
#' }
#' @md
py_set_seed <- function(seed, disable_hash_randomization = TRUE) {
  seed <- as.integer(seed)
  if (length(seed) != 1L || is.na(seed)) stop("`seed` must be a single integer", call. = FALSE)
  .py("set_seed", seed, disable_hash_randomization)
  invisible(NULL)
}

#' Save and load Python objects with pickle
#'
#' @description
#' `py_save_object()` converts `object` with [r_to_py()] and writes it to a file
#' with the `dump()` function of the module `pickle`; `py_load_object()` reads
#' it back with that module's `load()`.
#'
#' @param object An R value or Python object.
#' @param filename The path of the file.
#' @param pickle The name of the module to pickle with: one that has
#'   `dump(obj, file)` and `load(file)`, such as `"pickle"`, `"cloudpickle"` or
#'   `"dill"`.
#' @param ... Ignored.
#' @param convert Whether the loaded object is converted to R where a rule
#'   applies.
#'
#' @returns `py_save_object()`: `NULL`, invisibly. `py_load_object()`: the
#'   object.
#' @examples
#' \dontrun{
#' path <- tempfile(fileext = ".pkl")
#' py_save_object(list(a = 1, b = "two"), path)
#' py_load_object(path)
#' }
#' @md
py_save_object <- function(object, filename, pickle = "pickle", ...) {
  .py("save_object", r_to_py(object), path.expand(filename), pickle)
  invisible(NULL)
}

#' @rdname py_save_object
#' @md
py_load_object <- function(filename, pickle = "pickle", ..., convert = TRUE)
  .py("load_object", path.expand(filename), pickle, convert)

# ---- help ------------------------------------------------------------------------------

#' Python's documentation of an object
#'
#' @description
#' `py_help()` prints the documentation Python's `pydoc` renders for an object
#' (what `help(obj)` shows in Python), as plain text. R's own help (`?name`)
#' documents the R functions.
#'
#' @param object A Python object.
#'
#' @returns `object`, invisibly.
#' @examples
#' \dontrun{
#' json <- import("json")
#' py_help(json$dumps)
#' }
#' @md
py_help <- function(object) {
  cat(.py("help_text", object))
  invisible(object)
}

#' The documentation of a Python callable, in pieces
#'
#' @description
#' `py_function_docs()` returns what [py_function_wrapper()] builds on:
#' `name`, `qualified_name` (`module.name`), `description` (the first
#' paragraph of the docstring), `details` (its other paragraphs), `signature`
#' and `parameters` (the names of the parameters other than `*args` and
#' `**kwargs`).
#'
#' @param x A Python callable, or a string of R code that evaluates to one in
#'   the caller's environment (`"json$dumps"`).
#'
#' @returns A named list.
#' @examples
#' \dontrun{
#' json <- import("json")
#' docs <- py_function_docs(json$dumps)
#' docs$signature
#' }
#' @md
py_function_docs <- function(x) {
  if (is.character(x)) x <- eval(parse(text = x, keep.source = FALSE)[[1L]], parent.frame())
  .py("function_docs", x)
}

#' Write an R wrapper for a Python function
#'
#' @description
#' `py_function_wrapper()` generates the source of an R function that calls a
#' Python function with the same arguments, under a roxygen skeleton made from
#' its docstring (its first paragraph, and one parameter line per argument for
#' you to fill in). It is meant for packages that wrap a Python library. The
#' source is returned, not evaluated; printing shows it.
#'
#' @param python_function A Python callable, or R code naming one as a string
#'   (`"json$dumps"`); the generated function calls it with that same
#'   expression.
#' @param r_prefix A prefix for the generated function's name, joined to it
#'   with `_`.
#' @param r_function The generated function's name; by default made from
#'   `r_prefix` and the Python function's name.
#' @param x A `py_wrapper`.
#' @param ... Ignored.
#'
#' @returns A string of class `py_wrapper`; `print()` returns `x` invisibly.
#' @seealso [py_function_docs()]
#' @examples
#' \dontrun{
#' json <- import("json")
#' py_function_wrapper(json$dumps, r_prefix = "json")
#' }
#' @md
# R source for a wrapper function around a Python callable, with a roxygen
# skeleton from its docstring.
py_function_wrapper <- function(python_function, r_prefix = NULL, r_function = NULL) {
  expression <- if (is.character(python_function)) python_function
                else paste(deparse(substitute(python_function)), collapse = "")
  target <- if (is.character(python_function))
    eval(parse(text = python_function, keep.source = FALSE)[[1L]], parent.frame())
  else python_function
  docs <- .py("function_docs", target)
  if (is.null(r_function))
    r_function <- paste(c(r_prefix, gsub("[^A-Za-z0-9_.]", "_", docs$name)), collapse = "_")
  arguments <- formals(target)
  shown <- vapply(names(arguments), function(name) {
    if (identical(arguments[[name]], quote(expr = ))) name
    else paste(name, "=", paste(deparse(arguments[[name]]), collapse = ""))
  }, character(1L))
  passed <- names(arguments)[names(arguments) != "..."]
  call_args <- c(if (length(passed)) paste0(passed, " = ", passed), if ("..." %in% names(arguments)) "...")
  lines <- c(
    paste0("#' ", strsplit(docs$description, "\n", fixed = TRUE)[[1L]]),
    "#'",
    if (length(docs$parameters)) paste0("#' @param ", docs$parameters, " "),
    "#' @export",
    sprintf("%s <- function(%s) {", r_function, paste(shown, collapse = ", ")),
    sprintf("  %s(%s)", expression, paste(call_args, collapse = ", ")),
    "}")
  structure(paste(lines, collapse = "\n"), class = "py_wrapper")
}

#' @rdname py_function_wrapper
#' @md
print.py_wrapper <- function(x, ...) {
  cat(x, "\n", sep = "")
  invisible(x)
}
