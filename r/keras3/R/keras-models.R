# Models: construction (Sequential, functional, inputs), layers of a model,
# summary and printing, weights, configuration and persistence.

.model_class <- "keras.src.models.model.Model"

# ---- construction ---------------------------------------------------------------

#' Create a symbolic input for a functional model
#'
#' @description
#' `keras_input()` calls Keras's `keras$Input()` and gives the symbolic tensor
#' (a `KerasTensor`) that starts a functional model: layers are applied to it,
#' and it is then passed as `inputs` to [keras_model()]. `layer_input()` is the
#' same function under its keras 2.x name.
#'
#' Only the arguments you supply reach Keras, so Keras's own defaults apply to
#' the others. `shape` and `batch_shape` become tuples of integers, with `NA`
#' (or `NULL` in a list) for a dimension of unknown size; `batch_size` must be
#' a whole number (`32` is accepted, `32.5` is an error).
#'
#' @param shape The shape of one sample, without the batch dimension: an
#'   integer vector such as `c(28, 28, 1)`, with `NA` for unknown sizes
#'   (`c(NA, 16)` for sequences of any length).
#' @param batch_size A fixed batch size (a whole number), or `NULL` for any.
#' @param dtype The data type the input expects, such as `"float32"` or
#'   `"int32"`; Keras's floatx ([config_floatx()]) when `NULL`.
#' @param sparse Whether the input is a sparse tensor (`TRUE`/`FALSE`).
#' @param ragged Whether the input is a ragged tensor (`TRUE`/`FALSE`;
#'   TensorFlow only).
#' @param batch_shape The full shape including the batch dimension, instead
#'   of `shape` and `batch_size`.
#' @param name A name for the input, unique within the model. Inputs named
#'   here are the names that `fit()` and `predict()` accept for a named list
#'   of input arrays.
#' @param tensor An existing tensor to wrap as the input, instead of creating
#'   a placeholder.
#' @param optional Whether the input may be `NULL` when the model is called.
#' @param ... Further arguments of `keras$Input()`, by name.
#'
#' @returns A symbolic `KerasTensor`.
#' @seealso [keras_model()]
#' @md
#' @examples
#' \dontrun{
#' inputs <- keras_input(shape = c(32))
#' outputs <- inputs %>% layer_dense(units = 10, activation = "softmax")
#' model <- keras_model(inputs, outputs)
#' }
keras_input <- function(shape = NULL, batch_size = NULL, dtype = NULL, sparse = NULL,
                        ragged = NULL, batch_shape = NULL, name = NULL, tensor = NULL, optional = FALSE, ...) {
  args <- .keras_args(environment(), match.call(expand.dots = FALSE))
  py_call(keras$Input, !!!args)
}

#' @rdname keras_input
layer_input <- keras_input

