# One batch at a time: train_on_batch(), test_on_batch(), predict_on_batch(),
# and keras 2.x's deprecated predict_proba() and predict_classes().

#' Train, test or predict on a single batch
#'
#' @description
#' `train_on_batch()` runs one gradient update on the batch, `test_on_batch()`
#' computes the loss and metrics on it, `predict_on_batch()` the outputs.
#'
#' @param object A model (compiled, for training and testing).
#' @param x The inputs: an array, or a list of them for several inputs.
#' @param y The targets.
#' @param class_weight Weights of the classes, named by class index.
#' @param sample_weight Weights of the samples.
#' @returns `train_on_batch()` and `test_on_batch()`: the loss, or a numeric
#'   vector of the loss and the metrics when the model has metrics. `predict_on_batch()`: an
#'   array (a list of them for several outputs).
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' loss <- train_on_batch(model, x[1:32, ], y[1:32, ])
#' }
train_on_batch <- function(object, x, y, class_weight = NULL, sample_weight = NULL) {
  .keras2_batch_metrics(py_call(py_get_attr(object, "train_on_batch"), keras_array(x),
                                keras_array(y), class_weight = .keras2_class_weight(class_weight),
                                sample_weight = keras_array(sample_weight)))
}

#' @rdname train_on_batch
#' @export
test_on_batch <- function(object, x, y, sample_weight = NULL) {
  .keras2_batch_metrics(py_call(py_get_attr(object, "test_on_batch"), keras_array(x),
                                keras_array(y), sample_weight = keras_array(sample_weight)))
}

# The loss (and metrics) of one batch as keras 2.x gave them: a number, or a
# numeric vector of the loss and the metrics.
.keras2_batch_metrics <- function(result) {
  as.numeric(unlist(py_to_r(result)))
}

#' @rdname train_on_batch
#' @export
predict_on_batch <- function(object, x) {
  py_to_r(py_call(py_get_attr(object, "predict_on_batch"), keras_array(x)))
}

#' Class probabilities and classes (deprecated)
#'
#' @description
#' TensorFlow 2.6 removed the models' `predict_proba()` and `predict_classes()`.
#' As keras 2.x these warn that they are deprecated; they then give what those
#' methods gave: `predict_proba()` the model's predictions, `predict_classes()`
#' the class of each sample, the most probable one (from 0) for several outputs,
#' else whether the output is above 0.5 (0 or 1). Use `predict()` instead:
#' `predict(model, x) %>% k_argmax()`, or `(predict(model, x) > 0.5) + 0L`.
#'
#' @inheritParams predict.keras.engine.training.Model
#' @param verbose `0` (silent) or `1`.
#' @returns `predict_proba()`: an array of predictions. `predict_classes()`: an
#'   integer vector (a matrix for outputs of more dimensions), one class per
#'   sample.
#' @family model functions
#' @export
#' @md
#' @examples
#' \dontrun{
#' classes <- predict(model, x) %>% k_argmax()
#' }
predict_proba <- function(object, x, batch_size = NULL, verbose = 0, steps = NULL) {
  warning(.keras2_deprecation(
    "predict_proba() is deprecated (removed from TensorFlow in 2.6): use predict()"))
  .keras2_predictions(object, x, batch_size, verbose, steps)
}

#' @rdname predict_proba
#' @export
predict_classes <- function(object, x, batch_size = NULL, verbose = 0, steps = NULL) {
  warning(.keras2_deprecation(paste0(
    "predict_classes() is deprecated (removed from TensorFlow in 2.6): use ",
    "predict(model, x) %>% k_argmax() for several classes (a softmax output), ",
    "(predict(model, x) > 0.5) + 0L for two (a sigmoid output)")))
  probabilities <- .keras2_predictions(object, x, batch_size, verbose, steps)
  dims <- dim(probabilities)
  if (dims[[length(dims)]] > 1L) {
    last <- length(dims)
    classes <- apply(probabilities, seq_len(last - 1L), which.max) - 1L
    return(classes)
  }
  classes <- (probabilities > 0.5) + 0L
  if (length(dims) == 2L) as.vector(classes) else array(classes, dims[-length(dims)])
}

.keras2_predictions <- function(object, x, batch_size, verbose, steps) {
  if (is.null(batch_size) && is.null(steps)) batch_size <- 32L
  args <- list(x = keras_array(x), batch_size = batch_size, steps = steps,
               verbose = .keras2_argument("verbose", verbose, convention = "integer"))
  py_to_r(py_call(py_get_attr(object, "predict"),
                  !!!.keras2_named_args(Filter(Negate(is.null), args))))
}
