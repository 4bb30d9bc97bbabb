# keras 2.x's preprocessing: sequences, text, the tokenizer, images and their
# generators, time series.

texts <- c("The cat sat on the mat.", "The dog sat on the log.", "Dogs and cats living together.")

# Writes `n` small PNG images of random pixels into `dir`.
write_images <- function(dir, n, size = 8) {
  dir.create(dir, recursive = TRUE, showWarnings = FALSE)
  for (i in seq_len(n))
    image_array_save(array(runif(size * size * 3, 0, 255), c(size, size, 3)),
                     file.path(dir, sprintf("img%02d.png", i)))
  invisible(dir)
}

# ---- sequences ----------------------------------------------------------------------------

test_that("pad_sequences() pads before and cuts to maxlen as an integer matrix", {
  padded <- pad_sequences(list(list(1), list(1, 2), list(1, 2, 3)), maxlen = 3, padding = "pre")
  expect_identical(padded, matrix(c(0L, 0L, 1L, 0L, 1L, 2L, 1L, 2L, 3L), nrow = 3, ncol = 3))
  expect_identical(pad_sequences(list(1:4), maxlen = 2, truncating = "post"), matrix(1:2, 1))
})

test_that("pad_sequences() keeps a sequence of one number a sequence", {
  expect_identical(pad_sequences(list(5, c(1, 2)), padding = "post"),
                   matrix(c(5L, 1L, 0L, 2L), 2))
})

test_that("pad_sequences() refuses a maxlen that is not a whole number", {
  expect_error(pad_sequences(list(1:3), maxlen = 1.5), "`maxlen` must be whole numbers")
})

test_that("skipgrams() gives word pairs and their labels", {
  pairs <- skipgrams(1:3, vocabulary_size = 4, negative_samples = 0, shuffle = FALSE)
  expect_named(pairs, c("couples", "labels"))
  expect_length(pairs$couples, 6L)
  expect_identical(pairs$couples[[1]], c(1L, 2L))
  expect_true(all(unlist(pairs$labels) == 1))
})

test_that("make_sampling_table() gives one probability per word rank", {
  table <- make_sampling_table(size = 40)
  expect_length(table, 40L)
  expect_true(all(table > 0 & table <= 1))
})

# ---- text ---------------------------------------------------------------------------------

test_that("text_to_word_sequence() lower-cases and removes punctuation", {
  expect_identical(text_to_word_sequence("The cat, the MAT."), c("the", "cat", "the", "mat"))
})

test_that("text_one_hot() and text_hashing_trick() give an index per word", {
  encoded <- text_one_hot(texts[[1]], 5)
  expect_length(encoded, 6L)
  expect_true(all(encoded >= 1 & encoded < 5))
  expect_identical(encoded[[1]], encoded[[5]])
  expect_length(text_hashing_trick(texts[[1]], 5, hash_function = "md5"), 6L)
})

test_that("text_hashing_trick() takes one text, and NA gives NA", {
  expect_error(text_hashing_trick(letters, 10), "`text` should be length 1")
  expect_identical(text_hashing_trick(NA_character_, 10), NA_integer_)
})

test_that("text_one_hot()'s `text` is deprecated for `input_text`", {
  expect_warning(encoded <- text_one_hot(text = "a b", n = 5), class = "deprecatedWarning")
  expect_length(encoded, 2L)
  expect_error(text_one_hot("a", 5, text = "b"), "give `input_text` only")
})

test_that("a tokenizer learns its vocabulary and turns texts into sequences", {
  tokenizer <- text_tokenizer(num_words = 10)
  expect_identical(fit_text_tokenizer(tokenizer, texts), tokenizer)
  index <- tokenizer$word_index
  expect_identical(index[["the"]], 1L)
  sequences <- texts_to_sequences(tokenizer, texts)
  expect_length(sequences, 3L)
  expect_identical(sequences[[1]], c(1L, 4L, 2L, 3L, 1L, 5L))
  expect_identical(texts_to_sequences(tokenizer, "the cat"), list(c(1L, 4L)))
})

test_that("a tokenizer learns from sequences and from a function yielding texts", {
  tokenizer <- text_tokenizer() %>% fit_text_tokenizer(texts)
  sequences <- iterate(texts_to_sequences_generator(tokenizer, texts))
  tokenizer %>% fit_text_tokenizer(sequences)
  expect_equal(tokenizer$document_count, 6L)
  i <- 0
  next_text <- function() if (i < length(texts)) texts[[i <<- i + 1]] else NULL
  from_function <- text_tokenizer() %>% fit_text_tokenizer(next_text)
  expect_equal(from_function$document_count, 3L)
})

