'''Rd helpers shared by the help-page tests (tests/r_packages/test_help*.py): R code
that sources a package's R files without loading it and walks the Rd objects roxygen2 makes.'''

RD_HELPERS = r'''
# The package's R files sourced into one environment (as roxygen2::load_source
# does): nothing is loaded, so neither the Python host nor the packages'
# imports are needed.
source_package <- function(path) {
  env <- new.env(parent = globalenv())
  methods::setPackageName(basename(path), env)
  files <- list.files(file.path(path, "R"), pattern = "[.][Rr]$", full.names = TRUE)
  for (file in files[order(basename(files), method = "radix")])
    sys.source(file, envir = env, keep.source = FALSE)
  env
}

tags <- function(rd) vapply(rd, attr, "", "Rd_tag")

# Every \\link of an Rd object: its option ("" when none) and its text.
links_of <- function(rd) {
  found <- list()
  walk <- function(node) {
    if (identical(attr(node, "Rd_tag"), "\\link")) {
      option <- attr(node, "Rd_option")
      found[[length(found) + 1L]] <<- c(
        if (is.null(option)) "" else paste(as.character(option), collapse = ""),
        paste(unlist(node), collapse = ""))
    }
    if (is.list(node)) for (child in node) walk(child)
  }
  walk(rd)
  found
}
'''
