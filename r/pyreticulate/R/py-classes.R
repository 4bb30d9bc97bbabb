# Python classes defined from R: PyClass().

# A class made with type(): R functions in `defs` become methods (self arrives
# unconverted; super() is available inside them), other values class attributes.
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
