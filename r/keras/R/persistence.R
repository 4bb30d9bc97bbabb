# Saving and loading models: whole models (HDF5, SavedModel, and tf_keras's
# .keras files), their weights, their configuration as JSON, models as R raw
# vectors, and the tensorflow export_savedmodel() method.
#
# NAMESPACE: S3method(export_savedmodel, keras.engine.training.Model)

#' Save and load models in HDF5 files
#'
#' @description
#' `save_model_hdf5()` writes the model's architecture, weights and (with
#' `include_optimizer`) the optimizer's state to one HDF5 file;
#' `load_model_hdf5()` makes the model again, compiled when it was saved
#' compiled (unless `compile = FALSE`). Both need the Python package h5py.
#'
#' @param object The model to save.
#' @param filepath The file.
#' @param overwrite Whether an existing file is replaced; when `FALSE` and the
#'   file exists, an interactive session asks, others stop with an error.
#' @param include_optimizer Whether the optimizer's state is saved.
#' @param custom_objects The custom (non-Keras) classes and functions the model
#'   uses (custom layers, losses, metrics), in a list named by the names they
#'   were saved under. An unnamed item is named by its Python `__name__`, its R6
#'   class name or its `py_function_name` attribute.
#' @param compile Whether the loaded model is compiled as it was when saved.
#' @returns `save_model_hdf5()`: `TRUE` invisibly when the model was saved
#'   (`FALSE` when the user declined to overwrite). `load_model_hdf5()`: the model.
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' save_model_hdf5(model, "model.h5")
#' model <- load_model_hdf5("model.h5")
#' }
save_model_hdf5 <- function(object, filepath, overwrite = TRUE, include_optimizer = TRUE) {
  .keras2_need_h5py("save_model_hdf5")
  filepath <- .keras2_path(filepath)
  if (!.keras2_confirm_overwrite(filepath, overwrite)) return(invisible(FALSE))
  .keras2_save_model(object, filepath, overwrite, include_optimizer, "save_model_hdf5",
                     save_format = "h5")
}

#' @rdname save_model_hdf5
#' @export
load_model_hdf5 <- function(filepath, custom_objects = NULL, compile = TRUE) {
  .keras2_need_h5py("load_model_hdf5")
  .keras2_load_model(filepath, custom_objects, compile, "load_model_hdf5")
}

#' Save and load models in the SavedModel format
#'
#' @description
#' `save_model_tf()` writes the model as a TensorFlow SavedModel directory
#' (which TensorFlow Serving and `tf$saved_model$load()` also read);
#' `load_model_tf()` makes the Keras model again. `load_model_tf()` also reads
#' the files [callback_model_checkpoint()] and tf_keras write with a `.keras`
#' extension (tf_keras's own format) and HDF5 files.
#'
#' @inheritParams save_model_hdf5
#' @param filepath The directory of the SavedModel (or, for `load_model_tf()`, a
#'   `.keras` or HDF5 file).
#' @param signatures The signatures to save, as `tf$saved_model$save()` takes them.
#' @param options A `tf$saved_model$SaveOptions()` object.
#' @returns `save_model_tf()`: `TRUE` invisibly when the model was saved.
#'   `load_model_tf()`: the model.
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' save_model_tf(model, "my_model")
#' model <- load_model_tf("my_model")
#' }
save_model_tf <- function(object, filepath, overwrite = TRUE, include_optimizer = TRUE,
                          signatures = NULL, options = NULL) {
  filepath <- .keras2_path(filepath)
  if (!.keras2_confirm_overwrite(filepath, overwrite)) return(invisible(FALSE))
  .keras2_save_model(object, filepath, overwrite, include_optimizer, "save_model_tf",
                     save_format = "tf", signatures = signatures, options = options)
}

#' @rdname save_model_tf
#' @export
load_model_tf <- function(filepath, custom_objects = NULL, compile = TRUE) {
  .keras2_load_model(filepath, custom_objects, compile, "load_model_tf")
}

.keras2_save_model <- function(object, filepath, overwrite, include_optimizer, caller, ...) {
  .keras2_need_model(object, caller)
  py_call(keras$models$save_model, model = object, filepath = filepath, overwrite = overwrite,
          include_optimizer = include_optimizer, !!!Filter(Negate(is.null), list2(...)))
  invisible(TRUE)
}

