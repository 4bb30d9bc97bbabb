# Python classes written in R, keras 2.x's way: r_to_py() of an R6 class,
# %py_class%, new_layer_class() and the other new_*_class(), mark_active()
# and %<-active%. The classes are made by pyreticulate.keras.classes on
# tf_keras's bases: real Python subclasses whose methods are the R functions,
# with Python signatures tf_keras can inspect, `self`, `super` (R6's
# `super$initialize(...)` and Python's `super()$`__init__`(...)`), `private`
# (an R environment of each instance) and `__class__` in scope. As in keras
# 2.x, shapes reach build() as tf_keras gives them (a TensorShape), callback
# hooks are Keras's own (0-based), and `convert = FALSE` gives the methods
# their arguments as Python objects. Python always runs under pyreticulate,
# so classes are made at once (keras 2.x delayed them in packages until
# Python started).
#
# r_to_py() of an R6 class is also keras3's: whichever package loads last
# registers its method, and keras registers its own again when keras3 loads
# after it (.keras2_shared_s3_methods, package.R). It hands keras3 the R6
# classes rooted in Keras 3's classes, and the plain ones converted without
# `convert` while keras3 is loaded (keras3 always converts); it converts the
# others (docs/keras2.md, "S3 classes both packages use").
#
# NAMESPACE: S3method(r_to_py, R6ClassGenerator)
# NAMESPACE: S3method("$", py_R6ClassGenerator)
# NAMESPACE: S3method(print, py_R6ClassGenerator)
# NAMESPACE: S3method(pillar::type_sum, py_R6ClassGenerator)

.keras2_classes_py <- function() import("pyreticulate.keras.classes")

#' Convert an R6 class to a Python class
#'
#' @description
#' `r_to_py()` of an R6 class generator (from `R6::R6Class()`) makes a Python
#' class, so that an R6 class with `inherit = keras$layers$Layer` (or another
#' Keras class) can be used where Keras wants a class; call the result to make
#' instances. Public methods become methods (`initialize` is `__init__`,
#' `finalize` `__del__`, and `self` is added as their first argument), public
#' fields class attributes, active bindings Python properties; private
#' fields and methods make `private`, an R environment per instance. The base
#' class is the R6 class's `inherit`: a Python class, another R6 class
#' (converted too), a layer function from [create_layer_wrapper()], a
#' `layer_*()` function (its class), or a list of them. Without `__module__`
#' among the fields, the class's module is `"R6type"` (its instances' R class
#' is `R6type.<classname>`).
#'
#' Inside methods, `self`, `super` (`super$initialize(...)` or
#' `super()$"__init__"(...)`), `private` and `__class__` are in scope. Shapes
#' reach `build()` as tf_keras gives them (a `TensorShape`), and callback
#' hooks get Keras's indices (from 0).
#'
#' @param x An R6 class generator.
#' @param convert Whether the methods get their arguments converted to R
#'   (`FALSE`: as Python objects, `self` included).
#' @returns A Python class.
#' @method r_to_py R6ClassGenerator
#' @family layer customization
#' @md
#' @examples
#' \dontrun{
#' Scale <- R6::R6Class("Scale", inherit = keras$layers$Layer,
#'   public = list(
#'     initialize = function(factor, ...) {
#'       super$initialize(...)
#'       self$factor <- factor
#'     },
#'     call = function(x, mask = NULL) x * self$factor
#'   ))
#' layer <- r_to_py(Scale, convert = TRUE)(factor = 2)
#' }
r_to_py.R6ClassGenerator <- function(x, convert = FALSE) {
  keras3 <- .keras2_keras3_r6_method()
  if (is.function(keras3) && .keras2_r6_is_keras3(x, missing(convert)))
    return(keras3(x, convert))
  .keras2_py_class_of_r6(x, convert)
}

# keras3's r_to_py() of R6 classes, when keras3 is loaded.
.keras2_keras3_r6_method <- function() {
  if (!isNamespaceLoaded("keras3")) return(NULL)
  get0("r_to_py.R6ClassGenerator", envir = asNamespace("keras3"), inherits = FALSE)
}

