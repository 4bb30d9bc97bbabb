# keras3's internal helpers under the names keras3 gives them: the peers' test
# suite runs inside the keras3 namespace and calls them (keras_array(),
# random_array(), create_layer(), is_keras_available(), ...). None is exported.

# ---- the platform, the installed Python modules, the installed Keras ----------------------

is_windows <- function() identical(.Platform$OS.type, "windows")

is_osx <- function() identical(Sys.info()[["sysname"]], "Darwin")

is_mac_arm64 <- function() is_osx() && identical(Sys.info()[["machine"]], "arm64")

have_module <- function(module) py_module_available(module)
have_h5py <- function() have_module("h5py")
have_pyyaml <- function() have_module("yaml")
have_requests <- function() have_module("requests")
have_pillow <- function() have_module("PIL")

# The Keras implementation the environment asks for (KERAS_IMPLEMENTATION),
# lower-cased: "keras" unless it says "tensorflow" (tf.keras).
get_keras_implementation <- function(default = "keras")
  tolower(Sys.getenv("KERAS_IMPLEMENTATION", unset = default))

is_tensorflow_implementation <- function(implementation = get_keras_implementation())
  startsWith(implementation, "tensorflow")

is_keras_implementation <- function(implementation = get_keras_implementation())
  identical(implementation, "keras")

# The installed Keras's version as a package_version ("3.15.1.dev0" -> 3.15.1.0).
keras_version <- function() {
  text <- as.character(py_to_r(py_get_attr(keras, "__version__")))
  package_version(gsub("[.-]+", ".", gsub("[^0-9.-]+", ".", text)))
}

is_keras_available <- function(version = NULL) {
  module <- if (is_tensorflow_implementation()) "tensorflow.keras" else "keras"
  if (!py_module_available(module)) return(FALSE)
  is.null(version) || keras_version() >= version
}

is_backend <- function(name) identical(py_to_r(keras$config$backend()), name)

# ---- small R helpers ------------------------------------------------------------------------

is_scalar <- function(x) identical(length(x), 1L)

as_list <- function(x) if (is.null(x) || is.list(x)) x else list(x)

# ---- data ------------------------------------------------------------------------------------

# R data as NumPy arrays (C order), doubles in floatx unless `dtype` says
# otherwise; lists element by element; NULL and Python objects as they are.
keras_array <- function(x, dtype = NULL) {
  if (is.null(x) || is_py_object(x)) return(x)
  if (is.list(x)) return(lapply(x, keras_array))
  if (is.null(dtype) && is.double(x)) dtype <- .floatx()
  np_array(x, dtype = dtype)
}

# An array of the given dimensions filled by gen(n).
random_array <- function(..., gen = stats::runif) {
  dims <- unlist(c(...), use.names = FALSE)
  array(gen(prod(dims)), dim = dims)
}

# ---- layers from classes ---------------------------------------------------------------------

# The layer made by calling LayerClass with `args`, composed with `object`
# when there is one (compose_layer()). R functions given as *_constraint
# become Keras constraints.
create_layer <- function(LayerClass, object, args = list()) {
  object <- if (missing(object)) NULL else object
  for (name in names(args)) {
    if (nzchar(name) && endsWith(name, "_constraint") && is.function(args[[name]]) &&
        !is_py_object(args[[name]]))
      args[[name]] <- .keras_support()$constraint(.as_py_function(args[[name]], name))
  }
  if (!is_py_object(LayerClass)) LayerClass <- r_to_py(LayerClass)
  layer <- do.call(LayerClass, args)
  if (is.null(object)) layer else compose_layer(object, layer)
}

# `layer` applied to `object`: a Sequential model gets it added (and is
# returned invisibly); missing or NULL makes the layer from `...`.
compose_layer <- function(object, layer, ...) {
  if (missing(object) || is.null(object)) return(layer(...))
  if (.is_sequential(object)) {
    if (length(list(...)))
      warning("compose_layer(): the arguments in `...` are not used when adding a layer ",
              "to a Sequential model", call. = FALSE)
    py_call(py_get_attr(object, "add"), layer)
    return(invisible(object))
  }
  layer(object, ...)
}

# The arguments the calling function was given, by name: the formals the
# call supplied (less `ignore`, plus `force`) and what `...` holds, each
# passed through modifiers[[name]] when there is one.
capture_args <- function(modifiers = NULL, ignore = NULL, force = NULL) {
  frame <- parent.frame()
  caller <- sys.parent()
  fn <- sys.function(caller)
  call <- match.call(fn, sys.call(caller), expand.dots = FALSE, envir = parent.frame(2L))
  formal_names <- names(formals(fn))
  wanted <- union(setdiff(setdiff(names(call)[-1L], "..."), ignore), force)
  args <- lapply(stats::setNames(nm = wanted), get, envir = frame)
  if ("..." %in% formal_names && !"..." %in% ignore) {
    dots <- eval(quote(list2(...)), frame)
    keys <- names(dots)
    if (!is.null(keys)) dots <- dots[!keys %in% ignore]
    args <- c(args, dots)
  }
  for (name in intersect(names(args), names(modifiers)))
    args[[name]] <- modifiers[[name]](args[[name]])
  args
}

# A layer_*()-style function for a Layer class: `object` first, then the
# class's constructor arguments, which capture_args() collects.
create_layer_wrapper <- function(Layer, modifiers = NULL, convert = TRUE) {
  if (!isTRUE(convert))
    warning("create_layer_wrapper(): `convert` is ignored", call. = FALSE)
  force(Layer)
  force(modifiers)
  arguments <- .constructor_formals(Layer)
  arguments <- arguments[setdiff(names(arguments), "object")]
  wrapper <- function(object) NULL
  formals(wrapper) <- c(alist(object = ), arguments)
  body(wrapper) <- quote({
    args <- capture_args(modifiers, ignore = "object")
    create_layer(Layer, object, args)
  })
  environment(wrapper) <- list2env(list(Layer = Layer, modifiers = modifiers),
                                   parent = asNamespace("keras3"))
  class(wrapper) <- c("keras_Layer_wrapper", "keras_layer_wrapper", "function")
  wrapper
}

# The formals of a class's constructor: a Python class's signature as Python
# shows it now (the formals of its R proxy may have been made before an R
# `initialize` without `...` set it), an R6 class's `initialize`.
.constructor_formals <- function(Layer) {
  if (inherits(Layer, "R6ClassGenerator")) {
    init <- Layer$public_methods$initialize
    return(if (is.null(init)) alist(... = ) else formals(init))
  }
  if (is_py_object(Layer)) return(formals(.keras_classes_py()$signature_of(Layer)))
  formals(Layer)
}

# ---- R functions as named Python functions ----------------------------------------------------

# keras3's py_func2(): `fn` as a Python function named `name`, with the
# signature of fn's formals, that calls fn with its arguments converted to R
# (`convert = TRUE`) or as the Python objects they are. The name is what Keras
# records for it (register_keras_serializable(), saved configs).
py_func2 <- function(fn, convert, name = deparse(substitute(fn))) {
  if (!is.function(fn) || is_py_object(fn))
    stop("py_func2(): `fn` must be an R function", call. = FALSE)
  if (!isTRUE(convert) && !isFALSE(convert))
    stop("py_func2(): `convert` must be TRUE or FALSE", call. = FALSE)
  .check_string(name, "name")
  .keras_classes_py()$named_function(fn, name, convert)
}
