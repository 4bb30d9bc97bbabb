# keras 2.x's callbacks on tf_keras: the callback_*() functions with keras
# 2.15's signatures, the R6 class KerasCallback, and the list of callbacks
# fit(), evaluate() and predict() give Keras (.keras2_callbacks()).
#
# A KerasCallback's hooks are called as keras 2.x called them: epochs and
# batches counted from 0, `logs` a named list (a copy: what a hook returns is
# ignored), `self$params` and `self$model` set before the first hook. Only the
# hooks a class overrides are registered with Keras
# (pyreticulate.keras.callbacks.hook_callback(), on tf_keras's Callback).
#
# NAMESPACE: importFrom(reticulate, py_len)

.keras2_callbacks_py <- function() import("pyreticulate.keras.callbacks")

#' Base class of callbacks written as R6 classes
#'
#' @description
#' Inherit from `KerasCallback` (`R6::R6Class("MyCallback", inherit = KerasCallback,
#' public = list(...))`) and override the hooks you need; give instances to
#' `fit()`, `evaluate()` or `predict()` in `callbacks`. Epochs and batches count
#' from 0; `logs` is a named list of the current loss and metrics; `self$params`
#' (the training parameters) and `self$model` (the model) are set before the first
#' hook runs. `on_batch_begin()` and `on_batch_end()` are the training batches'
#' hooks.
#'
#' @format An R6 class generator.
#' @family callbacks
#' @md
#' @examples
#' \dontrun{
#' LossHistory <- R6::R6Class("LossHistory", inherit = KerasCallback,
#'   public = list(
#'     losses = NULL,
#'     on_batch_end = function(batch, logs = list()) {
#'       self$losses <- c(self$losses, logs[["loss"]])
#'     }
#'   ))
#' history <- LossHistory$new()
#' model %>% fit(x, y, callbacks = list(history))
#' history$losses
#' }
#' @name KerasCallback
NULL

KerasCallback <- R6::R6Class("KerasCallback",
  public = list(
    params = NULL,
    model = NULL,
    set_context = function(params = NULL, model = NULL) {
      self$params <- params
      self$model <- model
    },
    on_epoch_begin = function(epoch, logs = NULL) {},
    on_epoch_end = function(epoch, logs = NULL) {},
    on_batch_begin = function(batch, logs = NULL) {},
    on_batch_end = function(batch, logs = NULL) {},
    on_train_begin = function(logs = NULL) {},
    on_train_end = function(logs = NULL) {},
    on_train_batch_begin = function(batch, logs = NULL) {},
    on_train_batch_end = function(batch, logs = NULL) {},
    on_test_begin = function(logs = NULL) {},
    on_test_end = function(logs = NULL) {},
    on_test_batch_begin = function(batch, logs = NULL) {},
    on_test_batch_end = function(batch, logs = NULL) {},
    on_predict_begin = function(logs = NULL) {},
    on_predict_end = function(logs = NULL) {},
    on_predict_batch_begin = function(batch, logs = NULL) {},
    on_predict_batch_end = function(batch, logs = NULL) {}
  )
)

# A KerasCallback object as a tf_keras callback calling the hooks its class overrides.
.keras2_r6_callback <- function(callback) {
  defaults <- KerasCallback$public_methods
  names <- grep("^on_", names(defaults), value = TRUE)
  overridden <- Filter(function(name) !identical(body(callback[[name]]), body(defaults[[name]])),
                       names)
  hooks <- lapply(overridden, function(name) callback[[name]])
  names(hooks) <- overridden
  .keras2_callbacks_py()$hook_callback(hooks, base = 0L, merge = FALSE,
                                       context = callback$set_context, module = "tf_keras")
}

