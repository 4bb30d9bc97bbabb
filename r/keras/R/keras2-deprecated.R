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

#' Deprecated keras 2.x names of recurrent cells
#'
#' @description
#' keras 2.x's names of the recurrent cell layers, which keras3 renamed. Each
#' is keras3's function itself, so it takes that function's arguments; using
#' the name warns (a `deprecatedWarning`) that it is deprecated and names the
#' replacement, such as "layer_gru_cell() is deprecated: use rnn_cell_gru()".
#'
#' \describe{
#'   \item{`layer_gru_cell`}{deprecated: use \code{\link[keras3]{rnn_cell_gru}()}.}
#'   \item{`layer_lstm_cell`}{deprecated: use \code{\link[keras3]{rnn_cell_lstm}()}.}
#'   \item{`layer_simple_rnn_cell`}{deprecated: use \code{\link[keras3]{rnn_cell_simple}()}.}
#'   \item{`layer_stacked_rnn_cells`}{deprecated: use \code{\link[keras3]{rnn_cells_stack}()}.}
#' }
#'
#' @returns keras3's function of the new name.
#' @name keras2-rnn-cells
#' @aliases layer_gru_cell layer_lstm_cell layer_simple_rnn_cell layer_stacked_rnn_cells
#' @md
#' @examples
#' \dontrun{
#' cell <- layer_lstm_cell(units = 16)   # warns; use rnn_cell_lstm(units = 16)
#' }
NULL

#' Deprecated keras 2.x names of losses
#'
#' @description
#' keras 2.x's names of losses that keras3 renamed. Each is keras3's loss
#' function itself (so `compile(loss = loss_logcosh)` passes keras3's
#' `loss_log_cosh`); using the name warns (a `deprecatedWarning`) that it is
#' deprecated and names the replacement, such as "loss_logcosh() is
#' deprecated: use loss_log_cosh()".
#'
#' \describe{
#'   \item{`loss_cosine_proximity`}{deprecated: use \code{\link[keras3]{loss_cosine_similarity}()}.}
#'   \item{`loss_kullback_leibler_divergence`}{deprecated: use \code{\link[keras3]{loss_kl_divergence}()}.}
#'   \item{`loss_logcosh`}{deprecated: use \code{\link[keras3]{loss_log_cosh}()}.}
#' }
#'
#' @returns keras3's function of the new name.
#' @name keras2-losses
#' @aliases loss_cosine_proximity loss_kullback_leibler_divergence loss_logcosh
#' @md
#' @examples
#' \dontrun{
#' model %>% compile(optimizer = "adam", loss = loss_logcosh)   # warns
#' model %>% compile(optimizer = "adam", loss = loss_log_cosh)
#' }
NULL

#' Deprecated keras 2.x names of metrics
#'
#' @description
#' keras 2.x's names of metrics that keras3 renamed. Each is keras3's metric
#' function itself; using the name warns (a `deprecatedWarning`) that it is
#' deprecated and names the replacement, such as "metric_logcosh_error() is
#' deprecated: use metric_log_cosh_error()".
#'
#' \describe{
#'   \item{`metric_cosine_proximity`}{deprecated: use \code{\link[keras3]{metric_cosine_similarity}()}.}
#'   \item{`metric_kullback_leibler_divergence`}{deprecated: use \code{\link[keras3]{metric_kl_divergence}()}.}
#'   \item{`metric_logcosh_error`}{deprecated: use \code{\link[keras3]{metric_log_cosh_error}()}.}
#' }
#'
#' @returns keras3's function of the new name.
#' @name keras2-metrics
#' @aliases metric_cosine_proximity metric_kullback_leibler_divergence metric_logcosh_error
#' @md
#' @examples
#' \dontrun{
#' model %>% compile(optimizer = "adam", loss = "mse",
#'                   metrics = list(metric_logcosh_error()))   # warns
#' }
NULL

