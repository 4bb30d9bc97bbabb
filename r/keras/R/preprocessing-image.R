# keras 2.x's image preprocessing (tf_keras.preprocessing.image): loading,
# converting, resizing and saving images; ImageDataGenerator and its flows,
# which are tf_keras Sequences: fit() and keras 2.x's fit_generator() take them
# as they are, and generator_next() reads their batches. An R
# preprocessing_function runs in R whichever thread Keras calls it from.

#' Load an image
#'
#' @description
#' Reads an image file into a PIL image (tf_keras's `preprocessing.image.load_img()`;
#' needs the Python package Pillow). [image_to_array()] makes an array of it.
#'
#' @param path The image file.
#' @param grayscale Whether to load it in grey levels (deprecated in tf_keras:
#'   use `color_mode = "grayscale"`).
#' @param color_mode `"rgb"`, `"rgba"` or `"grayscale"`.
#' @param target_size `c(height, width)` to resize the image to, or `NULL`.
#' @param interpolation How the image is resampled to `target_size`:
#'   `"nearest"`, `"bilinear"`, `"bicubic"`, ...
#' @returns A PIL image.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' img <- image_load("cat.jpg", target_size = c(224, 224))
#' x <- image_to_array(img)
#' }
image_load <- function(path, grayscale = FALSE, color_mode = 'rgb', target_size = NULL,
                       interpolation = "nearest") {
  if (!have_pillow())
    stop("image_load(): the Python package Pillow is needed to load images (pip install pillow)",
         call. = FALSE)
  if (!is.null(target_size)) {
    if (length(target_size) != 2L)
      stop("`target_size` must be c(height, width), two whole numbers", call. = FALSE)
    target_size <- .keras2_int("target_size", target_size)
  }
  .keras2_py_call(py_get_attr(.keras2_preprocessing("image"), "load_img"),
                  path = .keras2_path(path),
                  grayscale = grayscale, color_mode = color_mode, target_size = target_size,
                  interpolation = interpolation)
}

#' An image as an array
#'
#' @description
#' A PIL image ([image_load()]) as a 3-d array of floats: height, width,
#' channels (`"channels_last"`) or channels first.
#'
#' @param img A PIL image.
#' @param data_format `"channels_last"` or `"channels_first"`.
#' @returns An array.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' x <- image_to_array(image_load("cat.jpg"))
#' dim(x)
#' }
image_to_array <- function(img, data_format = c("channels_last", "channels_first")) {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("image"), "img_to_array"), img = img,
                  data_format = match.arg(data_format))
}

#' Resize an image array
#'
#' @description
#' Resizes an image array (3-d, or 4-d with one image) to `height` x `width`
#' by bilinear interpolation (SciPy's `ndimage.zoom()`).
#'
#' @param img An image array.
#' @param height,width The new size.
#' @param data_format Whether the channels come last or first.
#' @returns The resized array (4-d when `img` was).
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' small <- image_array_resize(image_to_array(image_load("cat.jpg")), 64, 64)
#' }
image_array_resize <- function(img, height, width,
                               data_format = c("channels_last", "channels_first")) {
  data_format <- match.arg(data_format)
  dims <- dim(img)
  single <- length(dims) == 4L && dims[[1L]] == 1L
  if (single) dims <- dims[-1L]
  if (length(dims) != 3L)
    stop("image_array_resize(): `img` must be an image array: 3-d, or 4-d holding one image",
         call. = FALSE)
  spatial <- if (data_format == "channels_last") dims[1:2] else dims[2:3]
  factors <- c(height, width) / spatial
  factors <- if (data_format == "channels_last") c(factors, 1) else c(1, factors)
  array <- np_array(img)
  if (single) array <- array_reshape(array, dims)
  zoom <- py_get_attr(import("scipy.ndimage"), "zoom")
  resized <- .keras2_py_call(zoom, array, tuple(as.list(factors)), order = 1L)
  if (single) resized <- array_reshape(resized, c(1L, dim(resized)))
  resized
}

#' Save an image array to a file
#'
#' @description
#' Writes a 3-d image array to an image file (tf_keras's
#' `preprocessing.image.save_img()`; needs Pillow).
#'
#' @param img An image array.
#' @param path The file.
#' @param data_format `"channels_last"`, `"channels_first"`, or `NULL` for the
#'   backend's setting.
#' @param file_format The format, or `NULL` to take it from the file's extension.
#' @param scale Whether values are scaled to 0-255.
#' @returns `NULL`, invisibly.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' image_array_save(array(runif(32 * 32 * 3, 0, 255), c(32, 32, 3)), "noise.png")
#' }
image_array_save <- function(img, path, data_format = NULL, file_format = NULL, scale = TRUE) {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("image"), "save_img"), .keras2_path(path), img,
                  data_format = data_format, file_format = file_format, scale = scale)
  invisible(NULL)
}

