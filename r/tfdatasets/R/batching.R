# Transformations that group consecutive elements into batches or windows,
# or split batches again.

dataset_batch <- function(dataset, batch_size, drop_remainder = FALSE, num_parallel_calls = NULL,
                          deterministic = NULL, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$batch, .int(batch_size, "batch_size"),
                      drop_remainder = drop_remainder,
                      num_parallel_calls = .int(num_parallel_calls, "num_parallel_calls"),
                      deterministic = deterministic, name = name))
}

dataset_padded_batch <- function(dataset, batch_size, padded_shapes = NULL,
                                 padding_values = NULL, drop_remainder = FALSE, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$padded_batch, .int(batch_size, "batch_size"),
                      padded_shapes = .padded_shapes(padded_shapes),
                      padding_values = .padding_values(padding_values, dataset$element_spec),
                      drop_remainder = drop_remainder, name = name))
}

dataset_unbatch <- function(dataset, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$unbatch, name = name))
}

# batch_size may be a vector: the batch sizes cycle through it.
dataset_rebatch <- function(dataset, batch_size, drop_remainder = FALSE, name = NULL) {
  .check_dataset(dataset)
  sizes <- .int(batch_size, "batch_size")
  if (is.list(sizes)) sizes <- as.integer(unlist(sizes))
  as_tf_dataset(.call(dataset$rebatch, sizes, drop_remainder = drop_remainder, name = name))
}

# A dataset of datasets, each holding up to `size` consecutive elements.
dataset_window <- function(dataset, size, shift = NULL, stride = 1, drop_remainder = FALSE) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$window, .int(size, "size"), shift = .int(shift, "shift"),
                      stride = .int(stride, "stride"), drop_remainder = drop_remainder))
}

dataset_bucket_by_sequence_length <- function(dataset, element_length_func, bucket_boundaries,
                                              bucket_batch_sizes, padded_shapes = NULL,
                                              padding_values = NULL,
                                              pad_to_bucket_boundary = FALSE,
                                              no_padding = FALSE, drop_remainder = FALSE,
                                              name = NULL) {
  .check_dataset(dataset)
  element_length_func <- .callable(element_length_func, "element_length_func")
  as_list <- function(x, arg) { x <- .int(x, arg); if (is.list(x)) x else list(x) }
  as_tf_dataset(.call(dataset$bucket_by_sequence_length,
                      element_length_func,
                      as_list(bucket_boundaries, "bucket_boundaries"),
                      as_list(bucket_batch_sizes, "bucket_batch_sizes"),
                      padded_shapes = .padded_shapes(padded_shapes),
                      padding_values = .padding_values(padding_values, dataset$element_spec),
                      pad_to_bucket_boundary = pad_to_bucket_boundary,
                      no_padding = no_padding, drop_remainder = drop_remainder, name = name))
}
