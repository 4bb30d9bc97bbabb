# What the Jupyter kernel and IPython's %R magics (pyreticulate/notebooks/) ask of
# R: a PNG device for each cell's plots, completions of R names, help as text.

# A PNG device drawing each page of the cell's plots into `dir` (plot-001.png,
# ...), made the current device; its number.
.pyr_cell_device <- function(dir, width, height, res) {
  grDevices::png(file.path(dir, "plot-%03d.png"), width = width, height = height,
                 units = "in", res = res)
  grDevices::dev.cur()
}

# Close the cell's device (if the cell left it open); the files of its pages, in order.
.pyr_cell_plots <- function(device, dir) {
  if (device %in% grDevices::dev.list()) grDevices::dev.off(device)
  sort(list.files(dir, pattern = "^plot-[0-9]+[.]png$", full.names = TRUE))
}

# Completions of the R name before `cursor` (a count of characters) in `code`,
# from R's own completion engine (utils' rcompgen, as R's console completes):
# the candidates and where, in characters from the start of `code`, the
# completed token starts.
.pyr_completions <- function(code, cursor) {
  before <- substr(code, 1L, cursor)
  line_start <- regexpr("[^\n]*$", before)
  line <- substring(before, line_start)
  utils <- asNamespace("utils")
  utils$.assignLinebuffer(line)
  utils$.assignEnd(nchar(line))
  token <- utils$.guessTokenFromLine()
  utils$.completeToken()
  list(matches = as.character(utils$.retrieveCompletions()),
       start = as.integer(line_start) - 1L + nchar(line) - nchar(token))
}

# The text of the help page of `topic` (as `?topic` prints it; "pkg::topic" in
# that package), or NULL when there is none.
.pyr_help_text <- function(topic) {
  parts <- strsplit(topic, ":::?")[[1L]]
  package <- if (length(parts) == 2L) parts[[1L]]
  topic <- parts[[length(parts)]]
  files <- utils::help((topic), package = (package), help_type = "text")
  if (!length(files)) return(NULL)
  rd <- asNamespace("utils")$.getHelpFile(files[[1L]])
  text <- utils::capture.output(tools::Rd2txt(rd, options = list(underline_titles = FALSE)))
  paste(gsub("_\b", "", text, fixed = TRUE), collapse = "\n")
}
