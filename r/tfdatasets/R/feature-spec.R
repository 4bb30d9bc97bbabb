# Feature specs: the features of a dataset of named columns, the steps that
# make tf$feature_column columns of them, the fit that reads the data once
# (vocabularies, scaler constants), and the dataset prepared for a model.

.is_spec <- function(x) inherits(x, "FeatureSpec")

.check_spec <- function(spec, caller) {
  if (!.is_spec(spec))
    stop(sprintf("%s needs a feature spec made by feature_spec(), not an object of class %s",
                 caller, paste(class(spec), collapse = "/")), call. = FALSE)
  invisible(spec)
}

# A dataset, or a data frame as a dataset of one element: the whole frame.
.spec_dataset <- function(dataset, caller) {
  if (is.data.frame(dataset)) return(tensors_dataset(dataset))
  if (!.is_dataset(dataset))
    stop(sprintf("%s needs a TensorFlow dataset or a data frame, not an object of class %s",
                 caller, paste(class(dataset), collapse = "/")), call. = FALSE)
  dataset
}

# Calls f(batch) for each element of the dataset (a named list of tensors);
# in graph mode the elements are the arrays a session gives.
.each_batch <- function(dataset, f) {
  if (isTRUE(tf$executing_eagerly())) {
    iterator <- as_iterator(dataset)
    while (!is.null(batch <- iter_next(iterator))) f(batch)
    return(invisible())
  }
  next_element <- tf$compat$v1$data$make_one_shot_iterator(dataset)$get_next()
  session <- tf$compat$v1$Session()
  on.exit(session$close(), add = TRUE)
  repeat {
    batch <- tryCatch(session$run(next_element), error = out_of_range_handler)
    if (is.null(batch)) break
    f(batch)
  }
  invisible()
}

# The columns a step made, named: one column under the step's name, several
# (shared embeddings) under the name followed by their position.
.named_columns <- function(columns, name) {
  if (is.list(columns) && !.is_py(columns))
    return(stats::setNames(columns, paste0(name, seq_along(columns))))
  stats::setNames(list(columns), name)
}

.is_dense_column <- function(column) {
  inherits(column, "tensorflow.python.feature_column.feature_column_v2.DenseColumn")
}

FeatureSpec <- R6::R6Class("FeatureSpec",
  public = list(
    steps = list(),
    column_names = NULL,
    # the dtype names of the columns, by column name
    column_types = NULL,
    dataset = NULL,
    prepared_dataset = NULL,
    fitted = FALSE,
    x = NULL,
    y = NULL,

    # x and y: quosures of dataset_prepare()'s selections (or a formula as x)
    initialize = function(dataset, x, y) {
      self$x <- x
      self$y <- y
      self$set_dataset(.spec_dataset(dataset, "feature_spec()"))
      self$column_names <- column_names(self$dataset)
      types <- output_types(self$dataset)
      self$column_types <- vapply(self$column_names, function(name) types[[name]]$name, "")
    },

    set_dataset = function(dataset) {
      self$prepared_dataset <- dataset_prepare(dataset, !!self$x, !!self$y, named_features = TRUE)
      self$dataset <- dataset_map(self$prepared_dataset, function(element) element$x)
      invisible(self)
    },

    add_step = function(step) {
      self$steps <- c(self$steps, stats::setNames(list(step), step$name))
      invisible(self)
    },

    fit = function() {
      if (self$fitted)
        stop("this feature spec is already fitted (fit(spec) fits a copy and leaves spec as it ",
             "was)", call. = FALSE)
      .each_batch(self$dataset, function(batch) {
        for (step in self$steps) step$fit_batch(batch)
      })
      for (step in self$steps) step$fit_resume()
      self$fitted <- TRUE
      invisible(self)
    },

    features = function() {
      if (!self$fitted)
        stop("the feature spec must be fitted before it makes its columns: use fit(spec)",
             call. = FALSE)
      columns <- list()
      for (step in self$steps) {
        if (inherits(step, "RemoveStep"))
          columns <- columns[names(columns) != step$var]
        else
          columns <- c(columns, .named_columns(step$feature(columns), step$name))
      }
      columns
    },

    dense_features = function() Filter(.is_dense_column, self$features()),

    feature_names = function() unique(c(names(self$steps), self$column_names)),

    # A step's type, else the type of the dataset column it reads (`key`) or
    # has the name of; NA for a feature of neither.
    feature_types = function() {
      vapply(self$feature_names(), function(name) {
        step <- self$steps[[name]]
        if (!is.null(step$column_type)) return(step$column_type)
        column <- if (is.null(step$key)) name else step$key
        unname(self$column_types[column])
      }, "", USE.NAMES = FALSE)
    },

    print = function(...) {
      cat("A feature_spec with ", length(self$steps), " steps (",
          if (self$fitted) "fitted" else "not fitted", ")\n", sep = "")
      cat("Features: ", paste(self$column_names, collapse = ", "), "\n", sep = "")
      if (length(self$steps)) {
        kinds <- vapply(self$steps, function(step) class(step)[[1L]], "")
        for (kind in sort(unique(kinds)))
          cat("  ", kind, ": ", paste(names(self$steps)[kinds == kind], collapse = ", "), "\n",
              sep = "")
      }
      if (self$fitted)
        cat("Dense features: ", paste(names(self$dense_features()), collapse = ", "), "\n", sep = "")
      else
        cat("Dense features: known once fitted (fit(spec))\n")
      invisible(self)
    }
  ),
  private = list(
    deep_clone = function(name, value) {
      if (name == "steps") lapply(value, function(step) step$clone(deep = TRUE)) else value
    }
  )
)

