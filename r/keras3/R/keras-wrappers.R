# R functions generated from the installed Keras: layer_* and rnn_cell_*
# (keras.layers), optimizer_* (keras.optimizers), loss_* (keras.losses),
# metric_* (keras.metrics), activation_* (keras.activations) and op_*
# (keras.ops).
#
# The NAMESPACE lists their names (those of keras3's API); each is an active
# binding made when the package loads, without touching Python. The first
# time one is used, the names of its family are read from Keras's API files,
# Keras is imported and the R function is built with the formals of the
# Python signature, so the wrappers follow Keras upgrades. A wrapper passes on
# only the arguments the caller supplied, converted by .keras_argument().

# Keras names whose R name does not follow .snake_case(), as keras3 spells them.
.keras_renames <- list(
  layers = c(ReLU = "layer_activation_relu", ELU = "layer_activation_elu",
             LeakyReLU = "layer_activation_leaky_relu",
             PReLU = "layer_activation_parametric_relu",
             Softmax = "layer_activation_softmax", TFSMLayer = "layer_tfsm",
             SimpleRNNCell = "rnn_cell_simple", LSTMCell = "rnn_cell_lstm",
             GRUCell = "rnn_cell_gru", StackedRNNCells = "rnn_cells_stack",
             FlaxLayer = "layer_flax_module_wrapper", JaxLayer = "layer_jax_model_wrapper"),
  optimizers = c(RMSprop = "optimizer_rmsprop", LossScaleOptimizer = "optimizer_loss_scale"),
  losses = character(),
  metrics = c(R2Score = "metric_r2_score", F1Score = "metric_f1_score",
              FBetaScore = "metric_fbeta_score", MeanMetricWrapper = "metric_mean_wrapper"),
  activations = character(),
  ops = character()
)

# Names that are base classes, helpers, submodules or hand-written in R.
.keras_skipped <- list(
  layers = c("Layer", "InputLayer", "InputSpec", "Wrapper", "Input"),
  optimizers = c("Optimizer"),
  losses = c("Loss"),
  metrics = c("Metric"),
  activations = character(),
  ops = c("image", "linalg", "nn", "numpy")
)

.keras_prefixes <- c(layers = "layer_", optimizers = "optimizer_", losses = "loss_",
                     metrics = "metric_", activations = "activation_", ops = "op_")

# Layers that take their inputs first: called with a list (merge) or with the
# inputs as separate arguments (multi_input).
.keras_inputs_first <- c(Attention = "merge", AdditiveAttention = "merge",
                         MultiHeadAttention = "multi_input",
                         GroupQueryAttention = "multi_input")

# Python parameter names that are not R names in the wrappers (by class or
# function name).
.keras_formal_renames <- list(Lambda = c("function" = "f"), vectorized_map = c("function" = "f"))

# CamelCase Keras class names to keras3's snake_case: Conv2DTranspose →
# conv_2d_transpose, SimpleRNN → simple_rnn, MeanIoU → mean_iou.
.snake_case <- function(name) {
  s <- gsub("IoU", "Iou", name, fixed = TRUE)
  s <- gsub("UpSampling", "Upsampling", s, fixed = TRUE)
  s <- gsub("([0-9])D(?=[A-Z]|$)", "\\1d", s, perl = TRUE)
  s <- gsub("(.)([A-Z][a-z]+)", "\\1_\\2", s, perl = TRUE)
  s <- gsub("([a-z0-9])([A-Z])", "\\1_\\2", s, perl = TRUE)
  s <- gsub("([A-Za-z])([0-9])", "\\1_\\2", s, perl = TRUE)
  tolower(s)
}

.is_class_name <- function(name) grepl("^[A-Z]", name)