test_that("texts_to_matrix() and sequences_to_matrix() count words by mode", {
  tokenizer <- text_tokenizer(num_words = 10) %>% fit_text_tokenizer(texts)
  counts <- texts_to_matrix(tokenizer, texts, mode = "count")
  expect_equal(dim(counts), c(3L, 10L))
  expect_equal(counts[1, 2], 2)
  expect_equal(texts_to_matrix(tokenizer, texts)[1, 2], 1)
  for (mode in c("binary", "count", "tfidf", "freq"))
    expect_equal(dim(texts_to_matrix(tokenizer, texts, mode)), c(3L, 10L))
  expect_equal(sequences_to_matrix(tokenizer, list(c(1, 1, 2)), mode = "count")[1, 2:3], c(2, 1))
  expect_error(texts_to_matrix(tokenizer, texts, mode = "words"), "should be one of")
})

test_that("a tokenizer saved to a file loads back", {
  tokenizer <- text_tokenizer() %>% fit_text_tokenizer(texts)
  path <- tempfile("tokenizer")
  on.exit(unlink(path))
  expect_identical(save_text_tokenizer(tokenizer, path), tokenizer)
  loaded <- load_text_tokenizer(path)
  expect_identical(texts_to_sequences(loaded, texts), texts_to_sequences(tokenizer, texts))
})

test_that("text_dataset_from_directory() reads text files by class folder", {
  dir <- tempfile("texts")
  for (class in c("neg", "pos")) {
    dir.create(file.path(dir, class), recursive = TRUE)
    for (i in 1:2) writeLines(paste(class, i), file.path(dir, class, paste0(i, ".txt")))
  }
  on.exit(unlink(dir, recursive = TRUE))
  dataset <- text_dataset_from_directory(dir, batch_size = 4, shuffle = FALSE)
  batch <- iter_next(reticulate::as_iterator(dataset))
  expect_equal(batch[[2]]$shape$as_list(), 4L)
  expect_equal(as.vector(as.array(batch[[2]])), c(0L, 0L, 1L, 1L))
})

# ---- images -------------------------------------------------------------------------------

test_that("an image array saved to a file loads back at the size asked for", {
  path <- tempfile(fileext = ".png")
  on.exit(unlink(path))
  image_array_save(array(runif(10 * 12 * 3, 0, 255), c(10, 12, 3)), path)
  expect_equal(dim(image_to_array(image_load(path))), c(10L, 12L, 3L))
  expect_equal(dim(image_to_array(image_load(path, target_size = c(5, 6)))), c(5L, 6L, 3L))
  expect_equal(dim(image_to_array(image_load(path, color_mode = "grayscale"))), c(10L, 12L, 1L))
  expect_equal(dim(image_to_array(image_load(path), data_format = "channels_first")),
               c(3L, 10L, 12L))
  expect_error(image_load(path, target_size = 5), "`target_size` must be c\\(height, width\\)")
})

test_that("image_array_resize() resizes 3-d arrays and 4-d arrays of one image", {
  img <- array(runif(10 * 12 * 3), c(10, 12, 3))
  expect_equal(dim(image_array_resize(img, height = 20, width = 6)), c(20L, 6L, 3L))
  expect_equal(dim(image_array_resize(array(img, c(1, 10, 12, 3)), 5, 6)), c(1L, 5L, 6L, 3L))
  expect_error(image_array_resize(matrix(1, 2, 2), 4, 4), "must be an image array")
})

test_that("flow_images_from_data() gives batches of images and labels", {
  x <- array(runif(10 * 8 * 8 * 3), c(10, 8, 8, 3))
  y <- to_categorical(0:9 %% 2)
  flow <- flow_images_from_data(x, y, image_data_generator(horizontal_flip = TRUE),
                                batch_size = 4, shuffle = FALSE)
  batch <- generator_next(flow)
  expect_equal(dim(batch[[1]]), c(4L, 8L, 8L, 3L))
  expect_equal(batch[[2]], y[1:4, ])
  expect_error(flow_images_from_data(x, y, batch_size = 0), "`batch_size` must be a positive")
})

test_that("an R preprocessing_function is applied to each image", {
  gen <- image_data_generator(preprocessing_function = function(x) x * 0 + 7)
  flow <- flow_images_from_data(array(runif(4 * 4 * 4 * 1), c(4, 4, 4, 1)), generator = gen,
                                batch_size = 2)
  expect_true(all(generator_next(flow) == 7))
  expect_error(image_data_generator(preprocessing_function = "x"), "must be a function")
})

test_that("fit_image_data_generator() computes featurewise statistics in place", {
  x <- array(rep(c(1, 3), each = 2 * 2 * 2), c(4, 2, 2, 1))
  gen <- image_data_generator(featurewise_center = TRUE)
  expect_identical(fit_image_data_generator(gen, x), gen)
  expect_equal(as.numeric(gen$mean), 2)
  batch <- generator_next(flow_images_from_data(x, generator = gen, batch_size = 4,
                                                shuffle = FALSE))
  expect_equal(range(batch), c(-1, 1))
})

