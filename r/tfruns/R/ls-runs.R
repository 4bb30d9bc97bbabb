# Reading runs back: ls_runs() (a data frame, a row per run), latest_run(),
# run_info() (a run as a list), and their printing.

#' List training runs
#'
#' @description
#' A data frame of the runs under `runs_dir`, a row per run: `run_dir`, the
#' `eval_` values, the last value of each metric (`metric_`), the flags
#' (`flag_`), the run's properties (`start`, `end` as times, `completed`,
#' `script`, ...) and its error, if any (`error_message`).
#'
#' @param subset An expression over the columns selecting rows.
#' @param order The columns to order by (tidyselect: names or helpers).
#' @param decreasing Whether to order in decreasing order.
#' @param latest_n At most this many runs, the latest.
#' @param runs_dir The directory holding the runs.
#' @returns A data frame of class `tfruns_runs_df`.
#' @seealso [latest_run()], [run_info()]
#' @md
#' @examples
#' \dontrun{
#' ls_runs(eval_acc > 0.9, order = eval_acc)
#' }
ls_runs <- function(subset = NULL, order = "start", decreasing = TRUE, latest_n = NULL,
                    runs_dir = getOption("tfruns.runs_dir", "runs")) {
  dirs <- list_run_dirs(latest_n, runs_dir)
  if (length(dirs)) {
    runs <- Reduce(combine_runs, lapply(dirs, run_record))
    order <- tidyselect::vars_select(colnames(runs), !!rlang::enquo(order))
    runs <- runs[do.call(base::order, c(unname(as.list(runs[order])),
                                        list(decreasing = decreasing))), , drop = FALSE]
    for (column in intersect(c("start", "end"), colnames(runs)))
      runs[[column]] <- as.POSIXct(runs[[column]], tz = "GMT", origin = "1970-01-01")
  } else {
    runs <- data.frame(type = character(), run_dir = character(), start = numeric(),
                       end = numeric(), stringsAsFactors = FALSE)
    order <- NULL
  }
  if (!missing(subset)) {
    rows <- eval(substitute(subset), runs, parent.frame())
    runs <- runs[rows, , drop = FALSE]
  }
  rownames(runs) <- NULL
  return_runs(runs, order)
}

#' The latest training run and a run's information
#'
#' @description
#' `latest_run()` is the latest run under `runs_dir` (`NULL` when there is
#' none); `run_info()` the runs named by `run_dir` (a path, a run's name, a
#' run or the data frame of [ls_runs()]), each a list of class `tfruns_run`:
#' its columns of [ls_runs()], with `metrics` as a data frame.
#'
#' @inheritParams ls_runs
#' @param run_dir The run(s).
#' @returns A `tfruns_run`, `NULL`, or for several runs a list of them.
#' @md
#' @examples
#' \dontrun{
#' latest_run()$metric_loss
#' run_info("runs/2026-01-31T12-00-00Z")
#' }
latest_run <- function(runs_dir = getOption("tfruns.runs_dir", "runs")) {
  runs <- ls_runs(latest_n = 1, runs_dir = runs_dir)
  if (nrow(runs)) as_run_info(runs) else NULL
}

#' @rdname latest_run
run_info <- function(run_dir) {
  dirs <- as_run_dir(run_dir)
  if (length(dirs) == 1L) as_run_info(run_record(dirs))
  else lapply(dirs, function(dir) as_run_info(run_record(dir)))
}

#' @rdname latest_run
#' @param x A run, or the runs of [ls_runs()].
#' @param ... Not used.
#' @method print tfruns_run
print.tfruns_run <- function(x, ...) {
  shown <- unclass(x)
  for (field in c("metrics", "model", "source_code", "output"))
    if (!is.null(shown[[field]])) shown[[field]] <- sprintf("(%s)", field)
  str(shown, no.list = TRUE, give.attr = FALSE)
  invisible(x)
}

#' @rdname latest_run
#' @method print tfruns_model_summary
print.tfruns_model_summary <- function(x, ...) {
  cat(x, sep = "\n")
  invisible(x)
}

#' @rdname latest_run
#' @method print tfruns_runs_df
print.tfruns_runs_df <- function(x, ...) {
  if (!nrow(x)) cat("No training runs found.\n")
  else if (nrow(x) == 1L) print(as_run_info(x))
  else {
    cat(sprintf("Data frame: %d x %d", nrow(x), ncol(x)), "\n")
    shown <- c("run_dir", attr(x, "order"), grep("^(eval|metric)_", colnames(x), value = TRUE))
    y <- as.data.frame(unclass(x), stringsAsFactors = FALSE)[, intersect(unique(shown), colnames(x)),
                                                               drop = FALSE]
    print(utils::head(y, 10L))
    more <- setdiff(colnames(x), colnames(y))
    if (nrow(x) > 10L) cat("# ... with", nrow(x) - 10L, "more rows\n")
    if (length(more))
      cat(paste0("# ... with ", length(more), " more columns:\n",
                 paste("#  ", strwrap(paste(more, collapse = ", ")), collapse = "\n"), "\n"))
  }
  invisible(x)
}

