# x[...] and x[...] <- value on tensors, with R's tensorflow semantics: the
# options of tf_extract_opts() (1-based indices, inclusive range stops, bounds
# checks, one-time warnings for negative and tensor indices), `start:stop:step`
# ranges (also written as one backticked name, `::2`), evenly spaced index
# vectors, drop, all_dims() for the remaining axes and NULL / tf$newaxis for a
# new axis. The key is built in R and passed to the tensor's __getitem__.

#' All remaining dimensions, in tensor indexing
#'
#' @description
#' `all_dims()` stands for all the dimensions not otherwise indexed in `x[...]`
#' on a tensor, as `...` does in Python: `x[all_dims(), 1]` is the first
#' element along the last dimension, `x[1, all_dims()]` the first along the
#' first. It is Python's `Ellipsis`.
#'
#' @returns Python's `Ellipsis`.
#' @seealso [tensor-indexing]
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$reshape(tf$range(24L), c(2L, 3L, 4L))
#' x[all_dims(), 1]
#' }
#' @md
all_dims <- function() py_ellipsis()

#' Options of tensor indexing
#'
#' @description
#' `tf_extract_opts()` collects the rules `x[...]` follows on a tensor
#' ([tensor-indexing]). Each rule has an option of its own, read when `[` is
#' called: `tensorflow.extract.one_based`, `tensorflow.extract.inclusive_stop`,
#' `tensorflow.extract.disallow_out_of_bounds` (also read under the spelling
#' `tensorflow.extract.dissallow_out_of_bounds`),
#' `tensorflow.extract.warn_tensors_passed_asis` and
#' `tensorflow.extract.warn_negatives_pythonic`; each is `TRUE` when not set.
#'
#' `style` overrides them all: `"python"` sets every rule to `FALSE` (0-based
#' indices, exclusive stops, no bounds checks, no warnings); `"R"` keeps the
#' indexing rules and turns off both warnings. Without a style, each warning is
#' given once per session.
#'
#' @param style `NULL`, `"R"` or `"python"`; by default the option
#'   `tensorflow.extract.style`.
#' @param ... Ignored, with a warning.
#' @param one_based Whether positive indices count from 1 (0 is then an
#'   error).
#' @param inclusive_stop Whether a range `start:stop` includes `stop`.
#' @param disallow_out_of_bounds Whether an index beyond a known dimension is
#'   an error.
#' @param warn_tensors_passed_asis Whether to warn, once, that tensor indices
#'   are passed to TensorFlow as they are (0-based, exclusive stops).
#' @param warn_negatives_pythonic Whether to warn, once, that negative indices
#'   count from the end rather than exclude.
#'
#' @returns A list of the five rules, of class `tf_extract_options`, for the
#'   `options` argument of `[`.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(1:10)
#' x[1:3, options = tf_extract_opts("R")]
#' x[0:2, options = tf_extract_opts(one_based = FALSE, inclusive_stop = FALSE)]
#' }
#' @md
tf_extract_opts <- function(
    style = getOption("tensorflow.extract.style"), ...,
    one_based = getOption("tensorflow.extract.one_based", TRUE),
    inclusive_stop = getOption("tensorflow.extract.inclusive_stop", TRUE),
    disallow_out_of_bounds = getOption(
      "tensorflow.extract.disallow_out_of_bounds",
      getOption("tensorflow.extract.dissallow_out_of_bounds", TRUE)),
    warn_tensors_passed_asis = getOption("tensorflow.extract.warn_tensors_passed_asis", TRUE),
    warn_negatives_pythonic = getOption("tensorflow.extract.warn_negatives_pythonic", TRUE)) {
  if (length(list(...)))
    warning("tf_extract_opts() ignores the arguments in `...`", call. = FALSE)
  opts <- list(one_based = one_based, inclusive_stop = inclusive_stop,
               disallow_out_of_bounds = disallow_out_of_bounds,
               warn_tensors_passed_asis = warn_tensors_passed_asis,
               warn_negatives_pythonic = warn_negatives_pythonic)
  for (name in names(opts))
    if (!isTRUE(opts[[name]]) && !isFALSE(opts[[name]]))
      stop(sprintf("the extract option `%s` must be TRUE or FALSE", name), call. = FALSE)
  if (!is.null(style)) {
    if (!is.character(style) || length(style) != 1L || !style %in% c("R", "python"))
      stop("the extract style must be \"R\" or \"python\" (or NULL)", call. = FALSE)
    if (style == "python") {
      opts[] <- list(FALSE)
    } else {
      opts$warn_tensors_passed_asis <- FALSE
      opts$warn_negatives_pythonic <- FALSE
    }
  } else {
    if (isTRUE(warned_about$negative_indices)) opts$warn_negatives_pythonic <- FALSE
    if (isTRUE(warned_about$tensors_passed_asis)) opts$warn_tensors_passed_asis <- FALSE
  }
  structure(opts, class = "tf_extract_options")
}

