test_that("adapt() fits a normalization layer's mean and variance", {
  layer <- layer_normalization(axis = NULL)
  expect_identical(adapt(layer, c(1, 2, 3, 4, 5)), layer)
  expect_equal(as.numeric(layer(c(1, 3))), c(-sqrt(2), 0), tolerance = 1e-6)
})

test_that("layer_normalization() takes mean and variance", {
  out <- layer_normalization(mean = 3, variance = 4)(tensorflow::tf$constant(matrix(c(1, 5), 2)))
  expect_equal(as.numeric(as.array(out)), c(-1, 1), tolerance = 1e-6)
})

test_that("lookup layers get and set their vocabulary", {
  layer <- layer_string_lookup()
  set_vocabulary(layer, c("a", "b", "c"))
  expect_equal(get_vocabulary(layer), c("[UNK]", "a", "b", "c"))
  expect_equal(get_vocabulary(layer, include_special_tokens = FALSE), c("a", "b", "c"))
  expect_equal(as.vector(layer(c("b", "z"))), c(2, 0))
})

test_that("layer_text_vectorization() adapted to text gives token indices", {
  layer <- layer_text_vectorization(output_mode = "int", output_sequence_length = 3)
  adapt(layer, c("the cat", "the dog", "the"))
  expect_equal(get_vocabulary(layer)[1:3], c("", "[UNK]", "the"))
  out <- as.array(layer(c("the bird", "the")))
  expect_equal(out, rbind(c(2, 1, 0), c(2, 0, 0)))
})

test_that("layer_integer_lookup() and layer_category_encoding() encode integers", {
  lookup <- layer_integer_lookup(vocabulary = c(12L, 36L))
  expect_equal(as.vector(lookup(c(36L, 7L))), c(2, 0))
  encoding <- layer_category_encoding(num_tokens = 3, output_mode = "one_hot")
  expect_equal(as.array(encoding(c(0L, 2L))), rbind(c(1, 0, 0), c(0, 0, 1)))
})

test_that("layer_discretization() and layer_hashing() bucket values", {
  out <- layer_discretization(bin_boundaries = c(0, 1))(c(-1, 0.5, 2))
  expect_equal(as.vector(out), c(0, 1, 2))
  expect_equal(dim(layer_hashing(num_bins = 4)(matrix(c("a", "b")))), c(2L, 1L))
})

test_that("image preprocessing layers resize, crop and rescale", {
  images <- layer_input(shape = c(32, 32, 3))
  expect_equal(dim(layer_resizing(images, height = 16, width = 8)), c(NA, 16L, 8L, 3L))
  expect_equal(dim(layer_center_crop(images, height = 10, width = 10)), c(NA, 10L, 10L, 3L))
  expect_equal(dim(layer_random_crop(images, height = 8, width = 8)), c(NA, 8L, 8L, 3L))
  out <- layer_rescaling(scale = 1 / 255)(array(255, c(1, 2, 2, 1)))
  expect_equal(as.numeric(as.array(out)), rep(1, 4))
})

test_that("random image layers are the identity with training = FALSE", {
  x <- array(runif(2 * 4 * 4 * 1), c(2, 4, 4, 1))
  for (layer in list(layer_random_flip(), layer_random_rotation(factor = 0.2),
                     layer_random_zoom(height_factor = 0.2), layer_random_contrast(factor = 0.2),
                     layer_random_translation(height_factor = 0.1, width_factor = 0.1),
                     layer_random_brightness(factor = 0.1)))
    expect_equal(as.array(layer(x, training = FALSE)), x, tolerance = 1e-6)
})

test_that("random height and width keep the size with training = FALSE", {
  x <- array(1, c(1, 8, 8, 1))
  expect_equal(dim(layer_random_height(factor = 0.5)(x, training = FALSE)), c(1L, 8L, 8L, 1L))
  expect_equal(dim(layer_random_width(factor = 0.5)(x, training = FALSE)), c(1L, 8L, 8L, 1L))
})
