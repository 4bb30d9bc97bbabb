# Keras's example datasets (keras.datasets) and get_file(). Keras downloads
# each dataset once into its cache (~/.keras/datasets, or $KERAS_HOME/datasets)
# and reads it from there afterwards. Without the network a dataset that is
# not in the cache cannot be had: that is an error saying which file is
# missing and where to put it, not Keras's bare download failure.

# Keras's cache directory (get_file()'s default cache_dir).
.keras_cache_dir <- function() {
  home <- Sys.getenv("KERAS_HOME", unset = "")
  if (!nzchar(home)) home <- file.path(path.expand("~"), ".keras")
  home
}

# `expr` (a Keras call that may download), with a download failure turned
# into an error naming what is needed: the `files` to copy into `where` (by
# default the file of the URL Keras reports), and `instead`, another way out.
.keras_download <- function(expr, what, files = NULL,
                            where = file.path(.keras_cache_dir(), "datasets"), instead = "") {
  tryCatch(expr, error = function(e) {
    message <- conditionMessage(e)
    if (!grepl("URL fetch failure|HTTP Error|urlopen error|Name or service|Errno|timed out|Connection",
               message, ignore.case = TRUE))
      stop(e)
    if (is.null(files)) {
      url <- regmatches(message, regexpr("URL fetch failure on [^ ]+", message))
      files <- basename(sub(":$", "", url))
    }
    stop(sprintf(paste0("%s: the data are not in Keras's cache and could not be downloaded ",
                        "(%s). Keras downloads them once, with network access, into %s; ",
                        "offline, copy %s there%s."),
                 what, sub("\\s+$", "", strsplit(message, "\n", fixed = TRUE)[[1L]][[1L]]),
                 where, paste(files, collapse = ", "), instead),
         call. = FALSE)
  })
}

# Keras's (x_train, y_train), (x_test, y_test) as list(train = list(x, y), test = list(x, y)).
# (convert = FALSE: the tuples are Python's, their arrays stay NumPy arrays.)
.keras_dataset_lists <- function(data, x = identity, y = identity) {
  item <- function(v, i) if (is_py_object(v)) py_get_item(v, i - 1L) else v[[i]]
  part <- function(p) list(x = x(item(p, 1L)), y = y(item(p, 2L)))
  list(train = part(item(data, 1L)), test = part(item(data, 2L)))
}

.keras_load_dataset <- function(name, args, convert, files, subdir = "datasets") {
  module <- py_get_attr(import("keras", convert = convert)$datasets, name)
  data <- .keras_download(py_call(py_get_attr(module, "load_data"), !!!args),
                          sprintf("dataset_%s()", name), files,
                          file.path(.keras_cache_dir(), subdir))
  if (convert) py_to_r(data) else data
}

