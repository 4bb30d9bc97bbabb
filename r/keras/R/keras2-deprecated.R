# The keras 2.x names that keras3 dropped and that keras keeps working, each
# mapped to keras3's function with a deprecation warning naming it
# (docs/keras-r-code.md lists them, with what each maps to).

# The warning of a deprecated name: "old() is deprecated: use new()".
.deprecated <- function(old, replacement, call = sys.call(-1L)) {
  warning(structure(
    class = c("deprecatedWarning", "warning", "condition"),
    list(message = sprintf("%s() is deprecated: use %s", old, replacement), call = call)))
}

# ---- names keras3 spells differently ------------------------------------------------------

# Each is an active binding (package.R) giving keras3's object itself, so
# that `metrics = list(metric_logcosh_error)` passes keras3's metric.
.renamed <- c(
  callback_terminate_on_naan = "callback_terminate_on_nan",
  layer_gru_cell = "rnn_cell_gru",
  layer_lstm_cell = "rnn_cell_lstm",
  layer_simple_rnn_cell = "rnn_cell_simple",
  layer_stacked_rnn_cells = "rnn_cells_stack",
  loss_cosine_proximity = "loss_cosine_similarity",
  loss_kullback_leibler_divergence = "loss_kl_divergence",
  loss_logcosh = "loss_log_cosh",
  metric_cosine_proximity = "metric_cosine_similarity",
  metric_kullback_leibler_divergence = "metric_kl_divergence",
  metric_logcosh_error = "metric_log_cosh_error",
  # keras 2.x's backend functions whose arguments are (the first ones of)
  # keras3's function's, so every 2.x call works unchanged.
  k_abs = "op_abs",
  k_all = "op_all",
  k_any = "op_any",
  k_arange = "op_arange",
  k_argmax = "op_argmax",
  k_argmin = "op_argmin",
  k_binary_crossentropy = "op_binary_crossentropy",
  k_cast = "op_cast",
  k_categorical_crossentropy = "op_categorical_crossentropy",
  k_cos = "op_cos",
  k_cumprod = "op_cumprod",
  k_cumsum = "op_cumsum",
  k_dtype = "op_dtype",
  k_elu = "op_elu",
  k_exp = "op_exp",
  k_expand_dims = "op_expand_dims",
  k_hard_sigmoid = "op_hard_sigmoid",
  k_is_tensor = "op_is_tensor",
  k_log = "op_log",
  k_logsumexp = "op_logsumexp",
  k_max = "op_max",
  k_mean = "op_mean",
  k_min = "op_min",
  k_ndim = "op_ndim",
  k_prod = "op_prod",
  k_round = "op_round",
  k_shape = "op_shape",
  k_sigmoid = "op_sigmoid",
  k_sign = "op_sign",
  k_sin = "op_sin",
  k_softmax = "op_softmax",
  k_softplus = "op_softplus",
  k_softsign = "op_softsign",
  k_sparse_categorical_crossentropy = "op_sparse_categorical_crossentropy",
  k_sqrt = "op_sqrt",
  k_square = "op_square",
  k_squeeze = "op_squeeze",
  k_stack = "op_stack",
  k_std = "op_std",
  k_sum = "op_sum",
  k_tanh = "op_tanh",
  k_transpose = "op_transpose",
  k_var = "op_var",
  k_backend = "config_backend",
  k_clear_session = "clear_session",
  k_epsilon = "config_epsilon",
  k_floatx = "config_floatx",
  k_image_data_format = "config_image_data_format",
  k_set_image_data_format = "config_set_image_data_format")

.renamed_binding <- function(old, new) {
  force(old)
  force(new)
  function(value) {
    if (!missing(value))
      stop(old, "() is part of keras and cannot be replaced", call. = FALSE)
    .deprecated(old, paste0(new, "()"), call = NULL)
    getExportedValue("keras3", new)
  }
}

# ---- R functions and generators as data -----------------------------------------------------

fit_generator <- function(object, generator, steps_per_epoch, epochs = 1L, ...) {
  .deprecated("fit_generator", "fit()")
  fit(object, generator, steps_per_epoch = steps_per_epoch, epochs = epochs, ...)
}

evaluate_generator <- function(object, generator, steps, ...) {
  .deprecated("evaluate_generator", "evaluate()")
  evaluate(object, generator, steps = steps, ...)
}

predict_generator <- function(object, generator, steps, ...) {
  .deprecated("predict_generator", "predict()")
  stats::predict(object, generator, steps = steps, ...)
}

# ---- models -------------------------------------------------------------------------------------

# `model_fn(self)` runs when the model is made; it sets the layers
# (self$dense <- layer_dense(units = 8)) and returns the forward pass,
# function(inputs, mask = NULL, training = NULL).
keras_model_custom <- function(model_fn, name = NULL) {
  .deprecated("keras_model_custom", "new_model_class()")
  if (!is.function(model_fn) || is_py_object(model_fn))
    stop("keras_model_custom() needs an R function(self) as `model_fn`", call. = FALSE)
  classname <- if (is.character(name) && length(name) == 1L && make.names(name) == name)
    paste0(toupper(substring(name, 1L, 1L)), substring(name, 2L)) else "CustomModel"
  import("pyreticulate.keras.classes")$custom_model(model_fn, name = name, classname = classname)
}

# Keras 3 adds the progress bar itself when verbose = 1.
callback_progbar_logger <- function(count_mode = "samples", stateful_metrics = NULL) {
  .deprecated("callback_progbar_logger", "fit(verbose = 1), which shows the progress bar")
  if (!identical(count_mode, "samples") || !is.null(stateful_metrics))
    stop("callback_progbar_logger(): Keras 3's progress bar counts steps and takes no ",
         "`count_mode` or `stateful_metrics`", call. = FALSE)
  py_call(keras$callbacks$ProgbarLogger)
}

# ---- configuration as JSON ------------------------------------------------------------------------

model_to_json <- function(object) {
  .deprecated("model_to_json", "save_model_config() (the same JSON, in a file)")
  py_to_r(py_call(py_get_attr(object, "to_json")))
}

model_from_json <- function(json, custom_objects = NULL) {
  .deprecated("model_from_json", "load_model_config()")
  if (!is.character(json) || length(json) != 1L || is.na(json))
    stop("`json` must be a single string (what model_to_json() returned)", call. = FALSE)
  file <- tempfile(fileext = ".json")
  on.exit(unlink(file), add = TRUE)
  writeLines(json, file)
  load_model_config(file, custom_objects = custom_objects)
}
