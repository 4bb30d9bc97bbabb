# Rows of an SQL query (tf.data's SqlDataset; SQLite is its one driver) as
# dicts of the columns that sql_record_spec() names and types.

sql_record_spec <- function(names, types) {
  if (!is.character(names) || !length(names))
    stop("`names` must be the column names, a character vector", call. = FALSE)
  if (!is.list(types)) types <- as.list(types)
  if (length(types) != length(names))
    stop(sprintf("%d types for %d names", length(types), length(names)), call. = FALSE)
  .record_spec(names, types, defaults = NULL, delim = NULL, skip = NULL)
}

sql_dataset <- function(driver_name, data_source_name, query, record_spec) {
  if (!inherits(record_spec, "tf_dataset_record_spec") || is.null(record_spec$names))
    stop("`record_spec` must come from sql_record_spec()", call. = FALSE)
  dtypes <- tuple(lapply(record_spec$types, function(type) tf$as_dtype(type)))
  rows <- tf$data$experimental$SqlDataset(driver_name, data_source_name, query, dtypes)
  columns <- record_spec$names
  dataset_map(rows, function(...) stats::setNames(list(...), columns))
}

sqlite_dataset <- function(filename, query, record_spec) {
  if (is.character(filename)) filename <- path.expand(filename)
  sql_dataset("sqlite", filename, query, record_spec)
}
