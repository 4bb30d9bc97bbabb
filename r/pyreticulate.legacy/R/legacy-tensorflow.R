# tf_devices(), the first release's list of the devices TensorFlow sees.

#' The devices TensorFlow sees
#'
#' @description
#' TensorFlow's physical devices (`tf$config$list_physical_devices()`) as a
#' data frame, one row per device.
#'
#' @param device_type `"CPU"`, `"GPU"`, ... for the devices of that type only;
#'   `NULL` for all.
#'
#' @returns A data frame with the columns `name` and `device_type` (strings).
#' @md
#' @examples
#' \dontrun{
#' tf_devices()
#' nrow(tf_devices("GPU"))
#' }
tf_devices <- function(device_type = NULL) {
  devices <- tensorflow::tf$config$list_physical_devices(device_type)
  field <- function(name) vapply(devices, function(d) py_to_r(py_get_attr(d, name)), "")
  data.frame(name = field("name"), device_type = field("device_type"), stringsAsFactors = FALSE)
}
