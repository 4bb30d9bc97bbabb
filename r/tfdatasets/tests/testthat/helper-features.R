# Small datasets of named columns for the feature-spec tests, and Keras 2's
# DenseFeatures layer (tf-keras) to apply a spec's columns to a batch.

letters_columns <- function() {
  list(a = c("x", "y", "x", "z"), b = 1:4, c = c(0.5, 1.5, 2.5, 3.5), d = c("p", "q", "p", "q"),
       y = c(1, 0, 1, 0))
}

letters_dataset <- function(batch_size = 2) {
  dataset_batch(tensor_slices_dataset(letters_columns()), batch_size)
}

# The dense features of a fitted spec applied to a batch of its dataset, as an
# R matrix (one row per example).
dense_values <- function(spec, batch) {
  skip_if_not(reticulate::py_module_available("tf_keras"), "tf-keras is not installed")
  layer <- reticulate::import("tf_keras")$layers$DenseFeatures(unname(dense_features(spec)))
  as.array(layer(batch)$numpy())
}
