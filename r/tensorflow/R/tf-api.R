# The TensorFlow entry points of R's tensorflow package: `tf` (imported on
# first use), tf_version(), as_tensor(), tf_function(), use_compat() and the
# device helpers.

.tf_state <- new.env(parent = emptyenv())

# `tf`: an active binding (package.R) so that use_compat() can rebind it.
.tf_binding <- function() {
  if (is.null(.tf_state$tf)) .tf_state$tf <- .tf()
  .tf_state$tf
}

# The TensorFlow module used by the methods in this package (never the
# tf$compat$v1 that use_compat() binds to `tf`).
.tf <- function() {
  if (is.null(.tf_state$module)) .tf_state$module <- import("tensorflow")
  .tf_state$module
}

tf_version <- function() {
  if (!py_module_available("tensorflow")) return(NULL)
  version <- strsplit(py_to_r(py_get_attr(py_get_attr(.tf(), "version"), "VERSION")), ".",
                      fixed = TRUE)[[1L]]
  package_version(paste(version[1:2], collapse = "."))
}

use_compat <- function(version = c("v1", "v2")) {
  version <- match.arg(version)
  tf2 <- .tf()
  if (version == "v1") tf2$compat$v1$disable_eager_execution()
  .tf_state$tf <- py_get_attr(py_get_attr(tf2, "compat"), version)
  invisible(.tf_state$tf)
}

# An S3 generic, as in R's tensorflow: other packages add methods (tfdatasets
# for datasets).
as_tensor <- function(x, dtype = NULL, ..., name = NULL) UseMethod("as_tensor")

as_tensor.default <- function(x, dtype = NULL, ..., shape = NULL, name = NULL) {
  tf <- .tf()
  if (inherits(x, .shape_class)) {
    dims <- as.integer(x)
    x <- ifelse(is.na(dims), -1L, dims)
  }
  if (!is.null(dtype)) dtype <- tf$as_dtype(dtype)
  if (!.is_tensor(x) && !is_py_object(x) && !is.null(dtype) && is.double(x) &&
      py_to_r(py_get_attr(dtype, "is_integer"))) {
    if (anyNA(x)) stop("NA cannot be converted to an integer tensor", call. = FALSE)
    if (py_to_r(py_get_attr(dtype, "max")) <= .Machine$integer.max)
      storage.mode(x) <- "integer"
  }
  if (!is.null(shape) && !is_py_object(x) && is.atomic(x) && length(x) > 1L) {
    dims <- as.integer(shape)
    dims[is.na(dims)] <- -1L
    x <- array_reshape(x, dims)
    shape <- NULL
  }
  if (!.is_tensor(x)) {
    x <- if (is.double(x) && is.null(dim(x))) tf$convert_to_tensor(x, dtype = "float64", name = name)
      else tf$convert_to_tensor(x, name = name)
  }
  if (!is.null(dtype) && !identical(py_to_r(py_get_attr(py_get_attr(x, "dtype"), "name")),
                                    py_to_r(py_get_attr(dtype, "name")))) {
    from <- py_get_attr(x, "dtype")
    numeric <- function(d) py_to_r(py_get_attr(d, "is_floating")) || py_to_r(py_get_attr(d, "is_integer"))
    x <- if (numeric(from) && numeric(dtype)) tf$dtypes$saturate_cast(x, dtype, name = name)
      else tf$cast(x, dtype, name = name)
  }
  if (!is.null(shape)) {
    dims <- as.integer(shape)
    dims[is.na(dims)] <- -1L
    x <- if (length(x) == 1L && !any(dims == -1L)) tf$fill(as.list(dims), tf$reshape(x, list()))
      else tf$reshape(x, as.list(dims))
  }
  x
}

