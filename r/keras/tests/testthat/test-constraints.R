# keras 2.x's constraints: constraint_*(), R functions and KerasConstraint R6 classes.

non_negative <- function(w) w * tensorflow::tf$cast(w >= 0, w$dtype)

constrained <- function(constraint, w) {
  value <- as.array(constraint(tensorflow::tf$constant(w, dtype = "float32")))
  if (is.null(dim(w))) as.numeric(value) else value
}

test_that("constraint_maxnorm() caps the norm of each unit's weights", {
  constraint <- constraint_maxnorm(max_value = 1, axis = 0)
  expect_s3_class(constraint, "keras.constraints.MaxNorm")
  w <- constrained(constraint, matrix(c(3, 4, 0.3, 0.4), 2))
  expect_equal(sqrt(colSums(w^2)), c(1, 0.5), tolerance = 1e-5)
})

test_that("constraint_unitnorm(), constraint_minmaxnorm() and constraint_nonneg() apply", {
  expect_equal(sqrt(colSums(constrained(constraint_unitnorm(), matrix(c(3, 4), 2))^2)), 1,
               tolerance = 1e-5)
  w <- constrained(constraint_minmaxnorm(min_value = 2, max_value = 3), matrix(c(0.6, 0.8), 2))
  expect_equal(sqrt(sum(w^2)), 2, tolerance = 1e-5)
  expect_equal(constrained(constraint_nonneg(), c(-1, 2)), c(0, 2))
})

test_that("a constraint's axis is a whole number", {
  expect_identical(py_to_r(constraint_unitnorm(axis = 1)$get_config())$axis, 1L)
  expect_error(constraint_maxnorm(axis = 0.5), "whole numbers")
})

test_that("an R function is a layer's constraint", {
  layer <- layer_dense(units = 2, kernel_constraint = non_negative)
  expect_s3_class(layer$kernel_constraint, "keras.constraints.Constraint")
  expect_equal(constrained(layer$kernel_constraint, c(-1, 1)), c(0, 1))
})

test_that("a KerasConstraint R6 class is a layer's constraint, with its config", {
  Clip <- R6::R6Class("Clip", inherit = KerasConstraint, public = list(
    limit = 0.1,
    call = function(w) tensorflow::tf$clip_by_value(w, -self$limit, self$limit),
    get_config = function() list(limit = self$limit)))
  layer <- layer_dense(units = 2, bias_constraint = Clip$new())
  expect_equal(constrained(layer$bias_constraint, c(-1, 0.05)), c(-0.1, 0.05), tolerance = 1e-6)
  expect_equal(py_to_r(layer$bias_constraint$get_config()), list(limit = 0.1))
})

test_that("a KerasConstraint without call() is an error naming it", {
  Empty <- R6::R6Class("Empty", inherit = KerasConstraint)
  layer <- layer_dense(units = 1, kernel_constraint = Empty$new())
  expect_error(layer$kernel_constraint(tensorflow::tf$constant(1)), "call")
})

test_that("a constraint that is not one is an error naming the argument", {
  expect_error(layer_dense(units = 1, kernel_constraint = 3), "kernel_constraint")
})

test_that("R constraints keep the weights in range while training", {
  model <- keras_model_sequential(input_shape = 3) %>%
    layer_dense(units = 2, kernel_constraint = non_negative)
  model %>% compile(optimizer = optimizer_sgd(learning_rate = 1), loss = "mse")
  fit(model, matrix(1, 8, 3), matrix(-5, 8, 2), epochs = 2, verbose = 0)
  expect_true(all(as.array(model$layers[[1]]$kernel) >= 0))
})

test_that("a constraint's name or config is tf_keras's constraint", {
  expect_s3_class(layer_dense(units = 1, kernel_constraint = "non_neg")$kernel_constraint,
                  "keras.constraints.NonNeg")
  config <- list(class_name = "MaxNorm", config = list(max_value = 3))
  expect_equal(layer_dense(units = 1, kernel_constraint = config)$kernel_constraint$max_value, 3)
})
