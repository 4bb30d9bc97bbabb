# reticulate's functions about Python environments, answering for the Python that
# hosts this R session: py_require() checks requirements against it (and never
# installs), py_list_packages() and py_install() are about its packages, and the
# virtualenv_*() and conda_*() functions work on environments on disk as
# reticulate's do (pyreticulate/pyobjects/environment.py).

.environment <- function() import("pyreticulate.pyobjects.environment", convert = TRUE)

.requirements <- function() {
  r <- .state$requirements
  if (is.null(r)) r <- list(packages = character(), python_version = character(),
                            exclude_newer = NULL, history = list())
  r
}

# The error (or, for a package, the warning) for requirements the host does not meet.
.requirements_unmet <- function(problems, from_package) {
  host <- py_exe()
  text <- vapply(problems, function(p) sprintf("  - %s: %s", p[[1L]], p[[2L]]), "")
  wanted <- vapply(problems, `[[`, "", 1L)
  message <- paste0(
    "these Python requirements are not met by the Python that hosts this R session (",
    host, "):\n", paste(text, collapse = "\n"), "\n",
    "pyreticulate does not install packages by itself; install them into that ",
    "environment with:\n  ", .environment()$pip_command(as.list(wanted)))
  if (from_package) warning(message, call. = FALSE) else stop(message, call. = FALSE)
}

.check_python_version <- function(constraints, what) {
  bad <- unlist(.environment()$python_version_problems(as.list(constraints)))
  if (length(bad))
    stop(what, ": Python ", paste(sprintf("'%s'", bad), collapse = ", "),
         " was requested, but the Python that hosts this R session is ",
         py_version(patch = TRUE), " (", py_exe(), ") and cannot be changed from R",
         call. = FALSE)
}

#' Declare the Python packages a script needs
#'
#' @description
#' In reticulate, `py_require()` declares the Python packages (and Python
#' version) the session needs, and reticulate makes an environment that has
#' them. Here Python hosts R and its packages are those installed in its
#' environment, so `py_require()` declares and checks: each requirement is
#' checked against the packages installed in the hosting Python, and the
#' Python version against the running one. A requirement that is not met is an
#' error naming it (what is missing, or which version is installed) with the
#' `pip` command that installs the requirements into that environment;
#' pyreticulate never installs anything by itself. Called from a package (its
#' `.onLoad()`, say) it warns instead, as reticulate does.
#'
#' Requirements are pip's (PEP 508): `"numpy"`, `"numpy>=2"`, `"jax[cpu]"`,
#' `"name @ url"`, with environment markers (`"pywin32; sys_platform ==
#' 'win32'"`: not required here unless the marker holds). A bare URL or path
#' names no package and cannot be checked: it is reported as not met. Python
#' version constraints are like `"3.11"` (any 3.11.x) or `">=3.9,<3.13"`.
#'
#' Called without arguments, `py_require()` returns the declared requirements.
#'
#' @param packages A character vector of requirements.
#' @param python_version A character vector of Python version constraints.
#' @param ... Must be empty.
#' @param exclude_newer Not supported: the packages are those already
#'   installed (an error unless `NULL`).
#' @param action `"add"` (the default) adds the requirements, `"remove"` removes
#'   exact matches, `"set"` replaces the declared ones.
#' @param x A `python_requirements` object.
#'
#' @returns `py_require()`: `NULL`, invisibly; without arguments, the declared
#'   requirements, a list of class `python_requirements` (`packages`,
#'   `python_version`, `exclude_newer`, `history`). `print()`: `x`, invisibly.
#' @seealso [py_list_packages()], [py_install()]
#' @examples
#' \dontrun{
#' py_require(c("numpy>=1.24", "pandas"))
#' py_require(python_version = ">=3.10")
#' py_require()
#' }
#' @md
py_require <- function(packages = NULL, python_version = NULL, ..., exclude_newer = NULL,
                       action = c("add", "remove", "set")) {
  if (length(list(...))) stop("py_require(): `...` must be empty", call. = FALSE)
  requirements <- .requirements()
  if (missing(packages) && missing(python_version) && missing(exclude_newer))
    return(structure(requirements, class = "python_requirements"))
  action <- match.arg(action)
  from_package <- isNamespace(topenv(parent.frame()))
  if (!is.null(exclude_newer))
    stop("py_require(): `exclude_newer` cannot apply here: the packages are those installed ",
         "in the Python that hosts this R session", call. = FALSE)
  if (!is.null(packages) && (!is.character(packages) || anyNA(packages) || !all(nzchar(packages))))
    stop("py_require(): `packages` must be a character vector of requirements", call. = FALSE)
  if (!is.null(python_version)) {
    if (!is.character(python_version) || anyNA(python_version))
      stop("py_require(): `python_version` must be a character vector", call. = FALSE)
    python_version <- trimws(unlist(strsplit(python_version, ",", fixed = TRUE)))
    if (action != "remove") .check_python_version(python_version, "py_require()")
    requirements$python_version <- switch(action,
      add = unique(c(requirements$python_version, python_version)),
      remove = setdiff(requirements$python_version, python_version),
      set = python_version)
  }
  if (!is.null(packages)) {
    if (action != "remove") {
      problems <- .environment()$requirement_problems(as.list(packages))
      if (length(problems)) {
        .requirements_unmet(problems, from_package)
        packages <- setdiff(packages, vapply(problems, `[[`, "", 1L))
      }
    }
    requirements$packages <- switch(action,
      add = unique(c(requirements$packages, packages)),
      remove = setdiff(requirements$packages, packages),
      set = packages)
  }
  requirements$history <- c(requirements$history, list(list(
    requested_from = environmentName(topenv(parent.frame())),
    packages = packages, python_version = python_version, action = action)))
  .state$requirements <- requirements
  invisible(NULL)
}

