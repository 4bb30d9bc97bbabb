# keras 2.x's persistence functions. Keras 3 chooses the format by the file
# name (.keras, .h5, .weights.h5); keras 2.x wrote HDF5 under any name. The
# HDF5 functions keep that: they write through a temporary file with the name
# Keras 3 needs, then move it where they were asked to.

#' Deprecated: save and load a model as an HDF5 file
#'
#' @description
#' keras 2.x's functions for whole models in HDF5 files. They are deprecated:
#' use keras3's \code{\link[keras3:save_model]{save_model()}} and
#' \code{\link[keras3:load_model]{load_model()}} with a `.keras` file. They warn, with a
#' `deprecatedWarning`: "save_model_hdf5() is deprecated: use save_model()"
#' and "load_model_hdf5() is deprecated: use load_model()".
#'
#' As in keras 2.x, the file is HDF5 whatever its name. (Keras 3 chooses the
#' format from the file name, so the model is written to, or read from, a
#' temporary `.h5` file when the name does not end in `.h5`.) `~` in the path
#' is expanded. Unlike `save_model()`, `overwrite` is `TRUE` by default, as it
#' was in keras 2.x.
#'
#' @param object A Keras model.
#' @param filepath The HDF5 file to write or read.
#' @param overwrite Whether to replace an existing file.
#' @param include_optimizer Whether to save the optimizer's state too.
#' @param custom_objects The custom classes and functions of the model, as
#'   for keras3's `load_model()`.
#' @param compile Whether to compile the loaded model with its saved compile
#'   state.
#'
#' @returns `save_model_hdf5()`: `object`, invisibly. `load_model_hdf5()`: the
#'   loaded model.
#' @md
#' @examples
#' \dontrun{
#' save_model_hdf5(model, "model.h5")     # warns
#' model <- load_model_hdf5("model.h5")   # warns
#' }
save_model_hdf5 <- function(object, filepath, overwrite = TRUE, include_optimizer = TRUE) {
  .deprecated("save_model_hdf5", "save_model()")
  .save_as(filepath, overwrite, ".h5", function(file)
    save_model(object, file, overwrite = TRUE, include_optimizer = include_optimizer))
  invisible(object)
}

#' @rdname save_model_hdf5
load_model_hdf5 <- function(filepath, custom_objects = NULL, compile = TRUE) {
  .deprecated("load_model_hdf5", "load_model()")
  .load_as(filepath, ".h5", function(file)
    load_model(file, custom_objects = custom_objects, compile = compile))
}

#' Deprecated: save and load a model's weights as an HDF5 file
#'
#' @description
#' keras 2.x's functions for the weights of a model in HDF5 files. They are
#' deprecated: use keras3's
#' \code{\link[keras3:save_model_weights]{save_model_weights()}} and
#' \code{\link[keras3:save_model_weights]{load_model_weights()}} with a `.weights.h5`
#' file. They warn, with a `deprecatedWarning`: "save_model_weights_hdf5() is
#' deprecated: use save_model_weights()" and "load_model_weights_hdf5() is
#' deprecated: use load_model_weights()".
#'
#' `save_model_weights_hdf5()` writes Keras 3's weights file under any name
#' (through a temporary `.weights.h5` file when the name does not end so).
#' `load_model_weights_hdf5()` reads either such a file or a weights file
#' written by keras 2.x (HDF5 with the layers' names), for which `by_name =
#' TRUE` matches the weights to the layers by name instead of by order. `~` in
#' the path is expanded.
#'
#' @param object A Keras model.
#' @param filepath The HDF5 file to write or read.
#' @param overwrite Whether to replace an existing file.
#' @param by_name Whether to load the weights into the layers of the same
#'   name (only for files written by keras 2.x).
#' @param skip_mismatch Whether to skip the layers whose weights do not match
#'   instead of failing.
#' @param reshape Only `FALSE` is accepted: Keras 3 cannot reshape weights
#'   while loading them.
#'
#' @returns `object`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' save_model_weights_hdf5(model, "weights.h5")   # warns
#' load_model_weights_hdf5(model, "weights.h5")   # warns
#' }
save_model_weights_hdf5 <- function(object, filepath, overwrite = TRUE) {
  .deprecated("save_model_weights_hdf5", "save_model_weights()")
  .save_as(filepath, overwrite, ".weights.h5", function(file)
    save_model_weights(object, file, overwrite = TRUE))
  invisible(object)
}

# Weights written by keras 2.x (HDF5 with the layer names) or by
# save_model_weights_hdf5() here (Keras 3's layout).
#' @rdname save_model_weights_hdf5
load_model_weights_hdf5 <- function(object, filepath, by_name = FALSE, skip_mismatch = FALSE,
                                    reshape = FALSE) {
  .deprecated("load_model_weights_hdf5", "load_model_weights()")
  if (!isFALSE(reshape))
    stop("load_model_weights_hdf5(): Keras 3 cannot reshape weights while loading them ",
         "(`reshape`)", call. = FALSE)
  legacy <- .legacy_weights_file(filepath)
  if (!legacy && !isFALSE(by_name))
    stop("load_model_weights_hdf5(): `by_name` applies only to weights saved by keras 2.x",
         call. = FALSE)
  .load_as(filepath, if (legacy) ".h5" else ".weights.h5", function(file) {
    if (legacy && !isFALSE(by_name))
      load_model_weights(object, file, skip_mismatch = skip_mismatch, by_name = by_name)
    else
      load_model_weights(object, file, skip_mismatch = skip_mismatch)
  })
  invisible(object)
}

