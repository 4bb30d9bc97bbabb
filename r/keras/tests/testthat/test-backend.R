# keras 2.x's backend functions, k_*() (backend.R, generated from
# tools/keras2/families/backend.py, and backend-*.R), called as keras 2.x's users call them.

m <- matrix(1:6, nrow = 2)  # 1 3 5 / 2 4 6

test_that("k_eval() gives a tensor's value as an R array", {
  expect_equal(k_eval(k_constant(m)), m + 0)
})

test_that("k_constant() fills a shape with one value and uses k_floatx() by default", {
  x <- k_constant(2, shape = c(2, 3))
  expect_equal(k_eval(x), matrix(2, 2, 3))
  expect_equal(k_dtype(x), "float32")
})

test_that("k_variable() makes a variable k_get_value() and k_set_value() read and write", {
  v <- k_variable(m)
  expect_equal(k_get_value(v), m + 0)
  k_set_value(v, matrix(0, 2, 3))
  expect_equal(k_get_value(v), matrix(0, 2, 3))
})

test_that("k_batch_get_value() and k_batch_set_value() handle several variables", {
  a <- k_variable(1)
  b <- k_variable(c(1, 2))
  k_batch_set_value(list(list(a, 5), list(b, c(7, 8))))
  expect_equal(k_batch_get_value(list(a, b)), list(5, array(c(7, 8))))
})

test_that("k_update_add() and k_update_sub() change a variable in place", {
  v <- k_variable(c(1, 2))
  k_update_add(v, c(10, 10))
  k_update_sub(v, c(1, 1))
  expect_equal(as.vector(k_get_value(v)), c(10, 11))
})

test_that("k_eval() and k_get_value() of a symbolic Keras tensor name k_function()", {
  input <- layer_input(shape = 2)
  expect_error(k_eval(input), "`x` is a symbolic Keras tensor.*k_function")
  expect_error(k_get_value(input), "`x` is a symbolic Keras tensor")
  expect_error(k_batch_get_value(list(k_variable(1), input)), "`ops` is a symbolic Keras tensor")
})

test_that("reductions take 1-based axes", {
  x <- k_constant(m)
  expect_equal(as.vector(k_eval(k_sum(x, axis = 1))), c(3, 7, 11))
  expect_equal(as.vector(k_eval(k_sum(x, axis = 2))), c(9, 12))
  expect_equal(as.vector(k_eval(k_max(x, axis = -1))), c(5, 6))
  expect_equal(k_eval(k_mean(x, axis = c(1, 2))), 3.5)
})

test_that("keepdims keeps reduced axes with size 1", {
  expect_equal(dim(k_eval(k_sum(k_constant(m), axis = 2, keepdims = TRUE))), c(2L, 1L))
})

test_that("axis 0 is an error saying axes are 1-based", {
  expect_error(k_sum(k_constant(m), axis = 0), "`axis` is 1-based")
})

test_that("k_argmax() takes a 1-based axis and gives TensorFlow's 0-based positions", {
  x <- k_constant(m)
  expect_equal(as.vector(k_eval(k_argmax(x, axis = 1))), c(1, 1, 1))
  expect_equal(as.vector(k_eval(k_argmin(x))), c(0, 0))
})

test_that("k_all() and k_any() reduce logical tensors", {
  flags <- k_constant(array(c(TRUE, FALSE), dim = c(2, 2)), dtype = "bool")
  expect_false(k_eval(k_all(flags)))
  expect_true(k_eval(k_any(flags)))
  expect_equal(as.vector(k_eval(k_all(flags, axis = 2))), c(TRUE, FALSE))
})

test_that("k_cumsum() accumulates along a 1-based axis", {
  expect_equal(k_eval(k_cumsum(k_constant(m), axis = 2)), matrix(c(1, 2, 4, 6, 9, 12), 2))
})

test_that("k_arange() counts like Python's range() and gives integers", {
  expect_equal(as.vector(k_eval(k_arange(4))), 0:3)
  expect_equal(as.vector(k_eval(k_arange(1, 11, 2))), c(1L, 3L, 5L, 7L, 9L))
  expect_error(k_arange(1.5), "`start` must be whole numbers")
})

test_that("k_eye() makes an identity matrix variable", {
  expect_equal(k_get_value(k_eye(3)), diag(3))
})

test_that("k_zeros() and k_ones() take a shape and a dtype", {
  expect_equal(k_get_value(k_zeros(c(2, 3))), matrix(0, 2, 3))
  expect_equal(k_dtype(k_ones(c(2, 2), dtype = "int32")), "int32")
})

