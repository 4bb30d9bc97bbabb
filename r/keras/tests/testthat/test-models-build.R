# Building and changing models: get_layer(), pop_layer(), clone_model(),
# keras_model_custom(), freeze_weights()/unfreeze_weights(), multi_gpu_model().

stack <- function() {
  keras_model_sequential(input_shape = 8) %>%
    layer_dense(8, name = "first") %>%
    layer_activation("relu", name = "relu") %>%
    layer_dense(4, name = "second") %>%
    layer_dense(2, name = "third")
}

test_that("get_layer() finds a layer by name or 1-based index", {
  model <- stack()
  expect_equal(get_layer(model, name = "relu")$name, "relu")
  expect_equal(get_layer(model, index = 1)$name, "first")
  expect_error(get_layer(model, index = 0), "1-based")
})

test_that("pop_layer() removes the last layer of a Sequential model", {
  model <- stack()
  pop_layer(model)
  expect_equal(length(model$layers), 3L)
  expect_equal(get_layer(model, index = 3)$name, "second")
})

test_that("clone_model() copies the architecture with new weights", {
  model <- stack()
  copy <- clone_model(model)
  expect_equal(length(copy$layers), length(model$layers))
  expect_false(identical(reticulate::py_id(copy$layers[[1]]),
                         reticulate::py_id(model$layers[[1]])))
})

test_that("keras_model_custom() trains a model whose forward pass is R code", {
  model <- keras_model_custom(name = "mlp", function(self) {
    self$hidden <- layer_dense(units = 4, activation = "relu")
    self$out <- layer_dense(units = 1)
    function(inputs, mask = NULL, training = FALSE) self$out(self$hidden(inputs))
  })
  model %>% compile(optimizer = "sgd", loss = "mse")
  history <- fit(model, matrix(runif(40), 10, 4), runif(10), epochs = 2, verbose = 0)
  expect_equal(model$name, "mlp")
  expect_length(history$metrics$loss, 2L)
  expect_equal(dim(predict(model, matrix(runif(8), 2, 4), verbose = 0)), c(2L, 1L))
})

test_that("keras_model_custom() needs a function", {
  expect_error(keras_model_custom("model"), "must be a function")
})

test_that("freeze_weights() freezes the whole model and unfreeze_weights() undoes it", {
  model <- stack()
  freeze_weights(model)
  expect_length(model$trainable_weights, 0L)
  unfreeze_weights(model)
  expect_length(model$trainable_weights, 6L)
})

test_that("freeze_weights() from/to freezes that range and unfreezes the rest", {
  model <- stack()
  freeze_weights(model, from = "second")
  expect_length(model$non_trainable_weights, 4L)
  freeze_weights(model, from = 1, to = 2)
  expect_length(model$non_trainable_weights, 2L)
  freeze_weights(model, from = -1)
  expect_length(model$non_trainable_weights, 2L)
})

test_that("freeze_weights() which takes names, positions and a formula", {
  model <- stack()
  freeze_weights(model, which = c("first", "third"))
  expect_length(model$trainable_weights, 2L)
  unfreeze_weights(model, which = ~ grepl("^(first|second)$", .x$name))
  expect_length(model$trainable_weights, 4L)
  freeze_weights(model, which = list(3, "third"))
  expect_length(model$non_trainable_weights, 4L)
})

test_that("freeze_weights() names a layer it cannot find", {
  expect_error(freeze_weights(stack(), from = "nope"), "names no layer of the model: \"nope\"")
  expect_error(freeze_weights(stack(), which = "a", from = 1), "not both")
})

test_that("multi_gpu_model() is removed and names the replacement", {
  expect_error(multi_gpu_model(stack(), gpus = 2), "MirroredStrategy")
})
