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
  py_register_load_hook("keras", .keras_on_python_load)
  invisible()
}

# Once Keras is imported, as keras3 does: as.array() of the backend's tensors
# is op_convert_to_array() (Keras's convert_to_numpy(); a rank-0 tensor gives
# an array of dim 1, where tensorflow's own method gives a bare value);
# as.double() and as.integer() of them read their values too (tensorflow has
# its own for its tensors), and all three of Keras's variables (a layer's
# weights, an optimizer's learning rate), on every backend.
.keras_on_python_load <- function() {
  tensor_class <- .keras_backend_tensor_class()
  registerS3method("as.array", tensor_class, op_convert_to_array, baseenv())
  classes <- c(.keras_variable_class,
               if (!identical(tensor_class, "tensorflow.tensor")) tensor_class)
  for (class in classes) {
    registerS3method("as.array", class, op_convert_to_array, baseenv())
    registerS3method("as.double", class, function(x, ...) as.double(op_convert_to_array(x)),
                     baseenv())
    registerS3method("as.integer", class, function(x, ...) as.integer(op_convert_to_array(x)),
                     baseenv())
  }
}

# The R class of Keras's variables, whichever the backend (Keras 3's base class).
.keras_variable_class <- "keras.src.backend.common.variables.Variable"

# The R class of the backend's tensors. JAX's is read from its type, without making an array:
# jax.distributed.initialize() (keras$distribution$initialize()) must come before JAX starts
# its devices. (Not through `keras`: the hook runs while `keras` is still being imported.)
.keras_backend_tensor_class <- function() {
  if (identical(py_to_r(import("keras.config")$backend()), "jax")) {
    array_type <- import("jax._src.array", convert = FALSE)$ArrayImpl
    return(paste(py_to_r(py_get_attr(array_type, "__module__")),
                 py_to_r(py_get_attr(array_type, "__name__")), sep = "."))
  }
  ops <- import("keras.ops", convert = FALSE)
  class(ops$convert_to_tensor(array(1L)))[[1L]]
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
