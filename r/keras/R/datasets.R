# keras 2.x's datasets (tf_keras.datasets): each loads a dataset Keras keeps
# in its cache (~/.keras/datasets), downloading it through tf_keras's get_file()
# the first time (a download that fails is tf_keras's error, naming the URL),
# as lists train = list(x, y), test = list(x, y).

# Keras's ((x_train, y_train), (x_test, y_test)) as keras 2.x's lists; `x` and
# `y` convert each part.
.keras2_dataset_lists <- function(data, x = identity, y = identity) {
  part <- function(p) list(x = x(p[[1L]]), y = y(p[[2L]]))
  list(train = part(data[[1L]]), test = part(data[[2L]]))
}

.keras2_dataset_module <- function(name) py_get_attr(py_get_attr(keras, "datasets"), name)

.keras2_load_dataset <- function(name, ...) {
  .keras2_py_call(py_get_attr(.keras2_dataset_module(name), "load_data"), ...)
}

# Sequences of word indices: a list of integer vectors; labels as integers.
.keras2_sequences <- function(x) lapply(x, as.integer)

#' CIFAR-10 small images
#'
#' @description
#' 50,000 training and 10,000 test colour images of 32 x 32 pixels in 10
#' classes.
#'
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`. `x` is an integer
#'   array of shape (samples, 32, 32, 3) (RGB values from 0 to 255), `y` a
#'   one-column matrix of class labels from 0 to 9.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' cifar <- dataset_cifar10()
#' dim(cifar$train$x)
#' }
dataset_cifar10 <- function() {
  .keras2_dataset_lists(.keras2_load_dataset("cifar10"))
}

#' CIFAR-100 small images
#'
#' @description
#' 50,000 training and 10,000 test colour images of 32 x 32 pixels in 100
#' fine classes (20 coarse ones).
#'
#' @param label_mode `"fine"` (100 classes) or `"coarse"` (20 superclasses).
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`, as
#'   [dataset_cifar10()]'s.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' cifar <- dataset_cifar100(label_mode = "coarse")
#' }
dataset_cifar100 <- function(label_mode = c("fine", "coarse")) {
  .keras2_dataset_lists(.keras2_load_dataset("cifar100", label_mode = match.arg(label_mode)))
}

#' IMDB movie reviews, by sentiment
#'
#' @description
#' 25,000 training and 25,000 test reviews labelled positive (1) or negative
#' (0), each a sequence of word indices: words are indexed by how often they
#' occur (the 3rd most frequent word is `3 + index_from - 1`...), 0 pads,
#' `start_char` starts a review and `oov_char` stands for words left out.
#' `dataset_imdb_word_index()` gives the index of each word.
#'
#' @param path The file's name in Keras's cache (`~/.keras/datasets`).
#' @param num_words Keep only the `num_words` most frequent words (`NULL`: all).
#' @param skip_top Leave out the `skip_top` most frequent words.
#' @param maxlen Leave out sequences longer than this (`NULL`: none).
#' @param seed The seed of the shuffle of the samples.
#' @param start_char The index that starts each sequence.
#' @param oov_char The index of the words left out by `num_words` or
#'   `skip_top`.
#' @param index_from The index of the most frequent word.
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`; `x` is a list of
#'   integer vectors, `y` an integer vector. `dataset_imdb_word_index()`: a named
#'   list, words to indices.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' imdb <- dataset_imdb(num_words = 10000)
#' length(imdb$train$x)
#' }
dataset_imdb <- function(path = "imdb.npz", num_words = NULL, skip_top = 0L, maxlen = NULL,
                         seed = 113L, start_char = 1L, oov_char = 2L, index_from = 3L) {
  data <- .keras2_load_dataset(
    "imdb", path = path, num_words = .keras2_int("num_words", num_words),
    skip_top = .keras2_int("skip_top", skip_top), maxlen = .keras2_int("maxlen", maxlen),
    seed = .keras2_int("seed", seed), start_char = .keras2_int("start_char", start_char),
    oov_char = .keras2_int("oov_char", oov_char),
    index_from = .keras2_int("index_from", index_from))
  .keras2_dataset_lists(data, .keras2_sequences, as.integer)
}

#' @rdname dataset_imdb
#' @export
dataset_imdb_word_index <- function(path = "imdb_word_index.json") {
  .keras2_py_call(py_get_attr(.keras2_dataset_module("imdb"), "get_word_index"),
                  path = path)
}

#' Reuters newswires, by topic
#'
#' @description
#' 11,228 newswires labelled with 46 topics, each a sequence of word indices
#' (as [dataset_imdb()]'s). `dataset_reuters_word_index()` gives the index of
#' each word.
#'
#' @inheritParams dataset_imdb
#' @param maxlen Leave out sequences longer than this (`NULL`: none).
#' @param test_split The fraction of the samples held out as the test set.
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`, as
#'   [dataset_imdb()]'s (`y`: topics from 0 to 45).
#'   `dataset_reuters_word_index()`: a named list, words to indices.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' reuters <- dataset_reuters(num_words = 10000)
#' }
dataset_reuters <- function(path = "reuters.npz", num_words = NULL, skip_top = 0L, maxlen = NULL,
                            test_split = 0.2, seed = 113L, start_char = 1L, oov_char = 2L,
                            index_from = 3L) {
  data <- .keras2_load_dataset(
    "reuters", path = path, num_words = .keras2_int("num_words", num_words),
    skip_top = .keras2_int("skip_top", skip_top), maxlen = .keras2_int("maxlen", maxlen),
    test_split = test_split, seed = .keras2_int("seed", seed),
    start_char = .keras2_int("start_char", start_char),
    oov_char = .keras2_int("oov_char", oov_char),
    index_from = .keras2_int("index_from", index_from))
  .keras2_dataset_lists(data, .keras2_sequences, as.integer)
}

