# The run directory: the active run's (set by training_run()), new unique
# time-stamped ones, and the run directory of the objects that name a run.

#' The directory of the current training run
#'
#' @description
#' `run_dir()` is the directory of the active training run ([training_run()]),
#' or the working directory when no run is active; `is_run_active()` says
#' whether a run is active.
#'
#' @returns `run_dir()`: a path. `is_run_active()`: `TRUE` or `FALSE`.
#' @seealso [training_run()], [unique_run_dir()]
#' @md
#' @examples
#' \dontrun{
#' save_model_hdf5(model, file.path(run_dir(), "model.h5"))
#' }
run_dir <- function() {
  if (is_run_active()) .globals$run_dir$path else getwd()
}

#' @rdname run_dir
is_run_active <- function() !is.null(.globals$run_dir$path)

#' A new unique run directory
#'
#' @description
#' Creates a directory under `runs_dir` named after the current time in GMT
#' (`2026-01-31T12-00-00Z`); when that name is taken it waits until the time
#' gives a free one.
#'
#' @param runs_dir The directory holding the runs (the `tfruns.runs_dir`
#'   option, else `"runs"`).
#' @param seconds_scale How many decimals of the seconds the name has (0: whole
#'   seconds), for making many directories at once.
#' @returns The path of the new directory.
#' @md
#' @examples
#' \dontrun{
#' training_run("train.R", run_dir = unique_run_dir("experiments"))
#' }
unique_run_dir <- function(runs_dir = getOption("tfruns.runs_dir", "runs"), seconds_scale = 0) {
  if (!is.numeric(seconds_scale) || length(seconds_scale) != 1L || seconds_scale < 0)
    stop("`seconds_scale` must be a single number >= 0", call. = FALSE)
  seconds <- if (seconds_scale == 0) "S" else paste0("OS", seconds_scale)
  repeat {
    name <- strftime(Sys.time(), paste0("%Y-%m-%dT%H-%M-%", seconds, "Z"), tz = "GMT")
    dir <- file.path(runs_dir, name)
    if (!file.exists(dir)) {
      dir.create(dir, recursive = TRUE)
      return(dir)
    }
    Sys.sleep(0.5 / 10^seconds_scale)
  }
}

#' The run directory of an object
#'
#' @description
#' The run directories an object names: a path (or a run's name under the
#' runs directory), a run ([run_info()]), a list or data frame with a
#' `run_dir` ([ls_runs()]).
#'
#' @param x The object.
#' @returns The run directory paths.
#' @keywords internal
#' @md
#' @examples
#' \dontrun{
#' as_run_dir(latest_run())
#' }
as_run_dir <- function(x) UseMethod("as_run_dir")

#' @rdname as_run_dir
#' @method as_run_dir character
as_run_dir.character <- function(x) {
  if (all(utils::file_test("-d", x))) return(x)
  under_runs <- file.path(getOption("tfruns.runs_dir", "runs"), x)
  if (all(utils::file_test("-d", under_runs))) under_runs else x
}

#' @rdname as_run_dir
#' @method as_run_dir tfruns_run
as_run_dir.tfruns_run <- function(x) x$run_dir

#' @rdname as_run_dir
#' @method as_run_dir list
as_run_dir.list <- function(x) {
  if (is.null(x$run_dir)) stop("the list has no `run_dir` element", call. = FALSE)
  x$run_dir
}

#' @rdname as_run_dir
#' @method as_run_dir data.frame
as_run_dir.data.frame <- function(x) {
  if (is.null(x$run_dir)) stop("the data frame has no `run_dir` column", call. = FALSE)
  x$run_dir
}
