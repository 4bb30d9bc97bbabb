# Data utilities of keras.utils under keras3's names: padding sequences,
# datasets from arrays and directories, splitting datasets, and the R list
# helpers keras3 exports (zip_lists(), named_list(), newaxis).
#
# Only the arguments the caller gives reach Keras. Counts (batch_size, seed,
# strides, ...) must be whole numbers; R data becomes NumPy arrays as for
# fit() (keras-data.R: doubles in floatx, integers int32).

# The supplied arguments of the calling function, converted by name
# (wrappers-conventions.R), `integers` as whole numbers, `data` as arrays.
.keras_util_args <- function(frame, call, integers = character(), data = character()) {
  args <- .keras_args(frame, call)
  for (name in intersect(names(args), integers))
    args[name] <- list(.keras_integer(args[[name]], name, call))
  for (name in intersect(names(args), data))
    args[name] <- list(.keras_data(args[[name]]))
  args
}

#' Pad sequences to the same length
#'
#' @description
#' Calls `keras$utils$pad_sequences()`: makes a matrix with one row per
#' sequence, each `maxlen` long (by default the length of the longest
#' sequence), padding shorter sequences with `value` and truncating longer
#' ones. `padding` and `truncating` say at which end (`"pre"`, the start, or
#' `"post"`, the end).
#'
#' @param sequences A list of sequences: each an R vector (or list) of numbers.
#' @param maxlen The length of the rows (a whole number), or `NULL` for the
#'   longest sequence's.
#' @param dtype The type of the result, `"int32"` by default.
#' @param padding `"pre"` or `"post"`: where to pad.
#' @param truncating `"pre"` or `"post"`: where to drop values of sequences
#'   longer than `maxlen`.
#' @param value The padding value.
#'
#' @returns A matrix with `length(sequences)` rows and `maxlen` columns.
#' @md
#' @examples
#' \dontrun{
#' pad_sequences(list(1, c(1, 2), c(1, 2, 3)))
#' pad_sequences(list(1:5, 1:2), maxlen = 3, padding = "post", truncating = "post")
#' }
pad_sequences <- function(sequences, maxlen = NULL, dtype = "int32", padding = "pre",
                          truncating = "pre", value = 0) {
  if (!is.list(sequences) && !is_py_object(sequences)) {
    if (is.matrix(sequences)) sequences <- lapply(seq_len(nrow(sequences)), function(i) sequences[i, ])
    else stop("`sequences` must be a list of sequences (vectors), not ",
              .describe_value(sequences), call. = FALSE)
  }
  args <- .keras_util_args(environment(), match.call(expand.dots = FALSE), integers = "maxlen")
  if (is.list(sequences)) args$sequences <- lapply(sequences, function(s) as.list(unlist(s)))
  py_to_r(py_call(keras$utils$pad_sequences, !!!args))
}

#' A dataset of sliding windows over a time series
#'
#' @description
#' Calls `keras$utils$timeseries_dataset_from_array()`: a TensorFlow dataset
#' of batches of windows (sub-sequences) of `data`, each `sequence_length`
#' steps long, taken every `sequence_stride` steps, with every
#' `sampling_rate`-th step in a window; with `targets`, each window is paired
#' with the target of the step it starts at (`targets[i]` for the window
#' starting at row `i`).
#'
#' `data` and `targets` are R vectors, matrices or arrays whose first
#' dimension is time (doubles become floatx, integers int32). The indices
#' `start_index` and `end_index` are Keras's: 0-based, `end_index` excluded.
#'
#' @param data The time series: a vector, or an array with time first.
#' @param targets The targets, one per time step, or `NULL` for a dataset of
#'   windows only.
#' @param sequence_length The length of each window (a whole number).
#' @param sequence_stride The number of steps between the starts of
#'   successive windows.
#' @param sampling_rate The number of steps between successive steps within a
#'   window.
#' @param batch_size The number of windows per batch (`NULL` for unbatched).
#' @param shuffle Whether to shuffle the windows.
#' @param seed A random seed for shuffling (a whole number).
#' @param start_index,end_index The 0-based range of `data` to use (the end
#'   excluded), or `NULL` for all of it.
#'
#' @returns A TensorFlow dataset of batches (`x`, or `list(x, y)` with
#'   targets).
#' @md
#' @examples
#' \dontrun{
#' ds <- timeseries_dataset_from_array(0:100, NULL, sequence_length = 10,
#'                                     sampling_rate = 2, batch_size = 11,
#'                                     sequence_stride = 3, shuffle = FALSE)
#' batches <- iterate(ds$as_numpy_iterator())
#' }
timeseries_dataset_from_array <- function(data, targets, sequence_length, sequence_stride = 1L,
                                          sampling_rate = 1L, batch_size = 128L,
                                          shuffle = FALSE, seed = NULL, start_index = NULL,
                                          end_index = NULL) {
  args <- .keras_util_args(environment(), match.call(expand.dots = FALSE),
                           integers = c("sampling_rate", "start_index", "end_index"),
                           data = c("data", "targets"))
  if (missing(targets)) args["targets"] <- list(NULL)
  py_call(keras$utils$timeseries_dataset_from_array, !!!args)
}

