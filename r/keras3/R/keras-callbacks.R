# Callbacks: R code that Keras runs during fit(), evaluate() and predict()
# (docs/keras-r-code.md; Python side: pyreticulate.keras.callbacks).
#
# | API                                   | epoch, batch | logs                          |
# |---------------------------------------|--------------|-------------------------------|
# | Callback() / new_callback_class()     | from 1       | a returned named list merges  |
# | callback_lambda()                     | from 1       | a returned named list merges  |
# | learning_rate_scheduler(schedule)     | from 0       | schedule(epoch, lr)           |
# | (keras 2.x) R6 class inheriting KerasCallback, in the keras package: from 0, logs a copy |
#
# Each becomes a real keras.callbacks.Callback whose class defines only the
# hooks written in R: the others are never called and cost nothing. Hook
# names come from the installed Keras. `self$model` and `self$params` are set
# before training starts; `self$model$stop_training <- TRUE` stops training
# after the current batch.
#
# An R error in a hook stops the call; R gets the original condition (class,
# message, call) with fields naming where it happened: `keras_hook`
# ("on_epoch_end"), `keras_epoch` and `keras_batch` (both from 1, NULL when
# there is none).

.keras_callbacks_py <- function() import("pyreticulate.keras.callbacks")

# Callbacks for fit/evaluate/predict: Keras callbacks as they are; an R object
# whose class has an r_to_py() method that gives a Keras callback (the keras
# package's KerasCallback R6 objects) through that method.
.as_keras_callback <- function(callback) {
  if (is_py_object(callback)) return(callback)
  has_method <- any(vapply(class(callback), function(cl)
    !is.null(utils::getS3method("r_to_py", cl, optional = TRUE)), logical(1L)))
  if (has_method) {
    converted <- r_to_py(callback)
    if (inherits(converted, "keras.src.callbacks.callback.Callback")) return(converted)
  }
  stop("callbacks must be Keras callbacks (callback_*(), Callback() classes, or R objects ",
       "that r_to_py() makes Keras callbacks), not ", class(callback)[[1L]], call. = FALSE)
}

# The condition of an R error in a hook, with where it happened (called from Python).
.keras_hook_condition <- function(condition, hook, epoch, batch) {
  classes <- class(condition)
  condition <- unclass(condition)
  condition$keras_hook <- hook
  condition$keras_epoch <- epoch
  condition$keras_batch <- batch
  class(condition) <- classes
  condition
}

# `self$model$stop_training <- TRUE` re-assigns `model`, a read-only property
# of Keras 3 callbacks: assigning the same model is a no-op.
#' @rdname Callback
#' @method $<- keras.src.callbacks.callback.Callback
#' @param x A callback.
#' @param name The name of the field to set.
#' @param value The new value. Assigning to `model` the model the callback
#'   already has does nothing (R assigns `self$model` again after
#'   `self$model$stop_training <- TRUE`, and `model` is read-only in Keras 3);
#'   other fields are set on the Python object.
#' @md
`$<-.keras.src.callbacks.callback.Callback` <- function(x, name, value) {
  if (identical(name, "model") && is_py_object(value)) {
    current <- py_get_attr(x, "model", silent = TRUE)
    if (!is.null(current) && identical(py_id(current), py_id(value))) return(x)
  }
  NextMethod()
}

# ---- keras3 style ------------------------------------------------------------------------

