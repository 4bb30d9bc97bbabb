# `pyreticulate render DOC.Rmd` (pyreticulate/cli.py): the document rendered by
# rmarkdown in this R session (so its Python chunks run in the Python hosting
# it), and a chunk's error reported with the chunk's label and lines.

# `to`: NULL (the document's own format), "html", "md" or "pdf"; `output`: the
# output file's path (relative to the working directory); `params`: "name=value"
# strings, each value read as YAML (3 a number, true a logical, text a string).
.pyr_render <- function(input, to = NULL, output = NULL, params = NULL) {
  if (!requireNamespace("rmarkdown", quietly = TRUE))
    stop("rendering R Markdown needs the R package rmarkdown (Debian: r-cran-rmarkdown)",
         call. = FALSE)
  if (!rmarkdown::pandoc_available())
    stop("rendering R Markdown needs pandoc (Debian: pandoc)", call. = FALSE)
  if (!file.exists(input)) stop(sprintf("no R Markdown document '%s'", input), call. = FALSE)
  args <- list(input, output_format = .render_format(to), envir = globalenv(), quiet = TRUE)
  if (!is.null(output)) {
    args$output_file <- basename(output)
    args$output_dir <- normalizePath(dirname(output), mustWork = TRUE)
  }
  if (length(params)) args$params <- .render_params(params)
  where <- new.env(parent = emptyenv())
  result <- tryCatch(
    withCallingHandlers(do.call(rmarkdown::render, args),
      message = function(m) {
        lines <- regmatches(conditionMessage(m),
                            regexec("^Quitting from lines ([0-9]+)-([0-9]+) \\((.*)\\)",
                                    conditionMessage(m)))[[1L]]
        if (length(lines) == 4L) {
          where$lines <- as.integer(lines[2:3])
          where$file <- lines[[4L]]
          invokeRestart("muffleMessage")
        }
      },
      error = function(e) {
        if (is.null(where$label) && isTRUE(getOption("knitr.in.progress")))
          where$label <- knitr::opts_current$get("label")
      }),
    error = function(e) stop(.render_failure(e, where)))
  message("Output created: ", result)
  invisible(result)
}

.render_params <- function(params) {
  bad <- params[!grepl("^[^=]+=", params)]
  if (length(bad))
    stop(sprintf("a parameter is name=value, not '%s'", bad[[1L]]), call. = FALSE)
  values <- lapply(sub("^[^=]*=", "", params), yaml::yaml.load)
  names(values) <- sub("=.*$", "", params)
  values
}

.render_format <- function(to) {
  if (is.null(to)) return(NULL)
  if (identical(to, "pdf")) {
    engine <- "pdflatex"
    if (!nzchar(Sys.which(engine)) && !(requireNamespace("tinytex", quietly = TRUE) &&
                                        tinytex::is_tinytex()))
      stop("PDF output needs a LaTeX installation, and none was found (no ", engine,
           " on the PATH); install one (Debian: texlive-latex-recommended) or render to html",
           call. = FALSE)
  }
  switch(to, html = "html_document", md = "md_document", pdf = "pdf_document",
         stop(sprintf("cannot render to '%s': html, md or pdf", to), call. = FALSE))
}

# The error that stopped a chunk, named by the chunk's label and the document's
# lines; any other error as it was.
.render_failure <- function(e, where) {
  if (is.null(where$lines)) return(e)
  label <- if (is.null(where$label)) "unnamed" else where$label
  if (inherits(e, "pyreticulate_chunk_error")) {
    place <- sprintf("line %d", where$lines[[1L]] + e$line - 1L)  # knitr counts from the code
    detail <- sub("^[^\n]*\n", "", conditionMessage(e))
  } else {
    place <- sprintf("lines %d-%d", where$lines[[1L]], where$lines[[2L]])
    call <- conditionCall(e)
    if (identical(call, quote(eval(expr, envir, enclos)))) e$call <- NULL
    detail <- .pyr_error_text(e)
  }
  simpleError(sprintf("chunk '%s' (%s of %s) stopped the document:\n%s",
                      label, place, where$file, detail))
}
