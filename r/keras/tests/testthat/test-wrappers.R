# The mechanism of the generated wrappers (wrappers.R), through wrappers that use it.

test_that("a layer wrapper without `object` gives the layer", {
  layer <- layer_dense(units = 3, activation = "relu", name = "d3")
  expect_equal(layer$units, 3L)
  expect_equal(layer$name, "d3")
})

test_that("a layer wrapper adds its layer to a Sequential model and returns the model", {
  model <- keras_model_sequential()
  returned <- layer_dense(model, 4, input_shape = 2)
  expect_identical(returned, model)
  expect_equal(length(model$layers), 1L)
  expect_equal(model$output_shape, list(NULL, 4L))
})

test_that("a layer wrapper applied to a tensor gives the layer's output", {
  input <- layer_input(shape = 5)
  output <- input %>% layer_dense(units = 2)
  expect_equal(dim(output), c(NA, 2L))
})

test_that("whole numbers become integers and anything else is an error naming the argument", {
  expect_equal(layer_dense(units = 2)$units, 2L)
  expect_error(layer_dense(units = 2.5), "`units` must be whole numbers, not 2.5")
  expect_error(layer_dense(units = "two"), "`units` must be whole numbers")
})

test_that("shapes take NA and NULL for unknown sizes", {
  expect_equal(.keras2_convention_shape(c(NA, 3), "shape"), tuple(NULL, 3L))
  expect_equal(.keras2_convention_shape(list(NULL, 3), "shape"), tuple(NULL, 3L))
  input <- layer_input(batch_shape = list(NULL, 7))
  expect_equal(dim(input), c(NA, 7L))
})

test_that("axes count from 1 and -1 is the last", {
  expect_equal(.keras2_convention_axis(1, "axis"), 0L)
  expect_equal(.keras2_convention_axis(-1, "axis"), -1L)
  expect_equal(.keras2_convention_axis(c(1, 3), "axis"), list(0L, 2L))
  expect_error(.keras2_convention_axis(0, "axis"), "`axis` is 1-based")
})

test_that("R defaults reach Python, and NULL only when the caller gave it", {
  layer <- layer_dense(units = 1, use_bias = FALSE)
  expect_false(layer$use_bias)
  expect_equal(py_to_r(layer$get_config()$kernel_initializer$class_name), "GlorotUniform")
})

test_that("supplied_only wrappers pass only what the caller gave", {
  optimizer <- optimizer_sgd(momentum = 0.5)
  expect_equal(as.numeric(optimizer$momentum), 0.5)
})

test_that("unnamed arguments in `...` are an error", {
  expect_error(optimizer_rmsprop(0.1, 0.5, 0, 1e-7, FALSE, NULL, NULL, NULL, NULL, FALSE, 0.99,
                                 100L, TRUE, "r", 3),
               "arguments in `...` must be named")
})

test_that("optimizers take keras 2.x's `lr` as learning_rate, with a deprecation warning", {
  expect_warning(optimizer <- optimizer_rmsprop(lr = 0.002),
                 "the `lr` argument of optimizer_rmsprop() is deprecated: use `learning_rate`",
                 fixed = TRUE,
                 class = "deprecatedWarning")
  expect_equal(as.numeric(optimizer$learning_rate), 0.002, tolerance = 1e-6)
  expect_error(suppressWarnings(optimizer_rmsprop(lr = 0.1, learning_rate = 0.2)),
               "give `learning_rate` only")
})

test_that("a wrapper whose tf_keras object is missing says so", {
  spec <- structure(class = "keras2_wrapper_spec",
                    list(name = "layer_nothing", module = "layers", class = "Nothing",
                         kind = "layer"))
  expect_error(.keras2_py_object(spec, "class"),
               "layer_nothing\\(\\) is not available: tf_keras [0-9.]+ has no tf_keras.layers.Nothing")
})
