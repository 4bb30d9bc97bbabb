# install_tensorflow(): R's tensorflow installs TensorFlow into a Python
# environment for reticulate to use. Under pyreticulate, R runs inside its
# Python, so TensorFlow is installed with pip into that Python (py_install()),
# or into the environment `envname` names, for other processes.

# The pip requirement for `version`: "default"/"release" is the latest
# TensorFlow, "2.16" TensorFlow 2.16.*, a "-cpu" suffix the CPU-only package,
# "nightly" tf-nightly, a path ending in .whl that wheel, and a requirement
# with an operator (">=2.16") is used as it is.
.tensorflow_requirement <- function(version, cuda) {
  version <- as.character(version)
  if (length(version) != 1L || is.na(version))
    stop("`version` must be one string such as \"default\", \"2.16\" or \"2.16-cpu\"",
         call. = FALSE)
  if (grepl("\\.whl$", version)) return(normalizePath(version, mustWork = TRUE))
  if (grepl("nightly", version, fixed = TRUE))
    return(if (startsWith(version, "tf-")) version else paste0("tf-", version))
  package <- "tensorflow"
  suffix <- regmatches(version, regexpr("-?(cpu|gpu)$", version))
  if (length(suffix)) {
    package <- paste0(package, "-", sub("^-", "", suffix))
    version <- substr(version, 1L, nchar(version) - nchar(suffix))
  }
  if (isTRUE(cuda) && package == "tensorflow") package <- "tensorflow[and-cuda]"
  if (version %in% c("", "default", "release")) return(package)
  if (grepl("[<>=!~]", version)) return(paste0(package, version))
  if (lengths(regmatches(version, gregexpr(".", version, fixed = TRUE))) < 2L)
    version <- paste0(version, ".*")
  paste0(package, "==", version)
}

#' Install TensorFlow into the Python that R runs in
#'
#' @description
#' Installs TensorFlow (and `extra_packages`) with pip. pyreticulate runs R
#' inside a Python process, and that Python's packages are the ones R uses:
#' with `envname = NULL` (the default) or the name or path of that Python's
#' own environment, the packages go there. Another `envname` is a virtual
#' environment (or, with `method = "conda"`, a conda environment) to install
#' into for other processes; this session keeps its Python.
#'
#' TensorFlow already imported in this session stays the version it is until
#' the next start (`restart_session` cannot restart the hosting Python).
#'
#' @param method `"auto"`, `"virtualenv"` or `"conda"`.
#' @param conda The conda executable, for `method = "conda"`.
#' @param version `"default"` (the latest TensorFlow), a version such as
#'   `"2.16"` (any 2.16 release), with `"-cpu"` for the CPU-only package,
#'   `"nightly"`, a pip requirement such as `">=2.16"`, or the path of a wheel.
#' @param envname `NULL` for the hosting Python, or an environment's name or
#'   path.
#' @param extra_packages More pip requirements to install with it.
#' @param restart_session,conda_python_version,metal Accepted for code
#'   written for R's tensorflow; they have no effect here.
#' @param ... More options for `pip install` (character strings).
#' @param cuda `TRUE` for `tensorflow[and-cuda]` (TensorFlow with NVIDIA's
#'   CUDA libraries).
#' @param pip_ignore_installed `TRUE` to pass `--ignore-installed` to pip.
#' @param new_env `TRUE` to remove the environment `envname` first (removing
#'   the hosting Python's environment is an error).
#' @param python_version Must be `NULL` or met by the hosting Python.
#'
#' @returns `NULL`, invisibly.
#' @seealso [tf_version()]
#' @md
#' @examples
#' \dontrun{
#' install_tensorflow(version = "2.16-cpu", extra_packages = "tensorflow-datasets")
#' }
install_tensorflow <- function(method = c("auto", "virtualenv", "conda"), conda = "auto",
                               version = "default", envname = NULL, extra_packages = NULL,
                               restart_session = TRUE, conda_python_version = NULL, ...,
                               cuda = NULL, metal = FALSE, pip_ignore_installed = FALSE,
                               new_env = identical(envname, "r-tensorflow"),
                               python_version = NULL) {
  method <- match.arg(method)
  packages <- c(.tensorflow_requirement(version, cuda), extra_packages)
  hosting <- is.null(envname)
  if (isTRUE(new_env) && !hosting) {
    if (method == "conda") {
      if (conda_binary(conda) != "" && envname %in% conda_list(conda)$name)
        conda_remove(envname, conda = conda)
    } else if (virtualenv_exists(envname)) {
      virtualenv_remove(envname, confirm = FALSE)
    }
  }
  py_install(packages, envname = envname, method = method,
             conda = conda, python_version = python_version, ...,
             pip_ignore_installed = pip_ignore_installed)
  if (hosting && py_eval("'tensorflow' in __import__('sys').modules"))
    message("TensorFlow was already imported in this session; the installed version is used ",
            "from the next start")
  invisible(NULL)
}
