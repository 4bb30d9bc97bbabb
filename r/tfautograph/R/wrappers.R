# TensorFlow's functional control flow with R formulas for functions:
# tf_cond(), tf_case(), tf_switch(), tf_map(); and `ta[[i]] <- value` for
# TensorArrays.

# A function from a one-sided formula (`~ x * 2`, a function of no arguments
# evaluated in the formula's environment), a function, a Python callable, or
# the name of a function.
.as_function <- function(f, env, what) {
  if (inherits(f, "formula")) {
    if (length(f) == 3L)
      stop(sprintf("%s: a formula must have nothing on the left of `~` here", what), call. = FALSE)
    return(as.function(list(f[[2L]]), envir = environment(f)))
  }
  if (is.function(f) || .is_py(f)) return(f)
  if (is.character(f) && length(f) == 1L) return(get(f, envir = env, mode = "function"))
  stop(sprintf("%s: expected a function or a formula such as ~ x * 2", what), call. = FALSE)
}

# The function of the right side of a two-sided formula.
.rhs_function <- function(f) as.function(list(f[[3L]]), envir = environment(f))

.is_two_sided <- function(f) inherits(f, "formula") && length(f) == 3L

#' `tf$cond()` with formulas
#'
#' @description
#' `tf_cond()` is `tf$cond()` whose branches may be one-sided formulas
#' (`~ x * x`). When `pred` is an R logical or a tensor with a value, only the
#' chosen branch is called, as R's `if` would.
#'
#' @param pred An R logical or a boolean tensor.
#' @param true_fn,false_fn The branches: formulas, functions of no arguments,
#'   or names of functions.
#' @param name A name for the operation.
#'
#' @returns The value of the branch taken; for a tensor being traced, the
#'   outputs of `tf$cond()`.
#' @seealso [tf_case()], [tf_switch()], [autograph()]
#' @md
#' @examples
#' \dontrun{
#' square_if_positive <- function(x) tf_cond(x > 0, ~ x * x, ~ x)
#' square_if_positive(tf$constant(3))
#' }
tf_cond <- function(pred, true_fn, false_fn, name = NULL) {
  env <- parent.frame()
  if (.is_tensor(pred) && !.is_graph_tensor(pred)) pred <- .truth(pred)
  if (is.logical(pred) && length(pred) == 1L && !is.na(pred))
    return(.as_function(if (pred) true_fn else false_fn, env, "tf_cond()")())
  tf$cond(pred, .as_function(true_fn, env, "tf_cond()"), .as_function(false_fn, env, "tf_cond()"),
          name = name)
}

#' `tf$case()` with formulas
#'
#' @description
#' `tf_case()` is `tf$case()` with each case written as `condition ~ value`:
#' the value of the first case whose condition holds (all conditions are
#' evaluated; with `exclusive = TRUE`, at most one may hold), else `default`.
#'
#' @param ... The cases, two-sided formulas `condition ~ value`.
#' @param pred_fn_pairs The cases as a list.
#' @param default The value when no condition holds: a one-sided formula or a
#'   function of no arguments.
#' @param exclusive Whether to check that at most one condition holds.
#' @param name A name for the operation.
#'
#' @returns The outputs of `tf$case()`.
#' @seealso [tf_cond()], [tf_switch()]
#' @md
#' @examples
#' \dontrun{
#' fizz_buzz <- function(x) tf_case(
#'   x %% 15 == 0 ~ "FizzBuzz",
#'   x %% 5 == 0 ~ "Buzz",
#'   x %% 3 == 0 ~ "Fizz",
#'   default = ~ tf$as_string(x, precision = 0L))
#' fizz_buzz(tf$constant(9))
#' }
tf_case <- function(..., pred_fn_pairs = list(...), default = NULL, exclusive = FALSE,
                    name = "case") {
  env <- parent.frame()
  pairs <- lapply(pred_fn_pairs, function(f) {
    if (!.is_two_sided(f))
      stop("tf_case(): give each case as a formula `condition ~ value`", call. = FALSE)
    tuple(eval(f[[2L]], environment(f)), .rhs_function(f))
  })
  if (!is.null(default)) default <- .as_function(default, env, "tf_case()")
  tf$case(pairs, default = default, exclusive = exclusive, strict = TRUE, name = name)
}

