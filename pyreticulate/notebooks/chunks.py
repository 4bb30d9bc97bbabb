"""The Python chunks of R Markdown documents: what ``eng_python()``, knitr's
``python`` engine (r/pyreticulate/R/knitr-engine.R), runs for each chunk.

The chunk's statements run one after another in ``__main__`` (so chunks share
their objects with each other, and with R as ``py$x`` / ``r.x``), as at
Python's prompt: the value of an expression statement is printed unless the
statement ends with ``;``. What each statement prints (stdout and stderr)
follows the source lines that printed it, as knitr interleaves an R chunk's
code and output. Matplotlib figures are saved as PNG files when the chunk calls
``plt.show()`` and, for the figures still open, when the chunk ends.

``run_chunk`` returns the chunk's pieces in order, each a dict with ``kind``:
``"source"`` (``text``), ``"output"`` (``text``), ``"figure"`` (``path``) or
``"error"`` (``text``: the traceback; ``line``: the chunk's line it points
at). Without ``keep_going`` the first error ends the chunk.
"""
import ast
import contextlib
import io
import linecache
import os
import sys
import traceback
import warnings


def run_chunk(code, label="chunk", echo=True, hold=False, keep_going=False, warnings_shown=True,
              figure_prefix="figure", dpi=72):
    """Run a chunk's code; its pieces in document order (see the module's docstring)."""
    filename = f"<chunk {label}>"
    lines = code.split("\n")
    linecache.cache[filename] = (len(code), None, [line + "\n" for line in lines], filename)
    os.environ.setdefault("MPLBACKEND", "agg")  # figures go to files, never to windows
    pieces = _Pieces(lines, echo, hold)
    try:
        statements = ast.parse(code, filename).body
    except SyntaxError as exc:
        pieces.error(_exception_text(exc, None), exc.lineno or 1, len(lines))
        return pieces.finish()
    figures = _Figures(figure_prefix, dpi)
    with figures.showing(), _displaying():
        for node in statements:
            first = node.decorator_list[0].lineno if getattr(node, "decorator_list", None) \
                else node.lineno
            output, error = _run_statement(node, lines[first - 1:node.end_lineno], filename,
                                           warnings_shown)
            figures.patch_show()
            if error is not None:
                pieces.emit(node.end_lineno, output, figures.take())
                pieces.error(*error, node.end_lineno)
                if not keep_going:
                    return pieces.finish(rest=False)
                continue
            pieces.emit(node.end_lineno, output, figures.take())
        figures.save_open()
        pieces.emit(len(lines), "", figures.take())
    return pieces.finish()


def _run_statement(node, source, filename, warnings_shown):
    """Run one statement; what it printed (with its warnings, when shown), and (traceback,
    line) if it failed."""
    suppressed = source[-1].rstrip().endswith(";")
    printed = isinstance(node, ast.Expr) and not suppressed
    tree = ast.Interactive(body=[node]) if printed else ast.Module(body=[node], type_ignores=[])
    buffer = io.StringIO()
    error = None
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer), \
            warnings.catch_warnings(record=True) as caught:
        if not warnings_shown:
            warnings.simplefilter("ignore")
        try:
            exec(compile(tree, filename, "single" if printed else "exec"),
                 sys.modules["__main__"].__dict__)
        except Exception as exc:
            error = (_exception_text(exc, filename), _failing_line(exc, filename, node))
        finally:
            sys.stdout.flush()
    for caught_warning in caught:
        buffer.write(warnings.formatwarning(caught_warning.message, caught_warning.category,
                                            caught_warning.filename, caught_warning.lineno,
                                            caught_warning.line))
    return buffer.getvalue(), error


def _exception_text(exc, filename):
    """The traceback from the chunk's own frames on (the runner's are left out)."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != filename:
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(exc), exc, tb))


def _failing_line(exc, filename, node):
    """The chunk's line the error points at: its innermost frame in the chunk's code."""
    line = node.lineno
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


@contextlib.contextmanager
def _displaying():
    """Expression values printed as Python's prompt prints them, whatever hook the host set."""
    saved = sys.displayhook
    sys.displayhook = sys.__displayhook__
    try:
        yield
    finally:
        sys.displayhook = saved


class _Pieces:
    """The chunk's pieces in order: source lines are emitted up to the statement whose
    output follows them (all at once, first, with ``hold``)."""

    def __init__(self, lines, echo, hold):
        self.lines, self.echo, self.hold = lines, echo, hold
        self.shown = 0         # source lines emitted so far
        self.sources, self.results = [], []

    def emit(self, upto, output, figures):
        if not output and not figures:
            return
        self._source(upto)
        if output:
            self.results.append({"kind": "output", "text": output})
        self.results.extend({"kind": "figure", "path": path} for path in figures)

    def error(self, text, line, upto):
        self._source(upto)
        self.results.append({"kind": "error", "text": text, "line": line})

    def _source(self, upto):
        if upto <= self.shown:
            return
        text = "\n".join(self.lines[self.shown:upto]).strip("\n")
        self.shown = upto
        if self.echo and text:
            if self.hold:
                self.sources.append(text)
            else:
                self.results.append({"kind": "source", "text": text})

    def finish(self, rest=True):
        """The pieces; ``rest``: with the source lines not emitted yet."""
        if rest:
            self._source(len(self.lines))
        if self.hold:
            source = [{"kind": "source", "text": "\n".join(self.sources)}] if self.sources else []
            return source + self.results
        return self.results


class _Figures:
    """Matplotlib figures saved as ``<prefix>-<n>.png`` when the chunk shows them."""

    def __init__(self, prefix, dpi):
        self.prefix, self.dpi = prefix, dpi
        self.count = 0
        self.pending = []
        self.patched = None

    @contextlib.contextmanager
    def showing(self):
        self.patch_show()
        try:
            yield
        finally:
            if self.patched is not None:
                self.patched.show = self._original_show

    def patch_show(self):
        """``plt.show()`` saves the open figures (once pyplot is imported)."""
        pyplot = sys.modules.get("matplotlib.pyplot")
        if pyplot is None or self.patched is pyplot:
            return
        self.patched, self._original_show = pyplot, pyplot.show
        pyplot.show = lambda *args, **kwargs: self.save_open()

    def save_open(self):
        pyplot = sys.modules.get("matplotlib.pyplot")
        if pyplot is None:
            return
        for number in pyplot.get_fignums():
            figure = pyplot.figure(number)
            self.count += 1
            path = f"{self.prefix}-{self.count}.png"
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            figure.savefig(path, dpi=self.dpi, format="png")
            pyplot.close(figure)
            self.pending.append(path)

    def take(self):
        taken, self.pending = self.pending, []
        return taken
