# Transformations that group consecutive elements into batches or windows,
# or split batches again.

#' Combine consecutive elements into batches
#'
#' @description
#' Calls the dataset's `batch()`: each element of the result stacks
#' `batch_size` consecutive elements along a new first dimension (the last
#' batch may be smaller). The elements must have the same shape; see
#' [dataset_padded_batch()] for elements of different lengths.
#'
#' @param dataset A dataset.
#' @param batch_size The number of elements per batch (a whole number, so
#'   `32` is fine).
#' @param drop_remainder Whether to drop the last batch when it is smaller,
#'   which gives batches of a static size (`output_shapes()` then knows the
#'   batch dimension).
#' @param num_parallel_calls The number of batches to make in parallel (a
#'   whole number, or `tf$data$AUTOTUNE`).
#' @param deterministic Whether the batches must keep their order when made
#'   in parallel; tf.data's default when `NULL`.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @seealso [dataset_unbatch()], [dataset_window()]
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 10) %>% dataset_batch(4)   # [0 1 2 3] [4 5 6 7] [8 9]
#' train <- tensor_slices_dataset(list(x, y)) %>% dataset_shuffle(1000) %>% dataset_batch(32)
#' }
dataset_batch <- function(dataset, batch_size, drop_remainder = FALSE, num_parallel_calls = NULL,
                          deterministic = NULL, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$batch, .int(batch_size, "batch_size"),
                      drop_remainder = drop_remainder,
                      num_parallel_calls = .int(num_parallel_calls, "num_parallel_calls"),
                      deterministic = deterministic, name = name))
}

#' Combine elements of different shapes into padded batches
#'
#' @description
#' Calls the dataset's `padded_batch()`: as [dataset_batch()], but each
#' component is padded to a common shape within the batch first.
#'
#' `padded_shapes` gives the shape to pad each component to: a number or
#' vector per component, with `NA` for "the longest in the batch", a list of
#' them for a tuple or dict element, a `shape()` or a tensor; when `NULL`,
#' every dimension is padded to the longest in the batch. An R number as
#' `padding_values` is converted to the dataset's data type when all its
#' components share one (tf.data wants the exact type).
#'
#' @param dataset A dataset.
#' @param batch_size The number of elements per batch (a whole number).
#' @param padded_shapes The shapes to pad to (see above), or `NULL`.
#' @param padding_values The values to pad with (a number, or a list of them
#'   per component); 0 (or `""` for strings) when `NULL`.
#' @param drop_remainder Whether to drop the last batch when it is smaller.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' # sequences 1, 1 2, 1 2 3, ... padded with -1
#' range_dataset(1, 6) %>%
#'   dataset_map(~ tf$range(1L, tf$cast(.x, tf$int32) + 1L)) %>%
#'   dataset_padded_batch(2, padded_shapes = NA, padding_values = -1)
#' }
dataset_padded_batch <- function(dataset, batch_size, padded_shapes = NULL,
                                 padding_values = NULL, drop_remainder = FALSE, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$padded_batch, .int(batch_size, "batch_size"),
                      padded_shapes = .padded_shapes(padded_shapes),
                      padding_values = .padding_values(padding_values, dataset$element_spec),
                      drop_remainder = drop_remainder, name = name))
}

#' Split batches, or batch again at other sizes
#'
#' @description
#' `dataset_unbatch()` calls the dataset's `unbatch()`: each batch is split
#' into its elements (along the first dimension). `dataset_rebatch()` calls
#' `rebatch()`: the elements of the batches are batched again with
#' `batch_size` elements per batch; a vector of sizes is cycled through.
#'
#' @param dataset A dataset.
#' @param batch_size The new batch size (a whole number), or a vector of
#'   them.
#' @param drop_remainder Whether to drop the last batch when it is smaller.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 12) %>% dataset_batch(4) %>% dataset_unbatch()
#' range_dataset(0, 12) %>% dataset_batch(4) %>% dataset_rebatch(c(2, 4))
#' }
dataset_unbatch <- function(dataset, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$unbatch, name = name))
}

# batch_size may be a vector: the batch sizes cycle through it.
#' @rdname dataset_unbatch
dataset_rebatch <- function(dataset, batch_size, drop_remainder = FALSE, name = NULL) {
  .check_dataset(dataset)
  sizes <- .int(batch_size, "batch_size")
  if (is.list(sizes)) sizes <- as.integer(unlist(sizes))
  as_tf_dataset(.call(dataset$rebatch, sizes, drop_remainder = drop_remainder, name = name))
}

# A dataset of datasets, each holding up to `size` consecutive elements.
#' Group consecutive elements into windows
#'
#' @description
#' Calls the dataset's `window()`: a dataset of windows, each a dataset of up
#' to `size` consecutive elements. A new window starts every `shift`
#' elements, and `stride` is the distance between the elements of a window.
#' Use [dataset_flat_map()] with [dataset_batch()] to turn the windows into
#' tensors.
#'
#' @param dataset A dataset.
#' @param size The number of elements per window (a whole number).
#' @param shift The number of elements between the starts of windows; `size`
#'   when `NULL`.
#' @param stride The distance between consecutive elements of a window.
#' @param drop_remainder Whether to drop the windows with fewer than `size`
#'   elements at the end.
#'
#' @returns A dataset (class `tf_dataset`) of datasets.
#' @md
#' @examples
#' \dontrun{
#' # overlapping windows 0 1 2, 1 2 3, 2 3 4, ... as tensors
#' range_dataset(0, 10) %>%
#'   dataset_window(3, shift = 1, drop_remainder = TRUE) %>%
#'   dataset_flat_map(~ dataset_batch(.x, 3))
#' }
dataset_window <- function(dataset, size, shift = NULL, stride = 1, drop_remainder = FALSE) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$window, .int(size, "size"), shift = .int(shift, "shift"),
                      stride = .int(stride, "stride"), drop_remainder = drop_remainder))
}

#' Batch sequences of similar lengths together
#'
#' @description
#' Calls the dataset's `bucket_by_sequence_length()`: elements are put in
#' buckets by the length `element_length_func` gives them, and each bucket is
#' batched (and padded) on its own, which wastes less padding than batching
#' sequences of all lengths together. The function is given and traced as for
#' [dataset_map()]. The boundaries and batch sizes must be whole numbers.
#'
#' @param dataset A dataset.
#' @param element_length_func A function of an element returning its length
#'   (an `int32` tensor).
#' @param bucket_boundaries The upper length bounds (exclusive) of the
#'   buckets, an increasing vector.
#' @param bucket_batch_sizes The batch size of each bucket: one more value
#'   than `bucket_boundaries`.
#' @param padded_shapes The shapes to pad to, as for
#'   [dataset_padded_batch()].
#' @param padding_values The values to pad with, as for
#'   [dataset_padded_batch()].
#' @param pad_to_bucket_boundary Whether to pad to the bucket's boundary
#'   (minus one) rather than to the longest element of the batch.
#' @param no_padding Whether the elements need no padding (they have the same
#'   shape, or are sparse).
#' @param drop_remainder Whether to drop the last batch of each bucket when it
#'   is smaller.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' batches <- sequences %>%
#'   dataset_bucket_by_sequence_length(
#'     element_length_func = function(x) tf$shape(x)[1],
#'     bucket_boundaries = c(10, 20),
#'     bucket_batch_sizes = c(32, 16, 8))
#' }
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
