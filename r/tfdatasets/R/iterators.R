# TensorFlow 1-style iterators (tf$compat$v1$data): one-shot iterators work
# eagerly too; initializable ones, iterators from a structure and string
# handles need graph mode (use_compat("v1") / disable_eager_execution()),
# where their tensors are evaluated with sess$run(). Iteration ends with an
# OutOfRangeError, which with_dataset() and until_out_of_range() catch.

make_iterator_one_shot <- function(dataset) {
  .check_dataset(dataset)
  tf$compat$v1$data$make_one_shot_iterator(dataset)
}

make_iterator_initializable <- function(dataset, shared_name = NULL) {
  .check_dataset(dataset)
  tf$compat$v1$data$make_initializable_iterator(dataset, shared_name = shared_name)
}

make_iterator_from_structure <- function(output_types, output_shapes = NULL, shared_name = NULL) {
  tf$compat$v1$data$Iterator$from_structure(.structure(output_types),
                                            output_shapes = .structure(output_shapes),
                                            shared_name = shared_name)
}

make_iterator_from_string_handle <- function(string_handle, output_types, output_shapes = NULL) {
  tf$compat$v1$data$Iterator$from_string_handle(string_handle, .structure(output_types),
                                                output_shapes = .structure(output_shapes))
}

iterator_get_next <- function(iterator, name = NULL) {
  .call(iterator$get_next, name = name)
}

iterator_initializer <- function(iterator) iterator$initializer

iterator_string_handle <- function(iterator, name = NULL) {
  .call(iterator$string_handle, name = name)
}

iterator_make_initializer <- function(iterator, dataset, name = NULL) {
  .check_dataset(dataset)
  .call(iterator$make_initializer, dataset, name = name)
}

.is_out_of_range <- function(e) {
  inherits(e, "tensorflow.python.framework.errors_impl.OutOfRangeError") ||
    inherits(e, "python.builtin.StopIteration")
}

# An error handler that ignores the end of a dataset and re-signals any other error.
out_of_range_handler <- function(e) {
  if (!.is_out_of_range(e)) stop(e)
  invisible(NULL)
}

with_dataset <- function(expr) {
  tryCatch(force(expr), error = out_of_range_handler)
}

# Evaluates expr again and again until the dataset behind it ends (or expr
# calls break).
until_out_of_range <- function(expr) {
  expr <- substitute(expr)
  envir <- parent.frame()
  no_loop <- tryCatch(eval(quote(break), new.env()), error = conditionMessage)
  tryCatch(repeat eval(expr, envir), error = function(e) {
    if (!identical(conditionMessage(e), no_loop)) out_of_range_handler(e)
  })
  invisible(NULL)
}
