# keras 2.x's deprecated loss_cosine_proximity(): loss_cosine_similarity()
# (families/losses.py) with a deprecation warning naming it.

#' The cosine proximity loss (deprecated)
#'
#' @description
#' Deprecated: use [loss_cosine_similarity()], which this calls (with the
#' same arguments) after a warning of class `deprecatedWarning`.
#'
#' @param ... The arguments of [loss_cosine_similarity()].
#' @returns What [loss_cosine_similarity()] returns for them.
#' @family losses
#' @export
#' @examples
#' \dontrun{
#' loss <- loss_cosine_similarity()   # rather than loss_cosine_proximity()
#' }
loss_cosine_proximity <- function(...) {
  warning(.keras2_deprecation(paste("loss_cosine_proximity() is deprecated:",
                                    "use loss_cosine_similarity()"), sys.call()))
  loss_cosine_similarity(...)
}
attr(loss_cosine_proximity, "py_function_name") <- "cosine_proximity"
