# What the tests look at: a traced function's operation types, a value as R
# sees it, and a function traced with tensorflow's tf_function().
library(tensorflow)
Sys.setenv(TF_CPP_MIN_LOG_LEVEL = "2")

op_types <- function(fn, ...) {
  graph <- fn$get_concrete_function(...)$graph
  unique(vapply(graph$get_operations(), function(op) op$type, ""))
}

value_of <- function(x) {
  if (is.list(x)) return(lapply(x, value_of))
  if (inherits(x, "tensorflow.tensor")) as.vector(as.array(x)) else x
}

scalar <- function(value, dtype = "float32") tf$constant(value, dtype = dtype)