# Whether keras3 should convert the R6 class: it is rooted in Keras 3's
# classes, or plain (no base) and converted without `convert`.
.keras2_r6_is_keras3 <- function(generator, convert_missing) {
  root <- generator
  while (inherits(root, "R6ClassGenerator")) {
    if (identical(root, KerasLayer) || identical(root, KerasWrapper)) return(FALSE)
    root <- root$get_inherit()
  }
  if (is.null(root)) return(convert_missing)
  bases <- if (is.list(root) && !is_py_object(root)) root else list(root)
  any(vapply(bases, function(base) {
    if (inherits(base, "keras_layer_wrapper")) base <- attr(base, "Layer", exact = TRUE)
    if (inherits(base, "R6ClassGenerator")) return(.keras2_r6_is_keras3(base, FALSE))
    is_py_object(base) && .keras2_is_keras3_class(base)
  }, NA))
}

# Whether a Python class derives from a class of Keras 3 (module keras.*;
# tf_keras's are tf_keras.*).
.keras2_is_keras3_class <- function(cls) {
  if (!py_has_attr(cls, "__mro__")) return(FALSE)
  modules <- vapply(iterate(py_get_attr(cls, "__mro__")), function(base)
    as.character(py_to_r(py_get_attr(base, "__module__"))), "")
  any(startsWith(modules, "keras."))
}

# The Python class of an R6 class generator (the work of r_to_py()).
.keras2_py_class_of_r6 <- function(generator, convert = FALSE) {
  members <- c(generator$public_fields, generator$public_methods)
  members$clone <- NULL
  active <- generator$active
  members[names(active)] <- active
  if (is.null(members$`__module__`)) members$`__module__` <- "R6type"
  private <- c(generator$private_fields, generator$private_methods)
  cls <- .keras2_py_class(generator$classname, members, private,
                          .keras2_py_bases(generator$get_inherit(), convert),
                          properties = names(active), convert = convert)
  structure(cls, r6_class = generator, class = unique(c("py_R6ClassGenerator", class(cls))))
}

#' Methods of Python classes made from R6 classes
#'
#' @description
#' A class made by `r_to_py()` of an R6 class (or by [`%py_class%`],
#' [new_layer_class()], ...) keeps its R6 class: `MyClass$new(...)` makes an
#' instance, as for the R6 class (other members are the Python class's);
#' `print()` shows the Python class, then the R6 class; pillar's `type_sum()`
#' (the type in a tibble) is its R class without the `"R6type."` module.
#'
#' @param x A class made from an R6 class.
#' @param name A member name.
#' @param ... Ignored.
#' @returns `$`: the member (`new`: the class itself, to call). `print()`:
#'   `x`, invisibly. `type_sum()`: a string.
#' @name py_R6ClassGenerator-methods
#' @keywords internal
#' @md
#' @examples
#' \dontrun{
#' Counter %py_class% {
#'   initialize <- function() self$n <- 0
#' }
#' counter <- Counter$new()
#' print(Counter)
#' }
NULL

#' @rdname py_R6ClassGenerator-methods
#' @method $ py_R6ClassGenerator
`$.py_R6ClassGenerator` <- function(x, name) {
  if (identical(name, "new")) return(x)
  NextMethod()
}

#' @rdname py_R6ClassGenerator-methods
#' @method print py_R6ClassGenerator
print.py_R6ClassGenerator <- function(x, ...) {
  NextMethod()
  print(attr(x, "r6_class", exact = TRUE))
  invisible(x)
}

#' @rdname py_R6ClassGenerator-methods
#' @method type_sum py_R6ClassGenerator
type_sum.py_R6ClassGenerator <- function(x) sub("^R6type[.]", "", class(x)[[1L]])

# The Python bases of `inherit`: NULL (none), a Python class, an R6 class
# (converted), a create_layer_wrapper() function, a generated layer_*()
# function (its class), or a list of them.
.keras2_py_bases <- function(inherit, convert) {
  if (is.null(inherit)) return(list())
  if (is.list(inherit) && !is_py_object(inherit))
    return(unlist(lapply(unname(inherit), .keras2_py_bases, convert), recursive = FALSE))
  if (inherits(inherit, "R6ClassGenerator")) {
    if (.keras2_r6_inherits(inherit, KerasLayer) || .keras2_r6_inherits(inherit, KerasWrapper))
      stop(sprintf(paste0("%s inherits KerasLayer or KerasWrapper (made with create_layer() or ",
                          "create_wrapper()), which is not a Python class: inherit ",
                          "keras$layers$Layer instead"), inherit$classname), call. = FALSE)
    return(list(r_to_py(inherit, convert)))
  }
  if (inherits(inherit, "keras_layer_wrapper")) return(list(r_to_py(inherit, convert)))
  if (is_py_object(inherit)) return(list(inherit))
  spec <- if (is.function(inherit)) get0(".spec", environment(inherit), inherits = FALSE)
  if (inherits(spec, "keras2_wrapper_spec") && !is.null(spec$class))
    return(list(.keras2_py_object(spec, "class")))
  stop("a base class must be a Python class, an R6 class or a layer function, not ",
       paste(class(inherit), collapse = "/"), call. = FALSE)
}

