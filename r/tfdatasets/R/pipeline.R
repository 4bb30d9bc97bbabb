# Transformations that reorder, select, repeat or buffer elements without
# calling a user function: shuffle, repeat, take, skip, shard, concatenate,
# cache, prefetch, snapshot, options.

dataset_shuffle <- function(dataset, buffer_size, seed = NULL, reshuffle_each_iteration = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$shuffle, .int(buffer_size, "buffer_size"),
                      seed = .int(seed, "seed"),
                      reshuffle_each_iteration = reshuffle_each_iteration))
}

dataset_repeat <- function(dataset, count = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$`repeat`, count = .int(count, "count")))
}

# tf.data's shuffle_and_repeat was folded into shuffle() followed by repeat(),
# which tf.data fuses; a new permutation is drawn for each repetition.
dataset_shuffle_and_repeat <- function(dataset, buffer_size, count = NULL, seed = NULL) {
  dataset_repeat(dataset_shuffle(dataset, buffer_size, seed = seed), count)
}

dataset_take <- function(dataset, count) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$take(.int(count, "count")))
}

dataset_skip <- function(dataset, count) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$skip(.int(count, "count")))
}

dataset_shard <- function(dataset, num_shards, index) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$shard(.int(num_shards, "num_shards"), .int(index, "index")))
}

dataset_concatenate <- function(dataset, ...) {
  .check_dataset(dataset)
  others <- list(...)
  for (i in seq_along(others)) {
    .check_dataset(others[[i]], sprintf("..%d", i))
    dataset <- dataset$concatenate(others[[i]])
  }
  as_tf_dataset(dataset)
}

dataset_cache <- function(dataset, filename = NULL) {
  .check_dataset(dataset)
  if (is.null(filename)) filename <- ""
  if (!is.character(filename) || length(filename) != 1L || is.na(filename))
    stop("`filename` must be a single string (or NULL to cache in memory)", call. = FALSE)
  as_tf_dataset(dataset$cache(path.expand(filename)))
}

dataset_prefetch <- function(dataset, buffer_size = tf$data$AUTOTUNE) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$prefetch(.int(buffer_size, "buffer_size")))
}

dataset_prefetch_to_device <- function(dataset, device, buffer_size = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$apply(.call(tf$data$experimental$prefetch_to_device, device,
                                    buffer_size = .int(buffer_size, "buffer_size"))))
}

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
