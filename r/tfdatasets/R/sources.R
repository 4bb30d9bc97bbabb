# Datasets made from R values and from other datasets: tensors, slices of
# tensors, integer ranges, random integers, zips and samples of datasets.

# The element structure tf.data should see: an unnamed list is a tuple, a
# named list or a data frame a dict (column by column), at every level. As
# reticulate converts a list with names, the keys are the names as they are
# ("" for an unnamed component), and of components with the same key the last
# one stays (with a warning).
.structure <- function(x) {
  if (is.data.frame(x)) x <- as.list(x)
  if (!is.list(x) || .is_py(x)) return(x)
  parts <- lapply(x, .structure)
  keys <- names(x)
  if (is.null(keys)) return(tuple(unname(parts)))
  keys[is.na(keys)] <- "NA"
  repeated <- unique(keys[duplicated(keys)])
  if (length(repeated))
    warning("components with the same name become one dict entry, the last of them: ",
            paste0('"', repeated, '"', collapse = ", "),
            " (a list with some names is a dict keyed by its names, \"\" for unnamed components)",
            call. = FALSE)
  py_dict(as.list(keys), unname(parts))
}

#' Create a dataset from tensors or R values
#'
#' @description
#' `tensor_slices_dataset()` (tf.data's `Dataset.from_tensor_slices()`) makes
#' a dataset with one element per slice of `tensors` along their first
#' dimension: the rows of a matrix or a data frame, the elements of a vector.
#' `tensors_dataset()` (`Dataset.from_tensors()`) makes a dataset with a
#' single element, `tensors` as a whole.
#'
#' The structure of `tensors` is the structure of each element, at every
#' level: an unnamed list is a tuple (its components reach a
#' [dataset_map()] function as separate arguments), a named list or a data
#' frame is a dict (one named list, column by column). A list with some names
#' missing is a dict too, keyed by its names (`""` for an unnamed component),
#' as reticulate converts it: of components with the same name, the last one
#' stays, with a warning. R values are converted as reticulate converts them: a
#' double vector becomes a `float32` tensor, an integer vector `int32`, a
#' matrix or array a NumPy array (`float64` for doubles). Slicing happens on
#' the CPU, so a large R array is not copied to a GPU first.
#'
#' @param tensors A tensor, an R vector, matrix or array, a data frame, or a
#'   (nested) list of them. For `tensor_slices_dataset()`, every component
#'   must have the same size in the first dimension.
#'
#' @returns A dataset (class `tf_dataset`).
#' @seealso [range_dataset()], [dataset_batch()], [zip_datasets()]
#' @md
#' @examples
#' \dontrun{
#' ds <- tensor_slices_dataset(list(x_train, y_train)) %>%
#'   dataset_shuffle(1000) %>%
#'   dataset_batch(32)
#'
#' rows <- tensor_slices_dataset(mtcars)   # elements are named lists of columns
#' one <- tensors_dataset(matrix(1:6, 2))  # one element, the whole matrix
#' }
tensors_dataset <- function(tensors) {
  as_tf_dataset(tf$data$Dataset$from_tensors(.structure(tensors)))
}

#' @rdname tensors_dataset
tensor_slices_dataset <- function(tensors) {
  # Slicing happens on the CPU: a large R array is not copied to a GPU first.
  with(tf$device("/cpu:0"), {
    dataset <- tf$data$Dataset$from_tensor_slices(.structure(tensors))
  })
  as_tf_dataset(dataset)
}

#' Create a dataset of the rows of a sparse tensor
#'
#' @description
#' Calls `Dataset.from_tensor_slices()` on a `tf$sparse$SparseTensor`: one
#' element per row (slice along the first dimension), each a sparse tensor.
#'
#' @param sparse_tensor A `tf$sparse$SparseTensor`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' library(tensorflow)
#' st <- tf$sparse$SparseTensor(indices = list(c(0L, 0L), c(1L, 2L)),
#'                              values = c(1, 2), dense_shape = c(3L, 4L))
#' ds <- sparse_tensor_slices_dataset(st)
#' }
sparse_tensor_slices_dataset <- function(sparse_tensor) {
  if (!inherits(sparse_tensor, "tensorflow.python.framework.sparse_tensor.SparseTensor"))
    stop("`sparse_tensor` must be a tf$sparse$SparseTensor", call. = FALSE)
  as_tf_dataset(tf$data$Dataset$from_tensor_slices(sparse_tensor))
}

#' Create a dataset of a range of integers
#'
#' @description
#' Calls `Dataset.range()`: the integers from `from` up to, **but not
#' including**, `to`, by steps of `by` (as Python's `range()`, not as R's
#' `seq()`): `range_dataset(1, 4)` gives 1, 2, 3. The bounds and step must be
#' whole numbers.
#'
#' @param from The first value.
#' @param to The end of the range (excluded).
#' @param by The step (negative for a decreasing range).
#' @param ... Must be empty: give `dtype` by name.
#' @param dtype The data type of the elements (`tf$int64` by default).
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 10) %>% dataset_map(~ .x * 2L)
#' range_dataset(to = 5, dtype = tf$int32)
#' }
range_dataset <- function(from = 0, to = 0, by = 1, ..., dtype = tf$int64) {
  rlang::check_dots_empty()
  as_tf_dataset(tf$data$Dataset$range(.int(from, "from"), .int(to, "to"), .int(by, "by"),
                                      output_type = dtype))
}

