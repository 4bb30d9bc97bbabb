# Which TensorFlow this is and where it comes from: tf_config(), and the
# functions R's tensorflow has for installing it, which here install nothing
# (TensorFlow is a package of the Python that hosts R) and say so;
# tf_probability().

# The shell command that installs `packages` into the Python hosting R.
.pip_command <- function(packages) {
  py_to_r(import("pyreticulate.pyobjects.environment")$pip_command(as.list(packages)))
}

.tensorflow_missing <- function() {
  sprintf(paste0("TensorFlow is not installed in the Python that hosts this R session (%s); ",
                 "install it there with: %s"), py_config()$python, .pip_command("tensorflow-cpu"))
}

#' TensorFlow's configuration
#'
#' @description
#' `tf_config()` tells whether TensorFlow is installed in the Python that hosts
#' R and, if it is, its version and where it and that Python are. Printing it
#' shows the two lines R's tensorflow shows (or why TensorFlow is missing).
#' TensorFlow is imported.
#'
#' @returns A list of class `tensorflow_config`: `available` (`TRUE` or
#'   `FALSE`); with TensorFlow, `version` (major and minor, a
#'   [package_version()]), `version_str` (the full version), `location` (the
#'   directory of the Python package), `python` and `python_version`;
#'   without, `python` and `error_message`.
#' @seealso [tf_version()]
#' @md
#' @examples
#' \dontrun{
#' tf_config()
#' if (tf_config()$available) message("TensorFlow ", tf_config()$version_str)
#' }
tf_config <- function() {
  config <- py_config()
  if (!py_module_available("tensorflow"))
    return(structure(class = "tensorflow_config", list(
      available = FALSE, python = config$python, error_message = .tensorflow_missing())))
  tf <- .tf()
  structure(class = "tensorflow_config", list(
    available = TRUE, version = tf_version(),
    version_str = py_to_r(py_get_attr(py_get_attr(tf, "version"), "VERSION")),
    location = dirname(py_to_r(py_get_attr(tf, "__file__"))),
    python = config$python, python_version = config$version))
}

#' @rdname tf_config
#' @param x A `tensorflow_config` object.
#' @param ... Ignored.
#' @method print tensorflow_config
print.tensorflow_config <- function(x, ...) {
  home <- function(path) sub(Sys.getenv("HOME"), "~", path, fixed = TRUE)
  if (isTRUE(x$available)) {
    cat("TensorFlow v", x$version_str, " (", home(x$location), ")\n", sep = "")
    cat("Python v", x$python_version, " (", home(x$python), ")\n", sep = "")
  } else cat(x$error_message, "\n", sep = "")
  invisible(x)
}

#' Declare TensorFlow as a requirement of the script
#'
#' @description
#' `py_require_tensorflow()` declares TensorFlow as a requirement of the script
#' with [py_require()] (the CPU package on Linux without an NVIDIA GPU,
#' `tensorflow[and-cuda]` with one), which checks that the hosting Python has
#' it. [install_tensorflow()] installs it.
#'
#' @param use_gpu `TRUE` for TensorFlow with CUDA, `FALSE` for the CPU
#'   package, `NA` to choose by whether an NVIDIA GPU is present.
#'
#' @returns What [py_require()] returns.
#' @md
#' @examples
#' \dontrun{
#' py_require_tensorflow()
#' }
py_require_tensorflow <- function(use_gpu = NA) {
  if (is.na(use_gpu)) use_gpu <- .has_nvidia_gpu()
  package <- if (!identical(Sys.info()[["sysname"]], "Linux")) "tensorflow"
             else if (isTRUE(use_gpu)) "tensorflow[and-cuda]" else "tensorflow-cpu"
  py_require(package)
}

.has_nvidia_gpu <- function() {
  if (!nzchar(Sys.which("nvidia-smi"))) return(FALSE)
  listed <- tryCatch(suppressWarnings(system2("nvidia-smi", "-L", stdout = TRUE, stderr = FALSE)),
                     error = function(e) character())
  any(grepl("^GPU [0-9]+: ", listed))
}

#' TensorFlow Probability
#'
#' @description
#' `tf_probability()` imports TensorFlow Probability (the Python package
#' `tensorflow_probability`) and gives its module, as R's tensorflow does. It
#' is not part of pyreticulate's set-up: install it into the Python that hosts
#' R (with TensorFlow 2.16 or later it also needs `tf-keras`); when it is
#' missing or cannot be imported, the error gives the pip command.
#'
#' @returns The module `tensorflow_probability`.
#' @md
#' @examples
#' \dontrun{
#' tfp <- tf_probability()
#' tfp$distributions$Normal(loc = 0, scale = 1)$sample(3L)
#' }
tf_probability <- function() {
  .tf()
  tryCatch(import("tensorflow_probability"), error = function(e) {
    stop(sprintf(paste0("tf_probability(): TensorFlow Probability cannot be imported in the ",
                        "Python that hosts this R session (%s). Install it there with: %s"),
                 sub("\nRun `py_last_error()` for details.", "", conditionMessage(e), fixed = TRUE),
                 .pip_command(c("tensorflow-probability", "tf-keras"))),
         call. = FALSE)
  })
}
