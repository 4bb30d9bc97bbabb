# create_layer(), create_layer_wrapper() and Layer(): keras 2.x's way of making a
# layer_*()-style function for a layer class of one's own (a Python class, an
# R6 class that r_to_py() makes a Python class of, or an old-style R6 class
# inheriting KerasLayer), with the same composition with `object` as the
# generated wrappers (.keras2_compose(), wrappers.R).
#
# NAMESPACE: S3method(r_to_py, keras_layer_wrapper)

#' Make a layer from a class, composed with `object`
#'
#' @description
#' Calls `layer_class` with `args` to make a layer, and composes it with
#' `object` as the `layer_*()` functions do. `NULL` values of `input_shape`,
#' `batch_input_shape`, `batch_size`, `dtype`, `name`, `trainable` and
#' `weights` are left out; other arguments are converted by the conventions
#' their names have (shapes, whole numbers).
#'
#' An R6 class inheriting [KerasLayer] (keras 2.x's old-style custom layers)
#' is made with `$new()` from the arguments other than those common layer
#' ones, which go to the Keras layer calling its methods; any other R6 class
#' is converted with `r_to_py()` and called.
#'
#' @param layer_class A Python layer class, an R6 class, or an R function
#'   returning a layer.
#' @param object What to compose the layer with: missing or `NULL` gives the
#'   layer, a Sequential model gets it added, anything else is passed through it.
#' @param args A named list of arguments for `layer_class`.
#' @returns The layer, the model, or the layer's output, by `object`.
#' @family layer customization
#' @export
#' @md
#' @examples
#' \dontrun{
#' layer <- create_layer(keras$layers$Dense, args = list(units = 4))
#' model <- keras_model_sequential()
#' create_layer(keras$layers$Dense, model, list(units = 2, input_shape = 3))
#' }
create_layer <- function(layer_class, object, args = list()) {
  object <- if (!missing(object)) object
  if (inherits(layer_class, "R6ClassGenerator") && .keras2_r6_inherits(layer_class, KerasLayer))
    return(.keras2_compose(object, .keras2_keras_layer(layer_class, args)))
  args <- args[!(names(args) %in% .keras2_null_dropped & vapply(args, is.null, NA))]
  for (name in names(args)) args[name] <- list(.keras2_argument(name, args[[name]]))
  if (inherits(layer_class, "R6ClassGenerator")) layer_class <- r_to_py(layer_class, convert = TRUE)
  layer <- do.call(layer_class, args)
  .keras2_compose(object, layer)
}

#' A layer_*()-style function for a layer class
#'
#' @description
#' Makes a function `function(object, <the class's constructor arguments>)`
#' that calls [create_layer()] with the arguments the caller gave, each first
#' passed through its function in `modifiers` (by name). `input_shape` and
#' `batch_input_shape` become shapes and `batch_size` an integer unless
#' `modifiers` says otherwise. The constructor arguments are those of the R6
#' class's `initialize()` (also for a class made by `%py_class%`), else of
#' the Python class.
#'
#' @param Layer A Python layer class, or an R6 class `r_to_py()` converts (converted
#'   once, the first time the function is used).
#' @param modifiers A named list of functions applied to the arguments of those names.
#' @param convert Whether the converted R6 class converts its methods'
#'   arguments to R.
#' @returns The function, of class `keras_layer_wrapper`.
#' @family layer customization
#' @export
#' @md
#' @examples
#' \dontrun{
#' layer_my_dense <- create_layer_wrapper(keras$layers$Dense)
#' output <- layer_input(shape = 3) %>% layer_my_dense(units = 5)
#' }
create_layer_wrapper <- function(Layer, modifiers = NULL, convert = TRUE) {
  force(Layer)
  defaults <- list(input_shape = function(x) .keras2_convention_shape(x, "input_shape"),
                   batch_input_shape = function(x) .keras2_convention_shape(x, "batch_input_shape"),
                   batch_size = function(x) .keras2_convention_integer(x, "batch_size"))
  modifiers <- utils::modifyList(defaults, as.list(modifiers))
  r6_class <- if (inherits(Layer, "R6ClassGenerator")) Layer else attr(Layer, "r6_class", exact = TRUE)
  constructor <- if (!is.null(r6_class)) {
    methods <- r6_class$public_methods
    formals(methods$initialize %||% methods$`__init__` %||% function() NULL)
  } else if (is.function(Layer)) formals(Layer)
  else stop("create_layer_wrapper(): `Layer` must be a Python class or an R6 class", call. = FALSE)
  constructor <- constructor[setdiff(names(constructor), c("self", "object"))]
  layer_class <- Layer
  if (inherits(Layer, "R6ClassGenerator")) delayedAssign("layer_class", r_to_py(Layer, convert))
  wrapper <- function(object) {
    call <- match.call(expand.dots = FALSE)
    given <- setdiff(names(call)[-1L] %||% character(), c("object", "..."))
    args <- mget(given, envir = environment())
    if ("..." %in% names(formals(sys.function()))) args <- c(args, list2(...))
    for (name in intersect(names(args), names(modifiers)))
      args[name] <- list(modifiers[[name]](args[[name]]))
    create_layer(layer_class, if (!missing(object)) object, args)
  }
  formals(wrapper) <- c(formals(wrapper), constructor)
  structure(wrapper, class = c("keras_layer_wrapper", "function"), Layer = Layer)
}