#' Index tensors the R way
#'
#' @description
#' `x[...]` on a tensor follows R's conventions by default: one index per
#' dimension, counting from 1; an empty index keeps a whole dimension. A range
#' includes its end (`x[2:4]` is elements 2, 3 and 4) and may have a step
#' (`x[1:9:2]`); Python's slice syntax works as one backticked name
#' (`` x[`::2`] ``, `` x[`3:`] ``), or with `NULL` or `NA` for an open end
#' (`x[3:NA]`, `x[NULL:NULL:2]`). A decreasing range steps backwards, with a
#' positive step too (`x[6:2:2]` is elements 6, 4 and 2). An evenly spaced
#' vector of positive indices such as `c(1, 3, 5)` is a range as well; other
#' vectors are an error (use `tf$gather()`). A negative index counts from the
#' end (`x[-1]` is the last element), which is not R's exclusion: a warning
#' says so, once. An index of 0, or beyond a known dimension, is an error.
#' [all_dims()] stands for the remaining dimensions; `NULL` or `tf$newaxis`
#' adds a dimension. A tensor index is passed to TensorFlow as it is (0-based),
#' with a warning, once. With `drop = FALSE`, a single index keeps its
#' dimension. Fewer indices than dimensions give a warning and keep the others
#' whole; more are an error. `NA`, `Inf`, characters, functions and R matrices
#' are not indices.
#'
#' These rules can be changed by the options of [tf_extract_opts()] (for
#' example `options(tensorflow.extract.one_based = FALSE)` for 0-based
#' indices), by `style`, or for one call by `options`. With `style =
#' "python"`, or `options(tensorflow.extract.style = "python")`, indices follow
#' Python's rules: 0-based, the end of a range excluded, no bounds checks.
#'
#' `x[...] <- value` replaces the selected elements, with the same indices:
#' `value` is cast to `x`'s dtype and broadcast over the selection (an R vector
#' fills it column-major, as in R). A variable is assigned in place when
#' executing eagerly, so the change is seen wherever it is used; any other
#' tensor is replaced by a new tensor with those elements changed. Ragged and
#' sparse tensors cannot be assigned to.
#'
#' @param x A tensor.
#' @param ... The indices, one per dimension.
#' @param drop Whether a single index drops its dimension.
#' @param style `NULL`, `"R"` or `"python"`; by default the option
#'   `tensorflow.extract.style`.
#' @param options The rules, from [tf_extract_opts()].
#' @param value The values to assign.
#'
#' @returns `[`: a tensor. `[<-`: the tensor with the elements replaced.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(matrix(1:12, nrow = 3))
#' x[1, ]
#' x[2:3, 1]
#' x[, -1]
#' x[3:1, ]
#' x[1, 1, drop = FALSE]
#' x[0, 0, style = "python"]
#' v <- tf$Variable(c(1, 2, 3))
#' v[2] <- 20
#' v
#' }
#' @name tensor-indexing
#' @md
`[.tensorflow.tensor` <- function(x, ..., drop = TRUE,
                                   style = getOption("tensorflow.extract.style"),
                                   options = tf_extract_opts(style)) {
  if (!isTRUE(drop) && !isFALSE(drop)) stop("`drop` must be TRUE or FALSE", call. = FALSE)
  args <- .index_args(substitute(list(...)), parent.frame(), environment())
  key <- .index_key(x, args, .check_extract_options(options), drop)
  py_get_item(x, key)
}

