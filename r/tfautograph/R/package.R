#' tfautograph: R control flow in TensorFlow graphs
#'
#' @description
#' The tfautograph package gives R scripts run by pyreticulate what R's
#' tfautograph package gives them: [autograph()] makes R's `if`, `while`,
#' `for`, `repeat`, `break`, `next` and `stopifnot()` work on the tensors of a
#' function that TensorFlow traces into a graph, by building `tf$cond()`,
#' `tf$while_loop()`, dataset reductions and `tf$Assert()` where the code
#' meets a tensor being traced, and doing what R does everywhere else.
#' `tensorflow::tf_function()` applies it to the functions it traces.
#'
#' Hints for the next autographed statement: [ag_if_vars()], [ag_loop_vars()],
#' [ag_name()], [ag_while_opts()]. Wrappers of TensorFlow's functional control
#' flow that take R formulas: [tf_cond()], [tf_case()], [tf_switch()],
#' [tf_map()], [tf_assert()]; `ta[[i]] <- value` writes a `TensorArray`
#' ([TensorArray-write]); [view_function_graph()] shows a traced graph in
#' TensorBoard.
#'
#' TensorFlow is the one the tensorflow package uses (loaded the first time it
#' is needed), so tensors have that package's class `tensorflow.tensor` and R
#' methods.
#'
#' @name tfautograph-package
#' @aliases tfautograph
#' @docType package
#' @md
NULL

# Per-session state: the TensorFlow module, the stack of control-flow contexts
# (control-flow.R) and a counter naming them.
.state <- new.env(parent = emptyenv())

.onLoad <- function(libname, pkgname) {
  .state$contexts <- list()
  .state$counter <- 0L
  makeActiveBinding("tf", .tf_binding, env = asNamespace(pkgname))
  invisible()
}

# `tf` inside the package: TensorFlow's module, after the tensorflow package
# has loaded (its class filter marks tensors "tensorflow.tensor"). Looked up the
# first time it is used: tensorflow imports this package, so it cannot be
# loaded while this one loads.
.tf_binding <- function() {
  if (is.null(.state$tf)) {
    loadNamespace("tensorflow")
    .state$tf <- import("tensorflow")
  }
  .state$tf
}

`%||%` <- function(x, y) if (is.null(x)) y else x

.is_tensor <- function(x) inherits(x, "tensorflow.tensor")

.is_tensor_array <- function(x) inherits(x, "tensorflow.python.ops.tensor_array_ops.TensorArray")

.is_dataset <- function(x) inherits(x, "tensorflow.python.data.ops.dataset_ops.DatasetV2")

.is_py <- function(x) inherits(x, "python.builtin.object")

# A tensor with no value yet: one of a graph being traced or built. Variables
# have a value when executing eagerly only.
.is_graph_tensor <- function(x) {
  if (!.is_tensor(x) || inherits(x, "tensorflow.python.framework.ops.EagerTensor")) return(FALSE)
  !(py_has_attr(x, "numpy") && tf$executing_eagerly())
}

# What tf$cond() and tf$while_loop() can carry: tensors, TensorArrays and R
# vectors and lists (converted to tensors, lists to nests of them).
.is_carried <- function(x) {
  .is_tensor(x) || .is_tensor_array(x) ||
    (!.is_py(x) && typeof(x) %in% c("logical", "integer", "double", "complex", "character",
                                     "raw", "list"))
}

.is_named_list <- function(x) is.list(x) && !.is_py(x) && !is.null(names(x))

# An R condition from a tensor with a value (R's `if` checks the rest).
.truth <- function(x) if (.is_tensor(x)) x$`__bool__`() else x

.as_bool <- function(x) {
  if (.is_tensor(x) && identical(x$dtype$name, "bool")) x else tf$cast(x, tf$bool)
}

# An R function for tf.data, marked so that tf.data does not run TensorFlow's
# (Python) AutoGraph on its Python wrapper.
.data_function <- function(f) tf$autograph$experimental$do_not_convert(py_func(f))

# A name's value as seen from `env`, or NULL (also for a symbol left undefined
# by autograph, which errors when read).
.lookup <- function(name, env) {
  tryCatch(get0(name, envir = env, inherits = TRUE), error = function(e) NULL)
}

.one_line <- function(expr) {
  text <- deparse(expr, width.cutoff = 500L)
  if (length(text) > 1L) paste(text[[1L]], "...") else text
}
