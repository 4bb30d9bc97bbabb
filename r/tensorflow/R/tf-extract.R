# x[...] and x[...] <- value on tensors with R semantics: 1-based indices,
# inclusive ranges (1:3, 1:5:2, `::2`), drop, out-of-bounds errors, negative
# indices counting from the end (with a one-time warning), all_dims() for the
# remaining axes and NULL / tf$newaxis for a new axis.
# options(tensorflow.extract.style = "python") (or style = "python") switches
# to 0-based indices with exclusive stops and no bounds checks.

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

#' Index tensors the R way
#'
#' @description
#' `x[...]` on a tensor follows R's conventions by default. Give one index per
#' dimension, counting from 1. A range includes its end (`x[2:4]` is elements
#' 2, 3 and 4) and may have a step (`x[1:9:2]`, `` x[`::2`] ``, `` x[`3:`] ``);
#' a decreasing range steps backwards (`x[5:2]`), and an evenly spaced vector
#' such as `c(1, 3, 5)` is a range too. An empty index keeps a whole
#' dimension. A negative index counts from the end (`x[-1]` is the last
#' element), which is not R's exclusion: a warning says so once per session.
#' An index of 0 or outside a known dimension is an error. [all_dims()] stands
#' for the remaining dimensions; `NULL` or `tf$newaxis` adds a dimension; a
#' tensor index is passed on as it is (0-based). With `drop = FALSE`, a single
#' index keeps its dimension. Fewer indices than dimensions give a warning and
#' keep the others whole. Index vectors that are not evenly spaced are an
#' error: use `tf$gather()`.
#'
#' With `style = "python"`, or `options(tensorflow.extract.style = "python")`,
#' indices follow Python's rules instead: 0-based, the end of a range excluded,
#' no bounds checks.
#'
#' `x[...] <- value` replaces the selected elements: `value` is cast to `x`'s
#' dtype and broadcast over the selection (an R vector fills it column-major,
#' as in R). A variable is assigned in place when executing eagerly, so the
#' change is seen wherever it is used; any other tensor is replaced by a new
#' tensor with those elements changed. Ragged and sparse tensors cannot be
#' assigned to.
#'
#' @param x A tensor.
#' @param ... The indices, one per dimension.
#' @param drop Whether a single index drops its dimension.
#' @param style `"R"` or `"python"`; by default the option
#'   `tensorflow.extract.style`, or `"R"` when it is not set.
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
#' x[1, 1, drop = FALSE]
#' x[0, 0, style = "python"]
#' v <- tf$Variable(c(1, 2, 3))
#' v[2] <- 20
#' v
#' }
#' @name tensor-indexing
#' @md
`[.tensorflow.tensor` <- function(x, ..., drop = TRUE,
                                   style = getOption("tensorflow.extract.style")) {
  specs <- .index_specs(substitute(list(...)), parent.frame(), environment())
  if (!length(specs)) return(x)
  py_get_item(x, .index_key(x, specs, drop, .extract_style(style)))
}

#' @rdname tensor-indexing
#' @md
`[<-.tensorflow.tensor` <- function(x, ..., style = getOption("tensorflow.extract.style"),
                                    value) {
  specs <- .index_specs(substitute(list(...)), parent.frame(), environment())
  key <- if (length(specs)) .index_key(x, specs, TRUE, .extract_style(style)) else
    .py_slice(NULL, NULL, NULL)
  .assign_items(x, key, value)
}

.extract_style <- function(style) {
  if (is.null(style)) return("R")
  if (!is.character(style) || length(style) != 1L || !style %in% c("R", "python"))
    stop("the extract style must be \"R\" or \"python\"", call. = FALSE)
  style
}

# The arguments of x[...] as a list: a "slice spec" (start, stop, step) for
# a missing argument or a `:` range, otherwise the evaluated value.
.index_specs <- function(call, envir, frame) {
  exprs <- as.list(call)[-1L]
  if (!is.null(names(exprs)) && any(nzchar(names(exprs))))
    stop("tensor indices cannot be named: ",
         paste(names(exprs)[nzchar(names(exprs))], collapse = ", "), call. = FALSE)
  specs <- vector("list", length(exprs))
  for (i in seq_along(exprs)) {
    if (identical(exprs[[i]], quote(expr = ))) {
      specs[i] <- list(.slice_spec(NULL, NULL, NULL))
      next
    }
    expr <- exprs[[i]]
    spec <- if (is.call(expr) && identical(expr[[1L]], quote(`:`))) .colon_spec(expr, envir)
      else if (is.symbol(expr) && grepl(":", as.character(expr), fixed = TRUE))
        .symbol_spec(as.character(expr))
      else eval(call("...elt", i), frame)
    specs[i] <- list(spec)
  }
  specs
}