#' @rdname tensor-indexing
#' @md
`[<-.tensorflow.tensor` <- function(x, ..., style = getOption("tensorflow.extract.style"),
                                    options = tf_extract_opts(style), value) {
  args <- .index_args(substitute(list(...)), parent.frame(), environment())
  key <- if (length(args)) .index_key(x, args, .check_extract_options(options), TRUE) else
    .py_slice(NULL, NULL, NULL)
  .assign_items(x, key, value)
}

.check_extract_options <- function(options) {
  if (!inherits(options, "tf_extract_options"))
    stop("`options` must be made by tf_extract_opts()", call. = FALSE)
  options
}

# Which once-per-session warnings were given (the names the real tensorflow
# uses: its tests reset them).
warned_about <- new.env(parent = emptyenv())
warned_about$negative_indices <- FALSE
warned_about$tensors_passed_asis <- FALSE

# ---- the arguments of x[...] -------------------------------------------------------

# One element per argument: a "range" (start, stop, step; each NULL, a number
# or a tensor) for an empty argument or a `:` expression, otherwise the value.
.index_args <- function(call, envir, frame) {
  exprs <- as.list(call)[-1L]
  if (!is.null(names(exprs)) && any(nzchar(names(exprs)))) {
    warning("tensor indices are not named: the names ", paste(names(exprs)[nzchar(names(exprs))],
            collapse = ", "), " are ignored", call. = FALSE)
    names(exprs) <- NULL
  }
  args <- vector("list", length(exprs))
  for (i in seq_along(exprs)) {
    if (identical(exprs[[i]], quote(expr = ))) {
      args[i] <- list(.range(NULL, NULL, NULL))
      next
    }
    expr <- exprs[[i]]
    arg <- if (.is_colon_call(expr)) .colon_range(expr, envir)
      else if (is.symbol(expr) && grepl(":", as.character(expr), fixed = TRUE))
        .name_range(as.character(expr), envir)
      else eval(call("...elt", i), frame)
    args[i] <- list(arg)
  }
  args
}

.is_colon_call <- function(x) is.call(x) && identical(x[[1L]], quote(`:`))

.range <- function(start, stop, step)
  structure(list(start = start, stop = stop, step = step), class = "tf_index_range")

.is_range <- function(x) inherits(x, "tf_index_range")

# start:stop or start:stop:step (`:` nests to the left).
.colon_range <- function(expr, envir) {
  parts <- if (.is_colon_call(expr[[2L]])) list(expr[[2L]][[2L]], expr[[2L]][[3L]], expr[[3L]])
    else list(expr[[2L]], expr[[3L]])
  if (any(vapply(parts, .is_colon_call, logical(1L))))
    stop("a range has at most three parts, start:stop:step", call. = FALSE)
  values <- lapply(parts, eval, envir = envir)
  .range_of(values, deparse(expr, width.cutoff = 500L)[[1L]])
}

# `start:stop:step` written as one name: each part is R code, empty for NULL.
.name_range <- function(text, envir) {
  parts <- strsplit(text, ":", fixed = TRUE)[[1L]]
  if (endsWith(text, ":")) parts <- c(parts, "")
  if (length(parts) > 3L)
    stop("a range has at most three parts, start:stop:step: `", text, "`", call. = FALSE)
  values <- lapply(parts, function(part) {
    if (!nzchar(trimws(part))) return(NULL)
    eval(parse(text = part, keep.source = FALSE)[[1L]], envir)
  })
  .range_of(values, text)
}

