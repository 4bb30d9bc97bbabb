# Keras's global configuration (keras.config) and clear_session(), under
# keras3's names.

#' The backend Keras runs on
#'
#' @description
#' Calls `keras$config$backend()`: the name of the backend Keras uses, chosen
#' by the `KERAS_BACKEND` environment variable (or Keras's configuration file)
#' before Keras is first imported.
#'
#' @returns A string: `"tensorflow"`, `"jax"`, `"torch"` or `"numpy"`.
#' @md
#' @examples
#' \dontrun{
#' config_backend()
#' }
config_backend <- function() keras$config$backend()

#' The default floating-point type
#'
#' @description
#' `config_floatx()` gives Keras's default float type (floatx), in which new
#' weights are created and R doubles are passed to models; `config_set_floatx()`
#' changes it for the models created afterwards.
#'
#' @param value The new type: `"float16"`, `"bfloat16"`, `"float32"` or
#'   `"float64"`.
#'
#' @returns `config_floatx()`: a string such as `"float32"`.
#'   `config_set_floatx()`: `value`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_floatx()
#' config_set_floatx("float64")
#' }
config_floatx <- function() keras$config$floatx()

#' @rdname config_floatx
config_set_floatx <- function(value) {
  keras$config$set_floatx(value)
  invisible(value)
}

#' The fuzz factor of numeric expressions
#'
#' @description
#' `config_epsilon()` gives the small constant Keras adds in some computations
#' to avoid dividing by zero; `config_set_epsilon()` changes it.
#'
#' @param value The new value, a small positive number.
#'
#' @returns `config_epsilon()`: a number (`1e-07` unless changed).
#'   `config_set_epsilon()`: `value`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_epsilon()
#' config_set_epsilon(1e-5)
#' }
config_epsilon <- function() keras$config$epsilon()

#' @rdname config_epsilon
config_set_epsilon <- function(value) {
  keras$config$set_epsilon(value)
  invisible(value)
}

#' The default layout of image data
#'
#' @description
#' `config_image_data_format()` gives where image layers expect the channels:
#' `"channels_last"` (batch, height, width, channels) or `"channels_first"`
#' (batch, channels, height, width); `config_set_image_data_format()` changes
#' it for the layers created afterwards.
#'
#' @param data_format `"channels_last"` or `"channels_first"`.
#'
#' @returns `config_image_data_format()`: a string.
#'   `config_set_image_data_format()`: `data_format`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_image_data_format()
#' config_set_image_data_format("channels_first")
#' }
config_image_data_format <- function() keras$config$image_data_format()

#' @rdname config_image_data_format
config_set_image_data_format <- function(data_format) {
  keras$config$set_image_data_format(data_format)
  invisible(data_format)
}

# Resets Keras's global state (names of layers, the graph of a session);
# free_memory = TRUE also runs Python's garbage collector.
#' Reset Keras's global state
#'
#' @description
#' Calls `keras$utils$clear_session()`, which resets the state Keras keeps
#' across models: the counters behind automatic layer names (`dense`,
#' `dense_1`, ...) and, with TensorFlow, the global graph. Use it between
#' models built in a loop to free memory and get the same names again.
#'
#' @param free_memory Whether to also run Python's garbage collector (and
#'   release backend memory where the backend allows it).
#'
#' @returns `NULL`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' for (units in c(8, 16, 32)) {
#'   clear_session()
#'   model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units)
#' }
#' }
clear_session <- function(free_memory = TRUE) {
  keras$utils$clear_session(free_memory = free_memory)
  invisible()
}
