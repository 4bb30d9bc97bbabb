# Keras's global configuration (keras.config) and clear_session(), under
# keras3's names.

config_backend <- function() keras$config$backend()

config_floatx <- function() keras$config$floatx()

config_set_floatx <- function(value) {
  keras$config$set_floatx(value)
  invisible(value)
}

config_epsilon <- function() keras$config$epsilon()

config_set_epsilon <- function(value) {
  keras$config$set_epsilon(value)
  invisible(value)
}

config_image_data_format <- function() keras$config$image_data_format()

config_set_image_data_format <- function(data_format) {
  keras$config$set_image_data_format(data_format)
  invisible(data_format)
}

# Resets Keras's global state (names of layers, the graph of a session);
# free_memory = TRUE also runs Python's garbage collector.
clear_session <- function(free_memory = TRUE) {
  keras$utils$clear_session(free_memory = free_memory)
  invisible()
}