# A Python class named `classname` deriving from `bases`, with `members`
# (functions as methods: `initialize` is __init__, `finalize` __del__, `self`
# added first) and `private` (the initial members of each instance's private
# environment, after the bases' own). `properties` name the members that are
# properties.
.keras2_py_class <- function(classname, members, private, bases, properties = character(),
                             convert = TRUE) {
  if (!is.character(classname) || length(classname) != 1L || is.na(classname) ||
      !nzchar(classname))
    stop("the class name must be a single non-empty string", call. = FALSE)
  if (length(members) && (is.null(names(members)) || !all(nzchar(names(members)))))
    stop("every member of a class must be named", call. = FALSE)
  for (pair in list(c("initialize", "__init__"), c("finalize", "__del__")))
    if (all(pair %in% names(members)))
      stop(sprintf("give `%s` or `%s`, not both", pair[[1L]], pair[[2L]]), call. = FALSE)
  names(members)[names(members) == "initialize"] <- "__init__"
  names(members)[names(members) == "finalize"] <- "__del__"
  members <- lapply(members, function(member)
    if (is.function(member) && !is_py_object(member)) .keras2_with_self(member) else member)
  template <- list2env(as.list(private), parent = emptyenv())
  for (base in bases) {
    inherited <- py_get_attr(base, "_pyr_private", silent = TRUE)
    if (is.environment(inherited) && !is_py_object(inherited))
      for (name in setdiff(ls(inherited, all.names = TRUE), names(private)))
        assign(name, get(name, envir = inherited), envir = template)
  }
  .keras2_classes_py()$make_class(classname, members, bases, template,
                                  properties = as.list(properties), callback_hooks = FALSE,
                                  tuple_shapes = FALSE, convert = convert,
                                  optional_args = TRUE, autograph = FALSE)
}

.keras2_with_self <- function(f) {
  if (is.primitive(f) || identical(names(formals(f))[1L], "self")) return(f)
  formals(f) <- c(alist(self = ), formals(f))
  f
}

#' Define a Python class with R syntax
#'
#' @description
#' `ClassName(Base) %py_class% { ... }` makes a Python class named
#' `ClassName` deriving from `Base` (a Python class such as
#' `keras$layers$Layer`, another `%py_class%` class, or several in a list) and
#' assigns it to `ClassName` in the calling environment; `ClassName %py_class%
#' { ... }` makes one without a base. The body is evaluated in a new
#' environment and what it assigns becomes the class's members, as for an R6
#' class converted by `r_to_py()`: functions are methods (`initialize` is
#' `__init__`), other values class attributes, active bindings made with
#' [`%<-active%`] (or functions marked with [mark_active()]) properties, and
#' what is assigned into `private` (`private$x <- ...`) the initial private
#' members of each instance. A string at the start of the body is the
#' class's docstring. `ClassName(Base, convert = FALSE)` gives the methods
#' their arguments as Python objects; `delay_load` is accepted and ignored
#' (Python always runs under pyreticulate).
#'
#' @param spec `ClassName(Base)` or `ClassName`, unevaluated.
#' @param body The class body, a braced block, unevaluated.
#' @returns The class, invisibly (also assigned to `ClassName`).
#' @family layer customization
#' @export
#' @md
#' @examples
#' \dontrun{
#' Doubler(keras$layers$Layer) %py_class% {
#'   "A layer doubling its input."
#'   call <- function(inputs) inputs * 2
#' }
#' layer <- Doubler()
#' }
`%py_class%` <- function(spec, body) {
  spec <- substitute(spec)
  body <- substitute(body)
  env <- parent.frame()
  convert <- TRUE
  inherit <- NULL
  if (is.call(spec) && is.name(spec[[1L]])) {
    classname <- as.character(spec[[1L]])
    arguments <- as.list(spec)[-1L]
    named <- if (is.null(names(arguments))) rep(FALSE, length(arguments))
             else nzchar(names(arguments))
    if (!is.null(arguments$convert)) convert <- eval(arguments$convert, env)
    unknown <- setdiff(names(arguments)[named], c("convert", "delay_load"))
    if (length(unknown))
      stop(sprintf("%%py_class%%: unknown keyword %s (the base classes are unnamed)",
                   paste0("`", unknown, "`", collapse = ", ")), call. = FALSE)
    bases <- lapply(arguments[!named], eval, envir = env)
    inherit <- if (length(bases) == 1L) bases[[1L]] else if (length(bases)) bases
  } else if (is.name(spec)) {
    classname <- as.character(spec)
  } else {
    stop("%py_class%: write ClassName(Base) %py_class% { ... } or ClassName %py_class% { ... }",
         call. = FALSE)
  }
  scope <- new.env(parent = env)
  scope$private <- new.env(parent = emptyenv())
  eval(body, scope)
  private <- as.list.environment(scope$private, all.names = TRUE)
  rm(list = "private", envir = scope)
  public <- active <- list()
  for (name in ls(scope, all.names = TRUE, sorted = TRUE)) {
    if (bindingIsActive(name, scope)) active[[name]] <- activeBindingFunction(name, scope)
    else if (.keras2_is_marked_active(scope[[name]])) active[[name]] <- scope[[name]]
    else public[name] <- list(scope[[name]])
  }
  if (is.null(public$`__doc__`) && is.call(body) && identical(body[[1L]], as.name("{")) &&
      length(body) > 1L && is.character(body[[2L]]))
    public$`__doc__` <- trimws(body[[2L]])
  cls <- .keras2_new_py_class(classname, public, active, private, inherit, env, convert)
  assign(classname, cls, envir = env)
  invisible(cls)
}