#' Generate batches of augmented images
#'
#' @description
#' An `ImageDataGenerator` of tf_keras: the transformations applied to images
#' as they are read, by [flow_images_from_data()], [flow_images_from_directory()]
#' or [flow_images_from_dataframe()]. The featurewise options need
#' [fit_image_data_generator()] first.
#'
#' @param featurewise_center,samplewise_center Whether the mean is made 0 over
#'   the dataset (per feature) or per image.
#' @param featurewise_std_normalization,samplewise_std_normalization Whether
#'   images are divided by the standard deviation of the dataset or their own.
#' @param zca_whitening Whether ZCA whitening is applied.
#' @param zca_epsilon The epsilon of ZCA whitening.
#' @param rotation_range The range of random rotations, in degrees.
#' @param width_shift_range,height_shift_range Random horizontal and vertical
#'   shifts: a fraction of the size (< 1) or pixels (>= 1).
#' @param brightness_range The range of random brightness factors, `c(low, high)`.
#' @param shear_range The range of random shears, in degrees.
#' @param zoom_range The range of random zooms: a number `z` for `1 - z` to
#'   `1 + z`, or `c(low, high)`.
#' @param channel_shift_range The range of random channel shifts.
#' @param fill_mode How points outside the image are filled: `"constant"`,
#'   `"nearest"`, `"reflect"` or `"wrap"`.
#' @param cval The value of the points outside with `fill_mode = "constant"`.
#' @param horizontal_flip,vertical_flip Whether images are flipped at random.
#' @param rescale A factor every image is multiplied by (after the other
#'   transformations), or `NULL`.
#' @param preprocessing_function A function of an image (a 3-d array) that
#'   returns an array of the same shape, applied to each image after the
#'   augmentations; an R function runs in R.
#' @param data_format `"channels_last"`, `"channels_first"`, or `NULL` for the
#'   backend's setting.
#' @param validation_split The fraction of the images held out for validation
#'   (the flows' `subset = "validation"`).
#' @returns An ImageDataGenerator.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' datagen <- image_data_generator(rescale = 1/255, horizontal_flip = TRUE)
#' flow <- flow_images_from_data(x, y, datagen, batch_size = 32)
#' model %>% fit(flow, steps_per_epoch = 10, epochs = 2)
#' }
image_data_generator <- function(featurewise_center = FALSE, samplewise_center = FALSE,
                                 featurewise_std_normalization = FALSE,
                                 samplewise_std_normalization = FALSE,
                                 zca_whitening = FALSE, zca_epsilon = 1e-6,
                                 rotation_range = 0.0, width_shift_range = 0.0,
                                 height_shift_range = 0.0, brightness_range = NULL,
                                 shear_range = 0.0, zoom_range = 0.0,
                                 channel_shift_range = 0.0, fill_mode = "nearest",
                                 cval = 0.0, horizontal_flip = FALSE, vertical_flip = FALSE,
                                 rescale = NULL, preprocessing_function = NULL,
                                 data_format = NULL, validation_split = 0.0) {
  if (!is.null(preprocessing_function) && !is.function(preprocessing_function))
    stop("`preprocessing_function` must be a function of an image array", call. = FALSE)
  pair <- function(x) if (length(x) > 1L) as.list(x) else x
  .keras2_py_call(py_get_attr(.keras2_preprocessing("image"), "ImageDataGenerator"),
                  featurewise_center = featurewise_center, samplewise_center = samplewise_center,
                  featurewise_std_normalization = featurewise_std_normalization,
                  samplewise_std_normalization = samplewise_std_normalization,
                  zca_whitening = zca_whitening, zca_epsilon = zca_epsilon,
                  rotation_range = rotation_range, width_shift_range = pair(width_shift_range),
                  height_shift_range = pair(height_shift_range),
                  brightness_range = pair(brightness_range), shear_range = shear_range,
                  zoom_range = pair(zoom_range), channel_shift_range = channel_shift_range,
                  fill_mode = fill_mode, cval = cval, horizontal_flip = horizontal_flip,
                  vertical_flip = vertical_flip, rescale = rescale,
                  preprocessing_function = preprocessing_function, data_format = data_format,
                  validation_split = validation_split)
}