# A subclass of keras.callbacks.Callback (or of `inherit`); instances come
# from calling it: `MyCallback()`. Methods see self, super, private, __class__.
#' Define a callback class with R methods
#'
#' @description
#' Creates a Python subclass of `keras$callbacks$Callback` (or of `inherit`)
#' whose hooks are the R functions given. Calling the class makes a callback
#' to pass to [fit()][fit.keras.src.models.model.Model],
#' [evaluate()][evaluate.keras.src.models.model.Model] or
#' [predict()][predict.keras.src.models.model.Model]:
#' `callbacks = list(MyCallback())`. `new_callback_class()` is the same
#' function.
#'
#' The class defines only the hooks you write, so Keras never calls the
#' others. Hooks take `(epoch, logs)`, `(batch, logs)` or `(logs)`; **epochs and
#' batches count from 1**, and `logs` is a named list of the current loss and
#' metrics. A hook that returns a named list has it merged into the logs, and
#' so into the training history. Inside a hook, `self` is the callback,
#' `self$model` the model being trained and `self$params` Keras's parameters
#' of the run; `self$model$stop_training <- TRUE` stops training after the
#' current batch. `super`, `private` (an R environment per instance, made from
#' the `private` list and not seen by Keras) and `__class__` are in scope too.
#'
#' An R error in a hook stops the call with the original condition, with the
#' fields `keras_hook`, `keras_epoch` and `keras_batch` (counted from 1, `NULL`
#' when there is none) saying where it happened.
#'
#' @param classname The name of the Python class (a single string).
#' @param on_epoch_begin,on_epoch_end `function(epoch, logs)`, called at the
#'   start and end of each training epoch.
#' @param on_train_begin,on_train_end `function(logs)`, called at the start
#'   and end of training.
#' @param on_train_batch_begin,on_train_batch_end `function(batch, logs)`,
#'   called around each training batch.
#' @param on_test_begin,on_test_end `function(logs)`, called at the start and
#'   end of evaluation (also the validation of each epoch).
#' @param on_test_batch_begin,on_test_batch_end `function(batch, logs)`,
#'   called around each evaluation batch.
#' @param on_predict_begin,on_predict_end `function(logs)`, called at the
#'   start and end of prediction.
#' @param on_predict_batch_begin,on_predict_batch_end `function(batch, logs)`,
#'   called around each prediction batch.
#' @param ... Further members of the class, by name: methods (R functions,
#'   which get `self` as their first argument when they do not name it) or
#'   fields.
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members: each instance gets an R
#'   environment `private` holding them (functions in it see `self` and
#'   `private`).
#' @param inherit The class to derive from instead of
#'   `keras$callbacks$Callback`, such as another `Callback()` class.
#'
#' @returns The Python class. Call it (with the arguments of its
#'   `initialize` method, if it has one) to make a callback.
#' @seealso [callback_lambda()] for a callback made of plain functions.
#' @md
#' @examples
#' \dontrun{
#' StopAtLoss <- Callback("StopAtLoss",
#'   initialize = function(threshold) {
#'     super$initialize()
#'     self$threshold <- threshold
#'   },
#'   on_epoch_end = function(epoch, logs) {
#'     if (logs$loss < self$threshold) self$model$stop_training <- TRUE
#'     list(epoch_seen = epoch)
#'   }
#' )
#' model %>% fit(x, y, epochs = 100, callbacks = list(StopAtLoss(0.01)))
#' }
Callback <- function(classname, on_epoch_begin = NULL, on_epoch_end = NULL,
                     on_train_begin = NULL, on_train_end = NULL,
                     on_train_batch_begin = NULL, on_train_batch_end = NULL,
                     on_test_begin = NULL, on_test_end = NULL,
                     on_test_batch_begin = NULL, on_test_batch_end = NULL,
                     on_predict_begin = NULL, on_predict_end = NULL,
                     on_predict_batch_begin = NULL, on_predict_batch_end = NULL,
                     ..., public = list(), private = list(), inherit = NULL) {
  hooks <- .keras_method_args(list(
    on_epoch_begin = on_epoch_begin, on_epoch_end = on_epoch_end,
    on_train_begin = on_train_begin, on_train_end = on_train_end,
    on_train_batch_begin = on_train_batch_begin, on_train_batch_end = on_train_batch_end,
    on_test_begin = on_test_begin, on_test_end = on_test_end,
    on_test_batch_begin = on_test_batch_begin, on_test_batch_end = on_test_batch_end,
    on_predict_begin = on_predict_begin, on_predict_end = on_predict_end,
    on_predict_batch_begin = on_predict_batch_begin,
    on_predict_batch_end = on_predict_batch_end))
  .keras_class(classname, c(hooks, list2(...), public), private, inherit,
               function() keras$callbacks$Callback)
}

#' @rdname Callback
new_callback_class <- Callback

