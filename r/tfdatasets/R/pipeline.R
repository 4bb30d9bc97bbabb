# Transformations that reorder, select, repeat or buffer elements without
# calling a user function: shuffle, repeat, take, skip, shard, concatenate,
# cache, prefetch, snapshot, options.

#' Shuffle the elements of a dataset
#'
#' @description
#' `dataset_shuffle()` calls the dataset's `shuffle()`: elements are drawn at
#' random from a buffer of `buffer_size` elements, refilled from the dataset
#' as they are drawn, so a buffer at least as large as the dataset gives a
#' uniform shuffle. `dataset_shuffle_and_repeat()` shuffles then repeats the
#' dataset (what tf.data's deprecated `shuffle_and_repeat()` became); each
#' repetition is shuffled anew.
#'
#' @param dataset A dataset.
#' @param buffer_size The number of elements in the shuffle buffer (a whole
#'   number).
#' @param seed A seed (a whole number) for the shuffling, or `NULL`.
#' @param reshuffle_each_iteration Whether each iteration over the dataset
#'   (each epoch) is shuffled differently; tf.data's default (`TRUE`) when
#'   `NULL`.
#' @param count The number of repetitions; endless when `NULL`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' ds <- range_dataset(0, 100) %>% dataset_shuffle(buffer_size = 100, seed = 1)
#' ds <- range_dataset(0, 100) %>% dataset_shuffle_and_repeat(100, count = 5)
#' }
dataset_shuffle <- function(dataset, buffer_size, seed = NULL, reshuffle_each_iteration = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$shuffle, .int(buffer_size, "buffer_size"),
                      seed = .int(seed, "seed"),
                      reshuffle_each_iteration = reshuffle_each_iteration))
}

#' Repeat a dataset
#'
#' @description
#' Calls the dataset's `repeat()`: the dataset's elements `count` times over,
#' or endlessly.
#'
#' @param dataset A dataset.
#' @param count The number of repetitions (a whole number); endless when
#'   `NULL`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 3) %>% dataset_repeat(2)   # 0 1 2 0 1 2
#' }
dataset_repeat <- function(dataset, count = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$`repeat`, count = .int(count, "count")))
}

# tf.data's shuffle_and_repeat was folded into shuffle() followed by repeat(),
# which tf.data fuses; a new permutation is drawn for each repetition.
#' @rdname dataset_shuffle
dataset_shuffle_and_repeat <- function(dataset, buffer_size, count = NULL, seed = NULL) {
  dataset_repeat(dataset_shuffle(dataset, buffer_size, seed = seed), count)
}

#' Take or skip the first elements of a dataset
#'
#' @description
#' `dataset_take()` calls the dataset's `take()`: a dataset of at most the
#' first `count` elements. `dataset_skip()` calls `skip()`: the elements after
#' the first `count`. A `count` of `-1` takes (or skips) all of them.
#'
#' @param dataset A dataset.
#' @param count The number of elements (a whole number).
#'
#' @returns A dataset (class `tf_dataset`).
#' @seealso [dataset_take_while()]
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 10) %>% dataset_take(3)   # 0 1 2
#' range_dataset(0, 10) %>% dataset_skip(8)   # 8 9
#' }
dataset_take <- function(dataset, count) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$take(.int(count, "count")))
}

#' @rdname dataset_take
dataset_skip <- function(dataset, count) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$skip(.int(count, "count")))
}

#' Keep one shard of a dataset
#'
#' @description
#' Calls the dataset's `shard()`: keeps every `num_shards`-th element,
#' starting at position `index`, so that `num_shards` workers with indices
#' `0` to `num_shards - 1` each read a different part. As in tf.data,
#' **`index` counts from 0**.
#'
#' @param dataset A dataset.
#' @param num_shards The number of shards (a whole number).
#' @param index The shard to keep, from `0` to `num_shards - 1`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 10) %>% dataset_shard(num_shards = 3, index = 0)   # 0 3 6 9
#' }
dataset_shard <- function(dataset, num_shards, index) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$shard(.int(num_shards, "num_shards"), .int(index, "index")))
}

#' Concatenate datasets
#'
#' @description
#' Calls the dataset's `concatenate()` with each of the other datasets in
#' turn: the elements of `dataset`, then those of each dataset in `...`. The
#' datasets must have elements of compatible structure and types.
#'
#' @param dataset A dataset.
#' @param ... The datasets to append.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' dataset_concatenate(range_dataset(0, 3), range_dataset(10, 12))   # 0 1 2 10 11
#' }
dataset_concatenate <- function(dataset, ...) {
  .check_dataset(dataset)
  others <- list(...)
  for (i in seq_along(others)) {
    .check_dataset(others[[i]], sprintf("..%d", i))
    dataset <- dataset$concatenate(others[[i]])
  }
  as_tf_dataset(dataset)
}

#' Cache the elements of a dataset
#'
#' @description
#' Calls the dataset's `cache()`: the first iteration stores the elements, in
#' memory or in files, and later iterations (epochs) read them from there
#' instead of recomputing them. `~` in `filename` is expanded.
#'
#' @param dataset A dataset.
#' @param filename The path prefix of the cache files, or `NULL` to cache in
#'   memory.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' ds <- text_line_dataset("big.csv") %>% dataset_map(parse) %>% dataset_cache()
#' }
dataset_cache <- function(dataset, filename = NULL) {
  .check_dataset(dataset)
  if (is.null(filename)) filename <- ""
  if (!is.character(filename) || length(filename) != 1L || is.na(filename))
    stop("`filename` must be a single string (or NULL to cache in memory)", call. = FALSE)
  as_tf_dataset(dataset$cache(path.expand(filename)))
}

