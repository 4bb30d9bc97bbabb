# The help page of the functions tfdatasets re-exports from other packages
# (its NAMESPACE exports them; they are those packages' own objects).

#' Objects exported from other packages
#'
#' @description
#' tfdatasets re-exports these functions of other packages, as R's tfdatasets
#' does, so that pipelines work after `library(tfdatasets)` alone. Each is the
#' other package's own object; follow the links for their documentation.
#'
#' \describe{
#'   \item{generics}{\code{\link[generics]{fit}}: the generic whose method for
#'     Keras models (in keras3) takes a dataset as its data.}
#'   \item{magrittr}{\code{\link[magrittr:pipe]{\%>\%}}}
#'   \item{reticulate}{\code{\link[pyreticulate:iterate]{as_iterator}},
#'     \code{\link[pyreticulate:iterate]{iter_next}},
#'     \code{\link[pyreticulate]{iterate}}, \code{\link[pyreticulate]{tuple}}: the
#'     stand-in reticulate exports them; pyreticulate documents them.}
#'   \item{tensorflow}{\code{\link[tensorflow]{tf}},
#'     \code{\link[tensorflow]{shape}}, \code{\link[tensorflow]{as_tensor}}
#'     (see [length.tf_dataset()] for its method for datasets),
#'     \code{\link[tensorflow]{install_tensorflow}}}
#'   \item{tidyselect}{\code{\link[tidyselect]{starts_with}},
#'     \code{\link[tidyselect:starts_with]{ends_with}},
#'     \code{\link[tidyselect:starts_with]{contains}},
#'     \code{\link[tidyselect:starts_with]{matches}},
#'     \code{\link[tidyselect:starts_with]{num_range}},
#'     \code{\link[tidyselect]{one_of}}, \code{\link[tidyselect]{everything}}:
#'     selections of features in the steps of a [feature_spec()]}
#' }
#'
#' @name reexports
#' @docType import
#' @aliases %>% fit as_iterator iter_next iterate tuple tf shape as_tensor install_tensorflow
#'   starts_with ends_with contains matches num_range one_of everything
#' @keywords internal
#' @returns The objects of the other packages, unchanged.
#' @md
NULL
