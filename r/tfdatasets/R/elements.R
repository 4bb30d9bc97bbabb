# Reading a dataset from R: its elements (as tensors or as R arrays), its
# element structure (dtypes and shapes), its length and its single element.

as_array_iterator <- function(dataset) {
  .check_dataset(dataset)
  dataset$as_numpy_iterator()
}

# The first iter_max elements, as a list of elements (tensors).
dataset_collect <- function(dataset, iter_max = Inf) {
  .check_dataset(dataset)
  if (!is.numeric(iter_max) || length(iter_max) != 1L || is.na(iter_max) || iter_max < 0)
    stop("`iter_max` must be a non-negative number (Inf for all elements)", call. = FALSE)
  it <- as_iterator(dataset)
  out <- list()
  while (length(out) < iter_max && !is.null(element <- iter_next(it)))
    out[[length(out) + 1L]] <- element
  out
}

# The first element, with x before y for a dict of x and y. In graph mode it
# is the tensors that give the next element each time sess$run() evaluates them.
next_batch <- function(dataset) {
  .check_dataset(dataset)
  if (isTRUE(tf$executing_eagerly())) {
    element <- iter_next(as_iterator(dataset))
    if (is.null(element)) stop("the dataset has no elements", call. = FALSE)
  } else {
    element <- tf$compat$v1$data$make_one_shot_iterator(dataset)$get_next()
  }
  if (identical(names(element), c("y", "x"))) element <- element[c("x", "y")]
  element
}

.spec_map <- function(spec, leaf) {
  if (is.list(spec)) return(lapply(spec, .spec_map, leaf = leaf))
  leaf(spec)
}

# The dtypes (shapes) of the components, in the element's structure: one
# value for a single tensor, an R list for a tuple or a dict. They are the
# static ones of the element spec: NA/None where tf.data does not know a
# dimension (the batch dimension unless drop_remainder = TRUE).
output_types <- function(object) {
  .check_dataset(object, "object")
  .spec_map(object$element_spec, function(s) if (py_has_attr(s, "dtype")) s$dtype else s)
}

output_shapes <- function(object) {
  .check_dataset(object, "object")
  .spec_map(object$element_spec, function(s) if (py_has_attr(s, "shape")) s$shape else s)
}

# The number of elements: Inf for an infinite dataset, NA when tf.data cannot
# tell without iterating (after dataset_filter(), say).
length.tf_dataset <- function(x) {
  n <- py_to_r(x$cardinality()$numpy())
  if (n == py_to_r(tf$data$INFINITE_CARDINALITY)) return(Inf)
  if (n == py_to_r(tf$data$UNKNOWN_CARDINALITY)) return(NA_real_)
  as.numeric(n)
}

length.tensorflow.python.data.ops.dataset_ops.DatasetV2 <- length.tf_dataset

# The single element of a dataset of one element.
as_tensor.tensorflow.python.data.ops.dataset_ops.DatasetV2 <- function(x, ..., name = NULL) {
  element <- .call(x$get_single_element, name = name)
  if (length(list(...))) as_tensor(element, ..., name = name) else element
}

as.array.tensorflow.python.data.ops.dataset_ops.DatasetV2 <- function(x, ...) {
  element <- x$get_single_element()
  if (!.is_tensor(element))
    stop("as.array() of a dataset needs a single-tensor element; this element has ",
         "several components (use as_tensor() for them)", call. = FALSE)
  as.array(element$numpy())
}
