"""Python calling R: fresh frames, arguments bound to symbols, protection of
every crossing (checked under gctorture in a fresh process)."""
import os
import subprocess
import sys
import textwrap

import pytest

import pyreticulate as pr
from helpers import ROOT


def test_called_function_sees_only_its_large_arguments_in_its_caller_frame():
    look = pr.r("function(x, ...) ls(parent.frame(), all.names = TRUE)")
    assert look(1, y=list(range(100))) == ".pyr_2"


def test_called_function_without_large_arguments_sees_only_itself_in_its_caller_frame():
    look = pr.r("function(x, ...) ls(parent.frame(), all.names = TRUE)")
    assert look(1, y=2) == "r_function"


def test_failed_evaluation_leaves_nothing_in_the_caller_frame():
    pr.r('frames_seen <- list(); spy <- function() { frames_seen[[1]] <<- parent.frame(); '
         'warning("w"); stop("fail") }')
    with pytest.warns(pr.RWarning):
        with pytest.raises(pr.RError):
            pr.r("spy")()
    assert pr.r("ls(frames_seen[[1]], all.names = TRUE)") == "spy"


def test_evaluation_leaves_no_bindings_in_the_global_environment():
    before = set(pr.r("ls(globalenv(), all.names = TRUE)"))
    pr.r("function(x) x + 1")(1)
    with pytest.raises(pr.RError):
        pr.r('stop("x")')
    pr.r('py_run_string("pass")')
    after = set(pr.r("ls(globalenv(), all.names = TRUE)"))
    assert after == before


def test_large_arguments_are_bound_to_symbols_not_inlined_in_the_call():
    show_call = pr.r("function(x, big) deparse(sys.call())")
    assert show_call(1, big=list(range(100_000))) == "r_function(1L, big = .pyr_2)"


def test_small_arguments_are_inlined_in_the_call():
    show_call = pr.r("function(x, y) deparse(sys.call())")
    assert show_call(1.5, y=[1, 2]) == "r_function(1.5, y = 1:2)"


def test_call_is_named_after_the_function_it_calls():
    pr.r("whoami <- function() deparse(sys.call())")
    assert pr.r("whoami")() == "whoami()"


def test_r_function_fetched_by_name_uses_that_name_in_errors():
    pr.r('named_failure <- function() stop("it failed")')
    with pytest.raises(pr.RError) as info:
        pr.r("named_failure")()
    assert info.value.call == "named_failure()"


def test_r_code_can_call_python_while_python_calls_r():
    pr.r('py_run_string("def twice(f, x):\\n    return f(f(x))")')
    assert pr.r("py$twice(function(v) v * 3, 2)") == 18


GCTORTURE_SCRIPT = r'''
import warnings
import numpy as np
import pyreticulate as pr

pr.start()
pr.r("suppressPackageStartupMessages(library(pyreticulate))")
pr.r('py_run_string("def call_it(f, *a):\\n    return f(*a)\\ndef boom():\\n    raise KeyError(\'k\')")')
pr.r("gctorture(TRUE)")
try:
    assert pr.r('py$call_it(function(x) x, list(a = 1L, b = c("s", NA), c = c(1.5, 2)))') \
        == {"a": 1, "b": ["s", None], "c": [1.5, 2.0]}
    assert pr.r('dim(py_to_r(r_to_py(matrix(1:6, 2))))') == [2, 3]
    assert pr.r('py_eval("[\\"x\\", \\"\\u00e9\\", None]")') == ["x", "\u00e9", None]
    assert pr.r("function(...) paste(..., sep = '-')")("a", "b", 3) == "a-b-3"
    doubled = pr.r("function(x) x * 2")(np.arange(6.0).reshape(2, 3))
    assert np.array_equal(np.asarray(doubled), np.arange(6.0).reshape(2, 3) * 2)
    assert pr.r('tryCatch(py$boom(), python.builtin.KeyError = function(e) "caught")') == "caught"
    try:
        pr.r('py$call_it(function() stop(structure(class = c("myError", "error", "condition"), '
             'list(message = "m", call = NULL))))')
    except pr.RError as exc:
        assert exc.r_class[0] == "myError"
    else:
        raise AssertionError("no RError")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pr.r('local({ f <- function() { warning("w"); 1 }; f() })')
    assert [str(w.message) for w in caught] == ["w"]
finally:
    pr.r("gctorture(FALSE)")
print("TORTURE-OK")
'''


def test_crossings_both_ways_survive_gctorture(tmp_path):
    """R's GC runs at every allocation: an unprotected value anywhere crashes or corrupts."""
    script = tmp_path / "torture.py"
    script.write_text(textwrap.dedent(GCTORTURE_SCRIPT))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": ROOT})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == "TORTURE-OK"


# ---- an evaluation R abandoned: the exception it becomes (evaluation._failure) ------------

def _abandoned(aborted_code):
    """The exception for an evaluation whose ``abort`` restart got ``aborted_code``'s value."""
    from pyreticulate.runtime import evaluation
    from pyreticulate.runtime.handles import RObject
    pr.r("1")
    record = evaluation._Record()
    record.aborted = RObject(pr.r(aborted_code, convert=False).sexp)
    return evaluation._failure(record)


def test_an_abort_with_null_arguments_is_a_ctrl_c_no_handler_took():
    # R's jump_to_top_ex invokes the "abort" restart with NULL for such a Ctrl-C
    assert type(_abandoned("NULL")) is KeyboardInterrupt


def test_an_abort_with_a_condition_first_raises_that_condition():
    failure = _abandoned('list(simpleError("gave up"))')
    assert (type(failure), str(failure)) == (pr.RError, "gave up")


def test_an_abort_with_arguments_that_are_not_a_list_is_an_rerror_and_r_stays_usable():
    failure = _abandoned('c("a", "b")')
    assert (type(failure), str(failure), pr.r("1L + 1L")) == (
        pr.RError, "R evaluation aborted", 2)
