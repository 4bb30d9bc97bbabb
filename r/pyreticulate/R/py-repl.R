# Python typed by people: repl_python(), and the help hooks IDEs use
# (py_help_handler(), register_help_topics(), register_module_help_handler()).
# knitr's Python chunks are in knitr-engine.R.

#' A Python REPL in R
#'
#' @description
#' `repl_python()` runs Python's interactive loop in the R session: each line
#' is read (from the console, or from `input`), statements run in Python's
#' `__main__` as they are complete, and the value of an expression is printed
#' as Python's REPL prints it. An error prints its traceback and the loop goes
#' on. `exit` or `quit` returns to R; what was defined stays in `__main__`
#' (reach it from R with [py]). A line starting with `!` runs as a shell
#' command. R objects are reachable from Python as `r.name`.
#'
#' @param module A module to import (as its name) before the loop starts.
#' @param quiet `TRUE` for no banner.
#' @param input Python code to run instead of reading the console: a
#'   character vector of lines (elements with newlines are split); the loop
#'   ends at its end.
#'
#' @returns `NULL`, invisibly.
#' @seealso [py_run_string()]
#' @examples
#' \dontrun{
#' repl_python(input = c("values = [1, 2, 3]", "sum(values)"))
#' py$values
#' }
#' @md
repl_python <- function(module = NULL, quiet = getOption("reticulate.repl.quiet", default = FALSE),
                        input = NULL) {
  if (!is.null(module)) {
    .check_string(module, "module")
    py_run_string(sprintf("import %s", module))
  }
  if (!is.null(input)) {
    if (!is.character(input)) stop("repl_python(): `input` must be a character vector", call. = FALSE)
    input <- unlist(lapply(input, function(x)
      if (is.na(x) || !nzchar(x)) "" else strsplit(x, "\n", fixed = TRUE)[[1L]]))
  } else if (!interactive()) {
    stop("repl_python() needs an interactive session, or the code as `input`", call. = FALSE)
  }
  repl <- import("pyreticulate.pyobjects.repl", convert = TRUE)$Repl()
  if (!quiet)
    message("Python ", py_version(patch = TRUE), " (", py_exe(), ")\n",
            "Python hosts this R session; type 'exit' or 'quit' to return to R.")
  position <- 0L
  repeat {
    if (is.null(input)) {
      line <- readline(repl$prompt)
    } else {
      if (position >= length(input)) { repl$finish(); break }
      position <- position + 1L
      line <- input[[position]]
    }
    if (identical(repl$push(line), "exit")) break
  }
  invisible(NULL)
}

#' Help for Python objects in IDEs
#'
#' @description
#' The hooks IDEs (RStudio, Positron) call for help on Python objects.
#' `register_module_help_handler(module, handler)` registers a function that
#' gives the URL of the documentation of `module`'s objects: it is called
#' with the qualified name of an object (`"module.name"`) and returns a URL or
#' `NULL`. `register_help_topics()` records the names of modules or classes
#' with help. `py_help_handler()` is what the IDE calls: for `"url"`, the URL
#' from the handler registered for the object's module; for `"completion"` and
#' `"parameter"`, the object's documentation as [py_function_docs()] gives it.
#'
#' @param module A module name.
#' @param handler A function of the object's qualified name.
#' @param type What is asked: `"completion"`, `"parameter"` or `"url"` (for
#'   `py_help_handler()`), `"module"` or `"class"` (for
#'   `register_help_topics()`).
#' @param topics Names of modules or classes.
#' @param topic The object's name.
#' @param source Where it comes from: a module name, or `NULL`.
#' @param ... Ignored.
#'
#' @returns `py_help_handler()`: a URL, the documentation, or `NULL`. The
#'   registration functions: `NULL`, invisibly.
#' @examples
#' \dontrun{
#' register_module_help_handler("numpy", function(name)
#'   paste0("https://numpy.org/doc/stable/search.html?q=", name))
#' py_help_handler("url", "mean", "numpy")
#' }
#' @name help-handlers
#' @md
register_module_help_handler <- function(module, handler) {
  .check_string(module, "module")
  if (!is.function(handler)) stop("`handler` must be a function", call. = FALSE)
  .state$module_help_handlers[[module]] <- handler
  invisible(NULL)
}

#' @rdname help-handlers
#' @md
register_help_topics <- function(type = c("module", "class"), topics) {
  type <- match.arg(type)
  if (!is.character(topics)) stop("`topics` must be a character vector", call. = FALSE)
  .state$help_topics[[type]] <- unique(c(.state$help_topics[[type]], topics))
  invisible(NULL)
}

#' @rdname help-handlers
#' @md
py_help_handler <- function(type = c("completion", "parameter", "url"), topic, source, ...) {
  type <- match.arg(type)
  name <- if (is.null(source) || !nzchar(source)) topic else paste(source, topic, sep = ".")
  if (type == "url") {
    handlers <- .state$module_help_handlers
    for (module in names(handlers))
      if (identical(name, module) || startsWith(name, paste0(module, ".")))
        return(handlers[[module]](name))
    return(NULL)
  }
  object <- tryCatch(py_eval(name, convert = FALSE), error = function(e) NULL)
  if (is.null(object) && !is.null(source))
    object <- tryCatch(py_get_attr(import(source, convert = FALSE), topic), error = function(e) NULL)
  if (is.null(object)) return(NULL)
  tryCatch(py_function_docs(object), error = function(e) NULL)
}
