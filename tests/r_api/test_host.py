"""The host Python seen from R: py_config, py_exe, py_version, use_*() (which
cannot switch Python), seeds, pickling and help."""
import os
import platform
import sys

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true


def test_py_config_reports_the_host_interpreter():
    assert pr.r("py_config()$python") == sys.executable
    assert pr.r("py_config()$version") == platform.python_version()


def test_py_config_prints_the_host():
    text = pr.r('paste(capture.output(print(py_config())), collapse = "\\n")')
    assert f"python:     {sys.executable}" in text and "cannot be changed from R" in text


def test_py_exe_is_the_host_executable():
    assert pr.r("py_exe()") == sys.executable


def test_py_version_is_major_minor():
    major, minor = sys.version_info[:2]
    assert_r_true(f'identical(py_version(), numeric_version("{major}.{minor}"))')


def test_py_version_with_patch():
    assert_r_true(f'identical(py_version(patch = TRUE), numeric_version("{platform.python_version()}"))')


def test_use_python_naming_the_host_warns_and_does_nothing():
    assert_r_true('msg <- tryCatch(use_python(py_exe()), warning = function(w) conditionMessage(w)); '
                  'grepl("has no effect", msg)')


def test_use_python_naming_another_python_is_an_error():
    with pytest.raises(pr.RError, match="cannot switch Python"):
        pr.r('use_python("/opt/other/bin/python3")')


def test_use_virtualenv_naming_the_host_environment_warns():
    assert_r_true(f'msg <- tryCatch(use_virtualenv("{sys.prefix}"), warning = function(w) conditionMessage(w)); '
                  'grepl("has no effect", msg)')


def test_use_virtualenv_without_a_name_warns():
    assert_r_true('inherits(tryCatch(use_virtualenv(), warning = function(w) w), "warning")')


def test_use_condaenv_naming_another_environment_is_an_error():
    with pytest.raises(pr.RError, match="cannot switch Python"):
        pr.r('use_condaenv("rapi-no-such-env")')


def test_py_set_seed_makes_python_random_reproducible():
    assert_r_true('py_set_seed(7); a <- py_eval("__import__(\'random\').random()"); '
                  'py_set_seed(7); b <- py_eval("__import__(\'random\').random()"); a == b')


def test_py_set_seed_seeds_numpy():
    assert_r_true('py_set_seed(7); a <- py_eval("__import__(\'numpy\').random.rand()"); '
                  'py_set_seed(7); b <- py_eval("__import__(\'numpy\').random.rand()"); a == b')


def test_py_set_seed_disables_hash_randomization_for_child_processes():
    pr.r("py_set_seed(1)")
    assert os.environ["PYTHONHASHSEED"] == "0"


def test_py_save_object_and_py_load_object_round_trip(tmp_path):
    path = tmp_path / "object.pickle"
    assert_r_true(f'py_save_object(list(a = 1L, b = "x"), "{path}"); '
                  f'identical(py_load_object("{path}"), list(a = 1L, b = "x"))')


def test_py_load_object_convert_false_returns_a_proxy(tmp_path):
    path = tmp_path / "object.pickle"
    assert_r_true(f'py_save_object(list(1L), "{path}"); '
                  f'inherits(py_load_object("{path}", convert = FALSE), "python.builtin.list")')


def test_py_help_prints_the_python_help():
    assert_r_true('out <- capture.output(py_help(import_builtins()$len)); any(grepl("len", out))')


def test_py_function_docs_describes_a_callable():
    assert_r_true('d <- py_function_docs(py_eval("lambda alpha, beta=1: None")); '
                  'identical(d$parameters, c("alpha", "beta")) && grepl("alpha", d$signature)')


def test_py_function_wrapper_writes_an_r_wrapper():
    pr.r('rapi_wrapped <- py_eval("__import__(\'textwrap\').shorten", convert = TRUE); NULL')
    code = pr.r('unclass(py_function_wrapper("rapi_wrapped"))')
    assert "shorten <- function(text, width, ...)" in code
    assert "rapi_wrapped(text = text, width = width, ...)" in code
