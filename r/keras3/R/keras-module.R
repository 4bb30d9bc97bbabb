# The help page of `keras`, the active binding package.R's .onLoad makes.

#' The Keras Python module
#'
#' @description
#' `keras` is Python's `keras` module, imported the first time it is used
#' (importing Keras, and so TensorFlow, takes seconds: scripts that load
#' keras3 without using Keras do not pay for it). Everything of Keras that the
#' R functions do not wrap is reached through it with `$`:
#' `keras$ops$convert_to_tensor(x)`, `keras$layers$Layer`,
#' `keras$utils$set_random_seed(1L)`. Values are converted as reticulate
#' converts them: R numbers that Keras wants as integers must be given as
#' integers (`1L`), unlike in the R wrappers, which convert whole numbers
#' themselves.
#'
#' `keras` cannot be reassigned.
#'
#' @format A Python module (class `python.builtin.module`).
#' @returns The `keras` module.
#' @name keras
#' @md
#' @examples
#' \dontrun{
#' keras$`__version__`
#' keras$utils$set_random_seed(42L)
#' }
NULL