.range_of <- function(values, text) {
  values <- c(values, rep(list(NULL), 3L - length(values)))
  values <- lapply(values, function(v) {
    if (is.null(v) || .is_tensor(v)) return(v)
    if (is.atomic(v) && length(v) == 1L && is.na(v) && !is.character(v)) return(NULL)
    if (!is.numeric(v) || length(v) != 1L || !is.finite(v) || v != trunc(v))
      stop(sprintf(paste("the parts of the range `%s` must each be NULL or NA (an open end),",
                         "a whole number, or a scalar tensor"), text), call. = FALSE)
    as.integer(v)
  })
  .range(values[[1L]], values[[2L]], values[[3L]])
}

# ---- checks -------------------------------------------------------------------------

.index_key <- function(x, args, options, drop) {
  if (length(args) == 1L && !is_py_object(args[[1L]]) && length(dim(args[[1L]])) > 1L)
    stop("indexing a tensor with an R matrix or array is not currently supported; ",
         "use tf$gather_nd() to pick elements by their coordinates", call. = FALSE)
  for (i in seq_along(args)) .check_index(args[[i]], i)
  .check_count(x, args)
  if (options$one_based) .check_no_zeros(args)
  if (options$disallow_out_of_bounds) .check_bounds(x, args, options)
  if (options$warn_negatives_pythonic) .warn_negatives(args)
  if (options$warn_tensors_passed_asis) .warn_tensors(args)
  parts <- lapply(args, .key_part, options = options, drop = drop)
  if (length(parts) == 1L) parts[[1L]] else tuple(parts)
}

.is_new_axis <- function(arg) is.null(arg)
.is_ellipsis <- function(arg) inherits(arg, "python.builtin.ellipsis")

# An error naming what is wrong with the i-th index.
.check_index <- function(arg, i) {
  if (is.null(arg) || .is_range(arg) || is_py_object(arg)) return(invisible())
  what <- if (is.function(arg)) "a function"
    else if (is.character(arg)) "a character value"
    else if (is.logical(arg) && anyNA(arg)) "NA"
    else if (is.logical(arg)) "a logical value"
    else if (is.numeric(arg) && anyNA(arg)) "NA"
    else if (is.numeric(arg) && any(is.infinite(arg))) "Inf"
    else if (is.numeric(arg) && any(arg != trunc(arg))) "a fraction"
    else if (is.numeric(arg) && !length(arg)) "an empty vector"
    else if (!is.numeric(arg)) sprintf("an object of class %s", class(arg)[[1L]])
  if (is.null(what)) {
    if (length(arg) > 1L) .check_sequence(arg)
    return(invisible())
  }
  stop(sprintf(paste("index %d of the tensor is %s: an index is a whole number, a range,",
                     "NULL, all_dims() or a tensor (NA, Inf, character values, logicals",
                     "and functions are not supported)"), i, what), call. = FALSE)
}

# As many indices as dimensions (NULL adds a dimension and does not count);
# with all_dims() fewer are fine.
.check_count <- function(x, args) {
  rank <- length(py_get_attr(x, "shape"))
  if (is.na(rank)) return(invisible())
  counted <- args[!vapply(args, .is_new_axis, logical(1L))]
  ellipsis <- vapply(counted, .is_ellipsis, logical(1L))
  given <- sum(!ellipsis)
  if (given > rank)
    stop(sprintf(paste("Incorrect number of dimensions supplied: the tensor has %d,",
                       "%d indices were given (NULL and tf$newaxis not counted)"), rank, given),
         call. = FALSE)
  if (given < rank && !any(ellipsis))
    warning(sprintf(paste("Incorrect number of dimensions supplied: the tensor has %d, %d",
                          "indices were given; the remaining dimensions are kept whole",
                          "(write all_dims() to say so; NULL and tf$newaxis are not counted)"),
                    rank, given), call. = FALSE)
  invisible()
}