# The callbacks of a fit(), evaluate() or predict() call as Keras takes them: a
# list of tf_keras callbacks (KerasCallback objects converted), the call's
# Feeder when it reads R functions (models-data.R), and, while a tfruns run is
# active, keras 2.x's TensorBoard logs in the run (unless the list has a
# TensorBoard callback) and, for fit(), the metrics recorded in the run.
.keras2_callbacks <- function(callbacks, feeder = NULL, training = FALSE) {
  if (!is.null(callbacks) && !is.list(callbacks)) callbacks <- list(callbacks)
  callbacks <- lapply(callbacks, function(callback) {
    if (inherits(callback, "KerasCallback")) return(.keras2_r6_callback(callback))
    if (is_py_object(callback)) return(callback)
    stop("callbacks must be Keras callbacks (callback_*(), KerasCallback objects), not ",
         class(callback)[[1L]], call. = FALSE)
  })
  if (training && .keras2_run_active()) {
    tensorboard <- vapply(callbacks, inherits, NA, "keras.callbacks.TensorBoard")
    if (!any(tensorboard)) callbacks <- c(callbacks, list(callback_tensorboard()))
    callbacks <- c(callbacks, list(.keras2_run_metrics_callback()))
  }
  if (!is.null(feeder) && py_len(feeder) > 0L) callbacks <- c(callbacks, list(feeder))
  if (length(callbacks)) callbacks
}

# ---- tfruns -------------------------------------------------------------------------------

# Whether a tfruns training run is active (keras 2.x records its metrics,
# evaluation and TensorBoard logs in it).
.keras2_run_active <- function() {
  requireNamespace("tfruns", quietly = TRUE) && isTRUE(tfruns::is_run_active())
}

.keras2_run_metadata <- function(type, data) {
  if (.keras2_run_active()) tfruns::write_run_metadata(type, data)
  invisible()
}

# A callback writing the metrics of each epoch into the active run, one column
# per metric and one row per epoch (NA for the epochs still to come).
.keras2_run_metrics_callback <- function() {
  recorded <- list()
  params <- list()
  record <- function(epoch, logs) {
    for (name in names(logs))
      recorded[[name]] <<- c(recorded[[name]], rep(NA_real_, epoch - length(recorded[[name]])),
                             mean(as.numeric(logs[[name]])))
    epochs <- max(lengths(recorded), params$epochs)
    .keras2_run_metadata("metrics", as.data.frame(lapply(recorded, function(values)
      c(values, rep(NA_real_, epochs - length(values))))))
  }
  .keras2_callbacks_py()$hook_callback(list(on_epoch_end = record), base = 0L,
                                       context = function(p, model) params <<- p %||% list(),
                                       module = "tf_keras")
}

# ---- built-in callbacks --------------------------------------------------------------------

.keras2_callback_class <- function(name) py_get_attr(py_get_attr(keras, "callbacks"), name)

# A count or "epoch"/"batch": numbers as whole numbers, strings as they are.
.keras2_frequency <- function(value, name) {
  if (is.numeric(value)) .keras2_argument(name, value, convention = "integer") else value
}

#' Print metrics to the console (the progress bar)
#'
#' @param count_mode `"samples"` or `"steps"`: what the progress bar counts.
#' @param stateful_metrics Names of metrics shown as they are (not averaged over
#'   the epoch).
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, callbacks = list(callback_progbar_logger(count_mode = "steps")))
#' }
callback_progbar_logger <- function(count_mode = "samples", stateful_metrics = NULL) {
  py_call(.keras2_callback_class("ProgbarLogger"), count_mode = count_mode,
          stateful_metrics = stateful_metrics)
}

