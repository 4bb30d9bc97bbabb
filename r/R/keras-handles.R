# The `keras` handle, and what the Keras API needs when the package loads.
# Keras is imported the first time it is used: importing TensorFlow takes
# seconds, and scripts that never touch Keras must not pay for it (`tf` is in
# tensorflow.R).

.keras_state <- new.env(parent = emptyenv())

# Called from .onLoad: `keras` as an active binding that imports the module
# on first use, then the generated wrappers (layer_*, loss_*, ...).
.keras_on_load <- function(ns) {
  .keras_state$wrappers <- new.env(parent = emptyenv())
  makeActiveBinding("keras", .keras_module, ns)
  .keras_register_wrappers(ns)
  invisible()
}

.keras_module <- function(value) {
  if (!missing(value))
    stop("`keras` is part of pyreticulate and cannot be replaced", call. = FALSE)
  if (is.null(.keras_state$module)) .keras_state$module <- import("keras")
  .keras_state$module
}

# pyreticulate.keras.support: introspection of the installed Keras.
.keras_support <- function() import("pyreticulate.keras.support")

# Python objects, never converted (data on its way into Keras).
.np <- function() import("numpy", convert = FALSE)

.floatx <- function() keras$config$floatx()