#' @rdname py_require
#' @md
print.python_requirements <- function(x, ...) {
  cat("Python requirements declared in this session (checked against ", py_exe(), ")\n",
      sep = "")
  cat("Packages:", if (length(x$packages)) paste(x$packages, collapse = ", ") else "(none)",
      "\n")
  cat("Python:", if (length(x$python_version)) paste(x$python_version, collapse = ", ")
      else "(any)", "\n")
  from <- Filter(function(h) !identical(h$requested_from, "R_GlobalEnv"), x$history)
  for (h in from)
    cat(sprintf("  from package %s: %s\n", h$requested_from,
                paste(c(h$packages, h$python_version), collapse = ", ")))
  invisible(x)
}

#' Read or write requirement files
#'
#' @description
#' `py_read_requirements()` reads the requirements in a pip requirements file
#' (one per line; comments and pip options are skipped) and the Python
#' version in a `.python-version` file, and declares them with
#' [py_require()] (so they are checked against the hosting Python), unless
#' `action` is `"none"`. `py_write_requirements()` writes them: with `freeze`
#' (the default here, since the packages are those installed) every installed
#' package pinned to its version; without, the declared requirements. The
#' Python version written is that of the hosting Python.
#'
#' @param packages The requirements file; `NULL` to skip it.
#' @param python_version The Python version file; `NULL` to skip it.
#' @param ... Must be empty.
#' @param action How [py_require()] takes them, or `"none"` to only read.
#' @param freeze `TRUE` to write the installed packages with their versions;
#'   `FALSE` the declared requirements; `NULL` means `TRUE`.
#' @param quiet `TRUE` to write without a message.
#'
#' @returns A list of `packages` and `python_version`, invisibly.
#' @examples
#' \dontrun{
#' py_write_requirements("requirements.txt", ".python-version")
#' py_read_requirements("requirements.txt", ".python-version")
#' }
#' @md
py_read_requirements <- function(packages = "requirements.txt",
                                 python_version = ".python-version", ...,
                                 action = c("add", "set", "remove", "none")) {
  if (length(list(...))) stop("py_read_requirements(): `...` must be empty", call. = FALSE)
  action <- match.arg(action)
  read <- function(file) {
    if (is.null(file)) return(NULL)
    lines <- trimws(sub("#.*$", "", readLines(.existing_file(file), warn = FALSE)))
    lines[nzchar(lines) & !startsWith(lines, "-")]
  }
  out <- list(packages = read(packages), python_version = read(python_version))
  if (action != "none") {
    if (length(out$packages)) py_require(out$packages, action = action)
    if (length(out$python_version)) py_require(python_version = out$python_version, action = action)
  }
  invisible(out)
}

#' @rdname py_read_requirements
#' @md
py_write_requirements <- function(packages = "requirements.txt",
                                  python_version = ".python-version", ...,
                                  freeze = NULL, quiet = FALSE) {
  if (length(list(...))) stop("py_write_requirements(): `...` must be empty", call. = FALSE)
  if (is.null(freeze)) freeze <- TRUE
  lines <- if (isTRUE(freeze)) {
    listed <- py_list_packages()
    listed$requirement
  } else .requirements()$packages
  version <- as.character(py_version(patch = TRUE))
  if (!is.null(packages)) writeLines(lines, packages)
  if (!is.null(python_version)) writeLines(version, python_version)
  if (!quiet)
    message("Wrote ", paste(c(packages, python_version), collapse = " and "))
  invisible(list(packages = lines, python_version = version))
}

# ---- packages of the hosting Python -------------------------------------------------------

