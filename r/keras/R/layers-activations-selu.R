# layer_activation_selu(): an Activation layer whose activation is "selu"
# (the other activation layers are generated: families/layers-activations.py).

#' A scaled exponential linear unit layer
#'
#' @description
#' An activation layer applying SELU: `scale * x` for positive inputs and
#' `scale * alpha * (exp(x) - 1)` for negative ones, with the constants of
#' Klambauer et al. (2017) that make a network self-normalizing (use it with
#' the `"lecun_normal"` initializer and [layer_alpha_dropout()]).
#'
#' @inheritParams layer_activation
#' @returns The layer, the Sequential model it was added to, or the layer's
#'   output, by `object`.
#' @family activation layers
#' @export
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_sequential() %>%
#'   layer_dense(8, input_shape = 4, kernel_initializer = "lecun_normal") %>%
#'   layer_activation_selu()
#' }
layer_activation_selu <- function(object, input_shape = NULL, batch_input_shape = NULL,
                                  batch_size = NULL, dtype = NULL, name = NULL,
                                  trainable = NULL, weights = NULL) {
  create_layer(keras$layers$Activation, object, list(
    activation = "selu", input_shape = input_shape, batch_input_shape = batch_input_shape,
    batch_size = batch_size, dtype = dtype, name = name, trainable = trainable,
    weights = weights))
}
