# The application_*() wrappers (keras.applications, generated into
# applications.R) and what goes with a model they make: its family's input
# preprocessing and prediction decoding, and ImageNet's.
#
# An application model remembers the keras.applications module it comes from
# (attribute "keras_application_module", and by its name for the session, so
# that a model fetched again from Python still finds it).

.keras_application_call <- function(spec, frame, call) {
  args <- .keras_args(frame, call, spec)
  model <- .keras_download(
    py_call(spec$py_fun, !!!args), sprintf('%s(weights = "imagenet")', spec$name),
    where = file.path(.keras_cache_dir(), "models"),
    instead = ", or use weights = NULL for an untrained model")
  module <- spec$module
  if (is.null(.keras_state$application_modules)) .keras_state$application_modules <- list()
  .keras_state$application_modules[[py_to_r(model$name)]] <- module
  attr(model, "keras_application_module") <- module
  model
}

.keras_application_module <- function(model, what) {
  if (!inherits(model, "keras.src.models.model.Model"))
    stop(sprintf("%s: `model` must be a Keras model made by an application_*() function, not %s",
                 what, paste(head(class(model), 2L), collapse = "/")), call. = FALSE)
  module <- attr(model, "keras_application_module", exact = TRUE)
  if (is.null(module)) module <- .keras_state$application_modules[[py_to_r(model$name)]]
  if (is.null(module))
    stop(sprintf("%s: the model \"%s\" was not made by an application_*() function, so it has no preprocessing or decoding",
                 what, py_to_r(model$name)), call. = FALSE)
  py_get_attr(keras$applications, module)
}

# R data as the writable NumPy array preprocess_input() changes in place.
.keras_image_array <- function(x) {
  if (!is_py_object(x)) return(.np()$array(.keras_data(x)))
  if (inherits(x, "numpy.ndarray") && !py_to_r(x$flags$writeable)) return(x$copy())
  x
}

# decode_predictions()'s list (one per sample) of (class, description, score)
# tuples as a list of data frames.
.keras_decoded_frames <- function(decoded) {
  lapply(py_to_r(decoded), function(rows) {
    rows <- lapply(rows, py_to_r)
    data.frame(class_name = vapply(rows, function(r) as.character(r[[1L]]), ""),
               class_description = vapply(rows, function(r) as.character(r[[2L]]), ""),
               score = vapply(rows, function(r) as.numeric(r[[3L]]), 0),
               stringsAsFactors = FALSE)
  })
}

.keras_decode <- function(decode, preds, top, what) {
  preds <- if (is_py_object(preds)) preds else .np()$array(.keras_data(preds))
  decoded <- .keras_download(
    py_call(decode, preds = preds, top = .keras_integer(top, "top")), what,
    where = file.path(.keras_cache_dir(), "models"))
  .keras_decoded_frames(decoded)
}