test_that("k_int_shape() is a list with NULL for unknown sizes", {
  expect_equal(k_int_shape(k_ones(c(2, 3))), list(2L, 3L))
  expect_equal(k_int_shape(k_placeholder(shape = c(NA, 3))), list(NULL, 3L))
  expect_equal(k_get_variable_shape(k_variable(m)), list(2L, 3L))
})

test_that("k_shape(), k_ndim() and k_count_params() describe a tensor", {
  x <- k_variable(m)
  expect_equal(as.vector(k_eval(k_shape(x))), c(2L, 3L))
  expect_equal(k_ndim(x), 2L)
  expect_equal(k_count_params(x), 6)
})

test_that("k_cast() changes the dtype and k_cast_to_floatx() gives a NumPy array", {
  expect_equal(k_dtype(k_cast(k_constant(m), "int32")), "int32")
  expect_s3_class(k_cast_to_floatx(1:3), "numpy.ndarray")
})

test_that("k_placeholder() is a symbolic Keras tensor", {
  p <- k_placeholder(shape = c(NA, 3))
  expect_true(k_is_placeholder(p))
  expect_true(k_is_keras_tensor(p))
  expect_equal(k_ndim(k_placeholder(ndim = 3)), 3L)
})

test_that("k_is_tensor() answers for tensors and R data alike", {
  expect_true(k_is_tensor(k_constant(1)))
  expect_true(k_is_tensor(layer_input(shape = 2)))
  expect_false(k_is_tensor(1))
})

test_that("k_is_keras_tensor() tells symbolic tensors from eager ones", {
  expect_true(k_is_keras_tensor(layer_input(shape = 2)))
  expect_false(k_is_keras_tensor(k_constant(1)))
})

test_that("k_permute_dimensions() takes a 1-based pattern", {
  expect_equal(k_eval(k_permute_dimensions(k_constant(m), c(2, 1))), t(m) + 0)
})

test_that("k_expand_dims(), k_squeeze() and k_reshape() change the shape", {
  x <- k_constant(m)
  expect_equal(dim(k_eval(k_expand_dims(x, 1))), c(1L, 2L, 3L))
  expect_equal(dim(k_eval(k_squeeze(k_ones(c(1, 3, 1))))), 3L)
  expect_equal(dim(k_eval(k_squeeze(k_ones(c(1, 3, 1)), axis = 1))), c(3L, 1L))
  expect_equal(dim(k_eval(k_reshape(x, c(3, 2)))), c(3L, 2L))
})

test_that("k_concatenate() and k_stack() join along a 1-based axis", {
  x <- k_constant(m)
  expect_equal(dim(k_eval(k_concatenate(list(x, x), axis = 1))), c(4L, 3L))
  expect_equal(dim(k_eval(k_stack(list(x, x), axis = 3))), c(2L, 3L, 2L))
})

test_that("k_unstack() splits along a 1-based axis into a list", {
  parts <- k_unstack(k_constant(m), axis = 2)
  expect_length(parts, 3L)
  expect_equal(as.vector(k_eval(parts[[3]])), c(5, 6))
})

test_that("k_gather() takes 1-based positions", {
  x <- k_constant(m)
  expect_equal(as.vector(k_eval(k_gather(x, 2))), c(2, 4, 6))
  expect_equal(k_eval(k_gather(x, c(2, 1))), m[c(2, 1), ] + 0)
  expect_error(k_gather(x, 0), "`indices` counts from 1")
})

test_that("k_one_hot() encodes 0-based class indices", {
  expect_equal(k_eval(k_one_hot(c(0, 2), 3)), rbind(c(1, 0, 0), c(0, 0, 1)))
})

test_that("k_repeat_elements(), k_tile() and k_reverse() repeat and reverse", {
  x <- k_constant(m)
  expect_equal(dim(k_eval(k_repeat_elements(x, 2, axis = 2))), c(2L, 6L))
  expect_equal(dim(k_eval(k_tile(x, c(2, 1)))), c(4L, 3L))
  expect_equal(k_eval(k_reverse(x, 2)), m[, 3:1] + 0)
})

test_that("k_dot() and k_batch_dot() multiply matrices, k_batch_dot() over 1-based axes", {
  x <- k_constant(m)
  expect_equal(k_eval(k_dot(x, k_transpose(x))), m %*% t(m) + 0)
  product <- k_batch_dot(k_ones(c(2, 3, 4)), k_ones(c(2, 4, 5)), axes = c(3, 2))
  expect_equal(dim(k_eval(product)), c(2L, 3L, 5L))
})

test_that("k_pow() keeps an integer tensor integer for a whole exponent", {
  expect_equal(k_eval(k_pow(k_constant(m, dtype = "int32"), 2)), m^2)
})

