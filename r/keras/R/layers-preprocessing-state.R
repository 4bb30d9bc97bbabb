# The state of preprocessing layers: adapt() fits it to data, get_vocabulary()
# and set_vocabulary() read and set the vocabulary of lookup and text
# vectorization layers (the layers themselves are generated:
# families/layers-preprocessing.py).

#' Fit the state of a preprocessing layer to data
#'
#' @description
#' Calls the layer's `adapt()`, which computes its state from data before
#' training: the mean and variance of [layer_normalization()], the vocabulary
#' of [layer_string_lookup()], [layer_integer_lookup()] and
#' [layer_text_vectorization()], the bins of [layer_discretization()]. R data
#' become NumPy arrays first (doubles in the backend's float type, strings as
#' strings); tensors and datasets pass as they are. A layer in a compiled
#' model adapted again needs the model compiled again.
#'
#' @param object A preprocessing layer.
#' @param data The data: an R vector, matrix or array, a tensor, or a
#'   TensorFlow dataset (of batches).
#' @param ... Further named arguments of the layer's `adapt()`.
#' @param batch_size The number of samples per batch, for array data.
#' @param steps The number of batches taken from a dataset (`NULL`: all).
#' @returns `object`, invisibly (adapted in place).
#' @family preprocessing layers
#' @export
#' @md
#' @examples
#' \dontrun{
#' layer <- layer_normalization(axis = NULL)
#' layer %>% adapt(c(1, 2, 3, 4, 5))
#' layer(c(1, 2, 3))
#' }
adapt <- function(object, data, ..., batch_size = NULL, steps = NULL) {
  call <- sys.call()
  args <- list2(...)
  if (length(args) && (is.null(names(args)) || !all(nzchar(names(args)))))
    stop(simpleError("arguments in `...` must be named", call))
  if (!missing(batch_size)) args$batch_size <- batch_size
  if (!missing(steps)) args$steps <- steps
  for (name in names(args)) args[name] <- list(.keras2_argument(name, args[[name]], call))
  py_call(py_get_attr(object, "adapt"), keras_array(data), !!!args)
  invisible(object)
}

#' The vocabulary of a lookup or text vectorization layer
#'
#' @description
#' `get_vocabulary()` returns the layer's vocabulary, by index (the padding
#' or mask token and the out-of-vocabulary tokens first, unless
#' `include_special_tokens = FALSE`). `set_vocabulary()` replaces it.
#'
#' @param object A [layer_string_lookup()], [layer_integer_lookup()] or
#'   [layer_text_vectorization()] layer.
#' @param include_special_tokens Whether the padding, mask and
#'   out-of-vocabulary tokens are included.
#' @param vocabulary The new vocabulary: a vector of tokens, or the path of a
#'   text file with one token a line.
#' @param idf_weights The inverse document frequency weights of the tokens,
#'   with `output_mode = "tf_idf"`.
#' @param ... Further named arguments of the layer's `set_vocabulary()`.
#' @returns `get_vocabulary()`: the tokens, a character vector for strings and
#'   a list for integers. `set_vocabulary()`: `object`, invisibly.
#' @family preprocessing layers
#' @export
#' @md
#' @examples
#' \dontrun{
#' layer <- layer_string_lookup()
#' set_vocabulary(layer, c("a", "b", "c"))
#' get_vocabulary(layer)
#' }
get_vocabulary <- function(object, include_special_tokens = TRUE) {
  args <- if (!missing(include_special_tokens))
    list(include_special_tokens = include_special_tokens)
  vocabulary <- py_call(py_get_attr(object, "get_vocabulary"), !!!args)
  vocabulary <- py_to_r(vocabulary)
  if (is.list(vocabulary) && length(vocabulary) &&
      all(vapply(vocabulary, function(token) is.character(token) && length(token) == 1L, NA)))
    vocabulary <- unlist(vocabulary)
  vocabulary
}

#' @rdname get_vocabulary
#' @export
set_vocabulary <- function(object, vocabulary, idf_weights = NULL, ...) {
  args <- list2(vocabulary = vocabulary, ...)
  if (!missing(idf_weights)) args$idf_weights <- idf_weights
  py_call(py_get_attr(object, "set_vocabulary"), !!!args)
  invisible(object)
}
