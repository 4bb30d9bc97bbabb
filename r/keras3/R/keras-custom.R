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
# Members marked by active_property() become Python properties. With
# `callback_hooks = FALSE` (R6 classes) the hooks of a Callback subclass are
# plain methods (0-based, as Keras calls them). The members named in
# `class_methods` (keras3's constructors: `from_config`) are class methods,
# whose first argument is the class, `cls` (added when missing).
.keras_class <- function(classname, members, private = list(), inherit = NULL,
                         default_base = function() NULL, callback_hooks = TRUE,
                         class_methods = "from_config") {
  .check_string(classname, "classname")
  if (length(members) && (is.null(names(members)) || any(!nzchar(names(members)))))
    stop("every member of a class must be named", call. = FALSE)
  if (!is.list(private) || (length(private) && is.null(names(private))))
    stop("`private` must be a named list", call. = FALSE)
  base <- if (is.null(inherit)) default_base() else .keras_base_class(inherit)
  bases <- if (is.null(base)) list() else list(base)
  active <- names(members)[vapply(members, .is_marked_active, TRUE)]
  for (name in active) members[[name]] <- .optional_value(members[[name]])
  class_methods <- intersect(class_methods, names(members)[vapply(members, is.function, NA)])
  .keras_classes_py()$make_class(classname, .keras_methods(members, class_methods), bases,
                                 .keras_private_template(private, base),
                                 properties = as.list(active), callback_hooks = callback_hooks,
                                 class_methods = as.list(class_methods))
}

# A property's function, `function(value)`, called without `value` to get:
# a default that is not a constant lets Python leave it out (R's missing(value)
# is TRUE then); it is an error only if the function reads `value` anyway.
.optional_value <- function(f) {
  arguments <- formals(f)
  taken <- setdiff(names(arguments), c("self", "..."))
  if (length(taken) && identical(arguments[[taken[[1L]]]], quote(expr = ))) {
    arguments[taken[[1L]]] <- list(quote(stop("the property is being read: `value` is missing")))
    formals(f) <- arguments
  }
  f
}

