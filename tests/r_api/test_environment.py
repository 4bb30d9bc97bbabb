"""reticulate's environment functions answering for the Python that hosts R
(r/pyreticulate/R/py-environment.R): py_require() checks and never installs,
py_list_packages(), virtualenv_*(), conda_*() without conda, what cannot be done
here; and repl_python(), eng_python() and the help handlers (py-repl.R)."""
import os
import sys

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true
from helpers import r_true


@pytest.fixture(autouse=True)
def fresh_requirements():
    pr.r("assign(\"requirements\", NULL, envir = pyreticulate:::.state)")
    yield
    pr.r("assign(\"requirements\", NULL, envir = pyreticulate:::.state)")


# ---- py_require -------------------------------------------------------------------------------

def test_py_require_of_installed_packages_records_them():
    assert_r_true('py_require(c("numpy>=1", "pandas")); identical(py_require()$packages, c("numpy>=1", "pandas"))')


def test_py_require_of_a_missing_package_is_an_error_naming_it():
    with pytest.raises(pr.RError, match="no-such-package-rapi: not installed"):
        pr.r('py_require(c("numpy", "no-such-package-rapi"))')


def test_py_require_error_gives_the_pip_command_for_the_hosting_python():
    with pytest.raises(pr.RError) as info:
        pr.r('py_require("no-such-package-rapi")')
    assert f"{sys.executable} -m pip install no-such-package-rapi" in str(info.value)


def test_py_require_names_the_installed_version_that_does_not_fit():
    with pytest.raises(pr.RError, match=r"numpy<1: version \S+ is installed"):
        pr.r('py_require("numpy<1")')


def test_py_require_does_not_record_what_is_not_met():
    pr.r('try(py_require("no-such-package-rapi"), silent = TRUE)')
    assert_r_true('!("no-such-package-rapi" %in% py_require()$packages)')


def test_py_require_called_from_a_package_warns_instead():
    assert_r_true('w <- NULL; withCallingHandlers(evalq(py_require("no-such-package-rapi"), asNamespace("utils")), '
                  'warning = function(c) { w <<- conditionMessage(c); invokeRestart("muffleWarning") }); '
                  'grepl("no-such-package-rapi: not installed", w)')


def test_py_require_of_a_python_version_the_host_has_is_recorded():
    assert_r_true('py_require(python_version = ">=3.8"); identical(py_require()$python_version, ">=3.8")')


def test_py_require_of_another_python_version_is_an_error():
    with pytest.raises(pr.RError, match="cannot be changed from R"):
        pr.r('py_require(python_version = "2.7")')


def test_py_require_remove_takes_exact_entries_out():
    assert_r_true('py_require(c("numpy", "pandas")); py_require("numpy", action = "remove"); '
                  'identical(py_require()$packages, "pandas")')


def test_py_require_set_replaces_the_entries():
    assert_r_true('py_require("numpy"); py_require("pandas", action = "set"); '
                  'identical(py_require()$packages, "pandas")')


def test_py_require_exclude_newer_is_an_error():
    with pytest.raises(pr.RError, match="exclude_newer"):
        pr.r('py_require("numpy", exclude_newer = "2020-01-01")')


def test_py_require_without_arguments_prints_the_requirements():
    text = "\n".join(pr.r('py_require("numpy"); capture.output(print(py_require()))'))
    assert "Packages: numpy" in text


def test_py_read_requirements_declares_the_file(tmp_path):
    (tmp_path / "requirements.txt").write_text("# comment\nnumpy\n-r other.txt\npandas>=1\n")
    assert_r_true(f'py_read_requirements("{tmp_path / "requirements.txt"}", python_version = NULL); '
                  'identical(py_require()$packages, c("numpy", "pandas>=1"))')


