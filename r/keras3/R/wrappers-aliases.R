# keras3's second names of generated wrappers, bound to the same functions.
# (After the family files in collation order, so the wrappers exist.)

#' Wrapper layers under their short names
#'
#' @description
#' `bidirectional` is [layer_bidirectional()] and `time_distributed` is
#' [layer_time_distributed()], under the names keras3 also gives them: the
#' same functions, with the same arguments.
#'
#' @returns As for [layer_bidirectional()] and [layer_time_distributed()].
#' @usage NULL
#' @format NULL
#' @md
#' @examples
#' \dontrun{
#' model <- keras_model_sequential(input_shape = c(5, 10)) %>%
#'   bidirectional(layer_lstm(units = 10))
#' }
#' @aliases time_distributed
bidirectional <- layer_bidirectional

time_distributed <- layer_time_distributed
