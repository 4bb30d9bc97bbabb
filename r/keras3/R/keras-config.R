# Keras's global configuration (keras.config) and clear_session(), under
# keras3's names.

#' The backend Keras runs on
#'
#' @description
#' Calls `keras$config$backend()`: the name of the backend Keras uses, chosen
#' by the `KERAS_BACKEND` environment variable (or Keras's configuration file)
#' before Keras is first imported.
#'
#' @returns A string: `"tensorflow"`, `"jax"`, `"torch"` or `"numpy"`.
#' @md
#' @examples
#' \dontrun{
#' config_backend()
#' }
config_backend <- function() keras$config$backend()

#' The default floating-point type
#'
#' @description
#' `config_floatx()` gives Keras's default float type (floatx), in which new
#' weights are created and R doubles are passed to models; `config_set_floatx()`
#' changes it for the models created afterwards.
#'
#' @param value The new type: `"float16"`, `"bfloat16"`, `"float32"` or
#'   `"float64"`.
#'
#' @returns `config_floatx()`: a string such as `"float32"`.
#'   `config_set_floatx()`: `value`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_floatx()
#' config_set_floatx("float64")
#' }
config_floatx <- function() keras$config$floatx()

#' @rdname config_floatx
config_set_floatx <- function(value) {
  keras$config$set_floatx(value)
  invisible(value)
}

#' The fuzz factor of numeric expressions
#'
#' @description
#' `config_epsilon()` gives the small constant Keras adds in some computations
#' to avoid dividing by zero; `config_set_epsilon()` changes it.
#'
#' @param value The new value, a small positive number.
#'
#' @returns `config_epsilon()`: a number (`1e-07` unless changed).
#'   `config_set_epsilon()`: `value`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_epsilon()
#' config_set_epsilon(1e-5)
#' }
config_epsilon <- function() keras$config$epsilon()

#' @rdname config_epsilon
config_set_epsilon <- function(value) {
  keras$config$set_epsilon(value)
  invisible(value)
}

#' The default layout of image data
#'
#' @description
#' `config_image_data_format()` gives where image layers expect the channels:
#' `"channels_last"` (batch, height, width, channels) or `"channels_first"`
#' (batch, channels, height, width); `config_set_image_data_format()` changes
#' it for the layers created afterwards.
#'
#' @param data_format `"channels_last"` or `"channels_first"`.
#'
#' @returns `config_image_data_format()`: a string.
#'   `config_set_image_data_format()`: `data_format`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_image_data_format()
#' config_set_image_data_format("channels_first")
#' }
config_image_data_format <- function() keras$config$image_data_format()

#' @rdname config_image_data_format
config_set_image_data_format <- function(data_format) {
  keras$config$set_image_data_format(data_format)
  invisible(data_format)
}

# Resets Keras's global state (names of layers, the graph of a session);
# free_memory = TRUE also runs Python's garbage collector.
#' Reset Keras's global state
#'
#' @description
#' Calls `keras$utils$clear_session()`, which resets the state Keras keeps
#' across models: the counters behind automatic layer names (`dense`,
#' `dense_1`, ...) and, with TensorFlow, the global graph. Use it between
#' models built in a loop to free memory and get the same names again.
#'
#' @param free_memory Whether to also run Python's garbage collector (and
#'   release backend memory where the backend allows it).
#'
#' @returns `NULL`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' for (units in c(8, 16, 32)) {
#'   clear_session()
#'   model <- keras_model_sequential(input_shape = 4) %>% layer_dense(units)
#' }
#' }
clear_session <- function(free_memory = TRUE) {
  keras$utils$clear_session(free_memory = free_memory)
  invisible()
}

# ---- more of keras.config -----------------------------------------------------------------

# A keras.config getter or switch under keras3's name: `fun` called without
# arguments, its value invisibly for the switches.
.keras_config_call <- function(fun, visible = TRUE) {
  value <- py_to_r(py_call(py_get_attr(keras$config, fun)))
  if (visible) value else invisible(value)
}

#' Keras's switches for logging, tracebacks, flash attention and deserialization
#'
#' @description
#' These call the switches of `keras$config`:
#'
#' * interactive logging: whether `fit()` and friends write their progress
#'   to the console (`config_disable_interactive_logging()` sends it to
#'   Python's logging instead);
#' * traceback filtering: whether Keras shortens the Python tracebacks of its
#'   errors to the user's frames;
#' * flash attention: whether attention layers use the flash attention kernel
#'   where the backend and hardware have it (`config_is_flash_attention_enabled()`
#'   is `NULL` while Keras decides by itself);
#' * `config_enable_unsafe_deserialization()`: lets [load_model()] and
#'   [deserialize_keras_object()] load unsafe content (such as the code of
#'   `layer_lambda()` functions) without `safe_mode = FALSE`;
#' * `config_is_nnx_enabled()`: whether the JAX backend uses Flax NNX.
#'
#' @returns The `config_is_*()` functions: `TRUE` or `FALSE` (or `NULL`, see
#'   above). The others: `NULL`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_disable_interactive_logging()
#' config_is_interactive_logging_enabled()
#' config_enable_interactive_logging()
#' }
config_enable_interactive_logging <- function() .keras_config_call("enable_interactive_logging", FALSE)

