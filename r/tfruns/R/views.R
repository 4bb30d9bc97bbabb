# HTML reports of runs, written as self-contained files: a run's (summary,
# flags, metrics, output, error, plots, source code), a comparison of two runs,
# and a page of training metrics. They are shown with the `viewer` (the
# tfruns.viewer or viewer option, else browseURL) only in interactive sessions.

#' View a training run
#'
#' @description
#' `save_run_view()` writes an HTML report of a run (its attributes, flags,
#' metrics, output, error, plots and code); `view_run()` writes it to a
#' temporary file and shows it when the session is interactive.
#'
#' @param run_dir The run (a path, a run or the data frame of [ls_runs()]).
#' @param filename The HTML file to write (`"auto"`: a temporary file).
#' @param viewer A function of the file's path that shows it.
#' @param x A run returned by [training_run()] to view when printed.
#' @param ... Not used.
#' @returns The path of the HTML file, invisibly.
#' @md
#' @examples
#' \dontrun{
#' save_run_view(latest_run(), "run.html")
#' }
view_run <- function(run_dir = latest_run(), viewer = getOption("tfruns.viewer")) {
  if (is.null(run_dir)) stop("No runs available in the current directory", call. = FALSE)
  view_page(save_run_view(run_dir), viewer)
}

#' @rdname view_run
save_run_view <- function(run_dir = latest_run(), filename = "auto") {
  if (is.null(run_dir)) stop("No runs available in the current directory", call. = FALSE)
  run <- run_info(run_dir)
  if (identical(filename, "auto")) filename <- tempfile(paste0("run-", basename(run$run_dir)),
                                                        fileext = ".html")
  write_page(paste("Run", basename(run$run_dir)), run_sections(run), filename)
}

#' Compare training runs
#'
#' @description
#' `save_run_comparison()` writes an HTML report of two runs side by side
#' (the earlier on the left), with the flags and sources that differ;
#' `compare_runs()` writes it to a temporary file and shows it when the
#' session is interactive.
#'
#' @inheritParams view_run
#' @param runs Two runs: paths, or the data frame of [ls_runs()].
#' @returns The path of the HTML file, invisibly.
#' @md
#' @examples
#' \dontrun{
#' compare_runs(ls_runs(latest_n = 2))
#' }
compare_runs <- function(runs = ls_runs(latest_n = 2), viewer = getOption("tfruns.viewer")) {
  if (is.null(runs)) stop("No runs available in the current directory", call. = FALSE)
  view_page(save_run_comparison(runs), viewer)
}

#' @rdname compare_runs
save_run_comparison <- function(runs = ls_runs(latest_n = 2), filename = "auto") {
  runs <- if (inherits(runs, "tfruns_run")) list(runs) else run_info(runs)
  if (inherits(runs, "tfruns_run") || length(runs) != 2L)
    stop("You must pass 2 run directories to compare_runs", call. = FALSE)
  if (runs[[1L]]$start > runs[[2L]]$start) runs <- rev(runs)
  if (identical(filename, "auto"))
    filename <- tempfile(paste("compare-runs", basename(runs[[1L]]$run_dir),
                               basename(runs[[2L]]$run_dir), sep = "-"), fileext = ".html")
  sources <- lapply(runs, function(run) run_source_code(run$run_dir))
  files <- union(names(sources[[1L]]), names(sources[[2L]]))
  differing <- files[!vapply(files, function(f) identical(sources[[1L]][[f]],
                                                          sources[[2L]][[f]]), NA)]
  flag_text <- function(run) {
    flags <- unlist(run[grep("^flag_", names(run))])
    paste(names(flags), flags, sep = ": ", collapse = "\n")
  }
  diffs <- c(if (!identical(flag_text(runs[[1L]]), flag_text(runs[[2L]])))
               list(FLAGS = c(flag_text(runs[[1L]]), flag_text(runs[[2L]]))),
             lapply(stats::setNames(differing, differing), function(f)
               c(sources[[1L]][[f]] %||% "", sources[[2L]][[f]] %||% "")))
  columns <- paste0("<table class='compare'><tr><td>",
                    paste(vapply(runs, function(run) paste0(
                      "<h2>", html_escape(basename(run$run_dir)), "</h2>",
                      paste(run_sections(run, code = FALSE), collapse = "\n")), ""),
                      collapse = "</td><td>"),
                    "</td></tr></table>")
  diff_sections <- vapply(names(diffs), function(name) paste0(
    "<h2>Changed: ", html_escape(name), "</h2><table class='compare'><tr><td><pre>",
    html_escape(diffs[[name]][[1L]]), "</pre></td><td><pre>", html_escape(diffs[[name]][[2L]]),
    "</pre></td></tr></table>"), "")
  write_page(paste("Compare runs", basename(runs[[1L]]$run_dir), basename(runs[[2L]]$run_dir)),
             c(columns, diff_sections), filename)
}

#' View training metrics
#'
#' @description
#' `view_run_metrics()` writes an HTML page of a data frame of training
#' metrics (a column per metric, a row per epoch) in a new temporary directory
#' and shows it when the session is interactive; `update_run_metrics()`
#' rewrites that page (and its `metrics.json`) with new metrics.
#'
#' @param metrics A data frame of metrics.
#' @param viewer The viewer returned by `view_run_metrics()`.
#' @returns The viewer (its directory in `viewer_dir`), invisibly.
#' @md
#' @examples
#' \dontrun{
#' viewer <- view_run_metrics(data.frame(loss = c(0.9, 0.5)))
#' update_run_metrics(viewer, data.frame(loss = c(0.9, 0.5, 0.3)))
#' }
view_run_metrics <- function(metrics) {
  dir <- tempfile("tfruns-metrics")
  dir.create(dir, recursive = TRUE)
  viewer <- structure(list(viewer_dir = dir), class = "tfruns_metrics_viewer")
  update_run_metrics(viewer, metrics)
  view_page(file.path(dir, "index.html"), getOption("viewer"))
  invisible(viewer)
}