#' Describe the features of a dataset for a model
#'
#' @description
#' `feature_spec()` starts a feature specification: the features of a dataset
#' of named columns (a dataset of dicts, such as `tensor_slices_dataset()` of a
#' data frame, or a data frame, which becomes a dataset of one element, the
#' whole frame) and its response. Add [steps] to it to say how each feature
#' becomes model input (`tf$feature_column` columns): numeric, categorical,
#' indicator, embedding, bucketized, crossed. The steps return copies: a spec
#' is never changed in place.
#'
#' `fit()` of a spec reads the dataset (or `dataset`, when given) once, batch
#' by batch, to learn what the steps need: vocabularies, scaler constants. It
#' returns a fitted copy; `spec$fit()` fits `spec` itself.
#'
#' `dataset_use_spec()` maps a dataset to the `(x, y)` elements a Keras model
#' takes: `x` the named list of feature columns, `y` the response (`x` alone
#' when the spec has no response). [dense_features()] gives the spec's columns
#' for Keras's `DenseFeatures` layer (keras' `layer_dense_features()`).
#'
#' A fitted spec's `spec$features()` is the named list of all its columns and
#' `spec$dense_features()` those a `DenseFeatures` layer takes;
#' `spec$feature_names()` and `spec$feature_types()` are the features and
#' dtype names the selectors see.
#'
#' @param dataset A TensorFlow dataset of named columns, or a data frame.
#' @param x The features: a formula (`y ~ a + b`, `y ~ .`), or a tidyselect
#'   selection of columns.
#' @param y The response column, when `x` is not a formula (optional).
#' @param object A feature spec.
#' @param spec A fitted feature spec.
#' @param ... Unused.
#'
#' @returns `feature_spec()`: a feature spec (an R6 object of class
#'   `FeatureSpec`). `fit()`: a fitted copy. `dataset_use_spec()`: a dataset
#'   (class `tf_dataset`).
#' @seealso [steps], [selectors], [scaler], [dense_features()],
#'   [layer_input_from_dataset()]
#' @md
#' @examples
#' \dontrun{
#' ds <- tensor_slices_dataset(hearts) %>% dataset_batch(32)
#' spec <- feature_spec(ds, target ~ age + thal) %>%
#'   step_numeric_column(age, normalizer_fn = scaler_standard()) %>%
#'   step_categorical_column_with_vocabulary_list(thal) %>%
#'   step_indicator_column(thal)
#' spec <- fit(spec)
#' train <- dataset_use_spec(ds, spec)
#' dense_features(spec)
#' }
feature_spec <- function(dataset, x, y = NULL) {
  FeatureSpec$new(dataset, rlang::enquo(x), rlang::enquo(y))
}

