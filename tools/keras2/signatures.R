# Reads the signatures of keras 2.15's exports from its R sources, for
# tools/keras2/exports.tsv (the signatures library(keras) must match).
#
#   Rscript tools/keras2/signatures.R <keras 2.15 source tree> > signatures.tsv
#
# e.g. a tree extracted with `git archive v2.15.0 R NAMESPACE` from rstudio/keras3.
# It evaluates the top-level definitions of R/*.R one by one in a scratch
# environment (an expression that needs what is not there is skipped) and
# prints one line per export: name, what it is (function, R6 class, object,
# reexport: the package it comes from) and, for functions, the formals as R
# code on one line. Only the signatures are read: nothing else of the
# sources is kept.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1L) stop("usage: Rscript signatures.R <keras 2.15 source tree>")
tree <- args[[1L]]
suppressPackageStartupMessages(library(R6))

namespace <- readLines(file.path(tree, "NAMESPACE"))
exports <- sub('^export\\("?([^"]*)"?\\)$', "\\1", grep("^export\\(", namespace, value = TRUE))
imported <- regmatches(namespace, regexec("^importFrom\\(([^,]+),\"?([^\"]*)\"?\\)$", namespace))
imported <- do.call(rbind, Filter(length, imported))
from_package <- stats::setNames(imported[, 2L], imported[, 3L])
from_package[c("%<-%", "%>%")] <- c("zeallot", "magrittr")

scratch <- new.env()
for (file in sort(list.files(file.path(tree, "R"), pattern = "[.]R$", full.names = TRUE))) {
  for (expression in parse(file, keep.source = FALSE)) {
    if (!is.call(expression) || !as.character(expression[[1L]]) %in% c("<-", "="))
      next
    try(eval(expression, scratch), silent = TRUE)
  }
}

formals_text <- function(f) {
  items <- formals(f)
  parts <- vapply(names(items), function(name) {
    symbol <- if (make.names(name) == name || name == "...") name else paste0("`", name, "`")
    if (identical(items[[name]], quote(expr = ))) return(symbol)
    paste(symbol, "=", paste(deparse(items[[name]], width.cutoff = 500L), collapse = " "))
  }, character(1))
  paste(parts, collapse = ", ")
}

for (name in exports) {
  value <- get0(name, envir = scratch, inherits = FALSE)
  if (name %in% names(from_package) && is.null(value)) {
    kind <- paste0("reexport:", from_package[[name]]); signature <- ""
  } else if (inherits(value, "R6ClassGenerator")) {
    kind <- "R6"; signature <- ""
  } else if (is.function(value)) {
    kind <- "function"; signature <- formals_text(value)
  } else if (!exists(name, envir = scratch, inherits = FALSE)) {
    stop("no definition of the export ", name, call. = FALSE)
  } else {
    kind <- "object"; signature <- ""
  }
  cat(name, kind, gsub("[\t\n]", " ", signature), sep = "\t")
  cat("\n")
}
