# The TensorFlow entry points of R's tensorflow package: `tf` (imported on
# first use), tf_version(), as_tensor(), tf_function(), use_compat() and the
# device helpers.

.tf_state <- new.env(parent = emptyenv())

#' TensorFlow, imported on first use
#'
#' @description
#' `tf` is the Python module `tensorflow` (imported with `convert = TRUE`),
#' imported the first time `tf` is used, so scripts that never use it do not
#' pay for TensorFlow's start-up. Everything of TensorFlow's Python API is
#' reached from it with `$`: `tf$constant()`, `tf$math$reduce_sum()`,
#' `tf$GradientTape()`, `tf$data`. The tensors it makes are R values of class
#' `tensorflow.tensor` ([tensorflow.tensor]). After `use_compat("v1")` it is
#' `tf$compat$v1` ([use_compat()]).
#'
#' TensorFlow's own functions keep Python's conventions (0-based axes and
#' indices, `1L` for an integer); the R methods of this package are 1-based.
#' Set the environment variable `TF_CPP_MIN_LOG_LEVEL=2` before the script
#' starts to silence TensorFlow's C++ log.
#'
#' @usage tf
#' @returns The proxy of the module `tensorflow` (or of its `compat.v1` or
#'   `compat.v2` module after [use_compat()]).
#' @examples
#' \dontrun{
#' library(tensorflow)
#' x <- tf$constant(c(1, 2, 3))
#' x * 2 + 1
#' tf$reduce_sum(x)
#' }
#' @name tf
#' @md
NULL

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

#' The version of TensorFlow
#'
#' @description
#' `tf_version()` gives the major and minor version of the TensorFlow installed
#' in the Python that hosts R, importing it if needed.
#'
#' @returns A [package_version()], or `NULL` when TensorFlow is not installed.
#' @examples
#' \dontrun{
#' tf_version()
#' tf_version() >= "2.16"
#' }
#' @md
tf_version <- function() {
  if (!py_module_available("tensorflow")) return(NULL)
  version <- strsplit(py_to_r(py_get_attr(py_get_attr(.tf(), "version"), "VERSION")), ".",
                      fixed = TRUE)[[1L]]
  package_version(paste(version[1:2], collapse = "."))
}

#' Use TensorFlow's v1 (or v2) API through tf
#'
#' @description
#' `use_compat("v1")` switches TensorFlow to TF1 graph mode (it disables eager
#' execution) and binds [tf] to `tf$compat$v1`, so placeholders and sessions
#' work as in TensorFlow 1 ([session-run]). `use_compat("v2")` binds `tf` to
#' `tf$compat$v2` and leaves the execution mode alone. Call it at the start of a
#' script, before any tensors are made. The methods of this package keep using
#' the whole `tensorflow` module.
#'
#' @param version `"v1"` or `"v2"`.
#'
#' @returns The compat module now bound to `tf`, invisibly.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' use_compat("v1")
#' x <- tf$placeholder(tf$float32, shape(NULL))
#' y <- x * 2
#' sess <- tf$Session()
#' sess$run(y, feed_dict = dict(x = c(1, 2, 3)))
#' }
#' @md
use_compat <- function(version = c("v1", "v2")) {
  version <- match.arg(version)
  tf2 <- .tf()
  if (version == "v1") tf2$compat$v1$disable_eager_execution()
  .tf_state$tf <- py_get_attr(py_get_attr(tf2, "compat"), version)
  invisible(.tf_state$tf)
}

