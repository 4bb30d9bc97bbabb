# R layers that take, make and split masks, as in keras3's guide on masking.

layer_temporal_split <- Layer(
  "TemporalSplit",
  call = function(inputs) op_split(inputs, 2, axis = 2),
  compute_mask = function(inputs, mask = NULL) {
    if (is.null(mask)) NULL else op_split(mask, 2, axis = 2)
  }
)

layer_temporal_softmax <- Layer(
  "TemporalSoftmax",
  initialize = function(...) {
    super$initialize(...)
    self$supports_masking <- TRUE
  },
  call = function(inputs, mask = NULL) {
    if (is.null(mask)) stop("TemporalSoftmax needs a mask")
    weights <- op_expand_dims(op_cast(mask, "float32"), -1)
    exp <- op_exp(inputs) * weights
    exp / op_sum(exp, axis = -1, keepdims = TRUE)
  }
)

padded <- rbind(c(3, 1, 0, 0), c(2, 4, 5, 0))

test_that("an R layer splits its input and its mask along time", {
  embedded <- layer_embedding(input_dim = 10, output_dim = 3, mask_zero = TRUE)(padded)
  c(first, second) %<-% layer_temporal_split()(embedded)
  expect_equal(dim(as.array(first)), c(2L, 2L, 3L))
  expect_equal(as.array(second$`_keras_mask`), rbind(c(FALSE, FALSE), c(TRUE, FALSE)))
})

test_that("an R layer gets the mask of the layer before it in a functional model", {
  inputs <- keras_input(shape = shape(NULL), dtype = "int32")
  outputs <- inputs |>
    layer_embedding(input_dim = 10, output_dim = 4, mask_zero = TRUE) |>
    layer_dense(1) |>
    layer_temporal_softmax()
  model <- keras_model(inputs, outputs)
  expect_equal(dim(as.array(model(padded))), c(2L, 4L, 1L))
})
