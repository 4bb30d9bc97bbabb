# Reading a dataset from R: its elements (as tensors or as R arrays), its
# element structure (dtypes and shapes), its length and its single element.

#' Iterate over a dataset as R arrays
#'
#' @description
#' Calls the dataset's `as_numpy_iterator()`: an iterator whose elements are
#' NumPy arrays, so `iterate()` and `iter_next()` give R arrays (in the
#' element's structure: a list for a tuple or dict) rather than tensors.
#' Iterating over the dataset itself (`as_iterator(dataset)`) gives tensors.
#'
#' @param dataset A dataset.
#'
#' @returns A Python iterator.
#' @seealso [dataset_collect()]
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 3) %>% as_array_iterator() %>% iterate()
#' it <- as_array_iterator(ds)
#' first <- iter_next(it)
#' }
as_array_iterator <- function(dataset) {
  .check_dataset(dataset)
  dataset$as_numpy_iterator()
}

# The first iter_max elements, as a list of elements (tensors).
#' Read the elements of a dataset
#'
#' @description
#' `dataset_collect()` iterates over the dataset and returns its first
#' `iter_max` elements (all of them by default: do not use it on an endless
#' dataset without `iter_max`). `next_batch()` gives the first element; for
#' a dict of `x` and `y`, `x` comes first. In graph mode (TensorFlow 1
#' style), `next_batch()` gives instead the tensors of a one-shot iterator,
#' which yield the next element each time `sess$run()` evaluates them.
#'
#' @param dataset A dataset.
#' @param iter_max The number of elements to read at most (`Inf` for all).
#'
#' @returns `dataset_collect()`: a list of elements, each a tensor or a list
#'   of tensors. `next_batch()`: one element.
#' @seealso [as_array_iterator()] for R arrays.
#' @md
#' @examples
#' \dontrun{
#' range_dataset(0, 10) %>% dataset_collect(iter_max = 3)
#' batch <- tensor_slices_dataset(list(x, y)) %>% dataset_batch(32) %>% next_batch()
#' }
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
#' @rdname dataset_collect
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
#' The data types and shapes of a dataset's elements
#'
#' @description
#' The dtypes (`output_types()`) and shapes (`output_shapes()`) of the
#' components of the dataset's elements, in the element's structure: one
#' value for an element that is a single tensor, a list for a tuple or a dict.
#' They are read from the dataset's `element_spec`, that is what tf.data
#' knows statically: a dimension it does not know is `None` (the batch
#' dimension after [dataset_batch()], unless `drop_remainder = TRUE`). R's
#' tfdatasets reads the first element instead.
#'
#' @param object A dataset.
#'
#' @returns `output_types()`: a `tf$DType`, or a list of them.
#'   `output_shapes()`: a `TensorShape`, or a list of them.
#' @md
#' @examples
#' \dontrun{
#' ds <- tensor_slices_dataset(list(matrix(0, 10, 3), 1:10)) %>% dataset_batch(4)
#' output_types(ds)
#' output_shapes(ds)   # (None, 3) and (None)
#' }
output_types <- function(object) {
  .check_dataset(object, "object")
  .spec_map(object$element_spec, function(s) if (py_has_attr(s, "dtype")) s$dtype else s)
}

#' @rdname output_types
output_shapes <- function(object) {
  .check_dataset(object, "object")
  .spec_map(object$element_spec, function(s) if (py_has_attr(s, "shape")) s$shape else s)
}

# The number of elements: Inf for an infinite dataset, NA when tf.data cannot
# tell without iterating (after dataset_filter(), say).
#' Length and single element of a dataset
#'
#' @description
#' `length()` of a dataset is its number of elements, from the dataset's
#' `cardinality()`: `Inf` for an endless dataset (after [dataset_repeat()])
#' and `NA` when tf.data cannot tell without reading it (after
#' [dataset_filter()], for example).
#'
#' `as_tensor()` gives the single element of a dataset that has exactly one
#' (its `get_single_element()`), such as the result of a reduction; with
#' further arguments, the element is then passed to `as_tensor()` again.
#' `as.array()` gives that element as an R array; it must be a single tensor.
#'
#' @param x A dataset.
#' @param ... For `as_tensor()`, further arguments of tensorflow's
#'   `as_tensor()` (such as `dtype`), applied to the element; unused by
#'   `as.array()`.
#' @param name A name for the tf.data operation.
#'
#' @returns `length()`: a number, `Inf` or `NA`. `as_tensor()`: the element
#'   (a tensor, or a list of them). `as.array()`: an R array.
#' @method length tf_dataset
#' @md
#' @examples
#' \dontrun{
#' length(range_dataset(0, 10))                       # 10
#' length(range_dataset(0, 10) %>% dataset_repeat())  # Inf
#' total <- range_dataset(0, 5) %>% dataset_batch(5) %>% as_tensor()
#' as.array(tensors_dataset(matrix(1:4, 2)))
#' }
length.tf_dataset <- function(x) {
  n <- py_to_r(x$cardinality()$numpy())
  if (n == py_to_r(tf$data$INFINITE_CARDINALITY)) return(Inf)
  if (n == py_to_r(tf$data$UNKNOWN_CARDINALITY)) return(NA_real_)
  as.numeric(n)
}

#' @rdname length.tf_dataset
#' @method length tensorflow.python.data.ops.dataset_ops.DatasetV2
length.tensorflow.python.data.ops.dataset_ops.DatasetV2 <- length.tf_dataset

# The single element of a dataset of one element.
#' @rdname length.tf_dataset
#' @method as_tensor tensorflow.python.data.ops.dataset_ops.DatasetV2
as_tensor.tensorflow.python.data.ops.dataset_ops.DatasetV2 <- function(x, ..., name = NULL) {
  element <- .call(x$get_single_element, name = name)
  if (length(list(...))) as_tensor(element, ..., name = name) else element
}

#' @rdname length.tf_dataset
#' @method as.array tensorflow.python.data.ops.dataset_ops.DatasetV2
as.array.tensorflow.python.data.ops.dataset_ops.DatasetV2 <- function(x, ...) {
  element <- x$get_single_element()
  if (!.is_tensor(element))
    stop("as.array() of a dataset needs a single-tensor element; this element has ",
         "several components (use as_tensor() for them)", call. = FALSE)
  as.array(element$numpy())
}
