# keras 2.x's time series preprocessing: TimeseriesGenerator (a tf_keras
# Sequence fit() takes as it is) and timeseries_dataset_from_array() (a
# TensorFlow dataset; its start_index and end_index are 1-based in R).

#' Batches of windows of a time series
#'
#' @description
#' A tf_keras `TimeseriesGenerator`: batches of sequences of `length` time
#' steps of `data` (every `sampling_rate`-th step), each with the target of the
#' step that follows; [fit()] and keras 2.x's `fit_generator()` train on it.
#'
#' @param data The time steps: a vector, matrix or array, time first.
#' @param targets The targets of the time steps (as many as `data`'s).
#' @param length The length of the windows, in time steps.
#' @param sampling_rate The period between the steps taken in a window.
#' @param stride The period between the starts of successive windows.
#' @param start_index,end_index The first and last time steps used, as
#'   Python's 0-based indices (`NULL`: to the end).
#' @param shuffle Whether the windows are shuffled.
#' @param reverse Whether the steps of each window are in reverse order.
#' @param batch_size The number of windows per batch.
#' @returns A TimeseriesGenerator.
#' @family time series preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' gen <- timeseries_generator(1:50, 1:50, length = 10, batch_size = 2)
#' }
timeseries_generator <- function(data, targets, length, sampling_rate = 1, stride = 1,
                                 start_index = 0, end_index = NULL, shuffle = FALSE,
                                 reverse = FALSE, batch_size = 128) {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("sequence"), "TimeseriesGenerator"),
                  data = keras_array(data), targets = keras_array(targets),
                  length = .keras2_int("length", length),
                  sampling_rate = .keras2_int("sampling_rate", sampling_rate),
                  stride = .keras2_int("stride", stride),
                  start_index = .keras2_int("start_index", start_index),
                  end_index = .keras2_int("end_index", end_index), shuffle = shuffle,
                  reverse = reverse,
                  batch_size = .keras2_int("batch_size", batch_size))
}

#' A dataset of windows of a time series
#'
#' @description
#' A TensorFlow dataset of batches of sequences of `sequence_length` time steps
#' of `data` (and, with `targets`, of the target of each sequence's first
#' step): tf_keras's `timeseries_dataset_from_array()`. Only the arguments
#' given reach Python.
#'
#' @param data The time steps: a vector, matrix or array, time first.
#' @param targets The target of each time step, or `NULL` for none.
#' @param sequence_length The length of the sequences, in time steps.
#' @param sequence_stride The period between the starts of successive sequences.
#' @param sampling_rate The period between the steps taken in a sequence.
#' @param batch_size The number of sequences per batch (`NULL`: not batched).
#' @param shuffle Whether the sequences are shuffled.
#' @param ... Further named arguments of the Python function.
#' @param seed The seed of the shuffle.
#' @param start_index,end_index The first and last time steps used, 1-based
#'   and inclusive (`end_index = -1`: the last).
#' @returns A TensorFlow dataset.
#' @family time series preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' ds <- timeseries_dataset_from_array(0:100, NULL, sequence_length = 10, batch_size = 11)
#' }
timeseries_dataset_from_array <- function(data, targets, sequence_length, sequence_stride = 1L,
                                          sampling_rate = 1L, batch_size = 128L,
                                          shuffle = FALSE, ..., seed = NULL,
                                          start_index = NULL, end_index = NULL) {
  args <- .keras2_supplied(match.call(), environment(), list(
    data = keras_array, targets = keras_array, sequence_length = "integer",
    sequence_stride = "integer", sampling_rate = "integer", batch_size = "integer",
    seed = "integer", start_index = .keras2_slice_start, end_index = .keras2_slice_end))
  .keras2_py_call(py_get_attr(.keras2_preprocessing(), "timeseries_dataset_from_array"), !!!args)
}

# A 1-based first index as Python's 0-based start (negative ones count from
# the end, as in Python).
.keras2_slice_start <- function(index) {
  index <- .keras2_whole(index, "start_index", NULL)
  if (index >= 1L) index - 1L else index
}

# A 1-based inclusive last index as Python's exclusive end: -1 (the last) is
# no end, other negative ones count from the end.
.keras2_slice_end <- function(index) {
  index <- .keras2_whole(index, "end_index", NULL)
  if (index == -1L) return(NULL)
  if (index < 0L) index + 1L else index
}
