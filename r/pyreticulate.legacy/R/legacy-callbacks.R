# KerasCallback (R6, keras 2.x's way of writing callbacks) and the callback
# names of the first release that keras3 lacks.

# The hooks KerasCallback itself defines do nothing; they carry this marker so
# that only the hooks a subclass writes become hooks of the Keras callback.
.no_op_hook <- function(f) structure(f, pyreticulate_no_op_hook = TRUE)

#' R6 callbacks, keras 2.x style
#'
#' @description
#' `KerasCallback` is the R6 class callbacks inherit from in scripts written
#' for keras 2.x and for pyreticulate's first release:
#' `R6::R6Class("MyCallback", inherit = KerasCallback, public = list(...))`
#' with the hooks the class needs, and an instance (`MyCallback$new()`) in
#' `callbacks` of `fit()`, `evaluate()` or `predict()`, which make a Keras
#' callback of it with `r_to_py()`. New code uses \code{\link[keras3:Callback]{Callback()}}.
#'
#' Epochs and batches count from 0, as Keras counts them; each hook gets the
#' logs as a named list and what it returns is ignored. Only the hooks the
#' class writes are called. The fields `params` (the run's parameters) and
#' `model` (the model) are set whenever Keras sets them (through
#' `set_context(params, model)`). The hooks are those of Keras's callbacks:
#' `on_epoch_begin(epoch, logs)`, `on_epoch_end(epoch, logs)`,
#' `on_batch_begin(batch, logs)` and `on_batch_end(batch, logs)` (training
#' batches), `on_train_begin(logs)`, `on_train_end(logs)`, and the
#' `on_train_batch_*`, `on_test_*`, `on_test_batch_*`, `on_predict_*` and
#' `on_predict_batch_*` hooks. An R error in a hook stops the call with that
#' condition.
#'
#' @format An R6 class generator.
#' @returns Instances (`$new()`) that `r_to_py()` makes Keras callbacks.
#' @name KerasCallback
#' @md
#' @examples
#' \dontrun{
#' library(pyreticulate)
#' BatchLosses <- R6::R6Class("BatchLosses", inherit = KerasCallback,
#'   public = list(
#'     losses = NULL,
#'     on_batch_end = function(batch, logs = list()) {
#'       self$losses <- c(self$losses, logs$loss)
#'     }))
#' recorder <- BatchLosses$new()
#' model |> fit(x, y, epochs = 2, callbacks = list(recorder))
#' recorder$losses
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
    on_epoch_begin = .no_op_hook(function(epoch, logs = NULL) NULL),
    on_epoch_end = .no_op_hook(function(epoch, logs = NULL) NULL),
    on_batch_begin = .no_op_hook(function(batch, logs = NULL) NULL),
    on_batch_end = .no_op_hook(function(batch, logs = NULL) NULL),
    on_train_begin = .no_op_hook(function(logs = NULL) NULL),
    on_train_end = .no_op_hook(function(logs = NULL) NULL),
    on_train_batch_begin = .no_op_hook(function(batch, logs = NULL) NULL),
    on_train_batch_end = .no_op_hook(function(batch, logs = NULL) NULL),
    on_test_begin = .no_op_hook(function(logs = NULL) NULL),
    on_test_end = .no_op_hook(function(logs = NULL) NULL),
    on_test_batch_begin = .no_op_hook(function(batch, logs = NULL) NULL),
    on_test_batch_end = .no_op_hook(function(batch, logs = NULL) NULL),
    on_predict_begin = .no_op_hook(function(logs = NULL) NULL),
    on_predict_end = .no_op_hook(function(logs = NULL) NULL),
    on_predict_batch_begin = .no_op_hook(function(batch, logs = NULL) NULL),
    on_predict_batch_end = .no_op_hook(function(batch, logs = NULL) NULL)
  )
)

#' @rdname KerasCallback
#' @method r_to_py KerasCallback
#' @param x A `KerasCallback` object.
#' @param convert Unused: Keras calls the callback's hooks.
r_to_py.KerasCallback <- function(x, convert = FALSE) {
  if (is.null(.state$hook_names))
    .state$hook_names <- names(.keras_callbacks_py()$hook_names())
  hooks <- list()
  for (name in .state$hook_names) {
    hook <- x[[name]]
    if (is.function(hook) && !isTRUE(attr(hook, "pyreticulate_no_op_hook")))
      hooks[[name]] <- structure(hook, py_function_name = name)
  }
  .keras_callbacks_py()$hook_callback(hooks, base = 0L, merge = FALSE,
                                      context = function(params, model) x$set_context(params, model))
}

#' A callback printing a progress bar
#'
#' @description
#' Keras's `ProgbarLogger`, which prints a progress bar of the epochs and
#' batches. `fit()` adds one itself when `verbose` is 1 or 2.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' model |> fit(x, y, verbose = 0, callbacks = list(callback_progbar_logger()))
#' }
callback_progbar_logger <- function() py_call(keras3::keras$callbacks$ProgbarLogger)

#' keras 2.x's name of callback_terminate_on_nan()
#'
#' @description
#' `callback_terminate_on_naan()` is keras3's
#' \code{\link[keras3:callback_terminate_on_nan]{callback_terminate_on_nan()}}
#' under keras 2.x's spelling, which the first release kept.
#'
#' @returns A Keras callback that stops training when the loss is NaN.
#' @md
#' @examples
#' \dontrun{
#' model |> fit(x, y, callbacks = list(callback_terminate_on_naan()))
#' }
callback_terminate_on_naan <- function() callback_terminate_on_nan()
