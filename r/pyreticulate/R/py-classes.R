# Python classes defined from R: PyClass().

# A class made with type(): R functions in `defs` become methods (self arrives
# unconverted; super() is available inside them), other values class attributes.
#' Define a Python class from R
#'
#' @description
#' `PyClass()` makes a Python class (with Python's `type()`). Each R function
#' in `defs` becomes a method: its first argument `self` is the instance (a
#' proxy, not converted), the others arrive converted to R, and the method's
#' value goes back through [r_to_py()]. Inside a method, `super()` is Python's
#' `super()` for the call and `super$name()` calls the parent class's method.
#' A method whose body begins with a string has that string as its docstring.
#' The other elements of `defs` become class attributes. As in reticulate, the
#' class belongs to no module unless `defs` sets `__module__`, so the R class
#' of its instances is `classname` itself (an S3 method such as
#' `py_to_r.<classname>` applies to them).
#'
#' @param classname The class's name, a single string.
#' @param defs A named list of methods (R functions) and class attributes.
#'   Special methods go under their Python names (`__init__`, `__call__`,
#'   `__len__`, ...).
#' @param inherit The base class, or a list of base classes; `NULL` for
#'   `object`.
#'
#' @returns The class, a Python type (call it from R to make instances).
#' @examples
#' \dontrun{
#' Counter <- PyClass("Counter", list(
#'   `__init__` = function(self, start = 0) {
#'     self$count <- start
#'   },
#'   increment = function(self, by = 1) {
#'     self$count <- self$count + by
#'     self$count
#'   }
#' ))
#' counter <- Counter(10)
#' counter$increment()
#' counter$increment(by = 5)
#' }
#' @md
PyClass <- function(classname, defs = list(), inherit = NULL) {
  .check_string(classname, "classname")
  if (!is.list(defs) || (length(defs) && is.null(names(defs))))
    stop("`defs` must be a named list of methods and attributes", call. = FALSE)
  if (is.null(inherit)) inherit <- list()
  else if (is_py_object(inherit)) inherit <- list(inherit)
  .py("make_class", classname, defs, inherit)
}

# The `private` environment of one instance of a class with private members
# (pyreticulate/classes.py): the members of `template`, functions among them
# seeing `self` and `private`.
.pyr_private_env <- function(template, self) {
  env <- new.env(parent = emptyenv())
  for (name in names(template)) {
    value <- template[[name]]
    if (is.function(value) && !is_py_object(value) && !is.primitive(value)) {
      scope <- new.env(parent = environment(value))
      scope$self <- self
      scope$private <- env
      environment(value) <- scope
    }
    assign(name, value, envir = env)
  }
  env
}
