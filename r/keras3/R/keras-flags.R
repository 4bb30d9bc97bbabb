# Training flags: as R's keras3 does, keras3 re-exports the flags functions of
# R's tensorflow (tfruns' functions there); they are tensorflow's objects. Two
# pages, flags and run_dir, as keras 2.x's pages link to both.

#' Flags for a training run (re-exported from tensorflow)
#'
#' @description
#' keras3 re-exports `flags()`, `flag_numeric()`, `flag_integer()`,
#' `flag_boolean()` and `flag_string()` from the tensorflow package, as R's
#' keras3 does (tfruns' functions, which R's tensorflow re-exports). They are
#' tensorflow's own objects: see \code{\link[tensorflow]{flags}}.
#'
#' @name flags
#' @aliases flag_numeric flag_integer flag_boolean flag_string
#' @docType import
#' @keywords internal
#' @returns The tensorflow package's functions, unchanged.
#' @md
NULL

#' The directory of the current training run (re-exported from tensorflow)
#'
#' @description
#' keras3 re-exports `run_dir()` from the tensorflow package, as R's keras3
#' does. It is tensorflow's own object: see \code{\link[tensorflow]{run_dir}}.
#'
#' @name run_dir
#' @docType import
#' @keywords internal
#' @returns The tensorflow package's function, unchanged.
#' @md
NULL
