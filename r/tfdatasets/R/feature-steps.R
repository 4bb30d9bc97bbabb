# The steps of a feature spec: each is an R6 object that learns what it needs
# from the data while the spec is fitted (fit_batch() for every batch, then
# fit_resume()) and then makes its feature column (feature(), from the
# columns the earlier steps made, by name). The step_*() functions add them to
# a copy of the spec, one step per selected feature.

# A field of a step cloned with it: R6 objects (scalers) are copied, Python
# objects (initializers) are shared.
.clone_field <- function(name, value) {
  if (inherits(value, "R6")) value$clone(deep = TRUE) else value
}

# The values of a feature in a batch as an R vector: an eager tensor's, or
# the array sess$run() gave in graph mode. Strings may come as Python bytes
# (as.array() of a string tensor once keras3 is loaded gives them, as in R's
# keras3): they are decoded from UTF-8.
.feature_values <- function(x) {
  if (.is_tensor(x)) x <- as.array(x)
  if (is.list(x)) x <- vapply(x, .text_value, "")
  as.vector(x)
}

.text_value <- function(x) {
  if (inherits(x, "python.builtin.bytes")) x$decode("utf-8") else as.character(x)
}

# The distinct values of a feature in a batch (found by TensorFlow first, so
# only those cross to R).
.distinct_values <- function(x) {
  if (.is_tensor(x)) x <- tf$unique(tf$reshape(x, list(-1L)))$y
  unique(.feature_values(x))
}

.dtype_name <- function(dtype) {
  if (is.null(dtype)) return(NULL)
  if (is.character(dtype)) return(tf$as_dtype(dtype)$name)
  dtype$name
}

.dtype <- function(name) if (is.null(name)) NULL else tf$as_dtype(name)

.whole <- function(x, arg) if (is.null(x)) NULL else .int(x, arg)

# The feature column an earlier step made under `name`; `what` says which kind
# the step needs ("categorical", "numeric" or "any"), for the error.
.earlier_feature <- function(features, name, what, step) {
  feature <- features[[name]]
  if (is.null(feature))
    stop(sprintf(paste0("%s of `%s`: the spec has no %s column named `%s` before this step ",
                        "(add it with a step_*() first)"), step, name, what, name), call. = FALSE)
  feature
}

# A step's fields are set by name from the arguments of $new() (each class
# declares its fields); a `dtype` is kept as its name, which is also the type
# of the feature the step makes.
Step <- R6::R6Class("Step",
  public = list(
    name = NULL,
    # The dtype name of the feature the step makes; NULL: the dataset column's.
    column_type = NULL,
    initialize = function(..., name) {
      fields <- list(...)
      for (field in names(fields)) self[[field]] <- fields[[field]]
      if ("dtype" %in% names(fields)) {
        self$dtype <- .dtype_name(fields$dtype)
        self$column_type <- self$dtype
      }
      self$name <- name
    },
    fit_batch = function(batch) invisible(self),
    fit_resume = function() invisible(self),
    feature = function(features) stop("a Step subclass must define feature()", call. = FALSE)
  ),
  private = list(deep_clone = .clone_field)
)

CategoricalStep <- R6::R6Class("CategoricalStep", inherit = Step)

DerivedStep <- R6::R6Class("DerivedStep", inherit = Step)

RemoveStep <- R6::R6Class("RemoveStep", inherit = Step, public = list(var = NULL))

StepNumericColumn <- R6::R6Class("StepNumericColumn",
  inherit = Step,
  public = list(
    key = NULL, shape = NULL, default_value = NULL, dtype = NULL, normalizer_fn = NULL,
    fit_batch = function(batch) {
      if (inherits(self$normalizer_fn, "Scaler"))
        self$normalizer_fn$fit_batch(as.numeric(.feature_values(batch[[self$key]])))
      invisible(self)
    },
    fit_resume = function() {
      if (inherits(self$normalizer_fn, "Scaler")) {
        self$normalizer_fn$fit_resume()
        self$normalizer_fn <- self$normalizer_fn$fun()
      }
      invisible(self)
    },
    feature = function(features) {
      tf$feature_column$numeric_column(
        key = self$key, shape = .int(self$shape, "shape"), default_value = self$default_value,
        dtype = .dtype(self$dtype), normalizer_fn = self$normalizer_fn)
    }
  )
)