# Any input_* argument, or any named argument in `...`, adds an InputLayer
# first (keras3: `...` goes to the input layer, not to Sequential());
# layers only through `layers =`.
#' Create a Sequential model
#'
#' @description
#' Creates a `keras$Sequential` model, a linear stack of layers. Layers are
#' usually added afterwards by piping the model into `layer_*()` functions:
#' `model %>% layer_dense(8)` adds the layer to `model` itself (the model is
#' modified in place, no reassignment is needed) and returns it invisibly.
#'
#' Giving any of the `input_*` arguments (`input_shape`, `input_dtype`, ...)
#' or any named argument in `...` (`batch_size`, `dtype`, `shape`, ...) puts
#' an input layer first (`keras$layers$InputLayer`), built from those
#' arguments with the `input_` prefix removed (as [keras_input()] takes
#' them), so the model is built at once and `summary()` shows its shapes.
#' Without them the model is built the first time it sees data. Only `name`,
#' `trainable` and `layers` go to `keras$Sequential()` itself.
#'
#' Layers may only be given as `layers = list(...)`: unnamed arguments in `...`
#' are an error rather than being taken for layers. Only the arguments you
#' supply reach Keras.
#'
#' @param input_shape The shape of one sample, without the batch dimension
#'   (for example `c(784)`), with `NA` for unknown sizes.
#' @param name A name for the model.
#' @param ... Further arguments of the input layer, by name (such as
#'   `batch_size = 32` or `dtype = "int32"`).
#' @param input_dtype The data type of the input layer.
#' @param input_batch_size A fixed batch size for the input layer (a whole
#'   number).
#' @param input_sparse Whether the input is sparse.
#' @param input_ragged Whether the input is ragged (TensorFlow only).
#' @param input_batch_shape The input shape including the batch dimension,
#'   instead of `input_shape` and `input_batch_size`.
#' @param input_name A name for the input layer.
#' @param input_tensor An existing tensor to use as the input.
#' @param input_optional Whether the input may be `NULL`.
#' @param trainable Whether the model's weights are updated by training.
#' @param layers A list of layers to add, in order (a single layer is also
#'   accepted).
#'
#' @returns A Keras Sequential model.
#' @seealso [keras_model()], [compile()][compile.keras.src.models.model.Model],
#'   [fit()][fit.keras.src.models.model.Model]
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_sequential(input_shape = c(784))
#' model %>%
#'   layer_dense(units = 32, activation = "relu") %>%
#'   layer_dense(units = 10, activation = "softmax")
#' summary(model)
#'
#' # a stateful RNN needs a fixed batch size
#' model <- keras_model_sequential(input_shape = c(10, 16), batch_size = 32) %>%
#'   layer_lstm(units = 8, stateful = TRUE)
#' }
keras_model_sequential <- function(input_shape = NULL, name = NULL, ..., input_dtype = NULL,
                                   input_batch_size = NULL, input_sparse = NULL,
                                   input_ragged = NULL, input_batch_shape = NULL,
                                   input_name = NULL, input_tensor = NULL,
                                   input_optional = FALSE, trainable = TRUE, layers = list()) {
  call <- match.call(expand.dots = FALSE)
  extra <- list2(...)
  if (length(extra) && (is.null(names(extra)) || any(!nzchar(names(extra)))))
    stop(simpleError("layers must be passed as `layers = list(...)`; other arguments in `...` must be named", call))
  if (.is_layer(input_shape) || (is.list(input_shape) && any(vapply(input_shape, .is_layer, TRUE))))
    stop(simpleError("layers must be passed as `layers = list(...)`, not as `input_shape`", call))
  args <- .keras_args(environment(), call[c(1L, match(intersect(c("name", "trainable"), names(call)), names(call)))],
                      dots = FALSE)
  if (is_py_object(layers) || !is.list(layers)) layers <- list(layers)
  input_args <- c(mget(grep("^input_", names(call), value = TRUE), environment()), extra)
  names(input_args) <- .input_layer_names(names(input_args))
  twice <- unique(names(input_args)[duplicated(names(input_args))])
  if (length(twice))
    stop(simpleError(sprintf("the input layer's `%s` is given twice (by an `input_` argument and in `...`)",
                             twice[[1L]]), call))
  input_args <- input_args[!vapply(input_args, is.null, TRUE)]
  for (key in names(input_args)) input_args[[key]] <- .keras_argument(key, input_args[[key]], call)
  if (length(input_args))
    layers <- c(list(py_call(keras$layers$InputLayer, !!!input_args)), layers)
  if (length(layers)) args$layers <- layers
  py_call(keras$Sequential, !!!args)
}

# keras_model_sequential()'s input arguments under InputLayer's names.
.input_layer_names <- function(names) {
  names <- sub("^input_(layer_)?", "", names)
  names[names == "tensor"] <- "input_tensor"
  names[names == "batch_input_shape"] <- "batch_shape"
  names
}

.is_layer <- function(x) inherits(x, "keras.src.layers.layer.Layer")

# A length-1 unnamed list is its element; a named list becomes a dict.
#' Create a functional model from inputs and outputs
#'
#' @description
#' Calls `keras$Model(inputs, outputs)` to make a model of the graph of layers
#' between symbolic inputs (from [keras_input()]) and the outputs computed from
#' them.
#'
#' A list of length one without names stands for its element, so
#' `keras_model(list(input), list(output))` is a model with one input and one
#' output, as in R's keras3. A named list becomes a Python dict: the model then
#' takes (or gives) a named list of arrays. Other lists are several inputs or
#' outputs, in order.
#'
#' @param inputs The model's input tensor, or a list of them.
#' @param outputs The model's output tensor, or a list of them.
#' @param ... Further arguments of `keras$Model()`, by name (`name`,
#'   `trainable`).
#'
#' @returns A Keras model.
#' @seealso [keras_input()], [keras_model_sequential()]
#' @md
#' @examples
#' \dontrun{
#' inputs <- keras_input(shape = c(10), name = "features")
#' hidden <- inputs %>% layer_dense(16, activation = "relu")
#' outputs <- hidden %>% layer_dense(1)
#' model <- keras_model(inputs, outputs, name = "regression")
#' }
keras_model <- function(inputs = NULL, outputs = NULL, ...) {
  py_call(keras$Model, inputs = .model_io(inputs), outputs = .model_io(outputs), ...)
}

.model_io <- function(x) {
  if (is.list(x) && !is_py_object(x) && length(x) == 1L && is.null(names(x))) x[[1L]] else x
}

#' Clone a model
#'
#' @description
#' Calls `keras$models$clone_model()`: a new model with the same architecture
#' as `model` and newly created weights (copy them with
#' `set_weights(clone, get_weights(model))` if you need them). The clone is
#' not compiled.
#'
#' @param model The model to clone.
#' @param input_tensors Tensors to build the clone on, instead of new inputs.
#' @param clone_function A function called with each layer of the original
#'   and returning the layer to use in the clone (by default Keras makes a
#'   copy of each layer from its configuration).
#' @param ... Further arguments of `clone_model()`, by name (such as
#'   `call_function` or `recursive`).
#'
#' @returns The new, uncompiled model.
#' @md
#' @examples
#' \dontrun{
#' copy <- clone_model(model)
#' copy %>% set_weights(get_weights(model))
#' }
clone_model <- function(model, input_tensors = NULL, clone_function = NULL, ...) {
  args <- list2(model, ...)
  if (!is.null(input_tensors)) args$input_tensors <- input_tensors
  if (!is.null(clone_function)) args$clone_function <- clone_function
  py_call(keras$models$clone_model, !!!args)
}

