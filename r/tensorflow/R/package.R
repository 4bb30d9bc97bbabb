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

# What the package sets up when it loads, on top of reticulate's hooks: the
# class filter that marks tensors "tensorflow.tensor" (so the S3 methods in
# tf-tensors.R apply to every kind of tensor), the operator handlers for
# tensors and shapes, and the `tf` binding (TensorFlow is imported the first
# time `tf` is used: scripts that never touch it do not pay for it).

.onLoad <- function(libname, pkgname) {
  register_class_filter(.tensor_class_filter)
  register_operator_handler("tensorflow.tensor", .tensor_operator)
  register_operator_handler(.shape_class, .shape_operator)
  makeActiveBinding("tf", .tf_binding, env = asNamespace(pkgname))
  invisible()
}

# Internal helpers under the names the real tensorflow gives them (its test
# suite runs inside the namespace and calls them).
is_windows <- function() identical(.Platform$OS.type, "windows")

is_mac_arm64 <- function()
  identical(Sys.info()[["sysname"]], "Darwin") && identical(Sys.info()[["machine"]], "arm64")