#' `tf$switch_case()` with formulas
#'
#' @description
#' `tf_switch()` is `tf$switch_case()`: the value of the branch whose index is
#' `branch_index` (counting from 0), else `default`. Branches are formulas:
#' `~ value` takes the next free index, `i ~ value` the index `i`.
#'
#' @param branch_index An integer tensor (or R integer).
#' @param ... The branches: formulas, or functions of no arguments; not named.
#' @param branch_fns The branches as a list.
#' @param default The value for any other index: a one-sided formula or a
#'   function of no arguments.
#' @param name A name for the operation.
#'
#' @returns The outputs of `tf$switch_case()`.
#' @seealso [tf_case()], [tf_cond()]
#' @md
#' @examples
#' \dontrun{
#' power <- function(x, p) tf_switch(p, 0 ~ 1, 1 ~ x, 2 ~ x * x, default = ~ -1)
#' power(tf$constant(3), tf$constant(2L))
#' }
tf_switch <- function(branch_index, ..., branch_fns = list(...), default = NULL,
                      name = "switch_case") {
  env <- parent.frame()
  if (!is.null(names(branch_fns)) && any(nzchar(names(branch_fns))))
    stop("tf_switch(): the branches must not be named", call. = FALSE)
  n <- length(branch_fns)
  positions <- rep(NA_integer_, n)
  functions <- vector("list", n)
  for (i in seq_len(n)) {
    f <- branch_fns[[i]]
    if (.is_two_sided(f)) {
      positions[[i]] <- as.integer(eval(f[[2L]], environment(f)))
      functions[[i]] <- .rhs_function(f)
    } else functions[[i]] <- .as_function(f, env, "tf_switch()")
  }
  free <- setdiff(seq_len(n) - 1L, positions)
  positions[is.na(positions)] <- free[seq_len(sum(is.na(positions)))]
  if (anyNA(positions) || !setequal(positions, seq_len(n) - 1L))
    stop(sprintf("tf_switch(): the branches' indices must be 0 to %d, each once", n - 1L),
         call. = FALSE)
  if (!is.null(default)) default <- .as_function(default, env, "tf_switch()")
  tf$switch_case(branch_index, branch_fns = functions[order(positions)], default = default,
                 name = name)
}

#' `tf$map_fn()` with R functions and formulas
#'
#' @description
#' `tf_map()` applies `fn` to the slices of `elems` along its first dimension
#' (or of each tensor of a nest of them) and stacks the results, as
#' `tf$map_fn()` does, with the data first for pipes and `fn` given as an R
#' function, a function's name, a Python callable, or a formula where `.x` (or
#' `.`) is the slice (`~ .x * 2`).
#'
#' @param elems A tensor, or a nest of tensors with the same first dimension.
#' @param fn The function.
#' @param dtype The dtype (or a nest of them) of `fn`'s results when they
#'   differ from `elems`'s (TensorFlow's `fn_output_signature`).
#' @param parallel_iterations How many iterations may run in parallel.
#' @param back_prop `FALSE` to stop gradients through the map.
#' @param swap_memory Whether GPU memory may be swapped to the CPU's.
#' @param infer_shape Whether to check that the results have one shape.
#' @param name A name for the operation.
#'
#' @returns The stacked results: a tensor or a nest of them.
#' @seealso [tf_cond()]
#' @md
#' @examples
#' \dontrun{
#' tf_map(tf$constant(1:5), ~ .x * 2L)
#' }
tf_map <- function(elems, fn, dtype = NULL, parallel_iterations = NULL, back_prop = TRUE,
                   swap_memory = FALSE, infer_shape = TRUE, name = NULL) {
  if (inherits(fn, "formula")) {
    if (length(fn) == 3L)
      stop("tf_map(): a formula `fn` must have nothing on the left of `~`", call. = FALSE)
    body <- do.call(substitute, list(fn[[2L]], list(. = quote(.x))))
    fn <- as.function(c(alist(.x = ), body), envir = environment(fn))
  } else fn <- .as_function(fn, parent.frame(), "tf_map()")
  args <- list(fn = fn, elems = elems, swap_memory = swap_memory, infer_shape = infer_shape,
               name = name)
  if (!is.null(dtype)) args$fn_output_signature <- dtype
  if (!is.null(parallel_iterations)) args$parallel_iterations <- as.integer(parallel_iterations)
  if (!isTRUE(back_prop)) args$back_prop <- FALSE
  do.call(tf$map_fn, args)
}

#' Write to a TensorArray with `[[<-`
#'
#' @description
#' `ta[[i]] <- value` writes `value` at index `i` (counting from 0, as
#' TensorFlow does) of the TensorArray `ta`: it is `ta$write(i, value)`, and
#' binds `ta` to the TensorArray that results (in a graph, writes give a new
#' one). With `dynamic_size = TRUE`, a TensorArray grows as it is written, so
#' it can collect values inside graph loops.
#'
#' @param x A TensorArray.
#' @param i The index, from 0.
#' @param ... Nothing: a TensorArray is written along its first dimension only.
#' @param name A name for the operation.
#' @param value The value to write.
#'
#' @returns The TensorArray after the write.
#' @name TensorArray-write
#' @md
#' @examples
#' \dontrun{
#' ta <- tf$TensorArray(tf$float32, size = 0L, dynamic_size = TRUE)
#' for (i in 0:4) ta[[i]] <- i * 2
#' ta$stack()
#' }
`[[<-.tensorflow.python.ops.tensor_array_ops.TensorArray` <- function(x, i, ..., name = NULL, value) {
  if (...length())
    stop("a TensorArray is written along its first dimension only: give one index, ta[[i]] <- value",
         call. = FALSE)
  written <- x$write(tf$cast(i, tf$int32), value, name = name)
  # Executing eagerly, TensorFlow wraps the result to warn when it is not used.
  if (inherits(written, "tensorflow.python.util.tf_should_use.ShouldUseWrapper")) {
    written$mark_used()
    written <- py_get_attr(written, "_tf_should_use_wrapped_value")
  }
  written
}
