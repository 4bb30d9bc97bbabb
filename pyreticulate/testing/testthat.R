# Runs testthat files of one R package through the bridge and writes their results as
# JSON for pyreticulate's pytest plugin (pyreticulate/testing/testthat.py).
# Usage: pyreticulate run testthat.R PACKAGE RESULTS.json FILE...
# Each file runs as testthat's test_file() runs it under test_check(): helpers loaded,
# the package attached, the tests in an environment over its namespace.
arguments <- commandArgs(trailingOnly = TRUE)
if (length(arguments) < 3L)
  stop("usage: pyreticulate run testthat.R PACKAGE RESULTS.json FILE...", call. = FALSE)
package <- arguments[[1L]]
results_path <- arguments[[2L]]
files <- arguments[-(1:2)]

suppressPackageStartupMessages(library(testthat))

outcome_of <- function(expectations) {
  kinds <- vapply(expectations, function(e) class(e)[[1L]], "")
  if (any(kinds == "expectation_error")) "error"
  else if (any(kinds == "expectation_failure")) "failed"
  else if (any(kinds == "expectation_skip")) "skipped"
  else "passed"
}

expectation_line <- function(e) {
  ref <- e$srcref
  if (is.null(ref)) NA_integer_ else as.integer(ref[[1L]])
}

block_record <- function(test) {
  expectations <- test$results
  problems <- Filter(function(e) !inherits(e, "expectation_success"), expectations)
  list(
    test = test$test,
    outcome = outcome_of(expectations),
    passed = sum(vapply(expectations, inherits, TRUE, "expectation_success")),
    messages = lapply(problems, function(e) list(
      kind = sub("^expectation_", "", class(e)[[1L]]),
      line = expectation_line(e),
      message = conditionMessage(e)))
  )
}

file_record <- function(file) {
  reporter <- ListReporter$new()
  aborted <- tryCatch({
    test_file(file, reporter = reporter, package = package, load_package = "installed",
              stop_on_failure = FALSE)
    NULL
  }, error = function(e) conditionMessage(e))
  list(file = normalizePath(file), aborted = aborted,
       blocks = lapply(reporter$get_results(), block_record))
}

records <- lapply(files, file_record)
jsonlite::write_json(records, results_path, auto_unbox = TRUE, null = "null", na = "null",
                     digits = NA)
