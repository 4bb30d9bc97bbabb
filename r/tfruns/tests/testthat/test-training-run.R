test_that("training_run() runs the script in a new time-stamped directory under runs/", {
  in_temp_dir()
  write_script("cat('hello\\n')")
  run <- suppressMessages(training_run("train.R", echo = FALSE))
  expect_s3_class(run, "tfruns_runs_df")
  expect_match(run$run_dir, "^runs/\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z$")
  expect_true(dir.exists(file.path(run$run_dir, "tfruns.d")))
  expect_true(run$completed)
  expect_identical(run$script, "train.R")
  expect_match(run$output, "hello")
})

test_that("training_run() returns the run invisibly", {
  in_temp_dir()
  write_script("x <- 1")
  expect_invisible(suppressMessages(training_run("train.R", echo = FALSE, view = FALSE)))
})

test_that("the run is active while the script runs, and not after", {
  in_temp_dir()
  write_script("seen <- c(is_run_active(), run_dir())")
  env <- new.env()
  run <- suppressMessages(training_run("train.R", echo = FALSE, envir = env))
  expect_identical(env$seen, c("TRUE", run$run_dir))
  expect_false(is_run_active())
})

test_that("files the script creates or changes are copied into the run directory", {
  in_temp_dir()
  writeLines("old", "existing.txt")
  writeLines("untouched", "other.txt")
  write_script("writeLines('x', 'model.h5')", "dir.create('weights')",
               "writeLines('w', file.path('weights', 'weights.h5'))",
               "writeLines('new', 'existing.txt')")
  Sys.sleep(1.1)
  run <- suppressMessages(training_run("train.R", echo = FALSE))
  expect_true(file.exists(file.path(run$run_dir, "model.h5")))
  expect_true(file.exists(file.path(run$run_dir, "weights", "weights.h5")))
  expect_identical(readLines(file.path(run$run_dir, "existing.txt")), "new")
  expect_false(file.exists(file.path(run$run_dir, "other.txt")))
})

test_that("artifacts_dir = NULL copies nothing", {
  in_temp_dir()
  write_script("writeLines('x', 'model.h5')")
  run <- suppressMessages(training_run("train.R", echo = FALSE, artifacts_dir = NULL))
  expect_false(file.exists(file.path(run$run_dir, "model.h5")))
})

test_that("training_run()'s flags override the script's defaults and are recorded", {
  in_temp_dir()
  write_script("FLAGS <- flags(flag_integer('epochs', 10), flag_numeric('rate', 0.1))",
               "cat('epochs', FLAGS$epochs, 'rate', FLAGS$rate, '\\n')")
  run <- suppressMessages(training_run("train.R", flags = list(epochs = 3), echo = FALSE))
  expect_match(run$output, "epochs 3 rate 0.1")
  expect_identical(run$flag_epochs, 3L)
  expect_identical(run$flag_rate, 0.1)
})

test_that("training_run() takes the flags from a YAML file", {
  in_temp_dir()
  writeLines("epochs: 7", "run-flags.yml")
  write_script("FLAGS <- flags(flag_integer('epochs', 10))")
  run <- suppressMessages(training_run("train.R", flags = "run-flags.yml", echo = FALSE))
  expect_identical(run$flag_epochs, 7L)
})

test_that("a flag given to training_run() that the script does not define is an error", {
  in_temp_dir()
  write_script("FLAGS <- flags(flag_integer('epochs', 10))")
  expect_error(suppressMessages(training_run("train.R", flags = list(epoch = 3), echo = FALSE)),
               "\"epoch\" is not a defined flag")
})

test_that("an error in the script is recorded with the run and raised again", {
  in_temp_dir()
  write_script("f <- function() stop('training diverged')", "f()")
  expect_error(suppressMessages(training_run("train.R", echo = FALSE)), "training diverged")
  run <- latest_run()
  expect_identical(run$error_message, "training diverged")
  expect_false(run$completed)
  expect_false(is.null(run$end))
  expect_false(is_run_active())
})

test_that("a missing script is an error naming it", {
  in_temp_dir()
  expect_error(training_run("nothere.R"), "The R script 'nothere.R' does not exist")
})

test_that("metadata written before a run starts is written into the run", {
  in_temp_dir()
  write_script("x <- 1")
  write_run_metadata("evaluation", list(acc = 0.5))
  run <- suppressMessages(training_run("train.R", echo = FALSE))
  expect_identical(run$eval_acc, 0.5)
})

test_that("metrics written during the run become metric_ columns and a data frame", {
  in_temp_dir()
  write_script("write_run_metadata('metrics', data.frame(loss = c(0.9, 0.4), acc = c(0.5, 0.7)))")
  suppressMessages(training_run("train.R", echo = FALSE))
  run <- latest_run()
  expect_identical(run$metric_loss, 0.4)
  expect_identical(run$epochs_completed, 2L)
  expect_identical(run$metrics$acc, c(0.5, 0.7))
})

test_that("tuning_run() runs every combination of the flags", {
  in_temp_dir()
  write_script("FLAGS <- flags(flag_integer('units', 8), flag_string('act', 'relu'))")
  runs <- suppressMessages(tuning_run("train.R", echo = FALSE, confirm = FALSE,
                                      flags = list(units = c(16, 32), act = c("relu", "tanh"))))
  expect_identical(nrow(runs), 4L)
  expect_setequal(paste(runs$flag_units, runs$flag_act),
                  c("16 relu", "32 relu", "16 tanh", "32 tanh"))
})

test_that("tuning_run() samples the combinations and refuses a bad sample", {
  in_temp_dir()
  write_script("FLAGS <- flags(flag_integer('units', 8))")
  runs <- suppressMessages(tuning_run("train.R", echo = FALSE, confirm = FALSE, sample = 0.5,
                                      flags = list(units = c(1, 2, 3, 4))))
  expect_identical(nrow(runs), 2L)
  expect_error(tuning_run("train.R", flags = list(units = 1), sample = 2, confirm = FALSE),
               "sample must be")
  expect_error(tuning_run("train.R", flags = c(1, 2)), "named list or a data frame")
})