# A callback made of plain functions (keras3): epochs and batches from 1, a
# returned named list is merged into logs. Other hooks (on_test_begin, ...) by name.
#' Create a callback from R functions
#'
#' @description
#' Makes a Keras callback whose hooks are the R functions given, without
#' defining a class. Only the hooks given are called. As with [Callback()],
#' **epochs and batches count from 1**, `logs` is a named list of the current
#' loss and metrics, and a named list a hook returns is merged into the logs
#' (and so into the training history). Other hooks (`on_test_begin`,
#' `on_predict_batch_end`, ...) are given by name in `...`.
#'
#' @param on_epoch_begin,on_epoch_end `function(epoch, logs)`, called at the
#'   start and end of each epoch.
#' @param on_train_begin,on_train_end `function(logs)`, called at the start and
#'   end of training.
#' @param on_train_batch_begin,on_train_batch_end `function(batch, logs)`,
#'   called around each training batch.
#' @param ... Further hooks, by their Keras names (`on_test_begin = function(logs) ...`).
#'
#' @returns A Keras callback.
#' @seealso [Callback()], [fit()][fit.keras.src.models.model.Model]
#' @md
#' @examples
#' \dontrun{
#' losses <- numeric()
#' record <- callback_lambda(on_epoch_end = function(epoch, logs) {
#'   losses[epoch] <<- logs$loss
#' })
#' model %>% fit(x, y, epochs = 5, callbacks = list(record))
#' }
callback_lambda <- function(on_epoch_begin = NULL, on_epoch_end = NULL, on_train_begin = NULL,
                            on_train_end = NULL, on_train_batch_begin = NULL,
                            on_train_batch_end = NULL, ...) {
  hooks <- .drop_nulls(c(list(
    on_epoch_begin = on_epoch_begin, on_epoch_end = on_epoch_end,
    on_train_begin = on_train_begin, on_train_end = on_train_end,
    on_train_batch_begin = on_train_batch_begin, on_train_batch_end = on_train_batch_end),
    list2(...)))
  if (length(hooks) && (is.null(names(hooks)) || any(!nzchar(names(hooks)))))
    stop("callback_lambda(): name every hook (on_test_begin = function(logs) ...)", call. = FALSE)
  for (name in names(hooks)) {
    if (!is.function(hooks[[name]]) || is_py_object(hooks[[name]]))
      stop(sprintf("callback_lambda(): `%s` must be an R function", name), call. = FALSE)
    attr(hooks[[name]], "py_function_name") <- name
  }
  .keras_callbacks_py()$hook_callback(hooks, base = 1L, merge = TRUE)
}

# ---- built-in callbacks -----------------------------------------------------------------

# The supplied arguments of a callback_*() call, with Keras's integer
# arguments as integers (patience, cooldown, start_from_epoch, verbose, ...);
# min_delta, factor and min_lr stay doubles.
.keras_callback <- function(class_name, frame, call) {
  args <- .keras_args(frame, call)
  if (!is.null(args$verbose)) args$verbose <- .keras_verbose_level(args$verbose, "verbose", call)
  for (name in intersect(names(args), c("histogram_freq", "embeddings_freq")))
    args[[name]] <- .keras_integer(args[[name]], name, call)
  for (name in intersect(names(args), c("save_freq", "update_freq", "profile_batch")))
    if (is.numeric(args[[name]])) args[[name]] <- .keras_integer(args[[name]], name, call)
  for (name in intersect(names(args), c("filepath", "filename", "log_dir", "backup_dir")))
    args[[name]] <- path.expand(args[[name]])
  py_call(py_get_attr(keras$callbacks, class_name), !!!args)
}

