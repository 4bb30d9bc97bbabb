"""Running one R script per Keras test module: starting TensorFlow dominates,
so a module's checks share a script whose labelled lines the tests read."""
import re
import textwrap

from conftest import run_script

# check(label, expr) prints "[label] value" (a vector on one line) or
# "[label] ERROR in <call>: <message>" when expr fails with an R error.
PRELUDE = r'''
suppressPackageStartupMessages(library(pyreticulate))
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
  cat(sprintf("[%s] %s\n", label, .one_line(text)))
}
shape_of <- function(tensor) {
  shape <- tensor$shape
  if (!is.list(shape)) shape <- py_to_r(py_call(py_get_attr(shape, "as_list")))
  paste(vapply(shape, function(d) if (is.null(d)) "None" else as.character(d), ""),
        collapse = " ")
}
'''

KERAS_ENV = {"TF_CPP_MIN_LOG_LEVEL": "2", "TF_ENABLE_ONEDNN_OPTS": "0"}


class Labelled:
    """The labelled lines of a script's output."""

    def __init__(self, proc):
        self.proc = proc
        self.lines = dict(re.findall(r"^\[([^\]]+)\] ?(.*)$", proc.stdout, flags=re.M))

    def __getitem__(self, label):
        assert label in self.lines, (
            f"no [{label}] line; exit status {self.proc.returncode}\n"
            f"stdout:\n{self.proc.stdout[-3000:]}\nstderr:\n{self.proc.stderr[-3000:]}")
        return self.lines[label]


def run_labelled(directory, code, timeout=600):
    """Run PRELUDE + code as a script in ``directory``; its labelled lines."""
    return Labelled(run_script(directory, PRELUDE + textwrap.dedent(code), timeout=timeout,
                               env=KERAS_ENV))
