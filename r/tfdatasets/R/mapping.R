# Transformations that call a user function, which tf.data traces once into
# its graph when the transformation is made. A tuple element reaches the
# function as separate arguments (function(x, y) on list(x, y) slices), a dict
# element as one named list; the function returns tensors, a list of them
# (a tuple) or a named list (a dict).

dataset_map <- function(dataset, map_func, num_parallel_calls = NULL, deterministic = NULL,
                        name = NULL) {
  .check_dataset(dataset)
  map_func <- .callable(map_func, "map_func")
  as_tf_dataset(.call(dataset$map, map_func,
                      num_parallel_calls = .int(num_parallel_calls, "num_parallel_calls"),
                      deterministic = deterministic, name = name))
}

# tf.data's map_and_batch was folded into map() followed by batch(), which
# tf.data fuses. num_parallel_batches batches in parallel means
# batch_size * num_parallel_batches parallel calls of map_func.
dataset_map_and_batch <- function(dataset, map_func, batch_size, num_parallel_batches = NULL,
                                  drop_remainder = FALSE, num_parallel_calls = NULL) {
  map_func <- .callable(map_func, "map_func")
  if (!is.null(num_parallel_batches) && !is.null(num_parallel_calls))
    stop("give `num_parallel_batches` or `num_parallel_calls`, not both", call. = FALSE)
  if (!is.null(num_parallel_batches))
    num_parallel_calls <- .int(batch_size, "batch_size") *
      .int(num_parallel_batches, "num_parallel_batches")
  mapped <- dataset_map(dataset, map_func, num_parallel_calls = num_parallel_calls)
  dataset_batch(mapped, batch_size, drop_remainder = drop_remainder)
}

dataset_filter <- function(dataset, predicate) {
  .check_dataset(dataset)
  predicate <- .callable(predicate, "predicate")
  as_tf_dataset(dataset$filter(predicate))
}

dataset_take_while <- function(dataset, predicate, name = NULL) {
  .check_dataset(dataset)
  predicate <- .callable(predicate, "predicate")
  as_tf_dataset(.call(dataset$take_while, predicate, name = name))
}

dataset_flat_map <- function(dataset, map_func) {
  .check_dataset(dataset)
  map_func <- .callable(map_func, "map_func")
  as_tf_dataset(dataset$flat_map(map_func))
}

dataset_interleave <- function(dataset, map_func, cycle_length = NULL, block_length = 1,
                               num_parallel_calls = NULL, deterministic = NULL, name = NULL) {
  .check_dataset(dataset)
  map_func <- .callable(map_func, "map_func")
  as_tf_dataset(.call(dataset$interleave, map_func,
                      cycle_length = .int(cycle_length, "cycle_length"),
                      block_length = .int(block_length, "block_length"),
                      num_parallel_calls = .int(num_parallel_calls, "num_parallel_calls"),
                      deterministic = deterministic, name = name))
}

dataset_scan <- function(dataset, initial_state, scan_func) {
  .check_dataset(dataset)
  scan_func <- .callable(scan_func, "scan_func")
  as_tf_dataset(dataset$scan(.structure(initial_state), scan_func))
}

# The final state of reduce_func(state, element) over the dataset (tensors,
# or an R list of them for a tuple state).
dataset_reduce <- function(dataset, initial_state, reduce_func) {
  .check_dataset(dataset)
  reduce_func <- .callable(reduce_func, "reduce_func")
  dataset$reduce(.structure(initial_state), reduce_func)
}

dataset_enumerate <- function(dataset, start = 0L) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$enumerate(.int(start, "start")))
}

dataset_unique <- function(dataset, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$unique, name = name))
}

dataset_rejection_resample <- function(dataset, class_func, target_dist, initial_dist = NULL,
                                       seed = NULL, name = NULL) {
  .check_dataset(dataset)
  class_func <- .callable(class_func, "class_func")
  as_tf_dataset(.call(dataset$rejection_resample, class_func,
                      target_dist = target_dist, initial_dist = initial_dist,
                      seed = .int(seed, "seed"), name = name))
}

dataset_group_by_window <- function(dataset, key_func, reduce_func, window_size = NULL,
                                    window_size_func = NULL, name = NULL) {
  .check_dataset(dataset)
  key_func <- .callable(key_func, "key_func")
  reduce_func <- .callable(reduce_func, "reduce_func")
  window_size_func <- .callable(window_size_func, "window_size_func")
  if (is.null(window_size) == is.null(window_size_func))
    stop("give exactly one of `window_size` and `window_size_func`", call. = FALSE)
  as_tf_dataset(.call(dataset$group_by_window, key_func, reduce_func,
                      window_size = .int(window_size, "window_size"),
                      window_size_func = window_size_func,
                      name = name))
}