.legacy_weights_file <- function(filepath) {
  file <- .existing(filepath)
  h5 <- import("h5py", convert = FALSE)
  handle <- py_call(h5$File, file, "r")
  on.exit(py_call(py_get_attr(handle, "close")), add = TRUE)
  attributes <- py_to_r(import_builtins()$list(py_get_attr(handle, "attrs")))
  groups <- py_to_r(import_builtins()$list(handle))
  "layer_names" %in% attributes || "model_weights" %in% groups
}

# A TensorFlow SavedModel for serving (model$export()); Keras 3 reloads one
# for inference only.
#' Deprecated: save and load a model as a TensorFlow SavedModel
#'
#' @description
#' keras 2.x saved whole models as TensorFlow SavedModel directories; Keras 3
#' only exports a SavedModel for serving and reloads it for inference only.
#' These functions are deprecated: use keras3's
#' \code{\link[keras3:save_model]{save_model()}} and \code{\link[keras3:load_model]{load_model()}}
#' with a `.keras` file for a model you want to load again. They warn, with a
#' `deprecatedWarning`: "save_model_tf() is deprecated: use save_model() (a
#' .keras file); this writes a SavedModel for inference" and "load_model_tf()
#' is deprecated: use load_model() (a .keras file); a SavedModel loads for
#' inference only".
#'
#' `save_model_tf()` writes the SavedModel with `model$export()` (an existing
#' directory is replaced when `overwrite = TRUE`, else it is an error).
#' `load_model_tf()` gives a Sequential model of one `layer_tfsm()` layer that
#' predicts with the SavedModel's serving function; it cannot be trained
#' further.
#'
#' @param object A Keras model.
#' @param filepath The SavedModel directory to write or read.
#' @param overwrite Whether to replace an existing directory.
#' @param include_optimizer Kept for keras 2.x's calls; a SavedModel for
#'   serving has no optimizer.
#' @param signatures,options Only `NULL` is accepted: Keras 3 exports a
#'   SavedModel without them.
#' @param custom_objects,compile Kept for keras 2.x's calls; not used, since
#'   the model is loaded for inference only.
#'
#' @returns `save_model_tf()`: `object`, invisibly. `load_model_tf()`: an
#'   inference-only Keras model.
#' @md
#' @examples
#' \dontrun{
#' save_model_tf(model, "saved_model")              # warns
#' served <- load_model_tf("saved_model")           # warns
#' predict(served, x)
#' }
save_model_tf <- function(object, filepath, overwrite = TRUE, include_optimizer = TRUE,
                          signatures = NULL, options = NULL) {
  .deprecated("save_model_tf",
              "save_model() (a .keras file); this writes a SavedModel for inference")
  if (!is.null(signatures) || !is.null(options))
    stop("save_model_tf(): Keras 3 exports a SavedModel without `signatures` or `options`",
         call. = FALSE)
  path <- path.expand(filepath)
  if (file.exists(path)) {
    if (!isTRUE(overwrite))
      stop(sprintf("'%s' already exists; use `overwrite = TRUE` to replace it", filepath),
           call. = FALSE)
    unlink(path, recursive = TRUE)
  }
  py_call(py_get_attr(object, "export"), path, verbose = FALSE)
  invisible(object)
}

# A model that predicts with the SavedModel's serving function.
#' @rdname save_model_tf
load_model_tf <- function(filepath, custom_objects = NULL, compile = TRUE) {
  .deprecated("load_model_tf",
              "load_model() (a .keras file); a SavedModel loads for inference only")
  path <- .existing(filepath)
  if (!file.exists(file.path(path, "saved_model.pb")))
    stop(sprintf("'%s' is not a TensorFlow SavedModel directory (no saved_model.pb)",
                 filepath), call. = FALSE)
  endpoint <- if (.has_endpoint(path, "serve")) "serve" else "serving_default"
  keras_model_sequential(layers = list(layer_tfsm(filepath = path, call_endpoint = endpoint)))
}

.has_endpoint <- function(path, name) {
  loaded <- import("tensorflow", convert = FALSE)$saved_model$load(path)
  py_has_attr(loaded, name)
}

# ---- files under the names Keras 3 needs ------------------------------------------------------

.existing <- function(filepath) {
  file <- path.expand(filepath)
  if (!file.exists(file)) stop(sprintf("'%s' does not exist", filepath), call. = FALSE)
  normalizePath(file)
}

.save_as <- function(filepath, overwrite, suffix, save) {
  file <- path.expand(filepath)
  if (file.exists(file) && !isTRUE(overwrite))
    stop(sprintf("'%s' already exists; use `overwrite = TRUE` to replace it", filepath),
         call. = FALSE)
  if (endsWith(file, suffix)) return(save(file))
  temporary <- tempfile(fileext = suffix)
  on.exit(unlink(temporary), add = TRUE)
  save(temporary)
  if (!file.copy(temporary, file, overwrite = TRUE))
    stop(sprintf("cannot write '%s'", filepath), call. = FALSE)
}

.load_as <- function(filepath, suffix, load) {
  file <- .existing(filepath)
  named <- endsWith(file, suffix) && !(suffix == ".h5" && endsWith(file, ".weights.h5"))
  if (named) return(load(file))
  temporary <- tempfile(fileext = suffix)
  on.exit(unlink(temporary), add = TRUE)
  file.copy(file, temporary)
  load(temporary)
}
