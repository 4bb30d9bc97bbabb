"""The Jupyter kernel (pyreticulate/notebooks/kernel.py), installed with ``pyreticulate
kernel install`` and driven as Jupyter drives it: notebooks executed by nbclient, and
jupyter_client's requests for completion, help and input completeness."""
import base64
import copy
import os
import re
import subprocess
import sys

import nbformat
import pytest
from jupyter_client.manager import start_new_kernel
from nbclient import NotebookClient

from helpers import ROOT

KERNEL = "pyreticulate"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The kernel's spec installed under a prefix Jupyter is told to search."""
    prefix = tmp_path_factory.mktemp("jupyter")
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "kernel", "install",
                           "--prefix", str(prefix)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": ROOT}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PATH", str(prefix / "share" / "jupyter"))
        patch.setenv("PYTHONPATH", ROOT)
        for name in [name for name in os.environ if name.startswith("TF_")]:
            patch.delenv(name)
        patch.setenv("TF_ENABLE_ONEDNN_OPTS", "1")  # its start-up lines here too (see below)
        yield


def execute(cells, timeout_func=None):
    """A notebook of R cells executed by nbclient through the installed kernel."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": KERNEL, "display_name": "R", "language": "R"}
    notebook.cells = [nbformat.v4.new_code_cell(code) for code in cells]
    return run(notebook, timeout_func)


def kernel_environment():
    """The kernel's environment, without pytest's marker: with it ipykernel would not pass
    what is written to file descriptors 1 and 2 (C code's output) into the notebook."""
    return {name: value for name, value in os.environ.items() if name != "PYTEST_CURRENT_TEST"}


def run(notebook, timeout_func=None):
    client = NotebookClient(notebook, kernel_name=KERNEL, timeout=600, startup_timeout=600,
                            allow_errors=True, interrupt_on_timeout=True,
                            timeout_func=timeout_func)
    client.execute(env=kernel_environment())
    return notebook.cells


def stream(cell, name="stdout"):
    return "".join(o["text"] for o in cell.outputs if o["output_type"] == "stream"
                   and o["name"] == name)


def pngs(cell):
    return [base64.b64decode(o["data"]["image/png"]) for o in cell.outputs
            if o["output_type"] == "display_data" and "image/png" in o["data"]]


def errors(cell):
    return [(o["ename"], o["evalue"], o["traceback"]) for o in cell.outputs
            if o["output_type"] == "error"]


CELLS = [
    "x <- c(1, 2, 3)\nx * 2\ncat('done\\n')",
    "plot(x)",
    "f <- function() stop('kaput')\nf()\ncat('not reached\\n')",
    "x + 1",
    "?mean",
    "message('a note'); warning('careful')",
    "py_run_string('print(40 + 2)')",
    "py_run_string('import concurrent.futures; pool = concurrent.futures.ThreadPoolExecutor(1)')\n"
    "say <- function(text) py_run_string(sprintf('print(\"%s\")', text))\n"
    "invisible(py$pool$submit(say, 'from the first cell')$result())",
    "invisible(py$pool$submit(say, 'from the second cell')$result())",
]


@pytest.fixture(scope="module")
def cells(installed):
    return execute(CELLS)


def test_printed_values_and_output_are_stdout_streams(cells):
    assert stream(cells[0]) == "[1] 2 4 6\ndone\n"


def test_a_plot_is_a_png_display(cells):
    images = pngs(cells[1])
    assert len(images) == 1
    assert images[0][:4] == b"\x89PNG"


def test_an_r_error_is_an_error_output_and_ends_its_cell(cells):
    assert errors(cells[2]) == [("simpleError", "kaput", ["Error in f() : kaput"])]
    assert stream(cells[2]) == ""


def test_cells_after_an_error_run_in_the_same_session(cells):
    assert stream(cells[3]) == "[1] 2 3 4\n"


def test_help_topic_prints_the_help_page(cells):
    assert "Arithmetic Mean" in stream(cells[4])


def test_messages_and_warnings_are_stderr_streams(cells):
    assert stream(cells[5], "stderr") == "a note\nWarning message:\ncareful\n"


def test_python_output_from_r_code_reaches_the_cell(cells):
    assert stream(cells[6]) == "42\n"


def test_python_output_of_r_on_a_thread_of_an_earlier_cell_belongs_to_the_running_cell(cells):
    """An R function run by a Python thread started during an earlier cell (as TensorFlow's
    threads run R callbacks) makes its Python calls there."""
    assert (stream(cells[7]), stream(cells[8])) == ("from the first cell\n",
                                                    "from the second cell\n")


@pytest.fixture(scope="module")
def client(installed):
    manager, kernel = start_new_kernel(kernel_name=KERNEL, startup_timeout=600,
                                       env=kernel_environment())
    yield kernel
    kernel.stop_channels()
    manager.shutdown_kernel(now=True)


def reply(kernel, msg_id):
    while True:
        message = kernel.get_shell_msg(timeout=120)
        if message["parent_header"].get("msg_id") == msg_id:
            return message["content"]


def test_kernel_info_names_r_and_no_python_debugger(client):
    info = reply(client, client.kernel_info())
    assert (info["implementation"], info["language_info"]["name"]) == ("pyreticulate", "R")
    assert info["supported_features"] == []


def test_completion_offers_r_names_from_the_token_start(client):
    found = reply(client, client.complete("y <- mea", 8))
    assert "mean" in found["matches"]
    assert (found["cursor_start"], found["cursor_end"]) == (5, 8)


def test_completion_knows_names_on_earlier_lines(client):
    found = reply(client, client.complete("z <- 1\nsummar", 13))
    assert "summary" in found["matches"]
    assert found["cursor_start"] == 7


def test_inspect_gives_the_help_page_of_the_name_at_the_cursor(client):
    found = reply(client, client.inspect("median(x)", 3))
    assert found["found"] is True
    assert "Median Value" in found["data"]["text/plain"]


def test_is_complete_asks_for_more_lines_of_an_open_function(client):
    assert reply(client, client.is_complete("f <- function(x) {"))["status"] == "incomplete"
    assert reply(client, client.is_complete("f <- 1"))["status"] == "complete"
    assert reply(client, client.is_complete("f <- )"))["status"] == "invalid"


@pytest.fixture(scope="module")
def example(installed):
    """examples/notebook.ipynb, with two cells after it: a fit() the kernel interrupts
    (its time limit runs out) and one reading the history the model kept."""
    notebook = nbformat.read(os.path.join(ROOT, "examples", "notebook.ipynb"), as_version=4)
    notebook = copy.deepcopy(notebook)
    notebook.cells.append(nbformat.v4.new_code_cell(
        "model |> fit(inputs, targets, epochs = 5000, batch_size = 4, verbose = 0)"))
    notebook.cells.append(nbformat.v4.new_code_cell(
        "cat('epochs kept:', length(model$history$history$loss), '\\n')"))
    cells = run(notebook, timeout_func=lambda cell: 15 if "epochs = 5000" in cell.source else 600)
    return [cell for cell in cells if cell.cell_type == "code"]


def test_example_notebook_prints_one_line_per_epoch(example):
    fit = next(cell for cell in example if "fit(inputs" in cell.source)
    assert stream(fit).count("Epoch ") == 8
    assert "Epoch 8/8\n8/8 - " in stream(fit)


def test_example_notebook_shows_no_tensorflow_log_line(example):
    """TF_ENABLE_ONEDNN_OPTS=1 (the fixture) makes TensorFlow write its oneDNN lines here as
    on machines where oneDNN is on by default."""
    assert [stream(cell, "stderr") for cell in example[:-2]
            if re.search(r"^[IWEF]\d{4} |absl::InitializeLog", stream(cell, "stderr"),
                         flags=re.M)] == []


def test_example_notebook_shows_the_history_plot(example):
    plot = next(cell for cell in example if cell.source == "plot(history)")
    assert [image[:4] for image in pngs(plot)] == [b"\x89PNG"]


def test_example_notebook_shows_its_failing_cell_as_an_error(example):
    failing = next(cell for cell in example if cell.source == 'sqrt("four")')
    assert errors(failing) == [("simpleError", "non-numeric argument to mathematical function",
                                ['Error in sqrt("four") : non-numeric argument to mathematical '
                                 'function'])]


def test_interrupt_stops_fit_and_the_model_keeps_its_history(example):
    interrupted, after = example[-2], example[-1]
    assert errors(interrupted) == [("interrupt", "Interrupted", ["Interrupted"])]
    kept = int(stream(after).split()[-1])
    assert 0 < kept < 5000