test_that("k_clip() bounds values", {
  expect_equal(as.vector(k_eval(k_clip(k_constant(1:10), 5, 8))), c(5, 5, 5, 5, 5, 6, 7, 8, 8, 8))
})

test_that("k_softmax() sums to one along the last axis", {
  expect_equal(as.vector(k_eval(k_sum(k_softmax(k_constant(m)), axis = -1))), c(1, 1),
               tolerance = 1e-6)
})

test_that("k_categorical_crossentropy() compares probabilities", {
  loss <- k_categorical_crossentropy(k_constant(rbind(c(0, 1))), k_constant(rbind(c(0.5, 0.5))))
  expect_equal(as.vector(k_eval(loss)), log(2), tolerance = 1e-6)
})

test_that("k_in_top_k() takes 0-based targets", {
  hits <- k_in_top_k(k_constant(rbind(c(0.1, 0.9), c(0.8, 0.2))), c(1, 1), 1)
  expect_equal(as.vector(k_eval(hits)), c(TRUE, FALSE))
})

test_that("k_conv2d() and k_pool2d() keep channels last", {
  images <- k_ones(c(1, 5, 5, 2))
  expect_equal(dim(k_eval(k_conv2d(images, k_ones(c(3, 3, 2, 4))))), c(1L, 3L, 3L, 4L))
  expect_equal(dim(k_eval(k_pool2d(images, c(2, 2), strides = c(2, 2)))), c(1L, 2L, 2L, 2L))
})

test_that("k_ctc_decode() gives the decoded paths and their log probabilities", {
  decoded <- k_ctc_decode(k_softmax(k_random_uniform(c(2, 5, 4))), k_constant(c(5L, 5L)))
  expect_length(decoded, 2L)
  expect_length(decoded[[1]], 1L)
})

test_that("k_switch() takes tensors or R functions giving them", {
  x <- k_constant(c(1, 2))
  expect_equal(as.vector(k_eval(k_switch(k_constant(FALSE, dtype = "bool"), x, x * 2))), c(2, 4))
  chosen <- k_switch(k_constant(TRUE, dtype = "bool"), function() x, function() x * 2)
  expect_equal(as.vector(k_eval(chosen)), c(1, 2))
})

test_that("k_in_train_phase() follows `training`", {
  x <- k_constant(1)
  expect_equal(k_eval(k_in_train_phase(x, x * 2, training = TRUE)), 1)
  expect_equal(k_eval(k_in_train_phase(x, x * 2, training = FALSE)), 2)
})

test_that("k_map_fn(), k_foldl() and k_foldr() call an R function on the elements", {
  x <- k_constant(c(1, 2, 3))
  expect_equal(as.vector(k_eval(k_map_fn(function(e) e * 2, x))), c(2, 4, 6))
  expect_equal(k_eval(k_foldl(function(acc, e) acc + e, x)), 6)
  expect_equal(k_eval(k_foldr(function(acc, e) acc * 10 + e, x, initializer = 0)), 321)
})

test_that("k_rnn() iterates an R step function over the time axis", {
  step <- function(input, states) {
    total <- input + states[[1]]
    list(total, list(total))
  }
  result <- k_rnn(step, k_ones(c(2, 3, 4)), list(k_zeros(c(2, 4))))
  expect_equal(k_eval(result[[1]]), matrix(3, 2, 4))
  expect_equal(dim(k_eval(result[[2]])), c(2L, 3L, 4L))
})

test_that("k_function() computes outputs from input data", {
  input <- layer_input(shape = 2)
  double <- k_function(list(input), list(input * 2))
  expect_equal(double(list(matrix(1:2, 1))), list(matrix(c(2, 4), 1)))
})

test_that("k_function() with TF1 graph updates is an error naming k_update()", {
  input <- k_placeholder(shape = c(NA, 2))
  v <- k_variable(c(0, 0))
  expect_error(k_function(list(input), list(input), updates = list(k_update(v, c(1, 1)))),
               "`updates` are TF1 graph operations.*k_update\\(\\)")
})

test_that("k_gradients() in eager code is an error naming tf$GradientTape()", {
  v <- k_variable(c(1, 2))
  expect_error(k_gradients(k_sum(v), v), "GradientTape")
})

test_that("k_gradients() works inside tf_function()", {
  grad <- tensorflow::tf_function(function(x) k_gradients(k_sum(x * x), x))
  expect_equal(as.vector(k_eval(grad(tensorflow::as_tensor(c(1, 2)))[[1]])), c(2, 4))
})

test_that("k_get_session() reaches TF1's session with a deprecation warning", {
  expect_warning(session <- k_get_session(), "tf\\$compat\\$v1\\$keras\\$backend",
                 class = "deprecatedWarning")
  expect_s3_class(session, "tensorflow.python.client.session.Session")
})