# An S3 generic, as in R's tensorflow: other packages add methods (tfdatasets
# for datasets).
#' Convert to a tensor
#'
#' @description
#' `as_tensor()` converts a value to a TensorFlow tensor. It is an S3 generic;
#' tfdatasets adds a method for datasets.
#'
#' The default method converts R values as R users expect: R doubles become
#' `float64` tensors (not TensorFlow's default `float32`), integers `int32`,
#' logicals `bool` and characters `string`; a TensorShape becomes an `int32`
#' tensor of its dimensions (`-1` for an unknown one); a tensor stays as it
#' is.
#' With `dtype`, the result is cast: between numeric types with saturation
#' (values beyond the new type's range become its limits); doubles cast to an
#' integer type are truncated, and `NA` cannot be converted to an integer
#' tensor. With `shape`, an R vector fills the shape in row-major order, a
#' single value is repeated to fill it, and a tensor is reshaped. `shape` may
#' be anything [shape()] accepts (`c(NA, 4)`, `list(NULL, 4)`, `shape(-1, 4)`)
#' or an integer tensor.
#'
#' @param x An R value, a Python object or a tensor.
#' @param dtype A TensorFlow dtype or its name (`"float32"`, `tf$int64`);
#'   `NULL` keeps the value's.
#' @param ... Passed on to methods.
#' @param name A name for the operation.
#' @param shape The shape of the result, anything [shape()] accepts; `NA` or
#'   `-1` for one dimension to infer.
#'
#' @returns A tensor.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' as_tensor(c(1, 2, 3))
#' as_tensor(1:6, shape = c(2, 3))
#' as_tensor(0, shape = c(2, 2))
#' as_tensor(c(1.7, -1.7), dtype = "int32")
#' }
#' @md
as_tensor <- function(x, dtype = NULL, ..., name = NULL) UseMethod("as_tensor")

#' @rdname as_tensor
#' @md
as_tensor.default <- function(x, dtype = NULL, ..., shape = NULL, name = NULL) {
  tf <- .tf()
  if (!is.null(dtype)) dtype <- tf$as_dtype(dtype)
  if (!is.null(shape) && !.is_tensor(shape)) {
    shape <- as.integer.tensorflow.python.framework.tensor_shape.TensorShape(
      tensorflow::shape(dims = shape))
    shape[is.na(shape)] <- -1L
  }
  r_value <- !.is_tensor(x) && !is_py_object(x)
  if (r_value && !is.null(dtype) && is.double(x) && py_to_r(py_get_attr(dtype, "is_integer"))) {
    if (anyNA(x)) stop("NA cannot be converted to an integer tensor", call. = FALSE)
    if (py_to_r(py_get_attr(dtype, "max")) <= .Machine$integer.max)
      storage.mode(x) <- "integer"
  }
  # An R vector is reshaped (row-major) before it becomes a tensor.
  if (is.numeric(shape) && r_value && is.atomic(x) && length(x) != 1L) {
    if (!identical(dim(x), shape)) x <- array_reshape(x, shape)
    shape <- NULL
  }
  if (!.is_tensor(x)) {
    x <- if (is.double(x) && is.null(dim(x))) tf$convert_to_tensor(x, dtype = "float64", name = name)
      else tf$convert_to_tensor(x, name = name)
  }
  if (!is.null(dtype) && !identical(.dtype_name(x), py_to_r(py_get_attr(dtype, "name")))) {
    from <- tf$as_dtype(.dtype_name(x))
    numeric <- function(d) py_to_r(py_get_attr(d, "is_floating")) || py_to_r(py_get_attr(d, "is_integer"))
    x <- if (numeric(from) && numeric(dtype)) tf$dtypes$saturate_cast(x, dtype, name = name)
      else tf$cast(x, dtype, name = name)
  }
  if (is.null(shape)) return(x)
  if (.is_tensor(shape)) {
    if (identical(length(shape), 1L) && identical(length(dim(shape)), 0L))
      shape <- tf$reshape(shape, list(1L))
    fill <- identical(length(x), 1L)
  } else {
    if (identical(dim(x), shape)) return(x)
    fill <- identical(length(x), 1L) && !any(shape == -1L)
    shape <- as.list(shape)
  }
  if (fill) tf$fill(shape, tf$reshape(x, list()), name = name) else tf$reshape(x, shape, name = name)
}