# An R6 class made of the members (kept as the class's "r6_class", whose
# initialize() create_layer_wrapper() reads) and its Python class.
.keras2_new_py_class <- function(classname, public, active = list(), private = list(),
                                 inherit = NULL, env = parent.frame(), convert = TRUE) {
  if (!is.character(classname) || length(classname) != 1L || is.na(classname) ||
      !nzchar(classname))
    stop("`classname` must be a single non-empty string", call. = FALSE)
  generator <- R6Class(classname, public = public, private = if (length(private)) private,
                       active = if (length(active)) active, inherit = NULL,
                       cloneable = FALSE, parent_env = env)
  generator$get_inherit <- function() inherit
  .keras2_py_class_of_r6(generator, convert)
}

#' Make an active binding
#'
#' @description
#' `sym %<-active% fn` makes `sym` an active binding in the calling
#' environment ([makeActiveBinding()]): reading `sym` calls `fn()`, assigning
#' a value to it calls `fn(value)`. In the body of a [`%py_class%`]
#' definition, such a binding becomes a Python property of the class.
#'
#' @param sym The name to bind (unevaluated).
#' @param value A function of one optional argument.
#' @returns `value`, invisibly.
#' @family layer customization
#' @export
#' @md
#' @examples
#' \dontrun{
#' counter <- 0
#' ticks %<-active% function(value) {
#'   if (missing(value)) counter <<- counter + 1 else counter <<- value
#'   counter
#' }
#' ticks
#' rm(ticks)
#' }
`%<-active%` <- function(sym, value) {
  if (!is.function(value)) stop("`%<-active%`: the value must be a function", call. = FALSE)
  makeActiveBinding(substitute(sym), value, parent.frame())
  invisible(value)
}

#' Define Keras classes with R methods
#'
#' @description
#' Each makes a Python subclass of a Keras class whose members are the R
#' functions and values given (named; methods as for [`%py_class%`]):
#' `new_layer_class()` of `keras$layers$Layer`, returning a layer function
#' made by [create_layer_wrapper()] (its arguments are `initialize()`'s);
#' `new_model_class()` of `keras$Model`, `new_loss_class()` of
#' `keras$losses$Loss`, `new_metric_class()` of `keras$metrics$Metric` and
#' `new_callback_class()` of `keras$callbacks$Callback`, returning the class
#' (call it to make an instance). Arguments left `NULL` are not members.
#' `mark_active()` marks a function to become a property rather than a
#' method.
#'
#' @param classname The name of the class (a single string).
#' @param ... Further members, by name: methods, fields, or functions marked
#'   with `mark_active()`.
#' @param initialize,build,call,get_config,train_step,predict_step,test_step,compute_loss,compute_metrics,update_state,result
#'   Methods of the class (`initialize` is Python's `__init__`).
#' @param on_epoch_begin,on_epoch_end,on_train_begin,on_train_end,on_batch_begin,on_batch_end,on_predict_batch_begin,on_predict_batch_end,on_predict_begin,on_predict_end,on_test_batch_begin,on_test_batch_end,on_test_begin,on_test_end,on_train_batch_begin,on_train_batch_end
#'   Hooks of a callback (epochs and batches count from 0, as Keras counts).
#' @param x A function.
#' @returns `new_layer_class()`: a layer function. The others: the Python
#'   class. `mark_active()`: `x`, marked.
#' @family layer customization
#' @name new-classes
#' @md
#' @examples
#' \dontrun{
#' layer_scale <- new_layer_class("Scale",
#'   initialize = function(factor, ...) {
#'     super$initialize(...)
#'     self$factor <- factor
#'   },
#'   call = function(inputs) inputs * self$factor
#' )
#' output <- layer_input(shape = 3) %>% layer_scale(factor = 2)
#' }
NULL

