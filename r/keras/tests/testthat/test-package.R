test_that("library(keras) runs on tf_keras, TensorFlow's Keras 2", {
  expect_true(is_keras_available())
  expect_equal(py_to_r(py_get_attr(keras, "__name__")), "tf_keras")
  expect_true(keras_version() >= "2.15")
})

test_that("tf$keras resolves to tf_keras once the package is loaded", {
  dense <- tensorflow::tf$keras$layers$Dense
  expect_equal(py_to_r(py_get_attr(dense, "__module__")), "tf_keras.src.layers.core.dense")
  expect_equal(Sys.getenv("TF_USE_LEGACY_KERAS"), "1")
})

test_that("keras3 in the same process stays on Keras 3", {
  layer <- import("keras")$layers$Dense(2L)
  expect_equal(class(layer)[[1]], "keras.src.layers.core.dense.Dense")
  expect_equal(class(layer_dense(units = 2))[[1]], "tf_keras.src.layers.core.dense.Dense")
})

test_that("tf_keras objects also carry keras 2.x's class names", {
  model <- keras_model_sequential()
  expect_s3_class(model, "keras.engine.sequential.Sequential")
  expect_s3_class(model, "keras.engine.training.Model")
  expect_s3_class(model, "keras.engine.base_layer.Layer")
  expect_equal(class(model)[1:2], c("tf_keras.src.engine.sequential.Sequential",
                                    "keras.engine.sequential.Sequential"))
})

test_that("a symbolic tensor is a tensorflow.tensor with keras 2.x's dim()", {
  input <- layer_input(shape = c(32, 32, 3))
  expect_s3_class(input, "tensorflow.tensor")
  expect_equal(dim(input), c(NA, 32L, 32L, 3L))
  expect_true(is_keras_tensor(input))
  expect_false(is_keras_tensor(matrix(1)))
})

test_that("backend() is tf_keras.backend on the TensorFlow backend", {
  expect_equal(backend()$backend(), "tensorflow")
  expect_equal(backend()$floatx(), "float32")
  expect_true(is_backend("tensorflow"))
})

test_that("the implementation is TensorFlow's, and only TensorFlow's backend is accepted", {
  expect_true(is_tensorflow_implementation())
  expect_false(is_keras_implementation())
  expect_identical(implementation(), keras)
  expect_error(use_backend("theano"), "runs on TensorFlow only")
})

test_that("the platform and module helpers answer for this machine", {
  expect_false(is_mac_arm64())
  expect_true(have_h5py())
  expect_type(have_pillow(), "logical")
})