# ---- layers of a model -----------------------------------------------------------------

# `index` counts from 1 (negative values count from the end).
#' Get a layer of a model by name or position
#'
#' @description
#' Calls the model's `get_layer()`. Positions count from 1, as R counts: `index
#' = 1` is the first layer of `object$layers` and negative values count from
#' the end (`-1` is the last layer); `0` is an error. (Keras itself counts
#' from 0.)
#'
#' @param object A Keras model.
#' @param name The name of the layer.
#' @param index The position of the layer (a whole number, from 1).
#'
#' @returns The layer.
#' @seealso [pop_layer()]
#' @md
#' @examples
#' \dontrun{
#' get_layer(model, index = 1)
#' get_layer(model, name = "dense_1")
#' }
get_layer <- function(object, name = NULL, index = NULL) {
  if (!is.null(index)) {
    if (identical(suppressWarnings(as.integer(index)), 0L))
      stop(simpleError("`index` counts layers from 1 (and -1 is the last), so 0 is no layer",
                       sys.call()))
    index <- .keras_index(index, "index", sys.call())
  }
  py_call(py_get_attr(object, "get_layer"), name = name, index = index)
}

#' Remove the last layer of a Sequential model
#'
#' @description
#' Calls the Sequential model's `pop()`, which removes its last layer in place.
#'
#' @param object A Sequential model.
#' @param ... Further arguments of `pop()`, by name (Keras's `rebuild`).
#'
#' @returns `object`, invisibly (it is modified in place).
#' @seealso [get_layer()]
#' @md
#' @examples
#' \dontrun{
#' model %>% pop_layer()
#' }
pop_layer <- function(object, ...) {
  py_call(py_get_attr(object, "pop"), ...)
  invisible(object)
}

# ---- summary and printing ----------------------------------------------------------------

#' Summarise a Keras model
#'
#' @description
#' `summary()` and `print()` write the table of layers that Keras's
#' `model$summary()` makes (names, output shapes, parameter counts); `format()`
#' gives that text as a string. A model that is not built yet (a Sequential
#' model without an input shape that has seen no data) is shown as such, with
#' no shapes.
#'
#' @param x,object A Keras model.
#' @param line_length The width of the table, in characters (a whole number).
#' @param positions Where the columns end, as fractions of `line_length` or
#'   as character positions.
#' @param expand_nested Whether to show the layers of nested models.
#' @param show_trainable Whether to add a column telling whether each layer
#'   is trainable. `NA` (the default) shows it when the model is built and
#'   has non-trainable weights.
#' @param ... For `print()` and `summary()`, the arguments of `format()`;
#'   ignored by `format()`.
#' @param layer_range Two layer names (or name patterns): show the layers from
#'   the first to the second only.
#'
#' @returns `format()`: a character string. `print()` and `summary()`: the
#'   model, invisibly.
#' @method format keras.src.models.model.Model
#' @md
#' @examples
#' \dontrun{
#' summary(model)
#' summary(model, expand_nested = TRUE, show_trainable = TRUE)
#' text <- format(model, line_length = 60)
#' }
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

#' @rdname format.keras.src.models.model.Model
#' @method print keras.src.models.model.Model
print.keras.src.models.model.Model <- function(x, ...) {
  writeLines(format(x, ...))
  invisible(x)
}

#' @rdname format.keras.src.models.model.Model
#' @method summary keras.src.models.model.Model
summary.keras.src.models.model.Model <- function(object, ...) {
  writeLines(format(object, ...))
  invisible(object)
}

# ---- weights -------------------------------------------------------------------------------

# All weights (trainable = NA), or only the trainable / non-trainable ones.
#' Get or set the weights of a model or layer
#'
#' @description
#' `get_weights()` gives the weights as R arrays. With `trainable = NA` they
#' are those of Keras's `get_weights()`, in the order of `object$weights`;
#' `TRUE` gives only the trainable ones, `FALSE` only the non-trainable ones.
#'
#' `set_weights()` replaces all the weights, in the same order as
#' `get_weights()` gives them. Each array is converted to its variable's data
#' type. The number of arrays must be the number of weights.
#'
#' @param object A Keras model or layer.
#' @param trainable `NA` for all weights, `TRUE` for the trainable weights
#'   only, `FALSE` for the non-trainable weights only.
#' @param weights A list of arrays, one per weight, with the weights' shapes.
#'
#' @returns `get_weights()`: a list of R arrays. `set_weights()`: `object`,
#'   invisibly.
#' @seealso [count_params()], [freeze_weights()]
#' @md
#' @examples
#' \dontrun{
#' weights <- get_weights(model)
#' str(weights)
#' model %>% set_weights(lapply(weights, function(w) w * 0))
#' }
get_weights <- function(object, trainable = NA) {
  if (is.na(trainable)) return(py_to_r(py_call(py_get_attr(object, "get_weights"))))
  variables <- py_to_r(py_get_attr(object, if (trainable) "trainable_weights" else
    "non_trainable_weights"))
  lapply(variables, function(v) py_to_r(py_call(py_get_attr(v, "numpy"))))
}

