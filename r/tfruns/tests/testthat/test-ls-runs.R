make_runs <- function(n) {
  write_script("FLAGS <- flags(flag_numeric('rate', 0.1))",
               "write_run_metadata('evaluation', list(acc = FLAGS$rate * 2))")
  for (rate in seq_len(n) / 10)
    suppressMessages(training_run("train.R", echo = FALSE, flags = list(rate = rate),
                                  run_dir = unique_run_dir(seconds_scale = 3)))
}

test_that("ls_runs() lists the runs, latest first, with eval, metric and flag columns", {
  in_temp_dir()
  make_runs(3)
  runs <- ls_runs()
  expect_s3_class(runs, "tfruns_runs_df")
  expect_identical(nrow(runs), 3L)
  expect_identical(runs$flag_rate, c(0.3, 0.2, 0.1))
  expect_identical(runs$eval_acc, c(0.6, 0.4, 0.2))
  expect_s3_class(runs$start, "POSIXct")
})

test_that("ls_runs() orders, subsets and limits the runs", {
  in_temp_dir()
  make_runs(3)
  expect_identical(ls_runs(order = eval_acc, decreasing = FALSE)$eval_acc, c(0.2, 0.4, 0.6))
  expect_identical(ls_runs(eval_acc > 0.3)$flag_rate, c(0.3, 0.2))
  expect_identical(nrow(ls_runs(latest_n = 2)), 2L)
})

test_that("ls_runs() is empty and latest_run() NULL without runs", {
  in_temp_dir()
  expect_identical(nrow(ls_runs()), 0L)
  expect_null(latest_run())
})

test_that("latest_run() and run_info() give a run as a tfruns_run", {
  in_temp_dir()
  make_runs(2)
  latest <- latest_run()
  expect_s3_class(latest, "tfruns_run")
  expect_identical(latest$flag_rate, 0.2)
  expect_identical(run_info(latest$run_dir)$flag_rate, 0.2)
  expect_identical(run_info(basename(latest$run_dir))$run_dir, latest$run_dir)
  expect_length(run_info(ls_runs()), 2L)
})

test_that("unique_run_dir() makes a new directory each time", {
  in_temp_dir()
  dirs <- c(unique_run_dir(seconds_scale = 2), unique_run_dir(seconds_scale = 2))
  expect_true(all(dir.exists(dirs)))
  expect_false(identical(dirs[[1]], dirs[[2]]))
})

test_that("copy_run() copies a run and copy_run_files() only its files", {
  in_temp_dir()
  write_script("writeLines('m', 'model.h5')")
  run <- suppressMessages(training_run("train.R", echo = FALSE))
  copy_run(run, to = "copies", rename = "whole")
  copy_run_files(run$run_dir, to = "copies", rename = "files")
  expect_true(dir.exists(file.path("copies", "whole", "tfruns.d")))
  expect_true(file.exists(file.path("copies", "files", "model.h5")))
  expect_false(dir.exists(file.path("copies", "files", "tfruns.d")))
  expect_error(copy_run(run, rename = c("a", "b")), "same length")
})

test_that("clean_runs() archives runs and purge_runs() removes the archived ones", {
  in_temp_dir()
  make_runs(2)
  suppressMessages(clean_runs(confirm = FALSE))
  expect_identical(nrow(ls_runs()), 0L)
  expect_identical(nrow(ls_runs(runs_dir = file.path("runs", "archive"))), 2L)
  suppressMessages(purge_runs(confirm = FALSE))
  expect_identical(nrow(ls_runs(runs_dir = file.path("runs", "archive"))), 0L)
})

test_that("save_run_view() and save_run_comparison() write HTML reports", {
  in_temp_dir()
  make_runs(2)
  page <- save_run_view(latest_run(), "view.html")
  expect_identical(page, "view.html")
  expect_true(any(grepl("rate", readLines(page))))
  comparison <- save_run_comparison(ls_runs(), "compare.html")
  expect_true(any(grepl("Changed: FLAGS", readLines(comparison))))
  expect_error(save_run_comparison(latest_run()), "2 run directories")
})

test_that("view_run_metrics() writes a page of the metrics", {
  viewer <- view_run_metrics(data.frame(loss = c(0.9, 0.5)))
  expect_true(file.exists(file.path(viewer$viewer_dir, "index.html")))
  update_run_metrics(viewer, data.frame(loss = c(0.9, 0.5, 0.25)))
  expect_true(any(grepl("0.25", readLines(file.path(viewer$viewer_dir, "index.html")))))
})