#' Make an R function a TensorFlow function
#'
#' @description
#' `tf_function()` makes an R function a `tf.function`: TensorFlow traces it
#' into a graph the first time it is called with new input types or shapes,
#' and runs the graph afterwards. The R body runs only while TensorFlow traces
#' it, on the thread TensorFlow traces on.
#'
#' With `autograph = TRUE` (the default), the function is first given to
#' \code{\link[tfautograph]{autograph}()}, as R's tensorflow does: R control flow on the
#' tensors being traced becomes graph control flow. `if` on a tensor becomes
#' `tf$cond()`, `while` on a tensor and `for` over a tensor (such as
#' `tf$range(n)`) become `tf$while_loop()`, `for (batch in dataset)` over a
#' `tf$data` dataset becomes a reduction of the dataset, with `break` and
#' `next` working in all of them; `stopifnot()` on a tensor adds a
#' `tf$Assert()`, and `&&` / `||` on tensors become `tf$logical_and()` /
#' `tf$logical_or()`. The variables a branch or a loop body assigns are
#' carried through the graph and hold the results afterwards. Control flow on
#' R values and eager tensors is R's own, run while tracing, so a function
#' without tensor-dependent control flow traces as it is written. With
#' `autograph = FALSE` every R `if` and loop runs once, at trace time, and an
#' `if` on a traced tensor is an error.
#'
#' @param f An R function.
#' @param input_signature `NULL`, or a list of `tf$TensorSpec`s, one for each
#'   argument, which fixes the signature traced.
#' @param autograph `TRUE` to make R control flow on tensors graph control
#'   flow, `FALSE` to trace the function as it is.
#' @param ... Further arguments to `tf$function()`, such as `jit_compile` or
#'   `reduce_retracing`.
#'
#' @returns The `tf.function`, a callable Python object.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' square_sum <- tf_function(function(x) tf$reduce_sum(x * x))
#' square_sum(tf$constant(c(1, 2, 3)))
#'
#' relu <- tf_function(function(x) {
#'   if (x > 0) x else tf$zeros_like(x)
#' })
#' relu(tf$constant(-2))
#'
#' count_down <- tf_function(function(n) {
#'   steps <- tf$constant(0L)
#'   while (n > 0L) {
#'     n <- n - 1L
#'     steps <- steps + 1L
#'   }
#'   steps
#' })
#' count_down(tf$constant(5L))
#' }
#' @md
# An R function traced into a tf.function. The R body runs while tracing (on
# the thread that triggers the trace); with autograph, R
# control flow on traced tensors builds graph control flow (the tfautograph
# package). TensorFlow's own (Python) autograph is always off: it cannot read
# R code.
tf_function <- function(f, input_signature = NULL, autograph = TRUE, ...) {
  if (!is.function(f)) stop("tf_function() needs an R function", call. = FALSE)
  if (!isTRUE(autograph) && !isFALSE(autograph))
    stop("`autograph` must be TRUE or FALSE", call. = FALSE)
  if (autograph) f <- tfautograph::autograph(f)
  f <- .traced_naming_the_backend(f)
  .tf()$`function`(.tf_callable(f), input_signature = input_signature, autograph = FALSE, ...)
}

# ---- generics -----------------------------------------------------------------

#' Evaluate a model
#'
#' @description
#' `evaluate()` is the S3 generic that keras3 adds its method for models to
#' (`evaluate(model, x, y)`). It dispatches on `object`, the model, as R's
#' tensorflow generic does, not on the data as `generics::evaluate(x, ...)`
#' would. This package has no method of its own.
#'
#' @param object The object to evaluate, such as a Keras model.
#' @param ... Passed on to the method.
#'
#' @returns What the method returns.
#' @examples
#' \dontrun{
#' library(keras3)
#' model <- keras_model_sequential(input_shape = 1) |> layer_dense(units = 1)
#' model |> compile(optimizer = "sgd", loss = "mse")
#' x <- matrix(c(1, 2, 3, 4))
#' evaluate(model, x, 2 * x, verbose = 0)
#' }
#' @md
# The generic keras3 (and tfdatasets) add methods to: dispatched on `object`,
# the model, not on `x` (the data) as generics::evaluate(x, ...) would.
evaluate <- function(object, ...) UseMethod("evaluate")

#' Train a model (deprecated generics)
#'
#' @description
#' `train()` and `train_and_evaluate()` are R's tensorflow's generics for
#' models of the tfestimators package, deprecated since tensorflow 2.9: each
#' call warns so and dispatches. TensorFlow 2.16 and later have no estimators
#' (`tf$estimator` was removed), so nothing has methods here: called on
#' anything, they are errors that name keras3's `fit()` and `evaluate()`, which
#' replace them.
#'
#' @param object The model.
#' @param ... Passed on to the method.
#'
#' @returns What the method returns.
#' @md
#' @examples
#' \dontrun{
#' # instead of train(estimator, input_fn):
#' fit(model, x, y)
#' }
train <- function(object, ...) {
  warning("train() is deprecated since tensorflow 2.9: use fit()", call. = FALSE)
  UseMethod("train")
}

