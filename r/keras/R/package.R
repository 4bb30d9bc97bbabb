# What the package sets up when it loads, and the keras 2.x functions about
# the installation: `keras` (tf_keras, imported the first time it is used),
# backend(), is_keras_available(), implementation(), use_implementation(),
# use_backend(), and the internals keras 2.x's test helpers call
# (keras_version(), is_tensorflow_implementation(), have_h5py(), ...).
#
# keras 2.x runs on Keras 2: the Python package tf-keras. Loading the package
# checks that it is installed (without importing it) and routes TensorFlow's
# tf$keras to it from then on (pyreticulate/keras/legacy.py); keras3, which
# imports keras (Keras 3), is unaffected.
#
# NAMESPACE: import(R6)
# NAMESPACE: import(methods)
# NAMESPACE: importFrom(magrittr, "%>%", "%<>%")
# NAMESPACE: importFrom(reticulate, import, import_builtins, py_call, py_get_attr, py_has_attr)
# NAMESPACE: importFrom(reticulate, py_to_r, r_to_py, py_eval, py_func, py_is_null_xptr)
# NAMESPACE: importFrom(reticulate, is_py_object, tuple, dict, np_array, py_module_available)
# NAMESPACE: importFrom(reticulate, iterate, iter_next, py_iterator, py_capture_output, py_str)
# NAMESPACE: importFrom(reticulate, register_class_filter, py_to_r_wrapper)
# NAMESPACE: importFrom(rlang, "%||%", list2, "!!!")
# NAMESPACE: importFrom(tensorflow, tf, tf_version)
# NAMESPACE: export(keras)

#' The tf_keras module
#'
#' @description
#' `keras` is the Python module library(keras) runs on, `tf_keras` (TensorFlow's
#' Keras 2), imported the first time it is used; `keras$layers$Dense`,
#' `keras$backend`, ... reach what the R functions do not wrap. `tf$keras`
#' is the same Keras once the package is loaded.
#'
#' @format A Python module.
#' @name keras
#' @md
NULL

.keras2_state <- new.env(parent = emptyenv())

.onLoad <- function(libname, pkgname) {
  .keras2_state$py_objects <- new.env(parent = emptyenv())
  makeActiveBinding("keras", .keras2_module, asNamespace(pkgname))
  if (nzchar(Sys.getenv("R_INSTALL_PKG"))) return(invisible())
  problem <- py_to_r(.keras2_legacy()$missing_message())
  if (!is.null(problem)) stop(problem, call. = FALSE)
  .keras2_legacy()$use_tf_keras()
  register_class_filter(.keras2_class_filter)
  invisible()
}

# pyreticulate.keras.legacy: tf_keras installed, tf$keras routed to it.
.keras2_legacy <- function() import("pyreticulate.keras.legacy")

.keras2_module <- function() {
  if (is.null(.keras2_state$module)) .keras2_state$module <- import("tf_keras")
  .keras2_state$module
}

# tf_keras's classes also under keras 2.x's names, as keras 2.x's own class
# filter gives them: each "tf_keras.src.<path>" is followed by "keras.<path>"
# (keras.engine.training.Model, keras.metrics.base_metric.Metric, ...), which
# is what keras 2.x's S3 methods and code written for it name. A KerasTensor
# also inherits "tensorflow.tensor", after its own classes, so tensorflow's
# methods (dim(), operators) apply to symbolic tensors too.
.keras2_class_filter <- function(classes) {
  ours <- startsWith(classes, "tf_keras.")
  if (!any(ours)) return(classes)
  renamed <- ifelse(ours, sub("^tf_keras\\.(src\\.)?", "keras.", classes), NA_character_)
  classes <- unique(as.vector(rbind(classes, renamed)))
  classes <- classes[!is.na(classes)]
  if ("keras.engine.keras_tensor.KerasTensor" %in% classes)
    classes <- unique(c(setdiff(classes, "python.builtin.object"), "tensorflow.tensor",
                        "python.builtin.object"))
  classes
}

# ---- the installation ----------------------------------------------------------------------

#' Is Keras available?
#'
#' @description
#' Whether the Keras that library(keras) runs on (tf_keras, TensorFlow's Keras
#' 2) can be imported, and, with `version`, whether it is at least that version.
#'
#' @param version The lowest acceptable version (a string such as `"2.4"`), or
#'   `NULL` for any.
#' @returns `TRUE` or `FALSE`.
#' @export
#' @md
#' @examples
#' \dontrun{
#' if (is_keras_available()) model <- keras_model_sequential()
#' }
is_keras_available <- function(version = NULL) {
  if (!py_module_available("tf_keras")) return(FALSE)
  is.null(version) || keras_version() >= version
}