.keras2_load_model <- function(filepath, custom_objects, compile, caller) {
  path <- .keras2_path(filepath)
  if (!file.exists(path))
    stop(sprintf("%s(): no model at \"%s\"", caller, filepath),
         call. = FALSE)
  py_call(keras$models$load_model, filepath = path,
          custom_objects = .keras2_custom_objects(custom_objects), compile = compile)
}

# keras 2.x's custom objects: a named list (a dict for Python); an unnamed
# item is named by its Python __name__ (a layer wrapper's class), its R6 class
# name or its py_function_name attribute, and an R function without that
# attribute gets its name as it (the name tf_keras knows it by).
.keras2_custom_objects <- function(objects) {
  if (is.null(objects) || is_py_object(objects) && !is.function(objects)) return(objects)
  if (!is.list(objects)) objects <- list(objects)
  labels <- rlang::names2(objects)
  for (i in seq_along(objects)) {
    object <- objects[[i]]
    if (inherits(object, "keras_layer_wrapper")) object <- attr(object, "Layer")
    if (!nzchar(labels[[i]])) {
      labels[[i]] <- if (is_py_object(object) && py_has_attr(object, "__name__"))
        py_to_r(py_get_attr(object, "__name__"))
      else if (inherits(object, "R6ClassGenerator")) object$classname
      else if (is.character(attr(object, "py_function_name", exact = TRUE)))
        attr(object, "py_function_name", exact = TRUE)
      else stop("custom_objects: the name of item ", i, " cannot be inferred: name it ",
                "(list(name = object)) as the model was saved with it", call. = FALSE)
    }
    if (is.function(object) && !is_py_object(object) &&
        is.null(attr(object, "py_function_name", exact = TRUE)))
      attr(object, "py_function_name") <- labels[[i]]
    objects[i] <- list(object)
  }
  names(objects) <- labels
  objects
}

# keras 2.x's answer to an existing file when `overwrite` is FALSE: ask in an
# interactive session, else an error.
.keras2_confirm_overwrite <- function(filepath, overwrite) {
  if (isTRUE(overwrite) || !file.exists(filepath)) return(TRUE)
  if (interactive()) {
    answer <- readline(sprintf("[WARNING] %s already exists - overwrite? [y/n] ", filepath))
    return(tolower(answer) == "y")
  }
  stop(sprintf("\"%s\" already exists (pass overwrite = TRUE to replace it)", filepath),
       call. = FALSE)
}

.keras2_need_h5py <- function(caller) {
  if (!have_h5py())
    stop(caller, "() needs the Python package h5py (pip install h5py)", call. = FALSE)
}

.keras2_need_model <- function(object, caller) {
  if (!inherits(object, "keras.engine.training.Model"))
    stop(sprintf("%s(): the model to save must be a Keras model, not %s", caller,
                 class(object)[[1L]]), call. = FALSE)
}

#' Save and load the weights of a model
#'
#' @description
#' The weights alone (not the architecture): `save_model_weights_hdf5()` writes
#' an HDF5 file (h5py needed), `save_model_weights_tf()` a TensorFlow checkpoint
#' (files starting with `filepath`). Loading fills a model of the same
#' architecture: by the order of the layers with weights, or, with `by_name`,
#' the layers of the same names (HDF5 files only).
#'
#' @param object A model.
#' @param filepath The file (HDF5) or the checkpoint's prefix (TensorFlow).
#' @param overwrite Whether existing files are replaced (see [save_model_hdf5()]).
#' @param by_name Whether weights are loaded into the layers of the same names.
#' @param skip_mismatch With `by_name`, whether layers whose weights differ in
#'   number or shape are skipped (with a warning) instead of an error.
#' @param reshape Not supported by TensorFlow's Keras: `TRUE` is an error.
#' @returns `save_*()`: `TRUE` invisibly when saved. `load_*()`: the model,
#'   invisibly (its weights set in place).
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' save_model_weights_hdf5(model, "weights.h5")
#' load_model_weights_hdf5(model, "weights.h5")
#' }
save_model_weights_hdf5 <- function(object, filepath, overwrite = TRUE) {
  .keras2_need_h5py("save_model_weights_hdf5")
  .keras2_save_weights(object, filepath, overwrite, "h5")
}

