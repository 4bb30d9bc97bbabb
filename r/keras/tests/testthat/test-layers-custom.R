test_that("create_layer() makes a layer from a Python class and composes it", {
  layer <- create_layer(keras$layers$Dense, args = list(units = 3, name = NULL))
  expect_s3_class(layer, "keras.layers.core.dense.Dense")
  expect_equal(layer$units, 3L)
  model <- keras_model_sequential()
  expect_identical(create_layer(keras$layers$Dense, model, list(units = 2, input_shape = 4)), model)
  expect_equal(model$output_shape, list(NULL, 2L))
})

test_that("create_layer_wrapper() gives a layer_*() function with the class's arguments", {
  layer_my_dense <- create_layer_wrapper(keras$layers$Dense)
  expect_s3_class(layer_my_dense, "keras_layer_wrapper")
  expect_equal(names(formals(layer_my_dense))[1:3], c("object", "units", "activation"))
  output <- layer_input(shape = 3) %>% layer_my_dense(units = 5)
  expect_equal(dim(output), c(NA, 5L))
})

test_that("create_layer_wrapper() passes the arguments through their modifiers", {
  seen <- NULL
  layer_counted <- create_layer_wrapper(keras$layers$Dense,
                                        modifiers = list(units = function(x) {
                                          seen <<- x
                                          as.integer(x * 2)
                                        }))
  expect_equal(layer_counted(units = 3)$units, 6L)
  expect_equal(seen, 3)
})

test_that("create_layer_wrapper() functions may be called without arguments", {
  layer_plain <- create_layer_wrapper(keras$layers$Flatten)
  expect_s3_class(layer_plain(), "keras.layers.reshaping.flatten.Flatten")
})

test_that("Layer() defines a layer class and returns its layer function", {
  layer_multiply_by <- Layer("MultiplyBy",
    initialize = function(x) {
      super()$`__init__`()
      self$x <- x
    },
    call = function(inputs, ...) inputs * self$x
  )
  expect_s3_class(layer_multiply_by, "keras_layer_wrapper")
  expect_equal(names(formals(layer_multiply_by)), c("object", "x"))
  input <- layer_input(shape = 1)
  model <- keras_model(input, layer_multiply_by(input, x = 3))
  expect_equal(model$layers[[2]]$`__class__`$`__name__`, "MultiplyBy")
  expect_equal(as.numeric(model(matrix(2))), 6)
})

test_that("Layer() classes inherit from other Layer() classes", {
  layer_base <- Layer("Base", initialize = function(x) {
    super()$`__init__`()
    self$x <- x
  }, call = function(inputs) inputs)
  layer_squared <- Layer("Squared", inherit = layer_base,
    initialize = function(x) super()$`__init__`(x^2),
    call = function(inputs, ...) inputs * self$x)
  expect_equal(as.numeric(layer_squared(x = 3)(2)), 18)
})

test_that("self$add_weight() takes one unit count as a shape", {
  layer_bias <- new_layer_class("Bias",
    initialize = function(units, ...) {
      super$initialize(...)
      self$units <- as.integer(units)
    },
    build = function(input_shape) {
      self$b <- self$add_weight(shape = c(self$units), initializer = "ones")
    },
    call = function(inputs) inputs + self$b
  )
  layer <- layer_bias(units = 4)
  out <- layer(tensorflow::tf$zeros(shape(2, 4)))
  expect_equal(dim(layer$weights[[1]]), 4L)
  expect_equal(as.array(out), matrix(1, 2, 4))
})

test_that("an old-style KerasLayer R6 class makes a layer with create_layer()", {
  Scale <- R6::R6Class("Scale", inherit = KerasLayer,
    public = list(
      factor = NULL,
      initialize = function(factor) self$factor <- factor,
      build = function(input_shape) {
        self$add_weight(name = "unused", shape = list(input_shape[[2]], 1L),
                        initializer = "zeros", trainable = TRUE)
      },
      call = function(x, mask = NULL) x * self$factor
    ))
  layer_scale <- function(object, factor, name = NULL)
    create_layer(Scale, object, list(factor = factor, name = name))
  model <- keras_model_sequential(input_shape = 2) %>% layer_scale(factor = 3, name = "scale")
  expect_equal(model$get_layer("scale")$name, "scale")
  expect_equal(as.array(model(matrix(c(1, 2), 1))), matrix(c(3, 6), 1))
  expect_length(model$weights, 1L)
})

test_that("an old-style KerasWrapper R6 class wraps a layer with create_wrapper()", {
  Shifted <- R6::R6Class("Shifted", inherit = KerasWrapper,
    public = list(call = function(x, mask = NULL) super$call(x) + 1))
  dense <- layer_dense(units = 2, kernel_initializer = "zeros")
  model <- keras_model_sequential(input_shape = 3) %>%
    create_wrapper(Shifted, ., list(layer = dense))
  expect_equal(as.array(model(matrix(1, 1, 3))), matrix(1, 1, 2))
})

test_that("create_wrapper() needs a KerasWrapper class and a layer", {
  expect_error(create_wrapper(KerasLayer, args = list(layer = layer_dense(units = 1))),
               "KerasWrapper")
  expect_error(create_wrapper(KerasWrapper, args = list()), "args\\$layer")
})