# One spec per wrapper of a family: R name, Python class and/or function.
.keras_family_specs <- function(family, names) {
  names <- setdiff(names, .keras_skipped[[family]])
  renames <- .keras_renames[[family]]
  prefix <- .keras_prefixes[[family]]
  r_name <- function(py) if (py %in% names(renames)) renames[[py]] else paste0(prefix, .snake_case(py))
  spec <- function(r, class = NULL, fun = NULL) list(family = family, r_name = r, class = class, fun = fun)
  classes <- names[.is_class_name(names)]
  functions <- setdiff(names[!.is_class_name(names)], c("deserialize", "get", "serialize"))
  if (family %in% c("layers", "optimizers"))
    return(lapply(classes, function(cl) spec(r_name(cl), class = cl)))
  if (family %in% c("activations", "ops"))
    return(lapply(functions, function(fn) spec(paste0(prefix, fn), fun = fn)))
  paired <- character()
  specs <- lapply(classes, function(cl) {
    fn <- .snake_case(cl)
    if (fn %in% functions) {
      paired <<- c(paired, fn)
      spec(r_name(cl), class = cl, fun = fn)
    } else spec(r_name(cl), class = cl)
  })
  c(specs, lapply(setdiff(functions, paired), function(fn) spec(paste0(prefix, fn), fun = fn)))
}

# The family of a wrapper name, from its prefix (NA for other names).
.keras_family_of <- function(r_name) {
  prefixes <- c(.keras_prefixes, layers = "rnn_cell")
  at <- which(startsWith(r_name, prefixes))
  if (length(at)) names(prefixes)[[at[[1L]]]] else NA_character_
}

# Runs in .onLoad: an active binding for each exported wrapper name that the
# package does not define itself (layer_input is keras_input).
.keras_register_wrappers <- function(ns, exports) {
  for (name in exports) {
    family <- .keras_family_of(name)
    if (is.na(family) || exists(name, envir = ns, inherits = FALSE)) next
    makeActiveBinding(name, .keras_binding(name, family), ns)
  }
  invisible()
}

.keras_binding <- function(r_name, family) {
  force(r_name)
  force(family)
  function(value) {
    if (!missing(value))
      stop(r_name, "() is part of keras3 and cannot be replaced", call. = FALSE)
    built <- .keras_state$wrappers[[r_name]]
    if (is.null(built)) {
      built <- .keras_build_wrapper(.keras_spec(r_name, family))
      assign(r_name, built, envir = .keras_state$wrappers)
    }
    built
  }
}

# The spec of one wrapper, from the specs of its family in the installed Keras.
.keras_spec <- function(r_name, family) {
  specs <- .keras_state$specs[[family]]
  if (is.null(specs)) {
    names <- as.character(unlist(.keras_support()$api_names(family)))
    specs <- .keras_family_specs(family, names)
    names(specs) <- vapply(specs, `[[`, "", "r_name")
    .keras_state$specs[[family]] <- specs
  }
  spec <- specs[[r_name]]
  if (is.null(spec))
    stop(sprintf("%s() is not available: the installed Keras (%s) has nothing in keras.%s for it",
                 r_name, .keras_version_string(), family), call. = FALSE)
  spec
}

.keras_version_string <- function() {
  version <- tryCatch(py_to_r(py_get_attr(keras, "__version__")), error = function(e) NULL)
  if (is.null(version)) "not importable" else paste("version", version)
}

# ---- building a wrapper ----------------------------------------------------------

.keras_build_wrapper <- function(spec) {
  module <- py_get_attr(keras, spec$family)
  spec$py_class <- if (!is.null(spec$class)) py_get_attr(module, spec$class)
  spec$py_fun <- if (!is.null(spec$fun)) py_get_attr(module, spec$fun)
  support <- .keras_support()
  target <- if (!is.null(spec$py_class)) spec$py_class else spec$py_fun
  params <- support$parameters(target)
  spec$rename <- .keras_formal_renames[[if (is.null(spec$class)) spec$fun else spec$class]]
  spec$kind <- .keras_wrapper_kind(spec, support)
  if (spec$kind %in% c("loss", "metric") && !is.null(spec$py_fun)) {
    fun_params <- support$parameters(spec$py_fun)
    spec$fun_params <- vapply(fun_params, `[[`, "", 1L)
    params <- c(fun_params, if (!is.null(spec$py_class))
      Filter(function(p) !p[[1L]] %in% spec$fun_params, params))
  }
  spec$param_names <- vapply(params, `[[`, "", 1L)
  lead <- switch(spec$kind, layer = "object", merge = , multi_input = "inputs", character())
  formals <- .keras_formals(params, lead, spec$rename)
  if (spec$kind %in% c("merge", "multi_input"))
    formals <- c(formals[1L], formals["..."], formals[setdiff(names(formals), c("inputs", "..."))])
  .keras_make_function(spec, formals)
}

