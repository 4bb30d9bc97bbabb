# TensorFlow's C++ log level, set when the package loads (.quiet_tensorflow_logs).

with_level <- function(value, option, code) {
  saved <- Sys.getenv("TF_CPP_MIN_LOG_LEVEL", NA)
  old <- options(tensorflow.core.cpp_min_log_level = option)
  on.exit({
    options(old)
    if (is.na(saved)) Sys.unsetenv("TF_CPP_MIN_LOG_LEVEL")
    else Sys.setenv(TF_CPP_MIN_LOG_LEVEL = saved)
  })
  if (is.na(value)) Sys.unsetenv("TF_CPP_MIN_LOG_LEVEL")
  else Sys.setenv(TF_CPP_MIN_LOG_LEVEL = value)
  code
  Sys.getenv("TF_CPP_MIN_LOG_LEVEL")
}

test_that("the level is 2 when the user set none", {
  expect_identical(with_level(NA, NULL, .quiet_tensorflow_logs()), "2")
})

test_that("the user's level is kept", {
  expect_identical(with_level("0", NULL, .quiet_tensorflow_logs()), "0")
})

test_that("the option tensorflow.core.cpp_min_log_level sets it, within 0 to 3", {
  expect_identical(with_level("0", 1, .quiet_tensorflow_logs()), "1")
  expect_identical(with_level(NA, 7, .quiet_tensorflow_logs()), "3")
})
