# keras 2.x's CuDNN recurrent layers, deprecated since TensorFlow 2.0:
# layer_gru() and layer_lstm() use the CuDNN kernels themselves on a GPU. The
# layers are tf_keras's v1 CuDNNGRU and CuDNNLSTM (they run on a GPU only);
# making one warns and names the replacement.

.keras2_cudnn_layer <- function(class, replacement, object, args, call) {
  warning(.keras2_deprecation(sprintf(paste0(
    "%s() is deprecated since TensorFlow 2.0: use %s(), which runs on the CuDNN kernel ",
    "on a GPU when its arguments allow it (the CuDNN layer runs on a GPU only)"),
    as.character(call[[1L]]), replacement), call))
  create_layer(py_get_attr(keras$src$layers, class), object, args)
}

#' Recurrent layers on NVIDIA's CuDNN (deprecated)
#'
#' @description
#' GRU and LSTM layers that run on NVIDIA's CuDNN library, on a GPU only.
#' Deprecated since TensorFlow 2.0: [layer_gru()] and [layer_lstm()] use the
#' CuDNN kernels by themselves on a GPU (with their default arguments). Each
#' call warns (class `deprecatedWarning`) and still makes the layer.
#'
#' @inheritParams layer_lstm
#' @param input_shape,batch_input_shape,batch_size,dtype,name,trainable,weights
#'   The common layer arguments (see [layer_dense()]).
#' @returns The layer, the Sequential model it was added to, or the layer's
#'   output, by `object`.
#' @family recurrent layers
#' @name layer_cudnn
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_sequential() %>%
#'   layer_lstm(units = 32, input_shape = c(10, 8))   # instead of layer_cudnn_lstm()
#' }
NULL

#' @rdname layer_cudnn
#' @export
layer_cudnn_gru <- function(object, units, kernel_initializer = "glorot_uniform",
                            recurrent_initializer = "orthogonal", bias_initializer = "zeros",
                            kernel_regularizer = NULL, recurrent_regularizer = NULL,
                            bias_regularizer = NULL, activity_regularizer = NULL,
                            kernel_constraint = NULL, recurrent_constraint = NULL,
                            bias_constraint = NULL, return_sequences = FALSE,
                            return_state = FALSE, stateful = FALSE, input_shape = NULL,
                            batch_input_shape = NULL, batch_size = NULL, dtype = NULL,
                            name = NULL, trainable = NULL, weights = NULL) {
  args <- mget(setdiff(names(formals()), "object"))
  .keras2_cudnn_layer("CuDNNGRU", "layer_gru", if (!missing(object)) object, args, sys.call())
}

#' @rdname layer_cudnn
#' @export
layer_cudnn_lstm <- function(object, units, kernel_initializer = "glorot_uniform",
                             recurrent_initializer = "orthogonal", bias_initializer = "zeros",
                             unit_forget_bias = TRUE, kernel_regularizer = NULL,
                             recurrent_regularizer = NULL, bias_regularizer = NULL,
                             activity_regularizer = NULL, kernel_constraint = NULL,
                             recurrent_constraint = NULL, bias_constraint = NULL,
                             return_sequences = FALSE, return_state = FALSE, stateful = FALSE,
                             input_shape = NULL, batch_input_shape = NULL, batch_size = NULL,
                             dtype = NULL, name = NULL, trainable = NULL, weights = NULL) {
  args <- mget(setdiff(names(formals()), "object"))
  .keras2_cudnn_layer("CuDNNLSTM", "layer_lstm", if (!missing(object)) object, args, sys.call())
}
