"""R code run as a notebook cell, for the Jupyter kernel (``kernel``) and IPython's
``%R`` / ``%%R`` (``magic``).

The cell's top-level expressions run one after another at R's top level, as
the console runs them (``cli``: visible values printed, warnings reported
after their expression), until one fails. R's output goes to ``sys.stdout`` / ``sys.stderr``, which the
kernel streams to the notebook. Meanwhile a PNG device is the current device
(r/pyreticulate/R/notebook.R), so each page the cell draws (base graphics,
ggplot2, Keras's ``plot(history)``) becomes a PNG image of the result.
"""
import dataclasses
import shutil
import tempfile

from ..convert.registry import REGISTRY
from ..libr import capi, vectors
from ..libr.protect import protected
from ..runtime import errors, evaluation, threads


@dataclasses.dataclass
class PlotSize:
    """The size of a cell's plots, in inches, and their resolution (pixels per inch)."""
    width: float = 7.0
    height: float = 5.0
    res: int = 96


@dataclasses.dataclass
class Cell:
    """What a cell gave: its plots as PNG data, its last value converted to Python
    (without ``autoprint``), and the error that stopped it, if one did."""
    images: list
    value: object = None
    error: BaseException = None

    @property
    def interrupted(self):
        return isinstance(self.error, KeyboardInterrupt)

    def error_name(self):
        """The first R class of the error's condition (a Python error's type name)."""
        if isinstance(self.error, errors.RError):
            return self.error.r_class[0] if self.error.r_class else "error"
        return "interrupt" if self.interrupted else type(self.error).__name__

    def error_message(self):
        if self.interrupted:
            return "Interrupted"
        if isinstance(self.error, errors.RError):
            return self.error.r_message
        return errors.exception_message(self.error)

    def error_text(self):
        """The error as R's top level prints it (``Error in f() : ...``)."""
        return "Interrupted" if self.interrupted else evaluation.error_text(self.error)


def run_cell(code, autoprint=True, size=PlotSize()):
    """Run R code as a cell; a ``Cell``. With ``autoprint`` False nothing is printed and
    ``value`` is the last expression's value, converted."""
    directory = tempfile.mkdtemp(prefix="pyreticulate-plots-")
    try:
        with protected() as keep:
            device = evaluation.call_function(
                evaluation.function(".pyr_cell_device"),
                [keep(capi.mkstring(directory)), keep(capi.lib.Rf_ScalarReal(size.width)),
                 keep(capi.lib.Rf_ScalarReal(size.height)),
                 keep(capi.lib.Rf_ScalarInteger(size.res))], keep=keep)
            try:
                value, error = _evaluate(code, autoprint)
            finally:
                files = vectors.strings(evaluation.call_function(
                    evaluation.function(".pyr_cell_plots"),
                    [device, keep(capi.mkstring(directory))], keep=keep))
        images = []
        for path in files:
            with open(path, "rb") as handle:
                images.append(handle.read())
        return Cell(images, value, error)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _evaluate(code, autoprint):
    """Each top-level expression at R's top level; (last value, None) or (None, error)."""
    try:
        exprs = evaluation.parse(code)
    except errors.RError as exc:
        return None, exc
    value = None
    lib = capi.lib
    for i in range(lib.LENGTH(exprs.sexp)):
        try:
            with protected() as keep:
                result = evaluation.call_function(
                    evaluation.function(".pyr_toplevel"), [lib.VECTOR_ELT(exprs.sexp, i)],
                    kwargs=[("autoprint", keep(lib.Rf_ScalarLogical(int(autoprint))))],
                    keep=keep)
                if not autoprint and i == lib.LENGTH(exprs.sexp) - 1:
                    value = REGISTRY.to_python(result)
        except BaseException as exc:    # the cell's error (or Ctrl-C), reported by the caller
            return None, exc
    return value, None