.keras_wrapper_kind <- function(spec, support) {
  switch(spec$family,
    layers = {
      if (spec$class %in% names(.keras_inputs_first)) .keras_inputs_first[[spec$class]]
      else if (isTRUE(support$is_merge_layer(spec$py_class))) "merge"
      else if (startsWith(spec$r_name, "rnn_cell")) "constructor"
      else "layer"
    },
    optimizers = "constructor",
    losses = "loss",
    metrics = "metric",
    activations = "activation",
    ops = "op")
}

# R formals from Python parameters: `lead` first, then each parameter with its
# default when R can show it, then `...`.
.keras_formals <- function(params, lead, rename) {
  formals <- list()
  for (name in lead) formals[name] <- list(quote(expr = ))
  for (p in params) {
    name <- p[[1L]]
    if (name %in% names(rename)) name <- rename[[name]]
    if (name %in% names(formals)) next
    formals[name] <- list(if (isTRUE(p[[2L]])) .keras_default(p[[3L]]) else quote(expr = ))
  }
  formals["..."] <- list(quote(expr = ))
  formals
}

.keras_default <- function(value) {
  if (is.list(value) && length(value) && all(vapply(value, is.atomic, TRUE))) unlist(value)
  else value
}

.keras_make_function <- function(spec, formals) {
  home <- new.env(parent = asNamespace("keras3"))
  home$.spec <- spec
  fn <- function() NULL
  formals(fn) <- formals
  body(fn) <- quote(.keras_wrapper_call(.spec, environment(), match.call(expand.dots = FALSE)))
  environment(fn) <- home
  origin <- if (spec$family %in% c("losses", "metrics", "activations")) {
    if (!is.null(spec$py_fun)) spec$py_fun else spec$py_class
  }
  if (!is.null(origin)) {
    attr(fn, "py_object") <- attr(origin, "py_object")
    class(fn) <- class(origin)
  }
  fn
}

# ---- calling a wrapper ----------------------------------------------------------------

.keras_wrapper_call <- function(spec, frame, call) {
  switch(spec$kind,
    layer = .keras_layer_call(spec, frame, call),
    merge = , multi_input = .keras_merge_call(spec, frame, call),
    constructor = py_call(spec$py_class, !!!.keras_args(frame, call, spec)),
    loss = , metric = .keras_loss_metric_call(spec, frame, call),
    activation = .keras_activation_call(spec, frame, call),
    op = py_call(spec$py_fun, !!!.keras_args(frame, call, spec)))
}

# The arguments the caller supplied (named dots included), converted, with
# Python's names. `skip` names formals handled by the caller.
.keras_args <- function(frame, call, spec = NULL, skip = character(), dots = TRUE) {
  supplied <- setdiff(names(call)[-1L], c("", "...", skip))
  args <- lapply(supplied, function(name) get(name, envir = frame))
  names(args) <- supplied
  if (dots && "..." %in% names(call)) {
    extra <- eval(quote(list2(...)), frame)
    if (length(extra) && (is.null(names(extra)) || any(!nzchar(names(extra)))))
      stop(simpleError("arguments in `...` must be named", .keras_call_of(call)))
    args <- c(args, extra)
  }
  rename <- if (is.null(spec)) NULL else spec$rename
  expressions <- c(as.list(call)[-1L], as.list(call$...))
  for (name in names(args)) {
    if (!is.null(args[[name]]))
      args[[name]] <- .keras_argument(name, args[[name]], call, .symbol_name(expressions[[name]]))
  }
  if (length(rename)) {
    at <- match(names(args), rename)
    names(args)[!is.na(at)] <- names(rename)[at[!is.na(at)]]
  }
  args
}

.keras_call_of <- function(call) {
  if (is.call(call)) call else NULL
}

# ---- argument conventions -----------------------------------------------------------------