test_that("k_logsumexp() is an error naming tf$reduce_logsumexp()", {
  expect_error(k_logsumexp(k_constant(1)), "tf\\$reduce_logsumexp")
})

test_that("k_set_floatx() and k_set_epsilon() change the defaults", {
  on.exit({ k_set_floatx("float32"); k_set_epsilon(1e-7) })
  k_set_floatx("float16")
  expect_identical(k_floatx(), "float16")
  k_set_epsilon(1e-4)
  expect_equal(k_epsilon(), 1e-4)
})

test_that("k_backend() and k_image_data_format() describe the backend", {
  expect_identical(k_backend(), "tensorflow")
  expect_identical(k_image_data_format(), "channels_last")
})

test_that("k_get_uid() numbers a prefix and k_reset_uids() restarts it", {
  k_reset_uids()
  expect_equal(k_get_uid("block"), 1L)
  expect_equal(k_get_uid("block"), 2L)
  k_reset_uids()
  expect_equal(k_get_uid("block"), 1L)
})

test_that("k_random_normal() takes a shape of numbers or integer tensors", {
  expect_equal(dim(k_random_normal(c(1, 2, 3))), c(1L, 2L, 3L))
  expect_equal(dim(k_random_normal(list(1, tensorflow::as_tensor(2, "int32"), 3))),
               c(1L, 2L, 3L))
})

test_that("k_random_uniform() draws integers within bounds for an integer dtype", {
  draws <- k_eval(k_random_uniform(100, minval = 1, maxval = 4, dtype = "int32"))
  expect_type(draws, "integer")
  expect_true(all(draws >= 1L & draws < 4L))
})

test_that("k_random_bernoulli() draws zeros and ones of any dtype", {
  expect_true(all(k_eval(k_random_bernoulli(50, p = 0.5)) %in% c(0, 1)))
  expect_equal(k_dtype(k_random_bernoulli(c(1, 2, 3), dtype = "int32")), "int32")
  expect_type(k_eval(k_random_bernoulli(3, p = 1, dtype = "bool")), "logical")
  expect_identical(k_random_binomial, k_random_bernoulli)
})

test_that("a seed must be a whole number", {
  expect_equal(dim(k_random_normal(3, seed = 1)), 3L)
  expect_error(k_random_normal(3, seed = 1.5), "`seed` must be whole numbers")
})

test_that("k_*() on symbolic tensors build Keras models", {
  input <- layer_input(shape = 3)
  output <- k_sum(input, axis = -1, keepdims = TRUE)
  model <- keras_model(input, output)
  expect_equal(k_eval(model(k_constant(matrix(1:3, 1)))), matrix(6))
})

test_that("backend(convert = FALSE) gives unconverted results", {
  expect_s3_class(backend(convert = FALSE)$cast_to_floatx(42), "numpy.ndarray")
})

# ---- R's operators and functions on Keras 2 symbolic tensors (tensorflow's methods) ------------

test_that("dim() and length() of a symbolic tensor have NA for the batch", {
  input <- layer_input(shape = c(32, 32, 3))
  expect_equal(dim(input), c(NA, 32L, 32L, 3L))
  expect_equal(length(input), NA_integer_)
  expect_equal(length(layer_input(batch_shape = c(2, 3))), 6L)
})

test_that("arithmetic and comparisons of symbolic tensors are symbolic tensors", {
  kt <- layer_input(shape = 2)
  cls <- "tf_keras.src.engine.keras_tensor.KerasTensor"
  expect_s3_class(kt + kt, cls)
  expect_s3_class(kt %/% kt, cls)
  expect_s3_class(kt >= kt, cls)
  expect_s3_class(-kt, cls)
  expect_equal(dim(kt * 2), c(NA, 2L))
})

test_that("math functions of symbolic tensors are symbolic tensors", {
  kt <- layer_input(shape = 2)
  cls <- "tf_keras.src.engine.keras_tensor.KerasTensor"
  expect_s3_class(log(kt, base = 2), cls)
  expect_s3_class(sinpi(kt), cls)
  expect_s3_class(digamma(kt), cls)
  expect_s3_class(kt[, 1], cls)
})

test_that("logical operators of boolean symbolic tensors are symbolic tensors", {
  kt <- layer_input(shape = 2, dtype = "bool")
  expect_s3_class(!kt & kt, "tf_keras.src.engine.keras_tensor.KerasTensor")
})

test_that("R operators on symbolic tensors compute in a model", {
  input <- layer_input(shape = 2)
  model <- keras_model(input, (input + 1) * 2)
  expect_equal(k_eval(model(k_constant(matrix(c(1, 2), 1)))), matrix(c(4, 6), 1))
})
