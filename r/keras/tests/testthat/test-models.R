# keras 2.x's models end to end: build, compile, fit, evaluate, predict.

regression_data <- function(n = 64) {
  x <- matrix(runif(n * 4), n, 4)
  list(x = x, y = x %*% c(1, -2, 3, 0.5))
}

test_that("keras_model_sequential() takes a list of layers first", {
  model <- keras_model_sequential(list(layer_dense(units = 4, input_shape = 3),
                                       layer_dense(units = 1)))
  expect_equal(length(model$layers), 2L)
  expect_equal(model$output_shape, list(NULL, 1L))
})

test_that("keras_model_sequential() makes an input layer from `...`", {
  model <- keras_model_sequential(input_shape = 784, name = "seq") %>% layer_dense(10)
  expect_equal(model$name, "seq")
  expect_equal(model$input_shape, list(NULL, 784L))
})

test_that("a functional model runs from layer_input() to its outputs", {
  input <- layer_input(shape = 4)
  output <- input %>% layer_dense(units = 3) %>% layer_activation("softmax")
  model <- keras_model(input, output)
  expect_s3_class(model, "keras.engine.training.Model")
  expect_equal(dim(predict(model, matrix(1, 2, 4), verbose = 0)), c(2L, 3L))
})

test_that("compile(), fit(), evaluate() and predict() train and use a model", {
  data <- regression_data()
  model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
  returned <- model %>% compile(optimizer = optimizer_rmsprop(learning_rate = 0.01),
                                loss = "mse", metrics = "mae")
  expect_identical(returned, model)
  history <- model %>% fit(data$x, data$y, epochs = 2, verbose = 0)
  expect_s3_class(history, "keras_training_history")
  expect_named(history$metrics, c("loss", "mae"))
  expect_length(history$metrics$loss, 2L)
  expect_equal(history$params$epochs, 2L)
  expect_equal(dim(predict(model, data$x[1:5, ], verbose = 0)), c(5L, 1L))
})

test_that("evaluate() gives a named numeric vector, as keras 2.x does", {
  data <- regression_data()
  model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
  model %>% compile(optimizer = "sgd", loss = "mse", metrics = "mae")
  result <- evaluate(model, data$x, data$y, verbose = 0)
  expect_type(result, "double")
  expect_named(result, c("loss", "mae"))
  expect_equal(unname(result["mae"]), unname(result[[2]]))
})

test_that("keras_array() gives C-order arrays in floatx, integers as int32", {
  expect_equal(py_to_r(keras_array(matrix(1:6 + 0.5, 2))$dtype$name), "float32")
  expect_equal(py_to_r(keras_array(1:3)$dtype$name), "int32")
  expect_true(py_to_r(keras_array(matrix(1, 2, 3))$flags$c_contiguous))
})

test_that("an R function as the loss is named after the expression, as keras 2.x does", {
  my.loss <- function(y_true, y_pred) tensorflow::tf$reduce_mean(tensorflow::tf$square(y_true - y_pred))
  data <- regression_data(32)
  model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
  model %>% compile(optimizer = "sgd", loss = my.loss)
  expect_equal(py_to_r(py_get_attr(py_get_attr(model, "loss"), "__name__")), "my_loss")
  expect_length(fit(model, data$x, data$y, epochs = 1, verbose = 0)$metrics$loss, 1L)
})
