# Constraints written in R (families/constraints.py): keras 2.x's R6 base class
# KerasConstraint, and the "constraint" convention every `*_constraint`
# argument has (wrappers.R's .keras2_convention_of()): an R function or a
# KerasConstraint object becomes a tf_keras Constraint that calls it
# (pyreticulate.keras.support.constraint()).

#' The base class of constraints written as R6 classes
#'
#' @description
#' Inherit from `KerasConstraint` and give the class a `call(w)` method that
#' returns the constrained weights (a tensor shaped as `w`); optionally
#' `get_config()`, returning the constructor's arguments as a named list. An
#' object of the class (`$new()`) can be given as any layer's
#' `*_constraint` argument, as can a plain R function of `w`.
#'
#' @format An [R6::R6Class] generator.
#' @family constraints
#' @examples
#' \dontrun{
#' NonNegative <- R6::R6Class("NonNegative", inherit = KerasConstraint,
#'   public = list(call = function(w) w * k_cast(k_greater_equal(w, 0), k_floatx())))
#' layer <- layer_dense(units = 4, kernel_constraint = NonNegative$new())
#' }
#' @name KerasConstraint
NULL

KerasConstraint <- R6::R6Class("KerasConstraint",
  public = list(
    call = function(w) {
      stop("a KerasConstraint must implement `call(w)`, returning the constrained weights",
           call. = FALSE)
    },
    get_config = function() dict()
  )
)

# A `*_constraint` argument as tf_keras takes it: Python objects, names
# ("non_neg") and configs (named lists) pass; an R function or a
# KerasConstraint object becomes a tf_keras Constraint calling it.
.keras2_convention_constraint <- function(value, name, call = NULL) {
  if (is_py_object(value) || (is.character(value) && length(value) == 1L) ||
      (is.list(value) && !is.null(names(value))))
    return(value)
  if (inherits(value, "KerasConstraint"))
    return(.keras2_r_constraint(value$call, value$get_config))
  if (is.function(value)) return(.keras2_r_constraint(value))
  .keras2_argument_error(name, paste0("must be a constraint: a constraint_*() object, an R ",
                                      "function of the weights or a KerasConstraint, not ",
                                      class(value)[[1L]]), call)
}

.keras2_r_constraint <- function(fn, get_config = NULL) {
  support <- import("pyreticulate.keras.support")
  py_call(py_get_attr(support, "constraint"), fn, get_config, module = "tf_keras")
}
