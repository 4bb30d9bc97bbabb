"""The help pages of pyreticulate, reticulate, tfautograph and tensorflow: roxygen2's rd
roclet builds them from the packages' comment blocks (in a copy of r/, with
standalone Rscript: neither the bridge nor the packages' dependencies are
loaded) without warnings; R's checkRd reports nothing; every exported name and
every registered S3 method has a topic; every argument in a usage is
documented and the usages match the code (R CMD check's codoc); each page
with a usage has a value section and examples wrapped in \\dontrun; and the
links between the packages' pages lead to existing pages."""
import collections
import os
import shutil
import subprocess

import pytest

from helpers import ROOT
from helpers.rd import RD_HELPERS

PACKAGES = ("pyreticulate", "reticulate", "tfautograph", "tensorflow")

# Prints one finding per line, "kind<TAB>package<TAB>detail"; a clean build
# prints only the inventory lines (alias, export, s3, page).
CHECK_R = r'''
root <- commandArgs(TRUE)[1]
packages <- commandArgs(TRUE)[-1]
one_line <- function(x) gsub("[\t\n ]+", " ", paste(x, collapse = " "))
report <- function(kind, package, detail) cat(kind, "\t", package, "\t", one_line(detail), "\n", sep = "")


# name -> list(pages, aliases): the packages built here, then installed ones.
index <- list()
installed_index <- function(package) {
  file <- system.file("help", "aliases.rds", package = package)
  if (!nzchar(file)) return(NULL)
  aliases <- readRDS(file)
  list(pages = unique(unname(aliases)), aliases = names(aliases))
}
base_packages <- c("base", "utils", "stats", "methods", "graphics", "grDevices", "tools")
all_links <- list()

for (package in packages) {
  path <- file.path(root, package)
  withCallingHandlers(
    roxygen2::roxygenise(path, roclets = "rd", load_code = source_package),
    warning = function(w) {
      report("roxygen-warning", package, conditionMessage(w))
      invokeRestart("muffleWarning")
    },
    message = function(m) invokeRestart("muffleMessage"))
  files <- list.files(file.path(path, "man"), pattern = "[.]Rd$", full.names = TRUE)
  entry <- list(pages = character(), aliases = character())
  for (file in files) {
    problems <- withCallingHandlers(tools::checkRd(file), warning = function(w) {
      report("checkRd", package, c(basename(file), conditionMessage(w)))
      invokeRestart("muffleWarning")
    })
    for (problem in problems) report("checkRd", package, c(basename(file), problem))
    rd <- tools::parse_Rd(file)
    page <- sub("[.]Rd$", "", basename(file))
    entry$pages <- c(entry$pages, page)
    report("page", package, page)
    aliases <- vapply(rd[tags(rd) == "\\alias"], as.character, "")
    entry$aliases <- c(entry$aliases, aliases)
    for (alias in aliases) report("alias", package, alias)
    doctype <- unlist(rd[tags(rd) == "\\docType"])
    if (any(tags(rd) == "\\usage") && !any(doctype %in% c("package", "import"))) {
      if (!any(tags(rd) == "\\value")) report("no-value", package, page)
      examples <- rd[tags(rd) == "\\examples"]
      if (!length(examples)) report("no-examples", package, page)
      else if (!"\\dontrun" %in% unlist(lapply(examples[[1L]], attr, "Rd_tag")))
        report("examples-not-dontrun", package, page)
    }
    for (link in links_of(rd)) all_links[[length(all_links) + 1L]] <- c(package, page, link)
  }
  index[[package]] <- entry
  namespace <- parseNamespaceFile(package, root)
  for (name in unique(namespace$exports)) report("export", package, name)
  methods <- namespace$S3methods
  for (i in seq_len(nrow(methods))) {
    report("s3", package, paste(methods[i, 1L], methods[i, 2L], sep = "."))
    if (!is.na(methods[i, 3L])) report("s3", package, methods[i, 3L])
  }
  undocumented <- capture.output(print(tools::checkDocFiles(dir = path)))
  if (length(undocumented)) report("checkDocFiles", package, undocumented)
  mismatches <- capture.output(print(tools::codoc(dir = path)))
  if (length(mismatches)) report("codoc", package, mismatches)
  missing <- unlist(tools::undoc(dir = path))
  if (length(missing)) report("undoc", package, missing)
}

# \\link[=topic] and \\link{topic}: an alias of the package, of the base
# packages or of a package it depends on; \\link[pkg:file] a page of pkg;
# \\link[pkg]{topic} a page (or, installed, an alias) of pkg.
lookup <- function(package) if (package %in% names(index)) index[[package]] else installed_index(package)
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
    ok <- !is.null(found) &&
      (file %in% found$pages || (!target %in% names(index) && !grepl(":", option, fixed = TRUE) &&
                                 file %in% found$aliases))
  }
  if (!ok) report("broken-link", package, c(page, option, text))
}
'''


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    """Build the packages' Rd files in a copy of r/; the findings by kind:
    {kind: [(package, detail), ...]}."""
    rscript = shutil.which("Rscript")
    assert rscript, "Rscript is not on PATH (tools/setup.sh installs R)"
    installed = subprocess.run(
        [rscript, "-e", 'cat(requireNamespace("roxygen2", quietly = TRUE))'],
        capture_output=True, text=True, timeout=120)
    assert installed.stdout.strip() == "TRUE", \
        "the R package roxygen2 is not installed (tools/setup.sh installs r-cran-roxygen2)"
    root = tmp_path_factory.mktemp("rd")
    for package in PACKAGES:
        shutil.copytree(os.path.join(ROOT, "r", package), root / package,
                        ignore=shutil.ignore_patterns("man"))
    script = root / "check.R"
    script.write_text(RD_HELPERS + CHECK_R)
    done = subprocess.run([rscript, "--vanilla", str(script), str(root), *PACKAGES],
                          capture_output=True, text=True, timeout=900, cwd=str(root))
    assert done.returncode == 0, done.stderr
    found = collections.defaultdict(list)
    for line in done.stdout.splitlines():
        kind, package, detail = line.split("\t", 2)
        found[kind].append((package, detail))
    return found


def names_of(findings, kind, package):
    return {detail for where, detail in findings[kind] if where == package}


def test_roxygen_builds_the_pages_without_warnings(findings):
    assert findings["roxygen-warning"] == []
    for package in PACKAGES:
        assert names_of(findings, "page", package), f"{package} has no pages"


def test_checkRd_reports_nothing(findings):
    assert findings["checkRd"] == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_export_has_a_topic(findings, package):
    exports = names_of(findings, "export", package)
    assert exports
    assert sorted(exports - names_of(findings, "alias", package)) == []


@pytest.mark.parametrize("package", ["pyreticulate", "tfautograph", "tensorflow"])
def test_every_s3_method_has_a_topic(findings, package):
    methods = names_of(findings, "s3", package)
    assert methods
    assert sorted(methods - names_of(findings, "alias", package)) == []


def test_every_argument_is_documented_and_the_usages_match_the_code(findings):
    assert findings["checkDocFiles"] == []
    assert findings["codoc"] == []
    assert findings["undoc"] == []


def test_every_page_with_a_usage_has_a_value_and_examples_in_dontrun(findings):
    assert findings["no-value"] == []
    assert findings["no-examples"] == []
    assert findings["examples-not-dontrun"] == []


def test_links_lead_to_existing_pages(findings):
    """\\link{topic} and \\link[=topic] name an alias of the package, of R's
    base packages or of a package it depends on; \\link[pkg:file] and
    \\link[pkg]{file} a page of that package."""
    assert findings["broken-link"] == []
