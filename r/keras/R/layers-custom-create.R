# create_layer() and create_layer_wrapper(): keras 2.x's way of making a
# layer_*()-style function for a layer class of one's own (a Python class, or an
# R6 class that r_to_py() makes a Python class of), with the same composition
# with `object` as the generated wrappers (.keras2_compose(), wrappers.R).

#' Make a layer from a class, composed with `object`
#'
#' @description
#' Calls `layer_class` with `args` to make a layer, and composes it with
#' `object` as the `layer_*()` functions do. `NULL` values of `input_shape`,
#' `batch_input_shape`, `batch_size`, `dtype`, `name`, `trainable` and
#' `weights` are left out; other arguments are converted by the conventions
#' their names have (shapes, whole numbers).
#'
#' @param layer_class A Python layer class, an R6 class that `r_to_py()`
#'   converts to one, or an R function returning a layer.
#' @param object What to compose the layer with: missing or `NULL` gives the
#'   layer, a Sequential model gets it added, anything else is passed through it.
#' @param args A named list of arguments for `layer_class`.
#' @returns The layer, the model, or the layer's output, by `object`.
#' @family layer customization
#' @md
#' @examples
#' \dontrun{
#' layer <- create_layer(keras$layers$Dense, args = list(units = 4))
#' model <- keras_model_sequential()
#' create_layer(keras$layers$Dense, model, list(units = 2, input_shape = 3))
#' }
create_layer <- function(layer_class, object, args = list()) {
  args <- args[!(names(args) %in% .keras2_null_dropped & vapply(args, is.null, NA))]
  for (name in names(args)) args[name] <- list(.keras2_argument(name, args[[name]]))
  if (inherits(layer_class, "R6ClassGenerator")) layer_class <- r_to_py(layer_class)
  layer <- do.call(layer_class, args)
  .keras2_compose(if (!missing(object)) object, layer)
}

#' A layer_*()-style function for a layer class
#'
#' @description
#' Makes a function `function(object, <the class's constructor arguments>)`
#' that calls [create_layer()] with the arguments the caller gave, each first
#' passed through its function in `modifiers` (by name). `input_shape` and
#' `batch_input_shape` become shapes and `batch_size` an integer unless
#' `modifiers` says otherwise.
#'
#' @param Layer A Python layer class, or an R6 class `r_to_py()` converts (converted
#'   once, the first time the function is used).
#' @param modifiers A named list of functions applied to the arguments of those names.
#' @param convert Whether the converted R6 class converts its results to R.
#' @returns The function, of class `keras_layer_wrapper`.
#' @family layer customization
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
  constructor <- if (inherits(Layer, "R6ClassGenerator")) {
    init <- Layer$public_methods$initialize %||% function(...) NULL
    formals(init)
  } else formals(Layer)
  constructor <- constructor[setdiff(names(constructor), c("self", "object"))]
  layer_class <- Layer
  if (inherits(Layer, "R6ClassGenerator")) delayedAssign("layer_class", r_to_py(Layer, convert))
  wrapper <- function(object) {
    call <- match.call(expand.dots = FALSE)
    given <- setdiff(names(call)[-1L], c("object", "..."))
    args <- mget(given, envir = environment())
    if ("..." %in% names(formals(sys.function()))) args <- c(args, list2(...))
    for (name in intersect(names(args), names(modifiers)))
      args[name] <- list(modifiers[[name]](args[[name]]))
    create_layer(layer_class, if (!missing(object)) object, args)
  }
  formals(wrapper) <- c(formals(wrapper), constructor)
  structure(wrapper, class = c("keras_layer_wrapper", "function"), Layer = Layer)
}
