# Run metadata under <run>/tfruns.d: properties (one file each), flags,
# evaluation and error (JSON), metrics (JSON by column), the sources (a
# tarball). Writes made before a run is active wait for the next run.

#' Write run metadata
#'
#' @description
#' Records metadata of the active training run (keras calls it during `fit()`).
#' When no run is active the write waits until [training_run()] starts one.
#' Types: `"flags"`, `"evaluation"` and `"error"` (named lists, as JSON),
#' `"properties"` (named values, each stored as a string), `"metrics"` (a data
#' frame of per-epoch metrics, a column per metric), `"source"` (a directory
#' whose R scripts are archived); any other type takes a function of the
#' metadata directory that writes the data. `write_run_data()` is the older
#' name, for a custom type.
#'
#' @param type The type of metadata.
#' @param data The metadata, or for another type a function of the metadata
#'   directory.
#' @param run_dir The run directory to write into (the active run's by
#'   default).
#' @returns `NULL`, invisibly.
#' @keywords internal
#' @md
#' @examples
#' \dontrun{
#' write_run_metadata("properties", list(optimizer = "adam"))
#' write_run_metadata("notes", function(data_dir)
#'   writeLines("first try", file.path(data_dir, "notes.txt")))
#' }
write_run_metadata <- function(type, data, run_dir = NULL) {
  if (!is.character(type) || length(type) != 1L || !nzchar(type))
    stop("`type` must be a single non-empty string", call. = FALSE)
  write <- switch(type,
    flags = , evaluation = , error = function(dir)
      jsonlite::write_json(unclass(data), file.path(dir, paste0(type, ".json")),
                           auto_unbox = TRUE, pretty = TRUE, force = TRUE, digits = NA),
    properties = function(dir) {
      properties <- file.path(dir, "properties")
      if (!utils::file_test("-d", properties)) dir.create(properties, recursive = TRUE)
      for (name in names(data))
        writeLines(as.character(data[[name]]), file.path(properties, name))
    },
    metrics = function(dir) write_metrics_json(data, file.path(dir, "metrics.json")),
    source = function(dir) write_source_archive(data, dir),
    {
      if (!is.function(data))
        stop(sprintf("write_run_metadata(): for the type \"%s\", `data` must be a function ",
                     type), "of the metadata directory", call. = FALSE)
      data
    })
  if (!is.null(run_dir)) write(meta_dir(run_dir))
  else if (is_run_active()) write(meta_dir(run_dir()))
  else .globals$run_dir$pending_writes[[type]] <- write
  invisible(NULL)
}

#' @rdname write_run_metadata
write_run_data <- function(type, data) write_run_metadata(paste0("custom", type), data)

write_run_property <- function(name, value)
  write_run_metadata("properties", stats::setNames(list(value), name))

write_metrics_json <- function(metrics, path)
  jsonlite::write_json(metrics, path, pretty = TRUE, dataframe = "columns", na = "null")

# The R scripts of `sources_dir` (not its subdirectories, as tfruns) as
# tfruns.d/source.tar.gz, under a directory "source".
write_source_archive <- function(sources_dir, data_dir) {
  data_dir <- normalizePath(data_dir)
  scripts <- list.files(sources_dir, pattern = "[.][rR]$", full.names = TRUE)
  staging <- tempfile("tfruns-sources")
  on.exit(unlink(staging, recursive = TRUE), add = TRUE)
  dir.create(file.path(staging, "source"), recursive = TRUE)
  file.copy(scripts, file.path(staging, "source"))
  wd <- setwd(staging)
  on.exit(setwd(wd), add = TRUE, after = FALSE)
  suppressWarnings(utils::tar(file.path(data_dir, "source.tar.gz"), files = "source",
                              compression = "gzip", tar = "internal"))
}

# A run's metadata directory, created when missing (unless create = FALSE).
meta_dir <- function(run_dir, create = TRUE) {
  dir <- file.path(run_dir, "tfruns.d")
  if (create && !utils::file_test("-d", dir)) dir.create(dir, recursive = TRUE)
  dir
}