#' @rdname dataset_reuters
#' @export
dataset_reuters_word_index <- function(path = "reuters_word_index.pkl") {
  .keras2_py_call(py_get_attr(.keras2_dataset_module("reuters"), "get_word_index"),
                  path = path)
}

#' MNIST handwritten digits
#'
#' @description
#' 60,000 training and 10,000 test grey-scale images of the digits 0 to 9,
#' 28 x 28 pixels.
#'
#' @param path The file's name in Keras's cache (`~/.keras/datasets`).
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`. `x` is an integer
#'   array of shape (samples, 28, 28) (grey levels from 0 to 255), `y` an
#'   integer vector of digits.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' mnist <- dataset_mnist()
#' dim(mnist$train$x)
#' }
dataset_mnist <- function(path = "mnist.npz") {
  .keras2_dataset_lists(.keras2_load_dataset("mnist", path = path))
}

#' Fashion-MNIST articles of clothing
#'
#' @description
#' 60,000 training and 10,000 test grey-scale images of 28 x 28 pixels of 10
#' kinds of article, MNIST's shapes: 0 T-shirt/top, 1 trouser, 2 pullover,
#' 3 dress, 4 coat, 5 sandal, 6 shirt, 7 sneaker, 8 bag, 9 ankle boot.
#'
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`, as
#'   [dataset_mnist()]'s.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' fashion <- dataset_fashion_mnist()
#' }
dataset_fashion_mnist <- function() {
  .keras2_dataset_lists(.keras2_load_dataset("fashion_mnist"))
}

#' Boston house prices
#'
#' @description
#' 13 attributes of houses of Boston's suburbs in the 1970s and their median
#' value (in thousands of dollars), for regression.
#'
#' @param path The file's name in Keras's cache (`~/.keras/datasets`).
#' @param test_split The fraction of the samples held out as the test set.
#' @param seed The seed of the shuffle before the split.
#' @returns A list: `train$x`, `train$y`, `test$x`, `test$y`; `x` a matrix of
#'   13 columns, `y` a numeric vector.
#' @family datasets
#' @export
#' @md
#' @examples
#' \dontrun{
#' boston <- dataset_boston_housing()
#' }
dataset_boston_housing <- function(path = "boston_housing.npz", test_split = 0.2, seed = 113L) {
  .keras2_dataset_lists(.keras2_load_dataset(
    "boston_housing", path = path, test_split = test_split,
    seed = .keras2_int("seed", seed)))
}
