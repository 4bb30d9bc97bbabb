write_flags <- function(...) writeLines(c(...), "flags.yml")

test_that("flags() gives the defaults when there is no file and no argument", {
  in_temp_dir()
  values <- flags(flag_integer("epochs", 10), flag_numeric("rate", 0.1),
                  flag_boolean("augment", FALSE), flag_string("optimizer", "adam"),
                  arguments = character())
  expect_s3_class(values, "tfruns_flags")
  expect_identical(unclass(values)[c("epochs", "rate", "augment", "optimizer")],
                   list(epochs = 10L, rate = 0.1, augment = FALSE, optimizer = "adam"))
})

test_that("flags() takes the file's configuration, then the command line", {
  in_temp_dir()
  write_flags("default:", "  epochs: 5", "  rate: 0.01", "fast:", "  rate: 0.5")
  values <- flags(flag_integer("epochs", 10), flag_numeric("rate", 0.1), config = "fast",
                  arguments = c("--epochs", "7"))
  expect_identical(values$epochs, 7L)
  expect_identical(values$rate, 0.5)
})

test_that("flags() stops reading the command line at --args, as tfruns does", {
  in_temp_dir()
  values <- flags(flag_integer("epochs", 1), arguments = c("--epochs=3", "--args", "--other=1"))
  expect_identical(values$epochs, 3L)
})

test_that("flags() refuses a flag that is not defined and a value of the wrong type", {
  in_temp_dir()
  expect_error(flags(flag_integer("epochs", 1), arguments = "--epoch=3"),
               "\"epoch\" is not a defined flag")
  expect_error(flags(flag_integer("epochs", 1), arguments = "--epochs=2.5"),
               "flag \"epochs\" \\(integer\\)")
})

test_that("flags() warns about a file given that does not exist", {
  in_temp_dir()
  expect_warning(flags(flag_integer("epochs", 1), file = "missing.yml", arguments = character()),
                 "'missing.yml' does not exist")
})

test_that("run_dir() is the working directory when no training run is active", {
  dir <- in_temp_dir()
  expect_false(is_run_active())
  expect_identical(normalizePath(run_dir()), normalizePath(dir))
})
