# Each test runs in a temporary directory holding the flags.yml it writes.
in_temp_dir <- function(env = parent.frame()) {
  dir <- tempfile("flags")
  dir.create(dir)
  old <- setwd(dir)
  withr::defer(setwd(old), envir = env)
  dir
}

write_flags <- function(...) writeLines(c(...), "flags.yml")

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

test_that("tensorflow and keras3 re-export tfruns' flags functions", {
  for (name in c("flags", "flag_numeric", "flag_integer", "flag_boolean", "flag_string", "run_dir")) {
    expect_identical(getExportedValue("tensorflow", name), getExportedValue("tfruns", name))
    expect_identical(getExportedValue("keras3", name), getExportedValue("tfruns", name))
  }
})