#' The packages of the hosting Python
#'
#' @description
#' `py_list_packages()` lists the packages installed in the Python that hosts
#' this R session (with `envname` or `python`, those of that environment or
#' interpreter, from `pip list`). `py_install()` installs packages with pip:
#' into the hosting Python when `envname` is `NULL` or names its environment
#' (they can be imported at once), otherwise into that virtual environment (see
#' [virtualenv_install()]) or, with `method = "conda"`, that conda environment.
#' Unlike [py_require()], which only checks, `py_install()` is an explicit
#' request to install.
#'
#' @param packages The packages to install (pip requirements).
#' @param envname A virtual environment's name or path; `NULL` for the
#'   hosting Python's.
#' @param type,method `"auto"`, `"virtualenv"` or `"conda"`.
#' @param python A Python executable whose packages to list.
#' @param conda The conda executable, for `method = "conda"`.
#' @param python_version Must be `NULL` or met by the hosting Python.
#' @param pip Ignored (pip is always used outside conda).
#' @param ... More arguments for `pip install` (character strings).
#' @param pip_ignore_installed,ignore_installed `TRUE` to pass
#'   `--ignore-installed` to pip.
#'
#' @returns `py_list_packages()`: a data frame with columns `package`,
#'   `version` and `requirement`. `py_install()`: `NULL`, invisibly.
#' @examples
#' \dontrun{
#' head(py_list_packages())
#' py_install("tabulate")
#' }
#' @md
py_list_packages <- function(envname = NULL, type = c("auto", "virtualenv", "conda"),
                             python = NULL) {
  type <- match.arg(type)
  if (is.null(python) && !is.null(envname) && !.is_host_env(envname))
    python <- if (type == "conda") conda_python(envname) else virtualenv_python(envname)
  if (is.null(python) || .is_host_python(python)) {
    listed <- .environment()$installed_packages()
    names <- vapply(listed, function(p) p[[1L]], "")
    versions <- vapply(listed, function(p) p[[2L]], "")
  } else {
    if (!file.exists(python)) stop("no Python at ", python, call. = FALSE)
    lines <- system2(python, c("-m", "pip", "list", "--format=freeze",
                               "--disable-pip-version-check"), stdout = TRUE)
    lines <- grep("==", lines, value = TRUE, fixed = TRUE)
    names <- sub("==.*$", "", lines)
    versions <- sub("^.*==", "", lines)
  }
  data.frame(package = names, version = versions, requirement = paste0(names, "==", versions),
             stringsAsFactors = FALSE)
}

#' @rdname py_list_packages
#' @md
py_install <- function(packages, envname = NULL, method = c("auto", "virtualenv", "conda"),
                       conda = "auto", python_version = NULL, pip = FALSE, ...,
                       pip_ignore_installed = ignore_installed, ignore_installed = FALSE) {
  method <- match.arg(method)
  if (!is.character(packages) || !length(packages))
    stop("py_install(): `packages` must be a character vector", call. = FALSE)
  if (!is.null(python_version)) .check_python_version(python_version, "py_install()")
  if (method == "conda")
    return(conda_install(envname, packages, conda = conda, pip = pip))
  if (!is.null(envname) && !.is_host_env(envname))
    return(virtualenv_install(envname, packages, ignore_installed = pip_ignore_installed,
                              pip_options = as.character(unlist(list(...)))))
  .pip_install(py_exe(), packages, pip_ignore_installed, as.character(unlist(list(...))))
  invisible(NULL)
}

.pip_install <- function(python, packages, ignore_installed = FALSE, options = character()) {
  args <- c("-m", "pip", "install", "--disable-pip-version-check",
            if (isTRUE(ignore_installed)) "--ignore-installed", options, shQuote(packages))
  status <- system2(python, args)
  if (!identical(as.integer(status), 0L))
    stop("pip could not install ", paste(packages, collapse = ", "), " into ", python,
         " (exit status ", status, ")", call. = FALSE)
  invisible(NULL)
}

.host <- function() .environment()$host()

.is_host_python <- function(python)
  normalizePath(path.expand(python), mustWork = FALSE) %in% py_config()$candidates

.is_host_env <- function(envname) {
  host <- .host()
  path <- normalizePath(path.expand(envname), mustWork = FALSE)
  identical(path, normalizePath(host$prefix, mustWork = FALSE)) ||
    identical(envname, basename(host$prefix))
}

# ---- virtual environments -----------------------------------------------------------------

.virtualenv_path <- function(envname = NULL) {
  if (is.null(envname)) envname <- Sys.getenv("RETICULATE_PYTHON_ENV", unset = "r-reticulate")
  .check_string(envname, "envname")
  if (grepl("[/\\\\]", envname)) return(normalizePath(path.expand(envname), mustWork = FALSE))
  path.expand(file.path(virtualenv_root(), envname))
}

.is_virtualenv <- function(path)
  file.exists(file.path(path, "pyvenv.cfg")) || file.exists(file.path(path, "bin", "activate_this.py"))

