# training_run(): a script run in a new run directory, with the run active
# (run_dir(), flags() and write_run_metadata() see it) and recorded: script,
# start and end times, output, plots, flags, an error and its calls, and the
# files the run created or changed under `artifacts_dir`. tuning_run(): the
# script over a grid of flag values.

#' Run a training script
#'
#' @description
#' Runs `file` in a new run directory (by default a time-stamped one under
#' `runs/`, see [unique_run_dir()]), which is active while it runs:
#' [run_dir()] names it and [flags()] takes the `flags` given here. The run
#' records under `tfruns.d/` the script, its sources, its start and end times,
#' its printed output, its flags, what keras writes ([write_run_metadata()]),
#' and an error the script stops with (which is raised again); plots go to
#' `plots/`. Files the script creates or changes under `artifacts_dir` are
#' copied into the run directory.
#'
#' @param file The training script.
#' @param context The run's context.
#' @param config The configuration of the flags file for [flags()].
#' @param flags A named list of flag values for [flags()], or the path of a
#'   YAML file of them.
#' @param properties Named values recorded with the run.
#' @param run_dir The run directory (a new unique one by default).
#' @param artifacts_dir The directory whose new and changed files are copied
#'   into the run directory; `NULL` for none.
#' @param echo Whether to print the script's expressions as they run.
#' @param view Whether to view the run's report afterwards: `"auto"` (when
#'   printed in an interactive session), `TRUE`, `FALSE` or `"save"` (write it
#'   to `tfruns.d/view.html`).
#' @param envir The environment the script runs in.
#' @param encoding The script's encoding.
#' @returns The run: a one-row data frame (class `tfruns_runs_df`) of its
#'   `run_dir`, flags, metrics and properties, invisibly.
#' @seealso [ls_runs()], [tuning_run()]
#' @md
#' @examples
#' \dontrun{
#' run <- training_run("train.R", flags = list(epochs = 5))
#' list.files(run$run_dir)
#' }
training_run <- function(file = "train.R", context = "local",
                         config = Sys.getenv("R_CONFIG_ACTIVE", unset = "default"),
                         flags = NULL, properties = NULL, run_dir = NULL,
                         artifacts_dir = getwd(), echo = TRUE, view = "auto",
                         envir = parent.frame(), encoding = getOption("encoding")) {
  if (missing(file)) {
    scripts <- list.files(pattern = "[.][rR]$")
    if (length(scripts) == 1L) file <- scripts
  }
  if (!is.character(file) || length(file) != 1L || !file.exists(file))
    stop(sprintf("The R script '%s' does not exist.", paste(file, collapse = ", ")), call. = FALSE)
  if (!is.null(flags) && !is.list(flags) && !(is.character(flags) && length(flags) == 1L))
    stop("`flags` must be a named list of flag values or the path of a YAML file", call. = FALSE)
  run_dir <- initialize_run(file, context = context, config = config, flags = flags,
                            properties = properties, run_dir = run_dir)
  do_training_run(file, run_dir, artifacts_dir, echo = echo, envir = envir, encoding = encoding)
  message("\nRun completed: ", run_dir, "\n")
  run <- return_runs(run_record(run_dir))
  if (isTRUE(view)) {
    view_run(run_dir)
  } else if (identical(view, "save")) {
    save_run_view(run_dir, file.path(run_dir, "tfruns.d", "view.html"))
  } else if (identical(view, "auto") && interactive()) {
    class(run) <- c("tfruns_viewed_run", class(run))
    return(run)
  }
  invisible(run)
}