def test_py_write_requirements_freezes_the_installed_packages(tmp_path):
    pr.r(f'py_write_requirements("{tmp_path / "req.txt"}", "{tmp_path / "version"}", quiet = TRUE)')
    import numpy
    assert f"numpy=={numpy.__version__}" in (tmp_path / "req.txt").read_text().splitlines()
    assert (tmp_path / "version").read_text().strip() == ".".join(map(str, sys.version_info[:3]))


# ---- packages and environments ------------------------------------------------------------------

def test_py_list_packages_lists_the_hosting_pythons_packages():
    import numpy
    assert_r_true(f'p <- py_list_packages(); p$version[tolower(p$package) == "numpy"] == "{numpy.__version__}" && '
                  'identical(names(p), c("package", "version", "requirement"))')


def test_virtualenv_root_follows_reticulates_variables(monkeypatch):
    assert_r_true('old <- Sys.getenv("RETICULATE_VIRTUALENV_ROOT"); Sys.setenv(RETICULATE_VIRTUALENV_ROOT = "/tmp/rapi-root"); '
                  'on.exit(Sys.setenv(RETICULATE_VIRTUALENV_ROOT = old)); virtualenv_root() == "/tmp/rapi-root"')


def test_virtualenv_create_makes_an_environment_that_exists_and_is_listed(tmp_path):
    assert_r_true(f'Sys.setenv(RETICULATE_VIRTUALENV_ROOT = "{tmp_path}"); '
                  'on.exit(Sys.unsetenv("RETICULATE_VIRTUALENV_ROOT")); '
                  'virtualenv_create("rapi-env", packages = NULL); '
                  'virtualenv_exists("rapi-env") && identical(virtualenv_list(), "rapi-env") && '
                  'file.exists(virtualenv_python("rapi-env"))')


def test_virtualenv_remove_removes_it(tmp_path):
    assert_r_true(f'Sys.setenv(RETICULATE_VIRTUALENV_ROOT = "{tmp_path}"); '
                  'on.exit(Sys.unsetenv("RETICULATE_VIRTUALENV_ROOT")); '
                  'virtualenv_create("rapi-gone", packages = NULL); virtualenv_remove("rapi-gone", confirm = FALSE); '
                  '!virtualenv_exists("rapi-gone")')


def test_virtualenv_remove_refuses_the_hosting_pythons_environment():
    if sys.prefix == sys.base_prefix:
        pytest.skip("the tests do not run in a virtual environment")
    with pytest.raises(pr.RError, match="cannot be removed"):
        pr.r(f'virtualenv_remove("{sys.prefix}", confirm = FALSE)')


def test_virtualenv_exists_is_false_for_a_missing_environment(tmp_path):
    assert_r_true(f'!virtualenv_exists("{tmp_path / "none"}")')


def test_virtualenv_starter_is_a_python_that_can_make_environments():
    assert_r_true('p <- virtualenv_starter(); is.character(p) && file.exists(p)')


def test_conda_binary_without_conda_is_an_error_that_says_so(monkeypatch):
    assert_r_true('old <- Sys.getenv("PATH"); Sys.setenv(PATH = "/nonexistent"); on.exit(Sys.setenv(PATH = old)); '
                  'e <- tryCatch(conda_binary(), error = identity); grepl("Unable to find conda binary", conditionMessage(e))')


def test_condaenv_exists_without_conda_is_false():
    assert_r_true('old <- Sys.getenv("PATH"); Sys.setenv(PATH = "/nonexistent"); on.exit(Sys.setenv(PATH = old)); '
                  'identical(condaenv_exists("anything"), FALSE)')


def test_conda_binary_of_a_missing_path_is_an_error():
    with pytest.raises(pr.RError, match="does not exist"):
        pr.r('conda_binary("/nonexistent/conda")')


def test_install_python_is_an_error_that_says_why():
    with pytest.raises(pr.RError, match="cannot install a Python"):
        pr.r("install_python()")


