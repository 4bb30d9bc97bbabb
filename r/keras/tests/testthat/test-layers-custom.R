test_that("create_layer() makes a layer from a Python class and composes it", {
  layer <- create_layer(keras$layers$Dense, args = list(units = 3, name = NULL))
  expect_s3_class(layer, "keras.layers.core.dense.Dense")
  expect_equal(layer$units, 3L)
  model <- keras_model_sequential()
  expect_identical(create_layer(keras$layers$Dense, model, list(units = 2, input_shape = 4)), model)
  expect_equal(model$output_shape, list(NULL, 2L))
})

test_that("create_layer_wrapper() gives a layer_*() function with the class's arguments", {
  layer_my_dense <- create_layer_wrapper(keras$layers$Dense)
  expect_s3_class(layer_my_dense, "keras_layer_wrapper")
  expect_equal(names(formals(layer_my_dense))[1:3], c("object", "units", "activation"))
  output <- layer_input(shape = 3) %>% layer_my_dense(units = 5)
  expect_equal(dim(output), c(NA, 5L))
})

test_that("create_layer_wrapper() passes the arguments through their modifiers", {
  seen <- NULL
  layer_counted <- create_layer_wrapper(keras$layers$Dense,
                                        modifiers = list(units = function(x) {
                                          seen <<- x
                                          as.integer(x * 2)
                                        }))
  expect_equal(layer_counted(units = 3)$units, 6L)
  expect_equal(seen, 3)
})