#' @rdname get_weights
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

#' Count the parameters of a model or layer
#'
#' @description
#' Calls Keras's `count_params()`: the number of scalar values in all the
#' weights of `object`, trainable or not. The model or layer must be built.
#'
#' @param object A Keras model or layer.
#'
#' @returns The number of parameters, a single number.
#' @md
#' @examples
#' \dontrun{
#' count_params(model)
#' }
count_params <- function(object) py_to_r(py_call(py_get_attr(object, "count_params")))

# Freeze (or unfreeze) the whole model, or the layers from..to (1-based
# indices, names or layers) or those in `which` (indices, names or logical).
#' Freeze and unfreeze the weights of a model
#'
#' @description
#' Frozen layers keep their weights during training (their `trainable` is
#' `FALSE`). Without `from`, `to` and `which`, `freeze_weights()` freezes the
#' whole model and `unfreeze_weights()` unfreezes it. Otherwise, as in R's
#' keras3, the model itself stays trainable and its layers (`object$layers`)
#' are set one by one: `freeze_weights()` freezes the chosen layers and
#' unfreezes all the others; `unfreeze_weights()` unfreezes the chosen layers
#' and freezes all the others. So the chosen layers are exactly the frozen
#' (unfrozen) ones afterwards, whatever was frozen before.
#'
#' * `from` and `to` choose a range of layers, both ends included. Each is a
#'   position counted from 1 (negative positions count from the end), a layer
#'   name or a layer. Either may be left out for "from the first" or "to the
#'   last".
#' * `which` chooses layers by positions (from 1, negative from the end),
#'   names, layers, a list mixing them, a logical vector (recycled over the
#'   layers), or a function or one-sided formula called with each layer and
#'   returning `TRUE` for the chosen ones (`~ grepl("^dense", .x$name)`).
#'
#' The new setting reaches the nested layers of each layer too. As in Keras, a
#' change takes effect in training once the model is compiled again.
#'
#' @param object A Keras model.
#' @param from,to The first and last layers to change (position, name or
#'   layer).
#' @param which The layers to change (see above). Give either `which` or
#'   `from`/`to`, not both.
#'
#' @returns `object`, invisibly (it is modified in place).
#' @seealso [get_weights()]
#' @md
#' @examples
#' \dontrun{
#' # train only the last two layers
#' model %>% freeze_weights(to = -3)
#' model %>% compile(optimizer = "adam", loss = "mse")
#'
#' freeze_weights(model, which = c("dense", "dense_1"))
#' unfreeze_weights(model)
#' }
freeze_weights <- function(object, from = NULL, to = NULL, which = NULL) {
  .set_trainable(object, from, to, which, FALSE)
}

#' @rdname freeze_weights
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
  py_set_attr(object, "trainable", TRUE)
  for (i in seq_along(layers))
    .set_layer_trainable(layers[[i]], if (i %in% chosen) trainable else !trainable)
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
    if (inherits(which, "formula")) which <- rlang::as_function(which)
    if (is.function(which) && !is_py_object(which)) {
      which <- vapply(layers, function(layer) {
        chosen <- which(layer)
        if (!is.logical(chosen) || length(chosen) != 1L || is.na(chosen))
          stop("`which`: the function must return TRUE or FALSE for each layer", call. = FALSE)
        chosen
      }, TRUE)
    }
    if (is.logical(which)) return(base::which(rep_len(which, length(names))))
    return(unlist(lapply(if (is.list(which)) which else as.list(which), position, what = "which")))
  }
  first <- if (is.null(from)) 1L else position(from, "from")
  last <- if (is.null(to)) length(names) else position(to, "to")
  seq(first, last)
}

# ---- configuration -----------------------------------------------------------------------

#' The configuration of a model or layer
#'
#' @description
#' `get_config()` gives Keras's `get_config()` of a model or layer as an R
#' list (the architecture and constructor arguments, no weights), with the
#' object's Python class kept in the attribute `"__class__"`.
#' `from_config()` makes a new object of that class from such a list (through
#' the class's `from_config()`), with newly created weights. A list without
#' the attribute is taken for the configuration of a `keras$Model`.
#'
#' @param object A Keras model or layer.
#' @param config A configuration, as `get_config()` gives it.
#' @param custom_objects The custom classes and functions the configuration
#'   refers to, as for [load_model()]: a named list, or an unnamed list of
#'   objects named by their `__name__`.
#'
#' @returns `get_config()`: a named list. `from_config()`: a new model or
#'   layer.
#' @seealso [save_model_config()], [clone_model()]
#' @md
#' @examples
#' \dontrun{
#' config <- get_config(model)
#' copy <- from_config(config)
#' }
get_config <- function(object) {
  config <- py_to_r(py_call(py_get_attr(object, "get_config")))
  attr(config, "__class__") <- py_get_attr(object, "__class__")
  config
}

