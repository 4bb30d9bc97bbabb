# keras 2.x's preprocessing of sequences and text (tf_keras.preprocessing's
# sequence and text modules): padding, skip-grams, word tokenization, the
# Tokenizer and its conversions, and text datasets from folders. Images are in
# preprocessing-image.R, time series in preprocessing-timeseries.R.
#
# NAMESPACE: importFrom(reticulate, py_save_object, py_load_object)

.keras2_preprocessing <- function(module) {
  preprocessing <- py_get_attr(keras, "preprocessing")
  if (missing(module)) preprocessing else py_get_attr(preprocessing, module)
}

# Sequences as Python takes them: a list whose elements stay sequences (an
# R vector of length one would be a Python scalar); arrays pass.
.keras2_sequence_list <- function(sequences) {
  if (!is.list(sequences)) return(sequences)
  lapply(sequences, function(s) if (length(s) == 1L && !is.list(s)) list(s) else s)
}

# Sequences of word indices: each a list of whole numbers as integers (NumPy
# indexes with them).
.keras2_index_sequences <- function(sequences) {
  if (!is.list(sequences)) return(sequences)
  lapply(sequences, function(s) as.list(.keras2_whole(unlist(s), "sequences", NULL)))
}

# Texts as the Tokenizer takes them: a single string as a one-element array
# (not a string to iterate over).
.keras2_texts <- function(texts) {
  if (is.character(texts) && length(texts) == 1L) as.array(texts) else texts
}

#' Pad sequences to the same length
#'
#' @description
#' Makes a matrix of a list of sequences, each row one sequence cut or padded
#' with `value` to `maxlen` (tf_keras's `preprocessing.sequence.pad_sequences()`).
#'
#' @param sequences A list of sequences (vectors or lists of numbers).
#' @param maxlen The length of the rows, or `NULL` for the longest sequence's.
#' @param dtype The type of the result, `"int32"` by default.
#' @param padding Where sequences are padded: `"pre"` (before) or `"post"`.
#' @param truncating Where longer sequences are cut: `"pre"` or `"post"`.
#' @param value The padding value.
#' @returns A matrix, one row per sequence.
#' @family text preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' pad_sequences(list(1, c(1, 2), c(1, 2, 3)), maxlen = 3)
#' }
pad_sequences <- function(sequences, maxlen = NULL, dtype = "int32", padding = "pre",
                          truncating = "pre", value = 0.0) {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("sequence"), "pad_sequences"),
                  sequences = .keras2_sequence_list(sequences),
                  maxlen = .keras2_int("maxlen", maxlen),
                  dtype = dtype, padding = padding, truncating = truncating, value = value)
}

#' Skip-gram pairs of a sequence of word indices
#'
#' @description
#' Pairs each word with the words around it (label 1) and, with
#' `negative_samples`, with random words of the vocabulary (label 0), for
#' training word embeddings (tf_keras's `preprocessing.sequence.skipgrams()`).
#'
#' @param sequence A vector of word indices (0 is not a word).
#' @param vocabulary_size The size of the vocabulary (the largest index plus one).
#' @param window_size How far from a word its neighbours are taken.
#' @param negative_samples How many random pairs per neighbour pair (0: none).
#' @param shuffle Whether the pairs are shuffled.
#' @param categorical Whether labels are one-hot pairs (`c(1, 0)`) instead of 0 and 1.
#' @param sampling_table The probability of sampling each word index (see
#'   [make_sampling_table()]), or `NULL`.
#' @param seed The seed of the shuffle and of the random words.
#' @returns A list: `couples` (pairs of word indices) and `labels`.
#' @family text preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' skipgrams(c(1, 2, 3), vocabulary_size = 4)
#' }
skipgrams <- function(sequence, vocabulary_size, window_size = 4, negative_samples = 1.0,
                      shuffle = TRUE, categorical = FALSE, sampling_table = NULL, seed = NULL) {
  pairs <- .keras2_py_call(py_get_attr(.keras2_preprocessing("sequence"), "skipgrams"),
                           sequence = as.list(.keras2_whole(sequence, "sequence", NULL)),
                           vocabulary_size = .keras2_int("vocabulary_size", vocabulary_size),
                           window_size = .keras2_int("window_size", window_size),
                           negative_samples = negative_samples, shuffle = shuffle,
                           categorical = categorical, sampling_table = sampling_table,
                           seed = .keras2_int("seed", seed))
  list(couples = pairs[[1L]], labels = pairs[[2L]])
}