#' Datasets of images, texts or audio from a directory
#'
#' @description
#' These call Keras's `image_dataset_from_directory()`,
#' `text_dataset_from_directory()` and `audio_dataset_from_directory()`: a
#' TensorFlow dataset of batches read from the files of `directory`. With
#' `labels = "inferred"`, each subdirectory is a class (in alphabetical
#' order, or in the order of `class_names`) and the labels come from where
#' each file is. Only the arguments you give reach Keras; counts and sizes
#' must be whole numbers.
#'
#' With `validation_split` and `subset = "both"`, the result is a list of the
#' training and the validation datasets.
#'
#' @param directory The directory holding the files (one subdirectory per
#'   class with `labels = "inferred"`).
#' @param labels `"inferred"`, `NULL` (no labels), or a vector of integer
#'   labels, one per file in the alphanumeric order of the file paths.
#' @param label_mode `"int"`, `"categorical"`, `"binary"` or `NULL`.
#' @param class_names The class names (the subdirectories to use, in order),
#'   with `labels = "inferred"`.
#' @param color_mode `"grayscale"`, `"rgb"` or `"rgba"`.
#' @param batch_size The number of samples per batch, or `NULL` for an
#'   unbatched dataset.
#' @param image_size The size images are resized to, `c(height, width)`.
#' @param shuffle Whether to shuffle the data.
#' @param seed A random seed for shuffling and splitting.
#' @param validation_split The fraction of the data held out for validation.
#' @param subset `"training"`, `"validation"` or `"both"`, with
#'   `validation_split`.
#' @param interpolation How images are resized (`"bilinear"`, `"nearest"`,
#'   ...).
#' @param follow_links Whether to follow symbolic links to subdirectories.
#' @param crop_to_aspect_ratio,pad_to_aspect_ratio Whether to crop or pad
#'   images to the target aspect ratio instead of distorting them.
#' @param data_format `"channels_last"` or `"channels_first"`; the
#'   configured format when `NULL`.
#' @param verbose Whether to print how many files and classes were found.
#' @param max_length The maximum length of a text string (longer ones are
#'   truncated).
#' @param sampling_rate The sampling rate audio files are expected to have.
#' @param output_sequence_length The length audio sequences are cut or padded
#'   to.
#' @param ragged Whether to return ragged sequences instead of padding them.
#' @param ... Further arguments of the Keras function, by name.
#'
#' @returns A TensorFlow dataset (or a list of two, see above).
#' @md
#' @examples
#' \dontrun{
#' train <- image_dataset_from_directory("photos", image_size = c(180, 180),
#'                                       validation_split = 0.2, subset = "training",
#'                                       seed = 1)
#' reviews <- text_dataset_from_directory("aclImdb/train", batch_size = 64)
#' }
image_dataset_from_directory <- function(directory, labels = "inferred", label_mode = "int",
                                         class_names = NULL, color_mode = "rgb",
                                         batch_size = 32L, image_size = c(256L, 256L),
                                         shuffle = TRUE, seed = NULL, validation_split = NULL,
                                         subset = NULL, interpolation = "bilinear",
                                         follow_links = FALSE, crop_to_aspect_ratio = FALSE,
                                         pad_to_aspect_ratio = FALSE, data_format = NULL,
                                         verbose = TRUE, ...) {
  .keras_directory_dataset("image_dataset_from_directory", environment(), match.call(expand.dots = FALSE),
                           "image_size")
}

