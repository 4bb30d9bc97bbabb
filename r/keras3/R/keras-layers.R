# Layers: what a layer_* wrapper does with its first argument, merge layers
# that take their inputs first, adapt() for preprocessing layers, printing.
#
# First-argument dispatch: `object` is evaluated first; missing or NULL gives
# the layer; a Sequential model gets the layer added in place and is returned
# invisibly; anything else (a KerasTensor, a tensor, an array) is passed
# through the layer.

.keras_layer_call <- function(spec, frame, call) {
  object <- if ("object" %in% names(call)) get("object", envir = frame) else NULL
  args <- .keras_args(frame, call, spec, skip = "object")
  if (.is_sequential(object)) {
    args <- .keras_sequential_input(object, args, spec$param_names)
    layer <- py_call(spec$py_class, !!!args)
    py_call(py_get_attr(object, "add"), layer)
    return(invisible(object))
  }
  layer <- py_call(spec$py_class, !!!args)
  if (is.null(object)) layer else py_call(layer, .keras_layer_input(object))
}

.is_sequential <- function(x) inherits(x, "keras.src.models.sequential.Sequential")

# input_shape = / input_dim = / batch_input_shape = on the first layer of an
# empty Sequential model become its InputLayer (Keras 3 only warns about
# them), unless the layer has such a parameter itself (Embedding's input_dim).
.keras_sequential_input <- function(model, args, own) {
  given <- setdiff(intersect(c("input_shape", "input_dim", "batch_input_shape"), names(args)),
                   own)
  if (!length(given) || length(model$layers) || .has_inputs(model)) return(args)
  input <- list()
  if (!is.null(args$input_shape)) input$shape <- args$input_shape
  if (!is.null(args$input_dim)) input$shape <- tuple(args$input_dim)
  if (!is.null(args$batch_input_shape)) input$batch_shape <- args$batch_input_shape
  batch_size <- if (!"batch_size" %in% own) "batch_size"
  if (length(batch_size) && !is.null(args$batch_size)) input$batch_size <- args$batch_size
  py_call(py_get_attr(model, "add"), py_call(keras$layers$InputLayer, !!!input))
  args[setdiff(names(args), c(given, batch_size))]
}

.has_inputs <- function(model) {
  !is.null(tryCatch(py_get_attr(model, "inputs"), error = function(e) NULL))
}

# What a layer is applied to: Python objects as they are, R data as arrays.
.keras_layer_input <- function(x) {
  if (is_py_object(x)) return(x)
  if (is.list(x) && !is.data.frame(x)) return(lapply(x, .keras_layer_input))
  .keras_data(x)
}

# layer_concatenate(inputs, ..., axis = -1L) and friends: `inputs` is a list
# or the first input; unnamed arguments in `...` are more inputs, named ones
# go to the layer's constructor.
.keras_merge_call <- function(spec, frame, call) {
  inputs <- if ("inputs" %in% names(call)) get("inputs", envir = frame) else NULL
  extra <- if ("..." %in% names(call)) eval(quote(list2(...)), frame) else list()
  named <- if (is.null(names(extra))) rep(FALSE, length(extra)) else nzchar(names(extra))
  if (!is.null(inputs) && (is_py_object(inputs) || !is.list(inputs))) inputs <- list(inputs)
  inputs <- c(inputs, unname(extra[!named]))
  args <- .keras_args(frame, call, spec, skip = "inputs", dots = FALSE)
  for (name in names(extra)[named])
    args[[name]] <- .keras_argument(name, extra[[name]], call)
  layer <- py_call(spec$py_class, !!!args)
  if (!length(inputs)) return(layer)
  inputs <- lapply(inputs, .keras_layer_input)
  if (spec$kind == "merge") py_call(layer, inputs) else py_call(layer, !!!inputs)
}

