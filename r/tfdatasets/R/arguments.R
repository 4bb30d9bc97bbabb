# How R arguments become the values tf.data expects: whole numbers as Python
# ints (R's 32 is a double), R functions and formulas as callables traced by
# tf.data, shapes as TensorShapes, and datasets marked with class tf_dataset.

.dataset_class <- "tensorflow.python.data.ops.dataset_ops.DatasetV2"

.is_dataset <- function(x) inherits(x, .dataset_class)

.is_py <- function(x) inherits(x, "python.builtin.object")

.is_tensor <- function(x) {
  inherits(x, c("tensorflow.python.framework.tensor.Tensor",
                "tensorflow.python.types.core.Tensor"))
}

#' Mark a TensorFlow dataset as a tfdatasets dataset
#'
#' @description
#' Adds the class `tf_dataset` in front of the classes of a `tf.data.Dataset`
#' made elsewhere (by `tf$data` directly, or by another package), as every
#' tfdatasets function does with the datasets it returns. A dataset that
#' already has the class is returned as it is; anything else is an error.
#'
#' @param dataset A `tf.data.Dataset`.
#'
#' @returns `dataset`, with class `tf_dataset`.
#' @md
#' @examples
#' \dontrun{
#' library(tensorflow)
#' ds <- as_tf_dataset(tf$data$Dataset$range(5L))
#' }
as_tf_dataset <- function(dataset) {
  if (!.is_dataset(dataset))
    stop("expected a TensorFlow Dataset, got an object of class ",
         paste(class(dataset), collapse = "/"), call. = FALSE)
  if (!inherits(dataset, "tf_dataset"))
    class(dataset) <- c("tf_dataset", class(dataset))
  dataset
}

.check_dataset <- function(dataset, arg = "dataset") {
  if (!.is_dataset(dataset))
    stop(sprintf("`%s` must be a TensorFlow Dataset, not an object of class %s", arg,
                 paste(class(dataset), collapse = "/")), call. = FALSE)
  invisible(dataset)
}

# A whole number (or a vector of them, which becomes a list) as Python int(s).
# NULL and Python objects pass through; integer tensors are cast to int64,
# the dtype of tf.data's counts, sizes and seeds.
.int <- function(x, arg) {
  if (is.null(x)) return(NULL)
  if (.is_tensor(x)) return(tf$cast(x, tf$int64))
  if (.is_py(x)) return(x)
  if (is.list(x)) return(lapply(x, .int, arg = arg))
  if (!is.numeric(x) || !length(x) || anyNA(x) || any(!is.finite(x)) || any(x != trunc(x)))
    stop(sprintf("`%s` must be a whole number, not %s", arg,
                 paste(format(x), collapse = " ")), call. = FALSE)
  ints <- lapply(x, function(value) {
    if (abs(value) <= .Machine$integer.max) as.integer(value)
    else py_eval(format(value, scientific = FALSE), convert = FALSE)
  })
  if (length(ints) == 1L) ints[[1L]] else ints
}

# Whole-number doubles as R integers (so they reach Python as ints); other
# values as they are.
.int_if_whole <- function(x) {
  if (is.double(x) && length(x) == 1L && !is.na(x) && is.finite(x) && x == trunc(x) &&
      abs(x) <= .Machine$integer.max)
    as.integer(x)
  else x
}

.drop_nulls <- function(x) x[!vapply(x, is.null, logical(1L))]

# Call a Python method with the non-NULL arguments (NULL means "tf.data's default").
.call <- function(method, ...) do.call(method, .drop_nulls(list(...)))

# A function given to a tf.data transformation: an R function, a purrr-style
# formula (`~ .x + 1`) or a Python callable. An R function is marked for
# AutoGraph not to convert (it has no Python source to convert) and an R
# error inside it is re-signalled naming the transformation and the argument.
.callable <- function(f, arg, call = sys.call(-1L)) {
  force(call)
  if (is.null(f)) return(NULL)
  if (.is_py(f)) return(f)
  if (!is.function(f) && !rlang::is_formula(f))
    stop(sprintf("`%s` must be a function or a formula such as ~ .x + 1", arg), call. = FALSE)
  f <- rlang::as_function(f)
  named <- is.call(call) && (is.name(call[[1L]]) || is.call(call[[1L]]))
  caller <- if (named) paste0(deparse(call[[1L]])[1L], "()") else "the transformation"
  traced <- function(...) {
    tryCatch(f(...), error = function(e) {
      message <- sprintf("in the function given as `%s` to %s: %s", arg, caller,
                         conditionMessage(e))
      stop(structure(list(message = message, call = call, parent = e),
                     class = c("tfdatasets_function_error", "error", "condition")))
    })
  }
  tf$autograph$experimental$do_not_convert(traced)
}

# padded_shapes: a number or vector (NA for "pad to the longest"), a list of
# them for the components, a TensorShape or a tensor.
.padded_shapes <- function(x) {
  if (is.null(x)) return(NULL)
  if (.is_tensor(x)) return(tf$cast(x, tf$int64))
  if (.is_py(x)) return(x)
  if (is.list(x)) {
    parts <- lapply(x, .padded_shapes)
    if (is.null(names(x))) return(tuple(parts))
    return(dict(parts))
  }
  shape(dims = as.list(x))
}

# The leaf TensorSpecs of a dataset's element structure, as an R list.
.leaf_specs <- function(spec) {
  if (is.list(spec)) return(do.call(c, lapply(unname(spec), .leaf_specs)))
  list(spec)
}

# An R scalar padding value as a tensor of the dataset's dtype when all its
# components share one dtype (tf.data wants the exact dtype); lists follow
# the element's structure.
.padding_values <- function(x, spec) {
  if (is.null(x) || .is_py(x)) return(x)
  if (is.list(x)) {
    parts <- if (is.list(spec) && length(spec) == length(x))
      Map(.padding_values, x, if (is.null(names(x))) unname(spec) else spec[names(x)])
    else lapply(x, .padding_values, spec = spec)
    if (is.null(names(x))) return(tuple(unname(parts)))
    return(dict(parts))
  }
  leaves <- .leaf_specs(spec)
  dtypes <- unique(vapply(leaves, function(s) {
    if (py_has_attr(s, "dtype")) py_to_r(py_get_attr(py_get_attr(s, "dtype"), "name"))
    else NA_character_
  }, character(1L)))
  if (length(dtypes) == 1L && !is.na(dtypes)) tf$constant(.int_if_whole(x), dtype = dtypes)
  else x
}
