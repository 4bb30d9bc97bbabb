# pyreticulate.legacy: the names scripts of pyreticulate's first release used
# after library(pyreticulate) that neither tensorflow nor keras3 export. That
# release's library(pyreticulate) was one package with every name; now it
# attaches tensorflow and keras3, and this package with them
# (Config/pyreticulate/attach), on Keras 3 as then.

#' pyreticulate.legacy: the first release's names
#'
#' @description
#' Scripts written for pyreticulate's first release start with
#' `library(pyreticulate)`, which gave them reticulate's API, the tensorflow
#' names and keras3's, and a few keras 2.x names beside them, all on Keras 3.
#' `library(pyreticulate)` now attaches the packages tensorflow and keras3, and
#' this one with them, which keeps the names they do not export, with the
#' behaviour they had then: [KerasCallback] (R6 callbacks, 0-based),
#' [fit_generator()], [evaluate_generator()], [predict_generator()],
#' [keras_model_custom()], [model_to_json()], [model_from_json()],
#' [callback_progbar_logger()], [callback_terminate_on_naan()] and
#' [tf_devices()].
#'
#' New scripts use keras3's names (\code{\link[keras3:Callback]{Callback()}}, \code{\link[keras3:fit.keras.src.models.model.Model]{fit()}},
#' \code{\link[keras3:Model]{new_model_class()}}, ...).
#'
#' @name pyreticulate.legacy-package
#' @aliases pyreticulate.legacy
#' @docType package
#' @md
NULL

.state <- new.env(parent = emptyenv())

.keras_callbacks_py <- function() import("pyreticulate.keras.callbacks")
