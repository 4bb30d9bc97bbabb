# Loading and attaching pyreticulate.
#
# The Python host loads this namespace when it starts R, with the bridge
# entry points in options(pyreticulate.bridge). R CMD INSTALL also loads it,
# without a host, while it installs a package that imports reticulate (the
# stand-in reticulate loads pyreticulate): then every call into Python is an
# error, and the registration functions only record what they are given.
#
# library(pyreticulate) then attaches the packages of pyreticulate's library
# whose DESCRIPTION says `Config/pyreticulate/attach: true`, each after the
# packages it depends on, so that the last one attached comes first on the
# search path (see .onAttach).

#' pyreticulate: reticulate's API in an R embedded in Python
#'
#' @description
#' pyreticulate runs R inside a Python process: Python hosts the process and
#' embeds R. This package is the R side of that bridge. It gives R code
#' reticulate's API to drive Python: [import()] modules, reach attributes with
#' `$` ([py-object-access]), call functions, convert values both ways
#' ([r_to_py()], [py_to_r()]), iterate ([iterate()]), use context managers
#' ([with-as-operator]), run Python code ([py_run_string()], [py]), and handle
#' Python errors ([py_last_error()]). It also has the hooks that packages built
#' on reticulate use: S3 methods on Python classes, [register_class_filter()],
#' [py_register_load_hook()], [register_suppress_warnings_handler()] and
#' [py_to_r_wrapper()], plus an operator hook of its own,
#' [register_operator_handler()].
#'
#' The package is installed and loaded by the Python package pyreticulate and
#' cannot be loaded in a standalone R session: run a script with
#' `pyreticulate run script.R`, or use R from Python with `import pyreticulate`.
#' `library(reticulate)` in such a script attaches a stand-in reticulate that
#' exports these same functions. `library(pyreticulate)` also attaches the
#' packages of its library that ask for it in their DESCRIPTION (the field
#' `Config/pyreticulate/attach`).
#'
#' Where it differs from reticulate, it does so on purpose: the Python is the
#' one that hosts R, always running and never chosen from R ([use_python()]
#' cannot switch it; installing Python packages is pip's job); missing values,
#' large integers, bytes and Dates convert without losing their meaning
#' ([r_to_py()]); an R error raised in R code that Python called comes back to R
#' as the original condition ([py_last_error()]); and any Python thread may call
#' R functions: it runs them itself once R is free, one thread at a time
#' ([py_iterator()]).
#'
#' @name pyreticulate-package
#' @aliases pyreticulate
#' @docType package
#' @md
NULL

.onLoad <- function(libname, pkgname) {
  ns <- asNamespace(pkgname)
  .state$class_filters <- list()
  .state$load_hooks <- list()
  .state$suppress_warnings_handlers <- list()
  .state$operator_handlers <- list()
  .state$last_signal <- NULL
  makeActiveBinding("py", function() import_main(convert = TRUE), env = ns)
  ops <- getOption("pyreticulate.bridge")
  if (!is.environment(ops)) {
    if (!nzchar(Sys.getenv("R_INSTALL_PKG")))
      stop("pyreticulate runs R inside a Python process: run scripts with ",
           "`pyreticulate run script.R` (or use it from Python with `import pyreticulate`); ",
           "it cannot be loaded into a standalone R session", call. = FALSE)
    .state$live <- FALSE
    assign(".py", .py_unavailable, envir = ns)
    return(invisible())
  }
  if ("reticulate" %in% loadedNamespaces())
    stop("reticulate is loaded in this R session; pyreticulate and reticulate ",
         "cannot be active in the same process", call. = FALSE)
  for (name in ls(ops, all.names = TRUE))
    assign(name, get(name, envir = ops), envir = .ops)
  .state$live <- TRUE
  options(pager = .console_pager)
  .knitr_setup()
  .register_version_gated_methods(ns)
  setHook(packageEvent("reticulate", "onLoad"), function(pkgname, pkgpath) {
    stand_in <- get0(".pyreticulate_stand_in", envir = asNamespace("reticulate"),
                     inherits = FALSE)
    if (isTRUE(stand_in)) return(invisible())
    # R runs onLoad hooks inside try(), so the load cannot be made to fail here:
    # take its S3 methods out, put pyreticulate's back and warn loudly.
    .evict_s3_methods(pkgname, dirname(pkgpath))
    .reregister_s3_methods()
    warning("the real reticulate was loaded (from an explicit lib.loc) while pyreticulate ",
            "is active: the two would bind to the same Python process, so do not call ",
            "it; pyreticulate's S3 methods are back in place. library(reticulate) without ",
            "lib.loc gives pyreticulate's implementation of its API", call. = FALSE)
  })
  invisible()
}