#' @rdname config_enable_interactive_logging
config_disable_interactive_logging <- function() .keras_config_call("disable_interactive_logging", FALSE)

#' @rdname config_enable_interactive_logging
config_is_interactive_logging_enabled <- function() .keras_config_call("is_interactive_logging_enabled")

#' @rdname config_enable_interactive_logging
config_enable_traceback_filtering <- function() .keras_config_call("enable_traceback_filtering", FALSE)

#' @rdname config_enable_interactive_logging
config_disable_traceback_filtering <- function() .keras_config_call("disable_traceback_filtering", FALSE)

#' @rdname config_enable_interactive_logging
config_is_traceback_filtering_enabled <- function() .keras_config_call("is_traceback_filtering_enabled")

#' @rdname config_enable_interactive_logging
config_enable_flash_attention <- function() .keras_config_call("enable_flash_attention", FALSE)

#' @rdname config_enable_interactive_logging
config_disable_flash_attention <- function() .keras_config_call("disable_flash_attention", FALSE)

#' @rdname config_enable_interactive_logging
config_is_flash_attention_enabled <- function() .keras_config_call("is_flash_attention_enabled")

#' @rdname config_enable_interactive_logging
config_enable_unsafe_deserialization <- function()
  .keras_config_call("enable_unsafe_deserialization", FALSE)

#' @rdname config_enable_interactive_logging
config_is_nnx_enabled <- function() .keras_config_call("is_nnx_enabled")

#' The default dtype policy
#'
#' @description
#' `config_dtype_policy()` gives Keras's global dtype policy, which says in
#' which dtypes new layers compute and keep their variables (`"float32"`, or
#' `"mixed_float16"` / `"mixed_bfloat16"` for mixed precision);
#' `config_set_dtype_policy()` changes it for the layers created afterwards.
#'
#' @param policy A policy name (`"float32"`, `"mixed_float16"`,
#'   `"mixed_bfloat16"`, ...) or a `DTypePolicy` object.
#'
#' @returns `config_dtype_policy()`: a `DTypePolicy` object.
#'   `config_set_dtype_policy()`: `policy`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_set_dtype_policy("mixed_float16")
#' config_dtype_policy()$name
#' config_set_dtype_policy("float32")
#' }
config_dtype_policy <- function() .keras_config_call("dtype_policy")

#' @rdname config_dtype_policy
config_set_dtype_policy <- function(policy) {
  keras$config$set_dtype_policy(policy)
  invisible(policy)
}

#' Limits on the epochs and steps of training
#'
#' @description
#' Keras can cap every `fit()` (and evaluation) at a number of epochs and of
#' steps per epoch, whatever the call asks for, for example to keep test runs
#' short. `config_max_epochs()` and `config_max_steps_per_epoch()` give the
#' caps (`NULL` for none); the setters change them, and `NULL` removes a cap.
#' They can also be set with the environment variables `KERAS_MAX_EPOCHS`
#' and `KERAS_MAX_STEPS_PER_EPOCH`.
#'
#' @param max_epochs,max_steps_per_epoch The cap (a whole number), or `NULL`
#'   for none.
#'
#' @returns The getters: a whole number or `NULL`. The setters: the value,
#'   invisibly.
#' @md
#' @examples
#' \dontrun{
#' config_set_max_epochs(2)
#' model %>% fit(x, y, epochs = 100)  # runs 2 epochs
#' config_set_max_epochs(NULL)
#' }
config_max_epochs <- function() .keras_config_call("max_epochs")

#' @rdname config_max_epochs
config_set_max_epochs <- function(max_epochs) {
  keras$config$set_max_epochs(.keras_integer(max_epochs, "max_epochs"))
  invisible(max_epochs)
}

#' @rdname config_max_epochs
config_max_steps_per_epoch <- function() .keras_config_call("max_steps_per_epoch")

#' @rdname config_max_epochs
config_set_max_steps_per_epoch <- function(max_steps_per_epoch) {
  keras$config$set_max_steps_per_epoch(.keras_integer(max_steps_per_epoch, "max_steps_per_epoch"))
  invisible(max_steps_per_epoch)
}

# ---- the backend -------------------------------------------------------------------------

.keras_backends <- c(tensorflow = "tensorflow", jax = "jax", torch = "torch", numpy = "numpy",
                     openvino = "openvino")

.keras_imported <- function() {
  !is.null(.keras_state$module) ||
    isTRUE(py_eval("'keras' in __import__('sys').modules"))
}

