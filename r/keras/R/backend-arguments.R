# How the k_*() functions (families/backend.py) call tf_keras.backend: their
# kinds of wrapper and the argument conventions the backend adds to the
# foundation's (wrappers.R).

# A tf_keras.backend function, its result converted to R as keras 2.x's
# converting `keras` module gave it: tensors and variables stay tensors,
# NumPy arrays and numbers become R arrays and numbers, tuples lists, strings
# strings.
.keras2_kind_backend <- function(spec, args, frame, call) {
  py_to_r(py_call(.keras2_py_object(spec, "fun"), !!!args))
}

# A tf_keras.backend function whose result stays a Python object (keras 2.x
# called k_cast_to_floatx() through a non-converting module: a NumPy array
# keeps its float type).
.keras2_kind_unconverted <- function(spec, args, frame, call) {
  py_call(.keras2_py_object(spec, "fun"), !!!args)
}

# Several 1-based axes (the `axis` convention), always as a list, even of one
# (a permutation pattern).
.keras2_convention_axes <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  axes <- .keras2_convention_axis(value, name, call)
  if (is.list(axes)) axes else list(axes)
}

# 1-based positions as TensorFlow's 0-based ones, an array keeping its
# shape (k_gather()'s `indices`); 0 is an error; negative values pass as
# keras 2.x passed them; tensors are already 0-based.
.keras2_convention_index <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  positions <- .keras2_whole(value, name, call)
  if (any(positions == 0L))
    .keras2_argument_error(name, "counts from 1 (1 is the first position): 0 is not a position",
                           call)
  .keras2_same_shape(value, ifelse(positions > 0L, positions - 1L, positions))
}

# Whole numbers as a tuple of integers, even one (a window size, paddings).
.keras2_convention_integers <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  integers <- .keras2_convention_integer(value, name, call)
  if (inherits(integers, "python.builtin.tuple")) integers else tuple(integers)
}

# Whole numbers as an integer array of the same shape and values (class
# indices, which TensorFlow wants as integers); tensors pass.
.keras2_convention_integer_array <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  .keras2_same_shape(value, .keras2_whole(value, name, call))
}

# A whole number as an integer (so it keeps an integer tensor's dtype), any
# other number or a tensor as it is.
.keras2_convention_number <- function(value, name, call = NULL) {
  if (is.numeric(value) && length(value) && !anyNA(value) && all(is.finite(value)) &&
      all(value == trunc(value)) && all(abs(value) <= .Machine$integer.max))
    return(.keras2_same_shape(value, as.integer(value)))
  value
}

# `values` with the dimensions (and dimnames) of `like`.
.keras2_same_shape <- function(like, values) {
  dim(values) <- dim(like)
  dimnames(values) <- dimnames(like)
  values
}

# A tf_keras.backend function called by hand-written k_*() code (`name`, the
# R function, names it in errors), its result converted as kind "backend"'s.
# The arguments are spliced, so one named `x` does not bind py_call()'s own `x`.
.keras2_backend_call <- function(name, fun, ...) {
  spec <- list(name = name, module = "backend", fun = fun)
  py_to_r(py_call(.keras2_py_object(spec, "fun"), !!!list(...)))
}

# A tensor with a value: a symbolic Keras tensor (of layer_input(), a layer or
# k_placeholder()) is an error naming how to compute it (k_eval(),
# k_get_value()); in a list (k_batch_get_value()), each element is checked.
.keras2_convention_concrete <- function(value, name, call = NULL) {
  symbolic <- if (is.list(value)) any(vapply(value, .keras2_is_symbolic, logical(1)))
              else .keras2_is_symbolic(value)
  if (symbolic)
    .keras2_argument_error(name, paste0(
      "is a symbolic Keras tensor (of layer_input(), a layer or k_placeholder()), which has ",
      "no value: compute it from input data with k_function(inputs, outputs) or a model ",
      "(keras_model(inputs, outputs), then predict())"), call)
  value
}

.keras2_is_symbolic <- function(x) inherits(x, "keras.engine.keras_tensor.KerasTensor")
