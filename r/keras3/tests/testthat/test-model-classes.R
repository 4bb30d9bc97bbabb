# R model classes (new_model_class()) built the functional way, with the
# inputs and outputs given by position, and a custom train_step.

CustomModel <- new_model_class(
  "CustomModel",
  initialize = function(...) {
    super$initialize(...)
    self$loss_tracker <- metric_mean(name = "loss")
  },
  train_step = function(data) {
    c(x, y) %<-% data
    with(tensorflow::tf$GradientTape() %as% tape, {
      y_pred <- self(x, training = TRUE)
      loss <- op_mean(op_square(y_pred - y))
    })
    gradients <- tape$gradient(loss, self$trainable_variables)
    self$optimizer$apply(gradients, self$trainable_variables)
    self$loss_tracker$update_state(loss)
    list(loss = self$loss_tracker$result())
  },
  metrics = active_property(function() list(self$loss_tracker))
)

test_that("an R model class is built from inputs and outputs given by position", {
  inputs <- keras_input(shape = 3)
  model <- CustomModel(inputs, layer_dense(inputs, 1))
  expect_true(inherits(model, "keras.src.models.functional.Functional"))
  expect_equal(dim(as.array(model(op_ones(c(2, 3))))), c(2L, 1L))
})

test_that("its custom train_step trains with fit()", {
  inputs <- keras_input(shape = 3)
  model <- CustomModel(inputs, layer_dense(inputs, 1))
  model |> compile(optimizer = "sgd")
  history <- model |> fit(random_normal(c(32, 3)), random_normal(c(32, 1)), epochs = 2,
                          verbose = 0)
  expect_equal(names(history$metrics), "loss")
  expect_length(history$metrics$loss, 2L)
})

test_that("initialize(...) passes named arguments on as well", {
  inputs <- keras_input(shape = 3)
  model <- CustomModel(inputs = inputs, outputs = layer_dense(inputs, 1), name = "custom")
  expect_equal(model$name, "custom")
})