# The members given to a new_*_class() function (`frame`: its frame): the
# named arguments the caller gave, less `classname` and those left NULL, and
# the named ones in `...`, less those named in `exclude`.
.keras2_class_members <- function(frame, call, exclude = character()) {
  given <- setdiff(names(call)[-1L], c("", "classname", "...", exclude))
  members <- mget(intersect(given, ls(frame)), envir = frame)
  dots <- eval(quote(list2(...)), frame)
  if (length(dots) && (is.null(names(dots)) || !all(nzchar(names(dots)))))
    stop("the members in `...` must be named", call. = FALSE)
  members <- c(members, dots)
  members[!vapply(members, is.null, NA)]
}

# The class deriving from `base`, with members from the caller's arguments
# (less those named in `exclude`).
.keras2_new_class <- function(classname, base, frame, call, env, exclude = character()) {
  members <- .keras2_class_members(frame, call, exclude)
  marked <- vapply(members, .keras2_is_marked_active, NA)
  .keras2_new_py_class(classname, members[!marked], members[marked], inherit = base, env = env)
}

#' @rdname new-classes
#' @export
new_layer_class <- function(classname, ..., initialize = NULL, build = NULL, call = NULL,
                            get_config = NULL) {
  cls <- .keras2_new_class(classname, py_get_attr(keras$layers, "Layer"), environment(),
                           match.call(expand.dots = FALSE), parent.frame())
  create_layer_wrapper(cls)
}

#' @rdname new-classes
#' @export
new_model_class <- function(classname, ..., initialize = NULL, call = NULL, train_step = NULL,
                            predict_step = NULL, test_step = NULL, compute_loss = NULL,
                            compute_metrics = NULL) {
  .keras2_new_class(classname, py_get_attr(keras, "Model"), environment(),
                    match.call(expand.dots = FALSE), parent.frame())
}

#' @rdname new-classes
#' @export
new_loss_class <- function(classname, ..., call = NULL) {
  .keras2_new_class(classname, py_get_attr(keras$losses, "Loss"), environment(),
                    match.call(expand.dots = FALSE), parent.frame())
}

#' @rdname new-classes
#' @export
new_metric_class <- function(classname, ..., initialize, update_state, result) {
  .keras2_new_class(classname, py_get_attr(keras$metrics, "Metric"), environment(),
                    match.call(expand.dots = FALSE), parent.frame())
}

#' @rdname new-classes
#' @export
new_callback_class <- function(classname, ..., on_epoch_begin = NULL, on_epoch_end = NULL,
                               on_train_begin = NULL, on_train_end = NULL,
                               on_batch_begin = NULL, on_batch_end = NULL,
                               on_predict_batch_begin = NULL, on_predict_batch_end = NULL,
                               on_predict_begin = NULL, on_predict_end = NULL,
                               on_test_batch_begin = NULL, on_test_batch_end = NULL,
                               on_test_begin = NULL, on_test_end = NULL,
                               on_train_batch_begin = NULL, on_train_batch_end = NULL) {
  .keras2_new_class(classname, py_get_attr(keras$callbacks, "Callback"), environment(),
                    match.call(expand.dots = FALSE), parent.frame())
}

#' @rdname new-classes
#' @export
mark_active <- function(x) {
  if (!is.function(x) || is_py_object(x))
    stop("mark_active(): only R functions can be marked active", call. = FALSE)
  attr(x, "marked_active") <- TRUE
  x
}

.keras2_is_marked_active <- function(x) isTRUE(attr(x, "marked_active", exact = TRUE))