#' @rdname get_config
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
#' Save a model to a `.keras` file
#'
#' @description
#' Calls `model$save()`, which writes the whole model: its architecture, its
#' weights and its compile state (optimizer and its state included), in
#' Keras's `.keras` format (a zip archive). Keras chooses the format from the
#' file name, so use the `.keras` suffix. `~` in the path is expanded.
#'
#' An existing file is an error unless `overwrite = TRUE` (Keras itself would
#' replace it). Without `filepath`, the model is written to a
#' temporary file and its bytes are returned as a raw vector, which
#' [load_model()] also takes.
#'
#' Models with custom classes ([Model()], [Layer()], ...) save too; give the
#' classes to `load_model()` when loading.
#'
#' In a job of several processes (`keras$distribution$initialize()`,
#' docs/scale-out.md), call it on every process: Keras gathers the weights
#' from all of them, and only rank 0 writes `filepath`.
#'
#' @param model A Keras model.
#' @param filepath The file to write, or `NULL` for a raw vector.
#' @param overwrite Whether to replace an existing file.
#' @param ... Further arguments of `model$save()`, by name.
#'
#' @returns `model`, invisibly; without `filepath`, a raw vector.
#' @seealso [load_model()], [save_model_weights()], [save_model_config()]
#' @md
#' @examples
#' \dontrun{
#' save_model(model, "model.keras")
#' model2 <- load_model("model.keras")
#'
#' bytes <- save_model(model)
#' model3 <- load_model(bytes)
#' }
save_model <- function(model, filepath = NULL, overwrite = FALSE, ...) {
  if (is.null(filepath)) {
    file <- tempfile(fileext = ".keras")
    on.exit(unlink(file), add = TRUE)
    py_call(py_get_attr(model, "save"), file, ...)
    return(readBin(file, "raw", file.size(file)))
  }
  if (!.keras_is_rank_zero()) return(.keras_save_on_other_rank(model, "save", ".keras", ...))
  file <- .writable_path(filepath, overwrite)
  py_call(py_get_attr(model, "save"), file, overwrite = TRUE, ...)
  invisible(model)
}

# `model` is a path or the raw bytes save_model() returned.
#' Load a model saved with `save_model()`
#'
#' @description
#' Calls `keras$models$load_model()` on a `.keras` file (or another format
#' Keras reads, such as a legacy `.h5` file), or on the raw vector that
#' [save_model()] returns without a path. `~` in the path is expanded.
#'
#' `custom_objects` gives Keras the classes and functions the model was made
#' with that Keras does not know: classes from [Model()], [Layer()],
#' [Loss()], [Metric()] or `%py_class%`, or R functions used as losses,
#' metrics or activations. A named list uses its names; in an unnamed list each
#' class is named by its `__name__`. A [Layer()] function stands for its class.
#' R functions become Python functions named by their list name.
#'
#' @param model The path of the file, or a raw vector from `save_model()`.
#' @param custom_objects The custom classes and functions, as a list (see
#'   above), or `NULL`.
#' @param compile Whether to compile the loaded model with its saved compile
#'   state.
#' @param safe_mode Whether Keras refuses to load unsafe content, such as the
#'   code of `layer_lambda()` functions saved in the file.
#'
#' @returns The loaded model.
#' @seealso [save_model()], [with_custom_object_scope()]
#' @md
#' @examples
#' \dontrun{
#' model <- load_model("model.keras")
#' model <- load_model("custom.keras", custom_objects = list(MyModel, layer_scale))
#' }
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

#' Save and load the weights of a model
#'
#' @description
#' `save_model_weights()` calls `model$save_weights()`, which writes the
#' weights only; Keras 3 wants the file name to end in `.weights.h5`. An
#' existing file is an error unless `overwrite = TRUE`.
#' `load_model_weights()` calls `model$load_weights()` to read such a file (or
#' a `.keras` file) into a model of the same architecture. `~` in paths is
#' expanded.
#'
#' @param model A Keras model.
#' @param filepath The file to write or read.
#' @param overwrite Whether to replace an existing file.
#' @param skip_mismatch Whether to skip the layers whose weights do not match
#'   (in number or shape) instead of failing.
#' @param ... Further arguments of `load_weights()`, by name.
#'
#' @returns `model`, invisibly.
#' @seealso [save_model()], [get_weights()]
#' @md
#' @examples
#' \dontrun{
#' save_model_weights(model, "model.weights.h5")
#' load_model_weights(model, "model.weights.h5")
#' }
save_model_weights <- function(model, filepath, overwrite = FALSE) {
  if (!.keras_is_rank_zero()) return(.keras_save_on_other_rank(model, "save_weights", ".weights.h5"))
  file <- .writable_path(filepath, overwrite)
  py_call(py_get_attr(model, "save_weights"), file, overwrite = TRUE)
  invisible(model)
}

