# Models: construction (Sequential, functional, inputs), layers of a model,
# summary and printing, weights, configuration and persistence.

.model_class <- "keras.src.models.model.Model"

# ---- construction ---------------------------------------------------------------

keras_input <- function(shape = NULL, batch_size = NULL, dtype = NULL, sparse = NULL,
                        batch_shape = NULL, name = NULL, tensor = NULL, optional = FALSE, ...) {
  args <- .keras_args(environment(), match.call(expand.dots = FALSE))
  py_call(keras$Input, !!!args)
}

layer_input <- keras_input

# Any input_* argument adds an InputLayer first; layers only through `layers =`.
keras_model_sequential <- function(input_shape = NULL, name = NULL, ..., input_dtype = NULL,
                                   input_batch_size = NULL, input_sparse = NULL,
                                   input_batch_shape = NULL, input_name = NULL,
                                   input_tensor = NULL, input_optional = FALSE,
                                   trainable = TRUE, layers = list()) {
  call <- match.call(expand.dots = FALSE)
  extra <- list2(...)
  if (length(extra) && (is.null(names(extra)) || any(!nzchar(names(extra)))))
    stop(simpleError("layers must be passed as `layers = list(...)`; other arguments in `...` must be named", call))
  args <- .keras_args(environment(), call, dots = FALSE,
                      skip = c("layers", grep("^input_", names(call), value = TRUE)))
  for (key in names(extra)) args[[key]] <- .keras_argument(key, extra[[key]], call = call)
  if (is_py_object(layers) || !is.list(layers)) layers <- list(layers)
  input_args <- .keras_args(environment(), call[c(1L, grep("^input_", names(call)))], dots = FALSE)
  if (length(input_args)) {
    names(input_args) <- sub("^input_", "", names(input_args))
    names(input_args)[names(input_args) == "tensor"] <- "input_tensor"
    layers <- c(list(py_call(keras$layers$InputLayer, !!!.keras_input_layer_args(input_args))), layers)
  }
  if (length(layers)) args$layers <- layers
  py_call(keras$Sequential, !!!args)
}

.keras_input_layer_args <- function(args) {
  for (name in names(args)) args[[name]] <- .keras_argument(name, args[[name]])
  args
}

# A length-1 unnamed list is its element; a named list becomes a dict.
keras_model <- function(inputs = NULL, outputs = NULL, ...) {
  py_call(keras$Model, inputs = .model_io(inputs), outputs = .model_io(outputs), ...)
}

.model_io <- function(x) {
  if (is.list(x) && !is_py_object(x) && length(x) == 1L && is.null(names(x))) x[[1L]] else x
}

clone_model <- function(model, input_tensors = NULL, clone_function = NULL, ...) {
  args <- list2(model, ...)
  if (!is.null(input_tensors)) args$input_tensors <- input_tensors
  if (!is.null(clone_function)) args$clone_function <- clone_function
  py_call(keras$models$clone_model, !!!args)
}

# ---- layers of a model -----------------------------------------------------------------

# `index` counts from 1 (negative values count from the end).
get_layer <- function(object, name = NULL, index = NULL) {
  if (!is.null(index)) index <- .keras_axis(index, "index", sys.call())
  py_call(py_get_attr(object, "get_layer"), name = name, index = index)
}

pop_layer <- function(object, ...) {
  py_call(py_get_attr(object, "pop"), ...)
  invisible(object)
}

# ---- summary and printing ----------------------------------------------------------------

format.keras.src.models.model.Model <- function(x, line_length = getOption("width"),
                                                positions = NULL, expand_nested = FALSE,
                                                show_trainable = NA, ..., layer_range = NULL) {
  if (py_is_null_xptr(x)) return("<pointer: 0x0>")
  text <- character()
  if (is.na(show_trainable))
    show_trainable <- isTRUE(py_to_r(py_get_attr(x, "built"))) &&
      length(py_to_r(py_get_attr(x, "non_trainable_weights"))) > 0L
  args <- list(line_length = .keras_integer(line_length, "line_length"),
               expand_nested = expand_nested, show_trainable = show_trainable,
               print_fn = function(x, ...) text <<- c(text, x))
  if (!is.null(positions)) args$positions <- as.list(positions)
  if (!is.null(layer_range)) args$layer_range <- as.list(layer_range)
  py_call(py_get_attr(x, "summary"), !!!args)
  sub("\n+$", "", paste(text, collapse = ""))
}