#' A word-rank sampling table
#'
#' @description
#' The probability of sampling the word of each rank, from Zipf's law, so that
#' frequent words are sampled less (tf_keras's
#' `preprocessing.sequence.make_sampling_table()`), for [skipgrams()].
#'
#' @param size The number of words.
#' @param sampling_factor The sampling factor of word2vec.
#' @returns A numeric vector of `size` probabilities.
#' @family text preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' make_sampling_table(100)
#' }
make_sampling_table <- function(size, sampling_factor = 1e-05) {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("sequence"), "make_sampling_table"),
                  size = .keras2_int("size", size),
                  sampling_factor = sampling_factor)
}

#' Split a text into words
#'
#' @description
#' The words of `text`: characters in `filters` removed, lower-cased (with
#' `lower`), split at `split` (tf_keras's `preprocessing.text.text_to_word_sequence()`).
#'
#' @param text A string.
#' @param filters The characters removed.
#' @param lower Whether the text is lower-cased.
#' @param split The separator of words.
#' @returns A character vector of words.
#' @family text preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' text_to_word_sequence("The cat sat on the mat.")
#' }
text_to_word_sequence <- function(text, filters = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n',
                                  lower = TRUE, split = ' ') {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("text"), "text_to_word_sequence"),
                  text, filters = filters, lower = lower, split = split)
}

#' A text's words as indices of a hash table
#'
#' @description
#' `text_one_hot()` gives each word of a text an index in `1:(n - 1)` by a
#' hash of the word; `text_hashing_trick()` does the same with a hash function
#' of one's choice (tf_keras's `preprocessing.text.one_hot()` and
#' `hashing_trick()`). Different words may get the same index.
#'
#' @param input_text,text A string (`text_hashing_trick()`: one string; `NA`
#'   gives `NA`). `text` in `text_one_hot()` is the old name of `input_text`,
#'   deprecated.
#' @param n The size of the hash space.
#' @param hash_function `NULL` (Python's `hash`), `"md5"`, or a function.
#' @inheritParams text_to_word_sequence
#' @returns An integer vector, one index per word.
#' @family text preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' text_one_hot("The cat sat on the mat.", 5)
#' text_hashing_trick("The cat sat on the mat.", 5, hash_function = "md5")
#' }
text_one_hot <- function(input_text, n, filters = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n',
                         lower = TRUE, split = ' ', text = NULL) {
  if (!is.null(text)) {
    if (!missing(input_text))
      stop("text_one_hot(): give `input_text` only (`text` is its deprecated name)", call. = FALSE)
    warning(.keras2_deprecation(
      "the `text` argument of text_one_hot() is deprecated: use `input_text`",
                                sys.call()))
    input_text <- text
  }
  .keras2_py_call(py_get_attr(.keras2_preprocessing("text"), "one_hot"), input_text,
                  n = .keras2_int("n", n),
                  filters = filters, lower = lower, split = split)
}

#' @rdname text_one_hot
#' @export
text_hashing_trick <- function(text, n, hash_function = NULL,
                               filters = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n',
                               lower = TRUE, split = ' ') {
  if (length(text) != 1L) stop("`text` should be length 1.", call. = FALSE)
  if (is.na(text)) return(NA_integer_)
  .keras2_py_call(py_get_attr(.keras2_preprocessing("text"), "hashing_trick"), text = text,
                  n = .keras2_int("n", n),
                  hash_function = hash_function, filters = filters, lower = lower, split = split)
}

