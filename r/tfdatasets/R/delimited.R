# Delimited text (CSV, TSV): record specs that name and type the columns
# (read from an example file when not given), decoding lines with them, the
# tf.data CSV reader, and reading many files through one reader function.

.record_spec <- function(names, types, defaults, delim, skip) {
  structure(list(names = names, types = types, defaults = defaults, delim = delim,
                 skip = skip), class = "tf_dataset_record_spec")
}

.column_types <- c(i = "integer", d = "double", c = "character")

# types: full names or the abbreviations i, d, c (also as one string, "dic");
# without types, those of the defaults.
.record_types <- function(types, defaults) {
  if (is.null(types)) {
    types <- vapply(defaults, function(value) switch(typeof(value),
      integer = "integer", double = "double", "character"), character(1L))
  } else {
    types <- tolower(as.character(types))
    if (length(types) == 1L && grepl("^[idc]+$", types)) types <- strsplit(types, "")[[1L]]
    short <- types %in% names(.column_types)
    types[short] <- .column_types[types[short]]
    if (!all(types %in% .column_types))
      stop("column types must be \"integer\", \"double\" or \"character\" (or \"i\", \"d\", ",
           "\"c\"), not ", paste(setdiff(types, .column_types), collapse = ", "), call. = FALSE)
  }
  if (is.null(defaults)) {
    defaults <- lapply(unname(types), function(type)
      switch(type, integer = list(0L), double = list(0), character = list("")))
  } else {
    defaults <- lapply(unname(defaults), function(value) if (is.list(value)) value else list(value))
  }
  list(types = unname(types), defaults = defaults)
}

#' Specify the columns of delimited text files
#'
#' @description
#' A record specification names and types the columns of CSV, TSV or other
#' delimited text, for [text_line_dataset()] and [dataset_decode_delim()]. It
#' is an R list (class `tf_dataset_record_spec`) of the column names, their
#' types, their default values (for empty fields), the delimiter and the
#' number of lines to skip.
#'
#' What is not given is read from `example_file`, by `utils::read.table()` on
#' its first 1000 rows: the column names from its header line (which is then
#' skipped too) and the types from the values. `csv_record_spec()` and
#' `tsv_record_spec()` are `delim_record_spec()` with `delim = ","` and
#' `delim = "\t"`.
#'
#' @param example_file A file to read the column names and types from; not
#'   needed when `names` and `types` (or `defaults`) are given.
#' @param delim The field delimiter.
#' @param skip The number of lines to skip at the start of the file (before
#'   the header line, if the names are read from it).
#' @param names The column names (a character vector); read from the header
#'   line of `example_file` when `NULL`.
#' @param types The column types: `"integer"`, `"double"` or `"character"`,
#'   or their abbreviations `"i"`, `"d"` and `"c"` (also as a single string,
#'   `"dic"`). When `NULL`, the types of `defaults`, else those read from
#'   `example_file`.
#' @param defaults The value of each column for empty fields (a list or
#'   vector); `0`, `0` and `""` by type when `NULL`.
#'
#' @returns A record specification (class `tf_dataset_record_spec`).
#' @md
#' @examples
#' \dontrun{
#' spec <- csv_record_spec("mtcars.csv")
#' spec <- csv_record_spec(names = c("x", "y", "label"), types = "ddi")
#' ds <- text_line_dataset("mtcars.csv", record_spec = spec)
#' }
delim_record_spec <- function(example_file, delim = ",", skip = 0, names = NULL, types = NULL,
                              defaults = NULL) {
  skip <- .int(skip, "skip")
  if (!is.null(names) && !is.character(names))
    stop("`names` must be a character vector", call. = FALSE)
  preview <- NULL
  if (is.null(names) || (is.null(types) && is.null(defaults))) {
    if (missing(example_file))
      stop("give `example_file` to read the column names and types from, or give `names` ",
           "and `types` (or `defaults`)", call. = FALSE)
    preview <- utils::read.table(example_file, sep = delim, header = is.null(names),
                                 skip = skip, nrows = 1000L, quote = "\"", comment.char = "",
                                 stringsAsFactors = FALSE, check.names = FALSE,
                                 na.strings = character())
  }
  if (is.null(names)) {
    names <- colnames(preview)
    skip <- skip + 1L
  } else if (!is.null(preview) && length(names) != ncol(preview)) {
    stop(sprintf("%d names for a file of %d columns", length(names), ncol(preview)),
         call. = FALSE)
  }
  if (is.null(types) && is.null(defaults))
    types <- vapply(preview, function(column) switch(typeof(column),
      integer = "integer", double = "double", "character"), character(1L))
  resolved <- .record_types(types, defaults)
  if (length(resolved$types) != length(names))
    stop(sprintf("%d column types for %d columns", length(resolved$types), length(names)),
         call. = FALSE)
  .record_spec(names, resolved$types, resolved$defaults, delim, skip)
}