# Layers and models called from R: R data becomes arrays (a model's inputs in
# their dtypes); Python objects pass as they are.
#' Layers and models as R functions
#'
#' @description
#' When a Keras layer or model reaches R, it becomes an R function (through
#' reticulate's `py_to_r_wrapper()`), so that `layer(x)` and `x %>% layer()`
#' both apply it. R data given to it are converted first: for a model, as
#' [fit()][fit.keras.src.models.model.Model] converts its inputs (each in the
#' dtype of its input); for a layer, R arrays become NumPy arrays (doubles in
#' floatx, a factor its 0-based codes), element by element for a list.
#' Tensors and other Python objects are passed as they are, and further
#' arguments go to the layer's call (`training = TRUE`, `mask = ...`).
#'
#' @param x A Keras layer or model.
#'
#' A Sequential model given to a layer this way (`model %>% layer`) gets the
#' layer added, in place, and is returned invisibly, as with `layer_*()`
#' functions.
#'
#' @returns A function `function(object, ...)` calling the layer or model on
#'   `object`.
#' @method py_to_r_wrapper keras.src.layers.layer.Layer
#' @md
#' @examples
#' \dontrun{
#' dense <- layer_dense(units = 2)
#' dense(matrix(1, 3, 4))      # an R matrix through the layer
#' model(x_test[1:5, ])        # a model called like a function
#' }
py_to_r_wrapper.keras.src.layers.layer.Layer <- function(x) {
  force(x)
  function(object, ...) {
    if (missing(object)) return(x(...))
    if (.is_sequential(object) && !identical(object, x)) {
      # model %>% layer: the layer instance is added to the model, as
      # layer_*(model, ...) adds the layer it makes.
      if (...length())
        stop("a layer added to a Sequential model takes no further arguments", call. = FALSE)
      py_call(py_get_attr(object, "add"), x)
      return(invisible(object))
    }
    x(if (inherits(x, .model_class)) .keras_x(x, object) else .keras_layer_input(object), ...)
  }
}

# Fit the state of a preprocessing layer (normalization, lookups, ...) to data.
#' Fit the state of a preprocessing layer to data
#'
#' @description
#' Calls the layer's `adapt()`, which computes the layer's state from data
#' before training: the mean and variance of `layer_normalization()`, the
#' vocabulary of `layer_string_lookup()` or `layer_text_vectorization()`, the
#' bins of `layer_discretization()`, ... R data become NumPy arrays (doubles in
#' floatx); a TensorFlow dataset is passed as it is.
#'
#' @param object A preprocessing layer.
#' @param data The data to adapt to: an array, or a dataset.
#' @param ... Further arguments of `adapt()`, by name.
#' @param batch_size The number of samples per batch (a whole number), for
#'   array data.
#' @param steps The number of batches to read (a whole number), for data that
#'   do not end.
#'
#' @returns `object`, invisibly (its state is updated in place).
#' @md
#' @examples
#' \dontrun{
#' norm <- layer_normalization()
#' norm %>% adapt(matrix(rnorm(1000, mean = 5), ncol = 4))
#' inputs <- keras_input(shape = 4)
#' model <- keras_model(inputs, inputs %>% norm() %>% layer_dense(1))
#' }
adapt <- function(object, data, ..., batch_size = NULL, steps = NULL) {
  # By position: FeatureSpace.adapt() calls it `dataset`.
  args <- list2(.keras_layer_input(data), ...)
  if (!is.null(batch_size)) args$batch_size <- .keras_integer(batch_size, "batch_size")
  if (!is.null(steps)) args$steps <- .keras_integer(steps, "steps")
  py_call(py_get_attr(object, "adapt"), !!!args)
  invisible(object)
}

#' Print a Keras layer
#'
#' @description
#' A layer prints as its Python representation, such as
#' `<Dense name=dense, built=True>`; `format()` gives that text.
#'
#' @param x A Keras layer.
#' @param ... Unused.
#'
#' @returns `format()`: a string. `print()`: `x`, invisibly.
#' @method format keras.src.layers.layer.Layer
#' @md
#' @examples
#' \dontrun{
#' layer <- layer_dense(units = 4)
#' print(layer)
#' }
format.keras.src.layers.layer.Layer <- function(x, ...) {
  if (py_is_null_xptr(x)) return("<pointer: 0x0>")
  py_repr(x)
}

#' @rdname format.keras.src.layers.layer.Layer
#' @method print keras.src.layers.layer.Layer
print.keras.src.layers.layer.Layer <- function(x, ...) {
  writeLines(format(x, ...))
  invisible(x)
}

