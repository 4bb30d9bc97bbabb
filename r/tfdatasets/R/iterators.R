# TensorFlow 1-style iterators (tf$compat$v1$data): one-shot iterators work
# eagerly too; initializable ones, iterators from a structure and string
# handles need graph mode (use_compat("v1") / disable_eager_execution()),
# where their tensors are evaluated with sess$run(). Iteration ends with an
# OutOfRangeError, which with_dataset() and until_out_of_range() catch.

#' Create a TensorFlow 1 style iterator over a dataset
#'
#' @description
#' These call `tf$compat$v1$data`'s iterators, for scripts written in
#' TensorFlow 1's graph style. A one-shot iterator
#' (`make_iterator_one_shot()`) goes through the dataset once and also works
#' eagerly. The others need graph mode (`tf$compat$v1$disable_eager_execution()`
#' before anything else), where their tensors are evaluated with `sess$run()`:
#' an initializable iterator (`make_iterator_initializable()`) must be
#' initialized (`sess$run(iterator_initializer(it))`) before use and can be
#' re-initialized; an iterator from a structure
#' (`make_iterator_from_structure()`) is initialized for any dataset of that
#' structure with [iterator_make_initializer()]; an iterator from a string
#' handle (`make_iterator_from_string_handle()`) switches between iterators
#' fed through a placeholder. Get elements with [iterator_get_next()]; the end
#' of the data is an `OutOfRangeError` (see [with_dataset()]).
#'
#' @param dataset A dataset.
#' @param shared_name A name to share the iterator between sessions on the
#'   same devices, or `NULL`.
#' @param output_types The dtypes of the elements, as [output_types()] gives
#'   them.
#' @param output_shapes The shapes of the elements, as [output_shapes()]
#'   gives them; unknown when `NULL`.
#' @param string_handle A scalar string tensor (usually a placeholder) that
#'   is fed the handle of an iterator, from [iterator_string_handle()].
#'
#' @returns A `tf$compat$v1$data$Iterator`.
#' @md
#' @examples
#' \dontrun{
#' library(tensorflow)
#' tf$compat$v1$disable_eager_execution()
#' it <- range_dataset(0, 3) %>% make_iterator_initializable()
#' next_element <- iterator_get_next(it)
#' sess <- tf$compat$v1$Session()
#' sess$run(iterator_initializer(it))
#' until_out_of_range(print(sess$run(next_element)))
#' }
make_iterator_one_shot <- function(dataset) {
  .check_dataset(dataset)
  tf$compat$v1$data$make_one_shot_iterator(dataset)
}

#' @rdname make_iterator_one_shot
make_iterator_initializable <- function(dataset, shared_name = NULL) {
  .check_dataset(dataset)
  tf$compat$v1$data$make_initializable_iterator(dataset, shared_name = shared_name)
}

#' @rdname make_iterator_one_shot
make_iterator_from_structure <- function(output_types, output_shapes = NULL, shared_name = NULL) {
  tf$compat$v1$data$Iterator$from_structure(.structure(output_types),
                                            output_shapes = .structure(output_shapes),
                                            shared_name = shared_name)
}

#' @rdname make_iterator_one_shot
make_iterator_from_string_handle <- function(string_handle, output_types, output_shapes = NULL) {
  tf$compat$v1$data$Iterator$from_string_handle(string_handle, .structure(output_types),
                                                output_shapes = .structure(output_shapes))
}

#' Use a TensorFlow 1 style iterator
#'
#' @description
#' For the iterators of [make_iterator_one_shot()] and its kin:
#' `iterator_get_next()` gives the tensors of the next element (in graph
#' mode, the tensors that yield the next element each time `sess$run()`
#' evaluates them); `iterator_initializer()` the operation that initializes an
#' initializable iterator; `iterator_make_initializer()` the operation that
#' initializes an iterator made from a structure to read `dataset`;
#' `iterator_string_handle()` the string tensor whose value identifies the
#' iterator, to feed to the placeholder of an iterator from
#' [make_iterator_from_string_handle()].
#'
#' @param iterator An iterator.
#' @param name A name for the operation.
#' @param dataset A dataset with elements of the iterator's structure.
#'
#' @returns `iterator_get_next()`: a tensor or a list of tensors;
#'   `iterator_initializer()` and `iterator_make_initializer()`: an operation
#'   to run; `iterator_string_handle()`: a scalar string tensor.
#' @md
#' @examples
#' \dontrun{
#' it <- make_iterator_from_structure(output_types(train), output_shapes(train))
#' next_element <- iterator_get_next(it)
#' sess$run(iterator_make_initializer(it, train))
#' }
iterator_get_next <- function(iterator, name = NULL) {
  .call(iterator$get_next, name = name)
}

#' @rdname iterator_get_next
iterator_initializer <- function(iterator) iterator$initializer

#' @rdname iterator_get_next
iterator_string_handle <- function(iterator, name = NULL) {
  .call(iterator$string_handle, name = name)
}

#' @rdname iterator_get_next
iterator_make_initializer <- function(iterator, dataset, name = NULL) {
  .check_dataset(dataset)
  .call(iterator$make_initializer, dataset, name = name)
}

.is_out_of_range <- function(e) {
  inherits(e, "tensorflow.python.framework.errors_impl.OutOfRangeError") ||
    inherits(e, "python.builtin.StopIteration")
}

# An error handler that ignores the end of a dataset and re-signals any other error.
#' Stop at the end of a dataset
#'
#' @description
#' Reading past the end of a dataset is an error: TensorFlow's
#' `OutOfRangeError` (from an iterator in graph mode) or Python's
#' `StopIteration`. `with_dataset(expr)` evaluates `expr` and ends quietly on
#' such an error; `until_out_of_range(expr)` evaluates `expr` again and again
#' until it does (or until `expr` calls `break`). `out_of_range_handler()` is
#' the error handler they use: it ignores the end of a dataset and signals
#' any other error again, for your own `tryCatch()`.
#'
#' @param e An error condition.
#' @param expr The code to evaluate.
#'
#' @returns `NULL`, invisibly (`with_dataset()`: the value of `expr` when it
#'   ends without error).
#' @md
#' @examples
#' \dontrun{
#' next_element <- iterator_get_next(it)
#' until_out_of_range({
#'   batch <- sess$run(next_element)
#'   total <- total + sum(batch)
#' })
#'
#' with_dataset(repeat print(sess$run(next_element)))
#' tryCatch(sess$run(next_element), error = out_of_range_handler)
#' }
out_of_range_handler <- function(e) {
  if (!.is_out_of_range(e)) stop(e)
  invisible(NULL)
}

#' @rdname out_of_range_handler
with_dataset <- function(expr) {
  tryCatch(force(expr), error = out_of_range_handler)
}

# Evaluates expr again and again until the dataset behind it ends (or expr
# calls break).
#' @rdname out_of_range_handler
until_out_of_range <- function(expr) {
  expr <- substitute(expr)
  envir <- parent.frame()
  no_loop <- tryCatch(eval(quote(break), new.env()), error = conditionMessage)
  tryCatch(repeat eval(expr, envir), error = function(e) {
    if (!identical(conditionMessage(e), no_loop)) out_of_range_handler(e)
  })
  invisible(NULL)
}
