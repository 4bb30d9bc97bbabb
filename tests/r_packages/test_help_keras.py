"""The help pages of keras3's hand-written functions, of keras and of
tfdatasets: roxygen2 comments in r/<package>/R/.

The Rd files are built with roxygen2's rd roclet in a temporary copy of r/
(the R files are sourced; nothing is installed, no package is loaded and no
Python runs), and then:

* every name keras and tfdatasets export, every name keras3 exports that is
  not one of its generated wrappers, and every registered S3 method has a
  page (an \\alias);
* roxygen2 warns of nothing (an unknown topic, a bad tag, ...), tools::checkRd
  finds nothing wrong in any page, every argument of every usage is
  documented and no other (tools::checkDocFiles), the usages match the code
  (tools::codoc) and tools::undoc finds nothing undocumented;
* each page with a usage has a value section and examples in \\dontrun (they
  need the bridge and Keras);
* the links lead to existing pages: in these three packages, in installed
  packages (magrittr, generics, ...), and in pyreticulate and tensorflow when
  their own help pages are in the tree (else those links are not checked).

keras3's generated wrappers (layer_*, optimizer_*, loss_*, metric_*,
activation_*, op_*, rnn_cell_*) get their pages elsewhere, from the installed
Keras's docstrings; they are told apart by the prefixes of their families,
and links to them are not checked here.
"""
import collections
import os
import shutil
import subprocess

import pytest

from helpers import ROOT

PACKAGES = ("keras3", "keras", "tfdatasets")

# Built too, only to resolve links to their pages (none when their help pages
# are not in the tree).
LINKED_PACKAGES = ("pyreticulate", "reticulate", "tensorflow")

# The family prefixes of keras3's generated wrappers: `.keras_prefixes` (today
# in r/keras3/R/keras-wrappers.R), and "rnn_cell" (rnn_cell_*,
# rnn_cells_stack), which .keras_family_of() counts among the layers.
WRAPPER_PREFIXES = ("layer_", "optimizer_", "loss_", "metric_", "activation_", "op_", "rnn_cell")

# keras3 exports that have a wrapper prefix but are hand-written (keras-models.R).
HAND_WRITTEN_WITH_PREFIX = ("layer_input",)

