# Copying runs out (whole, or only the files the run made) and cleaning them
# up: clean_runs() moves runs to <runs_dir>/archive, purge_runs() deletes the
# archived ones.

#' Copy run directories
#'
#' @description
#' `copy_run()` copies run directories into `to`; `copy_run_files()` copies
#' only the files the run made (not `tfruns.d`, `logs` nor `plots`).
#'
#' @param run_dir The run(s): paths, runs or the data frame of [ls_runs()].
#' @param to The directory to copy into (created when missing).
#' @param rename New names for the copies, one per run.
#' @returns Whether each copy succeeded, invisibly.
#' @md
#' @examples
#' \dontrun{
#' copy_run_files(latest_run(), to = "best")
#' }
copy_run <- function(run_dir, to = ".", rename = NULL) do_copy_run(run_dir, to, rename)

#' @rdname copy_run
copy_run_files <- function(run_dir, to = ".", rename = NULL)
  do_copy_run(run_dir, to, rename, remove = c("tfruns.d", "logs", "plots"))

do_copy_run <- function(run_dir, to, rename, remove = NULL) {
  run_dir <- as_run_dir(run_dir)
  if (!is.null(rename) && length(rename) != length(run_dir))
    stop("The rename parameter must have the same length as the run_dir parameter", call. = FALSE)
  if (length(to) != 1L) stop("You must pass a single 'to' directory to copy_run", call. = FALSE)
  if (!utils::file_test("-d", to)) dir.create(to, recursive = TRUE)
  result <- file.copy(run_dir, to, recursive = TRUE, overwrite = TRUE, copy.date = TRUE)
  targets <- file.path(to, basename(run_dir))
  if (!is.null(rename)) {
    renamed <- file.path(to, rename)
    unlink(renamed, recursive = TRUE)
    result <- file.rename(targets, renamed)
    targets <- renamed
  }
  for (target in targets) unlink(file.path(target, remove), recursive = TRUE)
  invisible(result)
}

#' Clean and purge training runs
#'
#' @description
#' `clean_runs()` moves runs (all those under `runs_dir` by default) to
#' `<runs_dir>/archive`; `purge_runs()` deletes the archived runs for good.
#'
#' @param runs The runs to move: paths, or the data frame of [ls_runs()].
#' @param runs_dir The directory holding the runs.
#' @param confirm Whether to ask first.
#' @returns `NULL`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' clean_runs(ls_runs(completed == FALSE))
#' purge_runs()
#' }
clean_runs <- function(runs = ls_runs(runs_dir = runs_dir),
                       runs_dir = getOption("tfruns.runs_dir", "runs"), confirm = interactive()) {
  dirs <- if (missing(runs)) list_run_dirs(runs_dir = runs_dir) else as_run_dir(runs)
  if (!length(dirs)) {
    message("No runs found to clean.")
    return(invisible(NULL))
  }
  archive <- file.path(runs_dir, "archive")
  if (confirm && !confirmed(sprintf("Move %d run directories to %s? [Y/n]: ", length(dirs),
                                    archive)))
    return(invisible(NULL))
  if (!utils::file_test("-d", archive)) dir.create(archive, recursive = TRUE)
  file.rename(dirs, file.path(archive, basename(dirs)))
  message(sprintf("Moved %d runs to %s (purge_runs() to remove permanently)", length(dirs),
                  archive))
  invisible(NULL)
}

#' @rdname clean_runs
purge_runs <- function(runs_dir = getOption("tfruns.runs_dir", "runs"), confirm = interactive()) {
  archive <- file.path(runs_dir, "archive")
  dirs <- list_run_dirs(runs_dir = archive)
  if (confirm && !confirmed(sprintf("Permanently remove %d run directories from %s? [Y/n]: ",
                                    length(dirs), archive)))
    return(invisible(NULL))
  unlink(dirs, recursive = TRUE)
  message(sprintf("Permanently removed %d runs", length(dirs)))
  invisible(NULL)
}

confirmed <- function(prompt) {
  answer <- readline(prompt)
  !nzchar(answer) || tolower(answer) == "y"
}
