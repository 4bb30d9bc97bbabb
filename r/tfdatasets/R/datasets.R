# tf$data datasets from R values, and the transformations R users pipe them
# through. Every function returns the dataset with the class "tf_dataset"
# in front of its Python classes, as the real tfdatasets does.

as_tf_dataset <- function(dataset) {
  if (!inherits(dataset, "tensorflow.python.data.ops.dataset_ops.DatasetV2"))
    stop("as_tf_dataset() needs a TensorFlow dataset (tf$data$Dataset), not ",
         class(dataset)[[1L]], call. = FALSE)
  if (!inherits(dataset, "tf_dataset")) class(dataset) <- c("tf_dataset", class(dataset))
  dataset
}

# ---- datasets from values --------------------------------------------------------------

# An unnamed list is one element made of several components (a tuple); a
# named list or a data frame gives named components (a dict).
.as_components <- function(tensors) {
  if (is.data.frame(tensors)) return(as.list(tensors))
  if (is.list(tensors) && !is_py_object(tensors) && is.null(names(tensors)))
    return(tuple(tensors))
  tensors
}

# The whole value as one element.
tensors_dataset <- function(tensors)
  as_tf_dataset(tf$data$Dataset$from_tensors(tensors = .as_components(tensors)))

# One element per slice along the first dimension (rows of a matrix, of a
# data frame). The slices are made on the CPU, whatever device is current.
tensor_slices_dataset <- function(tensors) {
  with(tf$device("CPU"),
       as_tf_dataset(tf$data$Dataset$from_tensor_slices(tensors = .as_components(tensors))))
}

# from, from + by, ... up to `to` (excluded), as Python's range().
range_dataset <- function(from = 0, to = 0, by = 1, ..., dtype = tf$int64) {
  if (length(list(...)))
    stop("range_dataset() takes `from`, `to`, `by` and `dtype` only", call. = FALSE)
  args <- list(.count(from, "from"), .count(to, "to"), .count(by, "by"))
  if (!missing(dtype)) args$output_type <- dtype
  as_tf_dataset(do.call(tf$data$Dataset$range, args))
}

# Elements of several datasets side by side (a tuple per element).
zip_datasets <- function(...) {
  datasets <- list(...)
  if (length(datasets) == 1L && is.list(datasets[[1L]]) && !is_py_object(datasets[[1L]]))
    datasets <- datasets[[1L]]
  as_tf_dataset(tf$data$Dataset$zip(tuple(datasets)))
}

# ---- transformations -------------------------------------------------------------------

# `map_func` gets an element's components as arguments (a named element as
# one named list) and returns the new element; an R function or an rlang
# formula (~ .x * 2). It is traced once into TensorFlow's graph.
dataset_map <- function(dataset, map_func, num_parallel_calls = NULL) {
  .check_dataset(dataset)
  args <- list(map_func = .as_function(map_func, "map_func"))
  if (!is.null(num_parallel_calls))
    args$num_parallel_calls <- .count(num_parallel_calls, "num_parallel_calls")
  as_tf_dataset(do.call(dataset$map, args))
}

# Keeps the elements for which `predicate` returns a true scalar tensor.
dataset_filter <- function(dataset, predicate) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$filter(.as_function(predicate, "predicate")))
}

dataset_batch <- function(dataset, batch_size, drop_remainder = FALSE, num_parallel_calls = NULL,
                          deterministic = NULL, name = NULL) {
  .check_dataset(dataset)
  args <- list(batch_size = .count(batch_size, "batch_size"), drop_remainder = drop_remainder)
  if (!is.null(num_parallel_calls))
    args$num_parallel_calls <- .count(num_parallel_calls, "num_parallel_calls")
  if (!is.null(deterministic)) args$deterministic <- deterministic
  if (!is.null(name)) args$name <- name
  as_tf_dataset(do.call(dataset$batch, args))
}

dataset_unbatch <- function(dataset, name = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$unbatch(name = name))
}

dataset_shuffle <- function(dataset, buffer_size, seed = NULL, reshuffle_each_iteration = NULL) {
  .check_dataset(dataset)
  args <- list(buffer_size = .count(buffer_size, "buffer_size"))
  if (!is.null(seed)) args$seed <- .count(seed, "seed")
  if (!is.null(reshuffle_each_iteration)) args$reshuffle_each_iteration <- reshuffle_each_iteration
  as_tf_dataset(do.call(dataset$shuffle, args))
}

# `count = NULL` repeats for ever.
dataset_repeat <- function(dataset, count = NULL) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$`repeat`(count = if (!is.null(count)) .count(count, "count")))
}

dataset_prefetch <- function(dataset, buffer_size = tf$data$AUTOTUNE) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$prefetch(.count(buffer_size, "buffer_size")))
}

dataset_take <- function(dataset, count) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$take(count = .count(count, "count")))
}

dataset_skip <- function(dataset, count) {
  .check_dataset(dataset)
  as_tf_dataset(dataset$skip(count = .count(count, "count")))
}

# In memory, or in files starting with `filename`.
dataset_cache <- function(dataset, filename = NULL) {
  .check_dataset(dataset)
  if (is.null(filename)) filename <- ""
  if (!is.character(filename) || length(filename) != 1L || is.na(filename))
    stop("`filename` must be a single string (or NULL to cache in memory)", call. = FALSE)
  as_tf_dataset(dataset$cache(filename))
}

# The elements of `dataset`, then those of each dataset in `...`.
dataset_concatenate <- function(dataset, ...) {
  .check_dataset(dataset)
  for (other in list(...)) {
    .check_dataset(other)
    dataset <- dataset$concatenate(other)
  }
  as_tf_dataset(dataset)
}

# ---- argument checks -----------------------------------------------------------------------

.check_dataset <- function(dataset) {
  if (!inherits(dataset, "tensorflow.python.data.ops.dataset_ops.DatasetV2"))
    stop("`dataset` must be a TensorFlow dataset (tensor_slices_dataset(), tf$data, ...), not ",
         class(dataset)[[1L]], call. = FALSE)
  invisible(dataset)
}

# A whole number as an integer (tensors, such as tf$data$AUTOTUNE, as they are).
.count <- function(x, what) {
  if (is_py_object(x)) return(x)
  if (!is.numeric(x) || length(x) != 1L || is.na(x) || x != trunc(x) ||
      abs(x) > .Machine$integer.max)
    stop(sprintf("`%s` must be a whole number", what), call. = FALSE)
  as.integer(x)
}

.as_function <- function(f, what) {
  if (is_py_object(f)) return(f)
  if (is.function(f) || rlang::is_formula(f)) return(rlang::as_function(f))
  stop(sprintf("`%s` must be an R function, a formula (~ .x + 1) or a Python callable", what),
       call. = FALSE)
}
