# The containers Keras and TensorFlow wrap attributes in to track what they
# hold (model$layers_list <- list(...) comes back as a TrackedList): R lists,
# as R's tensorflow gives them. The methods are registered with py_to_r (the
# core's conversion consults them for every object of these classes).

#' Tracked containers as R lists
#'
#' @description
#' Keras and TensorFlow wrap the lists, dicts and sets assigned to the
#' attributes of layers, models and modules in tracking containers (Keras's
#' `TrackedList`, `TrackedDict` and `TrackedSet`, TensorFlow's `ListWrapper`
#' and `_DictWrapper`). They convert to R as the plain Python containers do:
#' a list or set becomes an R list, a dict a named R list.
#'
#' @param x The tracking container.
#'
#' @returns An R list (named, for a dict).
#' @examples
#' \dontrun{
#' library(tensorflow)
#' model <- tf$keras$models$Sequential(list())
#' model$denses <- list(tf$keras$layers$Dense(10L), tf$keras$layers$Dense(10L))
#' is.list(model$denses)
#' }
#' @name tracked-containers
#' @md
py_to_r.keras.src.utils.tracking.TrackedList <- function(x) .as_r_list(x, "list")

#' @rdname tracked-containers
#' @md
py_to_r.keras.src.utils.tracking.TrackedSet <- function(x) .as_r_list(x, "list")

#' @rdname tracked-containers
#' @md
py_to_r.keras.src.utils.tracking.TrackedDict <- function(x) .as_r_list(x, "dict")

#' @rdname tracked-containers
#' @md
py_to_r.tensorflow.python.trackable.data_structures.ListWrapper <- function(x)
  .as_r_list(x, "list")

#' @rdname tracked-containers
#' @md
py_to_r.tensorflow.python.trackable.data_structures._DictWrapper <- function(x)
  .as_r_list(x, "dict")

# The container copied into a plain Python list or dict, converted as one.
.as_r_list <- function(x, type) {
  builtins <- import_builtins(convert = FALSE)
  value <- py_to_r(py_call(py_get_attr(builtins, type), x))
  if (type == "dict" || is.list(value)) value else as.list(value)
}
