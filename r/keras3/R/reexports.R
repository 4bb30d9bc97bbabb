# The help page of the functions keras3 re-exports from other packages (its
# NAMESPACE exports them; they are those packages' own objects).

#' Objects exported from other packages
#'
#' @description
#' keras3 re-exports these functions of other packages, as R's keras3 does, so
#' that they work after `library(keras3)` alone. Each is the other package's
#' own object; follow the links for their documentation.
#'
#' \describe{
#'   \item{generics}{\code{\link[generics]{compile}}, \code{\link[generics]{fit}},
#'     \code{\link[generics]{generate}}: the generics whose methods for Keras
#'     models are documented in
#'     \code{\link[=compile.keras.src.models.model.Model]{compile()}} and
#'     \code{\link[=fit.keras.src.models.model.Model]{fit()}}.}
#'   \item{magrittr}{\code{\link[magrittr:pipe]{\%>\%}},
#'     \code{\link[magrittr:compound]{\%<>\%}}}
#'   \item{reticulate}{\code{\link[reticulate]{\%as\%}},
#'     \code{\link[reticulate]{array_reshape}},
#'     \code{\link[reticulate]{as_iterator}}, \code{\link[reticulate]{import}},
#'     \code{\link[reticulate]{iter_next}}, \code{\link[reticulate]{iterate}},
#'     \code{\link[reticulate]{np_array}}, \code{\link[reticulate]{py_help}},
#'     \code{\link[reticulate]{py_to_r}}, \code{\link[reticulate]{r_to_py}},
#'     \code{\link[reticulate]{tuple}}, \code{\link[reticulate]{use_python}},
#'     \code{\link[reticulate]{use_virtualenv}} (pyreticulate's reticulate)}
#'   \item{tensorflow}{\code{\link[tensorflow]{all_dims}},
#'     \code{\link[tensorflow]{as_tensor}}, \code{\link[tensorflow]{evaluate}},
#'     \code{\link[tensorflow]{shape}}: `evaluate()` is the generic whose
#'     method for Keras models is documented in
#'     \code{\link[=evaluate.keras.src.models.model.Model]{evaluate()}}.}
#' }
#'
#' `predict()` is R's own generic (stats); its method for Keras models is
#' documented in \code{\link[=predict.keras.src.models.model.Model]{predict()}}.
#'
#' @name reexports
#' @docType import
#' @aliases %>% %<>% compile fit generate evaluate as_tensor all_dims shape
#'   import np_array tuple iterate iter_next as_iterator %as% py_to_r r_to_py
#'   py_help array_reshape use_python use_virtualenv
#' @keywords internal
#' @returns The objects of the other packages, unchanged.
#' @md
NULL
