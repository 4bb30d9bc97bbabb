"""The Jupyter kernel: R with the bridge, in the Python that hosts it.

Built on ipykernel's ``Kernel`` (ipykernel speaks Jupyter's protocol: its
sockets, the heartbeat, the output streams, Ctrl-C as ``interrupt_request``);
this module only answers the requests. Registered with ``pyreticulate kernel
install`` (``kernelspec``), started by Jupyter as ``python -m
pyreticulate.notebooks.kernel -f CONNECTION_FILE``.

* ``execute``: the cell runs as at the console (``cells.run_cell``), with
  ``library(pyreticulate)`` attached at start as the console does; R's output
  and Python's reach the notebook as streams, each plot as a PNG
  ``display_data``, an error as an ``error`` output (R's message and class).
  The interrupt (SIGINT) stops the cell as Ctrl-C does at the console; a
  ``fit()`` stops at its next batch with what it trained and its history kept
  (docs/keras-r-code.md).
* ``complete``: R's own completion of names (``.pyr_completions``).
* ``inspect`` (Shift-Tab): the help page of the name at the cursor; ``?topic``
  in a cell prints it as at the console.
* ``is_complete``: whether R's parser needs more lines.
"""
import base64
import re
import sys

from ipykernel.iostream import OutStream
from ipykernel.kernelapp import IPKernelApp
from ipykernel.kernelbase import Kernel
from jupyter_client.session import extract_header

from .. import __version__, api
from ..runtime import embedded
from . import cells

# The name at the cursor: R's names, with a package prefix (stats::median).
_NAME = re.compile(r"[A-Za-z0-9._]+(?:::[A-Za-z0-9._]*)?")


def _helper(name):
    """An R function of the pyreticulate namespace, callable from Python."""
    return api.r(f"pyreticulate:::{name}")


class RequestStream(OutStream):
    """``sys.stdout`` / ``sys.stderr`` whose output belongs to the request being run, on
    every thread. ipykernel's own streams find the request in a context variable, which
    threads started during an earlier request (TensorFlow's threads, which run R
    callbacks and their Python calls, or a user's thread pool) hold stale."""

    _request = {}

    @property
    def parent_header(self):
        return self._request

    @parent_header.setter
    def parent_header(self, value):
        self._request = value

    def set_parent(self, parent):
        self._request = extract_header(parent)


class RKernel(Kernel):
    """R cells, run by the R embedded in this Python."""

    implementation = "pyreticulate"
    implementation_version = __version__
    language = "R"
    banner = "R with pyreticulate's bridge to Python"
    plot_size = cells.PlotSize()

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        api.start()
        api.r("suppressPackageStartupMessages(library(pyreticulate))")
        self.language_info = {
            "name": "R", "version": embedded.r_version_string(), "mimetype": "text/x-r-source",
            "file_extension": ".r", "pygments_lexer": "r", "codemirror_mode": "r",
        }
        self.banner = f"R {embedded.r_version_string()} embedded in Python " \
                      f"{sys.version.split()[0]} (pyreticulate {__version__})"

    @property
    def kernel_info(self):
        """ipykernel's, without the features of IPython's kernel this one lacks: a Python
        debugger, and subshells (cells at the same time; R runs one thing at a time)."""
        return {**super().kernel_info, "supported_features": []}

    def set_parent(self, ident, parent, channel="shell"):
        """Also the request the output streams belong to (ipykernel's base kernel leaves
        that to its subclasses; IPython's sets it in its shell)."""
        super().set_parent(ident, parent, channel)
        if channel == "shell":
            for stream in (sys.stdout, sys.stderr):
                if hasattr(stream, "set_parent"):
                    stream.set_parent(parent)

    def do_execute(self, code, silent, store_history=True, user_expressions=None,
                   allow_stdin=False, **kwargs):
        cell = cells.run_cell(code, size=self.plot_size)
        sys.stdout.flush()
        sys.stderr.flush()
        if not silent:
            for image in cell.images:
                self._display_png(image)
        if cell.error is None:
            return {"status": "ok", "execution_count": self.execution_count, "payload": [],
                    "user_expressions": {}}
        content = {"ename": cell.error_name(), "evalue": cell.error_message(),
                   "traceback": [cell.error_text()]}
        if not silent:
            self.send_response(self.iopub_socket, "error", content)
        return {"status": "error", "execution_count": self.execution_count, **content}

    def _display_png(self, image):
        width, height = (round(self.plot_size.width * self.plot_size.res),
                         round(self.plot_size.height * self.plot_size.res))
        self.send_response(self.iopub_socket, "display_data", {
            "data": {"image/png": base64.b64encode(image).decode("ascii"),
                     "text/plain": f"<R plot, {width}x{height}>"},
            "metadata": {"image/png": {"width": width, "height": height}},
        })

    def do_complete(self, code, cursor_pos):
        cursor_pos = len(code) if cursor_pos is None else cursor_pos
        try:
            found = _helper(".pyr_completions")(code, cursor_pos)
        except Exception:   # a line R's completion cannot read: no candidates
            found = {"matches": [], "start": cursor_pos}
        matches = found["matches"]
        return {"status": "ok", "matches": [matches] if isinstance(matches, str) else matches,
                "cursor_start": found["start"], "cursor_end": cursor_pos, "metadata": {}}

    def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
        name = name_at(code, len(code) if cursor_pos is None else cursor_pos)
        text = _helper(".pyr_help_text")(name) if name else None
        if not text:
            return {"status": "ok", "found": False, "data": {}, "metadata": {}}
        return {"status": "ok", "found": True, "data": {"text/plain": text}, "metadata": {}}

    def do_is_complete(self, code):
        status = _helper(".pyr_parse_status")(code)["status"]
        return {"status": {"error": "invalid"}.get(status, status), "indent": ""}


def name_at(code, cursor):
    """The R name the cursor is in or just after, or None."""
    for match in _NAME.finditer(code):
        if match.start() <= cursor <= match.end():
            return match.group()
    return None


def main():
    IPKernelApp.launch_instance(kernel_class=RKernel,
                                outstream_class=f"{__name__}.RequestStream")


if __name__ == "__main__":
    main()