.is_marked_active <- function(x) {
  is.function(x) && !is_py_object(x) && "property" %in% attr(x, "py_decorators", exact = TRUE)
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

.keras_methods <- function(members, class_methods = character()) {
  keys <- names(members)
  keys[keys == "initialize"] <- "__init__"
  keys[keys == "finalize"] <- "__del__"
  names(members) <- keys
  Map(function(m, key) {
    if (!is.function(m) || is_py_object(m)) m
    else .with_first(m, if (key %in% class_methods) "cls" else "self")
  }, members, keys)
}

# `f` with `first` (self, or cls for a class method) as its first argument.
.with_first <- function(f, first) {
  if (is.primitive(f) || identical(names(formals(f))[1L], first)) return(f)
  leading <- alist(. = )
  names(leading) <- first
  formals(f) <- c(leading, formals(f))
  f
}

# A Python class from `inherit`: a class, a Layer() wrapper, a generated
# layer_*() wrapper (layer_dense), or an R6 class generator (converted).
.keras_base_class <- function(inherit) {
  if (is_py_object(inherit)) return(inherit)
  if (inherits(inherit, "R6ClassGenerator")) return(r_to_py(inherit))
  if (is.function(inherit)) {
    class_of <- attr(inherit, "keras_class", exact = TRUE)
    if (is.function(class_of)) return(class_of())
    spec <- .keras_wrapper_spec(inherit)
    if (!is.null(spec) && !is.null(spec$py_class)) return(spec$py_class)
  }
  stop("`inherit` must be a Python class, an R6 class, a Layer() or a layer_*() function",
       call. = FALSE)
}

# ---- models ---------------------------------------------------------------------------------

# keras3: the class; `MyModel(...)` makes a model.
#' Define a model class with R methods
#'
#' @description
#' Creates a Python subclass of `keras$Model` (or of `inherit`) whose methods
#' are the R functions given; calling the class makes a model, as
#' `MyModel(units = 8)`. `new_model_class()` is the same function.
#'
#' Each R function becomes a method with a real Python signature (constant R
#' defaults such as `NULL`, `TRUE`, numbers and strings become Python
#' defaults), since Keras inspects `call()` and `build()`. A method whose first
#' argument is not `self` gets `self` added. `from_config` is a class method:
#' its first argument is the class, `cls` (added when missing), as in
#' `from_config = function(config) cls(!!!config)`. `initialize` is Python's
#' `__init__` (call `super$initialize(...)` in it) and a string at the start
#' of a function body is its docstring. Inside methods, `self`, `super`
#' (`super$call(x)`, `super()$call(x)`), `__class__`, the class under its own
#' name and `private` (an R environment per instance, invisible to Keras) are
#' in scope.
#'
#' `train_step(data)` may unpack its batch with `c(x, y) %<-% data` and return
#' a named list of metrics. The methods are traced by TensorFlow during
#' `fit()`: their R code runs while the graph is built, on R's thread.
#' Models of such classes save with [save_model()] and load with
#' `load_model(path, custom_objects = list(MyModel))`.
#'
#' @param classname The name of the Python class (a single string).
#' @param initialize The constructor, `function(...)`; it creates the layers
#'   as fields of `self`.
#' @param call The forward pass, `function(inputs, training = NULL, mask =
#'   NULL)`.
#' @param train_step,test_step,predict_step Custom steps of `fit()`,
#'   `evaluate()` and `predict()`, `function(data)`.
#' @param compute_loss,compute_metrics Custom loss and metric computations, as
#'   Keras defines them.
#' @param ... Further members of the class, by name: methods or fields.
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members: each instance gets an R
#'   environment `private` holding them.
#' @param inherit The class to derive from instead of `keras$Model`.
#'
#' @returns The Python class; call it to make a model.
#' @seealso [Layer()], [keras_model()], [%<-%]
#' @md
#' @examples
#' \dontrun{
#' TwoLayers <- Model("TwoLayers",
#'   initialize = function(units, ...) {
#'     super$initialize(...)
#'     self$hidden <- layer_dense(units = units, activation = "relu")
#'     self$out <- layer_dense(units = 1)
#'   },
#'   call = function(inputs, training = NULL) {
#'     inputs %>% self$hidden() %>% self$out()
#'   }
#' )
#' model <- TwoLayers(units = 16)
#' model %>% compile(optimizer = "adam", loss = "mse")
#' }
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

#' @rdname Model
new_model_class <- Model

# ---- layers ---------------------------------------------------------------------------------

# keras3: a layer_*()-style function, `object` first so it pipes; the class
# is made the first time it is used.
#' Define a layer with R methods
#'
#' @description
#' Defines a Python subclass of `keras$layers$Layer` (or of `inherit`) whose
#' methods are the R functions given, and returns a `layer_*()`-style function
#' for it. That function takes `object` first, so it pipes like the built-in
#' layers: with `object` missing or `NULL` it returns a new layer; with a
#' Sequential model it adds the layer to the model (in place) and returns the
#' model invisibly; with a tensor it returns the layer applied to it. Its other
#' arguments go to the class's `initialize` (name them: the first unnamed
#' argument is `object`); counts and shapes among them (`units`,
#' `input_shape`, ...) become integers as for the built-in layers. The class itself is made the first time the function is
#' used. `new_layer_class()` is the same function.
#'
#' Methods are made as for [Model()]: real Python signatures, `self` added
#' when missing, `initialize` as `__init__`, `self`, `super`, `__class__` and
#' `private` in scope. `build(input_shape)` gets the shape as a list, such as
#' `list(NULL, 10L)` (`NULL` for the batch dimension).
#'
#' To load a saved model with such layers, give the function (it stands for its
#' class) in `load_model(path, custom_objects = list(layer_scale))`.
#'
#' @param classname The name of the Python class (a single string).
#' @param initialize The constructor, `function(...)`.
#' @param call The forward pass, `function(inputs, ...)`.
#' @param build `function(input_shape)`, which creates the weights (with
#'   `self$add_weight()`) the first time the layer sees an input.
#' @param get_config `function()` returning the named list of constructor
#'   arguments, so that the layer can be saved and loaded.
#' @param ... Further members of the class, by name: methods or fields.
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members: each instance gets an R
#'   environment `private` holding them.
#' @param inherit The class to derive from instead of `keras$layers$Layer`: a
#'   Python class, another `Layer()` function, or a built-in layer function
#'   such as `layer_dense`.
#'
#' @returns A function `function(object, ...)` that makes the layer (see
#'   above).
#' @seealso [Model()], [%py_class%]
#' @md
#' @examples
#' \dontrun{
#' layer_scale <- Layer("Scale",
#'   initialize = function(factor = 2, ...) {
#'     super$initialize(...)
#'     self$factor <- factor
#'   },
#'   call = function(inputs) inputs * self$factor,
#'   get_config = function() list(factor = self$factor)
#' )
#' model <- keras_model_sequential(input_shape = 3) %>%
#'   layer_scale(factor = 10) %>%
#'   layer_dense(1)
#' }
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

#' @rdname Layer
new_layer_class <- Layer

# Named counts and shapes (units = 2, input_shape = 3) as layer_*() passes
# them: Keras's own constructors, reached through `inherit`, want integers.
.keras_counts_and_shapes <- function(args) {
  for (name in intersect(names(args), c(.keras_integer_args, .keras_shape_args)))
    if (!is.null(args[[name]])) args[[name]] <- .keras_argument(name, args[[name]])
  args
}

# ---- losses and metrics -----------------------------------------------------------------------

#' Define a loss class with R methods
#'
#' @description
#' Creates a Python subclass of `keras$losses$Loss` (or of `inherit`) whose
#' `call(y_true, y_pred)` is the R function given; Keras reduces the
#' per-sample values it returns (by their mean, unless the loss is made with
#' another `reduction`). Calling the class makes a loss for
#' [compile()][compile.keras.src.models.model.Model]. Methods are made as for
#' [Model()]. `new_loss_class()` is the same function.
#'
#' @param classname The name of the Python class (a single string).
#' @param call `function(y_true, y_pred)`, returning the loss of each sample.
#' @param ... Further members of the class, by name.
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members.
#' @param inherit The class to derive from instead of `keras$losses$Loss`.
#'
#' @returns The Python class; call it to make a loss.
#' @seealso [Metric()]
#' @md
#' @examples
#' \dontrun{
#' MeanFourth <- Loss("MeanFourth",
#'   call = function(y_true, y_pred) op_mean(op_square(op_square(y_true - y_pred)), axis = -1)
#' )
#' model %>% compile(optimizer = "adam", loss = MeanFourth())
#' }
Loss <- function(classname, call = NULL, ..., public = list(), private = list(), inherit = NULL) {
  .keras_class(classname, c(.keras_method_args(list(call = call)), list2(...), public), private,
               inherit, function() keras$losses$Loss)
}

#' Define a metric class with R methods
#'
#' @description
#' Creates a Python subclass of `keras$metrics$Metric` (or of `inherit`), a
#' stateful metric: `initialize` creates its state variables (with
#' `self$add_variable()`), `update_state(y_true, y_pred, sample_weight =
#' NULL)` updates them for each batch and `result()` computes the value from
#' them. Calling the class makes a metric for
#' [compile()][compile.keras.src.models.model.Model]. Methods are made as for
#' [Model()]. `new_metric_class()` is the same function.
#'
#' @param classname The name of the Python class (a single string).
#' @param initialize The constructor; it creates the state variables.
#' @param update_state `function(y_true, y_pred, sample_weight = NULL)`.
#' @param result `function()`, returning the metric's current value.
#' @param ... Further members of the class, by name (such as `reset_state`).
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members.
#' @param inherit The class to derive from instead of `keras$metrics$Metric`.
#'
#' @returns The Python class; call it to make a metric.
#' @seealso [Loss()]
#' @md
#' @examples
#' \dontrun{
#' TotalError <- Metric("TotalError",
#'   initialize = function(name = "total_error", ...) {
#'     super$initialize(name = name, ...)
#'     self$total <- self$add_variable(shape = shape(), initializer = "zeros",
#'                                     name = "total")
#'   },
#'   update_state = function(y_true, y_pred, sample_weight = NULL) {
#'     self$total$assign_add(op_sum(op_abs(y_true - y_pred)))
#'   },
#'   result = function() self$total
#' )
#' model %>% compile(optimizer = "adam", loss = "mse", metrics = list(TotalError()))
#' }
Metric <- function(classname, initialize = NULL, update_state = NULL, result = NULL, ...,
                   public = list(), private = list(), inherit = NULL) {
  members <- .keras_method_args(list(initialize = initialize, update_state = update_state,
                                     result = result))
  .keras_class(classname, c(members, list2(...), public), private, inherit,
               function() keras$metrics$Metric)
}

#' @rdname Loss
new_loss_class <- Loss

#' @rdname Metric
new_metric_class <- Metric

# ---- constraints and learning rate schedules ------------------------------------------

#' Define a weight constraint class with R methods
#'
#' @description
#' Creates a Python subclass of `keras$constraints$Constraint` (or of
#' `inherit`): `call(w)` returns the constrained weights (it becomes the
#' class's `__call__`), and Keras applies it to a layer's weights after each
#' update. Calling the class makes a constraint, for arguments such as
#' `kernel_constraint` of [layer_dense()]. Methods are made as for [Model()].
#'
#' @param classname The name of the Python class (a single string).
#' @param call `function(w)`, returning the constrained weight tensor.
#' @param get_config `function()` returning the constructor's arguments as a
#'   named list, so that models using the constraint can be saved.
#' @param ... Further members of the class, by name (such as `initialize`).
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members.
#' @param inherit The class to derive from instead of
#'   `keras$constraints$Constraint`.
#'
#' @returns The Python class; call it to make a constraint.
#' @seealso [Layer()]
#' @md
#' @examples
#' \dontrun{
#' NonNegative <- Constraint("NonNegative",
#'   call = function(w) w * op_cast(w >= 0, dtype = w$dtype)
#' )
#' layer <- layer_dense(units = 4, kernel_constraint = NonNegative())
#' }
Constraint <- function(classname, call = NULL, get_config = NULL, ..., public = list(),
                       private = list(), inherit = NULL) {
  members <- .keras_method_args(list(`__call__` = call, get_config = get_config))
  .keras_class(classname, c(members, list2(...), public), private, inherit,
               function() keras$constraints$Constraint)
}

#' Define a learning rate schedule class with R methods
#'
#' @description
#' Creates a Python subclass of
#' `keras$optimizers$schedules$LearningRateSchedule` (or of `inherit`):
#' `call(step)` gives the learning rate at a training step (a tensor counted
#' from 0; it becomes the class's `__call__`). Calling the class makes a
#' schedule to give as an optimizer's `learning_rate`. Methods are made as
#' for [Model()].
#'
#' @param classname The name of the Python class (a single string).
#' @param call `function(step)`, returning the learning rate.
#' @param initialize The constructor, `function(...)`.
#' @param get_config `function()` returning the constructor's arguments as a
#'   named list, so that optimizers using the schedule can be saved.
#' @param ... Further members of the class, by name.
#' @param public A named list of further members, as `...`.
#' @param private A named list of private members.
#' @param inherit The class to derive from instead of `LearningRateSchedule`.
#'
#' @returns The Python class; call it to make a schedule.
#' @md
#' @examples
#' \dontrun{
#' Halving <- new_learning_rate_schedule_class("Halving",
#'   initialize = function(start, every) {
#'     self$start <- start
#'     self$every <- every
#'   },
#'   call = function(step) {
#'     self$start * 0.5 ^ op_floor(op_cast(step, "float32") / self$every)
#'   }
#' )
#' optimizer <- optimizer_sgd(learning_rate = Halving(0.1, 1000))
#' }
new_learning_rate_schedule_class <- function(classname, call = NULL, initialize = NULL,
                                             get_config = NULL, ..., public = list(),
                                             private = list(), inherit = NULL) {
  members <- .keras_method_args(list(initialize = initialize, `__call__` = call,
                                     get_config = get_config))
  .keras_class(classname, c(members, list2(...), public), private, inherit,
               function() keras$optimizers$schedules$LearningRateSchedule)
}

# `MyLayer(keras$layers$Layer) %py_class% { call <- function(x) ... }`: the
# body's assignments are the members (`private <- list(...)` the private
# ones, a leading string the docstring); the class is assigned to `MyLayer`
# in the calling environment.
#' Define a Python class with R syntax
#'
#' @description
#' `ClassName(Base) %py_class% { ... }` makes a Python class named
#' `ClassName` deriving from `Base` (a Python class, such as
#' `keras$layers$Layer`) and assigns it to `ClassName` in the calling
#' environment. The body is evaluated in a new environment and each value it
#' assigns becomes a member of the class: functions become methods, as for
#' [Model()] (`initialize` is `__init__`, `self` is added when missing,
#' `super` and `private` are in scope). An assignment `private <- list(...)`
#' gives the private members, and a string at the start of the body is the
#' class's docstring. Active bindings made in the body with
#' [`%<-active%`] become Python properties. `ClassName %py_class% { ... }`
#' makes a class without a base.
#'
#' @param spec `ClassName(Base)` or `ClassName`, unevaluated.
#' @param body The class body, a braced block, unevaluated.
#'
#' @returns The class, invisibly (it is also assigned to `ClassName`).
#' @seealso [Layer()], [Model()]
#' @md
#' @examples
#' \dontrun{
#' Doubler(keras$layers$Layer) %py_class% {
#'   "A layer that doubles its inputs."
#'   call <- function(inputs) inputs * 2
#' }
#' layer <- Doubler()
#' }
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
  members <- lapply(stats::setNames(nm = sort(ls(scope, all.names = TRUE))), function(name) {
    if (bindingIsActive(name, scope)) active_property(activeBindingFunction(name, scope))
    else get(name, envir = scope, inherits = FALSE)
  })
  if (is.call(body) && identical(body[[1L]], as.name("{")) && length(body) > 1L &&
      is.character(body[[2L]]) && is.null(members$`__doc__`))
    members$`__doc__` <- body[[2L]]
  private <- if (is.list(members$private)) members$private else list()
  members$private <- NULL
  cls <- .keras_class(classname, members, private, if (length(bases)) bases[[1L]],
                      class_methods = character())
  assign(classname, cls, envir = env)
  invisible(cls)
}

