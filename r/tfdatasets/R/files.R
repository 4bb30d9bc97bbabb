# Datasets read from files: file names matching a pattern, lines of text,
# TFRecord records and fixed-length binary records (delimited text is in
# delimited.R).

.filenames <- function(filenames) {
  if (is.character(filenames)) {
    if (!length(filenames) || anyNA(filenames))
      stop("`filenames` must be one or more file names", call. = FALSE)
    return(if (length(filenames) == 1L) path.expand(filenames) else as.list(path.expand(filenames)))
  }
  filenames
}

#' Create a dataset of the file names matching a pattern
#'
#' @description
#' Calls `Dataset.list_files()`: a dataset of the names (string tensors) of
#' the files that match the glob pattern(s), such as `"data/*.csv"`. `~` is
#' expanded. Readers such as [text_line_dataset()] or [read_files()] read
#' the files.
#'
#' @param file_pattern One or more glob patterns (a character vector), or a
#'   string tensor of them.
#' @param shuffle Whether to shuffle the names (tf.data shuffles them when
#'   `NULL`).
#' @param seed A seed (a whole number) for the shuffling, or `NULL`.
#'
#' @returns A dataset (class `tf_dataset`) of file names.
#' @md
#' @examples
#' \dontrun{
#' files <- file_list_dataset("data/*.csv", shuffle = FALSE)
#' }
file_list_dataset <- function(file_pattern, shuffle = NULL, seed = NULL) {
  as_tf_dataset(.call(tf$data$Dataset$list_files, .filenames(file_pattern),
                      shuffle = shuffle, seed = .int(seed, "seed")))
}

# With a record_spec (csv_record_spec(), ...) the lines are decoded into dicts
# of columns (dataset_decode_delim()).
#' Create a dataset of the lines of text files
#'
#' @description
#' Calls `tf$data$TextLineDataset()`: one element per line of the files (a
#' string tensor, without the line end), file after file. With
#' `record_spec` (from [csv_record_spec()] and its kin), the lines are
#' decoded into named columns by [dataset_decode_delim()]. `~` in file names
#' is expanded.
#'
#' @param filenames The files: a character vector, a string tensor or a
#'   dataset of file names.
#' @param compression_type `""` (none), `"ZLIB"` or `"GZIP"`.
#' @param ... Must be empty: give the other arguments by name.
#' @param buffer_size The number of bytes of the read buffer (a whole
#'   number).
#' @param num_parallel_reads The number of files to read in parallel (a whole
#'   number); one after the other when `NULL`.
#' @param name A name for the tf.data operation.
#' @param record_spec A record specification to decode delimited lines with,
#'   or `NULL` for the lines as they are.
#' @param parallel_records The number of lines to decode in parallel, with
#'   `record_spec`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' lines <- text_line_dataset("notes.txt")
#' rows <- text_line_dataset("mtcars.csv", record_spec = csv_record_spec("mtcars.csv"))
#' }
text_line_dataset <- function(filenames, compression_type = NULL, ..., buffer_size = NULL,
                              num_parallel_reads = NULL, name = NULL, record_spec = NULL,
                              parallel_records = NULL) {
  rlang::check_dots_empty()
  dataset <- as_tf_dataset(.call(tf$data$TextLineDataset, .filenames(filenames),
                                 compression_type = compression_type,
                                 buffer_size = .int(buffer_size, "buffer_size"),
                                 num_parallel_reads = .int(num_parallel_reads,
                                                           "num_parallel_reads"),
                                 name = name))
  if (is.null(record_spec)) return(dataset)
  dataset_decode_delim(dataset, record_spec, parallel_records = parallel_records)
}

#' Create a dataset of the records of TFRecord files
#'
#' @description
#' Calls `tf$data$TFRecordDataset()`: one element per record (a string tensor
#' of serialized bytes, usually a `tf.train.Example` to parse with
#' `tf$io$parse_single_example()` in [dataset_map()]). `~` in file names is
#' expanded. Unlike R's tfdatasets, `buffer_size` and `num_parallel_reads`
#' are passed on.
#'
#' @param filenames The files: a character vector, a string tensor or a
#'   dataset of file names.
#' @param compression_type `""` (none, also for `NULL`), `"ZLIB"` or `"GZIP"`.
#' @param buffer_size The number of bytes of the read buffer (a whole number).
#' @param num_parallel_reads The number of files to read in parallel (a whole
#'   number).
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' records <- tfrecord_dataset("train.tfrecord") %>%
#'   dataset_map(function(record) tf$io$parse_single_example(record, features))
#' }
tfrecord_dataset <- function(filenames, compression_type = NULL, buffer_size = NULL,
                             num_parallel_reads = NULL) {
  as_tf_dataset(.call(tf$data$TFRecordDataset, .filenames(filenames),
                      compression_type = if (is.null(compression_type)) "" else compression_type,
                      buffer_size = .int(buffer_size, "buffer_size"),
                      num_parallel_reads = .int(num_parallel_reads, "num_parallel_reads")))
}

#' Create a dataset of fixed-length records of binary files
#'
#' @description
#' Calls `tf$data$FixedLengthRecordDataset()`: one element per record of
#' `record_bytes` bytes (a string tensor), after skipping a header and before
#' a footer in each file. `~` in file names is expanded. Decode the records
#' with `tf$io$decode_raw()` in [dataset_map()].
#'
#' @param filenames The files: a character vector, a string tensor or a
#'   dataset of file names.
#' @param record_bytes The size of each record, in bytes (a whole number).
#' @param header_bytes The number of bytes to skip at the start of each file.
#' @param footer_bytes The number of bytes to ignore at the end of each file.
#' @param buffer_size The number of bytes of the read buffer.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' images <- fixed_length_record_dataset("data_batch_1.bin", record_bytes = 3073) %>%
#'   dataset_map(~ tf$io$decode_raw(.x, tf$uint8))
#' }
fixed_length_record_dataset <- function(filenames, record_bytes, header_bytes = NULL,
                                        footer_bytes = NULL, buffer_size = NULL) {
  as_tf_dataset(.call(tf$data$FixedLengthRecordDataset, .filenames(filenames),
                      record_bytes = .int(record_bytes, "record_bytes"),
                      header_bytes = .int(header_bytes, "header_bytes"),
                      footer_bytes = .int(footer_bytes, "footer_bytes"),
                      buffer_size = .int(buffer_size, "buffer_size")))
}
