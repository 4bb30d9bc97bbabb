# Internal functions of the real reticulate that code written for it calls as
# reticulate:::name (its own tests among them). The stand-in reticulate binds
# them as its internals (r/reticulate/R/reticulate.R); pyreticulate does not
# export them.

# The formals of the R function standing for a Python callable, from its
# signature (pyreticulate/convert/rules/callables.py): `...` for *args and
# **kwargs, keyword-only parameters after it; `...` alone when Python cannot
# tell the signature.
py_get_formals <- function(callable) {
  if (!is_py_object(callable))
    stop("py_get_formals() needs a Python object", call. = FALSE)
  .py("formals_of", callable)
}

# Call a Python callable with a list of positional arguments and a named list
# of keyword arguments; the result is not converted.
py_call_impl <- function(callable, args = NULL, keywords = NULL) {
  if (!is_py_object(callable))
    stop("py_call_impl() needs a Python callable", call. = FALSE)
  args <- as.list(args)
  keywords <- as.list(keywords)
  if (length(keywords) && (is.null(names(keywords)) || !all(nzchar(names(keywords)))))
    stop("py_call_impl(): `keywords` must be a named list", call. = FALSE)
  .py("call_raw", callable, c(unname(args), keywords))
}

# An R object held by Python as an opaque handle (a pyreticulate.RObject, which
# converts back to the identical R object); the R object lives as long as the
# handle, whichever thread drops it.
py_capsule <- function(x) .py("capsule", x)

# An object from a package's namespace, exported or not.
yoink <- function(package, symbol) getExportedValue(asNamespace(package), symbol)

# Whether Python threads may run while R runs: always here, since Python hosts
# R and releases its lock whenever R runs (docs/reticulate-api.md §5); asking
# to block them is an error.
py_allow_threads_impl <- function(allow = TRUE) {
  if (!is.logical(allow) || length(allow) != 1L || is.na(allow))
    stop("py_allow_threads_impl(): `allow` must be TRUE or FALSE", call. = FALSE)
  if (!allow)
    stop("Python threads cannot be blocked while R runs here: Python hosts this R ",
         "session and releases its global interpreter lock whenever R runs, so other ",
         "Python threads always run meanwhile", call. = FALSE)
  invisible(TRUE)
}

# Run a Python file as __main__ on a new thread (with `init_globals`, a named
# list, among its globals, and `args` as sys.argv[1:]); R functions it calls run
# on that thread while R waits for it. The file's directory stays first on sys.path, sys.argv stays
# set.
py_run_file_on_thread <- function(file, ..., args = NULL) {
  file <- .existing_file(file)
  if (!is.null(args)) args <- as.list(as.character(args))
  options <- list(...)
  unknown <- setdiff(names(options), c("init_globals", "run_name"))
  if (length(options) && (is.null(names(options)) || length(unknown) || !all(nzchar(names(options)))))
    stop("py_run_file_on_thread() takes `init_globals` and `run_name` in `...`", call. = FALSE)
  .py("run_file_on_thread", file, args, options$init_globals,
      if (is.null(options$run_name)) "__main__" else options$run_name)
  invisible()
}
