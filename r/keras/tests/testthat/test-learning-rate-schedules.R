# keras 2.x's learning rate schedules and new_learning_rate_schedule_class().

test_that("a schedule gives the rate at a step", {
  schedule <- learning_rate_schedule_exponential_decay(0.1, decay_steps = 10, decay_rate = 0.5)
  expect_s3_class(schedule, "keras.optimizers.schedules.learning_rate_schedule.ExponentialDecay")
  expect_equal(as.numeric(schedule(10L)), 0.05, tolerance = 1e-6)
})

test_that("decay steps are whole numbers", {
  schedule <- learning_rate_schedule_cosine_decay(1, decay_steps = 100)
  expect_identical(py_to_r(schedule$get_config())$decay_steps, 100L)
  expect_error(learning_rate_schedule_polynomial_decay(1, decay_steps = 1.5), "whole numbers")
})

test_that("a piecewise constant schedule changes at its boundaries", {
  schedule <- learning_rate_schedule_piecewise_constant_decay(list(5L), c(1, 0.5))
  expect_equal(as.numeric(schedule(2L)), 1)
  expect_equal(as.numeric(schedule(8L)), 0.5)
})

test_that("a schedule is an optimizer's learning rate", {
  schedule <- learning_rate_schedule_inverse_time_decay(0.1, decay_steps = 1, decay_rate = 1)
  opt <- optimizer_sgd(learning_rate = schedule)
  model <- keras_model_sequential(input_shape = 2) %>% layer_dense(units = 1)
  model %>% compile(optimizer = opt, loss = "mse")
  fit(model, matrix(1, 4, 2), matrix(1, 4, 1), epochs = 1, verbose = 0)
  expect_equal(as.numeric(opt$iterations), 1)
})

test_that("new_learning_rate_schedule_class() makes a schedule class with R methods", {
  Halving <- new_learning_rate_schedule_class("Halving",
    initialize = function(start, every) {
      self$start <- start
      self$every <- every
    },
    call = function(step) {
      self$start * 0.5 ^ tensorflow::tf$floor(tensorflow::tf$cast(step, "float32") / self$every)
    },
    get_config = function() list(start = self$start, every = self$every))
  schedule <- Halving(0.8, 10)
  expect_s3_class(schedule, "keras.optimizers.schedules.learning_rate_schedule.LearningRateSchedule")
  expect_equal(as.numeric(schedule(25L)), 0.2, tolerance = 1e-6)
  expect_equal(py_to_r(schedule$get_config())$every, 10)
  opt <- optimizer_sgd(learning_rate = schedule)
  expect_equal(as.numeric(opt$learning_rate), 0.8, tolerance = 1e-6)
})

test_that("new_learning_rate_schedule_class() needs call()", {
  expect_error(new_learning_rate_schedule_class("NoCall"), "call")
  expect_error(new_learning_rate_schedule_class(c("A", "B"), call = function(step) 1),
               "classname")
})