#' Deprecated keras 2.x name of `callback_terminate_on_nan()`
#'
#' @description
#' `callback_terminate_on_naan` is keras 2.x's misspelt name of keras3's
#' \code{\link[keras3:callback_terminate_on_nan]{callback_terminate_on_nan()}}, and that
#' function itself. Using the name warns (a `deprecatedWarning`):
#' "callback_terminate_on_naan() is deprecated: use
#' callback_terminate_on_nan()".
#'
#' @returns keras3's `callback_terminate_on_nan` function.
#' @name callback_terminate_on_naan
#' @md
#' @examples
#' \dontrun{
#' callbacks <- list(callback_terminate_on_naan())   # warns
#' callbacks <- list(callback_terminate_on_nan())
#' }
NULL

#' Deprecated keras 2.x backend functions (`k_*()`)
#'
#' @description
#' keras 2.x's backend functions, for scripts written against it. Each `k_*`
#' name is keras3's `op_*` function of the same name itself (`k_sum` is
#' `op_sum`): keras 2.x's arguments are the first arguments of the `op_*`
#' function, with the same names, so 2.x calls work unchanged. Axes are
#' 1-based in both, as in R. Using a name warns (a `deprecatedWarning`) that
#' it is deprecated and names the replacement: "k_sum() is deprecated: use
#' op_sum()".
#'
#' Only the `k_*` functions whose arguments agree with their replacement are
#' kept; the others (`k_dot(x, y)` against `op_dot(x1, x2)`, `k_reshape()`,
#' ...) are not provided rather than half working. For the configuration
#' functions (`k_floatx()`, ...) see [k_backend].
#'
#' Each of these is deprecated; use the `op_*` function of the same name:
#' `k_abs`, `k_all`, `k_any`, `k_arange`, `k_argmax`, `k_argmin`,
#' `k_binary_crossentropy`, `k_cast`, `k_categorical_crossentropy`, `k_cos`,
#' `k_cumprod`, `k_cumsum`, `k_dtype`, `k_elu`, `k_exp`, `k_expand_dims`,
#' `k_hard_sigmoid`, `k_is_tensor`, `k_log`, `k_logsumexp`, `k_max`, `k_mean`,
#' `k_min`, `k_ndim`, `k_prod`, `k_round`, `k_shape`, `k_sigmoid`, `k_sign`,
#' `k_sin`, `k_softmax`, `k_softplus`, `k_softsign`,
#' `k_sparse_categorical_crossentropy`, `k_sqrt`, `k_square`, `k_squeeze`,
#' `k_stack`, `k_std`, `k_sum`, `k_tanh`, `k_transpose`, `k_var` (for example
#' \code{\link[keras3]{op_sum}()} for `k_sum`).
#'
#' @returns keras3's `op_*` function of the same name.
#' @name keras2-backend
#' @aliases k_abs k_all k_any k_arange k_argmax k_argmin k_binary_crossentropy
#'   k_cast k_categorical_crossentropy k_cos k_cumprod k_cumsum k_dtype k_elu
#'   k_exp k_expand_dims k_hard_sigmoid k_is_tensor k_log k_logsumexp k_max
#'   k_mean k_min k_ndim k_prod k_round k_shape k_sigmoid k_sign k_sin
#'   k_softmax k_softplus k_softsign k_sparse_categorical_crossentropy k_sqrt
#'   k_square k_squeeze k_stack k_std k_sum k_tanh k_transpose k_var
#' @md
#' @examples
#' \dontrun{
#' x <- op_convert_to_tensor(matrix(1:6, 2))
#' k_sum(x, axis = 1)   # warns; op_sum(x, axis = 1)
#' }
NULL

#' Deprecated keras 2.x configuration functions (`k_backend()` & co)
#'
#' @description
#' keras 2.x's backend configuration functions, each keras3's function of
#' the new name itself. Using a name warns (a `deprecatedWarning`) that it is
#' deprecated and names the replacement, such as "k_floatx() is deprecated:
#' use config_floatx()".
#'
#' \describe{
#'   \item{`k_backend`}{deprecated: use \code{\link[keras3]{config_backend}()}.}
#'   \item{`k_clear_session`}{deprecated: use \code{\link[keras3]{clear_session}()}.}
#'   \item{`k_epsilon`}{deprecated: use \code{\link[keras3:config_epsilon]{config_epsilon}()}.}
#'   \item{`k_floatx`}{deprecated: use \code{\link[keras3:config_floatx]{config_floatx}()}.}
#'   \item{`k_image_data_format`}{deprecated: use \code{\link[keras3:config_image_data_format]{config_image_data_format}()}.}
#'   \item{`k_set_image_data_format`}{deprecated: use \code{\link[keras3:config_image_data_format]{config_set_image_data_format}()}.}
#' }
#'
#' @returns keras3's function of the new name.
#' @name k_backend
#' @aliases k_clear_session k_epsilon k_floatx k_image_data_format k_set_image_data_format
#' @md
#' @examples
#' \dontrun{
#' k_floatx()   # warns; config_floatx()
#' }
NULL

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