StepCategoricalColumnWithVocabularyList <- R6::R6Class("StepCategoricalColumnWithVocabularyList",
  inherit = CategoricalStep,
  public = list(
    key = NULL, vocabulary_list = NULL, dtype = NULL, default_value = NULL,
    num_oov_buckets = NULL, seen = NULL,
    fit_batch = function(batch) {
      if (is.null(self$vocabulary_list))
        self$seen <- unique(c(self$seen, .distinct_values(batch[[self$key]])))
      invisible(self)
    },
    fit_resume = function() {
      if (is.null(self$vocabulary_list)) {
        if (!length(self$seen))
          stop(sprintf("step_categorical_column_with_vocabulary_list() of `%s`: no values seen ",
                       self$key), "to learn a vocabulary from", call. = FALSE)
        self$vocabulary_list <- sort(self$seen)
      }
      invisible(self)
    },
    feature = function(features) {
      tf$feature_column$categorical_column_with_vocabulary_list(
        key = self$key, vocabulary_list = as.list(self$vocabulary_list),
        dtype = .dtype(self$dtype), default_value = .whole(self$default_value, "default_value"),
        num_oov_buckets = .whole(self$num_oov_buckets, "num_oov_buckets"))
    }
  )
)

StepCategoricalColumnWithHashBucket <- R6::R6Class("StepCategoricalColumnWithHashBucket",
  inherit = CategoricalStep,
  public = list(
    key = NULL, hash_bucket_size = NULL, dtype = NULL,
    feature = function(features) {
      tf$feature_column$categorical_column_with_hash_bucket(
        key = self$key, hash_bucket_size = .int(self$hash_bucket_size, "hash_bucket_size"),
        dtype = .dtype(self$dtype))
    }
  )
)

StepCategoricalColumnWithIdentity <- R6::R6Class("StepCategoricalColumnWithIdentity",
  inherit = CategoricalStep,
  public = list(
    key = NULL, num_buckets = NULL, default_value = NULL,
    feature = function(features) {
      tf$feature_column$categorical_column_with_identity(
        key = self$key, num_buckets = .int(self$num_buckets, "num_buckets"),
        default_value = .whole(self$default_value, "default_value"))
    }
  )
)

StepCategoricalColumnWithVocabularyFile <- R6::R6Class("StepCategoricalColumnWithVocabularyFile",
  inherit = CategoricalStep,
  public = list(
    key = NULL, vocabulary_file = NULL, vocabulary_size = NULL, dtype = NULL,
    default_value = NULL, num_oov_buckets = NULL,
    feature = function(features) {
      tf$feature_column$categorical_column_with_vocabulary_file(
        key = self$key, vocabulary_file = self$vocabulary_file,
        vocabulary_size = .whole(self$vocabulary_size, "vocabulary_size"),
        dtype = .dtype(self$dtype), default_value = .whole(self$default_value, "default_value"),
        num_oov_buckets = .whole(self$num_oov_buckets, "num_oov_buckets"))
    }
  )
)

StepIndicatorColumn <- R6::R6Class("StepIndicatorColumn",
  inherit = Step,
  public = list(
    categorical_column = NULL,
    column_type = "float32",
    feature = function(features) {
      tf$feature_column$indicator_column(.earlier_feature(
        features, self$categorical_column, "categorical", "step_indicator_column()"))
    }
  )
)

# The number of categories of a categorical column: its vocabulary's size when
# it has one, else its number of buckets.
.vocabulary_size <- function(column) {
  if (py_has_attr(column, "vocabulary_list")) return(length(column$vocabulary_list))
  if (py_has_attr(column, "vocabulary_size") && !is.null(column$vocabulary_size))
    return(column$vocabulary_size)
  column$num_buckets
}

