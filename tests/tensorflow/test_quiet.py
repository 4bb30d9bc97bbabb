"""TensorFlow's quiet start (pyreticulate/tensorflow/quiet.py): TF_CPP_MIN_LOG_LEVEL=2 unless
the user set it, and the start-up lines written before TensorFlow reads it dropped from
stderr while R code imports TensorFlow, everything else on stderr kept."""
import os
import re
import subprocess
import sys

import pytest

import pyreticulate as pr
from helpers import ROOT
from pyreticulate.bridge import crossing
from pyreticulate.tensorflow import quiet

PREAMBLE = ("WARNING: All log messages before absl::InitializeLog() is called are written to "
            "STDERR\n")
ONEDNN = ("I0000 00:00:1796324583.880030   31023 port.cc:153] oneDNN custom operations are on."
          "\n")
WARNING = "W0000 00:00:1796324583.880031   31023 op_kernel.cc:1858] OP_REQUIRES failed\n"
ERROR = "E0501 12:00:01.000002   31023 cuda.cc:10] no device\n"


@pytest.fixture
def level_unset():
    """TF_CPP_MIN_LOG_LEVEL unset in the process (the session's library(tensorflow) set it
    with R's Sys.setenv, which os.environ does not see); put back after the test."""
    saved = quiet.process_level()
    os.environ.pop(quiet.LEVEL, None)
    os.unsetenv(quiet.LEVEL)
    yield
    os.environ.pop(quiet.LEVEL, None)
    os.unsetenv(quiet.LEVEL)
    if saved is not None:
        os.environ[quiet.LEVEL] = saved


@pytest.fixture
def inside_r():
    """As when R code imports TensorFlow: a bridge entry is running."""
    crossing._nesting[0] += 1
    yield
    crossing._nesting[0] -= 1


def test_filter_drops_the_preamble_and_info_records_and_keeps_the_rest(capfd):
    with quiet.startup_lines_filtered():
        for text in (PREAMBLE, ONEDNN, WARNING, "user output\n", ERROR):
            os.write(2, text.encode())
    assert capfd.readouterr().err == WARNING + "user output\n" + ERROR


def test_filter_gives_stderr_back_after_the_import(capfd):
    before = os.fstat(2)
    with quiet.startup_lines_filtered():
        assert not os.path.samestat(os.fstat(2), before)
    os.write(2, ONEDNN.encode())
    assert os.path.samestat(os.fstat(2), before)
    assert capfd.readouterr().err == ONEDNN


def test_import_outside_r_code_changes_nothing(level_unset, capfd):
    with quiet.quiet_import():
        os.write(2, ONEDNN.encode())
    assert (quiet.process_level(), capfd.readouterr().err) == (None, ONEDNN)


def test_import_by_r_code_sets_level_2_and_drops_start_up_lines(level_unset, inside_r, capfd):
    with quiet.quiet_import():
        os.write(2, (PREAMBLE + ONEDNN).encode())
    assert (os.environ[quiet.LEVEL], quiet.LAST["set_here"]) == ("2", True)
    assert capfd.readouterr().err == ""


def test_import_by_r_code_keeps_the_users_level_0_and_every_line(level_unset, inside_r, capfd):
    os.environ[quiet.LEVEL] = "0"
    with quiet.quiet_import():
        os.write(2, (PREAMBLE + ONEDNN).encode())
    assert (os.environ[quiet.LEVEL], quiet.LAST["set_here"]) == ("0", False)
    assert capfd.readouterr().err == PREAMBLE + ONEDNN


def test_level_set_by_r_is_read_from_the_process_environment(level_unset):
    pr.r('Sys.setenv(TF_CPP_MIN_LOG_LEVEL = "1")')
    try:
        assert (quiet.process_level(), os.environ.get(quiet.LEVEL)) == ("1", None)
    finally:
        pr.r('Sys.unsetenv("TF_CPP_MIN_LOG_LEVEL")')


def test_describe_says_what_is_set_when_the_user_set_nothing(level_unset):
    assert quiet.describe()[0] == ("TF log level",
                                   "2 (set by pyreticulate when R loads TensorFlow; unset here)")


def test_describe_says_the_users_level_is_kept(level_unset):
    os.environ[quiet.LEVEL] = "0"
    assert quiet.describe() == [("TF log level", "0 (yours)"),
                                ("TF start-up log", "shown (the level shows INFO)")]


def test_keras_script_prints_no_tensorflow_log_line(tmp_path):
    """TF_ENABLE_ONEDNN_OPTS=1 makes TensorFlow print its oneDNN lines here as on machines
    where oneDNN is on by default."""
    script = tmp_path / "train.R"
    script.write_text(
        'library(keras3)\nlibrary(reticulate)\n'
        'cat("level after library(keras3):", Sys.getenv("TF_CPP_MIN_LOG_LEVEL"), "\\n")\n'
        'model <- keras_model_sequential(input_shape = 2) |> layer_dense(units = 1)\n'
        'model |> compile(optimizer = "sgd", loss = "mse")\n'
        'history <- model |> fit(matrix(runif(40), 20), runif(20), epochs = 2, verbose = 0)\n'
        'message("a message of the script")\n'
        'py_run_string("import sys; print(\'Python writes to stderr\', file=sys.stderr)")\n'
        'cat("level after fit():", Sys.getenv("TF_CPP_MIN_LOG_LEVEL"), "\\n")\n')
    environment = {name: value for name, value in os.environ.items() if not name.startswith("TF_")}
    environment.update(PYTHONPATH=ROOT, TF_ENABLE_ONEDNN_OPTS="1")
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "run", str(script)],
                          capture_output=True, text=True, timeout=600, env=environment)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "level after library(keras3): 2 \nlevel after fit(): 2 \n"
    assert re.findall(r"^(?:[IWEF]\d{4} .*|WARNING: All log messages.*)$", proc.stderr,
                      flags=re.M) == []
    assert "a message of the script\n" in proc.stderr
    assert "Python writes to stderr\n" in proc.stderr