#' Tune hyperparameters with training flags
#'
#' @description
#' Runs `file` once per combination of the flag values (each run a
#' [training_run()]), or per row of a data frame of combinations; `sample`
#' runs a random share of them.
#'
#' @inheritParams training_run
#' @param flags A named list of the values of each flag, or a data frame of
#'   flag combinations (a column per flag).
#' @param sample The share of the combinations to run, in (0, 1].
#' @param runs_dir The directory holding the runs.
#' @param confirm Whether to ask before running.
#' @returns The runs made, as [ls_runs()] lists them, invisibly.
#' @md
#' @examples
#' \dontrun{
#' runs <- tuning_run("train.R", flags = list(dropout = c(0.2, 0.4), units = c(32, 64)),
#'                    sample = 0.5)
#' }
tuning_run <- function(file = "train.R", context = "local",
                       config = Sys.getenv("R_CONFIG_ACTIVE", unset = "default"),
                       flags = NULL, sample = NULL, properties = NULL,
                       runs_dir = getOption("tfruns.runs_dir", "runs"),
                       artifacts_dir = getwd(), echo = TRUE, confirm = interactive(),
                       envir = parent.frame(), encoding = getOption("encoding")) {
  if (!is.list(flags) || is.null(names(flags)) || !all(nzchar(names(flags))))
    stop("flags must be specified as a named list or a data frame", call. = FALSE)
  old <- options(tfruns.runs_dir = runs_dir)
  on.exit(options(old), add = TRUE)
  if (is.data.frame(flags)) {
    grid <- flags
  } else {
    grid <- do.call(expand.grid, c(flags, stringsAsFactors = FALSE))
    message(prettyNum(nrow(grid), big.mark = ","), " total combinations of flags ")
  }
  if (!is.null(sample)) {
    if (!is.numeric(sample) || length(sample) != 1L || sample <= 0 || sample > 1)
      stop("sample must be a number greater than 0 and at most 1", call. = FALSE)
    grid <- grid[sample.int(nrow(grid), ceiling(sample * nrow(grid))), , drop = FALSE]
    message("(sampled to ", prettyNum(nrow(grid), big.mark = ","), " combinations)\n")
  } else {
    message("(use sample parameter to run a random subset)")
  }
  if (confirm) {
    answer <- readline("Proceed with tuning run? [Y/n]: ")
    if (nzchar(answer) && tolower(answer) != "y") return(invisible(NULL))
  }
  for (i in seq_len(nrow(grid))) {
    run_flags <- as.list(grid[i, , drop = FALSE])
    message(sprintf("Training run %d/%d (flags = %s) ", i, nrow(grid),
                    paste(deparse(run_flags, control = c("keepInteger", "keepNA")), collapse = "")))
    training_run(file, context = context, config = config, flags = run_flags,
                 properties = properties, artifacts_dir = artifacts_dir, echo = echo,
                 view = FALSE, envir = new.env(parent = envir), encoding = encoding)
  }
  invisible(ls_runs(latest_n = nrow(grid), runs_dir = runs_dir))
}

#' @rdname view_run
#' @method print tfruns_viewed_run
print.tfruns_viewed_run <- function(x, ...) view_run(x)

# Makes `run_dir` the active run, with the flags and configuration for
# flags(); writes the run's first metadata and what was written before.
initialize_run <- function(file, type = "training", context, config, flags, properties, run_dir) {
  pending <- .globals$run_dir$pending_writes
  clear_run()
  if (is.null(run_dir)) run_dir <- unique_run_dir()
  if (!utils::file_test("-d", run_dir) && !dir.create(run_dir, recursive = TRUE))
    stop("Unable to create run directory at ", run_dir, call. = FALSE)
  flags_file <- NULL
  if (is.character(flags) && is.null(names(flags))) {
    if (!file.exists(flags))
      stop(sprintf("the flags file '%s' does not exist", flags), call. = FALSE)
    flags_file <- flags
    flags <- NULL
  } else if (length(flags) && (is.null(names(flags)) || !all(nzchar(names(flags))))) {
    stop("`flags` must be a named list of flag values", call. = FALSE)
  }
  run <- .globals$run_dir
  run$path <- run_dir
  run$config <- config
  run$flags <- flags
  run$flags_file <- flags_file
  write_run_metadata("properties", list(type = type, context = context))
  write_run_metadata("properties", properties)
  write_run_metadata("source", dirname(file))
  for (name in ls(pending)) pending[[name]](meta_dir(run_dir))
  invisible(run_dir)
}

