# Saving and loading models as keras 2.x's users do: HDF5 and SavedModel files,
# tf_keras's .keras files, weights, JSON configurations, raw vectors.

persistence_model <- function() {
  model <- keras_model_sequential(input_shape = 4) %>%
    layer_dense(units = 3, activation = "relu") %>%
    layer_dense(units = 1)
  model %>% compile(optimizer = "adam", loss = "mse")
  model
}

persistence_x <- matrix(seq(0, 1, length.out = 20), 5, 4)

same_predictions <- function(model, loaded) {
  expect_equal(predict(loaded, persistence_x, verbose = 0),
               predict(model, persistence_x, verbose = 0), tolerance = 1e-6)
}

test_that("save_model_hdf5() and load_model_hdf5() give back the model, compiled", {
  model <- persistence_model()
  file <- tempfile(fileext = ".h5")
  expect_true(save_model_hdf5(model, file))
  loaded <- load_model_hdf5(file)
  same_predictions(model, loaded)
  expect_false(is.null(loaded$optimizer))
})

test_that("load_model_hdf5(compile = FALSE) gives an uncompiled model", {
  file <- tempfile(fileext = ".h5")
  save_model_hdf5(persistence_model(), file)
  expect_null(load_model_hdf5(file, compile = FALSE)$optimizer)
})

test_that("save_model_tf() writes a SavedModel directory load_model_tf() reads", {
  model <- persistence_model()
  dir <- tempfile()
  save_model_tf(model, dir)
  expect_true(file.exists(file.path(dir, "saved_model.pb")))
  same_predictions(model, load_model_tf(dir))
})

test_that("load_model_tf() reads the .keras file callback_model_checkpoint() writes", {
  model <- persistence_model()
  file <- tempfile(fileext = ".keras")
  fit(model, persistence_x, 1:5, epochs = 1, verbose = 0,
      callbacks = list(callback_model_checkpoint(file, monitor = "loss")))
  same_predictions(model, load_model_tf(file))
})

test_that("loading a model that is not there names the path", {
  expect_error(load_model_tf(file.path(tempdir(), "no-such-model")),
               "load_model_tf\\(\\): no model at .*no-such-model")
})

test_that("saving with overwrite = FALSE over an existing file is an error", {
  file <- tempfile(fileext = ".h5")
  save_model_hdf5(persistence_model(), file)
  expect_error(save_model_hdf5(persistence_model(), file, overwrite = FALSE),
               "already exists")
})

test_that("saving something other than a model is an error", {
  expect_error(save_model_hdf5(list(), tempfile(fileext = ".h5")), "must be a Keras model")
})

test_that("custom_objects name unnamed R functions by their py_function_name", {
  scaled_mse <- function(y_true, y_pred) tensorflow::tf$reduce_mean((y_true - y_pred)^2)
  model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1)
  model %>% compile(optimizer = "sgd", loss = scaled_mse)
  file <- tempfile(fileext = ".h5")
  save_model_hdf5(model, file)
  expect_error(load_model_hdf5(file), "scaled_mse")
  loss <- structure(scaled_mse, py_function_name = "scaled_mse")
  loaded <- load_model_hdf5(file, custom_objects = list(loss))
  expect_s3_class(loaded, "keras.engine.training.Model")
})

test_that("custom_objects that cannot be named are an error", {
  file <- tempfile(fileext = ".h5")
  save_model_hdf5(persistence_model(), file)
  expect_error(load_model_hdf5(file, custom_objects = list(function(x) x)),
               "cannot be inferred")
})

test_that("model weights round-trip through HDF5 and TensorFlow checkpoints", {
  model <- persistence_model()
  h5 <- tempfile(fileext = ".h5")
  checkpoint <- file.path(tempfile(), "weights")
  save_model_weights_hdf5(model, h5)
  save_model_weights_tf(model, checkpoint)
  other <- persistence_model()
  expect_identical(load_model_weights_hdf5(other, h5), other)
  same_predictions(model, other)
  other <- persistence_model()
  load_model_weights_tf(other, checkpoint)
  same_predictions(model, other)
})

test_that("load_model_weights_hdf5(by_name = TRUE) fills the layers of the same names", {
  model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 2, name = "shared")
  file <- tempfile(fileext = ".h5")
  save_model_weights_hdf5(model, file)
  other <- keras_model_sequential(input_shape = 4) %>%
    layer_dense(units = 2, name = "shared") %>% layer_dense(units = 1, name = "extra")
  load_model_weights_hdf5(other, file, by_name = TRUE)
  expect_equal(get_layer(other, "shared")$get_weights(), get_layer(model, "shared")$get_weights())
})

test_that("model_to_json() and model_from_json() round-trip the architecture", {
  model <- persistence_model()
  json <- model_to_json(model)
  expect_type(json, "character")
  expect_equal(model_to_json(model_from_json(json)), json)
})

test_that("YAML configurations are an error naming JSON", {
  expect_error(model_to_yaml(persistence_model()), "model_to_json")
  expect_error(model_from_yaml("a: 1"), "model_from_json")
})

test_that("serialize_model() gives a raw vector unserialize_model() makes a model of", {
  model <- persistence_model()
  raw <- serialize_model(model)
  expect_type(raw, "raw")
  same_predictions(model, unserialize_model(raw))
  expect_error(unserialize_model("model"), "raw vector")
})

test_that("model_to_saved_model() is removed in favour of save_model_tf()", {
  expect_error(model_to_saved_model(persistence_model(), tempfile()), "save_model_tf")
  expect_error(model_from_saved_model(tempfile()), "load_model_tf")
})

test_that("export_savedmodel() writes a SavedModel for serving", {
  dir <- tempfile()
  expect_equal(export_savedmodel(persistence_model(), dir), normalizePath(dir, mustWork = FALSE))
  expect_true(file.exists(file.path(dir, "saved_model.pb")))
})
