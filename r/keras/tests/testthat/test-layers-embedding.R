test_that("layer_embedding() maps integer indices to dense vectors", {
  output <- layer_input(shape = 5) %>% layer_embedding(input_dim = 10, output_dim = 3)
  expect_equal(dim(output), c(NA, 5L, 3L))
})

test_that("layer_embedding() with mask_zero gives a mask", {
  layer <- layer_embedding(input_dim = 10, output_dim = 2, mask_zero = TRUE)
  mask <- layer$compute_mask(tensorflow::tf$constant(matrix(c(0L, 4L), 1)))
  expect_equal(as.logical(as.array(mask)), c(FALSE, TRUE))
})

test_that("layer_embedding() in a Sequential model takes input_length", {
  model <- keras_model_sequential() %>%
    layer_embedding(input_dim = 10, output_dim = 4, input_length = 6)
  expect_equal(model$output_shape, list(NULL, 6L, 4L))
})