#' Keras's example datasets
#'
#' @description
#' These load the datasets of `keras$datasets`. Keras downloads each one the
#' first time (into `~/.keras/datasets`, or `$KERAS_HOME/datasets`) and reads
#' it from there afterwards. Without network access, a dataset must already
#' be there; otherwise the error names the file to copy there.
#'
#' Each gives `list(train = list(x, y), test = list(x, y))`:
#'
#' * `dataset_mnist()`, `dataset_fashion_mnist()`: 28 x 28 grayscale images
#'   (`x`, integer arrays of dimensions (samples, 28, 28)) and their digit or
#'   garment class, 0 to 9 (`y`).
#' * `dataset_cifar10()`, `dataset_cifar100()`: 32 x 32 colour images,
#'   (samples, 32, 32, 3), and their class (10 classes; 100 fine or 20
#'   coarse ones).
#' * `dataset_imdb()`, `dataset_reuters()`: texts as sequences of word
#'   indices (`x`, a list of integer vectors) and their label (sentiment, or
#'   one of 46 topics). `dataset_imdb_word_index()` and
#'   `dataset_reuters_word_index()` give the words' indices as a named list.
#' * `dataset_boston_housing()`, `dataset_california_housing()`: numeric
#'   features (`x`, a matrix) and house prices (`y`).
#'
#' @param path The file name in Keras's cache.
#' @param convert Whether to convert the arrays to R (`FALSE` keeps NumPy
#'   arrays).
#' @param label_mode `"fine"` (100 classes) or `"coarse"` (20 superclasses).
#' @param num_words Keep only the `num_words` most frequent words (a whole
#'   number), or `NULL` for all.
#' @param skip_top Skip the `skip_top` most frequent words.
#' @param maxlen Drop sequences longer than this, or `NULL`.
#' @param seed The random seed for shuffling (and splitting) the data.
#' @param start_char The index marking the start of a sequence.
#' @param oov_char The index standing for words left out.
#' @param index_from The index of the most frequent word; lower indices are
#'   reserved.
#' @param test_split The fraction of the data in the test set.
#' @param version `"large"` (the whole California housing data) or
#'   `"small"`.
#'
#' @returns A list of `train` and `test` data (see above); the word indices
#'   as a named list.
#' @md
#' @examples
#' \dontrun{
#' mnist <- dataset_mnist()
#' dim(mnist$train$x)   # 60000 28 28
#' c(c(x_train, y_train), c(x_test, y_test)) %<-% dataset_mnist()
#' }
dataset_mnist <- function(path = "mnist.npz", convert = TRUE) {
  .keras_dataset_lists(.keras_load_dataset("mnist", list(path = path), convert, path))
}

#' @rdname dataset_mnist
dataset_fashion_mnist <- function(convert = TRUE) {
  files <- c("train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz",
             "t10k-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz")
  .keras_dataset_lists(.keras_load_dataset("fashion_mnist", list(), convert, files,
                                           file.path("datasets", "fashion-mnist")))
}

#' @rdname dataset_mnist
dataset_cifar10 <- function(convert = TRUE) {
  .keras_dataset_lists(.keras_load_dataset("cifar10", list(), convert,
                                           "cifar-10-batches-py-target (cifar-10-python.tar.gz)"))
}

#' @rdname dataset_mnist
dataset_cifar100 <- function(label_mode = c("fine", "coarse"), convert = TRUE) {
  label_mode <- match.arg(label_mode)
  .keras_dataset_lists(.keras_load_dataset("cifar100", list(label_mode = label_mode), convert,
                                           "cifar-100-python-target (cifar-100-python.tar.gz)"))
}

.sequence_args <- function(num_words, skip_top, maxlen, seed, start_char, oov_char, index_from) {
  list(num_words = .keras_integer(num_words, "num_words"),
       skip_top = .keras_integer(skip_top, "skip_top"),
       maxlen = .keras_integer(maxlen, "maxlen"), seed = .keras_integer(seed, "seed"),
       start_char = .keras_integer(start_char, "start_char"),
       oov_char = .keras_integer(oov_char, "oov_char"),
       index_from = .keras_integer(index_from, "index_from"))
}

.sequence_lists <- function(data, convert) {
  if (!convert) return(.keras_dataset_lists(data))
  .keras_dataset_lists(data, x = function(x) lapply(x, as.integer), y = as.integer)
}

#' @rdname dataset_mnist
dataset_imdb <- function(path = "imdb.npz", num_words = NULL, skip_top = 0L, maxlen = NULL,
                         seed = 113L, start_char = 1L, oov_char = 2L, index_from = 3L,
                         convert = TRUE) {
  args <- c(list(path = path), .sequence_args(num_words, skip_top, maxlen, seed, start_char,
                                             oov_char, index_from))
  .sequence_lists(.keras_load_dataset("imdb", args[!vapply(args, is.null, TRUE)], convert, path),
                  convert)
}

#' @rdname dataset_mnist
dataset_imdb_word_index <- function(path = "imdb_word_index.json") {
  .keras_download(keras$datasets$imdb$get_word_index(path = path),
                  "dataset_imdb_word_index()", path)
}

