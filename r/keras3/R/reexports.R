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
#'   \item{reticulate}{\code{\link[pyreticulate:with-as-operator]{\%as\%}},
#'     \code{\link[pyreticulate]{array_reshape}},
#'     \code{\link[pyreticulate:iterate]{as_iterator}},
#'     \code{\link[pyreticulate]{import}},
#'     \code{\link[pyreticulate:iterate]{iter_next}},
#'     \code{\link[pyreticulate]{iterate}}, \code{\link[pyreticulate]{np_array}},
#'     \code{\link[pyreticulate]{py_help}}, \code{\link[pyreticulate]{py_require}},
#'     \code{\link[pyreticulate:r-py-conversion]{py_to_r}},
#'     \code{\link[pyreticulate:r-py-conversion]{r_to_py}},
#'     \code{\link[pyreticulate]{tuple}}, \code{\link[pyreticulate]{use_python}},
#'     \code{\link[pyreticulate:use_python]{use_virtualenv}}: the stand-in
#'     reticulate exports them; pyreticulate documents them.}
#'   \item{tensorflow}{\code{\link[tensorflow]{all_dims}},
#'     \code{\link[tensorflow]{as_tensor}}, \code{\link[tensorflow]{evaluate}},
#'     \code{\link[tensorflow]{export_savedmodel}},
#'     \code{\link[tensorflow]{tensorboard}}:
#'     `evaluate()` and `export_savedmodel()` are generics whose methods for
#'     Keras models are documented in
#'     \code{\link[=evaluate.keras.src.models.model.Model]{evaluate()}} and
#'     \code{\link[=export_savedmodel.keras.src.models.model.Model]{export_savedmodel()}}.}
#' }
#'
#' `predict()` is R's own generic (stats); its method for Keras models is
#' documented in \code{\link[=predict.keras.src.models.model.Model]{predict()}}.
#'
#' @name reexports
#' @docType import
#' @aliases %>% %<>% compile fit generate evaluate as_tensor all_dims
#'   export_savedmodel tensorboard import np_array tuple iterate iter_next
#'   as_iterator %as% py_to_r r_to_py py_help py_require array_reshape use_python
#'   use_virtualenv
#' @keywords internal
#' @returns The objects of the other packages, unchanged.
#' @md
NULL