StepEmbeddingColumn <- R6::R6Class("StepEmbeddingColumn",
  inherit = Step,
  public = list(
    categorical_column = NULL, dimension = NULL, combiner = NULL, initializer = NULL,
    ckpt_to_load_from = NULL, tensor_name_in_ckpt = NULL, max_norm = NULL, trainable = NULL,
    column_type = "float32",
    feature = function(features) {
      categorical <- .earlier_feature(features, self$categorical_column, "categorical",
                                      "step_embedding_column()")
      dimension <- if (is.function(self$dimension)) self$dimension(.vocabulary_size(categorical))
                   else self$dimension
      tf$feature_column$embedding_column(
        categorical_column = categorical, dimension = .int(dimension, "dimension"),
        combiner = self$combiner, initializer = self$initializer,
        ckpt_to_load_from = self$ckpt_to_load_from, tensor_name_in_ckpt = self$tensor_name_in_ckpt,
        max_norm = self$max_norm, trainable = self$trainable)
    }
  )
)

StepBucketizedColumn <- R6::R6Class("StepBucketizedColumn",
  inherit = DerivedStep,
  public = list(
    source_column = NULL, boundaries = NULL,
    column_type = "float32",
    feature = function(features) {
      tf$feature_column$bucketized_column(
        source_column = .earlier_feature(features, self$source_column, "numeric",
                                         "step_bucketized_column()"),
        boundaries = as.list(as.numeric(self$boundaries)))
    }
  )
)

# Crossed features: categorical columns of the spec by name, or raw dataset
# columns (strings) that tf.feature_column hashes itself.
StepCrossedColumn <- R6::R6Class("StepCrossedColumn",
  inherit = DerivedStep,
  public = list(
    keys = NULL, hash_bucket_size = NULL, hash_key = NULL,
    column_type = "string",
    feature = function(features) {
      keys <- lapply(unname(self$keys), function(key) {
        if (is.null(features[[key]])) key else features[[key]]
      })
      tf$feature_column$crossed_column(
        keys = keys, hash_bucket_size = .int(self$hash_bucket_size, "hash_bucket_size"),
        hash_key = self$hash_key)
    }
  )
)

StepSharedEmbeddings <- R6::R6Class("StepSharedEmbeddings",
  inherit = DerivedStep,
  public = list(
    categorical_columns = NULL, dimension = NULL, combiner = NULL, initializer = NULL,
    shared_embedding_collection_name = NULL, ckpt_to_load_from = NULL,
    tensor_name_in_ckpt = NULL, max_norm = NULL, trainable = NULL,
    column_type = "float32",
    # One embedding column per categorical column, sharing their weights;
    # TensorFlow makes them only in graph mode.
    feature = function(features) {
      if (isTRUE(tf$executing_eagerly()))
        stop("step_shared_embeddings_column(): TensorFlow makes shared embedding columns only ",
             "in graph mode (tf$compat$v1$disable_eager_execution()); with eager execution, ",
             "use step_embedding_column() for each column", call. = FALSE)
      columns <- lapply(unname(self$categorical_columns), function(key)
        .earlier_feature(features, key, "categorical", "step_shared_embeddings_column()"))
      tf$feature_column$shared_embeddings(
        categorical_columns = columns, dimension = .int(self$dimension, "dimension"),
        combiner = self$combiner, initializer = self$initializer,
        shared_embedding_collection_name = self$shared_embedding_collection_name,
        ckpt_to_load_from = self$ckpt_to_load_from, tensor_name_in_ckpt = self$tensor_name_in_ckpt,
        max_norm = self$max_norm, trainable = self$trainable)
    }
  )
)