# The numbers of the indices (a range's start, stop and, with `step`, step).
.index_numbers <- function(arg, step = TRUE) {
  if (.is_range(arg)) {
    parts <- if (step) arg else arg[c("start", "stop")]
    return(unlist(Filter(is.numeric, unclass(parts)), use.names = FALSE))
  }
  if (is.numeric(arg) && !is_py_object(arg)) arg else NULL
}

.check_no_zeros <- function(args) {
  for (arg in args) {
    numbers <- if (.is_range(arg)) .index_numbers(arg, step = FALSE) else .index_numbers(arg)
    if (any(numbers == 0))
      stop(paste("0 is not an index: tensor indices are 1-based, the first element is 1",
                 "(for 0-based indices, set options(tensorflow.extract.one_based = FALSE))"),
           call. = FALSE)
  }
  invisible()
}

# Each index against the extent of the dimension it indexes (when known).
.check_bounds <- function(x, args, options) {
  dims <- dim(x)
  if (is.null(dims)) return(invisible())
  args <- args[!vapply(args, .is_new_axis, logical(1L))]
  ellipsis <- which(vapply(args, .is_ellipsis, logical(1L)))
  if (length(ellipsis) > 1L)
    stop("only one all_dims() can be given while out-of-bounds indices are checked",
         call. = FALSE)
  axes <- seq_along(args)
  if (length(ellipsis)) {
    skipped <- length(dims) - (length(args) - 1L)
    axes <- ifelse(axes > ellipsis, axes + skipped - 1L, axes)
  }
  for (i in seq_along(args)) {
    arg <- args[[i]]
    if (i %in% ellipsis) next
    extent <- dims[[axes[[i]]]]
    if (is.na(extent)) next
    numbers <- .index_numbers(arg, step = FALSE)
    if (!length(numbers)) next
    limit <- extent - !options$one_based
    if (.is_range(arg) && !options$inclusive_stop && is.numeric(arg$stop))
      numbers <- c(if (is.numeric(arg$start)) arg$start, arg$stop - sign(arg$stop))
    bad <- numbers[numbers > limit | numbers < -extent]
    if (length(bad))
      stop(sprintf(paste("index %s is out of bounds for dimension %d of the tensor (of size %d);",
                         "set options(tensorflow.extract.disallow_out_of_bounds = FALSE) to",
                         "leave the check to TensorFlow"),
                   paste(bad, collapse = ", "), axes[[i]], extent), call. = FALSE)
  }
  invisible()
}

.warn_negatives <- function(args) {
  negative <- vapply(args, function(arg) {
    numbers <- .index_numbers(arg, step = FALSE)
    any(numbers < 0)
  }, logical(1L))
  if (!any(negative)) return(invisible())
  warned_about$negative_indices <- TRUE
  warning(paste("negative tensor indices count from the end, as in Python (-1 is the last",
                "element), they do not exclude elements as in R; set",
                "options(tensorflow.extract.warn_negatives_pythonic = FALSE) to silence this",
                "warning"), call. = FALSE)
}

.warn_tensors <- function(args) {
  has_tensor <- vapply(args, function(arg) {
    if (.is_range(arg)) any(vapply(arg, .is_tensor, logical(1L))) else .is_tensor(arg)
  }, logical(1L))
  if (!any(has_tensor)) return(invisible())
  warned_about$tensors_passed_asis <- TRUE
  warning(paste("tensor indices are passed to TensorFlow as they are: they count from 0 and a",
                "range of tensors excludes its stop; the one_based and inclusive_stop options",
                "are ignored for them (set options(tensorflow.extract.warn_tensors_passed_asis",
                "= FALSE) to silence this warning)"), call. = FALSE)
}

# ---- the Python key -----------------------------------------------------------------

.key_part <- function(arg, options, drop) {
  if (is.null(arg) || is_py_object(arg)) return(arg)
  if (.is_range(arg)) return(.range_slice(arg$start, arg$stop, arg$step, options))
  arg <- as.integer(arg)
  if (length(arg) > 1L) return(.vector_slice(arg, options))
  index <- .zero_based(arg, options$one_based)
  if (drop) return(index)
  .py_slice(index, if (index == -1L) NULL else index + 1L, NULL)
}