#' Virtual environments
#'
#' @description
#' reticulate's functions for Python virtual environments, working on
#' environments on disk as reticulate's do. An environment is named by a path
#' (a name with a slash) or by a name under `virtualenv_root()`
#' (`RETICULATE_VIRTUALENV_ROOT`, else `WORKON_HOME`, else `~/.virtualenvs`);
#' `NULL` stands for `RETICULATE_PYTHON_ENV`, else `"r-reticulate"`.
#'
#' The Python that hosts this R session cannot be changed from R, so an
#' environment made here is for other processes (`python -m pyreticulate run`
#' with its Python), and [use_virtualenv()] cannot switch to it.
#' `virtualenv_install()` into the hosting Python's own environment installs
#' into the running interpreter; removing that environment is an error.
#' `virtualenv_starter()` is a Python that can create environments: the
#' hosting Python's base interpreter, then `python3` on the `PATH`.
#'
#' @param envname The environment's name or path.
#' @param python The Python that creates the environment.
#' @param ... Ignored.
#' @param version A Python version the starter must have (such as `"3.11"`).
#' @param packages Packages to install (for `virtualenv_remove()`: to
#'   uninstall; `NULL` removes the environment).
#' @param requirements A requirements file to install from.
#' @param force `TRUE` to replace an existing environment.
#' @param module,extra Ignored (the environment is made with Python's `venv`).
#' @param system_site_packages `TRUE` to give the environment access to the
#'   starter's packages.
#' @param pip_version,setuptools_version Versions of pip and setuptools to
#'   install into it; `NULL` for those `venv` brings.
#' @param ignore_installed `TRUE` to pass `--ignore-installed` to pip.
#' @param pip_options More options for `pip install`.
#' @param python_version Must be `NULL` or met by the environment's Python.
#' @param confirm `TRUE` to ask before removing (in an interactive session).
#' @param all `TRUE` for every starter found, `FALSE` for the first.
#'
#' @returns `virtualenv_create()`: the environment's path, invisibly.
#'   `virtualenv_install()`, `virtualenv_remove()`: `NULL`, invisibly.
#'   `virtualenv_root()`: a path. `virtualenv_list()`: the names of the
#'   environments under it. `virtualenv_exists()`: `TRUE` or `FALSE`.
#'   `virtualenv_python()`: the environment's Python executable.
#'   `virtualenv_starter()`: a path (`all`: a data frame of `version` and
#'   `path`), or `NULL` when there is none.
#' @seealso [py_install()], [use_virtualenv()]
#' @examples
#' \dontrun{
#' virtualenv_root()
#' virtualenv_list()
#' virtualenv_create("scratch-env", packages = NULL)
#' virtualenv_python("scratch-env")
#' virtualenv_remove("scratch-env", confirm = FALSE)
#' }
#' @name virtualenv-tools
#' @md
virtualenv_create <- function(envname = NULL, python = virtualenv_starter(version), ...,
                              version = NULL, packages = "numpy", requirements = NULL,
                              force = FALSE, module = getOption("reticulate.virtualenv.module"),
                              system_site_packages = getOption("reticulate.virtualenv.system_site_packages", default = FALSE),
                              pip_version = getOption("reticulate.virtualenv.pip_version", default = NULL),
                              setuptools_version = getOption("reticulate.virtualenv.setuptools_version", default = NULL),
                              extra = getOption("reticulate.virtualenv.extra", default = NULL)) {
  path <- .virtualenv_path(envname)
  if (.is_virtualenv(path)) {
    if (!force) {
      message("virtualenv: ", path, " already exists")
      return(invisible(path))
    }
    virtualenv_remove(path, confirm = FALSE)
  }
  if (is.null(python)) stop("virtualenv_create(): no Python found to create it with", call. = FALSE)
  dir.create(dirname(path), recursive = TRUE, showWarnings = FALSE)
  status <- system2(python, c("-m", "venv", if (isTRUE(system_site_packages)) "--system-site-packages",
                              shQuote(path)))
  if (!identical(as.integer(status), 0L))
    stop("virtualenv_create(): ", python, " -m venv failed (exit status ", status, ")",
         call. = FALSE)
  tools <- c(if (!is.null(pip_version)) paste0("pip==", pip_version),
             if (!is.null(setuptools_version)) paste0("setuptools==", setuptools_version))
  if (length(tools)) .pip_install(virtualenv_python(path), tools)
  if (length(packages) || !is.null(requirements))
    virtualenv_install(path, packages, requirements = requirements)
  invisible(path)
}

#' @rdname virtualenv-tools
#' @md
virtualenv_install <- function(envname = NULL, packages = NULL, ignore_installed = FALSE,
                               pip_options = character(), requirements = NULL, ...,
                               python_version = NULL) {
  python <- if (!is.null(envname) && .is_host_env(envname)) py_exe() else virtualenv_python(envname)
  if (!file.exists(python))
    stop("virtualenv_install(): the virtual environment '", .virtualenv_path(envname),
         "' does not exist", call. = FALSE)
  options <- c(pip_options, if (!is.null(requirements)) c("-r", shQuote(requirements)))
  if (length(packages) || length(options))
    .pip_install(python, packages, ignore_installed, options)
  invisible(NULL)
}

