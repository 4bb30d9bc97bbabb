"""IPython's %R and %%R (pyreticulate/notebooks/magic.py), loaded with ``%load_ext
pyreticulate`` in a notebook that nbclient executes on IPython's own kernel."""
import base64
import os
import subprocess
import sys

import nbformat
import pytest
from nbclient import NotebookClient

from helpers import ROOT

CELLS = [
    "%load_ext pyreticulate",
    "import pyreticulate as pr\nx = [1.5, 2.5, 4.0]",
    "%%R -i x -o y\ny <- x * 2\nmean(y)\nplot(x)",
    "y",
    "%R sum(1:10)",
    "pr.r('y')",
    "%R z <- 1:3; invisible(NULL)\npr.r('sum(z)')",
    "%%R\nstop('nope')",
    "%R -w 300 -h 200 -n plot(1)",
    "%R -i undefined_name 1",
    "import concurrent.futures\npool = concurrent.futures.ThreadPoolExecutor(1)\n"
    "say = pr.r(\"function(text) pyreticulate::py_run_string(sprintf('print(%s)', shQuote(text)))\")",
    "%R invisible(pyreticulate::py_eval('pool')$submit(pyreticulate::py_eval('say'), 'from the first cell')$result())",
    "%R invisible(pyreticulate::py_eval('pool')$submit(pyreticulate::py_eval('say'), 'from the second cell')$result())",
]


@pytest.fixture(scope="module")
def cells():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(code) for code in CELLS]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", ROOT)
        NotebookClient(notebook, kernel_name="python3", timeout=600, startup_timeout=600,
                       allow_errors=True).execute()
    return notebook.cells


def outputs(cell, kind):
    return [output for output in cell.outputs if output["output_type"] == kind]


def stream_text(cell):
    """What a cell printed: its stream outputs joined (the kernel may send a print() in more
    than one message, when its output is flushed between the text and the newline)."""
    return "".join(output["text"] for output in outputs(cell, "stream"))


def result(cell):
    return outputs(cell, "execute_result")[0]["data"]["text/plain"]


def test_cell_magic_prints_visible_values_as_r_does(cells):
    assert stream_text(cells[2]) == "[1] 5.333333\n"


def test_cell_magic_shows_plots_as_png(cells):
    images = [base64.b64decode(o["data"]["image/png"]) for o in outputs(cells[2], "display_data")]
    assert [image[:4] for image in images] == [b"\x89PNG"]


def test_outputs_are_converted_into_the_python_namespace(cells):
    assert result(cells[3]) == "[3.0, 5.0, 8.0]"


def test_line_magic_returns_the_last_value_converted(cells):
    assert result(cells[4]) == "55"


def test_the_magics_share_r_with_pyreticulate_r(cells):
    assert result(cells[5]) == "[3.0, 5.0, 8.0]"
    assert result(cells[6]) == "6"


def test_an_r_error_is_an_error_output_with_r_message(cells):
    [error] = outputs(cells[7], "error")
    assert (error["ename"], error["evalue"]) == ("RInterpreterError", "Error: nope")


def test_width_and_height_in_pixels_size_the_plot(cells):
    [image] = [base64.b64decode(o["data"]["image/png"]) for o in outputs(cells[8], "display_data")]
    assert (int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big")) == (300, 200)
    assert outputs(cells[8], "execute_result") == []


def test_an_undefined_input_is_a_name_error(cells):
    [error] = outputs(cells[9], "error")
    assert (error["ename"], error["evalue"]) == (
        "NameError", "-i undefined_name: name 'undefined_name' is not defined in Python")


def test_python_output_of_r_code_on_a_thread_of_an_earlier_cell_belongs_to_its_cell(cells):
    """R code run by a Python thread started during an earlier cell (as TensorFlow's
    threads run R callbacks) makes its Python calls there."""
    assert (stream_text(cells[11]), stream_text(cells[12])) == (
        "from the first cell\n", "from the second cell\n")


def test_extension_entry_is_reachable_without_importing_ipython():
    code = ("import sys, pyreticulate\n"
            "print(callable(pyreticulate.load_ipython_extension), "
            "any(m.startswith('IPython') for m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": ROOT}, timeout=120)
    assert proc.stdout.split() == ["True", "False"]
