# The Python that hosts this R session: py_config() and friends, use_*()
# (which cannot switch Python here), seeds, pickling and help.

py_config <- function() structure(.py("host_config"), class = "py_config")

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

py_exe <- function() py_config()$python

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

use_python <- function(python, required = NULL)
  .use_host("use_python", python, .same_path)

use_virtualenv <- function(virtualenv = NULL, required = NULL)
  .use_host("use_virtualenv", virtualenv, .names_host_env)

use_condaenv <- function(condaenv = NULL, conda = "auto", required = NULL)
  .use_host("use_condaenv", condaenv, .names_host_env)

# ---- seeds and pickling --------------------------------------------------------------

py_set_seed <- function(seed, disable_hash_randomization = TRUE) {
  seed <- as.integer(seed)
  if (length(seed) != 1L || is.na(seed)) stop("`seed` must be a single integer", call. = FALSE)
  .py("set_seed", seed, disable_hash_randomization)
  invisible(NULL)
}

py_save_object <- function(object, filename, pickle = "pickle", ...) {
  .py("save_object", r_to_py(object), path.expand(filename), pickle)
  invisible(NULL)
}

py_load_object <- function(filename, pickle = "pickle", ..., convert = TRUE)
  .py("load_object", path.expand(filename), pickle, convert)

# ---- help ------------------------------------------------------------------------------

py_help <- function(object) {
  cat(.py("help_text", object))
  invisible(object)
}

py_function_docs <- function(x) {
  if (is.character(x)) x <- eval(parse(text = x, keep.source = FALSE)[[1L]], parent.frame())
  .py("function_docs", x)
}

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

print.py_wrapper <- function(x, ...) {
  cat(x, "\n", sep = "")
  invisible(x)
}
