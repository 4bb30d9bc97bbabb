# dataset_prepare(): a dataset of named columns (dict elements) as features
# and response, x and y, for fitting a model.

# The column names of a dataset whose elements are dicts, read from its
# element spec (R's tfdatasets has this internal too; the feature specs use it).
column_names <- function(dataset) {
  spec <- dataset$element_spec
  columns <- if (is.list(spec) && !.is_py(spec)) names(spec)
  if (is.null(columns))
    stop("the dataset's elements have no named columns (they must be dicts, as from ",
         "tensor_slices_dataset() of a data frame or a named list)", call. = FALSE)
  columns
}

# The positions of the columns a tidyselect selection names: bare names, c(a, b),
# ranges a:c, exclusions -a, strings, and the helpers (starts_with(), ...).
.select_columns <- function(quo, columns, arg) {
  positions <- tryCatch(
    tidyselect::eval_select(quo, stats::setNames(as.list(columns), columns)),
    error = function(e) stop(sprintf("`%s` must select columns of the dataset (%s): %s", arg,
                                     paste(columns, collapse = ", "), conditionMessage(e)),
                             call. = FALSE))
  unname(positions)
}

# `response ~ a + b`, `response ~ .` (every other column), `~ a + b`.
.formula_columns <- function(formula, columns) {
  frame <- as.data.frame(stats::setNames(rep(list(numeric()), length(columns)), columns))
  terms <- tryCatch(stats::terms(formula, data = frame), error = function(e)
    stop("the formula must use columns of the dataset (", paste(columns, collapse = ", "),
         "): ", conditionMessage(e), call. = FALSE))
  features <- attr(terms, "term.labels")
  unknown <- setdiff(features, columns)
  if (length(unknown))
    stop("the formula's features must be columns of the dataset: ",
         paste(unknown, collapse = ", "), call. = FALSE)
  response <- if (attr(terms, "response") == 1L) all.vars(formula[[2L]]) else character()
  if (length(response) > 1L) stop("the formula must have one response column", call. = FALSE)
  list(features = match(features, columns),
       response = if (length(response)) match(response, columns) else NULL)
}

#' Prepare a dataset of named columns as features and response
#'
#' @description
#' Maps a dataset whose elements are dicts of columns (as
#' `tensor_slices_dataset()` of a data frame, [dataset_decode_delim()] or
#' [sql_dataset()] give) to elements of features `x` and response `y`, and
#' batches it when `batch_size` is given.
#'
#' The columns are chosen either by a formula, `y ~ a + b` (`y ~ .` for all
#' other columns, `~ a + b` for features only), or by `x` and `y` as column
#' tidyselect selections: bare names, `c(a, b)`, ranges `a:c`, exclusions
#' `-a`, strings, or helpers such as `starts_with()`. The feature columns are stacked into one tensor along a new last
#' dimension, unless `named_features = TRUE` keeps them as a named list.
#'
#' With `named = TRUE` (the default, as in R's tfdatasets) each element is the
#' named list `list(x = , y = )`, a dict. keras3's `fit()` takes a dict
#' element for the model's inputs, not for `(x, y)`; to train a model on the
#' result, use `named = FALSE`, which gives the tuple `(x, y)` that `fit()`
#' expects.
#'
#' @param dataset A dataset of dicts of columns.
#' @param x A formula (see above), or the feature columns.
#' @param y The response column, when `x` is not a formula.
#' @param named Whether each element is the named list `list(x = , y = )`
#'   (a dict) rather than a tuple.
#' @param named_features Whether the features stay a named list of columns
#'   instead of being stacked into one tensor.
#' @param parallel_records The number of elements to prepare in parallel (a
#'   whole number, or `tf$data$AUTOTUNE`).
#' @param batch_size The number of elements per batch (a whole number), or
#'   `NULL` for no batching.
#' @param num_parallel_batches The number of batches to make in parallel,
#'   with `batch_size`.
#' @param drop_remainder Whether to drop the last batch when it is smaller,
#'   with `batch_size`.
#'
#' @returns A dataset (class `tf_dataset`).
#' @md
#' @examples
#' \dontrun{
#' cars <- tensor_slices_dataset(mtcars)
#' ds <- cars %>% dataset_prepare(mpg ~ cyl + disp, batch_size = 8, named = FALSE)
#' model %>% fit(ds, epochs = 5)
#'
#' cars %>% dataset_prepare(x = c(cyl, disp), y = mpg)
#' cars %>% dataset_prepare(x = -mpg, y = "mpg", named_features = TRUE)
#' }
dataset_prepare <- function(dataset, x, y = NULL, named = TRUE, named_features = FALSE,
                            parallel_records = NULL, batch_size = NULL,
                            num_parallel_batches = NULL, drop_remainder = FALSE) {
  .check_dataset(dataset)
  columns <- column_names(dataset)
  x_quo <- rlang::enquo(x)
  x_value <- rlang::quo_get_expr(x_quo)
  if (rlang::is_formula(x_value) ||
      (rlang::is_symbol(x_value) && rlang::is_formula(tryCatch(rlang::eval_tidy(x_quo),
                                                               error = function(e) NULL)))) {
    selection <- .formula_columns(rlang::eval_tidy(x_quo), columns)
    features <- selection$features
    response <- selection$response
  } else {
    features <- .select_columns(x_quo, columns, "x")
    response <- NULL
  }
  y_quo <- rlang::enquo(y)
  if (!rlang::quo_is_null(y_quo)) {
    if (!is.null(response)) stop("give the response in the formula or as `y`, not both",
                                 call. = FALSE)
    response <- .select_columns(y_quo, columns, "y")
    if (length(response) != 1L) stop("`y` must be one column", call. = FALSE)
  }
  if (!length(features)) stop("no feature columns selected", call. = FALSE)
  feature_names <- columns[features]

  prepare <- function(record) {
    values <- record[feature_names]
    if (named_features) {
      x <- values
    } else {
      rank <- py_to_r(py_get_attr(values[[1L]]$shape, "rank"))
      x <- tf$stack(unname(values), axis = if (is.null(rank)) 0L else as.integer(rank))
    }
    element <- if (is.null(response)) list(x) else list(x, record[[columns[response]]])
    if (named) names(element) <- c("x", "y")[seq_along(element)]
    element
  }

  if (is.null(batch_size))
    dataset_map(dataset, prepare, num_parallel_calls = parallel_records)
  else
    dataset_map_and_batch(dataset, prepare, batch_size,
                          num_parallel_batches = num_parallel_batches,
                          drop_remainder = drop_remainder, num_parallel_calls = parallel_records)
}
