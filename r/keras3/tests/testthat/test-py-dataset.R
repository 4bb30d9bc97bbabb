# A PyDataset subclass written with PyClass(), as fit()'s data.

test_that("fit() trains on a PyClass() subclass of keras$utils$PyDataset", {
  Batches <- PyClass("Batches", inherit = keras$utils$PyDataset, defs = list(
    `__init__` = function(self, ...) {
      super()$`__init__`(...)
      NULL
    },
    `__len__` = function(self) 3L,
    `__getitem__` = function(self, idx) list(op_ones(c(4, 2)), op_zeros(c(4, 1)))
  ))
  model <- keras_model_sequential(input_shape = 2) |> layer_dense(1)
  model |> compile(loss = "mse", optimizer = "sgd")
  history <- model |> fit(Batches(), epochs = 2, verbose = 0)
  expect_length(history$metrics$loss, 2L)
})
