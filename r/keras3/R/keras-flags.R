# Training flags: as R's keras3 does, keras3 re-exports the flags functions of
# R's tensorflow (tfruns' functions there); they are tfruns' objects. Two
# pages, flags and run_dir, as keras 2.x's pages link to both.

#' Flags for a training run (re-exported from tensorflow)
#'
#' @description
#' keras3 re-exports `flags()`, `flag_numeric()`, `flag_integer()`,
#' `flag_boolean()` and `flag_string()` from the tensorflow package, as R's
#' keras3 does (tfruns' functions, which R's tensorflow re-exports). They are
#' tfruns' own objects: see \code{\link[tfruns]{flags}}.
#'
#' @name flags
#' @aliases flag_numeric flag_integer flag_boolean flag_string
#' @docType import
#' @keywords internal
#' @returns tfruns' functions, unchanged.
#' @md
NULL

#' The directory of the current training run (re-exported from tensorflow)
#'
#' @description
#' keras3 re-exports `run_dir()` from the tensorflow package, as R's keras3
#' does. It is tfruns' own object: see \code{\link[tfruns]{run_dir}}.
#'
#' @name run_dir
#' @docType import
#' @keywords internal
#' @returns tfruns' function, unchanged.
#' @md
NULL
