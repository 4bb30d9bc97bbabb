test_that("install_tensorflow() asks pip for the TensorFlow its version names", {
  expect_equal(.tensorflow_requirement("default", NULL), "tensorflow")
  expect_equal(.tensorflow_requirement("release", NULL), "tensorflow")
  expect_equal(.tensorflow_requirement("2.16", NULL), "tensorflow==2.16.*")
  expect_equal(.tensorflow_requirement("2.16.1", NULL), "tensorflow==2.16.1")
  expect_equal(.tensorflow_requirement("2.16-cpu", NULL), "tensorflow-cpu==2.16.*")
  expect_equal(.tensorflow_requirement("cpu", NULL), "tensorflow-cpu")
  expect_equal(.tensorflow_requirement(">=2.16", NULL), "tensorflow>=2.16")
  expect_equal(.tensorflow_requirement("nightly", NULL), "tf-nightly")
  expect_equal(.tensorflow_requirement("default", TRUE), "tensorflow[and-cuda]")
})

test_that("install_tensorflow() refuses a version that is not one string", {
  expect_error(install_tensorflow(version = c("2.15", "2.16")), "must be one string")
})
