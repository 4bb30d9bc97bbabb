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

new_callback_class <- Callback

# A callback made of plain functions (keras3): epochs and batches from 1, a
# returned named list is merged into logs. Other hooks (on_test_begin, ...) by name.
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
  for (name in intersect(names(args), c("verbose", "histogram_freq", "embeddings_freq")))
    args[[name]] <- .keras_integer(args[[name]], name, call)
  for (name in intersect(names(args), c("save_freq", "update_freq", "profile_batch")))
    if (is.numeric(args[[name]])) args[[name]] <- .keras_integer(args[[name]], name, call)
  for (name in intersect(names(args), c("filepath", "filename", "log_dir", "backup_dir")))
    args[[name]] <- path.expand(args[[name]])
  py_call(py_get_attr(keras$callbacks, class_name), !!!args)
}

callback_early_stopping <- function(monitor = "val_loss", min_delta = 0, patience = 0L,
                                    verbose = 0L, mode = "auto", baseline = NULL,
                                    restore_best_weights = FALSE, start_from_epoch = 0L) {
  .keras_callback("EarlyStopping", environment(), match.call(expand.dots = FALSE))
}

callback_model_checkpoint <- function(filepath, monitor = "val_loss", verbose = 0L,
                                      save_best_only = FALSE, save_weights_only = FALSE,
                                      mode = "auto", save_freq = "epoch",
                                      initial_value_threshold = NULL) {
  .keras_callback("ModelCheckpoint", environment(), match.call(expand.dots = FALSE))
}

callback_csv_logger <- function(filename, separator = ",", append = FALSE) {
  .keras_callback("CSVLogger", environment(), match.call(expand.dots = FALSE))
}

callback_terminate_on_nan <- function(raise_error = FALSE) {
  .keras_callback("TerminateOnNaN", environment(), match.call(expand.dots = FALSE))
}

callback_reduce_lr_on_plateau <- function(monitor = "val_loss", factor = 0.1, patience = 10L,
                                          verbose = 0L, mode = "auto", min_delta = 1e-04,
                                          cooldown = 0L, min_lr = 0, ...) {
  .keras_callback("ReduceLROnPlateau", environment(), match.call(expand.dots = FALSE))
}

# `schedule(epoch, lr)` gets the epoch counted from 0 and returns the new rate.
callback_learning_rate_scheduler <- function(schedule, verbose = 0L) {
  if (!is.function(schedule) || is_py_object(schedule))
    stop("`schedule` must be an R function(epoch, lr)", call. = FALSE)
  force(schedule)
  rate <- function(epoch, lr) {
    value <- schedule(epoch, lr)
    if (is.numeric(value) && !is.object(value)) as.double(value) else value
  }
  args <- list(.as_py_function(rate, "schedule"))
  if (!missing(verbose)) args$verbose <- .keras_integer(verbose, "verbose")
  py_call(keras$callbacks$LearningRateScheduler, !!!args)
}

callback_tensorboard <- function(log_dir = "logs", histogram_freq = 0L, write_graph = TRUE,
                                 write_images = FALSE, write_steps_per_second = FALSE,
                                 update_freq = "epoch", profile_batch = 0L,
                                 embeddings_freq = 0L, embeddings_metadata = NULL) {
  .keras_callback("TensorBoard", environment(), match.call(expand.dots = FALSE))
}

callback_backup_and_restore <- function(backup_dir, save_freq = "epoch",
                                        double_checkpoint = FALSE, delete_checkpoint = TRUE) {
  .keras_callback("BackupAndRestore", environment(), match.call(expand.dots = FALSE))
}