#' Stop training when a metric stops improving
#'
#' @description
#' Makes a `keras$callbacks$EarlyStopping` callback. Only the arguments you
#' give reach Keras. `patience`, `verbose` and `start_from_epoch` must be whole
#' numbers; `min_delta` stays a double (R's keras3 truncates it to an integer).
#'
#' @param monitor The name of the quantity to watch, such as `"val_loss"` or
#'   `"val_accuracy"`.
#' @param min_delta The smallest change of `monitor` that counts as an
#'   improvement.
#' @param patience The number of epochs without improvement after which
#'   training stops.
#' @param verbose `1` to print a message when the callback stops training,
#'   `0` to stay silent.
#' @param mode `"min"` (the quantity should decrease), `"max"` (increase) or
#'   `"auto"` (decided from its name).
#' @param baseline A value the quantity must reach; training stops if it
#'   does not improve on it within `patience` epochs.
#' @param restore_best_weights Whether to restore the weights of the best
#'   epoch when training stops.
#' @param start_from_epoch The number of epochs to wait before watching for
#'   improvement (a warm-up).
#'
#' @returns A Keras callback.
#' @seealso [fit()][fit.keras.src.models.model.Model]
#' @md
#' @examples
#' \dontrun{
#' stop_early <- callback_early_stopping(monitor = "val_loss", patience = 3,
#'                                       restore_best_weights = TRUE)
#' model %>% fit(x, y, epochs = 100, validation_split = 0.2, callbacks = list(stop_early))
#' }
callback_early_stopping <- function(monitor = "val_loss", min_delta = 0, patience = 0L,
                                    verbose = 0L, mode = "auto", baseline = NULL,
                                    restore_best_weights = FALSE, start_from_epoch = 0L) {
  .keras_callback("EarlyStopping", environment(), match.call(expand.dots = FALSE))
}

#' Save the model or its weights during training
#'
#' @description
#' Makes a `keras$callbacks$ModelCheckpoint` callback. Only the arguments you
#' give reach Keras; `verbose` and a numeric `save_freq` must be whole numbers,
#' and `~` in `filepath` is expanded.
#'
#' @param filepath Where to save: a `.keras` file, or a `.weights.h5` file with
#'   `save_weights_only = TRUE`. It may contain Python format fields filled
#'   in at each save with the epoch and the logs, such as
#'   `"model-{epoch:02d}-{val_loss:.2f}.keras"`.
#' @param monitor The quantity that decides which model is the best, for
#'   `save_best_only`.
#' @param verbose `1` to print a message at each save, `0` to stay silent.
#' @param save_best_only Whether to save only when `monitor` improves on the
#'   best value so far.
#' @param save_weights_only Whether to save the weights only, rather than the
#'   whole model.
#' @param mode `"min"`, `"max"` or `"auto"`: whether a smaller or a larger
#'   value of `monitor` is better.
#' @param save_freq `"epoch"` to save at the end of each epoch, or a number of
#'   batches between saves.
#' @param initial_value_threshold The best value of `monitor` to start from,
#'   with `save_best_only`.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' checkpoint <- callback_model_checkpoint("best.keras", monitor = "val_loss",
#'                                         save_best_only = TRUE)
#' model %>% fit(x, y, epochs = 10, validation_split = 0.2, callbacks = list(checkpoint))
#' }
callback_model_checkpoint <- function(filepath, monitor = "val_loss", verbose = 0L,
                                      save_best_only = FALSE, save_weights_only = FALSE,
                                      mode = "auto", save_freq = "epoch",
                                      initial_value_threshold = NULL) {
  .keras_callback("ModelCheckpoint", environment(), match.call(expand.dots = FALSE))
}

#' Write the metrics of each epoch to a CSV file
#'
#' @description
#' Makes a `keras$callbacks$CSVLogger` callback: one row per epoch, with the
#' epoch and the value of each metric. Only the arguments you give reach
#' Keras; `~` in `filename` is expanded.
#'
#' @param filename The CSV file to write.
#' @param separator The field separator.
#' @param append Whether to append to an existing file instead of replacing
#'   it.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 10, callbacks = list(callback_csv_logger("training.csv")))
#' read.csv("training.csv")
#' }
callback_csv_logger <- function(filename, separator = ",", append = FALSE) {
  .keras_callback("CSVLogger", environment(), match.call(expand.dots = FALSE))
}

#' Stop training when the loss becomes NaN
#'
#' @description
#' Makes a `keras$callbacks$TerminateOnNaN` callback, which stops training as
#' soon as a batch gives a NaN or infinite loss. Only the arguments you give
#' reach Keras.
#'
#' @param raise_error Whether to raise an error instead of stopping quietly.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 10, callbacks = list(callback_terminate_on_nan()))
#' }
callback_terminate_on_nan <- function(raise_error = FALSE) {
  .keras_callback("TerminateOnNaN", environment(), match.call(expand.dots = FALSE))
}

