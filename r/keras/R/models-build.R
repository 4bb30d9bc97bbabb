# Building models: keras_model() (functional) and keras_model_sequential().

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