# ---- R6 classes ---------------------------------------------------------------------------

# keras3: an R6 class generator as a Python class. Public fields and methods
# are members (`clone` left out), active bindings properties, private fields
# and methods the `private` environment of each instance; `inherit` is the
# R6 class's (a Python class, another R6 class converted in turn, or none).
# Callback hooks are Keras's own (0-based), as in keras3.
#' Convert an R6 class to a Python class
#'
#' @description
#' `r_to_py()` of an R6 class generator (from `R6::R6Class()`) makes a Python
#' class, as R's keras3 does, so that an R6 class with `inherit =
#' keras$layers$Layer` (or `keras$callbacks$Callback`, ...) can be used where
#' Keras wants a class: call the result to make instances.
#'
#' * Public methods become methods (`self` added as the first argument;
#'   `initialize` is `__init__`), public fields class attributes, and active
#'   bindings Python properties. The `clone` method R6 adds is left out.
#' * Private fields and methods make up `private`, an R environment per
#'   instance that Python does not see.
#' * The base class is the R6 class's `inherit`: a Python class, or another
#'   R6 class (converted too); without one, Python's `object`.
#' * Inside methods `self`, `super` (`super$initialize(...)`,
#'   `super()$"__init__"(...)`) and `private` are in scope.
#'
#' The hooks of a callback class made this way are called as Keras calls them:
#' epochs and batches count **from 0**, and what they return is ignored (the
#' keras3 way of writing callbacks is [Callback()], counting from 1).
#'
#' @param x An R6 class generator.
#' @param convert Ignored, as in R's keras3: methods always get their
#'   arguments converted to R.
#'
#' @returns A Python class.
#' @method r_to_py R6ClassGenerator
#' @seealso [Layer()], [Callback()], [`%py_class%`]
#' @md
#' @examples
#' \dontrun{
#' LossHistory <- R6::R6Class("LossHistory",
#'   inherit = keras$callbacks$Callback,
#'   public = list(
#'     losses = NULL,
#'     on_batch_end = function(batch, logs = list()) {
#'       self$losses <- c(self$losses, logs[["loss"]])
#'     }
#'   )
#' )
#' history <- r_to_py(LossHistory)()
#' model %>% fit(x, y, callbacks = list(history))
#' history$losses
#' }
r_to_py.R6ClassGenerator <- function(x, convert = TRUE) {
  inherit <- x$get_inherit()
  members <- c(x$public_fields, x$public_methods, lapply(x$active, active_property))
  members$clone <- NULL
  private <- c(x$private_fields, x$private_methods)
  if (is.null(private)) private <- list()
  .keras_class(x$classname, members, private, inherit, callback_hooks = FALSE,
               class_methods = character())
}