#' Save the model after each epoch
#'
#' @description
#' Saves the model (or its weights) to `filepath` during training. The path may
#' hold fields filled in at each save, such as `"weights.{epoch:02d}-{val_loss:.2f}.h5"`;
#' its extension chooses the format (`.keras`, `.h5`, else a SavedModel directory).
#'
#' @param filepath Where to save.
#' @param monitor The quantity `save_best_only` watches.
#' @param verbose `0` (silent) or `1` (a message at each save).
#' @param save_best_only Whether to save only when `monitor` improves.
#' @param save_weights_only Whether to save the weights only.
#' @param mode `"auto"`, `"min"` or `"max"`: whether a smaller or a larger
#'   `monitor` is better.
#' @param period Replaced by `save_freq` (TensorFlow 1.14): ignored, with a warning.
#' @param save_freq `"epoch"`, or a number of batches between saves.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' checkpoint <- callback_model_checkpoint("model.{epoch:02d}.keras", monitor = "loss")
#' model %>% fit(x, y, epochs = 5, callbacks = list(checkpoint))
#' }
callback_model_checkpoint <- function(filepath, monitor = "val_loss", verbose = 0,
                                      save_best_only = FALSE, save_weights_only = FALSE,
                                      mode = c("auto", "min", "max"), period = NULL,
                                      save_freq = "epoch") {
  if (!save_weights_only && !have_h5py())
    stop("callback_model_checkpoint(): saving models needs the Python package h5py",
         call. = FALSE)
  if (!is.null(period))
    warning("callback_model_checkpoint(): `period` is deprecated (TensorFlow 1.14) and ",
            "ignored: use `save_freq`", call. = FALSE)
  py_call(.keras2_callback_class("ModelCheckpoint"),
          filepath = .keras2_path(filepath), monitor = monitor,
          verbose = .keras2_argument("verbose", verbose, convention = "integer"),
          save_best_only = save_best_only, save_weights_only = save_weights_only,
          mode = match.arg(mode), save_freq = .keras2_frequency(save_freq, "save_freq"))
}

#' Back up the training state so that an interrupted fit() can resume
#'
#' @param backup_dir The directory of the backups.
#' @param ... Further named arguments of `tf_keras.callbacks.BackupAndRestore`
#'   (`save_freq`, `delete_checkpoint`, `save_before_preemption`).
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 10, callbacks = list(callback_backup_and_restore("backup")))
#' }
callback_backup_and_restore <- function(backup_dir, ...) {
  args <- list2(...)
  if (length(args) && (is.null(names(args)) || !all(nzchar(names(args)))))
    stop("callback_backup_and_restore(): the arguments in `...` must be named", call. = FALSE)
  if (!is.null(args$save_freq)) args$save_freq <- .keras2_frequency(args$save_freq, "save_freq")
  py_call(.keras2_callback_class("BackupAndRestore"), backup_dir = .keras2_path(backup_dir),
          !!!args)
}

#' Stop training when a metric stops improving
#'
#' @param monitor The quantity to watch.
#' @param min_delta The smallest change that counts as an improvement.
#' @param patience How many epochs without improvement to wait.
#' @param verbose `0` or `1` (a message when training stops).
#' @param mode `"auto"`, `"min"` or `"max"`: whether `monitor` should decrease or
#'   increase.
#' @param baseline A value `monitor` must improve on.
#' @param restore_best_weights Whether to restore the weights of the best epoch.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' stop_early <- callback_early_stopping(monitor = "val_loss", patience = 2)
#' model %>% fit(x, y, epochs = 50, validation_split = 0.2, callbacks = list(stop_early))
#' }
callback_early_stopping <- function(monitor = "val_loss", min_delta = 0, patience = 0,
                                    verbose = 0, mode = c("auto", "min", "max"),
                                    baseline = NULL, restore_best_weights = FALSE) {
  py_call(.keras2_callback_class("EarlyStopping"), monitor = monitor, min_delta = min_delta,
          patience = .keras2_argument("patience", patience, convention = "integer"),
          verbose = .keras2_argument("verbose", verbose, convention = "integer"),
          mode = match.arg(mode), baseline = baseline,
          restore_best_weights = restore_best_weights)
}

