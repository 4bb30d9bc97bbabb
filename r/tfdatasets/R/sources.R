# Datasets made from R values and from other datasets: tensors, slices of
# tensors, integer ranges, random integers, zips and samples of datasets.

# The element structure tf.data should see: an unnamed list is a tuple, a
# named list or a data frame a dict (column by column), at every level.
.structure <- function(x) {
  if (is.data.frame(x)) x <- as.list(x)
  if (!is.list(x) || .is_py(x)) return(x)
  parts <- lapply(x, .structure)
  if (is.null(names(x))) return(tuple(unname(parts)))
  if (any(!nzchar(names(x)) | is.na(names(x))))
    stop("name every component of the list, or none of them (an unnamed list is a tuple, ",
         "a named one a dict)", call. = FALSE)
  dict(parts)
}

tensors_dataset <- function(tensors) {
  as_tf_dataset(tf$data$Dataset$from_tensors(.structure(tensors)))
}

tensor_slices_dataset <- function(tensors) {
  # Slicing happens on the CPU: a large R array is not copied to a GPU first.
  with(tf$device("/cpu:0"), {
    dataset <- tf$data$Dataset$from_tensor_slices(.structure(tensors))
  })
  as_tf_dataset(dataset)
}

sparse_tensor_slices_dataset <- function(sparse_tensor) {
  if (!inherits(sparse_tensor, "tensorflow.python.framework.sparse_tensor.SparseTensor"))
    stop("`sparse_tensor` must be a tf$sparse$SparseTensor", call. = FALSE)
  as_tf_dataset(tf$data$Dataset$from_tensor_slices(sparse_tensor))
}

range_dataset <- function(from = 0, to = 0, by = 1, ..., dtype = tf$int64) {
  rlang::check_dots_empty()
  as_tf_dataset(tf$data$Dataset$range(.int(from, "from"), .int(to, "to"), .int(by, "by"),
                                      output_type = dtype))
}

random_integer_dataset <- function(seed = NULL) {
  as_tf_dataset(tf$data$Dataset$random(seed = .int(seed, "seed")))
}

# zip_datasets(a, b), zip_datasets(list(a, b)): elements are tuples;
# zip_datasets(x = a, y = b): elements are dicts.
zip_datasets <- function(...) {
  datasets <- list(...)
  if (length(datasets) == 1L && is.list(datasets[[1L]]) && !.is_py(datasets[[1L]]))
    datasets <- datasets[[1L]]
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

sample_from_datasets <- function(datasets, weights = NULL, seed = NULL,
                                 stop_on_empty_dataset = TRUE) {
  if (is.numeric(weights)) weights <- as.list(as.double(weights))
  as_tf_dataset(.call(tf$data$Dataset$sample_from_datasets, .dataset_list(datasets),
                      weights = weights, seed = .int(seed, "seed"),
                      stop_on_empty_dataset = stop_on_empty_dataset))
}

choose_from_datasets <- function(datasets, choice_dataset, stop_on_empty_dataset = TRUE) {
  .check_dataset(choice_dataset, "choice_dataset")
  as_tf_dataset(tf$data$Dataset$choose_from_datasets(
    .dataset_list(datasets), choice_dataset,
    stop_on_empty_dataset = stop_on_empty_dataset))
}
