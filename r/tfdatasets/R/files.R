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

file_list_dataset <- function(file_pattern, shuffle = NULL, seed = NULL) {
  as_tf_dataset(.call(tf$data$Dataset$list_files, .filenames(file_pattern),
                      shuffle = shuffle, seed = .int(seed, "seed")))
}

# With a record_spec (csv_record_spec(), ...) the lines are decoded into dicts
# of columns (dataset_decode_delim()).
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

tfrecord_dataset <- function(filenames, compression_type = NULL, buffer_size = NULL,
                             num_parallel_reads = NULL) {
  as_tf_dataset(.call(tf$data$TFRecordDataset, .filenames(filenames),
                      compression_type = if (is.null(compression_type)) "" else compression_type,
                      buffer_size = .int(buffer_size, "buffer_size"),
                      num_parallel_reads = .int(num_parallel_reads, "num_parallel_reads")))
}

fixed_length_record_dataset <- function(filenames, record_bytes, header_bytes = NULL,
                                        footer_bytes = NULL, buffer_size = NULL) {
  as_tf_dataset(.call(tf$data$FixedLengthRecordDataset, .filenames(filenames),
                      record_bytes = .int(record_bytes, "record_bytes"),
                      header_bytes = .int(header_bytes, "header_bytes"),
                      footer_bytes = .int(footer_bytes, "footer_bytes"),
                      buffer_size = .int(buffer_size, "buffer_size")))
}
