# initializer_variance_scaling() (families/initializers.py leaves it out):
# keras 2.x chose `mode` and `distribution` among their choices with
# match.arg() and passed "normal" as "untruncated_normal", the distribution
# the name meant before TensorFlow 2 made "normal" a truncated one.

#' An initializer scaled to the shape of the weights
#'
#' @description
#' Draws values with a standard deviation of `sqrt(scale / n)`, `n` being the
#' number of input units (`mode = "fan_in"`), of output units (`"fan_out"`) or
#' their mean (`"fan_avg"`). With `distribution = "uniform"` the values are
#' uniform within `[-limit, limit]`, `limit = sqrt(3 * scale / n)`.
#'
#' @param scale The scaling factor (positive).
#' @param mode `"fan_in"`, `"fan_out"` or `"fan_avg"` (the first by default).
#' @param distribution `"normal"` (a normal distribution, as
#'   `"untruncated_normal"`), `"uniform"`, `"truncated_normal"` or
#'   `"untruncated_normal"`.
#' @param seed A whole number making the random values reproducible, or `NULL`.
#' @returns A `tf_keras.initializers.VarianceScaling` object.
#' @family initializers
#' @export
#' @examples
#' \dontrun{
#' layer_dense(units = 4, kernel_initializer = initializer_variance_scaling(mode = "fan_avg"))
#' }
initializer_variance_scaling <- function(scale = 1, mode = c("fan_in", "fan_out", "fan_avg"),
                                         distribution = c("normal", "uniform",
                                                          "truncated_normal",
                                                          "untruncated_normal"),
                                         seed = NULL) {
  mode <- match.arg(mode)
  distribution <- match.arg(distribution)
  if (distribution == "normal") distribution <- "untruncated_normal"
  keras$initializers$VarianceScaling(scale = scale, mode = mode, distribution = distribution,
                                     seed = .keras2_argument("seed", seed))
}