#' Send the logs of each epoch to a server
#'
#' @param root The server's root URL.
#' @param path The path the events are posted to.
#' @param field The form field holding the data (when not sent as JSON).
#' @param headers A named list of HTTP headers.
#' @param send_as_json Whether the request's body is JSON.
#' @returns A Keras callback; it needs the Python package requests.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' monitor <- callback_remote_monitor(root = "http://localhost:9000")
#' }
callback_remote_monitor <- function(root = "https://localhost:9000",
                                    path = "/publish/epoch/end/", field = "data",
                                    headers = NULL, send_as_json = FALSE) {
  if (!have_requests())
    stop("callback_remote_monitor() needs the Python package requests", call. = FALSE)
  py_call(.keras2_callback_class("RemoteMonitor"), root = root, path = path, field = field,
          headers = headers, send_as_json = send_as_json)
}

#' Set the learning rate at the start of each epoch
#'
#' @param schedule A function `function(epoch, lr)` returning the epoch's rate
#'   (a double); `epoch` counts from 0, `lr` is the current rate.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' halve <- callback_learning_rate_scheduler(function(epoch, lr) if (epoch > 0) lr / 2 else lr)
#' model %>% fit(x, y, epochs = 5, callbacks = list(halve))
#' }
callback_learning_rate_scheduler <- function(schedule) {
  py_call(.keras2_callback_class("LearningRateScheduler"), schedule = schedule)
}

#' Stop training when the loss becomes NaN
#'
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, callbacks = list(callback_terminate_on_naan()))
#' }
callback_terminate_on_naan <- function() {
  py_call(.keras2_callback_class("TerminateOnNaN"))
}

#' Write logs for TensorBoard
#'
#' @description
#' Writes the metrics (and, as asked, histograms, the graph and images) where
#' TensorBoard reads them. `batch_size`, `write_grads` and the `embeddings_*`
#' arguments were dropped by TensorFlow 1.14's Keras: `batch_size` is ignored
#' with a warning, the others are ignored, as keras 2.x did.
#'
#' @param log_dir The directory of the logs: by default `"logs"`, or `logs` in
#'   the active tfruns run.
#' @param histogram_freq How often (in epochs) the weights' histograms are written
#'   (0 for never).
#' @param batch_size Ignored (TensorFlow 1.14), with a warning.
#' @param write_graph Whether the graph is written.
#' @param write_grads Ignored (TensorFlow 1.14).
#' @param write_images Whether the weights are written as images.
#' @param embeddings_freq,embeddings_layer_names,embeddings_metadata,embeddings_data
#'   Ignored (not in TensorFlow's Keras).
#' @param update_freq `"epoch"`, `"batch"`, or a number of batches between writes.
#' @param profile_batch Which batch (or range of two) is profiled; 0 for none.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 5, callbacks = list(callback_tensorboard("logs/run1")))
#' }
callback_tensorboard <- function(log_dir = NULL, histogram_freq = 0, batch_size = NULL,
                                 write_graph = TRUE, write_grads = FALSE, write_images = FALSE,
                                 embeddings_freq = 0, embeddings_layer_names = NULL,
                                 embeddings_metadata = NULL, embeddings_data = NULL,
                                 update_freq = "epoch", profile_batch = 0) {
  if (is.null(log_dir))
    log_dir <- if (.keras2_run_active()) file.path(tfruns::run_dir(), "logs") else "logs"
  if (!is.null(batch_size))
    warning("callback_tensorboard(): `batch_size` is ignored since TensorFlow 1.14",
            call. = FALSE)
  py_call(.keras2_callback_class("TensorBoard"), log_dir = .keras2_path(log_dir),
          histogram_freq = .keras2_argument("histogram_freq", histogram_freq,
                                            convention = "integer"),
          write_graph = write_graph, write_images = write_images,
          update_freq = .keras2_frequency(update_freq, "update_freq"),
          profile_batch = .keras2_argument("profile_batch", profile_batch,
                                           convention = "integer"))
}