#' @rdname delim_record_spec
csv_record_spec <- function(example_file, skip = 0, names = NULL, types = NULL,
                            defaults = NULL) {
  delim_record_spec(example_file, delim = ",", skip = skip, names = names, types = types,
                    defaults = defaults)
}

#' @rdname delim_record_spec
tsv_record_spec <- function(example_file, skip = 0, names = NULL, types = NULL,
                            defaults = NULL) {
  delim_record_spec(example_file, delim = "\t", skip = skip, names = names, types = types,
                    defaults = defaults)
}

# Lines of delimited text as dicts of the spec's columns (after skipping the
# spec's header lines).
#' Decode lines of delimited text into columns
#'
#' @description
#' Skips the record specification's header lines, then maps
#' `tf$io$decode_csv()` over the lines: each element becomes a dict (a named
#' list) of the specification's columns, each a tensor of its type.
#'
#' @param dataset A dataset of lines, such as [text_line_dataset()] gives.
#' @param record_spec A record specification from [csv_record_spec()],
#'   [tsv_record_spec()] or [delim_record_spec()].
#' @param parallel_records The number of lines to decode in parallel (a whole
#'   number, or `tf$data$AUTOTUNE`).
#'
#' @returns A dataset (class `tf_dataset`) of named columns.
#' @md
#' @examples
#' \dontrun{
#' spec <- csv_record_spec("mtcars.csv")
#' rows <- text_line_dataset("mtcars.csv") %>% dataset_decode_delim(spec)
#' }
dataset_decode_delim <- function(dataset, record_spec, parallel_records = NULL) {
  .check_dataset(dataset)
  if (!inherits(record_spec, "tf_dataset_record_spec"))
    stop("`record_spec` must come from csv_record_spec(), tsv_record_spec() or ",
         "delim_record_spec()", call. = FALSE)
  decode <- function(line) {
    fields <- tf$io$decode_csv(line, record_defaults = record_spec$defaults,
                               field_delim = record_spec$delim)
    stats::setNames(fields, record_spec$names)
  }
  dataset %>%
    dataset_skip(record_spec$skip) %>%
    dataset_map(decode, num_parallel_calls = parallel_records)
}

