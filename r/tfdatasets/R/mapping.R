# Transformations that call a user function, which tf.data traces once into
# its graph when the transformation is made. A tuple element reaches the
# function as separate arguments (function(x, y) on list(x, y) slices), a dict
# element as one named list; the function returns tensors, a list of them
# (a tuple) or a named list (a dict).

#' Transform each element of a dataset
#'
#' @description
#' `dataset_map()` calls the dataset's `map()`: a dataset of
#' `map_func(element)` for each element. `dataset_map_and_batch()` maps and
#' then batches (what tf.data's deprecated `map_and_batch()` became; tf.data
#' fuses the two).
#'
#' `map_func` may be an R function, a purrr-style formula (`~ .x * 2`, with
#' `.x` and `.y` for the first two arguments) or a Python callable. A tuple
#' element reaches it as separate arguments (`function(x, y)` on
#' `tensor_slices_dataset(list(x, y))`), a dict element as one named list. It
#' returns a tensor, an unnamed list (a tuple) or a named list (a dict).
#'
#' tf.data traces the function once, when the transformation is made, into
#' its graph: the R code does not run for each element, so R `if` on a
#' tensor is decided at that time; use `tf$where()`, `tf$cond()` and tensor
#' operations for per-element logic. An R error in the function is an error
#' of class `tfdatasets_function_error` that names the transformation and the
#' argument, with the original condition as its `parent`.
#'
#' @param dataset A dataset.
#' @param map_func The function to apply (see above).
#' @param num_parallel_calls The number of elements to process in parallel
#'   (a whole number, or `tf$data$AUTOTUNE`); one at a time when `NULL`.
#' @param deterministic Whether the elements must keep their order when
#'   processed in parallel; tf.data's default when `NULL`.
#' @param name A name for the tf.data operation.
#' @param batch_size The number of elements per batch (a whole number).
#' @param num_parallel_batches The number of batches to make in parallel:
#'   `batch_size * num_parallel_batches` parallel calls of `map_func`. Give
#'   it or `num_parallel_calls`, not both.
#' @param drop_remainder Whether to drop the last batch when it has fewer
#'   than `batch_size` elements.
#'
#' @returns A dataset (class `tf_dataset`).
#' @seealso [dataset_filter()], [dataset_batch()]
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 5) %>% dataset_map(~ .x * 2L)
#'
#' tensor_slices_dataset(list(x, y)) %>%
#'   dataset_map(function(x, y) list(x / 255, y), num_parallel_calls = tf$data$AUTOTUNE)
#'
#' tensor_slices_dataset(mtcars) %>%
#'   dataset_map(function(row) list(row$mpg, row$cyl))
#' }
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
#' @rdname dataset_map
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

#' Keep the elements of a dataset that satisfy a predicate
#'
#' @description
#' `dataset_filter()` calls the dataset's `filter()`: the elements for which
#' `predicate` is true. `dataset_take_while()` calls `take_while()`: the
#' elements up to the first for which it is false. The predicate is given and
#' traced as the function of [dataset_map()] is, and returns a scalar boolean
#' tensor.
#'
#' @param dataset A dataset.
#' @param predicate An R function, a formula (`~ .x > 5L`) or a Python
#'   callable.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 10) %>% dataset_filter(function(x) x %% 2L == 0L)
#' range_dataset(0, 10) %>% dataset_take_while(~ .x < 3L)
#' }
dataset_filter <- function(dataset, predicate) {
  .check_dataset(dataset)
  predicate <- .callable(predicate, "predicate")
  as_tf_dataset(dataset$filter(predicate))
}

#' @rdname dataset_filter
dataset_take_while <- function(dataset, predicate, name = NULL) {
  .check_dataset(dataset)
  predicate <- .callable(predicate, "predicate")
  as_tf_dataset(.call(dataset$take_while, predicate, name = name))
}

#' Map each element to a dataset and flatten the result
#'
#' @description
#' Calls the dataset's `flat_map()`: `map_func` returns a dataset for each
#' element, and the result is the elements of those datasets, one dataset
#' after the other. The function is given and traced as for [dataset_map()].
#'
#' @param dataset A dataset.
#' @param map_func An R function, formula or Python callable returning a
#'   dataset.
#'
#' @returns A dataset (class `tf_dataset`).
#' @seealso [dataset_interleave()]
#' @md
#' @examples
#' \dontrun{
#' range_dataset(1, 4) %>% dataset_flat_map(~ tensors_dataset(.x) %>% dataset_repeat(3))
#' }
dataset_flat_map <- function(dataset, map_func) {
  .check_dataset(dataset)
  map_func <- .callable(map_func, "map_func")
  as_tf_dataset(dataset$flat_map(map_func))
}

#' Map each element to a dataset and interleave the results
#'
#' @description
#' Calls the dataset's `interleave()`: as [dataset_flat_map()], but the
#' datasets `map_func` returns are read `cycle_length` at a time, taking
#' `block_length` consecutive elements from each in turn. This is how many
#' files are read at once (see [read_files()]).
#'
#' @param dataset A dataset.
#' @param map_func An R function, formula or Python callable returning a
#'   dataset.
#' @param cycle_length The number of datasets read at a time (a whole
#'   number); tf.data's default when `NULL`.
#' @param block_length The number of consecutive elements taken from each
#'   dataset.
#' @param num_parallel_calls The number of datasets read in parallel (a whole
#'   number, or `tf$data$AUTOTUNE`).
#' @param deterministic Whether the elements must keep their order when read
#'   in parallel; tf.data's default when `NULL`.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' files <- file_list_dataset("logs/*.txt")
#' lines <- files %>% dataset_interleave(~ text_line_dataset(.x), cycle_length = 4)
#' }
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

