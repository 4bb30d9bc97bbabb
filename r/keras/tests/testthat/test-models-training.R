# Training one batch at a time, keras 2.x's deprecated predict_classes(),
# predict_proba() and *_generator() functions, and what predict() returns.

classifier <- function(units = 3, activation = "softmax") {
  model <- keras_model_sequential(input_shape = 4) %>%
    layer_dense(units = units, activation = activation)
  model %>% compile(optimizer = "sgd", loss = if (units == 1) "binary_crossentropy"
                    else "categorical_crossentropy", metrics = "accuracy")
  model
}

batch_x <- matrix(seq(-1, 1, length.out = 40), 10, 4)
batch_y <- diag(3)[rep(1:3, length.out = 10), ]

test_that("predict() gives an R array", {
  predictions <- predict(classifier(), batch_x, verbose = 0)
  expect_true(is.array(predictions))
  expect_equal(dim(predictions), c(10L, 3L))
})

test_that("train_on_batch() and test_on_batch() give the loss and metrics as numbers", {
  model <- classifier()
  trained <- train_on_batch(model, batch_x, batch_y)
  tested <- test_on_batch(model, batch_x, batch_y)
  expect_type(trained, "double")
  expect_length(trained, 2L)
  expect_length(tested, 2L)
})

test_that("predict_on_batch() gives the outputs of the batch as an R array", {
  expect_equal(dim(predict_on_batch(classifier(), batch_x)), c(10L, 3L))
})

test_that("predict_classes() warns it is deprecated and gives 0-based classes", {
  model <- classifier()
  expect_warning(classes <- predict_classes(model, batch_x), "deprecated")
  expected <- max.col(predict(model, batch_x, verbose = 0), ties.method = "first") - 1L
  expect_equal(classes, expected)
})

test_that("predict_classes() of a sigmoid output gives 0 or 1 per sample", {
  model <- classifier(units = 1, activation = "sigmoid")
  classes <- suppressWarnings(predict_classes(model, batch_x))
  expect_equal(classes, as.vector((predict(model, batch_x, verbose = 0) > 0.5) + 0L))
})

test_that("predict_proba() warns it is deprecated and gives the predictions", {
  model <- classifier()
  expect_warning(probabilities <- predict_proba(model, batch_x), "deprecated")
  expect_equal(probabilities, predict(model, batch_x, verbose = 0))
})

test_that("the *_generator() functions warn and train, evaluate and predict from R functions", {
  model <- classifier()
  batches <- function() list(batch_x, batch_y)
  expect_warning(history <- fit_generator(model, batches, steps_per_epoch = 2, epochs = 2,
                                          verbose = 0), "deprecated")
  expect_length(history$metrics$loss, 2L)
  expect_warning(result <- evaluate_generator(model, batches, steps = 2), "deprecated")
  expect_named(result, c("loss", "accuracy"))
  expect_warning(predictions <- predict_generator(model, function() list(batch_x), steps = 2),
                 "deprecated")
  expect_equal(dim(predictions), c(20L, 3L))
})

test_that("evaluate() results are indexed by metric name", {
  model <- classifier()
  result <- evaluate(model, batch_x, batch_y, verbose = 0)
  expect_equal(unname(result["accuracy"]), unname(result[[2]]))
})
