"""R scripts run in a fresh ``python -m pyreticulate`` process. Where starting
TensorFlow dominates, a test module shares one script and its tests read the
script's labelled lines ``label: value``."""
import os
import re
import sys
import textwrap

from helpers import ROOT, run_script, run_to_the_end

ENV = {"TF_CPP_MIN_LOG_LEVEL": "2", "TF_ENABLE_ONEDNN_OPTS": "0"}

# check(label, expr) prints "label: value" (a vector on one line) or
# "label: ERROR in <call>: <message>" when expr fails with an R error. HELPERS
# need no package; PRELUDE attaches pyreticulate first (and so tensorflow and
# keras3) for scripts written against all of the API.
HELPERS = r'''
.one_line <- function(text) gsub("\n", " ", paste(text, collapse = " "))
check <- function(label, expr) {
  value <- tryCatch(expr, error = function(e) e)
  if (inherits(value, "error")) {
    call <- conditionCall(value)
    where <- if (is.null(call)) "" else paste0(" in ", .one_line(deparse(call)))
    text <- paste0("ERROR", where, ": ", conditionMessage(value))
  } else {
    text <- paste(as.character(unlist(value)), collapse = " ")
  }
  cat(sprintf("%s: %s\n", label, .one_line(text)))
}
shape_of <- function(tensor) {
  shape <- tensor$shape
  if (!is.list(shape)) shape <- py_to_r(py_call(py_get_attr(shape, "as_list")))
  paste(vapply(shape, function(d) if (is.null(d)) "None" else as.character(d), ""),
        collapse = " ")
}
'''
PRELUDE = "suppressPackageStartupMessages(library(pyreticulate))" + HELPERS


def run_r(path, *args, timeout=600):
    """Run an R file (its directory as working directory) with TensorFlow's logs quiet."""
    environment = {**os.environ, "PYTHONPATH": ROOT, **ENV}
    environment.pop("TF_CONFIG", None)
    return run_to_the_end([sys.executable, "-m", "pyreticulate", "run", str(path), *args],
                          timeout, environment, os.path.dirname(str(path)))


def run_code(directory, code, name="script.R", timeout=600):
    """Write R code to ``directory/name`` and run it like ``run_r``."""
    return run_script(directory, code, timeout=timeout, env=ENV, name=name)


def example(*parts):
    return os.path.join(ROOT, "examples", *parts)


class Labelled:
    """The ``label: value`` lines of a script's output, with the script's output on a miss."""

    def __init__(self, proc):
        self.proc = proc
        self.lines = {}
        for label, value in re.findall(r"^([^:\n]+): ?(.*)$", proc.stdout, flags=re.M):
            self.lines[label.strip()] = value.strip()

    def __getitem__(self, label):
        assert label in self.lines, (
            f"no '{label}:' line; exit status {self.proc.returncode}\n"
            f"stdout:\n{self.proc.stdout[-3000:]}\nstderr:\n{self.proc.stderr[-3000:]}")
        return self.lines[label]

    def __contains__(self, label):
        return label in self.lines


def labelled(proc):
    """The labelled lines of a script that must have succeeded."""
    assert proc.returncode == 0, proc.stderr[-4000:]
    return Labelled(proc)


def run_labelled(directory, code, timeout=600, prelude=PRELUDE):
    """Run ``prelude`` + code as a script in ``directory``; its labelled lines."""
    return Labelled(run_code(directory, prelude + textwrap.dedent(code), timeout=timeout))