#' @rdname virtualenv-tools
#' @md
virtualenv_remove <- function(envname = NULL, packages = NULL, confirm = interactive()) {
  path <- .virtualenv_path(envname)
  if (!.is_virtualenv(path))
    stop("virtual environment '", path, "' does not exist", call. = FALSE)
  if (is.null(packages) && .is_host_env(path))
    stop("virtualenv_remove(): '", path, "' is the environment of the Python that hosts ",
         "this R session; it cannot be removed from it", call. = FALSE)
  if (confirm && interactive()) {
    answer <- readline(sprintf("Remove %s%s? [Y/n]: ",
                               if (is.null(packages)) "virtual environment " else "from ", path))
    if (!tolower(answer) %in% c("", "y", "yes")) return(invisible(NULL))
  }
  if (is.null(packages)) {
    unlink(path, recursive = TRUE)
  } else {
    status <- system2(virtualenv_python(path), c("-m", "pip", "uninstall", "--yes", shQuote(packages)))
    if (!identical(as.integer(status), 0L))
      stop("pip could not uninstall ", paste(packages, collapse = ", "), call. = FALSE)
  }
  invisible(NULL)
}

#' @rdname virtualenv-tools
#' @md
virtualenv_root <- function() {
  root <- Sys.getenv("RETICULATE_VIRTUALENV_ROOT", NA_character_)
  if (!is.na(root)) return(root)
  Sys.getenv("WORKON_HOME", unset = "~/.virtualenvs")
}

#' @rdname virtualenv-tools
#' @md
virtualenv_list <- function() {
  root <- path.expand(virtualenv_root())
  if (!dir.exists(root)) return(character())
  names <- list.files(root)
  names[vapply(file.path(root, names), .is_virtualenv, logical(1L))]
}

#' @rdname virtualenv-tools
#' @md
virtualenv_exists <- function(envname = NULL) {
  path <- tryCatch(.virtualenv_path(envname), error = function(e) NULL)
  !is.null(path) && .is_virtualenv(path)
}

#' @rdname virtualenv-tools
#' @md
virtualenv_python <- function(envname = NULL)
  path.expand(file.path(.virtualenv_path(envname), "bin", "python"))

#' @rdname virtualenv-tools
#' @md
virtualenv_starter <- function(version = NULL, all = FALSE) {
  host <- .host()
  candidates <- unique(Filter(nzchar, c(
    file.path(host$base_prefix, "bin", paste0("python", sub("^(\\d+\\.\\d+).*$", "\\1", host$version))),
    file.path(host$base_prefix, "bin", "python3"),
    Sys.which("python3"), Sys.which("python"))))
  candidates <- candidates[file.exists(candidates)]
  versions <- vapply(candidates, function(python) {
    out <- tryCatch(suppressWarnings(system2(python, c("-c", shQuote(
      "import platform, venv; print(platform.python_version())")), stdout = TRUE, stderr = FALSE)),
      error = function(e) character())
    if (length(out) && grepl("^[0-9]", out[1L])) out[1L] else NA_character_
  }, "")
  found <- data.frame(version = numeric_version(versions[!is.na(versions)]),
                      path = unname(candidates[!is.na(versions)]), stringsAsFactors = FALSE)
  if (!is.null(version) && nrow(found)) {
    ok <- vapply(as.character(found$version), function(v)
      !length(unlist(.environment_version_check(version, v))), logical(1L))
    found <- found[ok, , drop = FALSE]
  }
  if (all) return(found)
  if (nrow(found)) found$path[[1L]] else NULL
}

.environment_version_check <- function(constraints, version) {
  env <- .environment()
  Filter(function(text) !env$`_constraint`(text)$contains(version, prereleases = TRUE),
         as.list(trimws(unlist(strsplit(constraints, ",", fixed = TRUE)))))
}

# ---- conda ----------------------------------------------------------------------------------

.conda_envname <- function(envname) {
  if (is.null(envname)) envname <- Sys.getenv("RETICULATE_PYTHON_ENV", unset = "r-reticulate")
  .check_string(envname, "envname")
  envname
}

.conda_target <- function(envname) {
  envname <- .conda_envname(envname)
  if (grepl("[/\\\\]", envname)) c("--prefix", shQuote(normalizePath(path.expand(envname), mustWork = FALSE)))
  else c("--name", shQuote(envname))
}

.conda_run <- function(conda, args, what) {
  status <- system2(conda_binary(conda), args)
  if (!identical(as.integer(status), 0L))
    stop(what, ": conda failed (exit status ", status, ")", call. = FALSE)
  invisible(NULL)
}