#' Reduce a dataset, keeping the intermediate states or the final one
#'
#' @description
#' Both carry a state through the elements. `dataset_scan()` calls the
#' dataset's `scan()`: `scan_func(state, element)` returns `list(new_state,
#' output)`, and the result is the dataset of outputs. `dataset_reduce()` calls
#' `reduce()`: `reduce_func(state, element)` returns the new state, and the
#' result is the final state. The initial state is converted as the values of
#' [tensor_slices_dataset()] are (an unnamed list is a tuple, whose components
#' reach the function separately). The functions are given and traced as for
#' [dataset_map()].
#'
#' @param dataset A dataset.
#' @param initial_state The initial state: a tensor, an R value, or a list of
#'   them.
#' @param scan_func `function(state, element)` returning `list(new_state,
#'   output)`.
#' @param reduce_func `function(state, element)` returning the new state.
#'
#' @returns `dataset_scan()`: a dataset (class `tf_dataset`).
#'   `dataset_reduce()`: the final state, a tensor (or a list of tensors).
#' @md
#' @examples
#' \dontrun{
#' # running sums: 0 1 3 6 10
#' range_dataset(0, 5) %>%
#'   dataset_scan(tf$constant(0L, tf$int64), function(state, x) list(state + x, state + x))
#'
#' range_dataset(0, 5) %>%
#'   dataset_reduce(tf$constant(0L, tf$int64), function(state, x) state + x)   # 10
#' }
dataset_scan <- function(dataset, initial_state, scan_func) {
  .check_dataset(dataset)
  scan_func <- .callable(scan_func, "scan_func")
  as_tf_dataset(dataset$scan(.structure(initial_state), scan_func))
}

# The final state of reduce_func(state, element) over the dataset (tensors,
# or an R list of them for a tuple state).
#' @rdname dataset_scan
dataset_reduce <- function(dataset, initial_state, reduce_func) {
  .check_dataset(dataset)
  reduce_func <- .callable(reduce_func, "reduce_func")
  dataset$reduce(.structure(initial_state), reduce_func)
}

#' Number the elements of a dataset
#'
#' @description
#' Calls the dataset's `enumerate()`: each element becomes a tuple of its
#' index (an `int64` tensor) and the element. The numbering starts at
#' `start`, which is **0 by default**, as in tf.data.
#'
#' @param dataset A dataset.
#' @param start The index of the first element (a whole number).
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' tensor_slices_dataset(c(10, 20, 30)) %>% dataset_enumerate(start = 1)
#' }
dataset_enumerate <- function(dataset, start = 0L) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$enumerate(.int(start, "start")))
}

#' Drop repeated elements of a dataset
#'
#' @description
#' Calls the dataset's `unique()`: each distinct element once, in the order
#' of first appearance. The elements must be scalars of type `int32`, `int64`
#' or `string`.
#'
#' @param dataset A dataset.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' tensor_slices_dataset(c(1L, 2L, 1L, 3L)) %>% dataset_unique()   # 1 2 3
#' }
dataset_unique <- function(dataset, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(.call(dataset$unique, name = name))
}

#' Resample a dataset to a target class distribution
#'
#' @description
#' Calls the dataset's `rejection_resample()`: elements are dropped at random
#' so that the classes `class_func` gives them follow `target_dist`. Each
#' element of the result is a tuple of its class and the element. Class
#' indices count **from 0**, as in tf.data (`target_dist[1]` is the
#' probability of class 0).
#'
#' @param dataset A dataset.
#' @param class_func An R function, formula or Python callable returning the
#'   class of an element, a scalar `int32` tensor (traced as for
#'   [dataset_map()]).
#' @param target_dist The wanted probability of each class (a numeric vector).
#' @param initial_dist The probability of each class in `dataset`, if known;
#'   estimated as the data are read when `NULL`.
#' @param seed A seed (a whole number) for the random choices, or `NULL`.
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`) of `(class, element)` tuples.
#' @md
#' @examples
#' \dontrun{
#' balanced <- ds %>%
#'   dataset_rejection_resample(function(x, y) tf$cast(y, tf$int32), target_dist = c(0.5, 0.5))
#' }
dataset_rejection_resample <- function(dataset, class_func, target_dist, initial_dist = NULL,
                                       seed = NULL, name = NULL) {
  .check_dataset(dataset)
  class_func <- .callable(class_func, "class_func")
  as_tf_dataset(.call(dataset$rejection_resample, class_func,
                      target_dist = target_dist, initial_dist = initial_dist,
                      seed = .int(seed, "seed"), name = name))
}

#' Group elements by key and reduce each group in windows
#'
#' @description
#' Calls the dataset's `group_by_window()`: `key_func` gives each element an
#' `int64` key; the elements of each key are gathered in windows of up to
#' `window_size` elements (or of `window_size_func(key)` elements), and
#' `reduce_func(key, window)` turns each window (a dataset) into a dataset.
#' The functions are given and traced as for [dataset_map()]. Give exactly one
#' of `window_size` and `window_size_func`.
#'
#' @param dataset A dataset.
#' @param key_func A function of an element returning its `int64` key.
#' @param reduce_func `function(key, window)` returning a dataset, such as
#'   the window batched.
#' @param window_size The number of elements per window (a whole number).
#' @param window_size_func A function of a key returning its window size (an
#'   `int64` tensor).
#' @param name A name for the tf.data operation.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' # batches of 5 even or 5 odd numbers
#' range_dataset(0, 20) %>%
#'   dataset_group_by_window(key_func = ~ .x %% 2L,
#'                           reduce_func = function(key, window) dataset_batch(window, 5),
#'                           window_size = 5)
#' }
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
