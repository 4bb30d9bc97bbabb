# KerasCallback: the R6 base class of keras 2.x callbacks, kept as it was
# (keras3 has Callback() instead). Epochs and batches count from 0, and the
# hooks get a copy of the logs. Such an object becomes a Keras callback
# through its r_to_py() method: keras3's fit(), evaluate() and predict()
# convert R callbacks that way (Python side: pyreticulate.keras.callbacks).

.keras_callbacks_py <- function() import("pyreticulate.keras.callbacks")

# KerasCallback's own hooks do nothing; the marker tells them from a
# subclass's, so only the hooks a subclass writes become Python hooks.
.default_hook <- function(f) structure(f, keras_default_hook = TRUE)

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