.slice_spec <- function(start, stop, step)
  structure(list(start = start, stop = stop, step = step), class = "tf_slice_spec")

.colon_spec <- function(expr, envir) {
  inner <- expr[[2L]]
  parts <- if (is.call(inner) && identical(inner[[1L]], quote(`:`)))
    list(inner[[2L]], inner[[3L]], expr[[3L]]) else list(expr[[2L]], expr[[3L]], NULL)
  values <- lapply(parts, function(p) {
    if (is.null(p)) return(NULL)
    v <- eval(p, envir)
    if (is.atomic(v) && length(v) == 1L && is.na(v)) NULL else v
  })
  .slice_spec(values[[1L]], values[[2L]], values[[3L]])
}

.symbol_spec <- function(text) {
  parts <- strsplit(text, ":", fixed = TRUE)[[1L]]
  if (endsWith(text, ":")) parts <- c(parts, "")
  if (length(parts) > 3L) stop("a slice has at most start:stop:step", call. = FALSE)
  parts <- c(parts, rep("", 3L - length(parts)))
  values <- lapply(parts, function(p) {
    if (p %in% c("", "NA", "NULL")) return(NULL)
    v <- suppressWarnings(as.integer(p))
    if (is.na(v)) stop("`", text, "` is not a slice of whole numbers", call. = FALSE)
    v
  })
  .slice_spec(values[[1L]], values[[2L]], values[[3L]])
}

.is_whole <- function(v) is.numeric(v) && !anyNA(v) && all(is.finite(v)) && all(v == trunc(v))

# The Python key for the specs: ints, slices, None and Ellipsis.
.index_key <- function(x, specs, drop, style) {
  r_style <- style == "R"
  for (spec in specs) .check_spec(spec, r_style)
  if (r_style) .check_bounds(x, specs)
  parts <- lapply(specs, .key_part, r_style = r_style, drop = drop)
  if (length(parts) == 1L) parts[[1L]] else tuple(parts)
}

.check_spec <- function(spec, r_style) {
  values <- if (inherits(spec, "tf_slice_spec")) Filter(Negate(is.null), spec) else
    if (is.numeric(spec)) list(spec) else list()
  for (v in values) {
    if (is_py_object(v)) next
    if (!.is_whole(v))
      stop("tensor indices must be whole numbers, NULL, all_dims() or tensors ",
           "(NA, Inf, fractions, characters and logicals are not supported)", call. = FALSE)
    if (r_style && any(v == 0))
      stop("tensor indices are 1-based: 0 is not an index (the first element is 1)",
           call. = FALSE)
    if (r_style && any(v < 0)) .warn_negative_once()
  }
  if (inherits(spec, "tf_slice_spec") && !is.null(spec$step) && !is_py_object(spec$step) &&
      spec$step == 0)
    stop("a slice step cannot be 0", call. = FALSE)
}

# Which once-per-session warnings were given (the name the real tensorflow
# uses: its tests reset it).
warned_about <- new.env(parent = emptyenv())
warned_about$negative_indices <- FALSE

.warn_negative_once <- function() {
  if (isTRUE(warned_about$negative_indices)) return(invisible())
  warned_about$negative_indices <- TRUE
  warning("negative tensor indices count from the end (-1 is the last element), ",
          "as in Python, not R's exclusion; this warning is shown once per session",
          call. = FALSE)
}