#' The Keras backend module
#'
#' @description
#' `tf_keras.backend`, the module behind keras 2.x's `k_*()` functions, for
#' what they do not wrap (`backend()$floatx()`, `backend()$backend()`).
#'
#' @param convert Whether the module converts its results to R values.
#' @returns The Python module.
#' @export
#' @md
#' @examples
#' \dontrun{
#' backend()$floatx()
#' k <- backend(); k$epsilon()
#' }
backend <- function(convert = TRUE) {
  import("tf_keras.backend", convert = convert)
}

#' The Keras implementation in use
#'
#' @description
#' keras 2.x could run on the standalone Keras or on TensorFlow's; this package
#' runs on TensorFlow's Keras 2 (tf_keras), so `implementation()` is its module.
#'
#' @returns The Python module of the Keras implementation (`tf_keras`).
#' @export
#' @md
#' @examples
#' \dontrun{
#' implementation()$`__version__`
#' }
implementation <- function() keras

#' Select a Keras implementation and backend
#'
#' @description
#' keras 2.x chose between the standalone Keras and TensorFlow's, and among
#' backends (TensorFlow, CNTK, Theano, PlaidML), through these functions. Only
#' TensorFlow's Keras on the TensorFlow backend remains: choosing it is
#' accepted (it sets the environment variable keras 2.x set), any other choice
#' is an error naming what is available.
#'
#' @param implementation `"tensorflow"` (or `"keras"`, which keras 2.x read as
#'   the same Keras today).
#' @param backend `"tensorflow"`.
#' @returns Nothing useful (invisibly).
#' @export
#' @md
#' @examples
#' \dontrun{
#' use_implementation("tensorflow")
#' use_backend("tensorflow")
#' }
use_implementation <- function(implementation = c("keras", "tensorflow")) {
  implementation <- match.arg(implementation)
  Sys.setenv(KERAS_IMPLEMENTATION = implementation)
  invisible()
}

#' @rdname use_implementation
#' @export
use_backend <- function(backend = c("tensorflow", "cntk", "theano", "plaidml")) {
  backend <- match.arg(backend)
  if (!identical(backend, "tensorflow"))
    stop(sprintf(paste0("use_backend(\"%s\"): Keras 2 (tf_keras) runs on TensorFlow only; ",
                        "the %s backend is gone"), backend, backend), call. = FALSE)
  Sys.setenv(KERAS_BACKEND = backend)
  invisible()
}

# ---- internals keras 2.x's code and test helpers call -------------------------------------

# The installed tf_keras's version as a package_version ("2.21.0").
keras_version <- function() {
  text <- as.character(py_to_r(py_get_attr(keras, "__version__")))
  package_version(regmatches(text, regexpr("^[0-9]+(\\.[0-9]+)*", text)))
}

# The implementation keras 2.x's environment variable names, lower-cased;
# TensorFlow's ("tensorflow") unless it says otherwise.
get_keras_implementation <- function(default = "tensorflow")
  tolower(Sys.getenv("KERAS_IMPLEMENTATION", unset = default))

is_tensorflow_implementation <- function(implementation = get_keras_implementation())
  startsWith(implementation, "tensorflow")

is_keras_implementation <- function(implementation = get_keras_implementation())
  identical(implementation, "keras")

is_backend <- function(name) identical(py_to_r(backend()$backend()), name)

is_windows <- function() identical(.Platform$OS.type, "windows")

is_osx <- function() identical(Sys.info()[["sysname"]], "Darwin")

is_mac_arm64 <- function() is_osx() && identical(Sys.info()[["machine"]], "arm64")

have_module <- function(module) py_module_available(module)
have_h5py <- function() have_module("h5py")
have_pyyaml <- function() have_module("yaml")
have_requests <- function() have_module("requests")
have_pillow <- function() have_module("PIL")

# Whether `x` is a tensor to TensorFlow (tf$is_tensor(): eager tensors, symbolic
# tensors of a functional model, variables); R values are not.
is_keras_tensor <- function(x) is_py_object(x) && isTRUE(py_to_r(tf$is_tensor(x)))
