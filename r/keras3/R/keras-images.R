# Images: loading, saving and converting them with Keras's image utilities
# (keras.utils.load_img and friends, which need the Pillow Python package),
# and resizing image arrays.

.check_pillow <- function(what) {
  if (!py_module_available("PIL"))
    stop(sprintf("%s() needs the Python package Pillow (PIL), which is not installed; ", what),
         "install it into pyreticulate's Python environment (pip install pillow)", call. = FALSE)
}

#' Load an image, and convert between images and arrays
#'
#' @description
#' * `image_load()` reads an image file into a PIL image
#'   (`keras$utils$load_img()`), optionally converted to `color_mode` and
#'   resized to `target_size`.
#' * `image_to_array()` gives the pixels of a PIL image as an R array of
#'   dimensions (height, width, channels) (or channels first with
#'   `data_format = "channels_first"`), of doubles by default.
#' * `image_from_array()` makes a PIL image from such an array
#'   (`keras$utils$array_to_img()`); with `scale = TRUE` the values are
#'   rescaled to 0-255 first.
#' * `image_array_save()` writes an array as an image file
#'   (`keras$utils$save_img()`), in the format the file name says (or
#'   `file_format`).
#'
#' They need the Python package Pillow; `~` in paths is expanded.
#'
#' @param path The image file to read or write.
#' @param color_mode `"rgb"`, `"rgba"` or `"grayscale"`.
#' @param target_size The size to resize to, `c(height, width)`, or `NULL`
#'   to keep the image's size.
#' @param interpolation How to resize: `"nearest"`, `"bilinear"`,
#'   `"bicubic"`, `"lanczos"`, `"box"` or `"hamming"`.
#' @param keep_aspect_ratio Whether to crop the image to the target aspect
#'   ratio before resizing, instead of distorting it.
#' @param img A PIL image (from `image_load()` or `image_from_array()`).
#' @param x An array of pixels, (height, width, channels).
#' @param data_format `"channels_last"` or `"channels_first"`; the
#'   configured format ([config_image_data_format()]) when `NULL`.
#' @param dtype The type of the values: `NULL` or `"double"` for an R double
#'   array, `"integer"` for an integer array, or a NumPy dtype name such as
#'   `"uint8"`, which gives a NumPy array.
#' @param scale Whether to rescale the values to 0-255.
#' @param file_format The image format (`"png"`, `"jpeg"`, ...), when the
#'   file name does not say it.
#' @param ... Further arguments of `save_img()` (Pillow's saving options,
#'   such as `quality`), by name.
#'
#' @returns `image_load()` and `image_from_array()`: a PIL image (a Python
#'   object). `image_to_array()`: an array. `image_array_save()`: `x`,
#'   invisibly.
#' @md
#' @examples
#' \dontrun{
#' img <- image_load("cat.jpg", target_size = c(224, 224))
#' pixels <- image_to_array(img)
#' dim(pixels)  # 224 224 3
#' image_array_save(pixels / 2, "darker.png")
#' }
image_load <- function(path, color_mode = "rgb", target_size = NULL, interpolation = "nearest",
                       keep_aspect_ratio = FALSE) {
  .check_pillow("image_load")
  file <- path.expand(path)
  if (!file.exists(file)) stop(sprintf("image_load(): no file '%s'", path), call. = FALSE)
  args <- .keras_args(environment(), match.call())
  args$path <- file
  if (!is.null(target_size)) args$target_size <- .keras_integer(as.list(target_size), "target_size")
  py_call(keras$utils$load_img, !!!args)
}

#' @rdname image_load
image_to_array <- function(img, data_format = NULL, dtype = NULL) {
  args <- .keras_args(environment(), match.call())
  if (is.null(dtype) || identical(dtype, "double")) {
    args$dtype <- "float64"
  } else if (identical(dtype, "integer")) {
    args$dtype <- "int32"
  } else {
    utils_module <- import("keras", convert = FALSE)$utils
    return(py_call(py_get_attr(utils_module, "img_to_array"), !!!args))
  }
  py_to_r(py_call(keras$utils$img_to_array, !!!args))
}

#' @rdname image_load
image_from_array <- function(x, data_format = NULL, scale = TRUE, dtype = NULL) {
  .check_pillow("image_from_array")
  args <- .keras_args(environment(), match.call())
  args$x <- .image_pixels(x)
  py_call(keras$utils$array_to_img, !!!args)
}

#' @rdname image_load
image_array_save <- function(x, path, data_format = NULL, file_format = NULL, scale = TRUE, ...) {
  .check_pillow("image_array_save")
  args <- .keras_args(environment(), match.call(expand.dots = FALSE))
  args$x <- .image_pixels(x)
  args$path <- path.expand(path)
  py_call(keras$utils$save_img, !!!args)
  invisible(x)
}

# An image array as NumPy (C order), as it is when it is one already.
.image_pixels <- function(x) {
  if (is_py_object(x)) return(x)
  if (!is.numeric(x) && !is.logical(x))
    stop("the image must be a numeric array, not ", .describe_value(x), call. = FALSE)
  .np()$ascontiguousarray(x)
}

#' Resize images to a size, keeping their aspect ratio
#'
#' @description
#' Calls `keras$preprocessing$image$smart_resize()`: resizes an image (an
#' array of (height, width, channels)) or a batch of them (batch, height,
#' width, channels) to `size`, first cropping the largest centred region of
#' the target aspect ratio, so that images are not distorted.
#'
#' @param x An image or batch of images: an R array, a NumPy array or a
#'   tensor.
#' @param size The target size, `c(height, width)`.
#' @param interpolation `"bilinear"`, `"nearest"`, `"bicubic"`, `"lanczos3"`,
#'   `"lanczos5"`, `"area"` or `"mitchellcubic"`.
#' @param data_format `"channels_last"` or `"channels_first"`.
#' @param backend_module The backend's module to compute with; Keras's
#'   backend when `NULL`.
#'
#' @returns An array (or tensor, for a tensor) of the new size.
#' @md
#' @examples
#' \dontrun{
#' small <- image_smart_resize(array(runif(100 * 60 * 3), c(100, 60, 3)), c(32, 32))
#' dim(small)
#' }
image_smart_resize <- function(x, size, interpolation = "bilinear",
                               data_format = "channels_last", backend_module = NULL) {
  args <- .keras_args(environment(), match.call())
  args$x <- .keras_data(x)
  args$size <- .keras_integer(as.list(size), "size")
  py_to_r(py_call(keras$preprocessing$image$smart_resize, !!!args))
}