#' Conda environments
#'
#' @description
#' reticulate's functions for conda environments. They run the conda found by
#' `conda_binary()`: `conda` itself when it is a path, else the option
#' `reticulate.conda_binary`, the environment variable `RETICULATE_CONDA`,
#' `conda` on the `PATH`, and the usual installation places (Miniconda at
#' [miniconda_path()], `~/miniconda3`, `~/anaconda3`, ...). Without conda they
#' are errors (`condaenv_exists()` is `FALSE`). As with virtual environments,
#' an environment made here is for other processes: the Python that hosts
#' this R session cannot be changed from R ([use_condaenv()]).
#'
#' @param conda The conda executable, or `"auto"` to find it.
#' @param envname The environment's name or path (a name with a slash);
#'   `NULL` stands for `RETICULATE_PYTHON_ENV`, else `"r-reticulate"`.
#' @param packages Packages to install or remove.
#' @param ... More arguments for the conda command (character strings).
#' @param forge `TRUE` to use the conda-forge channel.
#' @param channel More channels.
#' @param environment An environment file for `conda env create`.
#' @param python_version The Python version for a new environment.
#' @param clone The environment to clone.
#' @param file,json Where `conda_export()` writes, and whether as JSON.
#' @param pip `TRUE` to install with pip inside the environment.
#' @param pip_options,pip_ignore_installed Options for pip.
#' @param additional_create_args,additional_install_args More arguments for
#'   `conda create` / `conda install`.
#' @param matchspec What `conda_search()` looks for.
#' @param cmd,args,cmd_line,intern,echo The command `conda_run2()` runs in the
#'   environment, and whether its output is returned or shown.
#' @param all `TRUE` for every match.
#'
#' @returns `conda_binary()`, `conda_exe()`: a path. `conda_version()`: a
#'   string. `conda_list()`: a data frame of `name` and `python`.
#'   `conda_python()`: a path. `condaenv_exists()`: `TRUE` or `FALSE`.
#'   `conda_search()`: a data frame. `conda_run2()`: the output when `intern`,
#'   else the exit status, invisibly. The others: `NULL` or the path, invisibly.
#' @seealso [virtualenv-tools], [py_install()]
#' @examples
#' \dontrun{
#' conda_binary()
#' conda_list()
#' condaenv_exists("r-reticulate")
#' }
#' @name conda-tools
#' @md
conda_binary <- function(conda = "auto") {
  if (!identical(conda, "auto")) {
    if (file.exists(conda)) return(normalizePath(conda))
    stop("the conda executable '", conda, "' does not exist", call. = FALSE)
  }
  candidates <- c(getOption("reticulate.conda_binary", ""), Sys.getenv("RETICULATE_CONDA"),
                  Sys.which("conda"), Sys.which("mamba"),
                  file.path(miniconda_path(), "bin", "conda"),
                  path.expand(file.path(c("~/miniconda3", "~/anaconda3", "~/miniforge3",
                                          "~/mambaforge", "/opt/miniconda3", "/opt/anaconda3",
                                          "/opt/conda"), "bin", "conda")))
  candidates <- candidates[nzchar(candidates) & file.exists(candidates)]
  if (!length(candidates))
    stop("Unable to find conda binary. Is Anaconda installed? (pyreticulate looked at ",
         "RETICULATE_CONDA, the PATH and the usual installation places; the Python ",
         "hosting this R session is ", py_exe(), ")", call. = FALSE)
  normalizePath(candidates[[1L]])
}

#' @rdname conda-tools
#' @md
conda_exe <- conda_binary

#' @rdname conda-tools
#' @md
conda_version <- function(conda = "auto")
  utils::tail(system2(conda_binary(conda), "--version", stdout = TRUE), 1L)

#' @rdname conda-tools
#' @md
conda_list <- function(conda = "auto") {
  conda <- conda_binary(conda)
  out <- suppressWarnings(system2(conda, c("env", "list"), stdout = TRUE, stderr = FALSE))
  out <- trimws(out[!startsWith(trimws(out), "#") & nzchar(trimws(out))])
  paths <- sub("^.*\\s(/\\S.*)$", "\\1", out)
  paths <- paths[startsWith(paths, "/")]
  data.frame(name = basename(paths), python = file.path(paths, "bin", "python"),
             stringsAsFactors = FALSE)
}

#' @rdname conda-tools
#' @md
conda_python <- function(envname = NULL, conda = "auto", all = FALSE) {
  envname <- .conda_envname(envname)
  if (grepl("[/\\\\]", envname)) {
    path <- file.path(path.expand(envname), "bin", "python")
    if (file.exists(path)) return(path)
    stop("no conda environment exists at path '", envname, "'", call. = FALSE)
  }
  envs <- conda_list(conda)
  found <- envs$python[envs$name == envname]
  if (!length(found)) stop("conda environment '", envname, "' not found", call. = FALSE)
  if (all) found else found[[1L]]
}

#' @rdname conda-tools
#' @md
condaenv_exists <- function(envname = NULL, conda = "auto") {
  if (inherits(tryCatch(conda_binary(conda), error = identity), "error")) return(FALSE)
  python <- tryCatch(conda_python(envname, conda), error = function(e) NULL)
  !is.null(python) && file.exists(python)
}

