# keras 2.x's old-style custom layers and wrappers: R6 classes inheriting
# KerasLayer or KerasWrapper, made with create_layer() or create_wrapper().
# The R6 object is made with $new() and keeps the R methods; the layer Keras
# sees is a Python RLayer or RWrapper (pyreticulate/keras/r6layers.py) that
# calls them, and the R6 object reaches it as `private$wrapper` (KerasLayer)
# or `private$py_wrapper` (KerasWrapper). New code inherits
# keras$layers$Layer (or keras$layers$Wrapper) directly instead.

.keras2_r6layers <- function() import("pyreticulate.keras.r6layers")

# The arguments of the Python layer rather than of the R6 class's initialize().
.keras2_layer_common_args <- c("input_shape", "batch_input_shape", "batch_size", "dtype",
                               "name", "trainable", "weights")

# Whether an R6 class generator inherits `base` (an R6 class), however far up.
.keras2_r6_inherits <- function(generator, base) {
  while (inherits(generator, "R6ClassGenerator")) {
    if (identical(generator, base)) return(TRUE)
    generator <- generator$get_inherit()
  }
  FALSE
}

# The R6 object (made from the arguments not in `python_args`) and the Python
# layer calling its methods (made by `make` from the others).
.keras2_r6_layer <- function(r6_class, args, python_args, make) {
  args <- args[!(names(args) %in% python_args & vapply(args, is.null, NA))]
  for (name in intersect(names(args), python_args))
    args[name] <- list(.keras2_argument(name, args[[name]]))
  python <- args[intersect(names(args), python_args)]
  r6 <- do.call(r6_class$new, args[setdiff(names(args), python_args)])
  layer <- py_call(make, r_build = r6$build, r_call = r6$call,
                   r_compute_output_shape = r6$compute_output_shape, !!!python)
  list(r6 = r6, layer = layer)
}

#' Base R6 class of old-style custom layers (deprecated)
#'
#' @description
#' keras 2.x's first way of writing a layer in R: an R6 class inheriting
#' `KerasLayer`, with methods `build(input_shape)` (which creates the weights
#' with `self$add_weight()`), `call(x, mask = NULL)` and
#' `compute_output_shape(input_shape)`, made with [create_layer()]. Shapes
#' reach these methods as lists (`list(NULL, 32L)`). `self$add_loss()` and
#' `self$add_weight()` reach the Keras layer, `self$python_layer()` returns
#' it, and `self$input` and `self$output` are its input and output.
#'
#' Deprecated: an R6 class inheriting `keras$layers$Layer` directly (or
#' [new_layer_class()]) is a Keras layer itself.
#'
#' @format An R6 class generator.
#' @family layer customization
#' @md
#' @examples
#' \dontrun{
#' Scale <- R6::R6Class("Scale", inherit = KerasLayer,
#'   public = list(
#'     factor = NULL,
#'     initialize = function(factor) self$factor <- factor,
#'     call = function(x, mask = NULL) x * self$factor
#'   ))
#' layer <- create_layer(Scale, args = list(factor = 2))
#' }
#' @name KerasLayer
NULL

KerasLayer <- R6::R6Class("KerasLayer",
  public = list(
    build = function(input_shape) invisible(),
    call = function(inputs, mask = NULL)
      stop("a layer inheriting KerasLayer must define call(inputs, mask = NULL)", call. = FALSE),
    compute_output_shape = function(input_shape) input_shape,
    add_loss = function(losses, inputs = NULL) {
      args <- list(losses = losses)
      if (!is.null(inputs)) args$inputs <- inputs
      py_call(py_get_attr(private$wrapper, "add_loss"), !!!args)
      invisible()
    },
    add_weight = function(name, shape, dtype = NULL, initializer = NULL, regularizer = NULL,
                          trainable = TRUE, constraint = NULL) {
      args <- list(name = name, shape = shape, dtype = dtype, initializer = initializer,
                   regularizer = regularizer, trainable = trainable, constraint = constraint)
      py_call(py_get_attr(private$wrapper, "add_weight"), !!!Filter(Negate(is.null), args))
    },
    .set_wrapper = function(wrapper) {
      private$wrapper <- wrapper
      invisible(self)
    },
    python_layer = function() private$wrapper
  ),
  active = list(
    input = function(value) {
      if (missing(value)) return(py_get_attr(private$wrapper, "input"))
      py_set_attr(private$wrapper, "input", value)
    },
    output = function(value) {
      if (missing(value)) return(py_get_attr(private$wrapper, "output"))
      py_set_attr(private$wrapper, "output", value)
    }
  ),
  private = list(wrapper = NULL)
)