#' Choose the backend Keras runs on
#'
#' @description
#' `use_backend()` sets the backend Keras 3 uses (`KERAS_BACKEND`) before Keras
#' is first imported. pyreticulate runs Keras in its own Python environment,
#' whose packages it does not change: the backend's Python package must be
#' installed there already (TensorFlow is; `jax`, `torch` or `openvino` only if
#' you installed them), else the call is an error saying so. Once Keras is
#' imported the backend cannot change: asking for another one is an error
#' (start a new session), asking for the same one does nothing.
#'
#' `config_set_backend()` does the same before Keras is imported; afterwards
#' it calls `keras$config$set_backend()`, which reloads Keras with the other
#' backend (objects made before keep the old one, so use it only before
#' building models).
#'
#' @param backend `"tensorflow"`, `"jax"`, `"torch"`, `"numpy"` or
#'   `"openvino"`.
#' @param gpu Ignored: whether a GPU is used depends on the installed
#'   packages (kept for keras3's signature, where it chooses what to install).
#'
#' @returns `backend`, invisibly.
#' @seealso [config_backend()]
#' @md
#' @examples
#' \dontrun{
#' library(keras3)
#' use_backend("tensorflow")
#' }
use_backend <- function(backend, gpu = NA) {
  backend <- .check_backend(backend)
  if (.keras_imported()) {
    current <- py_to_r(keras$config$backend())
    if (!identical(current, backend))
      stop(sprintf(paste0("Keras is already running with the %s backend; the backend can only ",
                          "be chosen before Keras is first used: call use_backend(\"%s\") at the ",
                          "start of a new session"), current, backend), call. = FALSE)
    return(invisible(backend))
  }
  Sys.setenv(KERAS_BACKEND = backend)
  environ <- import("os", convert = FALSE)$environ
  py_call(py_get_attr(environ, "update"), dict(KERAS_BACKEND = backend))
  invisible(backend)
}

#' @rdname use_backend
config_set_backend <- function(backend) {
  backend <- .check_backend(backend)
  if (!.keras_imported()) return(use_backend(backend))
  keras$config$set_backend(backend)
  invisible(backend)
}

.check_backend <- function(backend) {
  if (!is.character(backend) || length(backend) != 1L || !backend %in% .keras_backends)
    stop(sprintf("`backend` must be one of %s, not %s",
                 paste0("\"", .keras_backends, "\"", collapse = ", "), .describe_value(backend)),
         call. = FALSE)
  if (!py_module_available(backend)) {
    python <- py_to_r(import("sys")$executable)
    stop(sprintf(paste0("the %s backend needs the Python package %s, which is not installed in ",
                        "pyreticulate's Python environment (%s); install it there ",
                        "(%s -m pip install %s), or use the tensorflow backend"),
                 backend, backend, python, python, backend), call. = FALSE)
  }
  backend
}

#' Set the random seeds of R, Python and the backend
#'
#' @description
#' Makes a run reproducible: sets R's seed ([set.seed()]), Python's and
#' NumPy's, and the backend's (`keras$utils$set_random_seed()`, which seeds
#' TensorFlow), so that weight initialization, shuffling and dropout give the
#' same results each time. (Some GPU operations are not deterministic
#' anyway.)
#'
#' @param seed The seed, a whole number.
#'
#' @returns `seed`, invisibly.
#' @md
#' @examples
#' \dontrun{
#' set_random_seed(42)
#' model <- keras_model_sequential(input_shape = 3) %>% layer_dense(1)
#' }
set_random_seed <- function(seed) {
  seed <- .keras_integer(seed, "seed")
  if (length(seed) != 1L) stop("`seed` must be a single whole number", call. = FALSE)
  set.seed(seed)
  py_set_seed(seed)
  keras$utils$set_random_seed(seed)
  invisible(seed)
}

#' Installing Keras: not needed with pyreticulate
#'
#' @description
#' R's keras3 installs Keras and a backend into a Python environment of its
#' own. pyreticulate runs R inside its Python environment, which already has
#' Keras and TensorFlow (the `keras` extra of pyreticulate), so
#' `install_keras()` installs nothing: it says which Python runs Keras and
#' how to add packages to it (with that Python's pip).
#'
#' @param envname,extra_packages,python_version,backend,gpu,restart_session,...
#'   Ignored (keras3's arguments).
#'
#' @returns `FALSE`, invisibly (nothing was installed).
#' @seealso [use_backend()]
#' @md
#' @examples
#' \dontrun{
#' install_keras()
#' }
install_keras <- function(envname = "r-keras", ..., extra_packages = NULL,
                          python_version = NULL, backend = "tensorflow", gpu = NA,
                          restart_session = TRUE) {
  python <- py_to_r(import("sys")$executable)
  keras_installed <- py_module_available("keras")
  message(sprintf(paste0("install_keras(): nothing to install. pyreticulate runs R inside its own ",
                         "Python environment (%s), which %s. To add Python packages, install ",
                         "them there: %s -m pip install <package>."),
                  python, if (keras_installed) "already has Keras" else "does not have Keras yet",
                  python))
  invisible(FALSE)
}