#' Create an endless dataset of random integers
#'
#' @description
#' Calls `Dataset.random()`: an infinite dataset of pseudo-random `int64`
#' integers. Take what you need with [dataset_take()].
#'
#' @param seed A seed (a whole number) for reproducible values, or `NULL`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' random_integer_dataset(seed = 42) %>% dataset_take(3) %>% dataset_collect()
#' }
random_integer_dataset <- function(seed = NULL) {
  as_tf_dataset(tf$data$Dataset$random(seed = .int(seed, "seed")))
}

# zip_datasets(a, b), zip_datasets(list(a, b)), zip_datasets(tuple(a, b)):
# elements are tuples;
# zip_datasets(x = a, y = b): elements are dicts.
#' Zip datasets together
#'
#' @description
#' Calls `Dataset.zip()`: each element of the result combines the elements
#' of the same position in each dataset, and the result ends with the
#' shortest dataset. With unnamed datasets (`zip_datasets(a, b)`,
#' `zip_datasets(list(a, b))` or `zip_datasets(tuple(a, b))`) each element is a
#' tuple; with named ones
#' (`zip_datasets(x = a, y = b)`) it is a dict. R's tfdatasets drops the names
#' and always makes tuples.
#'
#' @param ... The datasets, or a single list (or Python tuple) of them.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' features <- tensor_slices_dataset(x)
#' labels <- tensor_slices_dataset(y)
#' train <- zip_datasets(features, labels) %>% dataset_batch(32)
#' }
zip_datasets <- function(...) {
  datasets <- list(...)
  if (length(datasets) == 1L && is.list(datasets[[1L]]) && !.is_py(datasets[[1L]]))
    datasets <- datasets[[1L]]
  else if (length(datasets) == 1L && inherits(datasets[[1L]], "python.builtin.tuple"))
    datasets <- lapply(seq_len(py_len(datasets[[1L]])) - 1L, function(i)
      as_tf_dataset(py_get_item(datasets[[1L]], i)))
  if (!length(datasets)) stop("zip_datasets() needs at least one dataset", call. = FALSE)
  lapply(seq_along(datasets), function(i) .check_dataset(datasets[[i]], sprintf("..%d", i)))
  as_tf_dataset(tf$data$Dataset$zip(.structure(datasets)))
}

.dataset_list <- function(datasets) {
  if (.is_dataset(datasets) || !is.list(datasets) || !length(datasets))
    stop("`datasets` must be a non-empty list of datasets", call. = FALSE)
  for (i in seq_along(datasets)) .check_dataset(datasets[[i]], sprintf("datasets[[%d]]", i))
  unname(datasets)
}

#' Sample or choose elements from several datasets
#'
#' @description
#' `sample_from_datasets()` (tf.data's `Dataset.sample_from_datasets()`)
#' interleaves the datasets at random: each element comes from dataset `i`
#' with probability `weights[i]`. `choose_from_datasets()`
#' (`Dataset.choose_from_datasets()`) takes each element from the dataset that
#' the next element of `choice_dataset` names. The datasets must have
#' elements of the same structure.
#'
#' @param datasets A non-empty list of datasets.
#' @param weights The probabilities of the datasets (a numeric vector with
#'   one value per dataset), or a dataset of such vectors; equal
#'   probabilities when `NULL`.
#' @param seed A seed (a whole number) for the random choices, or `NULL`.
#' @param stop_on_empty_dataset Whether to end when one of the datasets ends
#'   (`TRUE`) or to go on with the others.
#' @param choice_dataset A dataset of scalar `int64` tensors, the index of the
#'   dataset to take each element from. The indices count **from 0**, as in
#'   tf.data.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' mixed <- sample_from_datasets(list(cats, dogs), weights = c(0.7, 0.3), seed = 1)
#'
#' choice <- tensor_slices_dataset(c(0L, 1L, 1L, 0L)) %>%
#'   dataset_map(~ tf$cast(.x, tf$int64))
#' alternated <- choose_from_datasets(list(cats, dogs), choice)
#' }
sample_from_datasets <- function(datasets, weights = NULL, seed = NULL,
                                 stop_on_empty_dataset = TRUE) {
  if (is.numeric(weights)) weights <- as.list(as.double(weights))
  as_tf_dataset(.call(tf$data$Dataset$sample_from_datasets, .dataset_list(datasets),
                      weights = weights, seed = .int(seed, "seed"),
                      stop_on_empty_dataset = stop_on_empty_dataset))
}

#' @rdname sample_from_datasets
choose_from_datasets <- function(datasets, choice_dataset, stop_on_empty_dataset = TRUE) {
  .check_dataset(choice_dataset, "choice_dataset")
  as_tf_dataset(tf$data$Dataset$choose_from_datasets(
    .dataset_list(datasets), choice_dataset,
    stop_on_empty_dataset = stop_on_empty_dataset))
}