#' @rdname image_dataset_from_directory
text_dataset_from_directory <- function(directory, labels = "inferred", label_mode = "int",
                                        class_names = NULL, batch_size = 32L, max_length = NULL,
                                        shuffle = TRUE, seed = NULL, validation_split = NULL,
                                        subset = NULL, follow_links = FALSE, verbose = TRUE, ...) {
  .keras_directory_dataset("text_dataset_from_directory", environment(), match.call(expand.dots = FALSE),
                           "max_length")
}

#' @rdname image_dataset_from_directory
audio_dataset_from_directory <- function(directory, labels = "inferred", label_mode = "int",
                                         class_names = NULL, batch_size = 32L,
                                         sampling_rate = NULL, output_sequence_length = NULL,
                                         ragged = FALSE, shuffle = TRUE, seed = NULL,
                                         validation_split = NULL, subset = NULL,
                                         follow_links = FALSE, verbose = TRUE, ...) {
  .keras_directory_dataset("audio_dataset_from_directory", environment(), match.call(expand.dots = FALSE),
                           c("sampling_rate", "output_sequence_length"))
}

.keras_directory_dataset <- function(name, frame, call, integers) {
  directory <- get("directory", envir = frame)
  if (!is.character(directory) || length(directory) != 1L || !dir.exists(path.expand(directory)))
    stop(sprintf("%s(): `directory` must be an existing directory, not %s", name,
                 if (is.character(directory) && length(directory) == 1L)
                   sprintf("\"%s\"", directory) else .describe_value(directory)),
         call. = FALSE)
  args <- .keras_util_args(frame, call, integers = integers)
  args$directory <- path.expand(directory)
  if (is.numeric(args$labels)) args$labels <- as.list(.keras_whole_numbers(args$labels, "labels", call))
  if (is.character(args$class_names)) args$class_names <- as.list(args$class_names)
  if (!is.null(args$verbose)) args$verbose <- isTRUE(as.logical(args$verbose))
  result <- py_to_r(py_call(py_get_attr(keras$utils, name), !!!args))
  if (is.list(result)) unname(result) else result
}

#' Split a dataset in two
#'
#' @description
#' Calls `keras$utils$split_dataset()`: splits a dataset (a TensorFlow
#' dataset, an array, or a list of arrays with the samples along their first
#' dimension) into a left and a right dataset. `left_size` and `right_size`
#' are fractions of the data when below 1, numbers of samples otherwise; one
#' of them may be left out for "the rest".
#'
#' @param dataset A TensorFlow dataset, an R array, or a list of arrays of the
#'   same number of samples.
#' @param left_size,right_size The size of each part: a fraction (below 1) or
#'   a number of samples (a whole number).
#' @param shuffle Whether to shuffle the samples before splitting.
#' @param seed A random seed for shuffling (a whole number).
#'
#' @returns A list of two TensorFlow datasets, the left and the right part.
#' @md
#' @examples
#' \dontrun{
#' c(train, test) %<-% split_dataset(matrix(runif(1000), 100), left_size = 0.8)
#' }
split_dataset <- function(dataset, left_size = NULL, right_size = NULL, shuffle = FALSE,
                          seed = NULL) {
  size <- function(x, name) {
    if (is.null(x)) return(x)
    if (!is.numeric(x) || length(x) != 1L || is.na(x) || x < 0)
      stop(sprintf("`%s` must be a fraction below 1 or a number of samples, not %s", name,
                   .describe_value(x)), call. = FALSE)
    if (x < 1) x else .keras_integer(x, name)
  }
  args <- .keras_util_args(environment(), match.call(expand.dots = FALSE))
  args$dataset <- if (is.list(dataset) && !is_py_object(dataset))
    tuple(lapply(dataset, .keras_data)) else .keras_data(dataset)
  if (!is.null(left_size)) args$left_size <- size(left_size, "left_size")
  if (!is.null(right_size)) args$right_size <- size(right_size, "right_size")
  unname(as.list(py_to_r(py_call(keras$utils$split_dataset, !!!args))))
}

