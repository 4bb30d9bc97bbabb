# The pieces of `pyreticulate render` (render.R): parameters, formats, a failing chunk's report.

test_that("parameters are name=value with YAML values", {
  expect_identical(.render_params(c("n=3", "flag=true", "name=a=b")),
                   list(n = 3L, flag = TRUE, name = "a=b"))
})

test_that("a parameter without a name is an error", {
  expect_error(.render_params("=3"), "a parameter is name=value, not '=3'")
})

test_that("formats are rmarkdown's documents", {
  expect_identical(lapply(list("html", "md"), .render_format), list("html_document", "md_document"))
  expect_null(.render_format(NULL))
  expect_error(.render_format("docx"), "cannot render to 'docx': html, md or pdf")
})

test_that("PDF without a LaTeX installation is an error saying so", {
  skip_if(nzchar(Sys.which("pdflatex")), "a LaTeX is installed")
  expect_error(.render_format("pdf"), "PDF output needs a LaTeX installation")
})

test_that("an R chunk's error is reported with the chunk's label and lines", {
  where <- new.env()
  where$lines <- c(12L, 15L)
  where$file <- "report.Rmd"
  where$label <- "boom"
  failure <- .render_failure(simpleError("kaput", call = quote(eval(expr, envir, enclos))), where)
  expect_identical(conditionMessage(failure),
                   "chunk 'boom' (lines 12-15 of report.Rmd) stopped the document:\nError: kaput")
})

test_that("an error outside the chunks is reported as it is", {
  error <- simpleError("no pandoc")
  expect_identical(.render_failure(error, new.env()), error)
})
