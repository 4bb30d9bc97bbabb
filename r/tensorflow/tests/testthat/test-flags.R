# Each test runs in a temporary directory holding the flags.yml it writes.
in_temp_dir <- function(env = parent.frame()) {
  dir <- tempfile("flags")
  dir.create(dir)
  old <- setwd(dir)
  withr::defer(setwd(old), envir = env)
  dir
}

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

test_that("parse_flags() reads a configuration over the default one, then the arguments", {
  in_temp_dir()
  write_flags("default:", "  rate: 0.01", "  epochs: 5",
              "fast:", "  rate: 0.1", "slow:", "  inherits: fast", "  epochs: 50")
  expect_identical(parse_flags(arguments = character()), list(rate = 0.01, epochs = 5L))
  expect_identical(parse_flags("slow", arguments = "--batch-size=32"),
                   list(rate = 0.1, epochs = 50L, batch_size = 32L))
})

test_that("parse_flags() reads a file of plain values, and none without a file", {
  in_temp_dir()
  expect_identical(parse_flags(arguments = "--rate=0.2"), list(rate = 0.2))
  write_flags("rate: 0.3", "units: 16")
  expect_identical(parse_flags(arguments = character()), list(rate = 0.3, units = 16L))
})

test_that("run_dir() is the working directory, no training run being active", {
  dir <- in_temp_dir()
  expect_identical(normalizePath(run_dir()), normalizePath(dir))
})

test_that("keras3 re-exports tensorflow's flags functions", {
  for (name in c("flags", "flag_numeric", "flag_integer", "flag_boolean", "flag_string", "run_dir"))
    expect_identical(getExportedValue("keras3", name), getExportedValue("tensorflow", name))
})
