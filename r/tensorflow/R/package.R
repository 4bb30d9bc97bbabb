# What the package sets up when it loads, on top of reticulate's hooks: the
# class filter that marks tensors "tensorflow.tensor" (so the S3 methods in
# tf-tensors.R apply to every kind of tensor), the operator handlers for
# tensors and shapes, and the `tf` binding (TensorFlow is imported the first
# time `tf` is used: scripts that never touch it do not pay for it).

.onLoad <- function(libname, pkgname) {
  register_class_filter(.tensor_class_filter)
  register_operator_handler("tensorflow.tensor", .tensor_operator)
  register_operator_handler(.shape_class, .shape_operator)
  makeActiveBinding("tf", .tf_binding, env = asNamespace(pkgname))
  invisible()
}

# Internal helpers under the names the real tensorflow gives them (its test
# suite runs inside the namespace and calls them).
is_windows <- function() identical(.Platform$OS.type, "windows")

is_mac_arm64 <- function()
  identical(Sys.info()[["sysname"]], "Darwin") && identical(Sys.info()[["machine"]], "arm64")
