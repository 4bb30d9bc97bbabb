# The applications' input preprocessing and prediction decoding (each
# model's tf_keras.applications.<model>.preprocess_input()), ImageNet's class
# decoding (its class index is downloaded into Keras's cache through get_file()
# the first time), and loading saved MobileNet models.

# The preprocess_input() of tf_keras.applications.<module>.
.keras2_application_preprocessor <- function(module) {
  py_get_attr(py_get_attr(py_get_attr(keras, "applications"), module), "preprocess_input")
}

#' Preprocess images for a pre-built model
#'
#' @description
#' Scales and centres a batch of images (a 4-d array of pixel values from 0 to
#' 255: images, height, width, channels) the way the model was trained on
#' them: `imagenet_preprocess_input()` by ImageNet's means in BGR order
#' (`mode = "caffe"`, VGG's), or to -1 to 1 (`"tf"`), or by ImageNet's means and
#' standard deviations (`"torch"`); the others as their model does.
#'
#' @param x A 4-d array of images.
#' @param data_format `"channels_last"`, `"channels_first"`, or `NULL` for the
#'   backend's setting (`imagenet_preprocess_input()`; ignored by
#'   `densenet_preprocess_input()`, as in keras 2.x).
#' @param mode `"caffe"`, `"tf"` or `"torch"`.
#' @returns The preprocessed array.
#' @family applications
#' @export
#' @md
#' @examples
#' \dontrun{
#' img <- image_to_array(image_load("cat.jpg", target_size = c(224, 224)))
#' x <- imagenet_preprocess_input(array_reshape(img, c(1, dim(img))))
#' }
imagenet_preprocess_input <- function(x, data_format = NULL, mode = "caffe") {
  preprocess_input(x, .keras2_application_preprocessor("imagenet_utils"),
                   data_format = data_format, mode = mode)
}

#' @rdname imagenet_preprocess_input
#' @export
xception_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("xception"))
}

#' @rdname imagenet_preprocess_input
#' @export
resnet_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("resnet"))
}

#' @rdname imagenet_preprocess_input
#' @export
resnet_v2_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("resnet_v2"))
}

#' @rdname imagenet_preprocess_input
#' @export
inception_v3_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("inception_v3"))
}

#' @rdname imagenet_preprocess_input
#' @export
inception_resnet_v2_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("inception_resnet_v2"))
}

#' @rdname imagenet_preprocess_input
#' @export
mobilenet_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("mobilenet"))
}

#' @rdname imagenet_preprocess_input
#' @export
mobilenet_v2_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("mobilenet_v2"))
}

#' @rdname imagenet_preprocess_input
#' @export
densenet_preprocess_input <- function(x, data_format = NULL) {
  preprocess_input(x, .keras2_application_preprocessor("densenet"))
}

#' @rdname imagenet_preprocess_input
#' @export
nasnet_preprocess_input <- function(x) {
  preprocess_input(x, .keras2_application_preprocessor("nasnet"))
}

#' Decode ImageNet predictions
#'
#' @description
#' The `top` most probable ImageNet classes of each row of predictions of a
#' model with ImageNet's 1000 classes. Needs ImageNet's class index, which
#' Keras downloads into its cache (`~/.keras/models/imagenet_class_index.json`)
#' the first time.
#'
#' @param preds A matrix of predictions: one row per image, 1000 columns.
#' @param top How many classes per image.
#' @returns A list with a data frame per image: `class_name`,
#'   `class_description`, `score`, most probable first.
#' @family applications
#' @export
#' @md
#' @examples
#' \dontrun{
#' imagenet_decode_predictions(predict(model, x), top = 3)
#' }
imagenet_decode_predictions <- function(preds, top = 5) {
  decode <- py_get_attr(py_get_attr(py_get_attr(keras, "applications"), "imagenet_utils"),
                        "decode_predictions")
  .keras2_decoded_frames(.keras2_py_call(decode, preds = keras_array(preds),
                                         top = .keras2_int("top", top)))
}

# Keras's decoded predictions (per image, a list of (class name, description,
# score)) as a data frame per image.
.keras2_decoded_frames <- function(decoded) {
  lapply(decoded, function(rows) {
    data.frame(class_name = vapply(rows, function(r) as.character(r[[1L]]), ""),
               class_description = vapply(rows, function(r) as.character(r[[2L]]), ""),
               score = vapply(rows, function(r) as.numeric(r[[3L]]), 0),
               stringsAsFactors = FALSE)
  })
}

#' @rdname imagenet_decode_predictions
#' @export
mobilenet_decode_predictions <- function(preds, top = 5) {
  imagenet_decode_predictions(preds, top)
}

#' @rdname imagenet_decode_predictions
#' @export
mobilenet_v2_decode_predictions <- function(preds, top = 5) {
  imagenet_decode_predictions(preds, top)
}

#' Load a saved MobileNet model
#'
#' @description
#' Loads a MobileNet (or MobileNet V2) model saved in an HDF5 file, including
#' files of old Keras versions whose layers use the `relu6` activation by name.
#'
#' @param filepath The HDF5 file.
#' @returns The model.
#' @family applications
#' @export
#' @md
#' @examples
#' \dontrun{
#' model <- mobilenet_load_model_hdf5("mobilenet.h5")
#' }
mobilenet_load_model_hdf5 <- function(filepath) {
  relu6 <- .keras2_py_call(py_get_attr(py_get_attr(keras, "layers"), "ReLU"), max_value = 6)
  .keras2_py_call(py_get_attr(py_get_attr(keras, "models"), "load_model"), .keras2_path(filepath),
                  custom_objects = list(relu6 = relu6))
}

#' @rdname mobilenet_load_model_hdf5
#' @export
mobilenet_v2_load_model_hdf5 <- function(filepath) {
  mobilenet_load_model_hdf5(filepath)
}
