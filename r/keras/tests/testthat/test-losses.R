# keras 2.x's losses: loss_*() without y_true and y_pred is the loss object,
# with them the loss of each sample; the functions themselves go to compile().

y_true <- matrix(c(1, 0, 0, 1, 1, 0), 3, 2)
y_pred <- matrix(c(0.9, 0.2, 0.1, 0.7, 0.6, 0.3), 3, 2)

test_that("a loss called without y_true and y_pred is its tf_keras class", {
  loss <- loss_binary_crossentropy(from_logits = TRUE)
  expect_s3_class(loss, "keras.losses.BinaryCrossentropy")
  expect_true(py_to_r(loss$get_config())$from_logits)
  expect_equal(loss_huber()$name, "huber_loss")
})

test_that("a loss called with y_true and y_pred gives the loss of each sample", {
  expected <- rowMeans((y_true - y_pred)^2)
  out <- loss_mean_squared_error(y_true, y_pred)
  expect_equal(as.numeric(out), expected, tolerance = 1e-6)
  expect_equal(as.numeric(loss_mean_squared_error(y_pred = y_pred, y_true = y_true)), expected,
               tolerance = 1e-6)
})

test_that("a loss object computes the reduced loss", {
  loss <- loss_mean_absolute_error()
  expect_equal(as.numeric(loss(y_true, y_pred)), mean(abs(y_true - y_pred)), tolerance = 1e-6)
})

test_that("loss arguments reach the function when y_true and y_pred are given", {
  out <- loss_binary_crossentropy(y_true, y_pred, from_logits = TRUE, label_smoothing = 0.5)
  expect_equal(out$shape$as_list(), 3)
})

test_that("a loss's axis is 1-based, as in keras 2.x", {
  loss <- loss_categorical_crossentropy(axis = 1)
  expect_equal(py_to_r(loss$get_config())$axis, 0L)
  expect_error(loss_categorical_crossentropy(axis = 0), "1-based")
})

test_that("the loss functions carry Keras's names for Python", {
  expect_equal(attr(loss_logcosh, "py_function_name"), "log_cosh")
  expect_equal(attr(loss_kl_divergence, "py_function_name"), "kullback_leibler_divergence")
  expect_equal(attr(loss_huber, "py_function_name"), "huber")
})

test_that("a loss function and a loss object both compile a model", {
  for (loss in list(loss_categorical_hinge, loss_categorical_hinge())) {
    model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 2)
    model %>% compile(optimizer = "sgd", loss = loss)
    expect_false(is.null(model$loss))
  }
})

test_that("a loss function trains a model", {
  model <- keras_model_sequential(input_shape = 2) %>% layer_dense(units = 2)
  model %>% compile(optimizer = optimizer_sgd(), loss = loss_squared_hinge)
  history <- fit(model, y_pred, y_true, epochs = 1, verbose = 0)
  expect_named(history$metrics, "loss")
})

test_that("loss_cosine_proximity() warns that it is deprecated and is cosine similarity", {
  expect_warning(loss <- loss_cosine_proximity(), "loss_cosine_similarity",
                 class = "deprecatedWarning")
  expect_s3_class(loss, "keras.losses.CosineSimilarity")
  expect_warning(out <- loss_cosine_proximity(y_true, y_pred), "cosine_similarity")
  expect_equal(as.numeric(out), as.numeric(loss_cosine_similarity(y_true, y_pred)))
})
