# Scalers: normalizers of numeric features that learn their constants while a
# feature spec is fitted, batch by batch, and then become the normalizer_fn
# of the numeric column (an R function of a tensor).

# The base class: fit_batch() sees the values of one batch (an R numeric
# vector), fit_resume() ends the fit, fun() gives the normalizer.
Scaler <- R6::R6Class("Scaler",
  public = list(
    fit_batch = function(batch) invisible(self),
    fit_resume = function() invisible(self),
    fun = function() stop("a Scaler subclass must define fun()", call. = FALSE)
  )
)

# Mean and standard deviation over all batches, merged batch by batch (the
# counts, means and sums of squared deviations of two parts combine exactly:
# Chan, Golub and LeVeque's pairwise update). `sd` is the sample standard
# deviation, as sd() gives, once fit_resume() has run.
StandardScaler <- R6::R6Class("StandardScaler",
  inherit = Scaler,
  public = list(
    n = 0,
    mean = 0,
    sd = 0,
    sum_squares = 0,
    fit_batch = function(batch) {
      batch <- as.numeric(batch)
      m <- length(batch)
      if (m == 0L) return(invisible(self))
      batch_mean <- mean(batch)
      batch_squares <- sum((batch - batch_mean)^2)
      total <- self$n + m
      delta <- batch_mean - self$mean
      self$sum_squares <- self$sum_squares + batch_squares + delta^2 * self$n * m / total
      self$mean <- self$mean + delta * m / total
      self$n <- total
      invisible(self)
    },
    fit_resume = function() {
      if (self$n < 2)
        stop("scaler_standard() needs at least two values to learn a standard deviation",
             call. = FALSE)
      self$sd <- sqrt(self$sum_squares / (self$n - 1))
      invisible(self)
    },
    fun = function() {
      center <- self$mean
      scale <- self$sd
      function(x) {
        if (!x$dtype$is_floating) x <- tf$cast(x, tf$float32)
        (x - tf$cast(center, x$dtype)) / tf$cast(scale, x$dtype)
      }
    }
  )
)

# The smallest and largest value over all batches.
MinMaxScaler <- R6::R6Class("MinMaxScaler",
  inherit = Scaler,
  public = list(
    min = Inf,
    max = -Inf,
    fit_batch = function(batch) {
      batch <- as.numeric(batch)
      self$min <- min(self$min, batch)
      self$max <- max(self$max, batch)
      invisible(self)
    },
    fit_resume = function() {
      if (!is.finite(self$min))
        stop("scaler_min_max() saw no values to learn a minimum and maximum", call. = FALSE)
      invisible(self)
    },
    fun = function() {
      low <- self$min
      high <- self$max
      function(x) {
        if (!x$dtype$is_floating) x <- tf$cast(x, tf$float32)
        (x - tf$cast(low, x$dtype)) / (tf$cast(high, x$dtype) - tf$cast(low, x$dtype))
      }
    }
  )
)

#' Scalers for numeric features
#'
#' @description
#' A scaler given as the `normalizer_fn` of [step_numeric_column()] learns
#' its constants from the data when the feature spec is fitted ([fit()]
#' reads every batch) and then normalizes the feature:
#'
#' * `scaler_standard()` subtracts the mean and divides by the (sample)
#'   standard deviation;
#' * `scaler_min_max()` maps the smallest value to 0 and the largest to 1.
#'
#' Integer features are cast to `float32` first. Each numeric column gets
#' its own copy of the scaler, so one `scaler_standard()` given for several
#' columns learns each column's own constants.
#'
#' @returns A scaler (an R6 object of class `StandardScaler` or
#'   `MinMaxScaler`).
#' @seealso [step_numeric_column()], [feature_spec()]
#' @name scaler
#' @md
#' @examples
#' \dontrun{
#' spec <- feature_spec(hearts, target ~ age + chol) %>%
#'   step_numeric_column(age, normalizer_fn = scaler_standard()) %>%
#'   step_numeric_column(chol, normalizer_fn = scaler_min_max()) %>%
#'   fit()
#' }
scaler_standard <- function() StandardScaler$new()

#' @rdname scaler
scaler_min_max <- function() MinMaxScaler$new()