# Writes one line per fact, "kind<TAB>package<TAB>detail".
BUILD_R = r'''
args <- commandArgs(TRUE)
root <- args[[1L]]
out <- file(args[[2L]], open = "w", encoding = "UTF-8")
checked <- strsplit(args[[3L]], ",")[[1L]]
linked <- strsplit(args[[4L]], ",")[[1L]]
wrapper_prefixes <- strsplit(args[[5L]], ",")[[1L]]
hand_written <- strsplit(args[[6L]], ",")[[1L]]
one_line <- function(x) gsub("[\t\n ]+", " ", paste(x, collapse = " "))
emit <- function(kind, package, detail)
  writeLines(paste(kind, package, one_line(detail), sep = "\t"), out)

# The package's R files sourced into an environment (as roxygen2::load_source
# does), without attaching the packages it imports, which are not installed here.
source_package <- function(path) {
  env <- new.env(parent = globalenv())
  methods::setPackageName(basename(path), env)
  files <- list.files(file.path(path, "R"), pattern = "[.][Rr]$", full.names = TRUE)
  for (file in files[order(basename(files), method = "radix")])
    sys.source(file, envir = env, keep.source = FALSE)
  env
}

tags <- function(rd) vapply(rd, attr, "", "Rd_tag")

# Every \link of an Rd object: its option ("" when none) and its text.
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

index <- list()      # package -> list(pages, aliases), for the packages built here
all_links <- list()
for (package in c(checked, linked)) {
  path <- file.path(root, package)
  strict <- package %in% checked
  withCallingHandlers(
    roxygen2::roxygenise(path, roclets = "rd", load_code = source_package),
    warning = function(w) {
      if (strict) emit("PROBLEM", package, paste("roxygen2:", conditionMessage(w)))
      invokeRestart("muffleWarning")
    },
    message = function(m) invokeRestart("muffleMessage"))
  entry <- list(pages = character(), aliases = character())
  for (file in list.files(file.path(path, "man"), pattern = "[.]Rd$", full.names = TRUE)) {
    page <- sub("[.]Rd$", "", basename(file))
    rd <- tools::parse_Rd(file)
    aliases <- vapply(rd[tags(rd) == "\\alias"],
                      function(a) paste(as.character(a), collapse = ""), "")
    entry$pages <- c(entry$pages, page)
    entry$aliases <- c(entry$aliases, aliases)
    if (!strict) next
    for (alias in aliases) emit("ALIAS", package, alias)
    for (problem in as.character(tools::checkRd(file)))
      emit("PROBLEM", package, c("checkRd", page, problem))
    doctype <- unlist(rd[tags(rd) == "\\docType"])
    if (any(tags(rd) == "\\usage") && !any(doctype %in% c("package", "import"))) {
      if (!any(tags(rd) == "\\value")) emit("PROBLEM", package, c("no \\value:", page))
      examples <- rd[tags(rd) == "\\examples"]
      if (!length(examples) || !"\\dontrun" %in% unlist(lapply(examples[[1L]], attr, "Rd_tag")))
        emit("PROBLEM", package, c("no examples in \\dontrun:", page))
    }
    for (link in links_of(rd)) all_links[[length(all_links) + 1L]] <- c(package, page, link)
  }
  index[[package]] <- entry
  if (!strict) next
  namespace <- parseNamespaceFile(package, root)
  for (name in unique(namespace$exports)) emit("EXPORT", package, name)
  methods <- namespace$S3methods
  for (i in seq_len(nrow(methods)))
    emit("S3", package, if (is.na(methods[i, 3L])) paste(methods[i, 1L], methods[i, 2L], sep = ".")
                        else methods[i, 3L])
  for (check in list(list("checkDocFiles", tools::checkDocFiles), list("codoc", tools::codoc))) {
    found <- capture.output(print(check[[2L]](dir = path)))
    if (length(found)) emit("PROBLEM", package, c(check[[1L]], found))
  }
  missing <- unlist(tools::undoc(dir = path))
  if (length(missing)) emit("PROBLEM", package, c("undoc", missing))
}

installed <- function(package) {
  file <- system.file("help", "aliases.rds", package = package)
  if (!nzchar(file)) return(NULL)
  aliases <- readRDS(file)
  list(pages = unique(unname(aliases)), aliases = names(aliases))
}
lookup <- function(package) if (package %in% names(index)) index[[package]] else installed(package)
is_wrapper <- function(name) any(startsWith(name, wrapper_prefixes)) && !name %in% hand_written
base_packages <- c("base", "utils", "stats", "methods", "graphics", "grDevices", "tools")

# \link{topic}, \link[=topic]: an alias of the package, of a base package or of
# a package it depends on. \link[pkg:file]: a page of pkg. \link[pkg]{topic}: a
# page of pkg (or, for an installed package, an alias).
for (link in all_links) {
  package <- link[[1L]]; page <- link[[2L]]; option <- link[[3L]]; text <- link[[4L]]
  if (!nzchar(option) || startsWith(option, "=")) {
    topic <- if (nzchar(option)) substring(option, 2L) else text
    fields <- read.dcf(file.path(root, package, "DESCRIPTION"), fields = c("Depends", "Imports"))
    deps <- trimws(sub("[(].*$", "", unlist(strsplit(fields[!is.na(fields)], ","))))
    candidates <- c(package, base_packages, setdiff(deps, "R"))
    ok <- any(vapply(candidates, function(p) topic %in% lookup(p)$aliases, logical(1L)))
  } else {
    target <- sub(":.*$", "", option)
    file <- if (grepl(":", option, fixed = TRUE)) sub("^[^:]*:", "", option) else text
    found <- lookup(target)
    if (target %in% linked && !length(found$pages)) next   # that package's pages are not here
    if (target == "keras3" && is_wrapper(file)) next       # generated elsewhere
    ok <- !is.null(found) &&
      (file %in% found$pages ||
       (!target %in% names(index) && !grepl(":", option, fixed = TRUE) && file %in% found$aliases))
  }
  if (!ok) emit("PROBLEM", package, c("broken link in", page, option, text))
}
close(out)
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{kind: {package: set of details}} from the Rd built in a copy of r/."""
    rscript = shutil.which("Rscript")
    if not rscript:
        pytest.fail("Rscript is not on PATH (tools/setup.sh installs R)")
    root = tmp_path_factory.mktemp("help-keras")
    for package in PACKAGES + LINKED_PACKAGES:
        shutil.copytree(os.path.join(ROOT, "r", package), root / package,
                        ignore=shutil.ignore_patterns("man"))
    script = root / "build.R"
    script.write_text(BUILD_R, encoding="utf-8")
    facts = root / "facts.tsv"
    result = subprocess.run(
        [rscript, "--vanilla", str(script), str(root), str(facts), ",".join(PACKAGES),
         ",".join(LINKED_PACKAGES), ",".join(WRAPPER_PREFIXES), ",".join(HAND_WRITTEN_WITH_PREFIX)],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (
        "building the Rd failed (is r-cran-roxygen2 installed? tools/setup.sh installs it):\n"
        + result.stdout + result.stderr)
    found = collections.defaultdict(lambda: collections.defaultdict(set))
    for line in facts.read_text(encoding="utf-8").splitlines():
        kind, package, detail = line.split("\t", 2)
        found[kind][package].add(detail)
    return found


def is_generated_wrapper(name):
    return name.startswith(WRAPPER_PREFIXES) and name not in HAND_WRITTEN_WITH_PREFIX


@pytest.mark.parametrize("package", PACKAGES)
def test_the_checks_find_no_problem(built, package):
    assert sorted(built["PROBLEM"][package]) == []


def test_every_hand_written_keras3_export_has_a_page(built):
    exports = built["EXPORT"]["keras3"]
    hand_written = {name for name in exports if not is_generated_wrapper(name)}
    assert set(HAND_WRITTEN_WITH_PREFIX) <= exports
    assert len(hand_written) > 50
    assert sorted(hand_written - built["ALIAS"]["keras3"]) == []


@pytest.mark.parametrize("package", ["keras", "tfdatasets"])
def test_every_export_has_a_page(built, package):
    exports = built["EXPORT"][package]
    assert exports
    assert sorted(exports - built["ALIAS"][package]) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_s3_method_has_a_page(built, package):
    assert built["S3"][package]
    assert sorted(built["S3"][package] - built["ALIAS"][package]) == []


def test_the_wrapper_prefixes_are_keras3s():
    """WRAPPER_PREFIXES holds the prefixes keras3 gives its wrapper families."""
    code = ("e <- new.env(); "
            "for (f in list.files(commandArgs(TRUE)[[1]], '[.]R$', full.names = TRUE)) "
            "sys.source(f, envir = e); "
            "if (!exists('.keras_prefixes', e) || !exists('.keras_family_of', e)) "
            "quit(status = 3); "
            "writeLines(unname(e$.keras_prefixes)); "
            "writeLines(vapply(c('rnn_cell_gru', 'rnn_cells_stack', 'layer_input'), "
            "e$.keras_family_of, ''))")
    result = subprocess.run(["Rscript", "--vanilla", "-e", code,
                             os.path.join(ROOT, "r", "keras3", "R")],
                            capture_output=True, text=True, timeout=120)
    if result.returncode == 3:
        pytest.skip("keras3 no longer defines .keras_prefixes/.keras_family_of: "
                    "check WRAPPER_PREFIXES by hand")
    assert result.returncode == 0, result.stderr
    *prefixes, rnn_cell, rnn_cells, layer_input = result.stdout.split()
    assert set(prefixes) == set(WRAPPER_PREFIXES) - {"rnn_cell"}
    assert (rnn_cell, rnn_cells, layer_input) == ("layers", "layers", "layers")