#' @rdname train
train_and_evaluate <- function(object, ...) {
  warning("train_and_evaluate() is deprecated since tensorflow 2.9: use fit() and evaluate()",
          call. = FALSE)
  UseMethod("train_and_evaluate")
}

#' @rdname train
train.default <- function(object, ...) .no_estimators("train", object)

#' @rdname train
train_and_evaluate.default <- function(object, ...) .no_estimators("train_and_evaluate", object)

.no_estimators <- function(generic, object) {
  stop(sprintf(paste0("%s() has no method for an object of class %s: it was the generic of ",
                      "tfestimators' estimators, which TensorFlow no longer has (tf$estimator ",
                      "was removed in TensorFlow 2.16); train Keras models with fit() and ",
                      "evaluate()"), generic, paste(class(object), collapse = "/")),
       call. = FALSE)
}

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

#' Does TensorFlow see a GPU?
#'
#' @description
#' `tf_gpu_configured()` tells whether TensorFlow sees a GPU. With `verbose`, it
#' also prints the GPUs it sees, or why there is none: the devices it does see,
#' and whether this TensorFlow build has CUDA support. TensorFlow is imported.
#'
#' @param verbose Whether to print what TensorFlow sees.
#'
#' @returns `TRUE` or `FALSE`, invisibly.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' if (tf_gpu_configured(verbose = FALSE)) message("training on the GPU")
#' }
#' @md
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

#' Device scopes that check the device exists
#'
#' @description
#' `with(tf$device(name), expr)` evaluates `expr` with TensorFlow's operations
#' placed on the device `name`. When `name` asks for a GPU that TensorFlow does
#' not see, it is an error naming the devices TensorFlow does see (and whether
#' this build has CUDA support), instead of TensorFlow placing the work on the
#' CPU without a word.
#'
#' @param data A device scope, `tf$device(name)`.
#' @param expr The code to evaluate on that device.
#' @param ... Passed on to the method for Python context managers.
#'
#' @returns The value of `expr`.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' with(tf$device("/CPU:0"), {
#'   x <- tf$ones(c(2L, 2L))
#' })
#' }
#' @name with-device
#' @md
with.tensorflow.python.eager.context._EagerDeviceContext <- function(data, expr, ...) {
  .check_device(py_to_r(py_get_attr(data, "_device_name")))
  NextMethod()
}

# An R function for TensorFlow to call: a Python function with the R
# function's signature. Called from one of TensorFlow's threads, it runs R on
# that thread (pyreticulate/runtime/threads.py), so the Python calls the R code
# makes run inside its TensorFlow state (replica context, graph, device).
.tf_callable <- function(f) py_func(f)

# strategy$run(fn, ...) with an R `fn`: each replica's call runs R on the main
# thread, its Python calls in that replica's context.
#' R functions in distribution strategies
#'
#' @description
#' `strategy$run(fn, args, kwargs, options)` (and `experimental_run_v2`)
#' accept an R function `fn`. TensorFlow calls it once for each replica, from
#' threads of its own; each call runs R on the calling replica's thread, one
#' replica at a time, and the Python calls it makes run there too, inside its TensorFlow
#' state (replica context, graph, device), eagerly and inside [tf_function()]. `args` is an R list of the arguments, passed as a
#' tuple. Any other name is the strategy's attribute. Create variables inside
#' `with(strategy$scope(), ...)`: variables created in the replica function do
#' not get the replica's variable creator.
#'
#' @param x A distribution strategy.
#' @param name The attribute's name.
#'
#' @returns For `run`, a function `function(fn, args = list(), kwargs = NULL,
#'   options = NULL)`; otherwise the attribute.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' strategy <- tf$distribute$MirroredStrategy()
#' with(strategy$scope(), v <- tf$Variable(2))
#' result <- strategy$run(function(x) v * x, args = list(tf$constant(3)))
#' }
#' @name strategy-run
#' @md
`$.tensorflow.python.distribute.distribute_lib.StrategyBase` <- function(x, name) {
  method <- NextMethod()
  if (!name %in% c("run", "experimental_run_v2")) return(method)
  function(fn, args = list(), kwargs = NULL, options = NULL) {
    if (is.function(fn) && !is_py_object(fn)) fn <- .tf_callable(fn)
    method(fn, args = tuple(args), kwargs = kwargs, options = options)
  }
}
