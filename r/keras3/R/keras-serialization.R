# Keras's (de)serialization of objects and its registry of custom objects
# (keras.saving): what load_model() and from_config() find by name.

# A Python object for `object`: Python objects as they are, a Layer()
# function as its class, an R6 class converted, an R function as a Python
# function named `name` (else its py_function_name, else `default`).
.keras_py_object <- function(object, name = NULL, default = NULL) {
  if (is_py_object(object)) return(object)
  if (inherits(object, "R6ClassGenerator")) return(r_to_py(object))
  class_of <- attr(object, "keras_class", exact = TRUE)
  if (is.function(class_of)) return(class_of())
  if (is.function(object)) {
    if (is.null(name) && is.null(attr(object, "py_function_name")) && is.null(default))
      stop("give the R function a name (`name =`) to register it", call. = FALSE)
    return(.as_py_function(object, name, if (is.null(default)) "r_function" else default))
  }
  stop("expected a Python object, a class or an R function, not ", .describe_value(object),
       call. = FALSE)
}

#' Serialize and deserialize Keras objects
#'
#' @description
#' `serialize_keras_object()` gives Keras's configuration of an object (a
#' layer, loss, metric, optimizer, initializer, ...) as an R list
#' (`keras$saving$serialize_keras_object()`): its class, module, registered
#' name and constructor arguments. `deserialize_keras_object()` makes the
#' object again from such a list; custom classes and functions are found
#' through `custom_objects` or Keras's registry ([register_keras_serializable()]).
#'
#' @param obj The object to serialize.
#' @param config A configuration, as `serialize_keras_object()` gives it (or a
#'   name, such as `"relu"`).
#' @param custom_objects Custom classes and functions, as for [load_model()]:
#'   a named list, or an unnamed list of objects named by their `__name__`.
#' @param safe_mode Whether Keras refuses unsafe content (the code of lambda
#'   functions).
#' @param ... Further arguments of `deserialize_keras_object()`, by name.
#'
#' @returns `serialize_keras_object()`: a named list.
#'   `deserialize_keras_object()`: the object.
#' @seealso [get_config()], [from_config()]
#' @md
#' @examples
#' \dontrun{
#' config <- serialize_keras_object(layer_dense(units = 4))
#' layer <- deserialize_keras_object(config)
#' }
serialize_keras_object <- function(obj) {
  py_to_r(py_call(keras$saving$serialize_keras_object,
                  .keras_py_object(obj, default = "r_function")))
}

#' @rdname serialize_keras_object
deserialize_keras_object <- function(config, custom_objects = NULL, safe_mode = TRUE, ...) {
  args <- list2(config, safe_mode = safe_mode, ...)
  if (!is.null(custom_objects)) args$custom_objects <- .custom_objects(custom_objects)
  py_call(keras$saving$deserialize_keras_object, !!!args)
}

#' Keras's registry of custom objects
#'
#' @description
#' Keras finds the classes and functions a saved model refers to by their
#' registered names. `register_keras_serializable()` registers an object under
#' `"package>name"` (`keras$saving$register_keras_serializable()`), so that
#' [load_model()], [from_config()] and [deserialize_keras_object()] find it
#' without `custom_objects`. `get_registered_name()` gives the name an object
#' is registered (or serialized) under, and `get_registered_object()` the
#' object registered under a name.
#'
#' `get_custom_objects()` gives Keras's global dictionary of custom objects
#' as a named list; `set_custom_objects()` replaces it (`clear = TRUE`) or adds
#' to it, and returns the previous contents.
#'
#' @param object A class (from [Layer()], [Model()], ..., or a Python class),
#'   or an R function (a loss, metric or activation).
#' @param name The name to register under; by default the class's
#'   `__name__`, or the R function's variable name.
#' @param package The package part of the registered name; `"Custom"` by
#'   default (or the name of the R package calling).
#' @param obj A registered (or Keras's own) object.
#' @param custom_objects,module_objects Named lists of objects to search as
#'   well, as for [load_model()].
#' @param objects A named list of objects, as `custom_objects` of
#'   [load_model()].
#' @param clear Whether to empty the dictionary first.
#'
#' @returns `register_keras_serializable()`: the registered object (the class,
#'   or the Python function an R function became; a [Layer()] function is
#'   returned as it is). `get_registered_name()`: a string.
#'   `get_registered_object()`: the object, or `NULL`. `get_custom_objects()`:
#'   a named list. `set_custom_objects()`: the previous contents, invisibly.
#' @seealso [with_custom_object_scope()], [load_model()]
#' @md
#' @examples
#' \dontrun{
#' layer_scale <- Layer("Scale", call = function(x) x * 2)
#' register_keras_serializable(layer_scale, package = "MyPackage")
#' get_registered_name(layer_scale)   # "MyPackage>Scale"
#'
#' peak <- function(y_true, y_pred) op_max(op_abs(y_true - y_pred))
#' peak <- register_keras_serializable(peak)
#' }
register_keras_serializable <- function(object, name = NULL, package = NULL) {
  if (is.null(package)) {
    package <- environmentName(topenv(parent.frame()))
    if (package %in% c("", "base", "R_GlobalEnv")) package <- "Custom"
  }
  default <- if (is.function(object) && !is_py_object(object)) .symbol_name(substitute(object))
  py_object <- .keras_py_object(object, name, default)
  register <- py_call(keras$saving$register_keras_serializable, package = package, name = name)
  py_call(register, py_object)
  if (is.function(attr(object, "keras_class", exact = TRUE))) object else py_object
}

#' @rdname register_keras_serializable
get_registered_name <- function(obj) {
  py_to_r(py_call(keras$saving$get_registered_name, .keras_py_object(obj, default = "r_function")))
}

#' @rdname register_keras_serializable
get_registered_object <- function(name, custom_objects = NULL, module_objects = NULL) {
  args <- list(name)
  if (!is.null(custom_objects)) args$custom_objects <- .custom_objects(custom_objects)
  if (!is.null(module_objects)) args$module_objects <- .custom_objects(module_objects)
  py_to_r(py_call(keras$saving$get_registered_object, !!!args))
}

#' @rdname register_keras_serializable
get_custom_objects <- function() {
  objects <- py_get_attr(.keras_object_registry(), "GLOBAL_CUSTOM_OBJECTS")
  py_to_r(py_call(py_get_attr(objects, "copy")))
}

# Keras's dictionaries of custom objects and their names are kept in step
# (changing one directly would leave the other stale).
#' @rdname register_keras_serializable
set_custom_objects <- function(objects = list(), clear = TRUE) {
  registry <- .keras_object_registry()
  objects_dict <- py_get_attr(registry, "GLOBAL_CUSTOM_OBJECTS")
  names_dict <- py_get_attr(registry, "GLOBAL_CUSTOM_NAMES")
  previous <- py_to_r(py_call(py_get_attr(objects_dict, "copy")))
  if (isTRUE(clear)) {
    py_call(py_get_attr(objects_dict, "clear"))
    py_call(py_get_attr(names_dict, "clear"))
  }
  if (length(objects)) {
    py_call(py_get_attr(objects_dict, "update"), .custom_objects(objects))
    py_call(py_get_attr(names_dict, "clear"))
    py_call(py_eval("lambda names, objects: names.update({o: n for n, o in objects.items()})",
                    convert = FALSE), names_dict, objects_dict)
  }
  invisible(previous)
}

# keras.src.saving.object_registration, unconverted.
.keras_object_registry <- function() {
  module <- py_to_r(py_get_attr(keras$saving$get_custom_objects, "__module__"))
  import(module, convert = FALSE)
}
