# Building models: keras_model() (functional), keras_model_sequential(),
# keras_model_custom(), and working with their layers (clone_model(),
# get_layer(), pop_layer()).
#
# NAMESPACE: S3method(py_to_r_wrapper, keras.engine.training.Model)

#' A functional model
#'
#' @description
#' The model whose graph runs from `inputs` (from [layer_input()]) to
#' `outputs` (tensors made by applying layers to them).
#'
#' @param inputs An input tensor, or a list of them.
#' @param outputs An output tensor, or a list of them.
#' @param ... Further named arguments of `tf_keras.Model`, such as `name`.
#' @returns A Keras model.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' inputs <- layer_input(shape = 4)
#' outputs <- inputs %>% layer_dense(units = 1)
#' model <- keras_model(inputs, outputs)
#' }
keras_model <- function(inputs, outputs = NULL, ...) {
  py_call(keras$models$Model, inputs = inputs, outputs = outputs, ...)
}

#' A Sequential model
#'
#' @description
#' A model that applies its layers one after the other. Layers are given in
#' `layers` or added later, by piping the model into `layer_*()` functions.
#' With arguments in `...` (`input_shape = 784`, `batch_size`, `dtype`, ...)
#' the model starts with an input layer made from them, as keras 2.x does.
#'
#' @param layers A list of layers to start the model with, or `NULL`.
#' @param name The model's name.
#' @param ... Arguments of the model's input layer: `input_shape` (the shape
#'   of one sample, `NA` for an unknown size), `batch_size`, `dtype`,
#'   `input_tensor`, `sparse`, `ragged`, `type_spec`, and `input_layer_name` (its
#'   name).
#' @returns A Sequential model.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_sequential(input_shape = 4) %>%
#'   layer_dense(units = 8, activation = "relu") %>%
#'   layer_dense(units = 1)
#' model2 <- keras_model_sequential(list(layer_dense(units = 1, input_shape = 4)))
#' }
keras_model_sequential <- function(layers = NULL, name = NULL, ...) {
  if (...length()) layers <- c(list(.keras2_input_layer(...)), layers)
  py_call(keras$models$Sequential, layers = layers, name = name)
}

# keras 2.x's input layer of a Sequential model from keras_model_sequential()'s `...`.
.keras2_input_layer <- function(..., input_layer_name = NULL) {
  args <- list2(...)
  if (length(args) && (is.null(names(args)) || !all(nzchar(names(args)))))
    stop("keras_model_sequential(): the arguments in `...` must be named (input_shape = ...)",
         call. = FALSE)
  if (!is.null(input_layer_name)) args$name <- input_layer_name
  for (name in names(args)) args[name] <- list(.keras2_argument(name, args[[name]]))
  py_call(keras$layers$InputLayer, !!!args)
}

#' A model with R code as its forward pass (deprecated style)
#'
#' @description
#' keras 2.x's custom models: `model_fn(self)` is called once, with the new
#' model, to create its layers as fields of `self` (`self$dense <-
#' layer_dense(units = 10)`), and returns the forward pass,
#' `function(inputs, mask = NULL, training = NULL)` (it gets `mask` and
#' `training` when it names them). The model is a `tf_keras.Model` subclass.
#'
#' @param model_fn A function of the model, returning the forward pass.
#' @param name The model's name.
#' @returns A Keras model, built the first time it is called or trained.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_custom(name = "mlp", function(self) {
#'   self$hidden <- layer_dense(units = 32, activation = "relu")
#'   self$out <- layer_dense(units = 10, activation = "softmax")
#'   function(inputs, mask = NULL) self$out(self$hidden(inputs))
#' })
#' }
keras_model_custom <- function(model_fn, name = NULL) {
  if (!is.function(model_fn))
    stop("keras_model_custom(): `model_fn` must be a function of the model", call. = FALSE)
  import("pyreticulate.keras.classes")$custom_model(model_fn, name = name, module = "tf_keras")
}

