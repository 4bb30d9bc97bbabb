"""``r`` in Python's __main__ (pyreticulate/pyobjects/raccess.py): R values read and
assigned from Python code that R runs, in R's active environment."""
import __main__

import pytest

import pyreticulate as pr
from helpers import r_true


def test_r_is_bound_in_main():
    assert type(__main__.r).__name__ == "R"


def test_r_name_reads_an_r_global():
    pr.r("rapi_seen <- 41")
    assert pr.r('py_eval("r.rapi_seen + 1")') == 42.0


def test_r_item_evaluates_r_code():
    assert pr.r('py_eval("r[\'1:3 * 2L\']")') == [2, 4, 6]


def test_r_name_assignment_sets_an_r_global():
    pr.r('py_run_string("r.rapi_set = [1, 2]")')
    r_true("identical(rapi_set, 1:2)")


def test_r_item_assignment_sets_an_r_global():
    pr.r('py_run_string("r[\'rapi_item\'] = \'text\'")')
    r_true('identical(rapi_item, "text")')


def test_an_r_function_read_through_r_converts_its_arguments():
    pr.r("rapi_kind <- function(x) class(x)")
    assert pr.r('py_eval("r.rapi_kind([1, 2])")') == "integer"


def test_r_reads_the_environment_testthat_reports_as_the_top():
    r_true('local({ rapi_local <- 7; old <- options(rlang_trace_top_env = environment()); '
           'on.exit(options(old)); py_eval("r.rapi_local") == 7 })')


def test_r_reads_the_reticulate_engine_environment_first():
    r_true('local({ e <- new.env(); e$rapi_engine <- "engine"; '
           'old <- options(reticulate.engine.environment = e); on.exit(options(old)); '
           'py_eval("r.rapi_engine") == "engine" })')


def test_r_has_no_dunder_attributes():
    with pytest.raises(AttributeError):
        __main__.r.__wrapped__


def test_an_r_error_from_r_reaches_python_as_rerror():
    with pytest.raises(pr.RError, match="rapi_nothing_here"):
        __main__.r.rapi_nothing_here


def test_r_reads_knitrs_environment_while_a_document_is_knitted(tmp_path):
    (tmp_path / "doc.Rmd").write_text(
        "```{r}\nknitr::knit_engines$set(python = eng_python)\nrapi_knit_value <- 5\n```\n\n"
        "```{python}\nprint(r.rapi_knit_value * 2)\n```\n")
    pr.r(f'local({{ knitr::knit("{tmp_path / "doc.Rmd"}", output = "{tmp_path / "doc.md"}", '
         f'quiet = TRUE, envir = new.env()) }})')
    assert "## 10.0" in (tmp_path / "doc.md").read_text()
