# The `keras` and `tf` handles, and what the Keras API needs when the package
# loads. Both modules are imported the first time they are used: importing
# TensorFlow takes seconds, and scripts that never touch Keras must not pay
# for it.

.keras_state <- new.env(parent = emptyenv())

# Called from .onLoad: `keras` and `tf` as active bindings that import the
# module on first use, then the generated wrappers (layer_*, loss_*, ...).
.keras_on_load <- function(ns) {
  .keras_state$modules <- list()
  .keras_state$wrappers <- new.env(parent = emptyenv())
  makeActiveBinding("keras", .module_handle("keras"), ns)
  makeActiveBinding("tf", .module_handle("tensorflow"), ns)
  .keras_register_wrappers(ns)
  invisible()
}

.module_handle <- function(module) {
  force(module)
  function(value) {
    if (!missing(value))
      stop("`", module, "` is part of pyreticulate and cannot be replaced", call. = FALSE)
    handle <- .keras_state$modules[[module]]
    if (is.null(handle)) {
      handle <- import(module)
      .keras_state$modules[[module]] <- handle
    }
    handle
  }
}

# pyreticulate.keras_support: introspection of the installed Keras.
.keras_support <- function() import("pyreticulate.keras_support")

# Python objects, never converted (data on its way into Keras).
.np <- function() import("numpy", convert = FALSE)

.floatx <- function() keras$config$floatx()