# An R function traced into a tf.function. The R body runs while tracing (on
# the main thread, whichever thread triggers the trace), so R `if` on a
# tensor is decided once at trace time; graph control flow needs tfautograph.
tf_function <- function(f, input_signature = NULL, autograph = TRUE, ...) {
  if (!is.function(f)) stop("tf_function() needs an R function", call. = FALSE)
  if (!isTRUE(autograph) && !isFALSE(autograph))
    stop("`autograph` must be TRUE or FALSE", call. = FALSE)
  if (autograph) {
    if (!requireNamespace("tfautograph", quietly = TRUE))
      stop("tf_function(autograph = TRUE) needs the R package tfautograph, which is not ",
           "installed; pass autograph = FALSE to trace the R function as it is (R `if` and ",
           "loops then run once, at trace time)", call. = FALSE)
    f <- getExportedValue("tfautograph", "autograph")(f)
  }
  .tf()$`function`(.tf_callable(f), input_signature = input_signature, autograph = FALSE, ...)
}

# ---- generics -----------------------------------------------------------------

# The generic keras3 (and tfdatasets) add methods to: dispatched on `object`,
# the model, not on `x` (the data) as generics::evaluate(x, ...) would.
evaluate <- function(object, ...) UseMethod("evaluate")

# ---- devices -----------------------------------------------------------------

# tf_devices() is an internal helper of this package (tensorflow:::tf_devices()):
# the real tensorflow does not export it.

tf_devices <- function(device_type = NULL) {
  devices <- .tf()$config$list_physical_devices(device_type)
  data.frame(
    name = vapply(devices, function(d) py_to_r(py_get_attr(d, "name")), character(1L)),
    device_type = vapply(devices, function(d) py_to_r(py_get_attr(d, "device_type")),
                         character(1L)),
    stringsAsFactors = FALSE)
}

tf_gpu_configured <- function(verbose = TRUE) {
  gpus <- tf_devices("GPU")
  if (verbose) {
    if (nrow(gpus)) cat("TensorFlow sees", nrow(gpus), "GPU(s):", gpus$name, "\n")
    else cat(.no_gpu_message(NULL), "\n")
  }
  invisible(nrow(gpus) > 0L)
}

.no_gpu_message <- function(requested) {
  devices <- tf_devices()
  cuda <- py_to_r(.tf()$test$is_built_with_cuda())
  paste0(if (is.null(requested)) "no GPU is available" else
           sprintf("a GPU was requested (%s) but it is not available", requested),
         ": TensorFlow sees only ", paste(devices$name, collapse = ", "),
         if (cuda) " (this TensorFlow is built with CUDA: check the NVIDIA driver and CUDA_VISIBLE_DEVICES)"
         else " (this TensorFlow build has no GPU support)",
         "; use \"/CPU:0\" or run on a machine with that GPU")
}

# An error naming the problem when `name` asks for a GPU that does not exist.
.check_device <- function(name) {
  if (is.null(name) || !nzchar(name)) return(invisible())
  spec <- .tf()$DeviceSpec$from_string(name)
  type <- py_to_r(py_get_attr(spec, "device_type"))
  if (is.null(type) || toupper(type) != "GPU") return(invisible())
  index <- py_to_r(py_get_attr(spec, "device_index"))
  if ((if (is.null(index)) 0L else index) >= nrow(tf_devices("GPU")))
    stop(.no_gpu_message(name), call. = FALSE)
  invisible()
}

with.tensorflow.python.eager.context._EagerDeviceContext <- function(data, expr, ...) {
  .check_device(py_to_r(py_get_attr(data, "_device_name")))
  NextMethod()
}

# An R function for TensorFlow to call: a Python function with the R
# function's signature that, called from one of TensorFlow's threads, runs R
# on the main thread inside that thread's TensorFlow state (replica context,
# graph, device).
.tf_callable <- function(f) {
  helpers <- import("pyreticulate.tensorflow.context", convert = FALSE)
  py_call(py_get_attr(helpers, "carry_context"), py_func(f), "an R function called by TensorFlow")
}

# strategy$run(fn, ...) with an R `fn`: each replica's call runs on the main
# thread inside that replica's context.
`$.tensorflow.python.distribute.distribute_lib.StrategyBase` <- function(x, name) {
  method <- NextMethod()
  if (!name %in% c("run", "experimental_run_v2")) return(method)
  function(fn, args = list(), kwargs = NULL, options = NULL) {
    if (is.function(fn) && !is_py_object(fn)) fn <- .tf_callable(fn)
    method(fn, args = tuple(args), kwargs = kwargs, options = options)
  }
}