#' @rdname conda-tools
#' @md
conda_create <- function(envname = NULL, packages = NULL, ..., forge = TRUE,
                         channel = character(), environment = NULL, conda = "auto",
                         python_version = NULL, additional_create_args = character()) {
  if (!is.null(environment))
    return(.conda_run(conda, c("env", "create", .conda_target(envname), "--file",
                               shQuote(environment)), "conda_create()"))
  python <- if (!is.null(python_version)) paste0("python=", python_version) else "python"
  channels <- c(if (forge) c("-c", "conda-forge"), rbind(rep("-c", length(channel)), channel))
  .conda_run(conda, c("create", "--yes", .conda_target(envname), channels, additional_create_args,
                      unlist(list(...)), shQuote(c(python, packages))), "conda_create()")
}

#' @rdname conda-tools
#' @md
conda_clone <- function(envname, ..., clone = "base", conda = "auto")
  .conda_run(conda, c("create", "--yes", .conda_target(envname), "--clone", shQuote(clone),
                      unlist(list(...))), "conda_clone()")

#' @rdname conda-tools
#' @md
conda_export <- function(envname, file = if (json) "environment.json" else "environment.yml",
                         json = FALSE, ..., conda = "auto") {
  out <- system2(conda_binary(conda), c("env", "export", .conda_target(envname),
                                        if (json) "--json", unlist(list(...))), stdout = TRUE)
  writeLines(out, file)
  invisible(file)
}

#' @rdname conda-tools
#' @md
conda_install <- function(envname = NULL, packages, forge = TRUE, channel = character(),
                          pip = FALSE, pip_options = character(), pip_ignore_installed = FALSE,
                          conda = "auto", python_version = NULL,
                          additional_install_args = character(), ...) {
  if (pip)
    return(.pip_install(conda_python(envname, conda), packages, pip_ignore_installed, pip_options))
  channels <- c(if (forge) c("-c", "conda-forge"), rbind(rep("-c", length(channel)), channel))
  .conda_run(conda, c("install", "--yes", .conda_target(envname), channels,
                      additional_install_args, unlist(list(...)),
                      if (!is.null(python_version)) shQuote(paste0("python=", python_version)),
                      shQuote(packages)), "conda_install()")
}

#' @rdname conda-tools
#' @md
conda_remove <- function(envname, packages = NULL, conda = "auto") {
  if (is.null(packages) && .is_host_env(envname))
    stop("conda_remove(): '", envname, "' is the environment of the Python that hosts ",
         "this R session; it cannot be removed from it", call. = FALSE)
  if (is.null(packages))
    .conda_run(conda, c("remove", "--yes", .conda_target(envname), "--all"), "conda_remove()")
  else
    .conda_run(conda, c("remove", "--yes", .conda_target(envname), shQuote(packages)),
               "conda_remove()")
}

#' @rdname conda-tools
#' @md
conda_update <- function(conda = "auto")
  .conda_run(conda, c("update", "--yes", "--name", "base", "conda"), "conda_update()")

#' @rdname conda-tools
#' @md
conda_search <- function(matchspec, forge = TRUE, channel = character(), conda = "auto", ...) {
  channels <- c(if (forge) c("-c", "conda-forge"), rbind(rep("-c", length(channel)), channel))
  out <- system2(conda_binary(conda), c("search", channels, unlist(list(...)), shQuote(matchspec)),
                 stdout = TRUE)
  rows <- strsplit(trimws(out[!startsWith(out, "#") & !startsWith(out, "Loading") & nzchar(trimws(out))]),
                   "\\s+")
  rows <- Filter(function(r) length(r) >= 4L, rows)
  data.frame(name = vapply(rows, `[[`, "", 1L), version = vapply(rows, `[[`, "", 2L),
             build = vapply(rows, `[[`, "", 3L), channel = vapply(rows, `[[`, "", 4L),
             stringsAsFactors = FALSE)
}

#' @rdname conda-tools
#' @md
conda_run2 <- function(cmd, args = c(), conda = "auto", envname = NULL,
                       cmd_line = paste(shQuote(cmd), paste(args, collapse = " ")),
                       intern = FALSE, echo = !intern) {
  out <- system2(conda_binary(conda), c("run", .conda_target(envname), "--no-capture-output",
                                        "sh", "-c", shQuote(cmd_line)),
                 stdout = if (intern) TRUE else if (echo) "" else FALSE)
  if (intern) out else invisible(out)
}

# ---- what cannot be done here --------------------------------------------------------------

.not_here <- function(what, why)
  stop(what, ": ", why, " Python hosts this R session (", py_exe(), ") and is fixed ",
       "before R starts; install Python or Miniconda yourself and run the script with ",
       "that Python (python -m pyreticulate run script.R)", call. = FALSE)