#' Reduce the learning rate when a metric stops improving
#'
#' @description
#' Makes a `keras$callbacks$ReduceLROnPlateau` callback, which multiplies the
#' learning rate by `factor` after `patience` epochs without improvement.
#' Only the arguments you give reach Keras. `patience`, `verbose` and
#' `cooldown` must be whole numbers; `factor`, `min_delta` and `min_lr` stay
#' doubles.
#'
#' @param monitor The quantity to watch.
#' @param factor The factor by which the learning rate is multiplied.
#' @param patience The number of epochs without improvement before the rate
#'   is reduced.
#' @param verbose `1` to print a message when the rate is reduced, `0` to stay
#'   silent.
#' @param mode `"min"`, `"max"` or `"auto"`: whether the quantity should
#'   decrease or increase.
#' @param min_delta The smallest change that counts as an improvement.
#' @param cooldown The number of epochs to wait after a reduction before
#'   watching again.
#' @param min_lr The lower bound of the learning rate.
#' @param ... Further arguments of `ReduceLROnPlateau`, by name.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' reduce <- callback_reduce_lr_on_plateau(monitor = "val_loss", factor = 0.5, patience = 2)
#' model %>% fit(x, y, epochs = 20, validation_split = 0.2, callbacks = list(reduce))
#' }
callback_reduce_lr_on_plateau <- function(monitor = "val_loss", factor = 0.1, patience = 10L,
                                          verbose = 0L, mode = "auto", min_delta = 1e-04,
                                          cooldown = 0L, min_lr = 0, ...) {
  .keras_callback("ReduceLROnPlateau", environment(), match.call(expand.dots = FALSE))
}

# `schedule(epoch, lr)` gets the epoch counted from 0 and returns the new rate.
#' Set the learning rate at the start of each epoch
#'
#' @description
#' Makes a `keras$callbacks$LearningRateScheduler` callback that calls
#' `schedule(epoch, lr)` at the start of each epoch and sets the optimizer's
#' learning rate to what it returns. Note that here, as in Keras and R's
#' keras3, **`epoch` counts from 0** (unlike the hooks of [Callback()] and
#' [callback_lambda()]); `lr` is the current rate. A number returned is passed
#' to Keras as a double.
#'
#' @param schedule An R function `function(epoch, lr)` returning the new
#'   learning rate.
#' @param verbose `1` to print the rate at each change, `0` to stay silent (a
#'   whole number).
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' halve_after_10 <- function(epoch, lr) if (epoch < 10) lr else lr * 0.5
#' model %>% fit(x, y, epochs = 20,
#'               callbacks = list(callback_learning_rate_scheduler(halve_after_10)))
#' }
callback_learning_rate_scheduler <- function(schedule, verbose = 0L) {
  if (!is.function(schedule) || is_py_object(schedule))
    stop("`schedule` must be an R function(epoch, lr)", call. = FALSE)
  force(schedule)
  rate <- function(epoch, lr) {
    value <- schedule(epoch, lr)
    if (is.numeric(value) && !is.object(value)) as.double(value) else value
  }
  args <- list(.as_py_function(rate, "schedule"))
  if (!missing(verbose)) args$verbose <- .keras_verbose_level(verbose, "verbose")
  py_call(keras$callbacks$LearningRateScheduler, !!!args)
}

#' Write logs for TensorBoard
#'
#' @description
#' Makes a `keras$callbacks$TensorBoard` callback, which writes the metrics
#' (and optionally graphs, weight histograms and profiles) for TensorBoard to
#' read. It needs the `tensorboard` Python package when training starts. Only
#' the arguments you give reach Keras; `histogram_freq`, `embeddings_freq` and
#' numeric `update_freq` and `profile_batch` must be whole numbers, and `~` in
#' `log_dir` is expanded.
#'
#' @param log_dir The directory to write the logs to.
#' @param histogram_freq How often, in epochs, to write histograms of the
#'   weights (`0` for never).
#' @param write_graph Whether to write the model's graph.
#' @param write_images Whether to write the weights as images.
#' @param write_steps_per_second Whether to log the number of training steps
#'   per second.
#' @param update_freq `"epoch"`, `"batch"`, or a number of batches between
#'   writes of the metrics.
#' @param profile_batch The batch to profile, or a pair of numbers for a range
#'   of batches; `0` for no profiling.
#' @param embeddings_freq How often, in epochs, to write the embedding layers
#'   (`0` for never).
#' @param embeddings_metadata A named list mapping embedding layer names to
#'   metadata files.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, epochs = 10, callbacks = list(callback_tensorboard("logs/run1")))
#' }
callback_tensorboard <- function(log_dir = "logs", histogram_freq = 0L, write_graph = TRUE,
                                 write_images = FALSE, write_steps_per_second = FALSE,
                                 update_freq = "epoch", profile_batch = 0L,
                                 embeddings_freq = 0L, embeddings_metadata = NULL) {
  .keras_callback("TensorBoard", environment(), match.call(expand.dots = FALSE))
}

