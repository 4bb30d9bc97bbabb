# What the package sets up when it loads: `keras`, the Python module,
# imported the first time it is used (importing TensorFlow takes seconds, and
# scripts that never touch Keras must not pay for it), and the session's
# caches of the generated wrappers' Python objects (keras-wrappers.R).

.keras_state <- new.env(parent = emptyenv())

.onLoad <- function(libname, pkgname) {
  .keras_state$py_objects <- new.env(parent = emptyenv())
  .keras_state$resolved <- new.env(parent = emptyenv())
  makeActiveBinding("keras", .keras_module, asNamespace(pkgname))
  register_operator_handler(.keras_tensor_class, .keras_tensor_operator)
  invisible()
}

.keras_module <- function(value) {
  if (!missing(value))
    stop("`keras` is part of keras3 and cannot be replaced", call. = FALSE)
  if (is.null(.keras_state$module)) .keras_state$module <- import("keras")
  .keras_state$module
}

# pyreticulate.keras.support: introspection of the installed Keras.
.keras_support <- function() import("pyreticulate.keras.support")

# Python objects, never converted (data on its way into Keras).
.np <- function() import("numpy", convert = FALSE)

.floatx <- function() keras$config$floatx()