print.keras.src.models.model.Model <- function(x, ...) {
  writeLines(format(x, ...))
  invisible(x)
}

summary.keras.src.models.model.Model <- function(object, ...) {
  writeLines(format(object, ...))
  invisible(object)
}

# ---- weights -------------------------------------------------------------------------------

# All weights (trainable = NA), or only the trainable / non-trainable ones.
get_weights <- function(object, trainable = NA) {
  if (is.na(trainable)) return(py_to_r(py_call(py_get_attr(object, "get_weights"))))
  variables <- py_to_r(py_get_attr(object, if (trainable) "trainable_weights" else
    "non_trainable_weights"))
  lapply(variables, function(v) py_to_r(py_call(py_get_attr(v, "numpy"))))
}

set_weights <- function(object, weights) {
  variables <- py_to_r(py_get_attr(object, "weights"))
  if (length(weights) != length(variables))
    stop(sprintf("`weights` has %d arrays but the model has %d weights",
                 length(weights), length(variables)), call. = FALSE)
  arrays <- Map(function(w, v) .keras_data(w, py_to_r(py_get_attr(v, "dtype"))),
                weights, variables)
  py_call(py_get_attr(object, "set_weights"), unname(arrays))
  invisible(object)
}

count_params <- function(object) py_to_r(py_call(py_get_attr(object, "count_params")))

# Freeze (or unfreeze) the whole model, or the layers from..to (1-based
# indices, names or layers) or those in `which` (indices, names or logical).
freeze_weights <- function(object, from = NULL, to = NULL, which = NULL) {
  .set_trainable(object, from, to, which, FALSE)
}

unfreeze_weights <- function(object, from = NULL, to = NULL, which = NULL) {
  .set_trainable(object, from, to, which, TRUE)
}

.set_trainable <- function(object, from, to, which, trainable) {
  if (is.null(from) && is.null(to) && is.null(which)) {
    .set_layer_trainable(object, trainable)
    return(invisible(object))
  }
  if (!is.null(which) && !(is.null(from) && is.null(to)))
    stop("use either `which` or `from`/`to`, not both", call. = FALSE)
  layers <- py_to_r(py_get_attr(object, "layers"))
  names <- vapply(layers, function(l) py_to_r(py_get_attr(l, "name")), "")
  chosen <- .layer_positions(names, layers, from, to, which)
  if (!trainable || !isTRUE(py_to_r(py_get_attr(object, "trainable")))) {
    previous <- vapply(layers, function(l) isTRUE(py_to_r(py_get_attr(l, "trainable"))), TRUE)
    py_set_attr(object, "trainable", TRUE)
    if (trainable) previous[] <- FALSE
    for (i in seq_along(layers)) .set_layer_trainable(layers[[i]], previous[[i]])
  }
  for (i in chosen) .set_layer_trainable(layers[[i]], trainable)
  invisible(object)
}

# Keras skips `layer.trainable <- value` when it already has that value
# (TensorFlow's short cut for `self.x = self.x`), which would leave nested
# layers as they were: toggle so the value reaches every sublayer.
.set_layer_trainable <- function(layer, trainable) {
  py_set_attr(layer, "trainable", !trainable)
  py_set_attr(layer, "trainable", trainable)
}

.layer_positions <- function(names, layers, from, to, which) {
  position <- function(x, what) {
    if (is_py_object(x)) x <- py_to_r(py_get_attr(x, "name"))
    if (is.character(x)) {
      at <- match(x, names)
      if (anyNA(at)) stop(sprintf("`%s`: no layer named %s", what,
                                  paste0("\"", x[is.na(at)], "\"", collapse = ", ")), call. = FALSE)
      return(at)
    }
    at <- .keras_whole_numbers(x, what, NULL)
    at <- ifelse(at < 0L, length(names) + 1L + at, at)
    if (any(at < 1L | at > length(names)))
      stop(sprintf("`%s` must be between 1 and %d", what, length(names)), call. = FALSE)
    at
  }
  if (!is.null(which)) {
    if (is.logical(which)) return(which(rep_len(which, length(names))))
    return(unlist(lapply(if (is.list(which)) which else as.list(which), position, what = "which")))
  }
  first <- if (is.null(from)) 1L else position(from, "from")
  last <- if (is.null(to)) length(names) else position(to, "to")
  seq(first, last)
}

# ---- configuration -----------------------------------------------------------------------

get_config <- function(object) {
  config <- py_to_r(py_call(py_get_attr(object, "get_config")))
  attr(config, "__class__") <- py_get_attr(object, "__class__")
  config
}

