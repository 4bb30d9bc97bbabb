# The first release's model functions keras3 lacks.

small_model <- function() {
  model <- keras_model_sequential(input_shape = 2) |> layer_dense(1)
  model |> compile(loss = "mse", optimizer = "sgd")
  model
}
x <- matrix(runif(32), 16)
y <- runif(16)
batches <- function() list(x, y)

test_that("fit_generator() warns that it is deprecated and trains with fit()", {
  expect_warning(history <- fit_generator(small_model(), batches, steps_per_epoch = 2,
                                          epochs = 2, verbose = 0),
                 "'fit_generator' is deprecated")
  expect_length(history$metrics$loss, 2L)
})

test_that("evaluate_generator() warns and evaluates", {
  expect_warning(result <- evaluate_generator(small_model(), batches, steps = 2, verbose = 0),
                 "'evaluate_generator' is deprecated")
  expect_true(is.numeric(result$loss))
})

test_that("predict_generator() warns and predicts", {
  expect_warning(predicted <- predict_generator(small_model(), function() x, steps = 1,
                                                verbose = 0),
                 "'predict_generator' is deprecated")
  expect_equal(dim(predicted), c(16L, 1L))
})

test_that("model_from_json() rebuilds the layers of model_to_json()", {
  model <- small_model()
  json <- model_to_json(model)
  expect_true(is.character(json) && length(json) == 1L)
  copy <- model_from_json(json)
  expect_equal(vapply(copy$layers, function(l) l$name, ""),
               vapply(model$layers, function(l) l$name, ""))
})

test_that("model_from_json() needs a string", {
  expect_error(model_from_json(1), "`json` must be a single string")
})

test_that("keras_model_custom() makes a model whose forward pass is the R function", {
  model <- keras_model_custom(name = "doubler", function(self) {
    self$dense <- layer_dense(units = 1, kernel_initializer = "ones", use_bias = FALSE)
    function(inputs, mask = NULL, training = FALSE) self$dense(inputs) * 2
  })
  expect_equal(model$name, "doubler")
  expect_equal(as.array(model(op_ones(c(1, 3)))), matrix(6))
})

test_that("tf_devices() lists the CPU", {
  devices <- tf_devices()
  expect_equal(names(devices), c("name", "device_type"))
  expect_true("CPU" %in% devices$device_type)
})
