test_that("recurrent layers take sequences and give their last output or all", {
  input <- layer_input(shape = c(10, 8))
  expect_equal(dim(layer_lstm(input, units = 4)), c(NA, 4L))
  expect_equal(dim(layer_gru(input, units = 3, return_sequences = TRUE)), c(NA, 10L, 3L))
  expect_equal(dim(layer_simple_rnn(input, units = 2)), c(NA, 2L))
})

test_that("return_state gives the output and the states as an R list", {
  outputs <- layer_input(shape = c(5, 2)) %>% layer_lstm(units = 3, return_state = TRUE)
  expect_identical(class(outputs), "list")
  expect_length(outputs, 3L)
})

test_that("the output and states of return_state unpack with %<-%", {
  c(output, state_h, state_c) %<-%
    layer_lstm(layer_input(shape = c(5, 2)), units = 3, return_state = TRUE)
  expect_equal(lapply(list(output, state_h, state_c), dim), rep(list(c(NA, 3L)), 3))
})

test_that("layer_rnn() runs cells, also stacked", {
  input <- layer_input(shape = c(5, 2))
  expect_equal(dim(layer_rnn(input, cell = layer_lstm_cell(units = 4))), c(NA, 4L))
  cells <- layer_stacked_rnn_cells(list(layer_gru_cell(units = 3), layer_simple_rnn_cell(units = 2)))
  expect_equal(dim(layer_rnn(input, cell = cells)), c(NA, 2L))
})

test_that("the CuDNN layers are deprecated and name their replacement", {
  expect_warning(try(layer_cudnn_lstm(units = 2), silent = TRUE), "layer_lstm",
                 class = "deprecatedWarning")
})