#' Base R6 class of old-style custom wrappers (deprecated)
#'
#' @description
#' keras 2.x's first way of writing a layer wrapper in R: an R6 class
#' inheriting `KerasWrapper`, made with [create_wrapper()] around a layer.
#' By default `build()` builds the wrapped layer, `call()` calls it and
#' `compute_output_shape()` asks it; a subclass overrides them and reaches
#' these through `super$`. `add_loss()` and `add_weight()` add to the
#' wrapped layer; `python_wrapper()` returns the Keras wrapper, whose
#' `$layer` is the wrapped layer.
#'
#' Deprecated: an R6 class inheriting `keras$layers$Wrapper` directly, made
#' with [create_layer()], is a Keras wrapper itself.
#'
#' @format An R6 class generator.
#' @family layer customization
#' @md
#' @examples
#' \dontrun{
#' Shifted <- R6::R6Class("Shifted", inherit = KerasWrapper,
#'   public = list(
#'     call = function(x, mask = NULL) super$call(x) + 1
#'   ))
#' layer <- create_wrapper(Shifted, args = list(layer = layer_dense(units = 2)))
#' }
#' @name KerasWrapper
NULL

KerasWrapper <- R6::R6Class("KerasWrapper",
  public = list(
    build = function(input_shape) {
      layer <- py_get_attr(private$py_wrapper, "layer")
      if (!isTRUE(py_to_r(py_get_attr(layer, "built"))))
        py_call(py_get_attr(layer, "build"), input_shape)
      invisible()
    },
    call = function(inputs, mask = NULL)
      py_call(py_get_attr(py_get_attr(private$py_wrapper, "layer"), "call"), inputs),
    compute_output_shape = function(input_shape)
      py_call(py_get_attr(py_get_attr(private$py_wrapper, "layer"), "compute_output_shape"),
              input_shape),
    add_loss = function(losses, inputs = NULL) {
      args <- list(losses = losses)
      if (!is.null(inputs)) args$inputs <- inputs
      py_call(py_get_attr(py_get_attr(private$py_wrapper, "layer"), "add_loss"), !!!args)
      invisible()
    },
    add_weight = function(name, shape, dtype = NULL, initializer = NULL, regularizer = NULL,
                          trainable = TRUE, constraint = NULL) {
      args <- list(name = name, shape = shape, dtype = dtype, initializer = initializer,
                   regularizer = regularizer, trainable = trainable, constraint = constraint)
      py_call(py_get_attr(py_get_attr(private$py_wrapper, "layer"), "add_weight"),
              !!!Filter(Negate(is.null), args))
    },
    .set_py_wrapper = function(py_wrapper) {
      private$py_wrapper <- py_wrapper
      invisible(self)
    },
    python_wrapper = function() private$py_wrapper
  ),
  active = list(
    input = function(value) {
      if (missing(value)) return(py_get_attr(private$py_wrapper, "input"))
      py_set_attr(private$py_wrapper, "input", value)
    },
    output = function(value) {
      if (missing(value)) return(py_get_attr(private$py_wrapper, "output"))
      py_set_attr(private$py_wrapper, "output", value)
    }
  ),
  private = list(py_wrapper = NULL)
)

# create_layer() of a class inheriting KerasLayer: the Keras layer.
.keras2_keras_layer <- function(r6_class, args) {
  made <- .keras2_r6_layer(r6_class, args, .keras2_layer_common_args,
                           py_get_attr(.keras2_r6layers(), "r_layer"))
  made$r6$.set_wrapper(made$layer)
  made$layer
}

#' Make an old-style custom wrapper (deprecated)
#'
#' @description
#' Makes a wrapper from an R6 class inheriting [KerasWrapper]: `args$layer`
#' (the wrapped layer) and the common layer arguments (`input_shape`,
#' `name`, ...) go to the Keras wrapper, the other arguments to the class's
#' `initialize()`. Deprecated: an R6 class inheriting `keras$layers$Wrapper`
#' is made with [create_layer()].
#'
#' @param wrapper_class An R6 class inheriting [KerasWrapper].
#' @param object What to compose the wrapper with: missing or `NULL` gives
#'   the R6 object (whose `python_wrapper()` is the Keras wrapper); a
#'   Sequential model gets the wrapper added; anything else is passed through
#'   it.
#' @param args A named list of arguments, `layer` among them.
#' @returns The R6 object, the model, or the wrapper's output, by `object`.
#' @family layer customization
#' @export
#' @md
#' @examples
#' \dontrun{
#' Shifted <- R6::R6Class("Shifted", inherit = KerasWrapper,
#'   public = list(call = function(x, mask = NULL) super$call(x) + 1))
#' model <- keras_model_sequential() %>%
#'   create_wrapper(Shifted, ., list(layer = layer_dense(units = 2), input_shape = 3))
#' }
create_wrapper <- function(wrapper_class, object, args = list()) {
  if (!.keras2_r6_inherits(wrapper_class, KerasWrapper))
    stop("create_wrapper(): `wrapper_class` must be an R6 class inheriting KerasWrapper",
         call. = FALSE)
  if (is.null(args$layer)) stop("create_wrapper(): `args$layer`, the wrapped layer, is missing",
                                call. = FALSE)
  made <- .keras2_r6_layer(wrapper_class, args, c("layer", .keras2_layer_common_args),
                           py_get_attr(.keras2_r6layers(), "r_wrapper"))
  made$r6$.set_py_wrapper(made$layer)
  if (missing(object) || is.null(object)) return(made$r6)
  invisible(.keras2_compose(object, made$layer))
}
