# Unknown dimensions are symbolic tensors where Keras traces an R layer's
# call(), and flow into shapes as in keras3.

layer_sampling <- Layer(
  "Sampling",
  call = function(inputs) {
    c(z_mean, z_log_var) %<-% inputs
    batch <- op_shape(z_mean)[[1]]
    dim <- op_shape(z_mean)[[2]]
    epsilon <- random_normal(shape = c(batch, dim))
    z_mean + op_exp(0.5 * z_log_var) * epsilon
  }
)

test_that("an R layer drawing noise of its input's batch size builds in a functional model", {
  inputs <- keras_input(shape = 4)
  z <- layer_sampling()(list(layer_dense(inputs, 2), layer_dense(inputs, 2)))
  model <- keras_model(inputs, z)
  expect_equal(dim(as.array(model(op_ones(c(3, 4))))), c(3L, 2L))
})

test_that("op_shape() of a symbolic input gives NULL for the unknown batch size", {
  expect_equal(as.list(op_shape(keras_input(shape = 4))), list(NULL, 4L))
})

test_that("op_shape() inside a traced function gives the unknown dimension as a tensor", {
  first_dim_is_tensor <- NULL
  f <- tensorflow::tf_function(function(x) {
    first_dim_is_tensor <<- is_py_object(op_shape(x)[[1]])
    op_zeros(shape(op_shape(x)[[1]], 2))
  }, input_signature = list(tensorflow::tf$TensorSpec(shape = list(NULL, 3L))))
  expect_equal(dim(as.array(f(op_ones(c(5, 3))))), c(5L, 2L))
  expect_true(first_dim_is_tensor)
})

test_that("shape() keeps a scalar integer tensor as a dimension", {
  expect_equal(as.integer(shape(op_array(3L, "int32"), 2)), c(3L, 2L))
})
