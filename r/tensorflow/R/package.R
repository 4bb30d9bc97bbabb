#' tensorflow: R's tensorflow API on pyreticulate's bridge
#'
#' @description
#' The tensorflow package gives R scripts run by pyreticulate what R's
#' tensorflow package gives them: [tf] (TensorFlow, imported on first use),
#' tensors that behave as R values ([tensorflow.tensor]: operators, Math and
#' Summary methods with 1-based axes, 1-based indexing with `[`
#' ([tensor-indexing]), conversion to R arrays), [shape()], [as_tensor()],
#' [tf_function()] (with \code{\link[tfautograph]{autograph}()}), TF1 graph mode
#' ([use_compat()], [session-run]), distribution strategies with R functions
#' ([strategy-run]), device information ([tf_gpu_configured()]), its
#' configuration ([tf_config()]), random seeds ([set_random_seed()]), training
#' flags ([flags()], [parse_flags()]), TensorFlow Probability
#' ([tf_probability()]) and TensorBoard ([tensorboard()],
#' [view_savedmodel()]).
#'
#' Like the real package, it builds on reticulate's API (here pyreticulate's
#' stand-in reticulate) and registers, when it loads, a class filter that marks
#' tensors and operator handlers for tensors and shapes. It re-exports a few of
#' reticulate's functions ([reexports]). `library(pyreticulate)` attaches it.
#' TensorFlow itself is the Python package installed in the Python that hosts
#' R; this package installs nothing.
#'
#' @name tensorflow-package
#' @aliases tensorflow
#' @docType package
#' @md
NULL

#' Objects exported from other packages
#'
#' @description
#' The tensorflow package re-exports these functions of reticulate, as R's
#' tensorflow does. They are the same objects as \code{reticulate::name}, which
#' pyreticulate implements; their documentation is in pyreticulate:
#'
#' \describe{
#'   \item{reticulate (pyreticulate):}{\code{\link[pyreticulate:with-as-operator]{\%as\%}},
#'   \code{\link[pyreticulate]{array_reshape}}, \code{\link[pyreticulate]{dict}},
#'   \code{\link[pyreticulate]{import}}, \code{\link[pyreticulate]{iterate}},
#'   \code{\link[pyreticulate]{np_array}}, \code{\link[pyreticulate]{py_require}},
#'   \code{\link[pyreticulate]{tuple}},
#'   \code{\link[pyreticulate:use_python]{use_condaenv}},
#'   \code{\link[pyreticulate]{use_python}},
#'   \code{\link[pyreticulate:use_python]{use_virtualenv}}}
#' }
#'
#' @name reexports
#' @aliases %as% array_reshape dict import iterate np_array py_require tuple
#'   use_condaenv use_python use_virtualenv
#' @keywords internal
#' @docType import
#' @noMd
NULL

# What the package sets up when it loads, on top of reticulate's hooks:
# TensorFlow's C++ log level, the class filter that marks tensors
# "tensorflow.tensor" (so the S3 methods in tf-tensors.R apply to every kind of
# tensor), the operator handlers for tensors and shapes, and the `tf` binding
# (TensorFlow is imported the first time `tf` is used: scripts that never touch
# it do not pay for it). keras3 imports this package, so loading keras3 runs
# this first.

.onLoad <- function(libname, pkgname) {
  .quiet_tensorflow_logs()
  register_class_filter(.tensor_class_filter)
  register_operator_handler("tensorflow.tensor", .tensor_operator)
  register_operator_handler(.shape_class, .shape_operator)
  makeActiveBinding("tf", .tf_binding, env = asNamespace(pkgname))
  invisible()
}

# TF_CPP_MIN_LOG_LEVEL before TensorFlow is imported (it reads it once): the
# option tensorflow.core.cpp_min_log_level when set (0 to 3), as R's tensorflow;
# else 2 (INFO and WARNING lines hidden) unless the user set it, as keras3. The
# start-up lines TensorFlow writes before it reads the level are dropped by the
# bridge while R code imports TensorFlow (pyreticulate/tensorflow/quiet.py).
.quiet_tensorflow_logs <- function() {
  level <- getOption("tensorflow.core.cpp_min_log_level")
  if (!is.null(level))
    Sys.setenv(TF_CPP_MIN_LOG_LEVEL = max(min(as.integer(level), 3L), 0L))
  else if (is.na(Sys.getenv("TF_CPP_MIN_LOG_LEVEL", NA)))
    Sys.setenv(TF_CPP_MIN_LOG_LEVEL = "2")
  invisible()
}

# Internal helpers under the names the real tensorflow gives them (its test
# suite runs inside the namespace and calls them).
is_windows <- function() identical(.Platform$OS.type, "windows")

is_mac_arm64 <- function()
  identical(Sys.info()[["sysname"]], "Darwin") && identical(Sys.info()[["machine"]], "arm64")