# The pager of R's text help, file.show() and page(): the files through R's
# console (so through the host's streams), without the overstrike R's text
# renderer puts in titles (`_\bA`) and without the banner ("File: ...") and
# doubled lines of the embedding's default file viewer.
.console_pager <- function(files, header = rep("", length(files)), title = "",
                           delete.file = FALSE) {
  header <- rep_len(as.character(header), length(files))
  for (i in seq_along(files)) {
    if (nzchar(header[[i]])) writeLines(header[[i]])
    lines <- readLines(files[[i]], warn = FALSE)
    writeLines(gsub("_\b", "", lines, fixed = TRUE, useBytes = TRUE), useBytes = TRUE)
    if (isTRUE(delete.file)) unlink(files[[i]])
  }
  invisible()
}

# Is there a Python host to call (FALSE while R CMD INSTALL loads the namespace)?
.bridge_live <- function() isTRUE(.state$live)

# Methods for generics that only exist from R 4.3: `%*%` (matrixOps), the
# choice between two different Ops methods, and inherits(x, <Python type>).
# On R 4.2 `%*%` cannot reach Python objects: call the library's own function.
.register_version_gated_methods <- function(ns) {
  if (getRversion() < "4.3.0") return(invisible())
  registerS3method("matrixOps", "python.builtin.object", .py_matrix_op, envir = ns)
  registerS3method("chooseOpsMethod", "python.builtin.object",
                   function(x, y, mx, my, cl, reverse) TRUE, envir = ns)
  registerS3method("nameOfClass", "python.builtin.type",
                   function(x) .py("instance_class", x), envir = ns)
  invisible()
}

# ---- attaching the packages that ask for it ----------------------------------------

.onAttach <- function(libname, pkgname) {
  for (package in .packages_to_attach(libname, pkgname))
    library(package, character.only = TRUE, lib.loc = libname, warn.conflicts = FALSE)
}

# The packages installed in `library` (other than pyreticulate) whose DESCRIPTION
# has `Config/pyreticulate/attach: true`, each after those of them it depends on.
.packages_to_attach <- function(library, self) {
  candidates <- setdiff(list.dirs(library, full.names = FALSE, recursive = FALSE), self)
  wanted <- list()
  for (package in candidates) {
    file <- file.path(library, package, "DESCRIPTION")
    if (!file.exists(file)) next
    fields <- read.dcf(file, fields = c("Config/pyreticulate/attach", "Depends", "Imports"))
    flag <- fields[1L, "Config/pyreticulate/attach"]
    if (is.na(flag)) next
    if (!toupper(flag) %in% c("TRUE", "FALSE"))
      stop(sprintf("%s: Config/pyreticulate/attach must be true or false, not \"%s\"",
                   file, flag), call. = FALSE)
    if (toupper(flag) == "TRUE")
      wanted[[package]] <- .dependency_names(fields[1L, c("Depends", "Imports")])
  }
  ordered <- character()
  while (length(wanted)) {
    ready <- names(wanted)[vapply(wanted, function(deps)
      all(deps %in% ordered | !deps %in% names(wanted)), logical(1L))]
    if (!length(ready))
      stop("the packages to attach with pyreticulate depend on each other in a cycle: ",
           paste(names(wanted), collapse = ", "), call. = FALSE)
    ready <- sort(ready)
    ordered <- c(ordered, ready)
    wanted[ready] <- NULL
  }
  ordered
}

# Package names in DESCRIPTION dependency fields ("a (>= 1.0), b").
.dependency_names <- function(fields) {
  entries <- unlist(strsplit(fields[!is.na(fields)], ",", fixed = TRUE))
  names <- trimws(sub("\\(.*$", "", entries))
  setdiff(names[nzchar(names)], "R")
}

# ---- the real reticulate loaded from an explicit lib.loc ------------------------------

# Remove the S3 methods a package registered (from every generic's table).
.evict_s3_methods <- function(package, libpath) {
  methods <- parseNamespaceFile(package, libpath)$S3methods
  ns <- asNamespace(package)
  for (i in seq_len(nrow(methods))) {
    generic <- get0(methods[i, 1L], envir = ns)
    if (is.null(generic)) next
    home <- if (is.primitive(generic)) .BaseNamespaceEnv else environment(generic)
    table <- get0(".__S3MethodsTable__.", envir = home, inherits = FALSE)
    key <- paste(methods[i, 1L], methods[i, 2L], sep = ".")
    if (!is.null(table) && exists(key, envir = table, inherits = FALSE))
      rm(list = key, envir = table)
  }
}

# Put back the S3 methods of this namespace (after another package replaced them).
.reregister_s3_methods <- function() {
  ns <- asNamespace("pyreticulate")
  info <- parseNamespaceFile("pyreticulate", dirname(getNamespaceInfo(ns, "path")))
  methods <- info$S3methods
  for (i in seq_len(nrow(methods))) {
    name <- if (is.na(methods[i, 3L])) paste(methods[i, 1L], methods[i, 2L], sep = ".")
            else methods[i, 3L]
    if (exists(name, envir = ns, inherits = FALSE))
      registerS3method(methods[i, 1L], methods[i, 2L], get(name, envir = ns), envir = ns)
  }
}
