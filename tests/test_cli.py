"""The command line: run, -e, exit status and arguments."""
import os
import subprocess
import sys

from helpers import ROOT
from pyreticulate.libr import capi


def test_run_passes_trailing_arguments_to_commandArgs(script):
    proc = script('cat(commandArgs(trailingOnly = TRUE), sep = "|")', "a", "b c", "3")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "a|b c|3"


def test_run_exits_nonzero_with_r_message_on_stderr(script):
    proc = script('cat("before\\n")\nstop("it broke")\ncat("after\\n")')
    assert proc.returncode == 1
    assert proc.stdout == "before\n"
    assert "Error: it broke" in proc.stderr
    assert "Execution halted" in proc.stderr


def test_run_reports_the_call_of_an_error(script):
    proc = script('f <- function(x) log(x)\nf("a")')
    assert proc.returncode == 1
    assert "Error in log(x) : non-numeric argument to mathematical function" in proc.stderr


def test_python_error_in_script_exits_nonzero_with_python_message(script):
    proc = script('library(pyreticulate)\npy_run_string("raise KeyError(\'missing\')")')
    assert proc.returncode == 1
    assert "KeyError: 'missing'" in proc.stderr


def test_quit_status_is_the_exit_status(script):
    proc = script('cat("bye\\n"); quit(status = 3)')
    assert proc.returncode == 3
    assert proc.stdout == "bye\n"


def test_top_level_values_are_printed_like_rscript(script):
    proc = script("1 + 1\ninvisible(5)\nx <- 3\nx")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[1] 2\n[1] 3\n"


def test_top_level_warning_is_reported_after_its_expression(script):
    proc = script('f <- function() { warning("careful"); 1 }\ny <- f()\ncat("done\\n")')
    assert proc.returncode == 0
    assert "Warning message:\nIn f() : careful" in proc.stderr


def test_missing_script_file_is_an_error():
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "run", "/nonexistent.R"],
                          capture_output=True, text=True, env={"PYTHONPATH": ROOT})
    assert proc.returncode == 2
    assert "cannot open file '/nonexistent.R'" in proc.stderr


def test_e_evaluates_expressions_with_the_bridge_attached():
    proc = subprocess.run(
        [sys.executable, "-m", "pyreticulate", "-e", "np <- import('numpy')", "-e",
         "cat(np$sqrt(16), '\\n')"],
        capture_output=True, text=True, env={"PYTHONPATH": ROOT}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "4"


def test_parse_error_exits_nonzero():
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "-e", "1 +* 2"],
                          capture_output=True, text=True, env={"PYTHONPATH": ROOT}, timeout=120)
    assert proc.returncode == 1
    assert "unexpected" in proc.stderr


def test_diagnose_prints_versions_modes_and_library_paths(tmp_path):
    user_library = tmp_path / "user-library"
    user_library.mkdir()
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "diagnose"],
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": ROOT, "R_LIBS_USER": str(user_library)})
    assert proc.returncode == 0, proc.stderr
    labels = [line.split()[0] for line in proc.stdout.splitlines() if line[:1] != " "]
    assert labels == ["Python", "R", "libR", "rpy2-rinterface", "cffi", "numpy", "pandas",
                      "tensorflow-cpu", "keras", "rpy2", "pyreticulate", "R", "TF", "TF"]
    assert "rpy2-rinterface  3.6.3" in proc.stdout
    assert "libR.so" in proc.stdout
    assert f"pyreticulate     libR through {capi.mode()}" in proc.stdout
    assert str(user_library) in proc.stdout


def test_diagnose_names_the_pure_python_path_when_it_is_forced():
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "diagnose"],
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": ROOT, "PYRETICULATE_PURE_PYTHON": "1"})
    assert proc.returncode == 0, proc.stderr
    assert ("pyreticulate     libR through pure Python (cffi ABI mode): "
            "PYRETICULATE_PURE_PYTHON is set") in proc.stdout
    assert "running without compiled code" not in proc.stderr


def test_missing_compiled_module_is_one_start_up_line_and_the_python_path_runs(tmp_path):
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nsys.modules['pyreticulate.libr._rapi'] = None\n")
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "-e", "cat(1 + 1)"],
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": f"{tmp_path}:{ROOT}"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "2"
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("pyreticulate:")]
    assert warnings == ["pyreticulate: running without compiled code, slower: the compiled "
                        "module pyreticulate.libr._rapi is missing (import of "
                        "pyreticulate.libr._rapi halted; None in sys.modules)"]


def test_start_up_refusal_is_one_clear_line_without_a_traceback(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "-e", "1"],
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": ROOT, "R_HOME": str(tmp_path / "no-R-here")})
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"pyreticulate: R was not found at R_HOME={tmp_path}")
    assert proc.stderr.count("\n") == 1


def test_script_bytes_that_are_not_utf8_reach_rs_parser(tmp_path):
    path = tmp_path / "latin1.R"
    path.write_bytes(b'x <- "caf\xe9"\n')
    environment = {**os.environ, "PYTHONPATH": ROOT}
    done = subprocess.run([sys.executable, "-m", "pyreticulate", "run", str(path)],
                          capture_output=True, text=True, timeout=300, env=environment)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "invalid multibyte character in parser" in done.stderr


def test_ctrl_c_at_the_end_of_start_up_ends_the_script_cleanly(tmp_path):
    """SIGINT once the R package has loaded (the end of start-up): the script runs to its
    end or stops as interrupted (130), never with a Python traceback (issue 11)."""
    profile = tmp_path / "Rprofile"
    profile.write_text('if (identical(commandArgs()[1], "pyreticulate")) setHook(packageEvent('
                       '"pyreticulate", "onLoad"), function(...) tools::pskill(Sys.getpid(), '
                       'tools::SIGINT))\n')
    script = tmp_path / "script.R"
    script.write_text('library(pyreticulate)\ncat("value:", py_eval("6 * 7") + sum(1:10), "\\n")\n')
    environment = {**os.environ, "PYTHONPATH": ROOT, "R_PROFILE_USER": str(profile)}
    done = subprocess.run([sys.executable, "-m", "pyreticulate", "run", str(script)],
                          capture_output=True, text=True, timeout=300, env=environment)
    assert done.returncode in (0, 130) and "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 130 or "value: 97" in done.stdout, done.stdout



def test_diagnose_says_what_is_set_for_tensorflows_start_up_logs():
    environment = {name: value for name, value in os.environ.items() if not name.startswith("TF_")}
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "diagnose"], capture_output=True,
                          text=True, env={**environment, "PYTHONPATH": ROOT}, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert ("TF log level     2 (set by pyreticulate when R loads TensorFlow; unset here)\n"
            "TF start-up log  absl's preamble and INFO lines of TensorFlow's import dropped "
            "from stderr") in proc.stdout


def test_render_without_a_document_is_a_usage_error():
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "render"], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": ROOT}, timeout=120)
    assert proc.returncode == 2
    assert "usage: pyreticulate render" in proc.stderr
