# Rows of an SQL query (tf.data's SqlDataset; SQLite is its one driver) as
# dicts of the columns that sql_record_spec() names and types.

#' Read the rows of an SQL query
#'
#' @description
#' `sql_dataset()` calls `tf$data$experimental$SqlDataset()`: one element per
#' row of the query's result, a dict (a named list) of the columns that
#' `record_spec` names, each a tensor of its type. SQLite is the only driver
#' tf.data has; `sqlite_dataset()` is `sql_dataset("sqlite", filename, ...)`
#' (with `~` expanded). `sql_record_spec()` names and types the columns the
#' query returns, in order.
#'
#' @param names The column names (a character vector), in the order of the
#'   query's columns.
#' @param types The column types, one per name: TensorFlow dtypes
#'   (`tf$int32`, `tf$float64`, `tf$string`) or their names (`"int32"`).
#' @param driver_name The database driver: `"sqlite"`.
#' @param data_source_name The database: for SQLite, the file name.
#' @param query The SQL `SELECT` query.
#' @param record_spec The columns of the result, from `sql_record_spec()`.
#' @param filename The SQLite database file.
#'
#' @returns `sql_record_spec()`: a record specification (class
#'   `tf_dataset_record_spec`). `sql_dataset()` and `sqlite_dataset()`: a
#'   dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' spec <- sql_record_spec(names = c("name", "age"), types = c("string", "int32"))
#' people <- sqlite_dataset("people.sqlite", "SELECT name, age FROM people", spec)
#' }
sql_record_spec <- function(names, types) {
  if (!is.character(names) || !length(names))
    stop("`names` must be the column names, a character vector", call. = FALSE)
  if (!is.list(types)) types <- as.list(types)
  if (length(types) != length(names))
    stop(sprintf("%d types for %d names", length(types), length(names)), call. = FALSE)
  .record_spec(names, types, defaults = NULL, delim = NULL, skip = NULL)
}

#' @rdname sql_record_spec
sql_dataset <- function(driver_name, data_source_name, query, record_spec) {
  if (!inherits(record_spec, "tf_dataset_record_spec") || is.null(record_spec$names))
    stop("`record_spec` must come from sql_record_spec()", call. = FALSE)
  dtypes <- tuple(lapply(record_spec$types, function(type) tf$as_dtype(type)))
  rows <- tf$data$experimental$SqlDataset(driver_name, data_source_name, query, dtypes)
  columns <- record_spec$names
  dataset_map(rows, function(...) stats::setNames(list(...), columns))
}

#' @rdname sql_record_spec
sqlite_dataset <- function(filename, query, record_spec) {
  if (is.character(filename)) filename <- path.expand(filename)
  sql_dataset("sqlite", filename, query, record_spec)
}