#' @rdname save_model_weights
load_model_weights <- function(model, filepath, skip_mismatch = FALSE, ...) {
  py_call(py_get_attr(model, "load_weights"), path.expand(filepath),
          skip_mismatch = skip_mismatch, ...)
  invisible(model)
}

# The model's configuration as JSON (no weights).
#' Save and load the configuration of a model
#'
#' @description
#' `save_model_config()` writes the model's architecture as JSON (Keras's
#' `model$to_json()`), without weights or compile state. An existing file is an
#' error unless `overwrite = TRUE`. `load_model_config()` makes a new,
#' uncompiled model with newly created weights from such a file
#' (`keras$models$model_from_json()`).
#'
#' @param model A Keras model.
#' @param filepath The JSON file to write or read.
#' @param overwrite Whether to replace an existing file.
#' @param custom_objects The custom classes and functions the configuration
#'   refers to, as for [load_model()].
#'
#' @returns `save_model_config()`: `model`, invisibly. `load_model_config()`:
#'   the new model.
#' @seealso [get_config()], [save_model()]
#' @md
#' @examples
#' \dontrun{
#' save_model_config(model, "model.json")
#' fresh <- load_model_config("model.json")
#' }
save_model_config <- function(model, filepath, overwrite = FALSE) {
  file <- .writable_path(filepath, overwrite)
  writeLines(model_to_json(model), file)
  invisible(model)
}

#' @rdname save_model_config
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
#' Evaluate code with custom objects known to Keras
#'
#' @description
#' Evaluates `expr` inside Keras's `CustomObjectScope`, so that everything Keras
#' loads or deserializes there ([load_model()], [from_config()],
#' [load_model_config()], ...) finds the custom classes and functions in
#' `objects` without a `custom_objects` argument.
#'
#' @param objects The custom classes and functions, as `custom_objects` of
#'   [load_model()]: a named list, or an unnamed list of objects named by their
#'   `__name__`.
#' @param expr The code to evaluate.
#'
#' @returns The value of `expr`.
#' @md
#' @examples
#' \dontrun{
#' model <- with_custom_object_scope(list(MyLayer = layer_my), {
#'   load_model("model.keras")
#' })
#' }
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

# ---- state, inputs, quantization -------------------------------------------------------

#' The inputs a tensor was computed from
#'
#' @description
#' Calls `keras$utils$get_source_inputs()`: the input tensors (from
#' [keras_input()]) at the start of the graph of layers that computes
#' `tensor`.
#'
#' @param tensor A symbolic tensor (a `KerasTensor`).
#'
#' @returns A list of the input tensors.
#' @md
#' @examples
#' \dontrun{
#' input <- keras_input(shape = 4)
#' output <- input %>% layer_dense(2) %>% layer_dense(1)
#' get_source_inputs(output)
#' }
get_source_inputs <- function(tensor) {
  py_to_r(py_call(keras$utils$get_source_inputs, tensor))
}

#' Get or set all the state of a model
#'
#' @description
#' `get_state_tree()` gives the model's state, its trainable and
#' non-trainable variables and those of its optimizer and metrics, as a
#' nested named list (`model$get_state_tree()`). `set_state_tree()` assigns
#' such a structure back.
#'
#' @param object A Keras model.
#' @param value_format The form of the values: `"backend_tensor"` (tensors),
#'   `"numpy_array"` (NumPy arrays, not converted), or `"r_array"` / `"array"`
#'   (R arrays).
#' @param state_tree A nested list as `get_state_tree()` gives it.
#'
#' @returns `get_state_tree()`: a nested named list. `set_state_tree()`:
#'   `object`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' state <- get_state_tree(model, "r_array")
#' set_state_tree(model, state)
#' }
get_state_tree <- function(object, value_format = "backend_tensor") {
  format <- match.arg(value_format, c("backend_tensor", "numpy_array", "r_array", "array"))
  getter <- py_get_attr(object, "get_state_tree")
  switch(format,
    numpy_array = py_call(r_to_py(getter), "numpy_array"),
    r_array = , array = py_to_r(.keras_support()$scalars_for_rank_0(py_call(getter, "numpy_array"))),
    py_to_r(py_call(getter, "backend_tensor")))
}

#' @rdname get_state_tree
set_state_tree <- function(object, state_tree) {
  py_call(py_get_attr(object, "set_state_tree"), .keras_state_values(state_tree))
  invisible(object)
}

# R arrays in a state tree as NumPy arrays (Keras casts them to their
# variables' dtypes). A value without dim is a scalar (py_to_r() gives 0-d
# arrays so) when it has one element, else a 1-d array.
.keras_state_values <- function(x) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.list(x)) return(lapply(x, .keras_state_values))
  if (is.null(dim(x)) && length(x) == 1L) return(.np()$asarray(x))
  if (is.null(dim(x))) dim(x) <- length(x)
  .np()$ascontiguousarray(x)
}