#' @rdname feature_spec
#' @method fit FeatureSpec
fit.FeatureSpec <- function(object, dataset = NULL, ...) {
  spec <- object$clone(deep = TRUE)
  if (!is.null(dataset)) spec$set_dataset(.spec_dataset(dataset, "fit()"))
  spec$fit()
  spec
}

#' @rdname feature_spec
dataset_use_spec <- function(dataset, spec) {
  .check_dataset(dataset)
  .check_spec(spec, "dataset_use_spec()")
  if (!spec$fitted)
    stop("dataset_use_spec() needs a fitted feature spec: use fit(spec) first", call. = FALSE)
  spec <- spec$clone(deep = TRUE)
  spec$set_dataset(dataset)
  dataset_map(spec$prepared_dataset, function(element) {
    if (is.null(element$y)) element$x else tuple(element$x, element$y)
  })
}

#' Columns and inputs of a feature spec for a Keras model
#'
#' @description
#' `dense_features()` gives the dense columns of a fitted [feature_spec()]
#' (numeric, indicator, embedding, bucketized): what Keras 2's
#' `DenseFeatures` layer takes (`layer_dense_features()` of keras 2.x, which
#' runs on tf-keras; Keras 3 has no such layer: for new code, use
#' `layer_feature_space()` of keras3).
#'
#' `layer_input_from_dataset()` makes one Keras input per feature column of a
#' dataset (such as [dataset_use_spec()]'s, whose elements are `(x, y)`; the
#' first component is used) or of a data frame: a named dict of
#' `tf$keras$layers$Input()`s with the columns' names, dtypes and shapes
#' without the batch dimension. They are inputs of the Keras that `tf$keras`
#' is (tf-keras after `library(keras)`).
#'
#' @param spec A fitted feature spec.
#' @param dataset A TensorFlow dataset of named columns (or of `(x, y)` with
#'   `x` named columns), or a data frame or named list of columns.
#'
#' @returns `dense_features()`: a named list of feature columns.
#'   `layer_input_from_dataset()`: a Python dict of Keras inputs.
#' @seealso [feature_spec()], [dataset_use_spec()]
#' @md
#' @examples
#' \dontrun{
#' library(keras)
#' spec <- feature_spec(ds, target ~ age + thal) %>%
#'   step_numeric_column(age) %>%
#'   step_categorical_column_with_vocabulary_list(thal) %>%
#'   step_indicator_column(thal) %>%
#'   fit()
#' train <- dataset_use_spec(ds, spec)
#' inputs <- layer_input_from_dataset(train)
#' outputs <- inputs %>%
#'   layer_dense_features(dense_features(spec)) %>%
#'   layer_dense(units = 1, activation = "sigmoid")
#' model <- keras_model(inputs, outputs)
#' }
dense_features <- function(spec) {
  .check_spec(spec, "dense_features()")
  spec$dense_features()
}

#' @rdname dense_features
layer_input_from_dataset <- function(dataset) {
  if (is.data.frame(dataset) || (is.list(dataset) && !.is_py(dataset)))
    dataset <- dataset_batch(tensor_slices_dataset(lapply(as.list(dataset), utils::head)), 1L)
  .check_dataset(dataset)
  element <- dataset$element_spec
  if (is.list(element) && !.is_py(element) && is.null(names(element))) element <- element[[1L]]
  if (!is.list(element) || .is_py(element) || is.null(names(element)))
    stop("layer_input_from_dataset() needs a dataset whose elements (or their first ",
         "component) are named columns", call. = FALSE)
  inputs <- lapply(names(element), function(name) {
    column <- element[[name]]
    dims <- as.list(column$shape)
    tf$keras$layers$Input(name = name, shape = tuple(dims[-1L]), dtype = column$dtype$name)
  })
  dict(stats::setNames(inputs, names(element)))
}