#' Zip lists element by element
#'
#' @description
#' Turns several lists (or vectors) of the same length "inside out": the
#' result has one element per position, each a list of the corresponding
#' elements of the arguments, as Python's `zip()` does. Named arguments name
#' the elements of each such list.
#'
#' When the lists are named, they are matched **by name**, not by position:
#' each must have the same (unique) names, in any order, and the result is
#' named by the first list's names. Lists named differently are an error; call
#' `unname()` on them for positional matching.
#'
#' @param ... The lists or vectors, optionally named; a single unnamed list of
#'   them also works.
#'
#' @returns A list with one element per position (or name) of the arguments.
#' @md
#' @examples
#' \dontrun{
#' gradients <- list("grad_1", "grad_2")
#' weights <- list("w_1", "w_2")
#' str(zip_lists(gradients, weights))
#' str(zip_lists(gradient = gradients, weight = weights))
#' }
zip_lists <- function(...) {
  lists <- list(...)
  if (length(lists) == 1L && is.null(names(lists))) lists <- lists[[1L]]
  if (!length(lists)) return(list())
  lengths <- lengths(lists)
  if (length(unique(lengths)) > 1L)
    stop("zip_lists(): the arguments must have the same length, not ",
         paste(lengths, collapse = ", "), call. = FALSE)
  keys <- names(lists[[1L]])
  if (!is.null(keys)) {
    if (anyNA(keys) || !all(nzchar(keys)) || anyDuplicated(keys))
      stop("zip_lists(): the names of the arguments must be unique and non-empty; ",
           "call unname() for positional matching", call. = FALSE)
    for (i in seq_along(lists)[-1L]) {
      other <- names(lists[[i]])
      if (identical(other, keys)) next
      if (is.null(other) || !setequal(other, keys) || anyDuplicated(other))
        stop("zip_lists(): the arguments are named differently; they must have the same ",
             "names (in any order), or call unname() on each for positional matching",
             call. = FALSE)
      lists[[i]] <- lists[[i]][keys]
    }
  } else if (any(vapply(lists, function(l) !is.null(names(l)), TRUE))) {
    stop("zip_lists(): some arguments are named and the first is not; name all of them ",
         "the same way, or call unname() on each for positional matching", call. = FALSE)
  }
  zipped <- lapply(seq_len(lengths[[1L]]), function(i) lapply(lists, `[[`, i))
  names(zipped) <- keys
  zipped
}

#' A list whose elements are all named
#'
#' @description
#' Like [list()], except that every element gets a name: unnamed arguments
#' are named by the expression that gives them (`named_list(x, y)` is
#' `list(x = x, y = y)`). Giving the same name twice is an error.
#'
#' @param ... The elements.
#'
#' @returns A named list.
#' @md
#' @examples
#' \dontrun{
#' units <- 32
#' activation <- "relu"
#' named_list(units, activation, dropout = 0.2)
#' }
named_list <- function(...) {
  values <- rlang::dots_list(..., .named = TRUE, .ignore_empty = "trailing",
                             .homonyms = "error", .preserve_empty = FALSE)
  values
}

#' The new axis of an index
#'
#' @description
#' `newaxis` is `NULL`: in tensor indexing, `x[, newaxis]` adds an axis of
#' size 1 there (tensorflow's `[` reads `NULL` so), as NumPy's `np.newaxis` or
#' `tf$newaxis` do.
#'
#' @format `NULL`.
#' @returns `NULL`.
#' @md
#' @examples
#' \dontrun{
#' x <- op_convert_to_tensor(matrix(1:6, 2))
#' x[, newaxis, ]$shape
#' }
newaxis <- NULL
