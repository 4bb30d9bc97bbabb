# Functions of layers and models: their configuration (get_config(),
# from_config()), weights, parameter count, nodes (get_input_at(), ...,
# 1-based), state; and a layer reaching R as a function that composes with
# its first argument as the layer_*() functions do.
#
# NAMESPACE: S3method(py_to_r_wrapper, keras.engine.base_layer.Layer)

#' A layer as an R function
#'
#' @description
#' A tf_keras layer (or model) reaching R is an R function, as in keras 2.x:
#' `layer(x, ...)` calls it on `x`; given a Sequential model instead, the
#' layer is added to it and the model returned, as `model %>% layer()` reads
#' (further arguments are ignored, with a warning). Called without arguments
#' it calls the layer with none.
#'
#' @param x The layer.
#' @returns A function `function(object, ...)`.
#' @keywords internal
#' @md
#' @examples
#' \dontrun{
#' dense <- layer_dense(units = 2)
#' output <- dense(layer_input(shape = 3))
#' model <- keras_model_sequential(input_shape = 3) %>% dense()
#' }
py_to_r_wrapper.keras.engine.base_layer.Layer <- function(x) {
  force(x)
  function(object, ...) {
    if (missing(object)) return(x(...))
    if (inherits(object, "keras.engine.sequential.Sequential") && !identical(object, x)) {
      if (...length()) warning("arguments passed via ellipsis will be ignored", call. = FALSE)
      py_call(py_get_attr(object, "add"), x)
      return(object)
    }
    x(object, ...)
  }
}

#' The configuration of a layer or model
#'
#' @description
#' `get_config()` returns the configuration of a layer or model: the
#' arguments that make it again (not its weights), as an R list converted
#' from the dictionary Keras made, with the object's class attached.
#' `from_config()` makes a new layer or model from such a configuration.
#' For a configuration that is not saved with its weights, see
#' `model_to_json()` and `save_model_tf()`.
#'
#' @param object A layer or model.
#' @param config A configuration from `get_config()` (a named list with the
#'   attribute `config_class`; without it, a model's).
#' @param custom_objects The custom classes and functions the configuration
#'   names (layers made with [new_layer_class()], ...): a named list, or
#'   classes whose names are their own.
#' @returns `get_config()`: the configuration, a named list.
#'   `from_config()`: the new layer or model.
#' @family layer methods
#' @export
#' @md
#' @examples
#' \dontrun{
#' layer <- layer_dense(units = 64)
#' config <- get_config(layer)
#' copy <- from_config(config)
#' }
get_config <- function(object) {
  config <- py_to_r(py_call(py_get_attr(object, "get_config")))
  attr(config, "config_class") <- py_get_attr(object, "__class__")
  config
}

#' @rdname get_config
#' @export
from_config <- function(config, custom_objects = NULL) {
  class <- attr(config, "config_class", exact = TRUE) %||% py_get_attr(keras, "Model")
  attr(config, "config_class") <- NULL
  args <- list(config)
  if (length(custom_objects)) args$custom_objects <- .keras2_custom_objects(custom_objects)
  py_call(py_get_attr(class, "from_config"), !!!args)
}

#' The weights of a layer or model as R arrays
#'
#' @description
#' `get_weights()` returns the weights as a list of R arrays (all of them, or
#' the trainable or non-trainable ones); `set_weights()` sets them from such
#' a list, in the same order and shapes. The weights as TensorFlow variables
#' are `object$weights`, `object$trainable_weights` and
#' `object$non_trainable_weights`.
#'
#' @param object A layer or model.
#' @param trainable `NA` for all the weights, `TRUE` for the trainable ones,
#'   `FALSE` for the others.
#' @param weights A list of arrays.
#' @returns `get_weights()`: a list of arrays. `set_weights()`: `object`,
#'   invisibly.
#' @family layer methods
#' @export
#' @md
#' @examples
#' \dontrun{
#' weights <- get_weights(model)
#' set_weights(model, weights)
#' }
get_weights <- function(object, trainable = NA) {
  if (!is.logical(trainable) || length(trainable) != 1L)
    stop("`trainable` must be NA, TRUE or FALSE", call. = FALSE)
  weights <- if (is.na(trainable)) py_call(py_get_attr(object, "get_weights"))
  else {
    variables <- py_get_attr(object, if (trainable) "trainable_weights" else
      "non_trainable_weights")
    lapply(iterate(variables), function(v) py_call(py_get_attr(v, "numpy")))
  }
  lapply(if (is_py_object(weights)) py_to_r(weights) else weights,
         function(w) if (is_py_object(w)) py_to_r(w) else w)
}