#' Deprecated: train, evaluate and predict with a generator
#'
#' @description
#' keras 2.x's functions for data given by a generator. They are deprecated:
#' keras3's \code{\link[keras3:fit.keras.src.models.model.Model]{fit()}},
#' \code{\link[keras3:evaluate.keras.src.models.model.Model]{evaluate()}} and
#' \code{\link[keras3:predict.keras.src.models.model.Model]{predict()}} take R functions
#' (and `py_iterator()` generators) as `x` themselves, and these call them.
#' Each warns, with a `deprecatedWarning`: "fit_generator() is deprecated: use
#' fit()", "evaluate_generator() is deprecated: use evaluate()",
#' "predict_generator() is deprecated: use predict()".
#'
#' The generator is an R function returning one batch per call (`list(x, y)`,
#' `list(x, y, sample_weight)`, or `x` for prediction) and `NULL` at the end.
#'
#' @param object A Keras model (compiled, to fit or evaluate).
#' @param generator The R function (or Python generator) that gives the
#'   batches.
#' @param steps_per_epoch The number of batches per epoch (a whole number).
#' @param epochs The number of epochs to train (a whole number).
#' @param steps The number of batches to evaluate or predict (a whole number).
#' @param ... Further arguments of `fit()`, `evaluate()` or `predict()`.
#'
#' @returns What `fit()` (the training history, invisibly), `evaluate()` (a
#'   named list) or `predict()` (an array) return.
#' @md
#' @examples
#' \dontrun{
#' batches <- function() list(matrix(runif(320), 32), runif(32))
#' fit_generator(model, batches, steps_per_epoch = 10, epochs = 2)   # warns
#' fit(model, batches, steps_per_epoch = 10, epochs = 2)
#' }
fit_generator <- function(object, generator, steps_per_epoch, epochs = 1L, ...) {
  .deprecated("fit_generator", "fit()")
  fit(object, generator, steps_per_epoch = steps_per_epoch, epochs = epochs, ...)
}

#' @rdname fit_generator
evaluate_generator <- function(object, generator, steps, ...) {
  .deprecated("evaluate_generator", "evaluate()")
  evaluate(object, generator, steps = steps, ...)
}

#' @rdname fit_generator
predict_generator <- function(object, generator, steps, ...) {
  .deprecated("predict_generator", "predict()")
  stats::predict(object, generator, steps = steps, ...)
}

# ---- models -------------------------------------------------------------------------------------