test_that("fit() trains a model on an image flow with an R preprocessing function", {
  x <- array(runif(16 * 6 * 6 * 1), c(16, 6, 6, 1))
  gen <- image_data_generator(preprocessing_function = function(img) img / 2)
  model <- keras_model_sequential(input_shape = c(6, 6, 1)) %>% layer_dense(units = 2)
  model %>% compile(loss = "mse", optimizer = "sgd")
  history <- model %>% fit(flow_images_from_data(x, array(0, c(16, 6, 6, 2)), gen,
                                                 batch_size = 4),
                           steps_per_epoch = 4, epochs = 2, verbose = 0)
  expect_length(history$metrics$loss, 2L)
})

test_that("flow_images_from_directory() reads class folders", {
  dir <- tempfile("flow")
  write_images(file.path(dir, "a"), 3)
  write_images(file.path(dir, "b"), 2)
  on.exit(unlink(dir, recursive = TRUE))
  flow <- flow_images_from_directory(dir, target_size = c(8, 8), batch_size = 5,
                                     shuffle = FALSE)
  batch <- generator_next(flow)
  expect_equal(dim(batch[[1]]), c(5L, 8L, 8L, 3L))
  expect_equal(batch[[2]][, 2], c(0, 0, 0, 1, 1))
  one <- flow_images_from_directory(dir, classes = "b", target_size = c(4, 4),
                                    class_mode = "sparse")
  expect_equal(one$samples, 2L)
})

test_that("flow_images_from_dataframe() reads the files a data frame names", {
  dir <- write_images(tempfile("frame"), 4)
  on.exit(unlink(dir, recursive = TRUE))
  df <- data.frame(fname = sprintf("img%02d.png", 1:4), class = c("x", "y", "x", "y"))
  flow <- flow_images_from_dataframe(df, directory = dir, x_col = "fname", y_col = "class",
                                     target_size = c(8, 8), batch_size = 4, shuffle = FALSE)
  batch <- iter_next(flow)
  expect_equal(dim(batch[[1]]), c(4L, 8L, 8L, 3L))
  expect_equal(dim(batch[[2]]), c(4L, 2L))
  expect_warning(flow_images_from_dataframe(df, directory = dir, x_col = "fname",
                                            drop_duplicates = TRUE),
                 class = "deprecatedWarning")
})

test_that("image_dataset_from_directory() is a tf_dataset of image batches", {
  dir <- tempfile("dataset")
  write_images(file.path(dir, "0"), 2)
  write_images(file.path(dir, "1"), 2)
  on.exit(unlink(dir, recursive = TRUE))
  dataset <- image_dataset_from_directory(dir, image_size = c(8, 8), batch_size = 4)
  expect_s3_class(dataset, "tf_dataset")
  batch <- iter_next(reticulate::as_iterator(dataset))
  expect_equal(batch[[1]]$shape$as_list(), c(4L, 8L, 8L, 3L))
  expect_equal(batch[[2]]$shape$as_list(), 4L)
})

# ---- time series --------------------------------------------------------------------------

test_that("timeseries_dataset_from_array() gives windows, start_index and end_index 1-based", {
  dataset <- timeseries_dataset_from_array(0:20, NULL, sequence_length = 3, batch_size = 2,
                                           start_index = 2, end_index = 6)
  batches <- iterate(dataset$as_numpy_iterator(), simplify = FALSE)
  expect_identical(batches[[1]], matrix(c(1L, 2L, 2L, 3L, 3L, 4L), 2))
  expect_identical(batches[[2]], matrix(3:5, 1))
  expect_length(batches, 2L)
})

test_that("timeseries_dataset_from_array() pairs windows with targets", {
  data <- 1:10 + 0.5
  dataset <- timeseries_dataset_from_array(data, 1:10, sequence_length = 4, batch_size = 10)
  batch <- iter_next(reticulate::as_iterator(dataset))
  expect_equal(as.array(batch[[1]])[2, ], data[2:5])
  expect_equal(as.vector(as.array(batch[[2]]))[1:2], 1:2)
})

test_that("fit() trains on a timeseries_generator()", {
  data <- matrix(as.numeric(1:50), ncol = 1)
  gen <- timeseries_generator(data, data, length = 10, sampling_rate = 2, batch_size = 2)
  batch <- gen$`__getitem__`(0L)
  expect_equal(dim(batch[[1]]), c(2L, 5L, 1L))
  model <- keras_model_sequential(list(keras$layers$Flatten(input_shape = tuple(5L, 1L)),
                                       layer_dense(units = 1)))
  model %>% compile(optimizer = "sgd", loss = "mse")
  history <- model %>% fit(gen, steps_per_epoch = 3, epochs = 1, verbose = 0,
                           validation_data = gen, validation_steps = 2)
  expect_named(history$metrics, c("loss", "val_loss"))
})
