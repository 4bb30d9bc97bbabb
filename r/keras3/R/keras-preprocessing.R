# Preprocessing layers' state: the vocabulary of lookup and text
# vectorization layers.

#' Get or set the vocabulary of a lookup or text vectorization layer
#'
#' @description
#' `get_vocabulary()` gives the vocabulary of a `layer_text_vectorization()`,
#' `layer_string_lookup()` or `layer_integer_lookup()` (after [adapt()] or
#' `set_vocabulary()`), in the order of the indices the layer gives the terms:
#' the first term has index 0. `set_vocabulary()` sets it (and, for
#' `output_mode = "tf_idf"`, the inverse document frequency weights).
#'
#' @param object The layer.
#' @param include_special_tokens Whether to include the padding and
#'   out-of-vocabulary tokens, so that a term's position is its index.
#' @param vocabulary The terms: a character vector (integers for
#'   `layer_integer_lookup()`), or the path of a text file with one term per
#'   line.
#' @param idf_weights The inverse document frequency weights, one per term,
#'   for `output_mode = "tf_idf"`.
#' @param ... Further arguments of the layer's `set_vocabulary()`, by name.
#'
#' @returns `get_vocabulary()`: the layer's terms as Keras gives them,
#'   converted: a character vector of strings; for `layer_integer_lookup()`
#'   a list (the out-of-vocabulary token is a Python int, the terms are
#'   NumPy integers), as keras3 gives it.
#'   `set_vocabulary()`: `object`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' vectorizer <- layer_text_vectorization(max_tokens = 100)
#' vectorizer %>% adapt(c("the cat sat", "the dog ran"))
#' get_vocabulary(vectorizer)
#' set_vocabulary(vectorizer, c("cat", "dog", "the"))
#' }
get_vocabulary <- function(object, include_special_tokens = TRUE) {
  vocabulary <- py_call(py_get_attr(object, "get_vocabulary"),
                        include_special_tokens = include_special_tokens)
  py_to_r(vocabulary)
}

#' @rdname get_vocabulary
set_vocabulary <- function(object, vocabulary, idf_weights = NULL, ...) {
  if (!is_py_object(vocabulary)) {
    if (is.character(vocabulary) && length(vocabulary) == 1L && file.exists(vocabulary))
      vocabulary <- path.expand(vocabulary)
    else vocabulary <- as.list(vocabulary)
  }
  args <- list2(vocabulary, ...)
  if (!is.null(idf_weights))
    args$idf_weights <- if (is_py_object(idf_weights)) idf_weights else
      .np()$asarray(as.numeric(idf_weights), dtype = "float32")
  py_call(py_get_attr(object, "set_vocabulary"), !!!args)
  invisible(object)
}