# A copy of `spec` with one step per selected feature: make(feature, name)
# gives the step. A single-feature step (prefix NULL) is named after its
# feature; a derived one `<prefix>_<feature>` unless the argument is named.
.add_steps <- function(spec, quosures, make, prefix = NULL, caller) {
  .check_spec(spec, caller)
  spec <- spec$clone(deep = TRUE)
  selected <- .select_features(spec, quosures, prefix, caller)
  for (i in seq_along(selected)) spec$add_step(make(unname(selected[[i]]), names(selected)[[i]]))
  spec
}

# A copy of `spec` with one step per argument, each over all the features its
# selection picks (crossed columns, shared embeddings): named after the
# argument, or `<prefix>_<features joined by _>`.
.add_multi_feature_steps <- function(spec, quosures, make, prefix, caller) {
  .check_spec(spec, caller)
  spec <- spec$clone(deep = TRUE)
  given <- names(quosures)
  for (i in seq_along(quosures)) {
    selected <- unname(.select_features(spec, unname(quosures[i]), caller = caller))
    name <- if (!is.null(given) && nzchar(given[[i]])) given[[i]]
            else paste(c(prefix, selected), collapse = "_")
    spec$add_step(make(selected, name))
  }
  spec
}

#' Steps of a feature spec
#'
#' @description
#' Each `step_*()` function adds to a copy of a [feature_spec()] the columns
#' of `tf$feature_column` for the features `...` selects (bare names,
#' tidyselect helpers and the [selectors] `has_type()`, `all_numeric()`,
#' `all_nominal()`):
#'
#' * `step_numeric_column()`: numeric columns, optionally normalized by a
#'   [scaler] or an R function of a tensor (`normalizer_fn`);
#' * `step_categorical_column_with_vocabulary_list()`: categories from a
#'   vocabulary, learned from the data when `vocabulary_list` is `NULL` (the
#'   sorted distinct values [fit()] sees);
#' * `step_categorical_column_with_hash_bucket()`: categories by hashing
#'   into `hash_bucket_size` buckets;
#' * `step_categorical_column_with_identity()`: integer features that are
#'   their own category, in `[0, num_buckets)`;
#' * `step_categorical_column_with_vocabulary_file()`: categories from a
#'   vocabulary file, one value per line;
#' * `step_indicator_column()`: one-hot (multi-hot) columns of categorical
#'   columns;
#' * `step_embedding_column()`: embeddings of categorical columns, of
#'   `dimension` (a number, or a function of the number of categories);
#' * `step_bucketized_column()`: numeric columns cut at `boundaries`;
#' * `step_crossed_column()`: crosses of categorical columns (each argument,
#'   such as `c(a, b)`, is one cross), hashed into `hash_bucket_size` buckets;
#' * `step_shared_embeddings_column()`: embeddings of several categorical
#'   columns that share their weights (each argument is one group); TensorFlow
#'   makes them only in graph mode;
#' * `step_remove_column()`: drops features from the spec's columns (a column
#'   an earlier step was built from stays built).
#'
#' The first five make a column named after its feature (`a`), which later
#' steps refer to; the indicator, embedding and bucketized steps make columns
#' named `indicator_a`, `embedding_a`, `bucketized_a`, and the crossed and
#' shared embedding steps `crossed_a_b`, `shared_embeddings_a_b`. A named
#' argument names the column instead (`step_indicator_column(spec, ind_a = a)`);
#' it must then select one feature.
#'
#' The spec must be fitted ([fit()]) before its columns are made
#' (`spec$features()`, [dense_features()]).
#'
#' @param spec A feature spec ([feature_spec()]).
#' @param ... The features, as tidyselect selections (see above).
#' @param shape The shape of a numeric feature (without the batch dimension).
#' @param default_value A numeric column's value for missing data; a
#'   categorical column's id for values outside the vocabulary (`-1` by
#'   default), or `NULL`.
#' @param dtype The type of the feature (`tf$float32`, `tf$string`, a dtype
#'   name, ...). For a vocabulary list, `NULL` infers it from the vocabulary.
#' @param normalizer_fn `NULL`, an R function of a tensor, or a [scaler].
#' @param vocabulary_list The categories; `NULL` to learn them when fitting.
#' @param num_oov_buckets The number of buckets for values outside the
#'   vocabulary (their ids follow the vocabulary's).
#' @param hash_bucket_size The number of hash buckets.
#' @param num_buckets The number of categories of an identity column.
#' @param vocabulary_file The path of the vocabulary file.
#' @param vocabulary_size How many lines of the vocabulary file to use;
#'   `NULL` for all.
#' @param dimension The size of the embedding: a number, or a function of the
#'   number of categories (by default their fourth root).
#' @param combiner How an embedding combines several values in one row:
#'   `"mean"`, `"sqrtn"` or `"sum"`.
#' @param initializer The initializer of the embedding weights, or `NULL`.
#' @param ckpt_to_load_from,tensor_name_in_ckpt A checkpoint and the tensor
#'   in it to load the embedding weights from.
#' @param max_norm The norm to clip embeddings to, or `NULL`.
#' @param trainable Whether the embedding weights are trained.
#' @param shared_embedding_collection_name The name of the shared weights, or
#'   `NULL` for one made from the columns' names.
#' @param boundaries Increasing numbers where buckets start.
#' @param hash_key The hash key of the crossing, or `NULL`.
#'
#' @returns A copy of `spec` with the steps added.
#' @seealso [feature_spec()], [selectors], [scaler]
#' @name steps
#' @md
#' @examples
#' \dontrun{
#' spec <- feature_spec(hearts, target ~ .) %>%
#'   step_numeric_column(all_numeric(), -cp, normalizer_fn = scaler_standard()) %>%
#'   step_categorical_column_with_vocabulary_list(thal) %>%
#'   step_bucketized_column(age, boundaries = c(30, 50, 70)) %>%
#'   step_indicator_column(thal) %>%
#'   step_embedding_column(thal, dimension = 2) %>%
#'   step_crossed_column(c(thal, bucketized_age), hash_bucket_size = 10) %>%
#'   step_indicator_column(crossed_thal_bucketized_age)
#' spec <- fit(spec)
#' }
step_numeric_column <- function(spec, ..., shape = 1L, default_value = NULL,
                                dtype = tf$float32, normalizer_fn = NULL) {
  if (!is.null(normalizer_fn) && !is.function(normalizer_fn) && !inherits(normalizer_fn, "Scaler"))
    stop("`normalizer_fn` must be NULL, a function or a scaler such as scaler_standard()",
         call. = FALSE)
  .add_steps(spec, rlang::quos(...), function(feature, name) {
    # each column learns its own constants, even from one scaler given for several
    normalizer <- if (inherits(normalizer_fn, "Scaler")) normalizer_fn$clone(deep = TRUE)
                  else normalizer_fn
    StepNumericColumn$new(key = feature, shape = shape, default_value = default_value,
                          dtype = dtype, normalizer_fn = normalizer, name = name)
  }, caller = "step_numeric_column()")
}

