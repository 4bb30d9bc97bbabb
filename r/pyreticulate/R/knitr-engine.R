# knitr: the engine of Python chunks, eng_python() (knitr's own `python` engine
# calls reticulate::eng_python, which is this function), and the chunk hook that
# sends what Python prints while an R chunk runs into the chunk's output, where
# knitr captures it (Keras's lines per epoch in a document). The Python side of a
# chunk is pyreticulate/notebooks/chunks.py.

#' A knitr engine for Python chunks
#'
#' @description
#' `eng_python()` runs the code of a knitr chunk in Python's `__main__`, one
#' top-level statement at a time as Python's prompt does: the value of an
#' expression statement is shown, unless the statement ends with `;`. What a
#' statement prints follows the lines that printed it, as for R chunks, and
#' matplotlib figures are included as PNG images (those `plt.show()` shows, and
#' those still open when the chunk ends). Python chunks share their objects
#' with each other and with R: `py$x` in R, `r.x` in Python.
#'
#' knitr uses it for `python` chunks by itself (it calls
#' `reticulate::eng_python`, which is this function). It honours the chunk
#' options `eval`, `echo`, `results` (`"hide"`, `"hold"`, `"asis"`),
#' `warning` (`FALSE` silences Python's warnings), `error`, `include`,
#' `fig.path` and `dpi`. An error ends the chunk and stops the document,
#' naming the chunk and the line; with `error = TRUE` the traceback is shown
#' in the document instead and the next statements run.
#'
#' While any chunk runs, what Python prints to `sys.stdout` goes to R's
#' output, so an R chunk's output holds it too (a Keras `fit()` in an R
#' chunk prints one line per epoch in the document).
#'
#' @param options The chunk's options, as knitr passes them.
#'
#' @returns What `knitr::engine_output()` gives for the chunk.
#' @examples
#' \dontrun{
#' knitr::knit_engines$set(python = eng_python)
#' }
#' @md
eng_python <- function(options) {
  if (!requireNamespace("knitr", quietly = TRUE))
    stop("eng_python() needs the R package knitr", call. = FALSE)
  code <- paste(options$code, collapse = "\n")
  echo <- !isFALSE(options$echo)
  if (!isTRUE(options$eval)) {
    source <- if (echo) list(structure(list(src = code), class = "source"))
    return(knitr::engine_output(options, out = source))
  }
  chunks <- import("pyreticulate.notebooks.chunks", convert = TRUE)
  pieces <- chunks$run_chunk(
    code, label = options$label, echo = echo, hold = identical(options$results, "hold"),
    keep_going = isTRUE(options$error), warnings_shown = !isFALSE(options$warning),
    figure_prefix = knitr::fig_path("", options, number = NULL),
    dpi = if (is.numeric(options$dpi)) options$dpi else 72)
  out <- lapply(pieces, .knitr_piece, options = options)
  knitr::engine_output(options, out = Filter(Negate(is.null), out))
}

# One piece of a Python chunk's output as knitr's evaluate-style output.
.knitr_piece <- function(piece, options) {
  switch(piece$kind,
    source = structure(list(src = piece$text), class = "source"),
    output = if (!identical(options$results, "hide")) piece$text,
    figure = knitr::include_graphics(piece$path, rel_path = FALSE),  # as knitr cites R plots
    error = {
      text <- sub("\n+$", "", piece$text)
      if (!isTRUE(options$error))
        stop(structure(class = c("pyreticulate_chunk_error", "error", "condition"), list(
          message = sprintf("Python error in chunk '%s', line %d of the chunk:\n%s",
                            options$label, as.integer(piece$line), text),
          call = NULL, label = options$label, line = as.integer(piece$line))))
      simpleError(text)
    })
}

# Installed when the bridge loads (package.R), now or once knitr loads: a hook
# on the `include` option (set for every chunk) routes Python's stdout into R's
# output while each chunk runs, and back when it ends.
.knitr_setup <- function() {
  set_hook <- function(...) knitr::knit_hooks$set(include = .knitr_chunk_hook)
  if (isNamespaceLoaded("knitr")) set_hook()
  else setHook(packageEvent("knitr", "onLoad"), set_hook)
  invisible()
}

.knitr_chunk_hook <- function(before, options, envir) {
  .py(if (before) "stdout_to_r_begin" else "stdout_to_r_end")
  invisible(NULL)
}
