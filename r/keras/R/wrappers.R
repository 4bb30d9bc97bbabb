# The mechanism every keras 2.x wrapper uses (docs/keras2.md, "The contract").
#
# A generated wrapper (tools/keras2/generate.py writes them into <family>.R)
# is a plain R function with keras 2.15's formals. Its environment holds its
# static spec, `.spec`, a list of class keras2_wrapper_spec:
#   name    the R name
#   module  where its Python object lives, as a path under tf_keras: "layers",
#           "backend", "optimizers", "optimizers.schedules", ...
#   class   the Python class, for classes
#   fun     the Python function, for functions (function_or_class: both)
#   kind    how it is called: .keras2_kind_<kind>() does it (below: function,
#           constructor, function_or_class, layer; a family adds its own kinds the
#           same way)
#   args    the conventions of its formals, c(units = "integer", axis = "axis"):
#           .keras2_convention_<convention>() converts the value (below)
#   rename  formals whose Python name is another, c(<R name> = "<Python name>")
#   supplied_only  TRUE: only the formals the caller gave reach Python (keras 2.x's
#           capture_args() wrappers), not their R defaults
# and its body is .keras2_call(.spec, environment(), match.call(expand.dots = FALSE))
# (the call is read again here, with its dots: errors and warnings name it as
# the caller wrote it).
#
# What reaches Python, as keras 2.x passed it: every formal (less the `object`
# a layer composes with) with its value, the R default included (only those
# the caller gave with `supplied_only`); a formal
# whose value is NULL only when the caller gave it (as None), except the
# layer arguments keras 2.x dropped when NULL (.keras2_null_dropped); and
# the named arguments in `...`. Each is converted by its convention (the
# spec's, else the one its name has everywhere: .keras2_conventions_by_name)
# and renamed.

.keras2_call <- function(spec, frame, call) {
  wrapper <- sys.function(sys.parent())
  call <- match.call(wrapper, sys.call(sys.parent()), envir = parent.frame(2L))
  args <- .keras2_args(spec, wrapper, frame, call)
  .keras2_kind(spec$kind)(spec, args, frame, call)
}

# The function that calls a kind of wrapper: .keras2_kind_<kind>(spec, args, frame, call).
.keras2_kind <- function(kind) {
  f <- get0(paste0(".keras2_kind_", kind), envir = asNamespace("keras"), inherits = FALSE)
  if (!is.function(f)) stop("keras: no wrapper kind \"", kind, "\"", call. = FALSE)
  f
}

# Formals that are not arguments of the Python call.
.keras2_lead_formals <- c("object", "...")

# Layer arguments keras 2.x left out when they were NULL.
.keras2_null_dropped <- c("input_shape", "batch_input_shape", "batch_size", "dtype", "name",
                          "trainable", "weights")

.keras2_args <- function(spec, wrapper, frame, call) {
  supplied <- setdiff(names(call)[-1L], "")
  conventions <- spec[["args"]]
  args <- list()
  for (name in setdiff(names(formals(wrapper)), .keras2_lead_formals)) {
    if (isTRUE(spec[["supplied_only"]]) && !name %in% supplied) next
    value <- get(name, envir = frame)
    if (is.null(value) && (!name %in% supplied || name %in% .keras2_null_dropped)) next
    convention <- if (name %in% names(conventions)) conventions[[name]] else NULL
    args[name] <- list(.keras2_argument(name, value, call, convention))
  }
  if ("..." %in% names(formals(wrapper))) {
    dots <- eval(quote(list2(...)), frame)
    if (length(dots) && (is.null(names(dots)) || !all(nzchar(names(dots)))))
      stop(simpleError("arguments in `...` must be named", if (is.call(call)) call))
    for (name in names(dots))
      args[name] <- list(.keras2_argument(name, dots[[name]], call))
  }
  rename <- spec[["rename"]]
  at <- match(names(args), names(rename))
  names(args)[!is.na(at)] <- rename[at[!is.na(at)]]
  args
}

# One argument on its way to Python, by its convention (NULL: the one its
# name has everywhere, or none).
.keras2_argument <- function(name, value, call = NULL, convention = NULL) {
  if (is.null(convention)) convention <- .keras2_convention_of(name)
  if (is.null(value) || is.na(convention) || identical(convention, "none")) return(value)
  f <- get0(paste0(".keras2_convention_", convention), envir = asNamespace("keras"),
            inherits = FALSE)
  if (!is.function(f)) stop("keras: no argument convention \"", convention, "\"", call. = FALSE)
  f(value, name, call)
}

# The conventions arguments have wherever they appear (formals of wrappers
# whose spec does not say otherwise, and named arguments in `...`).
.keras2_conventions_by_name <- c(
  shape = "shape", input_shape = "shape", batch_input_shape = "shape", batch_shape = "shape",
  batch_size = "integer", units = "integer", filters = "integer", seed = "integer",
  epochs = "integer", steps_per_epoch = "integer", validation_steps = "integer",
  steps = "integer", initial_epoch = "integer", input_dim = "integer",
  output_dim = "integer")

# The convention of an argument by its name: .keras2_conventions_by_name, else
# "constraint" for a `*_constraint` (keras 2.x converted every such argument).
.keras2_convention_of <- function(name) {
  convention <- unname(.keras2_conventions_by_name[name])
  if (is.na(convention) && endsWith(name, "_constraint")) "constraint" else convention
}

# ---- the Python objects of a spec ------------------------------------------------------------