#' @rdname get_weights
#' @export
set_weights <- function(object, weights) {
  py_call(py_get_attr(object, "set_weights"), weights)
  invisible(object)
}

#' The number of weights of a layer or model
#'
#' @description
#' The total number of scalars in the weights (the parameters) of a built
#' layer or model.
#'
#' @param object A layer or model.
#' @returns A whole number.
#' @family layer methods
#' @export
#' @md
#' @examples
#' \dontrun{
#' count_params(model)
#' }
count_params <- function(object) py_to_r(py_call(py_get_attr(object, "count_params")))

# keras 2.x's node indices count from 1; tf_keras's from 0.
.keras2_node_index <- function(node_index) {
  index <- .keras2_whole(node_index, "node_index", NULL)
  if (length(index) != 1L || index < 1L)
    stop("`node_index` counts from 1 (the first call of the layer): give one whole number >= 1",
         call. = FALSE)
  index - 1L
}

# The result as reticulate converts it (a shape as a list, no mask as NULL;
# tensors stay tensors).
.keras2_node_attribute <- function(object, method, node_index) {
  py_to_r(py_call(py_get_attr(object, method), .keras2_node_index(node_index)))
}

#' The tensors of a layer's calls
#'
#' @description
#' Each call of a layer on symbolic tensors adds a node to the layer, which
#' links its inputs to its outputs; these functions return the input or
#' output tensors, shapes or masks of the node of the `node_index`-th call.
#'
#' @param object A layer or model.
#' @param node_index Which call: 1 for the first.
#' @returns A tensor, a shape or a mask (a list of them for several inputs or
#'   outputs).
#' @family layer methods
#' @export
#' @md
#' @examples
#' \dontrun{
#' dense <- layer_dense(units = 2)
#' a <- dense(layer_input(shape = 3))
#' b <- dense(layer_input(shape = 3))
#' get_output_at(dense, 2)   # b
#' }
get_input_at <- function(object, node_index)
  .keras2_node_attribute(object, "get_input_at", node_index)

#' @rdname get_input_at
#' @export
get_output_at <- function(object, node_index)
  .keras2_node_attribute(object, "get_output_at", node_index)

#' @rdname get_input_at
#' @export
get_input_shape_at <- function(object, node_index)
  .keras2_node_attribute(object, "get_input_shape_at", node_index)

#' @rdname get_input_at
#' @export
get_output_shape_at <- function(object, node_index)
  .keras2_node_attribute(object, "get_output_shape_at", node_index)

#' @rdname get_input_at
#' @export
get_input_mask_at <- function(object, node_index)
  .keras2_node_attribute(object, "get_input_mask_at", node_index)

#' @rdname get_input_at
#' @export
get_output_mask_at <- function(object, node_index)
  .keras2_node_attribute(object, "get_output_mask_at", node_index)

#' Reset the state of a stateful layer or model
#'
#' @description
#' Sets the states of stateful recurrent layers (`stateful = TRUE`) back to
#' zeros, as before the first batch.
#'
#' @param object A layer or model.
#' @returns `object`, invisibly.
#' @family layer methods
#' @export
#' @md
#' @examples
#' \dontrun{
#' reset_states(model)
#' }
reset_states <- function(object) {
  py_call(py_get_attr(object, "reset_states"))
  invisible(object)
}
