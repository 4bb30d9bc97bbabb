# keras 2.x's metrics: metric objects with keras 2.x's class names, metric
# functions callable directly and in compile(), custom_metric().

y_true <- matrix(c(1, 0, 0, 1, 1, 0), 3, 2)
y_pred <- matrix(c(0.9, 0.2, 0.1, 0.7, 0.6, 0.3), 3, 2)

small_model <- function() {
  keras_model_sequential(input_shape = 2) %>% layer_dense(units = 2, activation = "sigmoid")
}

test_that("metric objects have keras 2.x's class names", {
  expect_s3_class(metric_accuracy(), "keras.metrics.base_metric.Metric")
  expect_s3_class(metric_auc(), "keras.metrics.confusion_metrics.AUC")
  expect_s3_class(metric_binary_accuracy(), "keras.metrics.accuracy_metrics.BinaryAccuracy")
})

test_that("a metric function called with y_true and y_pred gives its values", {
  out <- metric_binary_accuracy(y_true, y_pred)
  expect_equal(as.numeric(out), rowMeans((y_pred > 0.5) == y_true))
  expect_equal(as.numeric(metric_mean_absolute_error(y_true, y_pred)),
               rowMeans(abs(y_true - y_pred)), tolerance = 1e-6)
})

test_that("top-k metrics take k as a whole number", {
  one_hot <- rbind(c(1, 0), c(0, 1), c(1, 0))
  out <- metric_top_k_categorical_accuracy(one_hot, tensorflow::tf$constant(y_pred, "float32"),
                                           k = 1)
  expect_equal(as.numeric(out), c(1, 1, 0))
  expect_error(metric_top_k_categorical_accuracy(k = 1.5), "whole numbers")
  expect_equal(py_to_r(metric_sparse_top_k_categorical_accuracy(k = 3)$get_config())$k, 3L)
})

test_that("a metric object is updated and read by hand", {
  m <- metric_mean()
  m$update_state(c(1, 3, 5, 7))
  expect_equal(as.numeric(m$result()), 4)
  m$reset_state()
  m$update_state(c(1, 3, 5, 7), sample_weight = c(1, 1, 0, 0))
  expect_equal(as.numeric(m$result()), 2)
})

test_that("metric arguments are converted as keras 2.x converted them", {
  auc <- metric_auc(num_thresholds = 50)
  expect_equal(auc$num_thresholds, 50L)
  expect_equal(metric_mean_iou(num_classes = 3)$num_classes, 3L)
  expect_equal(py_to_r(metric_precision(top_k = 2, class_id = 1)$get_config())$top_k, 2L)
})

test_that("metric functions compile and name the history's columns", {
  model <- small_model()
  model %>% compile(optimizer = "sgd", loss = "binary_crossentropy",
                    metrics = list(metric_binary_accuracy, metric_hinge))
  history <- fit(model, y_pred, y_true, epochs = 1, verbose = 0)
  expect_named(history$metrics, c("loss", "binary_accuracy", "hinge"))
})

test_that("metric objects compile a model", {
  model <- small_model()
  model %>% compile(optimizer = "sgd", loss = "binary_crossentropy",
                    metrics = list(metric_precision(name = "prec"), metric_auc(name = "area")))
  history <- fit(model, y_pred, y_true, epochs = 1, verbose = 0)
  expect_named(history$metrics, c("loss", "prec", "area"))
})

test_that("custom_metric() names an R metric for compile()", {
  metric_mean_pred <- custom_metric("mean_pred", function(y_true, y_pred) {
    tensorflow::tf$reduce_mean(y_pred)
  })
  expect_equal(py_to_r(metric_mean_pred$`__name__`), "mean_pred")
  model <- small_model()
  model %>% compile(optimizer = "sgd", loss = "binary_crossentropy",
                    metrics = list(metric_mean_pred))
  history <- fit(model, y_pred, y_true, epochs = 1, verbose = 0)
  expect_true("mean_pred" %in% names(history$metrics))
})

test_that("custom_metric() refuses a name that is not one string", {
  expect_error(custom_metric(c("a", "b"), function(y_true, y_pred) y_pred), "single")
  expect_error(custom_metric("a", "not a function"), "R function")
})

test_that("metric_mean_wrapper() makes a running mean of an R function", {
  m <- metric_mean_wrapper(fn = function(y_true, y_pred) y_true, name = "mean_true")
  expect_s3_class(m, "keras.metrics.base_metric.MeanMetricWrapper")
  m$update_state(y_true, y_pred)
  expect_equal(as.numeric(m$result()), mean(y_true))
})

test_that("metric_cosine_proximity() warns that it is deprecated", {
  expect_warning(out <- metric_cosine_proximity(y_true, y_pred), "metric_cosine_similarity",
                 class = "deprecatedWarning")
  expect_equal(as.numeric(out), as.numeric(loss_cosine_similarity(y_true, y_pred)))
})
