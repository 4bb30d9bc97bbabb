# KerasCallback: the R6 base class of keras 2.x callbacks, kept as it was
# (keras3 has Callback() instead). Epochs and batches count from 0, and the
# hooks get a copy of the logs. Such an object becomes a Keras callback
# through its r_to_py() method: keras3's fit(), evaluate() and predict()
# convert R callbacks that way (Python side: pyreticulate.keras.callbacks).

.keras_callbacks_py <- function() import("pyreticulate.keras.callbacks")

# KerasCallback's own hooks do nothing; the marker tells them from a
# subclass's, so only the hooks a subclass writes become Python hooks.
.default_hook <- function(f) structure(f, keras_default_hook = TRUE)

#' Base class of keras 2.x callbacks (R6)
#'
#' @description
#' `KerasCallback` is the R6 class that keras 2.x callbacks inherit from,
#' kept as it was for scripts written against keras 2.x (keras3's
#' \code{\link[keras3:Callback]{Callback()}} is the newer way). Define a class with
#' `R6::R6Class("MyCallback", inherit = KerasCallback, public = list(...))`,
#' override the hooks you need, and pass an instance (`MyCallback$new()`) in
#' `callbacks` of keras3's `fit()`, `evaluate()` or `predict()`; its
#' `r_to_py()` method makes the Keras callback. It is not deprecated.
#'
#' As in keras 2.x, **epochs and batches count from 0**, and each hook gets a
#' copy of the logs (a named list); what a hook returns is ignored. Only the
#' hooks a class overrides are called.
#'
#' Fields: `params` (Keras's parameters of the run) and `model` (the model),
#' set whenever Keras sets them, through `set_context(params, model)`.
#'
#' Hooks: `on_epoch_begin(epoch, logs)`, `on_epoch_end(epoch, logs)`,
#' `on_batch_begin(batch, logs)` and `on_batch_end(batch, logs)` (training
#' batches, as `on_train_batch_begin`/`on_train_batch_end`),
#' `on_train_begin(logs)`, `on_train_end(logs)`, and the `on_train_batch_*`,
#' `on_test_*`, `on_test_batch_*`, `on_predict_*` and `on_predict_batch_*`
#' hooks with the same arguments as in Keras.
#'
#' An R error in a hook stops the call with the original condition.
#'
#' @format An R6 class generator.
#' @returns Instances (from `$new()`) are R6 objects that `r_to_py()` turns
#'   into Keras callbacks.
#' @name KerasCallback
#' @md
#' @examples
#' \dontrun{
#' library(keras)
#' LossHistory <- R6::R6Class("LossHistory",
#'   inherit = KerasCallback,
#'   public = list(
#'     losses = NULL,
#'     on_batch_end = function(batch, logs = list()) {
#'       self$losses <- c(self$losses, logs[["loss"]])
#'     }
#'   )
#' )
#' history <- LossHistory$new()
#' model %>% fit(x, y, epochs = 2, callbacks = list(history))
#' history$losses
#' }
NULL
KerasCallback <- R6::R6Class("KerasCallback",
  public = list(
    params = NULL,
    model = NULL,
    set_context = function(params = NULL, model = NULL) {
      self$params <- params
      self$model <- model
    },
    on_epoch_begin = .default_hook(function(epoch, logs = NULL) NULL),
    on_epoch_end = .default_hook(function(epoch, logs = NULL) NULL),
    on_batch_begin = .default_hook(function(batch, logs = NULL) NULL),
    on_batch_end = .default_hook(function(batch, logs = NULL) NULL),
    on_train_begin = .default_hook(function(logs = NULL) NULL),
    on_train_end = .default_hook(function(logs = NULL) NULL),
    on_train_batch_begin = .default_hook(function(batch, logs = NULL) NULL),
    on_train_batch_end = .default_hook(function(batch, logs = NULL) NULL),
    on_test_begin = .default_hook(function(logs = NULL) NULL),
    on_test_end = .default_hook(function(logs = NULL) NULL),
    on_test_batch_begin = .default_hook(function(batch, logs = NULL) NULL),
    on_test_batch_end = .default_hook(function(batch, logs = NULL) NULL),
    on_predict_begin = .default_hook(function(logs = NULL) NULL),
    on_predict_end = .default_hook(function(logs = NULL) NULL),
    on_predict_batch_begin = .default_hook(function(batch, logs = NULL) NULL),
    on_predict_batch_end = .default_hook(function(batch, logs = NULL) NULL)
  )
)

.state <- new.env(parent = emptyenv())

.hook_names <- function() {
  if (is.null(.state$hook_names))
    .state$hook_names <- names(.keras_callbacks_py()$hook_names())
  .state$hook_names
}

# The Keras callback of a KerasCallback object: the hooks it overrides, 0-based.
#' @rdname KerasCallback
#' @method r_to_py KerasCallback
#' @param x A `KerasCallback` object.
#' @param convert Unused: the callback is a Python object that Keras calls.
#' @md
r_to_py.KerasCallback <- function(x, convert = FALSE) {
  hooks <- list()
  for (name in .hook_names()) {
    hook <- x[[name]]
    if (is.function(hook) && !isTRUE(attr(hook, "keras_default_hook")))
      hooks[[name]] <- structure(hook, py_function_name = name)
  }
  context <- function(params, model) x$set_context(params, model)
  .keras_callbacks_py()$hook_callback(hooks, base = 0L, merge = FALSE, context = context)
}