# `model_fn(self)` runs when the model is made; it sets the layers
# (self$dense <- layer_dense(units = 8)) and returns the forward pass,
# function(inputs, mask = NULL, training = NULL).
#' Deprecated: define a custom model from a function
#'
#' @description
#' keras 2.x's way to define a subclassed model. It is deprecated: use
#' \code{\link[keras3:Model]{new_model_class()}} (keras3's `Model()`). It warns, with a
#' `deprecatedWarning`: "keras_model_custom() is deprecated: use
#' new_model_class()".
#'
#' `model_fn(self)` runs when the model is made: it creates the layers as
#' fields of `self` (`self$dense <- layer_dense(units = 8)`) and returns the
#' forward pass, `function(inputs, mask = NULL, training = NULL)`, which gets
#' `mask` and `training` only if it names them (or has `...`). The Python
#' class is named after `name` with its first letter in upper case (`"mymodel"`
#' gives `Mymodel`) when `name` is a syntactic R name, else `CustomModel`. The
#' model is built the first time it is called on data.
#'
#' @param model_fn An R function `function(self)`, as above.
#' @param name The model's name.
#'
#' @returns A Keras model (an instance, not a class).
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_custom(name = "mymodel", function(self) {   # warns
#'   self$dense1 <- layer_dense(units = 16, activation = "relu")
#'   self$dense2 <- layer_dense(units = 1)
#'   function(inputs, mask = NULL, training = FALSE) {
#'     inputs %>% self$dense1() %>% self$dense2()
#'   }
#' })
#' }
keras_model_custom <- function(model_fn, name = NULL) {
  .deprecated("keras_model_custom", "new_model_class()")
  if (!is.function(model_fn) || is_py_object(model_fn))
    stop("keras_model_custom() needs an R function(self) as `model_fn`", call. = FALSE)
  classname <- if (is.character(name) && length(name) == 1L && make.names(name) == name)
    paste0(toupper(substring(name, 1L, 1L)), substring(name, 2L)) else "CustomModel"
  import("pyreticulate.keras.classes")$custom_model(model_fn, name = name, classname = classname)
}

# Keras 3 adds the progress bar itself when verbose = 1.
#' Deprecated: a callback that prints the progress bar
#'
#' @description
#' Makes Keras's `ProgbarLogger` callback. It is deprecated: Keras 3 adds the
#' progress bar itself, so use `fit(verbose = 1)`. It warns, with a
#' `deprecatedWarning`: "callback_progbar_logger() is deprecated: use
#' fit(verbose = 1), which shows the progress bar". Keras 3's progress bar
#' counts steps, so other values of `count_mode`, or `stateful_metrics`, are
#' an error.
#'
#' @param count_mode Only `"samples"` (keras 2.x's default) is accepted.
#' @param stateful_metrics Only `NULL` is accepted.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 2, verbose = 1)
#' }
callback_progbar_logger <- function(count_mode = "samples", stateful_metrics = NULL) {
  .deprecated("callback_progbar_logger", "fit(verbose = 1), which shows the progress bar")
  if (!identical(count_mode, "samples") || !is.null(stateful_metrics))
    stop("callback_progbar_logger(): Keras 3's progress bar counts steps and takes no ",
         "`count_mode` or `stateful_metrics`", call. = FALSE)
  py_call(keras$callbacks$ProgbarLogger)
}

# ---- configuration as JSON ------------------------------------------------------------------------

#' Deprecated: a model's configuration as JSON
#'
#' @description
#' `model_to_json()` gives the model's architecture as a JSON string (Keras's
#' `model$to_json()`, no weights); `model_from_json()` makes a new model,
#' with newly created weights, from such a string. They are deprecated:
#' keras3's \code{\link[keras3:save_model_config]{save_model_config()}} writes the same
#' JSON to a file and
#' \code{\link[keras3:save_model_config]{load_model_config()}} reads it. They warn,
#' with a `deprecatedWarning`: "model_to_json() is deprecated: use
#' save_model_config() (the same JSON, in a file)" and "model_from_json() is
#' deprecated: use load_model_config()".
#'
#' @param object A Keras model.
#' @param json A single string, as `model_to_json()` returns it.
#' @param custom_objects The custom classes and functions the configuration
#'   refers to, as for keras3's `load_model()`.
#'
#' @returns `model_to_json()`: a string. `model_from_json()`: a new,
#'   uncompiled model.
#' @md
#' @examples
#' \dontrun{
#' json <- model_to_json(model)      # warns
#' copy <- model_from_json(json)     # warns
#' save_model_config(model, "model.json")
#' copy <- load_model_config("model.json")
#' }
model_to_json <- function(object) {
  .deprecated("model_to_json", "save_model_config() (the same JSON, in a file)")
  py_to_r(py_call(py_get_attr(object, "to_json")))
}

#' @rdname model_to_json
model_from_json <- function(json, custom_objects = NULL) {
  .deprecated("model_from_json", "load_model_config()")
  if (!is.character(json) || length(json) != 1L || is.na(json))
    stop("`json` must be a single string (what model_to_json() returned)", call. = FALSE)
  file <- tempfile(fileext = ".json")
  on.exit(unlink(file), add = TRUE)
  writeLines(json, file)
  load_model_config(file, custom_objects = custom_objects)
}
