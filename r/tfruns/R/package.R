# tfruns' state: the active run (its directory, the configuration and flags
# training_run() was given) and the metadata written before a run is active,
# kept until one starts.

.globals <- new.env(parent = emptyenv())
.globals$run_dir <- new.env(parent = emptyenv())
.globals$run_dir$pending_writes <- new.env(parent = emptyenv())

#' Pipe operator
#'
#' magrittr's `%>%`, re-exported as R's tfruns does.
#'
#' @name %>%
#' @rdname pipe
#' @keywords internal
#' @returns The result of calling the right-hand side with the left-hand side.
#' @md
NULL

`%||%` <- function(x, y) if (is.null(x)) y else x