# Counts and sizes: a whole number becomes an integer, anything else is an
# error. Only these names: Python defaults do not tell (Keras writes
# `label_smoothing=0` and `min_delta=0` for floats).
.keras_integer_args <- c(
  "units", "filters", "kernel_size", "strides", "dilation_rate", "groups",
  "depth_multiplier", "pool_size", "input_dim", "output_dim", "num_heads", "key_dim",
  "value_dim", "n", "size", "seed", "batch_size", "height", "width", "num_bins",
  "num_tokens", "max_tokens", "output_sequence_length", "sequence_length", "output_size",
  "head_dim", "num_query_heads", "num_key_value_heads", "lora_rank", "max_number",
  "num_oov_indices", "power_iterations", "num_thresholds", "k", "num_regressors",
  "num_mel_bins", "fft_length", "frame_length", "frame_step", "sequence_stride",
  "num_chains", "chain_depth", "num_ops", "bins", "ns_steps", "warmup_steps",
  "dynamic_growth_steps", "epochs", "steps_per_epoch", "validation_steps", "steps",
  "patience", "cooldown", "start_from_epoch", "num_classes")

# Integers when numbers are given; other values (padding = "same") pass.
.keras_integer_if_numeric <- c("padding", "cropping", "output_padding", "ngrams",
                               "tile_grid_size", "repeats")

.keras_shape_args <- c("shape", "input_shape", "batch_input_shape", "batch_shape",
                       "noise_shape", "output_shape", "dims")

# R functions are named for Python (and saved models) by `function_name`, the
# variable the caller passed, unless they have a py_function_name attribute.
.keras_argument <- function(name, value, call = NULL, function_name = NULL) {
  if (is_py_object(value)) return(value)
  if (name %in% .keras_integer_args) return(.keras_integer(value, name, call))
  if (name %in% .keras_shape_args) return(.keras_shape(value, name, call))
  if (name %in% c("target_shape", "newshape"))
    return(.keras_shape(value, name, call, unknown = -1L))
  if (name %in% c("axis", "axes")) return(.keras_axis(value, name, call))
  if (name %in% .keras_integer_if_numeric && is.numeric(value))
    return(.keras_integer(value, name, call))
  if (is.function(value)) {
    value <- .as_py_function(value, function_name)
    return(if (endsWith(name, "_constraint")) .keras_support()$constraint(value) else value)
  }
  value
}

.symbol_name <- function(expression) if (is.symbol(expression)) as.character(expression)

.keras_argument_error <- function(name, problem, call) {
  stop(simpleError(sprintf("`%s` %s", name, problem), .keras_call_of(call)))
}

.describe_value <- function(x) {
  if (is.character(x) && length(x) == 1L) return(sprintf("the string \"%s\"", x))
  if (is.numeric(x) && length(x) == 1L) return(as.character(x))
  if (is.numeric(x) && length(x) <= 5L)
    return(sprintf("c(%s)", paste(as.character(x), collapse = ", ")))
  sprintf("a %s %s of length %d", typeof(x), if (is.null(dim(x))) "vector" else "array",
          length(x))
}

# A whole number (or several, as a tuple); NULL and Python objects pass.
.keras_integer <- function(x, name, call = NULL) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.list(x)) return(tuple(lapply(x, .keras_integer, name = name, call = call)))
  x <- .keras_whole_numbers(x, name, call)
  if (length(x) == 1L) x else tuple(as.list(x))
}

.keras_whole_numbers <- function(x, name, call) {
  if (!is.numeric(x) || is.factor(x) || !length(x) || anyNA(x) || any(!is.finite(x)) ||
      any(x != trunc(x)) || any(abs(x) > .Machine$integer.max))
    .keras_argument_error(name, paste("must be a whole number, not", .describe_value(x)), call)
  as.integer(x)
}

# A shape: a tuple of integers with NA/NULL as None (or `unknown`, -1 in reshape).
.keras_shape <- function(x, name, call = NULL, unknown = NULL) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.function(x)) return(py_func(x))
  items <- if (is.list(x)) x else as.list(x)
  tuple(lapply(items, function(d) {
    if (is.null(d) || (length(d) == 1L && is.na(d))) unknown else .keras_integer(d, name, call)
  }))
}

# A 1-based axis to Keras's 0-based one; negative axes count from the end.
.keras_axis <- function(x, name = "axis", call = NULL) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.list(x)) return(tuple(lapply(x, .keras_axis, name = name, call = call)))
  value <- .keras_whole_numbers(x, name, call)
  if (any(value == 0L))
    .keras_argument_error(name, "is 1-based: use 1 for the first axis and -1 for the last, not 0", call)
  value <- ifelse(value > 0L, value - 1L, value)
  if (length(value) == 1L) value else tuple(as.list(value))
}