#' Preprocess inputs and decode predictions for an application model
#'
#' @description
#' A model made by an `application_*()` function (such as
#' [application_resnet50()]) expects its inputs prepared as its family's
#' `preprocess_input()` does (scaling, channel order), and its ImageNet
#' predictions are read with its family's `decode_predictions()`:
#' `application_preprocess_inputs(model, x)` applies the first and
#' `application_decode_predictions(model, preds)` the second. Without `x`
#' (`preds`), each returns the function itself, to use later (in a dataset
#' pipeline, say).
#'
#' Decoding needs ImageNet's class index, which Keras downloads once into
#' its cache (`~/.keras/models/imagenet_class_index.json`); without network
#' and without that file, it is an error that names the file.
#'
#' @param model A model made by an `application_*()` function.
#' @param x A batch of images: an R array or a tensor, with the channels last
#'   (`c(batch, height, width, 3)`).
#' @param preds The model's predictions: a matrix with one row per sample and
#'   one column per ImageNet class (1000).
#' @param top How many of the best classes to give for each sample, a whole
#'   number.
#' @param data_format `NULL` (Keras's image data format), `"channels_last"` or
#'   `"channels_first"`.
#' @param ... Further named arguments of the Python function.
#'
#' @returns `application_preprocess_inputs()`: the preprocessed images (a
#'   NumPy array or tensor, as Keras gives them). `application_decode_predictions()`:
#'   a list with one data frame per sample, columns `class_name`,
#'   `class_description` and `score`, best first. Without `x` or `preds`: the
#'   function.
#' @md
#' @examples
#' \dontrun{
#' model <- application_mobilenet_v2(weights = NULL)
#' x <- application_preprocess_inputs(model, array(runif(224 * 224 * 3, 0, 255), c(1, 224, 224, 3)))
#' preds <- predict(model, x)
#' application_decode_predictions(model, preds, top = 3)
#' }
application_preprocess_inputs <- function(model, x, ..., data_format = NULL) {
  module <- .keras_application_module(model, "application_preprocess_inputs()")
  preprocess <- py_get_attr(module, "preprocess_input")
  extra <- list2(...)
  apply <- function(x) {
    args <- c(list(.keras_image_array(x)), extra)
    if (!is.null(data_format)) args$data_format <- data_format
    py_to_r(py_call(preprocess, !!!args))
  }
  if (missing(x)) apply else apply(x)
}

#' @rdname application_preprocess_inputs
application_decode_predictions <- function(model, preds, top = 5L, ...) {
  module <- .keras_application_module(model, "application_decode_predictions()")
  decode <- py_get_attr(module, "decode_predictions")
  apply <- function(preds) .keras_decode(decode, preds, top, "application_decode_predictions()")
  if (missing(preds)) apply else apply(preds)
}

#' Preprocess images and decode predictions as for ImageNet models
#'
#' @description
#' `imagenet_preprocess_input()` prepares a batch of images as the ImageNet
#' models of Keras expect them (`keras.applications.imagenet_utils`):
#' `mode = "caffe"` converts RGB to BGR and subtracts ImageNet's channel
#' means, `"tf"` scales to -1..1, `"torch"` scales to 0..1 and normalizes by
#' channel. `imagenet_decode_predictions()` reads a model's ImageNet
#' predictions as the best classes of each sample; it needs ImageNet's class
#' index, which Keras downloads once into its cache
#' (`~/.keras/models/imagenet_class_index.json`): without network and without
#' that file it is an error that names the file.
#'
#' @param x A batch of images: an R array or a tensor, channels last unless
#'   `data_format` says otherwise.
#' @param data_format `NULL` (Keras's image data format), `"channels_last"` or
#'   `"channels_first"`.
#' @param mode `"caffe"`, `"tf"` or `"torch"`.
#' @param preds Predictions: a matrix with one row per sample and 1000 columns.
#' @param top How many of the best classes to give for each sample, a whole
#'   number.
#'
#' @returns `imagenet_preprocess_input()`: the preprocessed images.
#'   `imagenet_decode_predictions()`: a list with one data frame per sample,
#'   columns `class_name`, `class_description` and `score`, best first.
#' @md
#' @examples
#' \dontrun{
#' x <- imagenet_preprocess_input(array(runif(2 * 32 * 32 * 3, 0, 255), c(2, 32, 32, 3)))
#' imagenet_decode_predictions(predict(model, x), top = 3)
#' }
imagenet_preprocess_input <- function(x, data_format = NULL, mode = "caffe") {
  args <- list(.keras_image_array(x), mode = mode)
  if (!is.null(data_format)) args$data_format <- data_format
  py_to_r(py_call(keras$applications$imagenet_utils$preprocess_input, !!!args))
}

#' @rdname imagenet_preprocess_input
imagenet_decode_predictions <- function(preds, top = 5) {
  .keras_decode(keras$applications$imagenet_utils$decode_predictions, preds, top,
                "imagenet_decode_predictions()")
}