.zero_based <- function(i, one_based) if (one_based && i > 0L) i - 1L else i

# A Python slice (NULL for an open end); numbers become ints.
.py_slice <- function(start, stop, step) {
  as_int <- function(v) if (is.numeric(v)) as.integer(v) else v
  if (is.null(.tf_state$slice))
    .tf_state$slice <- py_get_attr(import_builtins(convert = FALSE), "slice")
  py_call(.tf_state$slice, as_int(start), as_int(stop), as_int(step))
}

# A range as a Python slice, under the options: 1-based numbers made 0-based
# (negative ones count from the end either way), a decreasing range stepping
# backwards even with a positive step, an inclusive stop moved one step on.
# Tensors are passed as they are. (R's tensorflow compares the signs of the
# 0-based start and stop, so that x[3:1] is empty there; here it is elements
# 3, 2 and 1.)
.range_slice <- function(start, stop, step, options) {
  if (is.null(start) && is.null(stop) && is.null(step)) return(.py_slice(NULL, NULL, NULL))
  if (is.numeric(step) && step == 0L) stop("the step of a range cannot be 0", call. = FALSE)
  if (is.numeric(start)) start <- .zero_based(start, options$one_based)
  if (is.numeric(stop)) stop <- .zero_based(stop, options$one_based)
  if (is.numeric(start) && is.numeric(stop) && !.is_tensor(step) && start > stop &&
      (start >= 0L) == (stop >= 0L) && (is.null(step) || step > 0L))
    step <- -(if (is.null(step)) 1L else step)
  if (options$inclusive_stop && is.numeric(stop)) {
    direction <- if (is.numeric(step)) sign(step) else 1L
    moved <- stop + direction
    stop <- if ((direction > 0L && moved == 0L) || (direction < 0L && stop == 0L)) NULL else moved
  }
  .py_slice(start, stop, step)
}

# A vector of indices is a range: positive, with one step between them.
.check_sequence <- function(v) {
  step <- v[[2L]] - v[[1L]]
  if (any(v < 0) || step == 0 || any(diff(v) != step))
    stop("a vector of tensor indices must be positive numbers with one step between them ",
         "(such as 2:4 or c(1, 3, 5)); use tf$gather() to pick other elements", call. = FALSE)
  invisible()
}

# An evenly spaced vector of indices (2:4, c(1, 3, 5)) as the range it is.
.vector_slice <- function(v, options) {
  .check_sequence(v)
  step <- v[[2L]] - v[[1L]]
  .range_slice(v[[1L]], v[[length(v)]], if (step == 1L) NULL else step, options)
}

# ---- assignment -----------------------------------------------------------------------

# x[key] <- value: variables are assigned in place when executing eagerly;
# otherwise the result is a new tensor with the selected elements replaced.
.assign_items <- function(x, key, value) {
  tf <- .tf()
  if (inherits(x, c("tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor",
                    "tensorflow.python.framework.sparse_tensor.SparseTensor")))
    stop("`[<-` is not supported on ragged or sparse tensors", call. = FALSE)
  shape <- tf$shape(x)
  positions <- tf$reshape(tf$range(tf$size(x)), shape)
  chosen <- py_get_item(positions, key)
  target <- dim(chosen)
  if (!is_py_object(value) && is.atomic(value) && is.null(dim(value)) &&
      length(target) > 1L && !anyNA(target) && length(value) == prod(target))
    value <- array(value, dim = target)
  values <- tf$broadcast_to(.as_operand(value, x), tf$shape(chosen))
  updated <- tf$reshape(
    tf$tensor_scatter_nd_update(tf$reshape(x, list(-1L)), tf$reshape(chosen, list(-1L, 1L)),
                                tf$reshape(values, list(-1L))),
    shape)
  if (inherits(x, "tensorflow.python.ops.variables.Variable") && tf$executing_eagerly()) {
    x$assign(updated)
    return(x)
  }
  updated
}
