# Custom models, layers, losses and metrics whose methods are R functions
# (docs/keras-r-code.md; Python side: pyreticulate.keras.classes and the
# bridge's Python classes).
#
# Each is a real Python subclass of the Keras class. R functions become
# methods with their real Python signatures (constant R defaults become
# Python defaults, e.g. `def call(self, inputs, training=None, mask=None,
# **kwargs)`, which Keras inspects). `self` is prepended when missing;
# `initialize` is `__init__` (it returns None) and `finalize` `__del__`; a
# leading string in the body is the docstring. Inside methods `self`, `super`
# (`super$initialize(...)`, `super()$call(x)`), `__class__` and `private` (an
# R environment of the instance, invisible to Keras) are in scope. Such models
# save with save_model() and load with load_model(custom_objects = list(Cls)).

.keras_classes_py <- function() import("pyreticulate.keras.classes")

.check_string <- function(x, what) {
  if (!is.character(x) || length(x) != 1L || is.na(x) || !nzchar(x))
    stop(sprintf("`%s` must be a single non-empty string", what), call. = FALSE)
  invisible(x)
}

# The class `classname` deriving from `inherit` (default: `default_base()`).
.keras_class <- function(classname, members, private = list(), inherit = NULL,
                         default_base = function() NULL) {
  .check_string(classname, "classname")
  if (length(members) && (is.null(names(members)) || any(!nzchar(names(members)))))
    stop("every member of a class must be named", call. = FALSE)
  if (!is.list(private) || (length(private) && is.null(names(private))))
    stop("`private` must be a named list", call. = FALSE)
  base <- if (is.null(inherit)) default_base() else .keras_base_class(inherit)
  bases <- if (is.null(base)) list() else list(base)
  .keras_classes_py()$make_class(classname, .keras_methods(members), bases,
                                 .keras_private_template(private, base))
}

# The private members of a class: those of its base class (an R class) and its own.
.keras_private_template <- function(private, base) {
  template <- list2env(private, parent = emptyenv())
  inherited <- if (!is.null(base)) py_get_attr(base, "_pyr_private", silent = TRUE)
  if (is.environment(inherited))
    for (name in setdiff(ls(inherited, all.names = TRUE), names(private)))
      assign(name, get(name, envir = inherited), envir = template)
  template
}

# The named methods given as arguments (initialize = , call = , on_epoch_end = ...)
# must be R functions; NULL ones are dropped.
.keras_method_args <- function(methods) {
  methods <- .drop_nulls(methods)
  for (name in names(methods))
    if (!is.function(methods[[name]]) || is_py_object(methods[[name]]))
      stop(sprintf("`%s` must be an R function, not %s", name,
                   .describe_value(methods[[name]])), call. = FALSE)
  methods
}

.keras_methods <- function(members) {
  keys <- names(members)
  keys[keys == "initialize"] <- "__init__"
  keys[keys == "finalize"] <- "__del__"
  names(members) <- keys
  lapply(members, function(m) if (is.function(m) && !is_py_object(m)) .with_self(m) else m)
}

.with_self <- function(f) {
  if (is.primitive(f) || identical(names(formals(f))[1L], "self")) return(f)
  formals(f) <- c(alist(self = ), formals(f))
  f
}

# A Python class from `inherit`: a class, a Layer() wrapper, or a generated
# layer_*() wrapper (layer_dense).
.keras_base_class <- function(inherit) {
  if (is_py_object(inherit)) return(inherit)
  if (is.function(inherit)) {
    class_of <- attr(inherit, "keras_class", exact = TRUE)
    if (is.function(class_of)) return(class_of())
    spec <- get0(".spec", envir = environment(inherit), inherits = FALSE)
    if (is.list(spec) && !is.null(spec$py_class)) return(spec$py_class)
  }
  stop("`inherit` must be a Python class, a Layer() or a layer_*() function", call. = FALSE)
}

# ---- models ---------------------------------------------------------------------------------