# The run directories under `runs_dir` (those with a tfruns.d), latest first.
list_run_dirs <- function(latest_n = NULL, runs_dir) {
  if (!utils::file_test("-d", runs_dir)) return(character())
  runs <- list.files(runs_dir)
  runs <- sort(runs[utils::file_test("-d", file.path(runs_dir, runs, "tfruns.d"))],
               decreasing = TRUE)
  if (!is.null(latest_n)) runs <- utils::head(runs, latest_n)
  file.path(runs_dir, runs)
}

# One run as a one-row data frame of its recorded metadata.
run_record <- function(run_dir) {
  if (!utils::file_test("-d", run_dir))
    stop("Run directory ", run_dir, " does not exist", call. = FALSE)
  meta <- file.path(run_dir, "tfruns.d")
  columns <- list(run_dir = run_dir)
  properties_dir <- file.path(meta, "properties")
  properties <- list()
  for (name in list.files(properties_dir))
    properties[[name]] <- paste(readLines(file.path(properties_dir, name), warn = FALSE),
                                collapse = "\n")
  if (is.null(properties$type) || identical(properties$type, "local")) properties$type <- "training"
  properties$context <- properties$context %||% "local"
  convert <- function(names, converter)
    for (name in intersect(names, names(properties)))
      properties[[name]] <<- converter(properties[[name]])
  convert(c("start", "end", "learning_rate"), as.numeric)
  convert(c("samples", "validation_samples", "steps", "epochs", "batch_size"), as.integer)
  convert("completed", function(v) v %in% c("TRUE", "true", "yes", "1"))
  columns <- c(columns, properties)
  json_columns <- function(file, prefix) {
    path <- file.path(meta, file)
    if (!file.exists(path)) return(NULL)
    values <- jsonlite::read_json(path, simplifyVector = TRUE)
    if (length(values)) names(values) <- paste0(prefix, "_", names(values))
    values
  }
  columns <- c(columns, json_columns("evaluation.json", "eval"))
  completed <- 0L
  metrics_path <- file.path(meta, "metrics.json")
  if (file.exists(metrics_path)) {
    metrics <- jsonlite::read_json(metrics_path, simplifyVector = TRUE)
    for (metric in setdiff(names(metrics), "epoch")) {
      values <- metrics[[metric]][!is.na(metrics[[metric]])]
      completed <- length(values)
      if (completed) columns[[paste0("metric_", metric)]] <- values[[completed]]
    }
    columns$metrics <- metrics_path
  }
  unit <- if (is.null(columns$epochs) && !is.null(columns$steps)) "steps" else "epochs"
  columns[[paste0(unit, "_completed")]] <- completed
  columns <- c(columns, json_columns("flags.json", "flag"))
  error_path <- file.path(meta, "error.json")
  if (file.exists(error_path)) {
    error <- jsonlite::read_json(error_path, simplifyVector = TRUE)
    columns$error_message <- error$message
    columns$error_traceback <- paste(error$traceback, collapse = "\n")
  }
  source_code <- file.path(meta, "source.tar.gz")
  if (file.exists(source_code)) columns$source_code <- source_code
  as.data.frame(columns[!vapply(columns, is.null, NA)], stringsAsFactors = FALSE,
                optional = TRUE)
}

combine_runs <- function(x, y) {
  x[setdiff(colnames(y), colnames(x))] <- NA
  y[setdiff(colnames(x), colnames(y))] <- NA
  rbind(x, y)
}

# The runs' columns in tfruns' order (run_dir and the ordering columns
# first, then evaluation, metrics, flags, properties), as a tfruns_runs_df.
return_runs <- function(runs, order = NULL) {
  present <- function(names) intersect(names, colnames(runs))
  prefixed <- function(prefix) grep(paste0("^", prefix, "_"), colnames(runs), value = TRUE)
  if (identical(unname(order), "start")) order <- NULL
  columns <- unique(c(present("run_dir"), unname(order), prefixed("eval"), prefixed("metric"),
                      prefixed("flag"),
                      present(c("samples", "validation_samples", "batch_size", "epochs",
                                "epochs_completed", "steps", "steps_completed", "metrics",
                                "model", "loss_function", "optimizer", "learning_rate",
                                "script", "source", "start", "end", "completed", "output",
                                "error_message", "error_traceback", "source_code", "context",
                                "type")),
                      colnames(runs)))
  runs <- as.data.frame(unclass(runs), stringsAsFactors = FALSE, optional = TRUE)[, columns,
                                                                                   drop = FALSE]
  class(runs) <- c("tfruns_runs_df", "data.frame")
  attr(runs, "order") <- unname(order)
  runs
}

# A one-row runs data frame as a tfruns_run list.
as_run_info <- function(runs) {
  runs <- return_runs(runs)
  info <- lapply(stats::setNames(colnames(runs), colnames(runs)), function(c) runs[[c]])
  if (!is.null(info$model)) class(info$model) <- c("tfruns_model_summary", "character")
  if (!is.null(info$metrics) && file.exists(info$metrics))
    info$metrics <- as.data.frame(jsonlite::read_json(info$metrics, simplifyVector = TRUE))
  structure(info, class = "tfruns_run")
}
