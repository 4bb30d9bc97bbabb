"""The help pages of keras3's hand-written functions, of keras and of
tfdatasets: roxygen2 comments in r/<package>/R/.

The Rd files are built with roxygen2 in a temporary copy of the packages (the
R files are sourced, nothing is installed and no Python runs), and then:
every name keras and tfdatasets export, and every name keras3 exports that is
not one of its generated wrappers, has a page (an \\alias); roxygen2 warns of
nothing (an unknown topic, a bad tag, ...); tools::checkDocFiles finds every
argument of every usage documented and no other; tools::checkRd finds nothing
wrong in any page.

keras3's generated wrappers (layer_*, optimizer_*, loss_*, metric_*,
activation_*, op_*, rnn_cell_*) get their pages from the installed Keras's
docstrings, elsewhere; they are told apart by the prefixes of their families.
"""
import os
import shutil
import subprocess

import pytest

from helpers import ROOT

PACKAGES = ("keras3", "keras", "tfdatasets")

# The family prefixes of keras3's generated wrappers: `.keras_prefixes` (today
# in r/keras3/R/keras-wrappers.R), and "rnn_cell" (rnn_cell_*,
# rnn_cells_stack), which .keras_family_of() counts among the layers.
WRAPPER_PREFIXES = ("layer_", "optimizer_", "loss_", "metric_", "activation_", "op_", "rnn_cell")

# keras3 exports that have a wrapper prefix but are hand-written (keras-models.R).
HAND_WRITTEN_WITH_PREFIX = {"layer_input"}

# Writes one line per fact: EXPORT/ALIAS <package> <name>, PROBLEM <package> <text>.
BUILD_R = r'''
args <- commandArgs(TRUE)
root <- args[[1L]]
out <- file(args[[2L]], open = "w", encoding = "UTF-8")
emit <- function(kind, package, text)
  writeLines(paste(kind, package, gsub("\n", " ", text), sep = "\t"), out)
# Source the package's R files into an environment (as roxygen2::load_source
# does) without attaching the packages it imports, which are not installed here.
source_package <- function(path) {
  env <- new.env(parent = globalenv())
  methods::setPackageName(basename(path), env)
  files <- list.files(file.path(path, "R"), pattern = "[.][Rr]$", full.names = TRUE)
  for (file in files[order(basename(files), method = "radix")])
    sys.source(file, envir = env, keep.source = FALSE)
  env
}
for (package in args[-(1:2)]) {
  path <- file.path(root, package)
  for (name in unique(parseNamespaceFile(package, root)$exports)) emit("EXPORT", package, name)
  withCallingHandlers(
    roxygen2::roxygenise(path, roclets = "rd", load_code = source_package),
    warning = function(w) {
      emit("PROBLEM", package, paste("roxygen2:", conditionMessage(w)))
      invokeRestart("muffleWarning")
    },
    message = function(m) invokeRestart("muffleMessage"))
  # Arguments of a usage without an \item, and \items that are no argument.
  for (problem in format(tools::checkDocFiles(dir = path)))
    if (nzchar(problem)) emit("PROBLEM", package, paste("checkDocFiles:", problem))
  for (file in list.files(file.path(path, "man"), pattern = "[.]Rd$", full.names = TRUE)) {
    for (problem in as.character(tools::checkRd(file)))
      emit("PROBLEM", package, paste0("checkRd ", basename(file), ": ", problem))
    rd <- tools::parse_Rd(file)
    tags <- vapply(rd, attr, "", "Rd_tag")
    for (alias in rd[tags == "\\alias"])
      emit("ALIAS", package, paste(as.character(alias), collapse = ""))
  }
}
close(out)
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{"exports"|"aliases"|"problems": {package: set}} from the Rd built in a copy."""
    if not shutil.which("Rscript"):
        pytest.fail("Rscript is not on PATH (tools/setup.sh installs R)")
    root = tmp_path_factory.mktemp("help-keras")
    for package in PACKAGES:
        shutil.copytree(os.path.join(ROOT, "r", package), root / package,
                        ignore=shutil.ignore_patterns("man"))
    script = root / "build.R"
    script.write_text(BUILD_R, encoding="utf-8")
    facts = root / "facts.tsv"
    result = subprocess.run(["Rscript", "--vanilla", str(script), str(root), str(facts), *PACKAGES],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (
        "building the Rd failed (is r-cran-roxygen2 installed? tools/setup.sh installs it):\n"
        + result.stdout + result.stderr)
    found = {kind: {package: set() for package in PACKAGES}
             for kind in ("exports", "aliases", "problems")}
    kinds = {"EXPORT": "exports", "ALIAS": "aliases", "PROBLEM": "problems"}
    for line in facts.read_text(encoding="utf-8").splitlines():
        kind, package, text = line.split("\t", 2)
        found[kinds[kind]][package].add(text)
    return found


def is_generated_wrapper(name):
    return name.startswith(WRAPPER_PREFIXES) and name not in HAND_WRITTEN_WITH_PREFIX


@pytest.mark.parametrize("package", PACKAGES)
def test_roxygen_checkdocfiles_and_checkrd_report_nothing(built, package):
    assert sorted(built["problems"][package]) == []


def test_every_hand_written_keras3_export_has_a_page(built):
    exports = built["exports"]["keras3"]
    hand_written = {name for name in exports if not is_generated_wrapper(name)}
    assert HAND_WRITTEN_WITH_PREFIX <= exports
    assert len(hand_written) > 50
    assert sorted(hand_written - built["aliases"]["keras3"]) == []


@pytest.mark.parametrize("package", ["keras", "tfdatasets"])
def test_every_export_has_a_page(built, package):
    exports = built["exports"][package]
    assert exports
    assert sorted(exports - built["aliases"][package]) == []


def test_the_s3_methods_for_models_and_histories_have_pages(built):
    methods = {"compile.keras.src.models.model.Model", "fit.keras.src.models.model.Model",
               "evaluate.keras.src.models.model.Model", "predict.keras.src.models.model.Model",
               "plot.keras_training_history", "as.data.frame.keras_training_history"}
    assert sorted(methods - built["aliases"]["keras3"]) == []


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