#' @rdname steps
step_categorical_column_with_vocabulary_list <- function(spec, ..., vocabulary_list = NULL,
                                                         dtype = NULL, default_value = -1L,
                                                         num_oov_buckets = 0L) {
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepCategoricalColumnWithVocabularyList$new(
      key = feature, vocabulary_list = vocabulary_list, dtype = dtype,
      default_value = default_value, num_oov_buckets = num_oov_buckets, name = name),
    caller = "step_categorical_column_with_vocabulary_list()")
}

#' @rdname steps
step_categorical_column_with_hash_bucket <- function(spec, ..., hash_bucket_size,
                                                     dtype = tf$string) {
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepCategoricalColumnWithHashBucket$new(key = feature, hash_bucket_size = hash_bucket_size,
                                            dtype = dtype, name = name),
    caller = "step_categorical_column_with_hash_bucket()")
}

#' @rdname steps
step_categorical_column_with_identity <- function(spec, ..., num_buckets, default_value = NULL) {
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepCategoricalColumnWithIdentity$new(key = feature, num_buckets = num_buckets,
                                          default_value = default_value, name = name),
    caller = "step_categorical_column_with_identity()")
}

#' @rdname steps
step_categorical_column_with_vocabulary_file <- function(spec, ..., vocabulary_file,
                                                         vocabulary_size = NULL, dtype = tf$string,
                                                         default_value = NULL,
                                                         num_oov_buckets = 0L) {
  if (!is.character(vocabulary_file) || length(vocabulary_file) != 1L ||
      !file.exists(vocabulary_file))
    stop("`vocabulary_file` must be the path of an existing file", call. = FALSE)
  vocabulary_file <- normalizePath(vocabulary_file)
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepCategoricalColumnWithVocabularyFile$new(
      key = feature, vocabulary_file = vocabulary_file, vocabulary_size = vocabulary_size,
      dtype = dtype, default_value = default_value, num_oov_buckets = num_oov_buckets,
      name = name),
    caller = "step_categorical_column_with_vocabulary_file()")
}

