test_that("time_distributed() applies a layer to every time step", {
  output <- layer_input(shape = c(10, 8)) %>% time_distributed(layer_dense(units = 2))
  expect_equal(dim(output), c(NA, 10L, 2L))
})

test_that("bidirectional() merges both directions", {
  input <- layer_input(shape = c(5, 3))
  expect_equal(dim(bidirectional(input, layer_lstm(units = 4))), c(NA, 8L))
  expect_equal(dim(bidirectional(input, layer_gru(units = 4), merge_mode = "sum")), c(NA, 4L))
})

test_that("wrappers compose with a Sequential model", {
  model <- keras_model_sequential() %>%
    bidirectional(layer_lstm(units = 2, return_sequences = TRUE), input_shape = c(4, 3)) %>%
    time_distributed(layer_dense(units = 1))
  expect_equal(model$output_shape, list(NULL, 4L, 1L))
})