#' @rdname dataset_mnist
dataset_reuters <- function(path = "reuters.npz", num_words = NULL, skip_top = 0L, maxlen = NULL,
                            test_split = 0.2, seed = 113L, start_char = 1L, oov_char = 2L,
                            index_from = 3L, convert = TRUE) {
  args <- c(list(path = path, test_split = test_split),
            .sequence_args(num_words, skip_top, maxlen, seed, start_char, oov_char, index_from))
  .sequence_lists(.keras_load_dataset("reuters", args[!vapply(args, is.null, TRUE)], convert,
                                      path), convert)
}

#' @rdname dataset_mnist
dataset_reuters_word_index <- function(path = "reuters_word_index.json") {
  .keras_download(keras$datasets$reuters$get_word_index(path = path),
                  "dataset_reuters_word_index()", path)
}

#' @rdname dataset_mnist
dataset_boston_housing <- function(path = "boston_housing.npz", test_split = 0.2, seed = 113L,
                                   convert = TRUE) {
  args <- list(path = path, test_split = test_split, seed = .keras_integer(seed, "seed"))
  .keras_dataset_lists(.keras_load_dataset("boston_housing", args, convert, path))
}

#' @rdname dataset_mnist
dataset_california_housing <- function(version = "large", path = "california_housing.npz",
                                       test_split = 0.2, seed = 113L, convert = TRUE) {
  args <- list(version = version, path = path, test_split = test_split,
               seed = .keras_integer(seed, "seed"))
  .keras_dataset_lists(.keras_load_dataset("california_housing", args, convert, path))
}

#' Download a file into Keras's cache
#'
#' @description
#' Calls `keras$utils$get_file()`: downloads `origin` into the cache
#' (`cache_dir`, by default `~/.keras`, in `cache_subdir`) unless the file is
#' already there (and matches `file_hash`), and gives its path. With
#' `extract = TRUE` an archive is extracted and the path of the extracted
#' directory is returned.
#'
#' Without network access only a file already in the cache can be had; for
#' any other the error says where to put the file.
#'
#' @param fname The file's name in the cache (by default the last part of
#'   `origin`).
#' @param origin The URL to download from.
#' @param ... Further arguments of `get_file()`, by name.
#' @param file_hash The expected SHA-256 (or MD5) hash of the file, to check it.
#' @param cache_subdir The subdirectory of the cache to store the file in.
#' @param hash_algorithm `"auto"`, `"sha256"` or `"md5"`.
#' @param extract Whether to extract the file (a tar or zip archive).
#' @param archive_format The archive format: `"auto"`, `"tar"`, `"zip"` or
#'   `NULL`.
#' @param cache_dir The cache directory; Keras's (`~/.keras`) when `NULL`.
#' @param force_download Whether to download the file again even when it is
#'   in the cache.
#'
#' @returns The path of the file (or of the extracted directory).
#' @md
#' @examples
#' \dontrun{
#' path <- get_file("flowers.tgz",
#'   origin = "https://storage.googleapis.com/download.tensorflow.org/example_images/flower_photos.tgz",
#'   extract = TRUE)
#' }
get_file <- function(fname = NULL, origin = NULL, ..., file_hash = NULL,
                     cache_subdir = "datasets", hash_algorithm = "auto", extract = FALSE,
                     archive_format = "auto", cache_dir = NULL, force_download = FALSE) {
  if (is.null(fname) && is.null(origin))
    stop("get_file(): give `origin` (the URL to download), and `fname` if its name is not the URL's",
         call. = FALSE)
  args <- .keras_args(environment(), match.call(expand.dots = FALSE))
  if (!is.null(cache_dir)) args$cache_dir <- path.expand(cache_dir)
  name <- if (is.null(fname)) basename(origin) else fname
  root <- if (is.null(cache_dir)) .keras_cache_dir() else path.expand(cache_dir)
  where <- if (startsWith(cache_subdir, "/")) cache_subdir else file.path(root, cache_subdir)
  .keras_download(py_call(keras$utils$get_file, !!!args),
                  sprintf("get_file(\"%s\")", name), name, where)
}