#' @rdname save_model_weights_hdf5
#' @export
save_model_weights_tf <- function(object, filepath, overwrite = TRUE) {
  .keras2_save_weights(object, filepath, overwrite, "tf")
}

#' @rdname save_model_weights_hdf5
#' @export
load_model_weights_hdf5 <- function(object, filepath, by_name = FALSE, skip_mismatch = FALSE,
                                    reshape = FALSE) {
  .keras2_need_h5py("load_model_weights_hdf5")
  .keras2_load_weights(object, filepath, by_name, skip_mismatch, reshape)
}

#' @rdname save_model_weights_hdf5
#' @export
load_model_weights_tf <- function(object, filepath, by_name = FALSE, skip_mismatch = FALSE,
                                  reshape = FALSE) {
  .keras2_load_weights(object, filepath, by_name, skip_mismatch, reshape)
}

.keras2_save_weights <- function(object, filepath, overwrite, format) {
  filepath <- .keras2_path(filepath)
  if (!.keras2_confirm_overwrite(filepath, overwrite)) return(invisible(FALSE))
  py_call(py_get_attr(object, "save_weights"), filepath = filepath, overwrite = overwrite,
          save_format = format)
  invisible(TRUE)
}

.keras2_load_weights <- function(object, filepath, by_name, skip_mismatch, reshape) {
  if (isTRUE(reshape))
    stop("`reshape = TRUE` is not supported by TensorFlow's Keras: load into a model whose ",
         "weights have the saved shapes", call. = FALSE)
  args <- list(filepath = .keras2_path(filepath), by_name = by_name)
  if (isTRUE(skip_mismatch)) args$skip_mismatch <- TRUE
  py_call(py_get_attr(object, "load_weights"), !!!args)
  invisible(object)
}

#' A model's configuration as JSON
#'
#' @description
#' The architecture only (no weights): `model_to_json()` gives it as a JSON
#' string, `model_from_json()` makes a new model (new weights) from it.
#'
#' @param object A model.
#' @param json The JSON string.
#' @inheritParams save_model_hdf5
#' @returns `model_to_json()`: a string. `model_from_json()`: a model.
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' json <- model_to_json(model)
#' model2 <- model_from_json(json)
#' }
model_to_json <- function(object) {
  py_to_r(py_call(py_get_attr(object, "to_json")))
}

#' @rdname model_to_json
#' @export
model_from_json <- function(json, custom_objects = NULL) {
  py_call(keras$models$model_from_json, json,
          custom_objects = .keras2_custom_objects(custom_objects))
}

#' A model's configuration as YAML (removed)
#'
#' @description
#' TensorFlow 2.6 removed YAML model configurations (loading them could run
#' arbitrary code): these stop with an error. Use [model_to_json()] and
#' [model_from_json()].
#'
#' @param object A model.
#' @param yaml A YAML string.
#' @inheritParams save_model_hdf5
#' @returns Never returns.
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' json <- model_to_json(model)
#' }
model_to_yaml <- function(object) .keras2_yaml_removed("model_to_yaml")

#' @rdname model_to_yaml
#' @export
model_from_yaml <- function(yaml, custom_objects = NULL) .keras2_yaml_removed("model_from_yaml")

.keras2_yaml_removed <- function(caller) {
  stop(caller, "(): TensorFlow removed YAML model configurations (version 2.6, a security ",
       "risk): use model_to_json() and model_from_json()", call. = FALSE)
}

#' A model as an R raw vector
#'
#' @description
#' A model is a reference to a Python object, which `save()`/`saveRDS()` cannot
#' keep. `serialize_model()` gives the model's HDF5 file (see
#' [save_model_hdf5()]) as a raw vector, which they can; `unserialize_model()`
#' makes the model from it.
#'
#' @param model A model (`serialize_model()`), or a raw vector from
#'   `serialize_model()` (`unserialize_model()`).
#' @inheritParams save_model_hdf5
#' @returns `serialize_model()`: a raw vector. `unserialize_model()`: a model.
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' saveRDS(serialize_model(model), "model.rds")
#' model <- unserialize_model(readRDS("model.rds"))
#' }
serialize_model <- function(model, include_optimizer = TRUE) {
  .keras2_need_model(model, "serialize_model")
  file <- tempfile("keras_model", fileext = ".h5")
  on.exit(unlink(file), add = TRUE)
  save_model_hdf5(model, file, include_optimizer = include_optimizer)
  readBin(file, what = "raw", n = file.size(file))
}