#' Reset the state of a layer, metric or model
#'
#' @description
#' Calls the object's `reset_state()`: a stateful RNN layer forgets its
#' states, a metric its accumulated values (its result starts again from
#' zero). A model, which has no `reset_state()` in Keras 3, has that of each of
#' its layers that has one called (its stateful RNN layers, nested models
#' included), as keras 2.x's `reset_states()` did.
#'
#' @param object A layer, metric or model.
#'
#' @returns `object`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' accuracy <- metric_binary_accuracy()
#' reset_state(accuracy)
#' }
reset_state <- function(object) {
  if (py_has_attr(object, "reset_state")) py_call(py_get_attr(object, "reset_state"))
  else if (inherits(object, .model_class)) .reset_layer_states(object)
  else stop("reset_state(): a ", class(object)[[1L]], " has no state to reset", call. = FALSE)
  invisible(object)
}

.reset_layer_states <- function(model) {
  for (layer in py_to_r(py_get_attr(model, "layers"))) {
    if (py_has_attr(layer, "reset_state")) py_call(py_get_attr(layer, "reset_state"))
    else if (inherits(layer, .model_class)) .reset_layer_states(layer)
  }
}

#' Quantize the weights of a model or layer
#'
#' @description
#' Calls the object's `quantize(mode)`: replaces the weights of the layers
#' that support it (`layer_dense()`, `layer_einsum_dense()`,
#' `layer_embedding()`, ...) by quantized ones, to save memory and compute at
#' inference.
#'
#' @param object A model or layer (built).
#' @param mode The quantization mode: `"int8"`, `"int4"`, `"float8"`, `"gptq"`,
#'   ...; the modes of the installed Keras.
#' @param ... Further arguments of `quantize()`, by name (`type_check`, a
#'   `config`).
#'
#' @returns `object`, invisibly (it is modified in place).
#' @md
#' @examples
#' \dontrun{
#' model %>% quantize_weights("int8")
#' }
quantize_weights <- function(object, mode, ...) {
  if (!is.character(mode) || length(mode) != 1L)
    stop("`mode` must be a quantization mode such as \"int8\"", call. = FALSE)
  py_call(py_get_attr(object, "quantize"), mode, ...)
  invisible(object)
}

#' Create a Keras variable
#'
#' @description
#' Calls `keras$Variable()`: a backend variable (a `tf.Variable` here) whose
#' value starts from `initializer` (an array, a number, or an initializer
#' called with `shape` and `dtype`), for state kept outside layers. Update it
#' with `x$assign(value)`, `x$assign_add(value)`, ...
#'
#' @param initializer The initial value (an array or a number), or an
#'   initializer (such as `"zeros"` or an `initializer_*()` object) with
#'   `shape`.
#' @param shape The shape, when `initializer` is an initializer.
#' @param dtype The data type; floatx by default (doubles).
#' @param trainable Whether gradients are computed for it.
#' @param autocast Whether it is cast to the compute dtype in mixed precision.
#' @param aggregation,synchronization How it is aggregated and synchronized
#'   under a distribution strategy.
#' @param name A name for it.
#' @param ... Further arguments of `keras$Variable()`, by name.
#'
#' @returns A Keras variable.
#' @md
#' @examples
#' \dontrun{
#' counter <- keras_variable(0, dtype = "int32", trainable = FALSE)
#' counter$assign_add(1L)
#' w <- keras_variable("glorot_uniform", shape = c(3, 2))
#' }
keras_variable <- function(initializer, shape = NULL, dtype = NULL, trainable = TRUE,
                           autocast = TRUE, aggregation = "none", synchronization = "auto",
                           name = NULL, ...) {
  args <- .keras_args(environment(), match.call(expand.dots = FALSE))
  if (!is.character(initializer) && !is_py_object(initializer) && !is.function(initializer))
    args$initializer <- .keras_data(initializer, dtype)
  py_call(keras$Variable, !!!args)
}

# ---- export and plotting -----------------------------------------------------------------

#' Export a Keras model for serving
#'
#' @description
#' The method of tensorflow's `export_savedmodel()` for Keras models writes
#' an inference-only artifact of the model with the model's `export()`: by
#' default a TensorFlow SavedModel (`format = "tf_saved_model"`) that
#' TensorFlow Serving or `layer_tfsm()` can load. It keeps the forward pass,
#' not the training state; use [save_model()] to save a model to load and
#' train again.
#'
#' @param object A Keras model.
#' @param export_dir_base The directory to write.
#' @param ... Further arguments of `export()`, by name.
#' @param format `"tf_saved_model"`, `"onnx"` or `"openvino"` (the last two
#'   need their Python packages).
#' @param verbose Whether to print a summary of what was exported.
#' @param input_signature The input signature, when the model does not have
#'   one.
#'
#' @returns `object`, invisibly.
#' @seealso [save_model()]
#' @md
#' @examples
#' \dontrun{
#' export_savedmodel(model, "exported")
#' reloaded <- keras_model_sequential() %>% layer_tfsm("exported")
#' }
#' @method export_savedmodel keras.src.models.model.Model
export_savedmodel.keras.src.models.model.Model <- function(object, export_dir_base, ...,
                                                           format = "tf_saved_model",
                                                           verbose = NULL,
                                                           input_signature = NULL) {
  args <- list2(path.expand(export_dir_base), format = format, ...)
  if (!is.null(verbose)) args$verbose <- isTRUE(as.logical(verbose))
  if (!is.null(input_signature)) args$input_signature <- input_signature
  py_call(py_get_attr(object, "export"), !!!args)
  invisible(object)
}

