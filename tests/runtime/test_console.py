"""R's console through Python's streams: order on a shared pipe, capture; and Python's
stdout through R's output (knitr's chunks)."""
import contextlib
import io
import os
import subprocess
import sys
import textwrap

import pyreticulate as pr
from helpers import ROOT
from pyreticulate.runtime import console


def test_r_output_goes_through_python_sys_stdout():
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        pr.r('cat("through python\\n")')
    assert buffer.getvalue() == "through python\n"


def test_r_messages_go_through_python_sys_stderr():
    buffer = io.StringIO()
    with contextlib.redirect_stderr(buffer):
        pr.r('message("to stderr")')
    assert buffer.getvalue() == "to stderr\n"


def test_r_and_python_output_keep_their_order_on_one_pipe(tmp_path):
    script = tmp_path / "order.R"
    script.write_text(textwrap.dedent("""
        library(pyreticulate)
        cat("1 R stdout\\n")
        message("2 R stderr")
        py_run_string("print('3 Python stdout')")
        message("4 R stderr")
        cat("5 R stdout\\n")
        warning("6 R warning")
        py_run_string("print('7 Python stdout')")
        message("8 R stderr")
    """))
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "run", str(script)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=120, env={**buffered, "PYTHONPATH": ROOT})
    assert proc.returncode == 0, proc.stdout
    assert [line for line in proc.stdout.splitlines() if line[:1].isdigit()] == [
        "1 R stdout", "2 R stderr", "3 Python stdout", "4 R stderr", "5 R stdout",
        "6 R warning", "7 Python stdout", "8 R stderr"]


def test_file_show_writes_through_python_sys_stdout_without_overstrike(tmp_path):
    page = tmp_path / "page.txt"
    page.write_bytes(b"_\bT_\bi_\bt_\bl_\be\n\nbody line\n")
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        pr.r(f'file.show("{page}", header = "Header")')
    assert buffer.getvalue() == "Header\nTitle\n\nbody line\n"


def test_help_prints_the_text_page_without_overstrike_or_file_banner(script):
    proc = script("library(pyreticulate)\n?base::identity\n")
    assert proc.returncode == 0, proc.stderr
    assert "Identity Function" in proc.stdout and "Usage:" in proc.stdout
    assert "\b" not in proc.stdout and "File:" not in proc.stdout


@contextlib.contextmanager
def python_stdout_to_r():
    console.stdout_to_r(True)
    try:
        yield
    finally:
        console.stdout_to_r(False)


def test_python_output_routed_to_r_is_seen_by_capture_output():
    with python_stdout_to_r():
        captured = pr.r('capture.output(pyreticulate::py_run_string("print(6 * 7)"))')
    assert captured == "42"


def test_python_output_routed_to_r_without_a_sink_reaches_the_stream_it_replaced():
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        with python_stdout_to_r():
            print("from python")
            pr.r('cat("from R\\n")')
        assert sys.stdout is buffer
    assert buffer.getvalue() == "from python\nfrom R\n"