#' Reduce the learning rate when a metric stops improving
#'
#' @param monitor The quantity to watch.
#' @param factor The factor the rate is multiplied by.
#' @param patience How many epochs without improvement to wait.
#' @param verbose `0` or `1` (a message at each reduction).
#' @param mode `"auto"`, `"min"` or `"max"`: whether `monitor` should decrease or
#'   increase.
#' @param min_delta The smallest change that counts as an improvement.
#' @param cooldown How many epochs to wait after a reduction before watching again.
#' @param min_lr The smallest rate.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' reduce <- callback_reduce_lr_on_plateau(monitor = "val_loss", factor = 0.5, patience = 3)
#' model %>% fit(x, y, epochs = 30, validation_split = 0.2, callbacks = list(reduce))
#' }
callback_reduce_lr_on_plateau <- function(monitor = "val_loss", factor = 0.1, patience = 10,
                                          verbose = 0, mode = c("auto", "min", "max"),
                                          min_delta = 1e-04, cooldown = 0, min_lr = 0) {
  py_call(.keras2_callback_class("ReduceLROnPlateau"), monitor = monitor, factor = factor,
          patience = .keras2_argument("patience", patience, convention = "integer"),
          verbose = .keras2_argument("verbose", verbose, convention = "integer"),
          mode = match.arg(mode), min_delta = min_delta,
          cooldown = .keras2_argument("cooldown", cooldown, convention = "integer"),
          min_lr = min_lr)
}

#' Write the metrics of each epoch to a CSV file
#'
#' @param filename The file.
#' @param separator The column separator.
#' @param append Whether to append to an existing file.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 5, callbacks = list(callback_csv_logger("training.csv")))
#' }
callback_csv_logger <- function(filename, separator = ",", append = FALSE) {
  py_call(.keras2_callback_class("CSVLogger"), filename = .keras2_path(filename),
          separator = separator, append = append)
}

#' A callback made of R functions
#'
#' @description
#' Each hook given is called as Keras calls it: `function(epoch, logs)` or
#' `function(batch, logs)` (counted from 0) and `function(logs)` for the
#' `*_begin`/`*_end` hooks of training, evaluation and prediction.
#'
#' @param on_epoch_begin,on_epoch_end,on_batch_begin,on_batch_end,on_train_batch_begin,on_train_batch_end,on_train_begin,on_train_end,on_predict_batch_begin,on_predict_batch_end,on_predict_begin,on_predict_end,on_test_batch_begin,on_test_batch_end,on_test_begin,on_test_end
#'   The hooks: functions, or `NULL` for none.
#' @returns A Keras callback.
#' @family callbacks
#' @export
#' @md
#' @examples
#' \dontrun{
#' print_loss <- callback_lambda(on_epoch_end = function(epoch, logs) cat(epoch, logs$loss, "\n"))
#' model %>% fit(x, y, epochs = 5, verbose = 0, callbacks = list(print_loss))
#' }
callback_lambda <- function(on_epoch_begin = NULL, on_epoch_end = NULL, on_batch_begin = NULL,
                            on_batch_end = NULL, on_train_batch_begin = NULL,
                            on_train_batch_end = NULL, on_train_begin = NULL, on_train_end = NULL,
                            on_predict_batch_begin = NULL, on_predict_batch_end = NULL,
                            on_predict_begin = NULL, on_predict_end = NULL,
                            on_test_batch_begin = NULL, on_test_batch_end = NULL,
                            on_test_begin = NULL, on_test_end = NULL) {
  hooks <- as.list(environment())
  hooks <- hooks[!vapply(hooks, is.null, NA)]
  for (name in names(hooks))
    if (!is.function(hooks[[name]]))
      stop(sprintf("callback_lambda(): `%s` must be a function", name), call. = FALSE)
  py_call(.keras2_callback_class("LambdaCallback"), !!!hooks)
}
