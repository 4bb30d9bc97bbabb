"""Python errors, output and warnings seen from R: py_last_error() and its
fields, py_capture_output(), py_suppress_warnings() with registered handlers,
and class filters."""
import warnings

import pytest

import pyreticulate as pr
from helpers import r_true


def check(code):
    """R code, run in its own local frame, that must return TRUE."""
    r_true("local({\n" + code + "\n})")


def fail(code):
    """Run R code that raises a Python error caught in R."""
    pr.r(f"local(tryCatch({code}, error = function(e) NULL))")


# ---- py_last_error ----------------------------------------------------------------------------

def test_py_last_error_has_reticulates_fields():
    fail('py_eval("1/0")')
    assert pr.r("names(py_last_error())") == [
        "type", "value", "traceback", "message", "r_call", "r_class", "r_trace"]


def test_py_last_error_type_and_value():
    fail('py_eval("1/0")')
    check('e <- py_last_error(); e$type == "ZeroDivisionError" && e$value == "division by zero"')


def test_py_last_error_traceback_shows_only_user_frames():
    fail('py_run_string("def f():\\n    raise KeyError(1)\\nf()")')
    check('tb <- py_last_error()$traceback; length(tb) == 2L && '
          '!any(grepl("pyreticulate", tb)) && grepl("in f", tb[2])')


def test_py_last_error_message_is_the_full_python_report():
    fail('py_eval("1/0")')
    check('m <- py_last_error()$message; startsWith(m, "Traceback (most recent call last):") && '
          'endsWith(m, "ZeroDivisionError: division by zero\\n")')


def test_py_last_error_r_call_is_the_r_call_that_failed():
    fail('py_eval("1/0")')
    check('identical(py_last_error()$r_call, quote(py_eval("1/0")))')


def test_py_last_error_r_class_of_a_python_error_is_its_class_vector():
    fail('py_eval("1/0")')
    check('r <- py_last_error()$r_class; r[1] == "python.builtin.ZeroDivisionError" && '
          'identical(tail(r, 2), c("error", "condition"))')


def test_py_last_error_of_an_r_error_keeps_the_r_class():
    fail('py_eval("lambda f: f()")(function() stop(structure(class = c("rapi_error", "error", '
         '"condition"), list(message = "custom", call = NULL))))')
    check('e <- py_last_error(); e$type == "RError" && e$r_class[1] == "rapi_error"')


def test_py_last_error_r_trace_lists_the_r_calls():
    pr.r('rapi_outer <- function() py_eval("1/0"); NULL')
    fail("rapi_outer()")
    check('any(py_last_error()$r_trace == "rapi_outer()")')


def test_py_last_error_keeps_the_exception_object():
    fail('py_eval("1/0")')
    check('inherits(attr(py_last_error(), "exception"), "python.builtin.ZeroDivisionError")')


def test_py_last_error_can_be_set_to_an_exception():
    check('e <- py_eval("KeyError(\'set by hand\')"); py_last_error(e); '
          'py_last_error()$type == "KeyError"')


def test_py_last_error_can_be_restored_from_a_py_error():
    fail('py_eval("1/0")')
    check('saved <- py_last_error(); '
          'tryCatch(py_eval("int(\'x\')"), error = function(e) NULL); '
          'py_last_error(saved); py_last_error()$type == "ZeroDivisionError"')


def test_py_clear_last_error_clears_it():
    fail('py_eval("1/0")')
    check('py_clear_last_error(); is.null(py_last_error())')


def test_py_last_error_null_clears_it():
    fail('py_eval("1/0")')
    check('py_last_error(NULL); is.null(py_last_error())')


def test_print_py_error_shows_the_python_message():
    fail('py_eval("1/0")')
    check('out <- capture.output(print(py_last_error())); '
          'any(out == "ZeroDivisionError: division by zero")')


# ---- output capture ----------------------------------------------------------------------------

def test_py_capture_output_returns_python_stdout():
    check('py_capture_output(py_run_string("print(\'hello\')")) == "hello\\n"')


def test_py_capture_output_can_capture_only_stderr():
    check('py_capture_output(py_run_string("import sys; print(\'e\', file=sys.stderr); print(\'o\')"), '
          'type = "stderr") == "e\\n"')


def test_py_capture_output_nests():
    check('outer <- py_capture_output({ py_run_string("print(1)"); '
          'inner <- py_capture_output(py_run_string("print(2)")); py_run_string("print(3)") }); '
          'outer == "1\\n3\\n" && inner == "2\\n"')


def test_py_capture_output_ends_the_capture_when_the_expression_fails(capsys):
    pr.r('local(tryCatch(py_capture_output(stop("x")), error = function(e) NULL))')
    pr.r('py_run_string("print(\'after\')")')
    assert "after" in capsys.readouterr().out


# ---- warnings ----------------------------------------------------------------------------------

def test_py_suppress_warnings_hides_python_warnings():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pr.r('py_suppress_warnings(py_run_string("import warnings; warnings.warn(\'quiet\')"))')
    assert not [w for w in caught if "quiet" in str(w.message)]


def test_py_suppress_warnings_returns_the_value():
    check('py_suppress_warnings(41 + 1) == 42')


def test_py_suppress_warnings_runs_registered_handlers_around_the_expression():
    check('events <- character(); '
          'register_suppress_warnings_handler(list('
          'suppress = function() { events <<- c(events, "suppress"); "ctx" }, '
          'restore = function(context) events <<- c(events, paste("restore", context)))); '
          'py_suppress_warnings(events <- c(events, "expr")); '
          'identical(events, c("suppress", "expr", "restore ctx"))')


def test_suppress_warnings_handler_must_have_both_functions():
    with pytest.raises(pr.RError, match="suppress\\(\\) and restore"):
        pr.r("register_suppress_warnings_handler(list(suppress = function() NULL))")


# ---- class filters -----------------------------------------------------------------------------

def test_class_filter_rewrites_class_vectors():
    pr.r('py_run_string("class RapiFiltered:\\n    pass")')
    check('register_class_filter(function(classes) '
          'sub("^__main__.RapiFiltered$", "rapi_filtered", classes)); '
          'class(py_eval("RapiFiltered()"))[1] == "rapi_filtered"')