#' The Python class of a layer wrapper function
#'
#' @description
#' `r_to_py()` of a function made by [create_layer_wrapper()] (or
#' [new_layer_class()], [Layer()]) is its layer class: the Python class, or
#' the R6 class converted. So such a function may be given where a class is
#' wanted: as the base class of another, or in `custom_objects`.
#'
#' @param x A function made by [create_layer_wrapper()].
#' @param convert Whether a converted R6 class converts its methods'
#'   arguments to R.
#' @returns A Python class.
#' @method r_to_py keras_layer_wrapper
#' @family layer customization
#' @md
#' @examples
#' \dontrun{
#' layer_scale <- new_layer_class("Scale", call = function(x) x * 2)
#' r_to_py(layer_scale)
#' }
r_to_py.keras_layer_wrapper <- function(x, convert = FALSE) {
  layer <- attr(x, "Layer", exact = TRUE)
  if (inherits(layer, "R6ClassGenerator")) layer <- r_to_py(layer, convert)
  layer
}

#' Define a layer class and its layer function
#'
#' @description
#' Makes a Python subclass of `inherit` (a Keras layer class by default)
#' named `classname`, whose methods are the R functions given, and returns
#' its layer function, made by [create_layer_wrapper()]: its arguments are
#' `initialize()`'s, and it composes the new layer with `object` as the
#' `layer_*()` functions do. Inside the methods, `self` is the layer and
#' `super()` its base class (`super()$"__init__"(...)`); shapes reach
#' `build()` and `compute_output_shape()` as tf_keras gives them (a
#' `TensorShape`, indexed from 1). Methods left `NULL` are inherited.
#'
#' [new_layer_class()] and [`%py_class%`] are the newer ways of writing the
#' same class.
#'
#' @param classname The name of the class (a single string).
#' @param initialize The constructor, `function(...)`: it calls
#'   `super()$"__init__"()` and keeps its arguments in `self`.
#' @param build `function(input_shape)`: creates the weights
#'   (`self$add_weight()`) the first time the layer is called.
#' @param call `function(inputs, ...)`: the layer's computation.
#' @param compute_output_shape `function(input_shape)`: the shape of the
#'   output, for layers whose output shape Keras cannot infer.
#' @param ... Further members of the class, by name: methods such as
#'   `get_config()`, or fields.
#' @param inherit The base class: a Python layer class, or the layer function
#'   of another class made by `Layer()` or [create_layer_wrapper()].
#' @returns A layer function, of class `keras_layer_wrapper`.
#' @family layer customization
#' @export
#' @md
#' @examples
#' \dontrun{
#' layer_scale <- Layer("Scale",
#'   initialize = function(factor) {
#'     super()$`__init__`()
#'     self$factor <- factor
#'   },
#'   call = function(inputs, ...) inputs * self$factor
#' )
#' output <- layer_input(shape = 3) %>% layer_scale(factor = 2)
#' }
Layer <- function(classname, initialize, build = NULL, call = NULL,
                  compute_output_shape = NULL, ..., inherit = keras::keras$layers$Layer) {
  cls <- .keras2_new_class(classname, inherit, environment(), match.call(expand.dots = FALSE),
                           parent.frame(), exclude = "inherit")
  create_layer_wrapper(cls)
}