from_config <- function(config, custom_objects = NULL) {
  class <- attr(config, "__class__", exact = TRUE)
  if (is.null(class)) class <- keras$Model
  attr(config, "__class__") <- NULL
  args <- list(config)
  if (!is.null(custom_objects)) args$custom_objects <- .custom_objects(custom_objects)
  py_call(py_get_attr(class, "from_config"), !!!args)
}

# ---- persistence -----------------------------------------------------------------------------

# Write a .keras file; without a path, the bytes of one as a raw vector.
save_model <- function(model, filepath = NULL, overwrite = FALSE, ...) {
  if (is.null(filepath)) {
    file <- tempfile(fileext = ".keras")
    on.exit(unlink(file), add = TRUE)
    py_call(py_get_attr(model, "save"), file, ...)
    return(readBin(file, "raw", file.size(file)))
  }
  file <- .writable_path(filepath, overwrite)
  py_call(py_get_attr(model, "save"), file, overwrite = TRUE, ...)
  invisible(model)
}

# `model` is a path or the raw bytes save_model() returned.
load_model <- function(model, custom_objects = NULL, compile = TRUE, safe_mode = TRUE) {
  if (is.raw(model)) {
    file <- tempfile(fileext = ".keras")
    on.exit(unlink(file), add = TRUE)
    writeBin(model, file)
    model <- file
  }
  args <- list(path.expand(model), compile = compile, safe_mode = safe_mode)
  if (!is.null(custom_objects)) args$custom_objects <- .custom_objects(custom_objects)
  py_call(keras$models$load_model, !!!args)
}

save_model_weights <- function(model, filepath, overwrite = FALSE) {
  file <- .writable_path(filepath, overwrite)
  py_call(py_get_attr(model, "save_weights"), file, overwrite = TRUE)
  invisible(model)
}

load_model_weights <- function(model, filepath, skip_mismatch = FALSE, ...) {
  py_call(py_get_attr(model, "load_weights"), path.expand(filepath),
          skip_mismatch = skip_mismatch, ...)
  invisible(model)
}

# The model's configuration as JSON (no weights).
save_model_config <- function(model, filepath, overwrite = FALSE) {
  file <- .writable_path(filepath, overwrite)
  writeLines(model_to_json(model), file)
  invisible(model)
}

load_model_config <- function(filepath, custom_objects = NULL) {
  model_from_json(paste(readLines(filepath, warn = FALSE), collapse = "\n"), custom_objects)
}

model_to_json <- function(object) py_to_r(py_call(py_get_attr(object, "to_json")))

model_from_json <- function(json, custom_objects = NULL) {
  args <- list(json)
  if (!is.null(custom_objects)) args$custom_objects <- .custom_objects(custom_objects)
  py_call(keras$models$model_from_json, !!!args)
}

# Evaluate `expr` with `objects` (as in load_model()) known to Keras's deserialization.
with_custom_object_scope <- function(objects, expr) {
  with(py_call(keras$saving$CustomObjectScope, .custom_objects(objects)), expr)
}

.writable_path <- function(filepath, overwrite) {
  file <- path.expand(filepath)
  if (file.exists(file) && !isTRUE(overwrite))
    stop(sprintf("'%s' already exists; use `overwrite = TRUE` to replace it", filepath),
         call. = FALSE)
  file
}

# custom_objects as a dict: names from the list, else from each object's
# name (`py_function_name`, `__name__`). A Layer() function stands for its class.
.custom_objects <- function(objects) {
  if (is_py_object(objects)) return(objects)
  if (!is.list(objects)) objects <- list(objects)
  keys <- names(objects)
  if (is.null(keys)) keys <- rep("", length(objects))
  values <- lapply(seq_along(objects), function(i) {
    object <- objects[[i]]
    if (is.function(attr(object, "keras_class", exact = TRUE)))
      return(attr(object, "keras_class")())
    if (is.function(object) && !is_py_object(object))
      .as_py_function(object, if (nzchar(keys[[i]])) keys[[i]] else NULL, "custom_object")
    else object
  })
  keys <- vapply(seq_along(values), function(i) {
    if (nzchar(keys[[i]])) return(keys[[i]])
    name <- py_to_r(py_get_attr(values[[i]], "__name__", silent = TRUE))
    if (is.null(name)) stop("custom_objects: name the objects that have no `__name__`", call. = FALSE)
    name
  }, "")
  py_dict(keys, values)
}
