# R data on its way into tf_keras, as keras 2.x converts it (keras_array()).

#' R data as a NumPy array for Keras
#'
#' @description
#' Converts R data to what Keras takes: an R vector, matrix or array becomes a
#' NumPy array in C order (doubles in the backend's float type, `floatx()`,
#' unless `dtype` says otherwise); a data frame or list is converted element by
#' element; `NULL`, Python objects and symbolic tensors pass as they are.
#'
#' @param x The data.
#' @param dtype The NumPy dtype, such as `"float32"`, or `NULL` for the default.
#' @returns A NumPy array (or a list of them), or `x`.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' keras_array(matrix(1:6, 2, 3) + 0.5)
#' }
keras_array <- function(x, dtype = NULL) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.data.frame(x)) x <- as.list(x)
  if (is.list(x)) return(lapply(x, keras_array))
  if (is.null(dtype) && (is.double(x) || is.logical(x))) dtype <- py_to_r(backend()$floatx())
  if (!is.array(x)) x <- as.array(x)
  np_array(x, dtype = dtype, order = "C")
}