#' @rdname steps
step_indicator_column <- function(spec, ...) {
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepIndicatorColumn$new(categorical_column = feature, name = name),
    prefix = "indicator", caller = "step_indicator_column()")
}

#' @rdname steps
step_embedding_column <- function(spec, ..., dimension = function(x) as.integer(x^0.25),
                                  combiner = "mean", initializer = NULL, ckpt_to_load_from = NULL,
                                  tensor_name_in_ckpt = NULL, max_norm = NULL, trainable = TRUE) {
  if (!is.function(dimension)) dimension <- .int(dimension, "dimension")
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepEmbeddingColumn$new(
      categorical_column = feature, dimension = dimension, combiner = combiner,
      initializer = initializer, ckpt_to_load_from = ckpt_to_load_from,
      tensor_name_in_ckpt = tensor_name_in_ckpt, max_norm = max_norm, trainable = trainable,
      name = name),
    prefix = "embedding", caller = "step_embedding_column()")
}

#' @rdname steps
step_bucketized_column <- function(spec, ..., boundaries) {
  if (!is.numeric(boundaries) || !length(boundaries) || is.unsorted(boundaries, strictly = TRUE))
    stop("`boundaries` must be increasing numbers", call. = FALSE)
  .add_steps(spec, rlang::quos(...), function(feature, name)
    StepBucketizedColumn$new(source_column = feature, boundaries = boundaries, name = name),
    prefix = "bucketized", caller = "step_bucketized_column()")
}

#' @rdname steps
step_crossed_column <- function(spec, ..., hash_bucket_size, hash_key = NULL) {
  .add_multi_feature_steps(spec, rlang::quos(...), function(features, name)
    StepCrossedColumn$new(keys = features, hash_bucket_size = hash_bucket_size,
                          hash_key = hash_key, name = name),
    prefix = "crossed", caller = "step_crossed_column()")
}

#' @rdname steps
step_shared_embeddings_column <- function(spec, ..., dimension, combiner = "mean",
                                          initializer = NULL,
                                          shared_embedding_collection_name = NULL,
                                          ckpt_to_load_from = NULL, tensor_name_in_ckpt = NULL,
                                          max_norm = NULL, trainable = TRUE) {
  .add_multi_feature_steps(spec, rlang::quos(...), function(features, name)
    StepSharedEmbeddings$new(
      categorical_columns = features, dimension = dimension, combiner = combiner,
      initializer = initializer,
      shared_embedding_collection_name = shared_embedding_collection_name,
      ckpt_to_load_from = ckpt_to_load_from, tensor_name_in_ckpt = tensor_name_in_ckpt,
      max_norm = max_norm, trainable = trainable, name = name),
    prefix = "shared_embeddings", caller = "step_shared_embeddings_column()")
}

#' @rdname steps
step_remove_column <- function(spec, ...) {
  .add_steps(spec, rlang::quos(...), function(feature, name)
    RemoveStep$new(var = feature, name = feature),
    caller = "step_remove_column()")
}
