# new_learning_rate_schedule_class() (families/learning-rate-schedules.py leaves
# it out): keras 2.x's subclass of tf_keras's LearningRateSchedule with R
# methods, made by pyreticulate.pyobjects.classes.make_class() (methods get
# `self` first when they lack it, and have `super`, `__class__` and `private`
# in scope).

#' Define a learning rate schedule class with R methods
#'
#' @description
#' Makes a Python subclass of tf_keras's
#' `optimizers.schedules.LearningRateSchedule`. `call(step)` returns the
#' learning rate at a training step (a tensor, counted from 0; it becomes the
#' class's `__call__`). Call the class to make a schedule, and give that to an
#' optimizer as its `learning_rate`. Inside methods, `self` is the schedule
#' (methods may leave `self` out of their formals), `super` its parent class's
#' methods and `private` an R environment of the schedule's own.
#'
#' @param classname The name of the class (a single string).
#' @param ... Further members of the class, by name: methods (R functions)
#'   and fields.
#' @param initialize `function(...)`, the constructor (`__init__`), or `NULL`.
#' @param call `function(step)`, returning the learning rate.
#' @param get_config `function()` returning the constructor's arguments as a
#'   named list (for saving an optimizer using the schedule), or `NULL`.
#' @returns The Python class.
#' @family learning rate schedules
#' @export
#' @examples
#' \dontrun{
#' Halving <- new_learning_rate_schedule_class("Halving",
#'   initialize = function(start, every) {
#'     self$start <- start
#'     self$every <- every
#'   },
#'   call = function(step) {
#'     self$start * 0.5 ^ tf$floor(tf$cast(step, "float32") / self$every)
#'   })
#' optimizer <- optimizer_sgd(learning_rate = Halving(0.1, 1000))
#' }
new_learning_rate_schedule_class <- function(classname, ..., initialize = NULL, call,
                                             get_config = NULL) {
  if (!is.character(classname) || length(classname) != 1L || is.na(classname) ||
      !nzchar(classname))
    stop("`classname` must be a single non-empty string", call. = FALSE)
  members <- list2(...)
  if (length(members) && (is.null(names(members)) || !all(nzchar(names(members)))))
    stop("the members of the class in `...` must be named", call. = FALSE)
  if (missing(call)) call <- NULL
  if (!is.null(call) && "__call__" %in% names(members)) {
    warning("`call` is ignored: `__call__` is given too", call. = FALSE)
    call <- NULL
  }
  methods <- list(`__init__` = initialize, `__call__` = call, get_config = get_config)
  for (name in names(methods)) {
    if (is.null(methods[[name]])) next
    if (!is.function(methods[[name]]) || is_py_object(methods[[name]]))
      stop(sprintf("`%s` must be an R function", sub("^__(.*)__$", "\\1", name)), call. = FALSE)
    members[[name]] <- methods[[name]]
  }
  if (is.null(members[["__call__"]]))
    stop("a learning rate schedule needs `call`, function(step) returning the rate",
         call. = FALSE)
  members <- lapply(members, .keras2_method)
  base <- keras$optimizers$schedules$LearningRateSchedule
  classes <- import("pyreticulate.pyobjects.classes")
  py_call(py_get_attr(classes, "make_class"), classname, members, list(base),
          python_defaults = TRUE, private = new.env(parent = emptyenv()))
}

# An R function as a method: `self` first (added when missing). Other members pass.
.keras2_method <- function(f) {
  if (!is.function(f) || is_py_object(f) || is.primitive(f)) return(f)
  if (!identical(names(formals(f))[1L], "self")) formals(f) <- c(alist(self = ), formals(f))
  f
}