#' @rdname serialize_model
#' @export
unserialize_model <- function(model, custom_objects = NULL, compile = TRUE) {
  if (!is.raw(model))
    stop("unserialize_model(): `model` must be a raw vector from serialize_model()",
         call. = FALSE)
  file <- tempfile("keras_model", fileext = ".h5")
  on.exit(unlink(file), add = TRUE)
  writeBin(model, file)
  load_model_hdf5(file, custom_objects = custom_objects, compile = compile)
}

#' Export a model to the SavedModel format (removed)
#'
#' @description
#' TensorFlow 2.1 removed `tf.keras.experimental.export_saved_model()`, as
#' keras 2.x says: these stop with an error. Use [save_model_tf()] and
#' [load_model_tf()].
#'
#' @param model A model.
#' @param saved_model_path The SavedModel's directory.
#' @param custom_objects,as_text,input_signature,serving_only Arguments of the
#'   removed functions.
#' @returns Never returns.
#' @family model persistence
#' @export
#' @md
#' @examples
#' \dontrun{
#' save_model_tf(model, "my_model")
#' model <- load_model_tf("my_model")
#' }
model_to_saved_model <- function(model, saved_model_path, custom_objects = NULL,
                                 as_text = FALSE, input_signature = NULL,
                                 serving_only = FALSE) {
  .keras2_saved_model_removed("model_to_saved_model", "save_model_tf")
}

#' @rdname model_to_saved_model
#' @export
model_from_saved_model <- function(saved_model_path, custom_objects = NULL) {
  .keras2_saved_model_removed("model_from_saved_model", "load_model_tf")
}

.keras2_saved_model_removed <- function(caller, instead) {
  stop(caller, "() is deprecated as of TensorFlow 2.1 (removed): use ", instead, "()",
       call. = FALSE)
}

#' Export a model for serving
#'
#' @description
#' Writes the model as a TensorFlow SavedModel (`tf$saved_model$save()`), the
#' form TensorFlow Serving loads.
#'
#' @param object A model.
#' @param export_dir_base The directory to write.
#' @param overwrite Whether an existing directory is replaced.
#' @param versioned Whether the model goes into a new subdirectory named by the
#'   time (UTC), as serving systems look for versions.
#' @param remove_learning_phase Kept for keras 2.x's code: TensorFlow 2 saves
#'   the inference functions without a learning phase.
#' @param as_text Ignored since TensorFlow 1.14, with a warning.
#' @param ... Further named arguments of `tf$saved_model$save()`
#'   (`signatures`, `options`).
#' @returns The directory written, invisibly.
#' @method export_savedmodel keras.engine.training.Model
#' @family model persistence
#' @md
#' @examples
#' \dontrun{
#' export_savedmodel(model, "exported")
#' }
export_savedmodel.keras.engine.training.Model <- function(object, export_dir_base,
                                                          overwrite = TRUE,
                                                          versioned = !overwrite,
                                                          remove_learning_phase = TRUE,
                                                          as_text = FALSE, ...) {
  export_dir_base <- .keras2_path(export_dir_base)
  if (versioned)
    export_dir_base <- file.path(export_dir_base,
                                 format(Sys.time(), "%Y%m%d%H%M%OS", tz = "GMT"))
  if (file.exists(export_dir_base)) {
    if (!overwrite)
      stop(sprintf("export_savedmodel(): \"%s\" already exists (pass overwrite = TRUE)",
                   export_dir_base), call. = FALSE)
    unlink(export_dir_base, recursive = TRUE)
  }
  if (as_text) warning("export_savedmodel(): `as_text` is ignored since TensorFlow 1.14",
                       call. = FALSE)
  py_call(tf$saved_model$save, obj = object, export_dir = export_dir_base, !!!list2(...))
  invisible(export_dir_base)
}
