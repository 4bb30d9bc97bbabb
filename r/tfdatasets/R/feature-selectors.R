# Choosing the features a step_*() applies to: tidyselect selections over the
# spec's feature names, where has_type(), all_numeric() and all_nominal() pick
# features by their dtype. While a step selects, the names and dtypes of the
# spec's features are in `.selecting`, which those selectors read.

.selecting <- new.env(parent = emptyenv())

.numeric_types <- c("float16", "float32", "float64", "int16", "int32", "int64", "half", "double")

# Evaluate `code` with the spec's features (names and dtype names) visible to
# the selectors; the previous ones come back afterwards (steps may nest).
.with_features <- function(names, types, code) {
  previous <- as.list(.selecting)
  on.exit({
    rm(list = ls(.selecting), envir = .selecting)
    list2env(previous, .selecting)
  }, add = TRUE)
  .selecting$names <- names
  .selecting$types <- types
  force(code)
}

# The features `quosures` select in `spec`, in order: a character vector of
# feature names whose names are the names the steps take. A named argument
# (`ind_a = a`) names its step and must select one feature; other steps are
# named `<prefix>_<feature>`, or after the feature itself when `prefix` is NULL.
.select_features <- function(spec, quosures, prefix = NULL, caller = "the step") {
  names <- spec$feature_names()
  data <- stats::setNames(as.list(names), names)
  select <- function(quos) {
    .with_features(names, spec$feature_types(), tryCatch(
      tidyselect::eval_select(rlang::quo(c(!!!quos)), data),
      error = function(e) stop(sprintf("%s: the selection must name features of the spec (%s): %s",
                                       caller, paste(names, collapse = ", "), conditionMessage(e)),
                               call. = FALSE)))
  }
  given <- names(quosures)
  given <- if (is.null(given)) rep("", length(quosures)) else given
  step_names <- character()
  for (i in which(nzchar(given))) {
    one <- select(unname(quosures[i]))
    if (length(one) != 1L)
      stop(sprintf(paste0("%s: `%s = ` names a step, so its selection must pick one feature, ",
                          "not %d (name steps only when selecting single features)"),
                   caller, given[[i]], length(one)), call. = FALSE)
    step_names[[names[[one]]]] <- given[[i]]
  }
  selected <- names[select(unname(quosures))]
  default <- if (is.null(prefix)) selected else paste0(prefix, "_", selected)
  named <- selected %in% names(step_names)
  default[named] <- step_names[selected[named]]
  stats::setNames(selected, default)
}

.no_selection <- function(caller) {
  stop(caller, " selects features by type only inside a step_*() of a feature_spec(), ",
       "such as step_numeric_column(spec, ", caller, ")", call. = FALSE)
}

#' Select features by their type
#'
#' @description
#' Selectors to use in the `...` of the `step_*()` functions of a
#' [feature_spec()], alone or with the other tidyselect selections (bare
#' names, `-name`, [starts_with()], ...). `has_type()` selects the features
#' whose dtype name is one of `match`; `all_numeric()` those of the integer
#' and floating point types (`"float16"`, `"float32"`, `"float64"`, `"int16"`,
#' `"int32"`, `"int64"`, `"half"`, `"double"`); `all_nominal()` the strings
#' (`"string"`).
#'
#' A feature's type is the dtype of its column in the dataset, or the type a
#' step gives it: [step_numeric_column()] makes its feature `"float32"` (its
#' `dtype`), [step_indicator_column()], [step_embedding_column()] and
#' [step_bucketized_column()] make `"float32"` features and
#' [step_crossed_column()] a `"string"` one. Outside a step they are an error.
#'
#' @param match The dtype names to select (such as `"float32"` or `"string"`).
#'
#' @returns The names of the selected features (a character vector).
#' @seealso [feature_spec()], [steps]
#' @name selectors
#' @md
#' @examples
#' \dontrun{
#' spec <- feature_spec(hearts, target ~ .) %>%
#'   step_numeric_column(all_numeric(), -sex, normalizer_fn = scaler_standard()) %>%
#'   step_categorical_column_with_vocabulary_list(has_type("string")) %>%
#'   step_indicator_column(all_nominal())
#' }
has_type <- function(match = "float32") {
  if (is.null(.selecting$names)) .no_selection("has_type()")
  .selecting$names[.selecting$types %in% match]
}

#' @rdname selectors
all_numeric <- function() {
  if (is.null(.selecting$names)) .no_selection("all_numeric()")
  has_type(.numeric_types)
}

#' @rdname selectors
all_nominal <- function() {
  if (is.null(.selecting$names)) .no_selection("all_nominal()")
  has_type("string")
}
