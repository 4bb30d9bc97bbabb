# Argument conventions of the layer families (docs/keras2.md, "The mechanism"),
# beside those of wrappers.R.

# Whole numbers as a tuple of integers, even one (keras 2.x's Permute `dims`).
.keras2_convention_integer_tuple <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  tuple(as.list(.keras2_whole(unlist(value), name, call)))
}