# The spec's Python class or function (`what`: "class" or "fun"), from tf_keras,
# kept for the session.
.keras2_py_object <- function(spec, what) {
  key <- paste(spec$name, what)
  object <- .keras2_state$py_objects[[key]]
  if (is.null(object)) {
    module <- keras
    for (part in strsplit(spec$module, ".", fixed = TRUE)[[1L]])
      module <- py_get_attr(module, part)
    attribute <- spec[[what]]
    if (!py_has_attr(module, attribute))
      stop(sprintf("%s() is not available: tf_keras %s has no tf_keras.%s.%s", spec$name,
                   as.character(keras_version()), spec$module, attribute), call. = FALSE)
    object <- py_get_attr(module, attribute)
    assign(key, object, envir = .keras2_state$py_objects)
  }
  object
}

# ---- kinds ---------------------------------------------------------------------------------

# A function of tf_keras (k_*: tf_keras.backend's), its result as reticulate
# converts it (tensors stay tensors).
.keras2_kind_function <- function(spec, args, frame, call) {
  py_call(.keras2_py_object(spec, "fun"), !!!args)
}

# An object made by a class of tf_keras (optimizers, initializers, ...).
.keras2_kind_constructor <- function(spec, args, frame, call) {
  py_call(.keras2_py_object(spec, "class"), !!!args)
}

# A loss or metric: called without `y_true` and `y_pred`, an object of its class
# (to give to compile()); called with them, its function's value for them.
.keras2_kind_function_or_class <- function(spec, args, frame, call) {
  applied <- any(c("y_true", "y_pred") %in% names(call)[-1L])
  py_call(.keras2_py_object(spec, if (applied) "fun" else "class"), !!!args)
}

# A layer, composed with `object` (.keras2_compose()).
.keras2_kind_layer <- function(spec, args, frame, call) {
  object <- if ("object" %in% names(call)) get("object", envir = frame)
  .keras2_compose(object, py_call(.keras2_py_object(spec, "class"), !!!args))
}

# keras 2.x's composition of a new layer with `object`: missing or NULL gives
# the layer; a Sequential model gets the layer added and is returned
# (invisibly); anything else (a tensor, R data) is passed through the layer,
# called as an R function, so that several outputs (an LSTM's with
# `return_state = TRUE`) come back as an R list, and the output returned
# (invisibly, as keras 2.x did).
.keras2_compose <- function(object, layer) {
  if (is.null(object)) return(layer)
  if (inherits(object, "keras.engine.sequential.Sequential")) {
    py_call(py_get_attr(object, "add"), layer)
    return(invisible(object))
  }
  invisible(layer(object))
}

# ---- conventions ---------------------------------------------------------------------------

.keras2_argument_error <- function(name, problem, call) {
  stop(simpleError(sprintf("`%s` %s", name, problem), if (is.call(call)) call))
}

.keras2_whole <- function(x, name, call) {
  if (!is.numeric(x) || !length(x) || anyNA(x) || any(!is.finite(x)) || any(x != trunc(x)) ||
      any(abs(x) > .Machine$integer.max))
    .keras2_argument_error(name, sprintf("must be whole numbers, not %s",
                                         paste(format(utils::head(x, 5L)), collapse = ", ")),
                           call)
  as.integer(x)
}

# A whole number as an integer; several as a tuple of integers. Python
# objects (a tensor) pass.
.keras2_convention_integer <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  if (is.list(value)) return(tuple(lapply(value, .keras2_convention_integer, name, call)))
  value <- .keras2_whole(value, name, call)
  if (length(value) == 1L) value else tuple(as.list(value))
}

# A shape as keras 2.x took it: a tuple of integers, NA or NULL (in a list)
# for an unknown dimension; a TensorShape as its dimensions; Python objects
# among the dimensions (scalar tensors) pass.
.keras2_convention_shape <- function(value, name, call = NULL) {
  if (inherits(value, "tensorflow.python.framework.tensor_shape.TensorShape"))
    value <- py_to_r(py_call(py_get_attr(value, "as_list")))
  else if (is_py_object(value)) return(value)
  tuple(lapply(as.list(value), function(d) {
    if (is.null(d) || is_py_object(d)) return(d)
    if (length(d) == 1L && is.na(d)) return(NULL)
    .keras2_whole(d, name, call)
  }))
}

# keras 2.x's 1-based axes (k_*() functions): 1 is the first axis, -1 the last,
# 0 an error; several give a list.
.keras2_convention_axis <- function(value, name, call = NULL) {
  if (is_py_object(value)) return(value)
  value <- .keras2_whole(unlist(value), name, call)
  if (any(value == 0L))
    .keras2_argument_error(name, "is 1-based (1 is the first axis, -1 the last): 0 is not an axis",
                           call)
  value[value > 0L] <- value[value > 0L] - 1L
  if (length(value) == 1L) value else as.list(value)
}

# An R function as a Python callable named as keras 2.x names it (its
# py_function_name attribute, else the expression the caller wrote, made a
# Python name: `my.loss` is "my_loss"), so Keras shows that name (a metric's
# column in the history). Python callables and other values pass.
.keras2_convention_callable <- function(value, name, call = NULL, expression = NULL) {
  if (!is.function(value) || is_py_object(value)) return(value)
  if (is.null(attr(value, "py_function_name", exact = TRUE)))
    attr(value, "py_function_name") <- .keras2_py_name(expression %||% name)
  value
}

# keras 2.x's Python name of an R expression: its text, made a syntactic name
# with dots as underscores.
.keras2_py_name <- function(expression) {
  if (is.language(expression)) expression <- deparse(expression, width.cutoff = 500L)[[1L]]
  gsub(".", "_", make.names(as.character(expression)), fixed = TRUE)
}