#' A text tokenizer
#'
#' @description
#' A tf_keras `preprocessing.text.Tokenizer`: [fit_text_tokenizer()] learns its
#' vocabulary from texts; [texts_to_sequences()], [texts_to_matrix()] and
#' [sequences_to_matrix()] then turn texts into word indices or matrices. The
#' tokenizer's fields (`word_index`, `word_counts`, `document_count`, ...) are
#' read with `$`.
#'
#' @param num_words Only the `num_words - 1` most frequent words are used
#'   (`NULL`: all).
#' @inheritParams text_to_word_sequence
#' @param char_level Whether each character is a token.
#' @param oov_token The token words outside the vocabulary are given (`NULL`:
#'   they are left out).
#' @returns A Tokenizer.
#' @family text tokenization
#' @export
#' @md
#' @examples
#' \dontrun{
#' tokenizer <- text_tokenizer(num_words = 1000) %>% fit_text_tokenizer(texts)
#' texts_to_sequences(tokenizer, texts)
#' }
text_tokenizer <- function(num_words = NULL, filters = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n',
                           lower = TRUE, split = ' ', char_level = FALSE, oov_token = NULL) {
  .keras2_py_call(py_get_attr(.keras2_preprocessing("text"), "Tokenizer"),
                  num_words = .keras2_int("num_words", num_words),
                  filters = filters, lower = lower, split = split, char_level = char_level,
                  oov_token = oov_token)
}

#' Learn a tokenizer's vocabulary
#'
#' @description
#' Updates the tokenizer's vocabulary with texts (a character vector, or an R
#' function returning the next text each call, `NULL` at the end) or with
#' sequences of word indices (a list).
#'
#' @param object A tokenizer ([text_tokenizer()]).
#' @param x A character vector of texts, a function yielding texts, or a list
#'   of sequences.
#' @returns The tokenizer, invisibly (updated in place).
#' @family text tokenization
#' @export
#' @md
#' @examples
#' \dontrun{
#' tokenizer <- text_tokenizer() %>% fit_text_tokenizer(c("a text", "another text"))
#' }
fit_text_tokenizer <- function(object, x) {
  if (is.list(x))
    .keras2_py_call(py_get_attr(object, "fit_on_sequences"), .keras2_index_sequences(x))
  else
    .keras2_py_call(py_get_attr(object, "fit_on_texts"),
                    if (is.function(x) && !is_py_object(x)) py_iterator(x) else .keras2_texts(x))
  invisible(object)
}

#' Save and load a tokenizer
#'
#' @description
#' Writes a tokenizer to a file (Python's pickle) and reads it back.
#'
#' @param object A tokenizer.
#' @param filename The file.
#' @returns `save_text_tokenizer()`: the tokenizer, invisibly;
#'   `load_text_tokenizer()`: the tokenizer read.
#' @family text tokenization
#' @export
#' @md
#' @examples
#' \dontrun{
#' save_text_tokenizer(tokenizer, "tokenizer")
#' tokenizer <- load_text_tokenizer("tokenizer")
#' }
save_text_tokenizer <- function(object, filename) {
  py_save_object(object, filename)
  invisible(object)
}

#' @rdname save_text_tokenizer
#' @export
load_text_tokenizer <- function(filename) {
  py_load_object(filename)
}

#' Texts as sequences of word indices
#'
#' @description
#' Each text's words as their indices in the tokenizer's vocabulary (words it
#' does not know are left out, or are `oov_token`'s index);
#' `texts_to_sequences_generator()` gives them one text at a time (iterate it
#' with `iterate()` or `iter_next()`).
#'
#' @param tokenizer A tokenizer fitted to texts.
#' @param texts A character vector.
#' @returns A list of integer vectors; a Python generator of them.
#' @family text tokenization
#' @export
#' @md
#' @examples
#' \dontrun{
#' texts_to_sequences(tokenizer, c("the cat", "the dog"))
#' }
texts_to_sequences <- function(tokenizer, texts) {
  .keras2_py_call(py_get_attr(tokenizer, "texts_to_sequences"), .keras2_texts(texts))
}

#' @rdname texts_to_sequences
#' @export
texts_to_sequences_generator <- function(tokenizer, texts) {
  .keras2_py_call(py_get_attr(tokenizer, "texts_to_sequences_generator"), .keras2_texts(texts))
}

