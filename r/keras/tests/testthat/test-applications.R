# keras 2.x's pre-built models and their preprocessing (no downloads: random
# weights, and preprocessing that needs no files).

test_that("an application model with weights = NULL is built with random weights", {
  model <- application_mobilenet(weights = NULL, input_shape = c(32, 32, 3),
                                 include_top = FALSE, alpha = 0.25, pooling = "avg")
  expect_s3_class(model, "keras.engine.training.Model")
  expect_equal(model$output_shape, list(NULL, 256L))
})

test_that("application models take any input size without the classifier", {
  model <- application_densenet(blocks = c(1, 1, 1, 1), weights = NULL, include_top = FALSE,
                                input_shape = shape(NULL, NULL, 3))
  expect_equal(model$input_shape, list(NULL, NULL, NULL, 3L))
})

test_that("`classes` sets the classifier's size", {
  model <- application_densenet(blocks = c(1, 1, 1, 1), weights = NULL, classes = 3,
                                input_shape = c(32, 32, 3))
  expect_equal(model$output_shape, list(NULL, 3L))
  expect_error(application_densenet(blocks = c(1, 1, 1, 1), weights = NULL, classes = 2.5),
               "`classes` must be whole numbers")
})

test_that("the NASNet models default to random weights, as in keras 2.x", {
  expect_null(formals(application_nasnetmobile)$weights)
  model <- application_nasnet(input_shape = c(32, 32, 3), penultimate_filters = 96,
                              num_blocks = 1, stem_block_filters = 4, include_top = FALSE,
                              default_size = 32)
  expect_s3_class(model, "keras.engine.training.Model")
})

test_that("imagenet_preprocess_input() centres by ImageNet's means in BGR order", {
  x <- array(0, c(1, 2, 2, 3))
  x[, , , 1] <- 10
  caffe <- imagenet_preprocess_input(x)
  expect_equal(caffe[1, 1, 1, ], c(-103.939, -116.779, 10 - 123.68), tolerance = 1e-4)
  expect_equal(imagenet_preprocess_input(x, mode = "tf")[1, 1, 1, ], c(10 / 127.5 - 1, -1, -1),
               tolerance = 1e-6)
  expect_equal(caffe, preprocess_input(x, keras$applications$imagenet_utils$preprocess_input))
})

test_that("each model's preprocess_input scales as its model does", {
  x <- array(c(0, 127.5, 255), c(1, 1, 1, 3))
  expect_equal(as.vector(xception_preprocess_input(x)), c(-1, 0, 1))
  expect_equal(as.vector(mobilenet_v2_preprocess_input(x)), c(-1, 0, 1))
  expect_equal(as.vector(inception_v3_preprocess_input(x)), c(-1, 0, 1))
  expect_equal(as.vector(resnet_preprocess_input(x)), as.vector(imagenet_preprocess_input(x)))
  expect_equal(dim(densenet_preprocess_input(x)), c(1L, 1L, 1L, 3L))
})

test_that("a saved MobileNet model loads back", {
  model <- application_mobilenet_v2(weights = NULL, input_shape = c(32, 32, 3),
                                    include_top = FALSE, alpha = 0.35)
  path <- tempfile(fileext = ".h5")
  on.exit(unlink(path))
  model$save(path)
  loaded <- mobilenet_v2_load_model_hdf5(path)
  expect_equal(loaded$count_params(), model$count_params())
})

test_that("decoded ImageNet predictions are a data frame per image", {
  decoded <- py_eval(paste0("[[('n01', 'tench', __import__('numpy').float32(0.75)), ",
                            "('n02', 'goldfish', __import__('numpy').float32(0.25))]]"))
  frames <- .keras2_decoded_frames(py_to_r(decoded))
  expect_length(frames, 1L)
  expect_identical(frames[[1]]$class_description, c("tench", "goldfish"))
  expect_equal(frames[[1]]$score, c(0.75, 0.25))
  expect_named(frames[[1]], c("class_name", "class_description", "score"))
})