#' Back up training so an interrupted run can resume
#'
#' @description
#' Makes a `keras$callbacks$BackupAndRestore` callback: it saves the training
#' state in `backup_dir` as training goes, and a later `fit()` with the same
#' callback resumes from the last backup instead of starting over. Only the
#' arguments you give reach Keras; a numeric `save_freq` must be a whole
#' number, and `~` in `backup_dir` is expanded.
#'
#' @param backup_dir The directory for the backups.
#' @param save_freq `"epoch"` to back up at the end of each epoch, or a number
#'   of batches between backups.
#' @param double_checkpoint Whether to keep the previous backup too, in case
#'   the latest one is damaged.
#' @param delete_checkpoint Whether to delete the backups when training ends
#'   normally.
#'
#' @returns A Keras callback.
#' @md
#' @examples
#' \dontrun{
#' backup <- callback_backup_and_restore(file.path(tempdir(), "backup"))
#' model %>% fit(x, y, epochs = 10, callbacks = list(backup))
#' }
callback_backup_and_restore <- function(backup_dir, save_freq = "epoch",
                                        double_checkpoint = FALSE, delete_checkpoint = TRUE) {
  .keras_callback("BackupAndRestore", environment(), match.call(expand.dots = FALSE))
}

#' Send the logs of each epoch to a server
#'
#' @description
#' Makes a `keras$callbacks$RemoteMonitor` callback: at the end of each epoch
#' it sends the epoch and its logs to `root` + `path` in an HTTP POST request
#' (as a form field `field` holding JSON, or as a JSON body with
#' `send_as_json = TRUE`). It needs the Python package requests. Only the
#' arguments you give reach Keras.
#'
#' @param root The root URL of the server.
#' @param path The path on the server the events go to.
#' @param field The form field holding the data (when not sent as JSON).
#' @param headers A named list of HTTP headers to send.
#' @param send_as_json Whether to send the request's body as JSON.
#'
#' @returns A Keras callback.
#' @seealso [fit()][fit.keras.src.models.model.Model]
#' @md
#' @examples
#' \dontrun{
#' monitor <- callback_remote_monitor(root = "http://localhost:9000")
#' model %>% fit(x, y, epochs = 5, callbacks = list(monitor))
#' }
callback_remote_monitor <- function(root = "http://localhost:9000", path = "/publish/epoch/end/",
                                    field = "data", headers = NULL, send_as_json = FALSE) {
  .keras_callback("RemoteMonitor", environment(), match.call(expand.dots = FALSE))
}

#' Evaluate and save with the moving averages of the weights
#'
#' @description
#' Makes a `keras$callbacks$SwapEMAWeights` callback, for an optimizer made
#' with `use_ema = TRUE`: during evaluation (and, with `swap_on_epoch =
#' TRUE`, at the end of each epoch, so that other callbacks such as
#' [callback_model_checkpoint()] after it see them) the model's weights are
#' swapped for their exponential moving averages, and swapped back afterwards.
#'
#' @param swap_on_epoch Whether to swap the weights at the end of each epoch
#'   too.
#'
#' @returns A Keras callback.
#' @seealso [fit()][fit.keras.src.models.model.Model]
#' @md
#' @examples
#' \dontrun{
#' model %>% compile(optimizer = optimizer_sgd(use_ema = TRUE), loss = "mse")
#' model %>% fit(x, y, epochs = 5, validation_split = 0.2,
#'               callbacks = list(callback_swap_ema_weights(swap_on_epoch = TRUE)))
#' }
callback_swap_ema_weights <- function(swap_on_epoch = FALSE) {
  .keras_callback("SwapEMAWeights", environment(), match.call(expand.dots = FALSE))
}