# Which dimension each spec indexes, and an error for indices outside it.
.check_bounds <- function(x, specs) {
  dims <- dim(x)
  if (is.null(dims)) return(invisible())
  is_new <- vapply(specs, is.null, logical(1L))
  is_ellipsis <- vapply(specs, inherits, logical(1L), what = "python.builtin.ellipsis")
  used <- sum(!is_new & !is_ellipsis)
  if (used > length(dims))
    stop(sprintf("too many indices: the tensor has %d dimension%s, %d were given",
                 length(dims), if (length(dims) == 1L) "" else "s", used), call. = FALSE)
  if (used < length(dims) && !any(is_ellipsis))
    warning(sprintf(paste("%d indices for a tensor of %d dimensions: the remaining",
                          "dimensions are kept whole; write all_dims() to say so"),
                    used, length(dims)), call. = FALSE)
  axis <- 0L
  for (i in seq_along(specs)) {
    if (is_new[[i]]) next
    if (is_ellipsis[[i]]) {
      axis <- axis + length(dims) - used
      next
    }
    axis <- axis + 1L
    extent <- dims[[axis]]
    spec <- specs[[i]]
    values <- if (inherits(spec, "tf_slice_spec")) Filter(Negate(is.null), spec[1:2]) else
      list(spec)
    for (v in values) {
      if (is.na(extent) || !is.numeric(v)) next
      if (any(v > extent | v < -extent))
        stop(sprintf("index %s is out of bounds for dimension %d (of size %d)",
                     paste(v[v > extent | v < -extent], collapse = ", "), axis, extent),
             call. = FALSE)
    }
  }
  invisible()
}

.key_part <- function(spec, r_style, drop) {
  if (is.null(spec) || is_py_object(spec)) return(spec)
  if (inherits(spec, "tf_slice_spec"))
    return(if (r_style) .r_slice(spec$start, spec$stop, spec$step) else
      .py_slice(spec$start, spec$stop, spec$step))
  if (!is.numeric(spec))
    stop("tensor indices must be whole numbers, NULL, all_dims() or tensors", call. = FALSE)
  spec <- as.integer(spec)
  if (length(spec) > 1L) return(.sequence_slice(spec, r_style))
  index <- if (r_style && spec > 0L) spec - 1L else spec
  if (drop) return(index)
  .py_slice(index, if (index == -1L) NULL else index + 1L, NULL)
}

# A Python slice (NULL for an open end); numbers become ints.
.py_slice <- function(start, stop, step) {
  as_int <- function(v) if (is.numeric(v)) as.integer(v) else v
  if (is.null(.tf_state$slice))
    .tf_state$slice <- py_get_attr(import_builtins(convert = FALSE), "slice")
  py_call(.tf_state$slice, as_int(start), as_int(stop), as_int(step))
}

# An R range start:stop:step (1-based, inclusive stop; negative counts from
# the end) as a Python slice. A decreasing range steps backwards.
.r_slice <- function(start, stop, step) {
  numeric <- function(v) is.numeric(v) && !is_py_object(v)
  if (is.null(step) && numeric(start) && numeric(stop) &&
      sign(start) == sign(stop) && start > stop)
    step <- -1L
  if (!numeric(start) && !is.null(start) || !numeric(stop) && !is.null(stop))
    return(.py_slice(start, stop, step))
  direction <- if (is.null(step) || is_py_object(step) || step > 0) 1L else -1L
  zero_based <- function(i) if (i > 0L) i - 1L else i
  py_start <- if (is.null(start)) NULL else zero_based(start)
  py_stop <- NULL
  if (!is.null(stop)) {
    py_stop <- zero_based(stop) + direction
    if ((direction > 0L && py_stop == 0L) || (direction < 0L && py_stop == -1L))
      py_stop <- NULL
  }
  .py_slice(py_start, py_stop, step)
}

# An integer vector with one step (c(1, 3, 5), 2:4) as the equivalent slice.
.sequence_slice <- function(v, r_style) {
  step <- v[[2L]] - v[[1L]]
  if (step == 0L || any(diff(v) != step) || (r_style && any(v < 0L)))
    stop("a vector of tensor indices must be an evenly spaced sequence of positive ",
         "numbers (such as c(1, 3, 5)); use tf$gather() to pick arbitrary elements",
         call. = FALSE)
  stop_value <- v[[length(v)]]
  if (r_style) return(.r_slice(v[[1L]], stop_value, step))
  py_stop <- stop_value + sign(step)
  .py_slice(v[[1L]], if (py_stop < 0L) NULL else py_stop, step)
}

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