def test_miniconda_path_follows_reticulates_variable():
    assert_r_true('Sys.setenv(RETICULATE_MINICONDA_PATH = "/tmp/rapi-mc"); '
                  'on.exit(Sys.unsetenv("RETICULATE_MINICONDA_PATH")); miniconda_path() == "/tmp/rapi-mc"')


def test_use_python_version_of_the_host_warns_that_nothing_changes():
    version = ".".join(map(str, sys.version_info[:2]))
    assert_r_true(f'w <- NULL; withCallingHandlers(use_python_version("{version}"), warning = function(c) '
                  '{ w <<- conditionMessage(c); invokeRestart("muffleWarning") }); grepl("no effect", w)')


def test_use_python_version_of_another_version_is_an_error():
    with pytest.raises(pr.RError, match="cannot be changed from R"):
        pr.r('use_python_version("2.7")')


def test_py_discover_config_is_the_host():
    assert pr.r("py_discover_config()$python") == sys.executable


def test_py_config_error_message_ends_with_the_host():
    text = pr.r('py_config_error_message("Something failed")')
    assert text.startswith("Something failed") and sys.executable in text


def test_py_versions_windows_is_empty_elsewhere():
    if os.name == "nt":
        pytest.skip("Windows")
    assert_r_true('p <- py_versions_windows(); is.data.frame(p) && nrow(p) == 0L')


def test_uv_run_tool_without_uv_is_an_error():
    assert_r_true('old <- Sys.getenv("PATH"); Sys.setenv(PATH = "/nonexistent"); on.exit(Sys.setenv(PATH = old)); '
                  'e <- tryCatch(uv_run_tool("ruff"), error = identity); grepl("uv executable was not found", conditionMessage(e))')


# ---- the REPL, knitr, help --------------------------------------------------------------------

def test_repl_python_runs_the_input_in_main():
    pr.r('repl_python(quiet = TRUE, input = c("rapi_repl = [1, 2]", "rapi_repl.append(3)"))')
    assert_r_true("identical(py$rapi_repl, 1:3)")


def test_repl_python_prints_the_value_of_an_expression():
    out = pr.r('py_capture_output(repl_python(quiet = TRUE, input = "6 * 7"))')
    assert out.strip() == "42"


def test_repl_python_runs_a_block_ended_by_an_empty_line():
    out = pr.r('py_capture_output(repl_python(quiet = TRUE, input = c("def rapi_f(a):", '
               '"    return a + 1", "", "rapi_f(1)")))')
    assert out.strip() == "2"


def test_repl_python_goes_on_after_an_error():
    out = pr.r('py_capture_output(repl_python(quiet = TRUE, input = c("1/0", "print(\'after\')")), '
               'type = c("stdout", "stderr"))')
    assert "ZeroDivisionError" in out and out.strip().endswith("after")


def test_repl_python_stops_at_exit():
    out = pr.r('py_capture_output(repl_python(quiet = TRUE, input = c("exit", "print(\'never\')")))')
    assert "never" not in out


def test_repl_python_without_input_needs_an_interactive_session():
    with pytest.raises(pr.RError, match="interactive"):
        pr.r("repl_python(quiet = TRUE)")


def test_eng_python_gives_knitr_the_output():
    text = pr.r('eng_python(list(code = c("x = 20", "x + 22"), eval = TRUE, echo = TRUE, '
                'results = "markup", engine = "python", highlight = FALSE, collapse = FALSE, '
                'comment = "##", prompt = FALSE, strip.white = TRUE, class.output = NULL, '
                'attr.output = NULL, class.source = NULL, attr.source = NULL, lang = NULL))')
    assert "42" in "".join(text)


def test_py_help_handler_gives_the_url_of_a_registered_module_handler():
    assert pr.r('register_module_help_handler("rapimod", function(name) paste0("https://doc/", name)); '
                'py_help_handler("url", "thing", "rapimod")') == "https://doc/rapimod.thing"


def test_py_help_handler_gives_no_url_without_a_handler():
    r_true('is.null(py_help_handler("url", "thing", "unregistered_rapi_module"))')
