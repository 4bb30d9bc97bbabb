# What the Jupyter kernel and the %R magics ask of R (notebook.R, .pyr_toplevel).

test_that("completion offers R names and where the token starts", {
  found <- .pyr_completions("y <- mea", 8L)
  expect_true("mean" %in% found$matches)
  expect_identical(found$start, 5L)
})

test_that("completion reads the cursor's line of a longer cell", {
  found <- .pyr_completions("z <- 1\nsummar", 13L)
  expect_true("summary" %in% found$matches)
  expect_identical(found$start, 7L)
})

test_that("help text is the page of a topic, NULL for none", {
  expect_match(.pyr_help_text("median"), "Median Value", fixed = TRUE)
  expect_match(.pyr_help_text("stats::median"), "Median Value", fixed = TRUE)
  expect_null(.pyr_help_text("no_such_topic_anywhere"))
})

test_that("a cell's device writes one PNG per page and is closed after", {
  directory <- tempfile("plots-")
  dir.create(directory)
  before <- grDevices::dev.list()
  device <- .pyr_cell_device(directory, 3, 2, 50)
  plot(1:3)
  plot(3:1)
  files <- .pyr_cell_plots(device, directory)
  expect_identical(basename(files), c("plot-001.png", "plot-002.png"))
  expect_identical(grDevices::dev.list(), before)
})

test_that("top-level evaluation without autoprint prints nothing and gives the value", {
  expect_silent(value <- .pyr_toplevel(quote(1 + 1), autoprint = FALSE))
  expect_identical(value, 2)
})