#' Compute the statistics of an image data generator
#'
#' @description
#' Computes from sample images what the generator's featurewise options need
#' (the mean, the standard deviation, the ZCA whitening matrix).
#'
#' @param object An image data generator.
#' @param x Sample images: a 4-d array (images, height, width, channels).
#' @param augment Whether the statistics are computed on augmented images.
#' @param rounds How many augmented copies of each image are used, with `augment`.
#' @param seed The seed of the augmentation.
#' @returns The generator, invisibly (updated in place).
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' datagen <- image_data_generator(featurewise_center = TRUE)
#' datagen %>% fit_image_data_generator(x_train)
#' }
fit_image_data_generator <- function(object, x, augment = FALSE, rounds = 1, seed = NULL) {
  .keras2_py_call(py_get_attr(object, "fit"), x = keras_array(x), augment = augment,
                  rounds = .keras2_int("rounds", rounds),
                  seed = .keras2_int("seed", seed))
  invisible(object)
}

#' The next batch of a generator
#'
#' @description
#' The next value of a Python iterator or generator (a flow of images, a
#' `texts_to_sequences_generator()`), or `completed` when it has none left.
#'
#' @param generator An iterator.
#' @param completed What to return at the end.
#' @returns The next value.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' batch <- generator_next(flow_images_from_data(x, y, batch_size = 8))
#' }
generator_next <- function(generator, completed = NULL) {
  iter_next(generator, completed = completed)
}

# A batch size: a positive whole number.
.keras2_batch_size <- function(batch_size) {
  batch_size <- .keras2_int("batch_size", batch_size)
  if (length(batch_size) != 1L || batch_size < 1L)
    stop("`batch_size` must be a positive whole number", call. = FALSE)
  batch_size
}

# Class names as a list (one name is not a string to iterate over).
.keras2_classes <- function(classes) if (is.null(classes)) NULL else as.list(classes)

#' Batches of images from arrays, directories or data frames
#'
#' @description
#' Iterators (tf_keras Sequences) that give batches of `list(x, y)` from images
#' transformed by `generator`: from arrays (`flow_images_from_data()`), from
#' the image files of class subfolders of `directory`
#' (`flow_images_from_directory()`), or from the files a data frame names
#' (`flow_images_from_dataframe()`, needs pandas). [fit()] and keras 2.x's
#' `fit_generator()` train on them; [generator_next()] reads a batch.
#'
#' @param x Images: a 4-d array (images, height, width, channels).
#' @param y Labels (rows match `x`'s images), or `NULL`.
#' @param generator An [image_data_generator()].
#' @param batch_size The number of images per batch.
#' @param shuffle Whether the images are shuffled.
#' @param sample_weight Weights of the samples, or `NULL`.
#' @param seed The seed of the shuffle and of the transformations.
#' @param save_to_dir A folder the augmented images are also written to, or `NULL`.
#' @param save_prefix,save_format The names' prefix and the image format of
#'   those files (`"png"`, `"jpeg"`).
#' @param subset `"training"` or `"validation"` (with the generator's
#'   `validation_split`), or `NULL`.
#' @returns An iterator of batches.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' flow <- flow_images_from_data(x_train, y_train, image_data_generator(horizontal_flip = TRUE))
#' batch <- generator_next(flow)
#' }
flow_images_from_data <- function(x, y = NULL, generator = image_data_generator(),
                                  batch_size = 32, shuffle = TRUE, sample_weight = NULL,
                                  seed = NULL, save_to_dir = NULL, save_prefix = "",
                                  save_format = 'png', subset = NULL) {
  .keras2_py_call(py_get_attr(generator, "flow"), x = keras_array(x), y = keras_array(y),
                  batch_size = .keras2_batch_size(batch_size), shuffle = shuffle,
                  sample_weight = keras_array(sample_weight),
                  seed = .keras2_int("seed", seed),
                  save_to_dir = .keras2_path(save_to_dir), save_prefix = save_prefix,
                  save_format = save_format, subset = subset)
}

#' @rdname flow_images_from_data
#' @param directory The folder: one subfolder of images per class
#'   (`flow_images_from_directory()`); the folder the data frame's file names
#'   are relative to, or `NULL` for absolute paths (`flow_images_from_dataframe()`).
#' @param target_size `c(height, width)` the images are resized to.
#' @param color_mode `"rgb"`, `"rgba"` or `"grayscale"`.
#' @param classes The class names (subfolders, or values of `y_col`) in the
#'   order of their indices, or `NULL` for all, alphabetically.
#' @param class_mode The labels: `"categorical"` (one-hot), `"binary"`,
#'   `"sparse"` (integers), `"input"` (the images), `"raw"` (data frames:
#'   `y_col`'s values), `"multi_output"`, or `NULL` (no labels).
#' @param follow_links Whether to follow symbolic links to folders.
#' @param interpolation How images are resampled: `"nearest"`, `"bilinear"`,
#'   `"bicubic"`, ...
#' @export
flow_images_from_directory <- function(directory, generator = image_data_generator(),
                                       target_size = c(256, 256), color_mode = "rgb",
                                       classes = NULL, class_mode = "categorical",
                                       batch_size = 32, shuffle = TRUE, seed = NULL,
                                       save_to_dir = NULL, save_prefix = "",
                                       save_format = "png", follow_links = FALSE,
                                       subset = NULL, interpolation = "nearest") {
  .keras2_py_call(py_get_attr(generator, "flow_from_directory"),
                  directory = .keras2_path(directory),
                  target_size = .keras2_int("target_size", target_size),
                  color_mode = color_mode, classes = .keras2_classes(classes),
                  class_mode = class_mode, batch_size = .keras2_batch_size(batch_size),
                  shuffle = shuffle, seed = .keras2_int("seed", seed),
                  save_to_dir = .keras2_path(save_to_dir), save_prefix = save_prefix,
                  save_format = save_format, follow_links = follow_links, subset = subset,
                  interpolation = interpolation)
}