clear_run <- function() {
  run <- .globals$run_dir
  run$path <- run$config <- run$flags <- run$flags_file <- NULL
  run$pending_writes <- new.env(parent = emptyenv())
}

do_training_run <- function(file, run_dir, artifacts_dir, echo, envir, encoding) {
  with_changed_file_copy(artifacts_dir, run_dir, {
    write_run_property("script", basename(file))
    write_run_property("start", as.double(Sys.time()))
    on.exit(write_run_property("end", as.double(Sys.time())), add = TRUE)
    on.exit(clear_run(), add = TRUE)
    on.exit(reset_keras_session(), add = TRUE)
    width <- options(width = min(100L, getOption("width")))
    on.exit(options(width), add = TRUE)
    output <- file(file.path(meta_dir(run_dir), "properties", "output"), open = "wt",
                   encoding = "UTF-8")
    sink(output, type = "output", split = TRUE)
    on.exit({ sink(type = "output"); close(output) }, add = TRUE)
    plots <- file.path(run_dir, "plots")
    if (!utils::file_test("-d", plots)) dir.create(plots, recursive = TRUE)
    grDevices::png(file.path(plots, "Rplot%03d.png"), width = 1200, height = 715, res = 192)
    device <- grDevices::dev.cur()
    on.exit(grDevices::dev.off(device), add = TRUE)
    message("Using run directory ", run_dir)
    write_run_property("completed", FALSE)
    withCallingHandlers({
      source(file, local = envir, echo = echo, encoding = encoding)
      write_run_property("completed", TRUE)
    }, error = function(e) {
      write_run_metadata("error", list(message = conditionMessage(e),
                                       traceback = error_calls(sys.calls())))
      stop(e)
    })
  })
}

# The calls at the error, innermost first, without the frames of
# training_run() and source() around the script nor the handler's own.
error_calls <- function(calls) {
  text <- vapply(calls, function(call) paste(deparse(call), collapse = "\n"), "")
  script <- max(c(0L, grep("^source\\(", text)))
  inner <- text[seq_len(max(0L, length(text) - 2L))]
  inner <- inner[seq_along(inner) > script]
  rev(inner[!grepl("^(eval|withVisible)\\(", inner)])
}

# The next run starts from a fresh Keras/TensorFlow session, as in tfruns
# (when the run imported TensorFlow: otherwise there is nothing to reset).
reset_keras_session <- function() {
  tryCatch({
    if (isTRUE(reticulate::py_eval("'tensorflow' in __import__('sys').modules"))) {
      tf <- reticulate::import("tensorflow")
      tf$keras$backend$clear_session()
    }
  }, error = function(e) warning("Error occurred resetting tf graph: ", conditionMessage(e),
                                 call. = FALSE))
}

# Evaluates `expr`, then copies the files it created or changed under
# `artifacts_dir` (outside the run directory) into the run directory.
with_changed_file_copy <- function(artifacts_dir, run_dir, expr) {
  if (!is.null(artifacts_dir)) {
    before <- utils::fileSnapshot(artifacts_dir, recursive = TRUE)
    on.exit({
      changes <- utils::changedFiles(before, utils::fileSnapshot(artifacts_dir, recursive = TRUE))
      changed <- c(changes$changed, changes$added)
      changed <- changed[!grepl(basename(run_dir), changed, fixed = TRUE) &
                         !grepl("^(packrat|gs)[/\\\\]", changed)]
      for (path in changed) {
        target <- file.path(run_dir, dirname(path))
        if (!utils::file_test("-d", target)) dir.create(target, recursive = TRUE)
        file.copy(file.path(artifacts_dir, path), target, overwrite = TRUE)
      }
    }, add = TRUE)
  }
  force(expr)
}
