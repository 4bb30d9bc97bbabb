test_that("layer_attention() is called on list(query, value)", {
  query <- layer_input(shape = c(3, 4))
  value <- layer_input(shape = c(5, 4))
  expect_equal(dim(layer_attention(list(query, value))), c(NA, 3L, 4L))
})

test_that("layer_attention() without inputs gives the layer", {
  layer <- layer_attention(use_scale = TRUE)
  expect_s3_class(layer, "keras.layers.attention.attention.Attention")
})

test_that("layer_multi_head_attention() takes its inputs as the layer's arguments", {
  target <- layer_input(shape = c(8, 16))
  source <- layer_input(shape = c(4, 16))
  output <- layer_multi_head_attention(list(target, source), num_heads = 2, key_dim = 2)
  expect_equal(dim(output), c(NA, 8L, 16L))
  layer <- layer_multi_head_attention(num_heads = 2, key_dim = 2)
  results <- layer(target, source, return_attention_scores = TRUE)
  expect_equal(dim(results[[2]]), c(NA, 2L, 8L, 4L))
})

test_that("layer_additive_attention() composes with its inputs", {
  query <- layer_input(shape = c(3, 4))
  value <- layer_input(shape = c(5, 4))
  expect_equal(dim(layer_additive_attention(list(query, value))), c(NA, 3L, 4L))
})