#' Copy a model with new layers
#'
#' @description
#' A model with the same architecture as `model` and layers of its own (new
#' weights), built on `input_tensors` when given.
#'
#' @param model A functional or Sequential model.
#' @param input_tensors Input tensors to build the copy on, or `NULL`.
#' @param clone_function A function making the copy of each layer (other than
#'   input layers) from the layer; by default, the layer's class from its config.
#' @returns A Keras model.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' copy <- clone_model(model)
#' }
clone_model <- function(model, input_tensors = NULL, clone_function = NULL) {
  args <- Filter(Negate(is.null), list(input_tensors = input_tensors,
                                       clone_function = clone_function))
  py_call(keras$models$clone_model, model, !!!args)
}

#' A layer of a model, by name or position
#'
#' @param object A model.
#' @param name The layer's name.
#' @param index Its position (1-based; negative from the end), which wins when
#'   both are given.
#' @returns The layer.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' get_layer(model, name = "dense")
#' get_layer(model, index = 1)
#' }
get_layer <- function(object, name = NULL, index = NULL) {
  if (!is.null(index)) {
    index <- .keras2_argument("index", index, convention = "integer")
    if (identical(index, 0L))
      stop("get_layer(): `index` is 1-based (1 is the first layer, -1 the last): 0 is not a ",
           "position", call. = FALSE)
    if (index > 0L) index <- index - 1L
  }
  py_call(py_get_attr(object, "get_layer"), name = name, index = index)
}

#' Remove the last layer of a Sequential model
#'
#' @param object A Sequential model.
#' @returns The model, invisibly (changed in place).
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' pop_layer(model)
#' }
pop_layer <- function(object) {
  py_call(py_get_attr(object, "pop"))
  invisible(object)
}

#' Replicate a model on several GPUs (removed)
#'
#' @description
#' TensorFlow 2.2 removed `multi_gpu_model()`. Build and compile the model within
#' a distribution strategy's scope instead:
#' `with(tf$distribute$MirroredStrategy()$scope(), model <- ...)`.
#'
#' @param model,gpus,cpu_merge,cpu_relocation The model, the GPUs and where the
#'   weights were merged.
#' @returns Never returns: an error naming the replacement.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' strategy <- tf$distribute$MirroredStrategy()
#' with(strategy$scope(), {
#'   model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
#'   model %>% compile(optimizer = "adam", loss = "mse")
#' })
#' }
multi_gpu_model <- function(model, gpus = NULL, cpu_merge = TRUE, cpu_relocation = FALSE) {
  stop("multi_gpu_model() was removed from TensorFlow in version 2.2: create and compile the ",
       "model in the scope of tf$distribute$MirroredStrategy() instead", call. = FALSE)
}

#' Call a model as an R function
#'
#' @description
#' A model is an R function, as keras 2.x's models were: called on a
#' Sequential model, it is added to it as a layer (and that model returned);
#' called on anything else (tensors, arrays, a list of them for several
#' inputs), it gives its outputs. Further arguments, such as `training`, are
#' passed on.
#'
#' @param x A model.
#' @returns The function `function(object, ...)`.
#' @method py_to_r_wrapper keras.engine.training.Model
#' @family model functions
#' @md
#' @examples
#' \dontrun{
#' outputs <- model(tf$ones(shape(2, 4)), training = FALSE)
#' bigger <- keras_model_sequential(input_shape = 4) %>% model() %>% layer_dense(units = 1)
#' }
py_to_r_wrapper.keras.engine.training.Model <- function(x) {
  force(x)
  function(object, ...) {
    if (inherits(object, "keras.engine.sequential.Sequential")) {
      if (...length()) warning("the arguments in `...` are ignored when a model is added to ",
                               "a Sequential model", call. = FALSE)
      py_call(py_get_attr(object, "add"), x)
      return(object)
    }
    x(object, ...)
  }
}
