# keras 2.x's deprecated fit_generator(), evaluate_generator() and
# predict_generator(): fit(), evaluate() and predict() take generators (R
# functions, Python iterators, datasets) themselves (models-data.R).

#' Train, evaluate or predict from a generator (deprecated)
#'
#' @description
#' Deprecated since TensorFlow 2.1: these warn and call [fit()], [evaluate()]
#' or [predict()], which take generators themselves.
#'
#' @param object A model.
#' @param generator An R function returning a batch at each call
#'   (`list(x, y)`, or `list(x)` for prediction), a Python iterator or a dataset.
#' @param steps_per_epoch,steps The number of batches per epoch, or in all.
#' @param epochs The number of epochs.
#' @param verbose The verbosity: `0`, `1` or `2`.
#' @param callbacks A list of callbacks.
#' @param view_metrics Whether to show the metrics in RStudio's viewer.
#' @param validation_data Validation data: a generator or `list(x, y)`.
#' @param validation_steps The number of validation batches per epoch.
#' @param class_weight Weights of the classes, named by class index.
#' @param max_queue_size,workers How many batches Keras queues and how many
#'   threads fill the queue (for Python generators).
#' @param initial_epoch The epoch to start from.
#' @returns As [fit()], [evaluate()] and [predict()].
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' batches <- function() list(x[sample(nrow(x), 32), ], y[sample(nrow(x), 32)])
#' fit(model, batches, steps_per_epoch = 10, epochs = 2)
#' }
fit_generator <- function(object, generator, steps_per_epoch, epochs = 1,
                          verbose = getOption("keras.fit_verbose", default = 1),
                          callbacks = NULL,
                          view_metrics = getOption("keras.view_metrics", default = "auto"),
                          validation_data = NULL, validation_steps = NULL, class_weight = NULL,
                          max_queue_size = 10, workers = 1, initial_epoch = 0) {
  warning(.keras2_deprecation("fit_generator() is deprecated: use fit(), which takes generators"))
  fit(object, x = generator, steps_per_epoch = steps_per_epoch, epochs = epochs,
      verbose = verbose, callbacks = callbacks, view_metrics = view_metrics,
      validation_data = validation_data, validation_steps = validation_steps,
      class_weight = class_weight, max_queue_size = max_queue_size, workers = workers,
      initial_epoch = initial_epoch)
}

#' @rdname fit_generator
#' @export
evaluate_generator <- function(object, generator, steps, max_queue_size = 10, workers = 1,
                               callbacks = NULL) {
  warning(.keras2_deprecation(
    "evaluate_generator() is deprecated: use evaluate(), which takes generators"))
  evaluate(object, x = generator, steps = steps, max_queue_size = max_queue_size,
           workers = workers, callbacks = callbacks)
}

#' @rdname fit_generator
#' @export
predict_generator <- function(object, generator, steps, max_queue_size = 10, workers = 1,
                              verbose = 0, callbacks = NULL) {
  warning(.keras2_deprecation(
    "predict_generator() is deprecated: use predict(), which takes generators"))
  predict(object, x = generator, steps = steps, max_queue_size = max_queue_size,
          workers = workers, verbose = verbose, callbacks = callbacks)
}