#' @rdname flow_images_from_data
#' @param dataframe A data frame with a column of image file names and, for
#'   labels, a column of classes.
#' @param x_col,y_col The columns of file names and of classes (or targets).
#' @param drop_duplicates Deprecated since TensorFlow 2.3 and ignored (with a
#'   warning): give a data frame without duplicates.
#' @export
flow_images_from_dataframe <- function(dataframe, directory = NULL, x_col = "filename",
                                       y_col = "class", generator = image_data_generator(),
                                       target_size = c(256, 256), color_mode = "rgb",
                                       classes = NULL, class_mode = "categorical",
                                       batch_size = 32, shuffle = TRUE, seed = NULL,
                                       save_to_dir = NULL, save_prefix = "",
                                       save_format = "png", subset = NULL,
                                       interpolation = "nearest", drop_duplicates = NULL) {
  if (!py_module_available("pandas"))
    stop("flow_images_from_dataframe(): the Python package pandas is needed (pip install pandas)",
         call. = FALSE)
  if (!is.null(drop_duplicates))
    warning(.keras2_deprecation(paste0(
      "the `drop_duplicates` argument of flow_images_from_dataframe() is deprecated since ",
      "TensorFlow 2.3 and ignored: give a data frame without duplicates"), sys.call()))
  .keras2_py_call(py_get_attr(generator, "flow_from_dataframe"),
                  dataframe = r_to_py(as.data.frame(dataframe)),
                  directory = .keras2_path(directory), x_col = x_col, y_col = y_col,
                  target_size = .keras2_int("target_size", target_size),
                  color_mode = color_mode, classes = .keras2_classes(classes),
                  class_mode = class_mode, batch_size = .keras2_batch_size(batch_size),
                  shuffle = shuffle, seed = .keras2_int("seed", seed),
                  save_to_dir = .keras2_path(save_to_dir), save_prefix = save_prefix,
                  save_format = save_format, subset = subset, interpolation = interpolation)
}

#' A dataset of image files in class folders
#'
#' @description
#' A TensorFlow dataset of batches of (images, labels) from `directory`, whose
#' subfolders are the classes (tf_keras's `image_dataset_from_directory()`).
#' Only the arguments given reach Python.
#'
#' @inheritParams text_dataset_from_directory
#' @param color_mode `"rgb"`, `"rgba"` or `"grayscale"`.
#' @param image_size `c(height, width)` the images are resized to.
#' @param interpolation How images are resampled: `"bilinear"`, `"nearest"`, ...
#' @param crop_to_aspect_ratio Whether images are cropped (not distorted) to
#'   `image_size`'s aspect ratio.
#' @returns A TensorFlow dataset (class `tf_dataset` too); with `subset = "both"`, a
#'   list of the training and the validation datasets.
#' @family image preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' train <- image_dataset_from_directory("flowers", image_size = c(180, 180))
#' }
image_dataset_from_directory <- function(directory, labels = "inferred", label_mode = "int",
                                         class_names = NULL, color_mode = "rgb",
                                         batch_size = 32, image_size = c(256, 256),
                                         shuffle = TRUE, seed = NULL, validation_split = NULL,
                                         subset = NULL, interpolation = "bilinear",
                                         follow_links = FALSE, crop_to_aspect_ratio = FALSE,
                                         ...) {
  args <- .keras2_supplied(match.call(), environment(), list(
    directory = .keras2_path, labels = .keras2_labels, batch_size = "integer",
    image_size = "integer", seed = "integer", class_names = as.list))
  dataset <- .keras2_py_call(py_get_attr(.keras2_preprocessing(), "image_dataset_from_directory"),
                             !!!args)
  mark <- function(d) structure(d, class = unique(c("tf_dataset", class(d))))
  if (is_py_object(dataset)) mark(dataset) else lapply(dataset, mark)
}