#' Prefetch the elements of a dataset
#'
#' @description
#' `dataset_prefetch()` calls the dataset's `prefetch()`: elements are
#' prepared ahead while the current one is used (for example while the model
#' trains on the current batch). `dataset_prefetch_to_device()` applies
#' `tf$data$experimental$prefetch_to_device()`, which prefetches onto a
#' device such as a GPU; it must be the last transformation of the pipeline.
#'
#' @param dataset A dataset.
#' @param buffer_size The number of elements to prefetch (a whole number), or
#'   `tf$data$AUTOTUNE` to let tf.data choose (the default of
#'   `dataset_prefetch()`); for `dataset_prefetch_to_device()`, tf.data's
#'   default when `NULL`.
#' @param device The device to prefetch to, such as `"/gpu:0"`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' ds <- tensor_slices_dataset(list(x, y)) %>% dataset_batch(32) %>% dataset_prefetch()
#' }
dataset_prefetch <- function(dataset, buffer_size = tf$data$AUTOTUNE) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$prefetch(.int(buffer_size, "buffer_size")))
}

#' @rdname dataset_prefetch
dataset_prefetch_to_device <- function(dataset, device, buffer_size = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$apply(.call(tf$data$experimental$prefetch_to_device, device,
                                    buffer_size = .int(buffer_size, "buffer_size"))))
}

#' Save a dataset's elements to disk and read them back
#'
#' @description
#' Calls the dataset's `snapshot()`: the first iteration writes the elements
#' to files under `path`, and later iterations (also in later R sessions) read
#' them from there instead of recomputing them. `~` in `path` is expanded.
#'
#' @param dataset A dataset.
#' @param path The directory for the snapshot files.
#' @param compression `"AUTO"`, `"GZIP"`, `"SNAPPY"` or `"None"` (also `NULL`
#'   or `""`) for no compression.
#' @param reader_func A function (or formula) that reads the snapshot: it is
#'   given a dataset of datasets (the shards) and returns the dataset of
#'   elements; tf.data's default when `NULL`.
#' @param shard_func A function (or formula) of an element returning the
#'   `int64` shard to write it to; tf.data's default when `NULL`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' ds <- ds %>% dataset_snapshot(file.path(tempdir(), "snapshot"))
#' }
dataset_snapshot <- function(dataset, path, compression = c("AUTO", "GZIP", "SNAPPY", "None"),
                             reader_func = NULL, shard_func = NULL) {
  .check_dataset(dataset)
  reader_func <- .callable(reader_func, "reader_func")
  shard_func <- .callable(shard_func, "shard_func")
  if (is.null(compression) || identical(compression, "") || identical(compression, NA))
    compression <- "None"
  compression <- match.arg(compression)
  as_tf_dataset(.call(dataset$snapshot, path.expand(path),
                      compression = if (compression == "None") NULL else compression,
                      reader_func = reader_func, shard_func = shard_func))
}

# dataset_options(ds) gives the options; dataset_options(ds, a.b = value, ...),
# a named list of them, or tf$data$Options() objects set them.
#' Get or set the options of a dataset
#'
#' @description
#' With no options, `dataset_options()` returns the dataset's
#' `tf$data$Options()`. Otherwise it returns the dataset with the options set
#' (through `with_options()`): options are given by name, with dots reaching
#' nested options (`threading.private_threadpool_size = 2`,
#' `experimental_optimization.map_parallelization = TRUE`), as a single named
#' list of such options, or as `tf$data$Options()` objects, which are merged.
#' Whole numbers become integers.
#'
#' @param dataset A dataset.
#' @param ... Options, by name (see above), or `tf$data$Options()` objects.
#'
#' @returns With no options, the dataset's `tf$data$Options` object; else a
#'   dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' ds <- ds %>% dataset_options(deterministic = FALSE,
#'                              threading.private_threadpool_size = 2)
#' dataset_options(ds)$deterministic
#' }
dataset_options <- function(dataset, ...) {
  .check_dataset(dataset)
  settings <- list(...)
  if (!length(settings)) return(dataset$options())
  if (length(settings) == 1L && is.null(names(settings)) && is.list(settings[[1L]]) &&
      !.is_py(settings[[1L]]))
    settings <- settings[[1L]]
  options <- tf$data$Options()
  keys <- names(settings)
  if (is.null(keys)) keys <- character(length(settings))
  for (i in seq_along(settings)) {
    value <- settings[[i]]
    if (inherits(value, "tensorflow.python.data.ops.options.Options")) {
      options <- options$merge(value)
      next
    }
    if (is.na(keys[i]) || !nzchar(keys[i]))
      stop("dataset_options() takes named options (such as ",
           "`threading.private_threadpool_size = 2`) or tf$data$Options() objects", call. = FALSE)
    path <- strsplit(keys[i], ".", fixed = TRUE)[[1L]]
    target <- options
    for (part in path[-length(path)]) target <- py_get_attr(target, part)
    py_set_attr(target, path[length(path)], .int_if_whole(value))
  }
  as_tf_dataset(dataset$with_options(options))
}
