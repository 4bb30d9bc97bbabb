# knitr's Python chunks (eng_python) and Python's output in R chunks, knitted to Markdown.

knit_text <- function(text) {
  directory <- tempfile("knit-")
  dir.create(directory)
  old <- setwd(directory)
  on.exit({ setwd(old); unlink(directory, recursive = TRUE) })
  knitr::knit(text = text, quiet = TRUE, envir = new.env())
}

chunk <- function(header, ...) paste(c(sprintf("```{%s}", header), ..., "```"), collapse = "\n")

test_that("a Python chunk's output follows the code that printed it", {
  out <- knit_text(chunk("python", "a = 20", "print(a + 1)", "a * 2"))
  expect_match(out, "a = 20\nprint(a + 1)\n```\n\n```\n## 21\n```\n\n```python\na * 2\n```\n\n```\n## 40",
               fixed = TRUE)
})

test_that("Python chunks and R chunks share their objects both ways", {
  out <- knit_text(paste(chunk("r", "library(reticulate)", "x <- 2"),
                         chunk("python", "y = r.x + 1"),
                         chunk("r", "cat('R sees', py$y)"), sep = "\n\n"))
  expect_match(out, "## R sees 3", fixed = TRUE)
})

test_that("what Python prints while an R chunk runs is in the chunk's output", {
  out <- knit_text(chunk("r", "pyreticulate::py_run_string(\"print('from Python')\")"))
  expect_match(out, "## from Python", fixed = TRUE)
})

test_that("an error in a Python chunk stops knitting (error = FALSE, as in R Markdown), naming the chunk and the line", {
  expect_error(knit_text(chunk("python oops, error = FALSE", "x = 1", "x / 0")),
               "Python error in chunk 'oops', line 2 of the chunk", class = "pyreticulate_chunk_error")
})

test_that("with error = TRUE a Python chunk shows the traceback and goes on", {
  out <- knit_text(chunk("python, error = TRUE", "1 / 0", "print('after')"))
  expect_match(out, "## Error: Traceback (most recent call last):", fixed = TRUE)
  expect_match(out, "ZeroDivisionError: division by zero", fixed = TRUE)
  expect_match(out, "## after", fixed = TRUE)
})

test_that("eval = FALSE shows a Python chunk's code without running it", {
  out <- knit_text(chunk("python, eval = FALSE", "print('never')"))
  expect_match(out, "print('never')", fixed = TRUE)
  expect_no_match(out, "## never", fixed = TRUE)
})

test_that("results = 'hide' keeps a Python chunk's printed text out", {
  out <- knit_text(chunk("python, results = 'hide'", "print('hidden')"))
  expect_no_match(out, "## hidden", fixed = TRUE)
})