# keras3: the class; `MyModel(...)` makes a model.
Model <- function(classname, initialize = NULL, call = NULL, train_step = NULL,
                  predict_step = NULL, test_step = NULL, compute_loss = NULL,
                  compute_metrics = NULL, ..., public = list(), private = list(),
                  inherit = NULL) {
  members <- .keras_method_args(list(
    initialize = initialize, call = call, train_step = train_step,
    predict_step = predict_step, test_step = test_step, compute_loss = compute_loss,
    compute_metrics = compute_metrics))
  .keras_class(classname, c(members, list2(...), public), private, inherit,
               function() keras$Model)
}

new_model_class <- Model

# ---- layers ---------------------------------------------------------------------------------

# keras3: a layer_*()-style function, `object` first so it pipes; the class
# is made the first time it is used.
Layer <- function(classname, initialize = NULL, call = NULL, build = NULL, get_config = NULL,
                  ..., public = list(), private = list(), inherit = NULL) {
  members <- c(.keras_method_args(list(initialize = initialize, call = call, build = build,
                                       get_config = get_config)), list2(...), public)
  .check_string(classname, "classname")
  force(private)
  force(inherit)
  made <- NULL
  class_of <- function() {
    if (is.null(made))
      made <<- .keras_class(classname, members, private, inherit, function() keras$layers$Layer)
    made
  }
  wrapper <- function(object, ...) {
    layer <- class_of()(!!!.keras_counts_and_shapes(list2(...)))
    if (missing(object) || is.null(object)) return(layer)
    if (.is_sequential(object)) {
      py_call(py_get_attr(object, "add"), layer)
      return(invisible(object))
    }
    layer(object)
  }
  attr(wrapper, "keras_class") <- class_of
  wrapper
}

new_layer_class <- Layer

# Named counts and shapes (units = 2, input_shape = 3) as layer_*() passes
# them: Keras's own constructors, reached through `inherit`, want integers.
.keras_counts_and_shapes <- function(args) {
  for (name in intersect(names(args), c(.keras_integer_args, .keras_shape_args)))
    if (!is.null(args[[name]])) args[[name]] <- .keras_argument(name, args[[name]])
  args
}

# ---- losses and metrics -----------------------------------------------------------------------

Loss <- function(classname, call = NULL, ..., public = list(), private = list(), inherit = NULL) {
  .keras_class(classname, c(.keras_method_args(list(call = call)), list2(...), public), private,
               inherit, function() keras$losses$Loss)
}

Metric <- function(classname, initialize = NULL, update_state = NULL, result = NULL, ...,
                   public = list(), private = list(), inherit = NULL) {
  members <- .keras_method_args(list(initialize = initialize, update_state = update_state,
                                     result = result))
  .keras_class(classname, c(members, list2(...), public), private, inherit,
               function() keras$metrics$Metric)
}

# `MyLayer(keras$layers$Layer) %py_class% { call <- function(x) ... }`: the
# body's assignments are the members (`private <- list(...)` the private
# ones, a leading string the docstring); the class is assigned to `MyLayer`
# in the calling environment.
`%py_class%` <- function(spec, body) {
  spec <- substitute(spec)
  env <- parent.frame()
  if (is.name(spec)) {
    classname <- as.character(spec)
    bases <- list()
  } else if (is.call(spec) && is.name(spec[[1L]])) {
    classname <- as.character(spec[[1L]])
    bases <- lapply(as.list(spec)[-1L], eval, envir = env)
  } else {
    stop("%py_class%: write ClassName(Base) %py_class% { ... }", call. = FALSE)
  }
  if (length(bases) > 1L) stop("%py_class%: give at most one base class", call. = FALSE)
  scope <- new.env(parent = env)
  body <- substitute(body)
  eval(body, scope)
  members <- as.list(scope, all.names = TRUE, sorted = TRUE)
  if (is.call(body) && identical(body[[1L]], as.name("{")) && length(body) > 1L &&
      is.character(body[[2L]]) && is.null(members$`__doc__`))
    members$`__doc__` <- body[[2L]]
  private <- if (is.list(members$private)) members$private else list()
  members$private <- NULL
  cls <- .keras_class(classname, members, private, if (length(bases)) bases[[1L]])
  assign(classname, cls, envir = env)
  invisible(cls)
}