#' Texts or sequences as a document-term matrix
#'
#' @description
#' One row per text (or sequence of word indices), one column per word index:
#' whether the word occurs (`"binary"`), how often (`"count"`), its share of
#' the words (`"freq"`) or its TF-IDF weight (`"tfidf"`).
#'
#' @param tokenizer A tokenizer fitted to texts.
#' @param texts A character vector.
#' @param sequences A list of sequences of word indices.
#' @param mode `"binary"`, `"count"`, `"tfidf"` or `"freq"`.
#' @returns A matrix with one row per text and `num_words` columns.
#' @family text tokenization
#' @export
#' @md
#' @examples
#' \dontrun{
#' texts_to_matrix(tokenizer, texts, mode = "count")
#' }
texts_to_matrix <- function(tokenizer, texts, mode = c("binary", "count", "tfidf", "freq")) {
  .keras2_py_call(py_get_attr(tokenizer, "texts_to_matrix"), texts = .keras2_texts(texts),
                  mode = match.arg(mode))
}

#' @rdname texts_to_matrix
#' @export
sequences_to_matrix <- function(tokenizer, sequences,
                                mode = c("binary", "count", "tfidf", "freq")) {
  .keras2_py_call(py_get_attr(tokenizer, "sequences_to_matrix"),
                  sequences = .keras2_index_sequences(sequences), mode = match.arg(mode))
}

#' A dataset of text files in class folders
#'
#' @description
#' A TensorFlow dataset of batches of (text, label) from `directory`, whose
#' subfolders are the classes and hold `.txt` files (tf_keras's
#' `text_dataset_from_directory()`). Only the arguments given reach Python.
#'
#' @param directory The folder.
#' @param labels `"inferred"` (from the subfolders), an integer vector of one
#'   label per file (in the files' alphabetical order), or `NULL`.
#' @param label_mode `"int"`, `"categorical"`, `"binary"` or `NULL`.
#' @param class_names The order of the classes (subfolders' names).
#' @param batch_size The number of texts per batch (`NULL`: not batched).
#' @param max_length The longest text kept (longer ones are cut), or `NULL`.
#' @param shuffle Whether to shuffle the files.
#' @param seed The seed of the shuffle and of the split.
#' @param validation_split The fraction held out for validation.
#' @param subset `"training"`, `"validation"` or `"both"`, with `validation_split`.
#' @param follow_links Whether to follow symbolic links to folders.
#' @param ... Further named arguments of the Python function.
#' @returns A TensorFlow dataset.
#' @family text preprocessing
#' @export
#' @md
#' @examples
#' \dontrun{
#' reviews <- text_dataset_from_directory("aclImdb/train", batch_size = 64)
#' }
text_dataset_from_directory <- function(directory, labels = "inferred", label_mode = "int",
                                        class_names = NULL, batch_size = 32L,
                                        max_length = NULL, shuffle = TRUE, seed = NULL,
                                        validation_split = NULL, subset = NULL,
                                        follow_links = FALSE, ...) {
  args <- .keras2_supplied(match.call(), environment(), list(
    directory = .keras2_path, labels = .keras2_labels, batch_size = "integer",
    max_length = "integer", seed = "integer", class_names = as.list))
  .keras2_py_call(py_get_attr(.keras2_preprocessing(), "text_dataset_from_directory"), !!!args)
}

# The arguments the caller gave (keras 2.x's capture_args()): the formals
# named in `call` and the named arguments in `...`, each converted by
# `conversions` (a function, or the name of a convention).
.keras2_supplied <- function(call, frame, conversions = list()) {
  formals <- setdiff(names(formals(sys.function(sys.parent()))), "...")
  given <- intersect(setdiff(names(call)[-1L], ""), formals)
  args <- mget(given, envir = frame)
  if (exists("...", envir = frame, inherits = FALSE)) {
    dots <- eval(quote(list2(...)), frame)
    if (length(dots) && (is.null(names(dots)) || !all(nzchar(names(dots)))))
      stop(simpleError("arguments in `...` must be named", call))
    args <- c(args, dots)
  }
  for (name in intersect(names(args), names(conversions))) {
    convert <- conversions[[name]]
    if (is.null(args[[name]])) next
    args[name] <- list(if (is.function(convert)) convert(args[[name]])
                       else .keras2_argument(name, args[[name]], call, convert))
  }
  args
}

# Labels as keras 2.x passed them: a string ("inferred") as it is, numbers as
# a list of integers.
.keras2_labels <- function(labels) {
  if (is.character(labels)) labels
  else as.list(.keras2_whole(labels, "labels", NULL))
}
