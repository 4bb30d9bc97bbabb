# The feature columns of layer_dense_features() (families/layers-features.py).

# A list with its names dropped, so that it reaches Python as a list and not a
# dict (the feature columns of DenseFeatures); one object becomes a list of it.
.keras2_convention_unnamed_list <- function(value, name, call = NULL) {
  if (is_py_object(value) && !is.list(value)) return(list(value))
  unname(as.list(value))
}
