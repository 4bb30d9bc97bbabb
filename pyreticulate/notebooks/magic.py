"""IPython's ``%R`` and ``%%R`` magics, after rpy2's: ``%load_ext pyreticulate``
(``pyreticulate.load_ipython_extension``) registers them.

The R is the one ``pyreticulate.r()`` uses (started when the extension
loads), so names the magics define are there for ``pr.r`` and the other way
round. ``-i x,y`` assigns Python variables in R's global environment first
(converted by pyreticulate's conversion rules, ``docs/conversions.md``), ``-o
z`` puts R variables back into the user's namespace afterwards, converted.
``%%R`` runs its cell as the R console would (``cells.run_cell``: visible values
printed); ``%R code`` (line mode) prints nothing and returns the value of the
last expression, converted (``-n``: nothing). Plots the R code draws are shown
as PNG images (``-w``, ``-h`` in ``-u`` units, ``-r`` pixels per inch). An R
error stops the cell as ``RInterpreterError`` with R's message; Ctrl-C as
``KeyboardInterrupt``.

While a cell runs, what any thread writes to ``sys.stdout`` / ``sys.stderr``
belongs to that cell: ipykernel finds the request a write belongs to in a
context variable, and a thread started during an earlier cell (TensorFlow's,
running R callbacks and their Python calls, ``runtime.threads``) keeps the one of
the cell it started in.
"""
import contextlib
import io
import sys

from IPython.core import magic_arguments
from IPython.core.magic import Magics, line_cell_magic, magics_class, needs_local_scope
from IPython.display import Image, display

from .. import api
from . import cells

UNITS_PER_INCH = {"px": None, "in": 1.0, "cm": 2.54, "mm": 25.4}


class RInterpreterError(RuntimeError):
    """R code run by ``%R`` / ``%%R`` failed: ``str()`` is R's message, ``error`` the
    exception the evaluation raised (an ``RError`` carrying R's condition)."""

    def __init__(self, text, error):
        super().__init__(text)
        self.error = error


@magics_class
class RMagics(Magics):
    """``%R`` and ``%%R``."""

    @magic_arguments.magic_arguments()
    @magic_arguments.argument(
        "-i", "--input", action="append", default=[], metavar="NAMES",
        help="Python names (comma-separated) assigned in R's global environment before the "
             "code runs, converted; may be repeated")
    @magic_arguments.argument(
        "-o", "--output", action="append", default=[], metavar="NAMES",
        help="R names (comma-separated) put into the user's namespace after the code runs, "
             "converted; may be repeated")
    @magic_arguments.argument(
        "-n", "--noreturn", action="store_true",
        help="line mode: return nothing (the value of the last expression by default)")
    @magic_arguments.argument("-w", "--width", type=float, help="the plots' width")
    @magic_arguments.argument("-h", "--height", type=float, help="the plots' height")
    @magic_arguments.argument("-u", "--units", choices=sorted(UNITS_PER_INCH), default="px",
                              help="the units of --width and --height (default px)")
    @magic_arguments.argument("-r", "--res", type=int, help="pixels per inch (default 96)")
    @magic_arguments.argument("code", nargs="*", help="R code (line mode)")
    @needs_local_scope
    @line_cell_magic
    def R(self, line, cell=None, local_ns=None):  # noqa: N802 (the magic's name is %R)
        """Run R code in pyreticulate's R: ``%R code`` or a ``%%R`` cell."""
        args = magic_arguments.parse_argstring(self.R, line)
        line_mode = cell is None
        code = " ".join(args.code) if line_mode else cell
        for name in _names(args.input):
            api.globalenv[name] = self._python_value(name, local_ns or {})
        with _streams_for(getattr(self.shell, "parent_header", None)):
            result = cells.run_cell(code, autoprint=not line_mode, size=_plot_size(args))
        for image in result.images:
            display(Image(data=image, format="png"))
        if result.interrupted:
            raise KeyboardInterrupt
        if result.error is not None:
            raise RInterpreterError(result.error_text(), result.error)
        outputs = {}
        for name in _names(args.output):
            if name not in api.globalenv:
                raise NameError(f"-o {name}: R's global environment has no object '{name}'")
            outputs[name] = api.globalenv[name]
        self.shell.push(outputs)
        if line_mode and not args.noreturn:
            return result.value
        return None

    def _python_value(self, name, local_ns):
        for namespace in (local_ns, self.shell.user_ns):
            if name in namespace:
                return namespace[name]
        raise NameError(f"-i {name}: name '{name}' is not defined in Python")


class _RequestWriter(io.TextIOBase):
    """An ipykernel output stream whose writes, from any thread, belong to ``parent``."""

    def __init__(self, stream, parent):
        self.stream, self.parent = stream, parent

    def write(self, text):
        token = self.stream.set_thread_parent(self.parent)
        try:
            return self.stream.write(text)
        finally:
            self.stream.reset_thread_parent(token)

    def flush(self):
        self.stream.flush()

    def isatty(self):
        return self.stream.isatty()

    def fileno(self):
        return self.stream.fileno()

    @property
    def encoding(self):
        return self.stream.encoding


@contextlib.contextmanager
def _streams_for(parent):
    """``sys.stdout`` and ``sys.stderr`` writing for the cell's request (``parent``), when
    they are ipykernel's streams."""
    saved = sys.stdout, sys.stderr
    if parent:
        sys.stdout, sys.stderr = (_RequestWriter(stream, parent)
                                  if hasattr(stream, "set_thread_parent") else stream
                                  for stream in saved)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _names(options):
    """``["a,b", "c"]`` -> ``["a", "b", "c"]``."""
    return [name.strip() for option in options for name in option.split(",") if name.strip()]


def _plot_size(args):
    size = cells.PlotSize()
    res = args.res or size.res
    per_inch = UNITS_PER_INCH[args.units] or res
    return cells.PlotSize(width=args.width / per_inch if args.width else size.width,
                          height=args.height / per_inch if args.height else size.height,
                          res=res)


def load_ipython_extension(ipython):
    """``%load_ext pyreticulate``: start R and register ``%R`` / ``%%R``."""
    api.start()
    ipython.register_magics(RMagics)