#' @rdname view_run_metrics
update_run_metrics <- function(viewer, metrics) {
  if (!is.data.frame(metrics)) stop("`metrics` must be a data frame", call. = FALSE)
  write_page("Training metrics", metrics_section(metrics), file.path(viewer$viewer_dir,
                                                                     "index.html"))
  write_metrics_json(metrics, file.path(viewer$viewer_dir, "metrics.json"))
  invisible(viewer)
}

# The HTML sections of a run's report.
run_sections <- function(run, code = TRUE) {
  duration <- if (!is.null(run$end) && !is.null(run$start))
    sprintf("%.1f s", as.double(run$end) - as.double(run$start)) else ""
  attributes <- list(context = run$context, script = run$script,
                     started = format(as.POSIXct(as.double(run$start), origin = "1970-01-01",
                                                 tz = "GMT"), usetz = TRUE),
                     time = duration, completed = run$completed)
  section <- function(title, body) if (length(body) && any(nzchar(body)))
    paste0("<h2>", title, "</h2>\n", body)
  plots <- list.files(file.path(run$run_dir, "plots"), pattern = "[.]png$", full.names = TRUE)
  sources <- if (code) run_source_code(run$run_dir) else list()
  c(section("Attributes", value_table(attributes)),
    section("Flags", value_table(run[grep("^flag_", names(run))])),
    section("Evaluation", value_table(run[grep("^eval_", names(run))])),
    section("Metrics", value_table(run[grep("^metric_", names(run))])),
    if (is.data.frame(run$metrics)) section("Metrics by epoch", metrics_section(run$metrics)),
    if (!is.null(run$model)) section("Model", paste0("<pre>", html_escape(run$model), "</pre>")),
    if (!is.null(run$error_message)) section("Error", paste0(
      "<pre class='error'>", html_escape(run$error_message), "\n\n",
      html_escape(run$error_traceback %||% ""), "</pre>")),
    if (!is.null(run$output)) section("Output", paste0("<pre>", html_escape(run$output), "</pre>")),
    section("Plots", paste0(vapply(plots, function(p) paste0(
      "<img src='data:image/png;base64,",
      jsonlite::base64_enc(readBin(p, "raw", file.size(p))), "'>"), ""), collapse = "\n")),
    vapply(names(sources), function(f) section(paste("Code:", html_escape(f)),
                                               paste0("<pre>", html_escape(sources[[f]]), "</pre>")),
           ""))
}

metrics_section <- function(metrics) {
  metrics <- as.data.frame(metrics)
  rows <- vapply(seq_len(nrow(metrics)), function(i) paste0(
    "<tr><td>", i, "</td>", paste0("<td>", html_escape(format(unlist(metrics[i, ]))), "</td>",
                                   collapse = ""), "</tr>"), "")
  paste0("<table><tr><th>epoch</th>", paste0("<th>", html_escape(names(metrics)), "</th>",
                                             collapse = ""), "</tr>",
         paste(rows, collapse = "\n"), "</table>")
}

value_table <- function(values) {
  values <- values[!vapply(values, is.null, NA)]
  if (!length(values)) return(character())
  paste0("<table>", paste0("<tr><th>", html_escape(sub("^(flag|eval|metric)_", "", names(values))),
                           "</th><td>", html_escape(vapply(values, function(v)
                             paste(format(v), collapse = " "), "")), "</td></tr>",
                           collapse = "\n"), "</table>")
}

html_escape <- function(text) {
  text <- gsub("&", "&amp;", as.character(text), fixed = TRUE)
  text <- gsub("<", "&lt;", text, fixed = TRUE)
  gsub(">", "&gt;", text, fixed = TRUE)
}

write_page <- function(title, sections, filename) {
  writeLines(c("<!DOCTYPE html>", "<html><head><meta charset='utf-8'>",
               paste0("<title>", html_escape(title), "</title>"),
               "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}",
               "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;vertical-align:top}",
               "table.compare>tbody>tr>td{width:50%}pre{background:#f6f6f6;padding:8px}",
               ".error{color:#a00}</style></head><body>",
               paste0("<h1>", html_escape(title), "</h1>"), sections, "</body></html>"),
             filename, useBytes = TRUE)
  invisible(filename)
}

# Shows the file in an interactive session; returns its path invisibly.
view_page <- function(filename, viewer) {
  if (interactive()) (viewer %||% utils::browseURL)(filename)
  invisible(filename)
}

# The run's archived R scripts: a named list of their text.
run_source_code <- function(run_dir) {
  archive <- file.path(run_dir, "tfruns.d", "source.tar.gz")
  if (!file.exists(archive)) return(list())
  dir <- tempfile("tfruns-source")
  on.exit(unlink(dir, recursive = TRUE), add = TRUE)
  utils::untar(archive, exdir = dir, tar = "internal")
  files <- list.files(file.path(dir, "source"), recursive = TRUE)
  lapply(stats::setNames(files, files), function(f)
    paste(readLines(file.path(dir, "source", f), warn = FALSE), collapse = "\n"))
}