#' Installing Python or Miniconda: not from R here
#'
#' @description
#' In reticulate these functions download and install a Python (with pyenv)
#' or Miniconda for R to use. Here Python hosts R and cannot be changed from
#' R, so `install_python()`, `install_miniconda()` and `miniconda_update()`
#' are errors that say so. `miniconda_path()` is where reticulate keeps
#' Miniconda (`RETICULATE_MINICONDA_PATH`, else R's user data directory), and
#' `miniconda_uninstall()` removes a Miniconda installed there.
#'
#' @param version,list,force,optimized,update In reticulate: what to install
#'   and how.
#' @param path The Miniconda installation.
#'
#' @returns `miniconda_path()`: a path. `miniconda_uninstall()`: `NULL`,
#'   invisibly. The others do not return (they are errors).
#' @seealso [py_config()], [py_install()]
#' @examples
#' \dontrun{
#' miniconda_path()
#' }
#' @name install-python
#' @md
install_python <- function(version = "3.12:latest", list = FALSE, force = FALSE,
                           optimized = TRUE)
  .not_here("install_python()", "pyreticulate cannot install a Python for R to use.")

#' @rdname install-python
#' @md
install_miniconda <- function(path = miniconda_path(), update = TRUE, force = FALSE)
  .not_here("install_miniconda()", "pyreticulate cannot install Miniconda for R to use.")

#' @rdname install-python
#' @md
miniconda_update <- function(path = miniconda_path()) {
  conda <- file.path(path, "bin", "conda")
  if (!file.exists(conda)) stop("no Miniconda at ", path, call. = FALSE)
  .conda_run(conda, c("update", "--yes", "--name", "base", "conda"), "miniconda_update()")
}

#' @rdname install-python
#' @md
miniconda_path <- function()
  Sys.getenv("RETICULATE_MINICONDA_PATH",
             unset = file.path(tools::R_user_dir("reticulate", "data"), "r-miniconda"))

#' @rdname install-python
#' @md
miniconda_uninstall <- function(path = miniconda_path()) {
  if (!dir.exists(path)) stop("no Miniconda at ", path, call. = FALSE)
  if (startsWith(normalizePath(py_exe()), normalizePath(path)))
    stop("miniconda_uninstall(): the Python hosting this R session is inside ", path,
         call. = FALSE)
  unlink(path, recursive = TRUE)
  invisible(NULL)
}

#' Run a Python command-line tool with uv
#'
#' @description
#' `uv_run_tool()` runs a tool published as a Python package (`uv tool run`),
#' in an environment uv makes for it; it needs the `uv` executable on the
#' `PATH` (or in `RETICULATE_UV`), and is an error without it.
#'
#' @param tool The tool, such as `"ruff"`.
#' @param args Its arguments.
#' @param ... Passed to [system2()] (such as `stdout = TRUE`).
#' @param from The package that provides the tool, when its name differs.
#' @param with More packages to install with it.
#' @param python_version The Python version uv should use.
#' @param exclude_newer Only packages published before this date.
#'
#' @returns What [system2()] returns.
#' @examples
#' \dontrun{
#' uv_run_tool("pycowsay", "hello from R")
#' }
#' @md
uv_run_tool <- function(tool, args = character(), ..., from = NULL, with = NULL,
                        python_version = NULL, exclude_newer = NULL) {
  uv <- Sys.getenv("RETICULATE_UV", unset = Sys.which("uv"))
  if (!nzchar(uv) || !file.exists(uv))
    stop("uv_run_tool(): the uv executable was not found (on the PATH or in RETICULATE_UV); ",
         "pyreticulate does not download it", call. = FALSE)
  system2(uv, c("tool", "run", if (!is.null(from)) c("--from", shQuote(from)),
                if (length(with)) rbind("--with", shQuote(with)),
                if (!is.null(python_version)) c("--python", shQuote(python_version)),
                if (!is.null(exclude_newer)) c("--exclude-newer", shQuote(exclude_newer)),
                shQuote(tool), args), ...)
}

#' Check the Python packages an R package declares
#'
#' @description
#' In reticulate, `configure_environment()` installs the Python packages an R
#' package declares in its DESCRIPTION (the field `Config/reticulate`). Here it
#' checks them against the Python that hosts this R session, like
#' [py_require()]: those missing are an error with the `pip` command that
#' installs them. Nothing is installed.
#'
#' @param package The R package; `NULL` for the package calling it.
#' @param force Ignored.
#'
#' @returns `TRUE` when the package declares Python packages (all of them
#'   installed), `FALSE` when it declares none, invisibly.
#' @examples
#' \dontrun{
#' configure_environment("mypackage")
#' }
#' @md
configure_environment <- function(package = NULL, force = FALSE) {
  if (is.null(package)) package <- environmentName(topenv(parent.frame()))
  .check_string(package, "package")
  config <- utils::packageDescription(package, fields = "Config/reticulate")
  if (is.null(config) || is.na(config) || !nzchar(config)) return(invisible(FALSE))
  config <- eval(parse(text = config), envir = baseenv())
  packages <- unlist(lapply(config$packages, function(p) {
    if (!is.null(p$version)) paste0(p$package, "==", p$version) else p$package
  }))
  if (!length(packages)) return(invisible(FALSE))
  problems <- .environment()$requirement_problems(as.list(packages))
  if (length(problems)) .requirements_unmet(problems, FALSE)
  invisible(TRUE)
}
