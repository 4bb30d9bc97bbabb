# The functions keras 2.x re-exports from the packages it builds on.
#
# NAMESPACE: importFrom(reticulate, array_reshape, use_condaenv, use_python, use_virtualenv)
# NAMESPACE: importFrom(tensorflow, as_tensor, export_savedmodel, shape, tensorboard)

#' Objects exported from other packages
#'
#' @description
#' These objects are imported from other packages and exported by keras, as
#' keras 2.x does:
#'
#' \describe{
#'   \item{magrittr}{\code{\link[magrittr:pipe]{\%>\%}}, \code{\link[magrittr:compound]{\%<>\%}}}
#'   \item{reticulate}{\code{\link[pyreticulate]{array_reshape}},
#'     \code{\link[pyreticulate]{tuple}}, \code{\link[pyreticulate]{use_python}},
#'     \code{\link[pyreticulate:use_python]{use_virtualenv}},
#'     \code{\link[pyreticulate:use_python]{use_condaenv}}: the stand-in reticulate exports
#'     them; pyreticulate documents them.}
#'   \item{tensorflow}{\code{\link[tensorflow]{as_tensor}}, \code{\link[tensorflow]{evaluate}},
#'     \code{\link[tensorflow]{export_savedmodel}}, \code{\link[tensorflow]{shape}},
#'     \code{\link[tensorflow]{tensorboard}}}
#'   \item{generics}{\code{\link[generics]{compile}}, \code{\link[generics]{fit}}}
#' }
#'
#' @name reexports
#' @aliases %>% %<>% array_reshape tuple use_python use_virtualenv use_condaenv as_tensor
#'   evaluate export_savedmodel shape tensorboard compile fit
#' @keywords internal
#' @docType import
NULL
