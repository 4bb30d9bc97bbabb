# The model functions of the first release that keras3 lacks: keras 2.x's
# generator functions (deprecated then already), keras_model_custom() and the
# JSON form of a model's architecture.

#' Training and prediction from generators (deprecated)
#'
#' @description
#' keras 2.x's names for \code{\link[keras3:fit.keras.src.models.model.Model]{fit()}}, \code{\link[keras3:evaluate.keras.src.models.model.Model]{evaluate()}} and
#' \code{\link[keras3:predict.keras.src.models.model.Model]{predict()}} with an R function (or a Python generator) as the data,
#' as the first release had them: each calls the newer function with the same
#' arguments after R's deprecation warning naming it.
#'
#' @param object A Keras model (compiled, to fit or evaluate).
#' @param generator An R function returning one batch per call (`list(x, y)`,
#'   or `x` for prediction), or a Python generator.
#' @param steps_per_epoch,steps How many batches make an epoch, or the whole
#'   evaluation or prediction.
#' @param epochs How many epochs to train.
#' @param ... Further arguments of `fit()`, `evaluate()` or `predict()`.
#'
#' @returns What `fit()`, `evaluate()` and `predict()` return.
#' @md
#' @examples
#' \dontrun{
#' batches <- function() list(matrix(runif(64), 16, 4), runif(16))
#' fit_generator(model, batches, steps_per_epoch = 10, epochs = 2)
#' }
fit_generator <- function(object, generator, steps_per_epoch, epochs = 1L, ...) {
  .Deprecated("fit")
  fit(object, generator, steps_per_epoch = steps_per_epoch, epochs = epochs, ...)
}

#' @rdname fit_generator
evaluate_generator <- function(object, generator, steps, ...) {
  .Deprecated("evaluate")
  evaluate(object, generator, steps = steps, ...)
}

#' @rdname fit_generator
predict_generator <- function(object, generator, steps, ...) {
  .Deprecated("predict")
  predict(object, generator, steps = steps, ...)
}

#' A model whose layers and forward pass an R function makes
#'
#' @description
#' `model_fn(self)` runs when the model is made: it creates the layers as
#' fields of `self` and returns the forward pass,
#' `function(inputs, mask = NULL, training = NULL)`, which gets `mask` and
#' `training` only if it names them (or has `...`). The class is named after
#' `name`, its first letter in upper case, when `name` is a syntactic R name,
#' else `CustomModel`. keras3's \code{\link[keras3:Model]{new_model_class()}} is the newer way.
#'
#' @param model_fn The R function of `self` described above.
#' @param name The model's name.
#'
#' @returns A Keras model (a subclass of `keras$Model`).
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_custom(name = "two_layers", function(self) {
#'   self$hidden <- layer_dense(units = 16, activation = "relu")
#'   self$out <- layer_dense(units = 1)
#'   function(inputs, mask = NULL, training = FALSE) inputs |> self$hidden() |> self$out()
#' })
#' }
keras_model_custom <- function(model_fn, name = NULL) {
  if (!is.function(model_fn) || is_py_object(model_fn))
    stop("keras_model_custom() needs an R function(self) as `model_fn`", call. = FALSE)
  syntactic <- is.character(name) && length(name) == 1L && !is.na(name) &&
    make.names(name) == name
  classname <- if (syntactic) paste0(toupper(substring(name, 1L, 1L)), substring(name, 2L))
               else "CustomModel"
  classes <- import("pyreticulate.keras.classes")
  classes$custom_model(model_fn, name = name, classname = classname)
}

#' A model's architecture as JSON
#'
#' @description
#' `model_to_json()` gives the JSON text of a model's architecture (its
#' layers and their configuration, without the weights), Keras's
#' `model.to_json()`; `model_from_json()` makes a new model from such text,
#' with new weights.
#'
#' @param object A Keras model.
#' @param json The JSON text, as `model_to_json()` gives it.
#' @param custom_objects Custom classes and functions the architecture uses,
#'   as for \code{\link[keras3:load_model]{load_model()}} (a named list, or a list of classes made
#'   with \code{\link[keras3:Layer]{new_layer_class()}} and friends).
#'
#' @returns `model_to_json()`: a string. `model_from_json()`: a Keras model.
#' @md
#' @examples
#' \dontrun{
#' json <- model_to_json(model)
#' copy <- model_from_json(json)
#' }
model_to_json <- function(object) py_to_r(py_call(py_get_attr(object, "to_json")))

#' @rdname model_to_json
model_from_json <- function(json, custom_objects = NULL) {
  if (!is.character(json) || length(json) != 1L || is.na(json))
    stop("`json` must be a single string (what model_to_json() gives)", call. = FALSE)
  if (is.null(custom_objects)) return(py_call(keras3::keras$models$model_from_json, json))
  with_custom_object_scope(custom_objects, py_call(keras3::keras$models$model_from_json, json))
}