#' Plot a model's graph of layers
#'
#' @description
#' Draws the model's layers and their connections, as
#' `keras$utils$model_to_dot()` lays them out with Graphviz: on the current
#' graphics device, or into the file `to_file` (its format from its
#' extension: `.png`, `.pdf`, `.svg`, ...). In knitr, the image is included in
#' the document.
#'
#' This needs the Python package `pydot` and Graphviz's `dot` program
#' (Debian: `apt-get install graphviz`); drawing on the device also needs the
#' R package png.
#'
#' @param x A Keras model.
#' @param show_shapes Whether to show the output shapes of the layers.
#' @param show_dtype Whether to show their dtypes.
#' @param show_layer_names Whether to show the layers' names.
#' @param ... Further arguments of `model_to_dot()`, by name.
#' @param rankdir `"TB"` (top to bottom) or `"LR"` (left to right).
#' @param expand_nested Whether to draw the layers of nested models.
#' @param dpi The resolution of the image, in dots per inch.
#' @param layer_range Two layer names: draw the layers from the first to the
#'   second only.
#' @param show_layer_activations Whether to show the layers' activations.
#' @param show_trainable Whether to mark which layers are trainable; `NA` does
#'   it when the model is built and has frozen weights.
#' @param to_file A file to write the image to, instead of drawing it.
#'
#' @returns `NULL`, invisibly (in knitr, the image to include).
#' @method plot keras.src.models.model.Model
#' @md
#' @examples
#' \dontrun{
#' plot(model, show_shapes = TRUE)
#' plot(model, to_file = "model.png")
#' }
plot.keras.src.models.model.Model <- function(x, show_shapes = FALSE, show_dtype = FALSE,
                                              show_layer_names = FALSE, ...,
                                              rankdir = "TB", expand_nested = FALSE,
                                              dpi = getOption("keras.plot.model.dpi", 200L),
                                              layer_range = NULL,
                                              show_layer_activations = FALSE,
                                              show_trainable = NA, to_file = NULL) {
  if (!py_module_available("pydot"))
    stop("plot() of a model needs the Python package pydot, which is not installed ",
         "(pip install pydot), and Graphviz's `dot` program (Debian: apt-get install graphviz)",
         call. = FALSE)
  if (!nzchar(Sys.which("dot")))
    stop("plot() of a model needs Graphviz's `dot` program, which is not on the PATH ",
         "(Debian: apt-get install graphviz)", call. = FALSE)
  if (is.na(show_trainable))
    show_trainable <- isTRUE(py_to_r(py_get_attr(x, "built"))) &&
      length(py_to_r(py_get_attr(x, "non_trainable_weights"))) > 0L
  args <- list2(x, show_shapes = show_shapes, show_dtype = show_dtype,
                show_layer_names = show_layer_names, rankdir = rankdir,
                expand_nested = expand_nested, dpi = .keras_integer(dpi, "dpi"),
                show_layer_activations = show_layer_activations,
                show_trainable = show_trainable, ...)
  if (!is.null(layer_range)) args$layer_range <- as.list(layer_range)
  knitting <- is.null(to_file) && isTRUE(getOption("knitr.in.progress"))
  file <- if (!is.null(to_file)) path.expand(to_file) else if (knitting) .knitr_figure_file()
          else tempfile(fileext = ".png")
  if (is.null(to_file) && !knitting) on.exit(unlink(file), add = TRUE)
  format <- tolower(tools::file_ext(file))
  if (!nzchar(format)) stop("`to_file` needs an extension naming the format (.png, .pdf, ...)",
                            call. = FALSE)
  dot <- py_call(keras$utils$model_to_dot, !!!args)
  py_call(py_get_attr(dot, "write"), file, format = format)
  if (!is.null(to_file)) return(invisible())
  if (knitting) return(knitr::include_graphics(file))
  if (!requireNamespace("png", quietly = TRUE))
    stop("drawing the model on the graphics device needs the R package png; ",
         "or give `to_file`", call. = FALSE)
  image <- png::readPNG(file, native = TRUE)
  size <- dim(image)
  graphics::plot.new()
  graphics::plot.window(xlim = c(0, size[[2L]]), ylim = c(0, size[[1L]]), asp = 1,
                        xaxs = "i", yaxs = "i")
  graphics::rasterImage(image, 0, 0, size[[2L]], size[[1L]], interpolate = TRUE)
  invisible()
}

.knitr_figure_file <- function() {
  options <- knitr::opts_current$get()
  file <- knitr::fig_path(".png", options = options)
  dir.create(dirname(file), recursive = TRUE, showWarnings = FALSE)
  file
}