# num_parallel_parser_calls is accepted for the scripts that pass it: tf.data's
# make_csv_dataset no longer has it (it picks the parallelism itself).
#' Read CSV files into batches of columns
#'
#' @description
#' Calls `tf$data$experimental$make_csv_dataset()`: reads CSV files into
#' batches, each a dict (a named list) of columns, with the column types
#' inferred from the first rows. With `label_name`, each element is instead a
#' tuple of the dict of features and the label column, ready for `fit()`.
#' Counts and sizes must be whole numbers; `~` in file names is expanded.
#'
#' @param file_pattern The files: names or glob patterns.
#' @param batch_size The number of rows per batch.
#' @param column_names The column names, for files without a header line.
#' @param column_defaults The default value (or type) of each column, for
#'   empty fields.
#' @param label_name The name of the label column, or `NULL`.
#' @param select_columns The columns to keep (names or 0-based positions, as
#'   tf.data takes them).
#' @param field_delim The field delimiter.
#' @param use_quote_delim Whether double quotes enclose fields (that may then
#'   contain the delimiter).
#' @param na_value The string that stands for a missing value.
#' @param header Whether the first line of each file is a header line.
#' @param num_epochs How many times to read the data; endlessly when `NULL`.
#' @param shuffle Whether to shuffle the rows.
#' @param shuffle_buffer_size The size of the shuffle buffer, in rows.
#' @param shuffle_seed A seed for the shuffling.
#' @param prefetch_buffer_size The number of batches to prefetch.
#' @param num_parallel_reads The number of files to read in parallel.
#' @param num_parallel_parser_calls Accepted for the scripts that give it;
#'   tf.data no longer takes it (it chooses the parallelism itself).
#' @param sloppy Whether rows may come in a nondeterministic order, which
#'   can be faster.
#' @param num_rows_for_inference How many rows to read to infer the column
#'   types.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' ds <- make_csv_dataset("titanic.csv", batch_size = 32, label_name = "survived",
#'                        num_epochs = 1)
#' }
make_csv_dataset <- function(file_pattern, batch_size, column_names = NULL,
                             column_defaults = NULL, label_name = NULL, select_columns = NULL,
                             field_delim = ",", use_quote_delim = TRUE, na_value = "",
                             header = TRUE, num_epochs = NULL, shuffle = TRUE,
                             shuffle_buffer_size = 10000, shuffle_seed = NULL,
                             prefetch_buffer_size = 1, num_parallel_reads = 1,
                             num_parallel_parser_calls = 2, sloppy = FALSE,
                             num_rows_for_inference = 100) {
  as_tf_dataset(.call(tf$data$experimental$make_csv_dataset, .filenames(file_pattern),
                      .int(batch_size, "batch_size"),
                      column_names = if (!is.null(column_names)) as.list(column_names),
                      column_defaults = column_defaults, label_name = label_name,
                      select_columns = if (!is.null(select_columns)) as.list(select_columns),
                      field_delim = field_delim, use_quote_delim = use_quote_delim,
                      na_value = na_value, header = header,
                      num_epochs = .int(num_epochs, "num_epochs"), shuffle = shuffle,
                      shuffle_buffer_size = .int(shuffle_buffer_size, "shuffle_buffer_size"),
                      shuffle_seed = .int(shuffle_seed, "shuffle_seed"),
                      prefetch_buffer_size = .int(prefetch_buffer_size, "prefetch_buffer_size"),
                      num_parallel_reads = .int(num_parallel_reads, "num_parallel_reads"),
                      sloppy = sloppy,
                      num_rows_for_inference = .int(num_rows_for_inference,
                                                    "num_rows_for_inference")))
}

# Reads files (names, a glob pattern, a tensor or a dataset of names) with
# reader(file, ...), parallel_files of them at a time, interleaving
# parallel_interleave records from each; num_shards/shard_index read a shard.
#' Read many files with one reader function
#'
#' @description
#' Calls `reader(file, ...)` for each file and interleaves the datasets it
#' returns (tf.data's `interleave()`): `parallel_files` files are read at a
#' time, taking `parallel_interleave` elements from each in turn. `files` may
#' be file names, a single glob pattern (through [file_list_dataset()]), a
#' string tensor or a dataset of file names; `num_shards` and `shard_index`
#' read one shard of the files only (see [dataset_shard()]).
#'
#' @param files The files to read (see above).
#' @param reader A function of a file name (a string tensor) returning a
#'   dataset, such as [text_line_dataset()], or a formula (`~
#'   text_line_dataset(.x, record_spec = spec)`).
#' @param ... Further arguments of `reader`.
#' @param parallel_files The number of files to read at a time.
#' @param parallel_interleave The number of consecutive elements to take from
#'   each file in turn.
#' @param num_shards The number of shards to divide the files into, or `NULL`
#'   for all of them.
#' @param shard_index The shard to read, counted from 0 as in tf.data.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' spec <- csv_record_spec("data/part-1.csv")
#' ds <- read_files("data/*.csv", text_line_dataset, record_spec = spec,
#'                  parallel_files = 4)
#' }
read_files <- function(files, reader, ..., parallel_files = 1, parallel_interleave = 1,
                       num_shards = NULL, shard_index = NULL) {
  if (is.character(files)) {
    names <- if (length(files) == 1L && grepl("[*?[]", files)) file_list_dataset(files)
      else tensor_slices_dataset(tf$constant(as.list(path.expand(files)), dtype = tf$string))
  } else if (.is_tensor(files)) {
    names <- tensor_slices_dataset(files)
  } else if (.is_dataset(files)) {
    names <- files
  } else {
    stop("`files` must be file names, a glob pattern, a tensor or a dataset of file names",
         call. = FALSE)
  }
  if (!is.null(num_shards)) names <- dataset_shard(names, num_shards, shard_index)
  reader <- rlang::as_function(reader)
  dataset_interleave(names, function(file) reader(file, ...), cycle_length = parallel_files,
                     block_length = parallel_interleave)
}