#' Make an active binding
#'
#' @description
#' `sym %<-active% fn` makes `sym` an active binding in the calling
#' environment ([makeActiveBinding()]): reading `sym` calls `fn()`, assigning
#' to it calls `fn(value)`. In the body of a [`%py_class%`] definition, such a
#' binding becomes a Python property of the class.
#'
#' @param sym The name to bind (unevaluated).
#' @param value A function, `function(value)`; `value` is missing when the
#'   binding is read.
#'
#' @returns `value`, invisibly.
#' @seealso [active_property()]
#' @md
#' @examples
#' \dontrun{
#' counter <- 0
#' ticks %<-active% function(value) {
#'   if (missing(value)) counter <<- counter + 1 else counter <<- value
#'   counter
#' }
#' ticks
#' ticks
#' rm(ticks)
#' }
`%<-active%` <- function(sym, value) {
  if (!is.function(value))
    stop("`%<-active%`: the value must be a function, function(value)", call. = FALSE)
  makeActiveBinding(substitute(sym), value, parent.frame())
  invisible(value)
}

#' Mark a method as a Python property
#'
#' @description
#' `active_property(fn)` marks an R function so that, given as a member of a
#' custom class ([Model()], [Layer()], [Callback()], [`%py_class%`], ...), it
#' becomes a Python property instead of a method: reading the attribute calls
#' `fn()` (with `self` in scope), and when `fn` takes an argument, assigning
#' to the attribute calls `fn(value)`. `mark_active()` is the same function.
#'
#' @param fn An R function.
#'
#' @returns `fn`, marked (its `py_decorators` attribute includes
#'   `"property"`).
#' @md
#' @examples
#' \dontrun{
#' Trainer <- Model("Trainer",
#'   initialize = function(...) {
#'     super$initialize(...)
#'     self$loss_tracker <- metric_mean(name = "loss")
#'   },
#'   metrics = active_property(function() list(self$loss_tracker))
#' )
#' }
active_property <- function(fn) {
  if (!is.function(fn) || is_py_object(fn))
    stop("active_property(): `fn` must be an R function", call. = FALSE)
  attr(fn, "py_decorators") <- union(attr(fn, "py_decorators", exact = TRUE), "property")
  fn
}

#' @rdname active_property
mark_active <- active_property
