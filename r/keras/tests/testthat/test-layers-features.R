test_that("layer_dense_features() concatenates feature columns", {
  columns <- list(tensorflow::tf$feature_column$numeric_column("a"),
                  tensorflow::tf$feature_column$numeric_column("b", shape = 2L))
  layer <- layer_dense_features(feature_columns = columns)
  out <- layer(list(a = tensorflow::tf$constant(matrix(1)), b = tensorflow::tf$constant(matrix(c(2, 3), 1))))
  expect_equal(as.array(out), matrix(c(1, 2, 3), 1))
})
