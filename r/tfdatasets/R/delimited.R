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

csv_record_spec <- function(example_file, skip = 0, names = NULL, types = NULL,
                            defaults = NULL) {
  delim_record_spec(example_file, delim = ",", skip = skip, names = names, types = types,
                    defaults = defaults)
}

tsv_record_spec <- function(example_file, skip = 0, names = NULL, types = NULL,
                            defaults = NULL) {
  delim_record_spec(example_file, delim = "\t", skip = skip, names = names, types = types,
                    defaults = defaults)
}

# Lines of delimited text as dicts of the spec's columns (after skipping the
# spec's header lines).
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
