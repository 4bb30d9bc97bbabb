test_that("%py_class% defines a Keras layer class with R methods", {
  Doubler(keras$layers$Layer) %py_class% {
    "A layer doubling its input."
    initialize <- function(...) super$initialize(...)
    call <- function(inputs) inputs * 2
  }
  layer <- Doubler(name = "doubler")
  expect_equal(layer$name, "doubler")
  expect_equal(Doubler$`__doc__`, "A layer doubling its input.")
  expect_equal(as.numeric(layer(tensorflow::tf$constant(3))), 6)
})

test_that("%py_class% methods see private, per instance", {
  Counter %py_class% {
    initialize <- function() private$n <- 0
    tick <- function() {
      private$n <- private$n + 1
      private$n
    }
  }
  a <- Counter()
  b <- Counter()
  a$tick()
  expect_equal(a$tick(), 2)
  expect_equal(b$tick(), 1)
})

test_that("%<-active% and mark_active() make properties", {
  Temperature %py_class% {
    celsius <- 20
    fahrenheit %<-active% function(value) {
      if (missing(value)) self$celsius * 9 / 5 + 32
      else self$celsius <- (value - 32) * 5 / 9
    }
    kelvin <- mark_active(function() self$celsius + 273.15)
  }
  t <- Temperature()
  expect_equal(t$fahrenheit, 68)
  t$fahrenheit <- 212
  expect_equal(t$celsius, 100)
  expect_equal(t$kelvin, 373.15)
  expect_error(mark_active("not a function"), "only R functions")
})

test_that("methods may be called leaving out arguments, as with reticulate's functions", {
  Holder %py_class% {
    value <- function(x) if (missing(x)) "none" else x
  }
  expect_equal(Holder()$value(), "none")
  expect_equal(Holder()$value("x"), "x")
})

test_that("r_to_py() of an R6 class inheriting a Keras class makes a Python class", {
  Scale <- R6::R6Class("Scale", inherit = keras$layers$Layer,
    public = list(
      initialize = function(factor, ...) {
        super$initialize(...)
        self$factor <- factor
      },
      call = function(x, mask = NULL) x * self$factor
    ))
  layer <- r_to_py(Scale, convert = TRUE)(factor = 2)
  expect_equal(as.numeric(layer(tensorflow::tf$constant(4))), 8)
})

test_that("new_layer_class() returns a layer function with initialize's arguments", {
  layer_scale <- new_layer_class("Scale",
    initialize = function(factor, ...) {
      super$initialize(...)
      self$factor <- factor
    },
    call = function(inputs) inputs * self$factor
  )
  expect_equal(names(formals(layer_scale)), c("object", "factor", "..."))
  output <- layer_input(shape = 3) %>% layer_scale(factor = 2)
  expect_equal(dim(output), c(NA, 3L))
})

test_that("new_model_class(), new_loss_class(), new_metric_class() and new_callback_class() derive from tf_keras", {
  Model <- new_model_class("MyModel", initialize = function(...) {
    super$initialize(...)
    self$dense <- layer_dense(units = 1)
  }, call = function(inputs) self$dense(inputs))
  expect_true(inherits(Model(), "keras.engine.training.Model"))
  Loss <- new_loss_class("MyLoss", call = function(y_true, y_pred) y_pred - y_true)
  expect_true(inherits(Loss(), "keras.losses.Loss"))
  Metric <- new_metric_class("MyMetric",
    initialize = function(...) super$initialize(...),
    update_state = function(...) NULL,
    result = function() 0)
  expect_true(inherits(Metric(), "keras.metrics.base_metric.Metric"))
  Callback <- new_callback_class("MyCallback", on_epoch_end = function(epoch, logs = NULL) NULL)
  expect_true(inherits(Callback(), "keras.callbacks.Callback"))
})

test_that("a class made from an R6 class prints both classes", {
  Plain %py_class% {
    hello <- function() "hi"
  }
  printed <- capture.output(print(Plain))
  expect_true(any(grepl("R6type.Plain", printed, fixed = TRUE)))
  expect_true(any(grepl("<Plain> object generator", printed, fixed = TRUE)))
})
