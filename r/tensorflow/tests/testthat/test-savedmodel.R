test_that("view_savedmodel() writes a SavedModel's graph and starts TensorBoard on it", {
  module <- tf$Module()
  module$scale <- tf$Variable(2)
  model_dir <- tempfile("saved")
  tf$saved_model$save(module, model_dir)
  before <- list.files(tempdir(), pattern = "^tfsavedmodel")
  url <- view_savedmodel(model_dir)
  on.exit(tensorboard(action = "stop"))
  expect_match(url, "^http://127[.]0[.]0[.]1:[0-9]+$")
  log_dir <- setdiff(list.files(tempdir(), pattern = "^tfsavedmodel"), before)
  expect_length(log_dir, 1L)
  expect_true(any(grepl("events", list.files(file.path(tempdir(), log_dir), recursive = TRUE))))
})

test_that("view_savedmodel() of a directory without a SavedModel says so", {
  empty <- tempfile("empty")
  dir.create(empty)
  expect_error(view_savedmodel(empty), "Failed to find 'pb' file under")
})
