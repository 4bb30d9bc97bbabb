"""Python errors, output and warnings seen from R: py_last_error() and its
fields, py_capture_output(), py_suppress_warnings() with registered handlers,
and class filters."""
import warnings

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true


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
    assert_r_true('e <- py_last_error(); e$type == "ZeroDivisionError" && e$value == "division by zero"')


def test_py_last_error_traceback_shows_only_user_frames():
    fail('py_run_string("def f():\\n    raise KeyError(1)\\nf()")')
    assert_r_true('tb <- py_last_error()$traceback; length(tb) == 2L && '
                  '!any(grepl("pyreticulate", tb)) && grepl("in f", tb[2])')


def test_py_last_error_message_is_the_full_python_report():
    fail('py_eval("1/0")')
    assert_r_true('m <- py_last_error()$message; startsWith(m, "Traceback (most recent call last):") && '
                  'endsWith(m, "ZeroDivisionError: division by zero\\n")')


def test_py_last_error_r_call_is_the_r_call_that_failed():
    fail('py_eval("1/0")')
    assert_r_true('identical(py_last_error()$r_call, quote(py_eval("1/0")))')


def test_py_last_error_r_class_of_a_python_error_is_its_class_vector():
    fail('py_eval("1/0")')
    assert_r_true('r <- py_last_error()$r_class; r[1] == "python.builtin.ZeroDivisionError" && '
                  'identical(tail(r, 2), c("error", "condition"))')


def test_py_last_error_of_an_r_error_keeps_the_r_class():
    fail('py_eval("lambda f: f()")(function() stop(structure(class = c("rapi_error", "error", '
         '"condition"), list(message = "custom", call = NULL))))')
    assert_r_true('e <- py_last_error(); e$type == "RError" && e$r_class[1] == "rapi_error"')


def test_py_last_error_r_trace_lists_the_r_calls():
    pr.r('rapi_outer <- function() py_eval("1/0"); NULL')
    fail("rapi_outer()")
    assert_r_true('any(py_last_error()$r_trace == "rapi_outer()")')


def test_py_last_error_keeps_the_exception_object():
    fail('py_eval("1/0")')
    assert_r_true('inherits(attr(py_last_error(), "exception"), "python.builtin.ZeroDivisionError")')


def test_py_last_error_can_be_set_to_an_exception():
    assert_r_true('e <- py_eval("KeyError(\'set by hand\')"); py_last_error(e); '
                  'py_last_error()$type == "KeyError"')


def test_py_last_error_can_be_restored_from_a_py_error():
    fail('py_eval("1/0")')
    assert_r_true('saved <- py_last_error(); '
                  'tryCatch(py_eval("int(\'x\')"), error = function(e) NULL); '
                  'py_last_error(saved); py_last_error()$type == "ZeroDivisionError"')


def test_py_clear_last_error_clears_it():
    fail('py_eval("1/0")')
    assert_r_true('py_clear_last_error(); is.null(py_last_error())')


def test_py_last_error_null_clears_it():
    fail('py_eval("1/0")')
    assert_r_true('py_last_error(NULL); is.null(py_last_error())')


def test_print_py_error_shows_the_python_message():
    fail('py_eval("1/0")')
    assert_r_true('out <- capture.output(print(py_last_error())); '
                  'any(out == "ZeroDivisionError: division by zero")')


# ---- output capture ----------------------------------------------------------------------------

def test_py_capture_output_returns_python_stdout():
    assert_r_true('py_capture_output(py_run_string("print(\'hello\')")) == "hello\\n"')


def test_py_capture_output_can_capture_only_stderr():
    assert_r_true('py_capture_output(py_run_string("import sys; print(\'e\', file=sys.stderr); print(\'o\')"), '
                  'type = "stderr") == "e\\n"')


def test_py_capture_output_nests():
    assert_r_true('outer <- py_capture_output({ py_run_string("print(1)"); '
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
    assert_r_true('py_suppress_warnings(41 + 1) == 42')


def test_py_suppress_warnings_runs_registered_handlers_around_the_expression():
    assert_r_true('events <- character(); '
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
    assert_r_true('register_class_filter(function(classes) '
                  'sub("^__main__.RapiFiltered$", "rapi_filtered", classes)); '
                  'class(py_eval("RapiFiltered()"))[1] == "rapi_filtered"')


# ---- Python exception conditions as reticulate's ---------------------------------------------

def test_a_missing_field_of_a_python_exception_condition_is_null():
    assert_r_true('e <- tryCatch(py_eval("1/0"), error = identity); '
                  'is.null(e$handled) && is.null(e[["header"]]) && is.null(e$no_such_field)')


def test_an_attribute_of_a_python_exception_is_read_through_the_condition():
    assert_r_true('e <- tryCatch(py_eval("{}[\'k\']"), error = identity); identical(e$args, list("k"))')


def test_the_trace_of_a_python_exception_is_an_rlang_trace():
    assert_r_true('f <- function() py_eval("1/0"); e <- tryCatch(f(), error = identity); '
                  'inherits(e$trace, "rlang_trace") && is.data.frame(e$trace) && '
                  'any(vapply(e$trace$call, identical, NA, quote(f())))')


def test_condition_call_of_a_python_exception_is_the_r_call():
    assert_r_true('e <- tryCatch(py_eval("1/0"), error = identity); '
                  'is.language(conditionCall(e)) && identical(conditionCall(e), e$call)')


def test_rlang_cnd_message_works_on_a_python_exception():
    assert_r_true('e <- tryCatch(py_eval("1/0"), error = identity); '
                  'grepl("ZeroDivisionError", rlang::cnd_message(e))')


def test_testthat_records_a_python_exception_inside_expect_error():
    assert_r_true('r <- testthat::with_reporter("list", testthat::test_that("t", '
                  'testthat::expect_error(py_eval("1/0"), "ZeroDivisionError"))); '
                  'results <- r$get_results()[[1]]$results; '
                  'length(results) == 1L && inherits(results[[1]], "expectation_success")')


def test_a_reraised_python_exception_keeps_the_trace_of_its_first_arrival_in_r():
    assert_r_true('inner <- function() py_run_string("raise KeyError(\'deep\')"); '
                  'wrapped <- py_func(function() inner()); '
                  'e <- tryCatch(wrapped(), error = identity); '
                  'any(vapply(e$trace$full_call, function(cl) identical(cl, quote(inner())), NA))')


def test_an_r_error_from_r_code_python_called_gains_a_trace_field():
    assert_r_true('e <- tryCatch(py_eval("lambda f: f()")(function() stop("plain")), error = identity); '
                  'inherits(e, "simpleError") && inherits(e$trace, "rlang_trace") && '
                  'identical(conditionMessage(e), "plain")')


def test_an_r_condition_that_has_a_trace_keeps_it():
    assert_r_true('e <- tryCatch(py_eval("lambda f: f()")(function() rlang::abort("own", class = "own_error")), '
                  'error = identity); inherits(e, "own_error") && inherits(e$trace, "rlang_trace") && '
                  'any(vapply(e$trace$call, function(cl) identical(cl[[1]], quote(rlang::abort)), NA))')


def test_py_last_error_shows_the_exception_python_raised_from_an_r_error():
    pr.r('py_run_string("def replace(fn):\\n    try:\\n        fn()\\n    except Exception:\\n'
         '        raise RuntimeError(\'replaced\')")')
    pr.r('rapi_signal <- function() stop("Hello from R"); rapi_f1 <- py_func(rapi_signal); '
         'rapi_f2 <- py_func(function() py$replace(rapi_f1)); NULL')
    pr.r("invisible(tryCatch(rapi_f2(), error = identity))")
    out = "\n".join(pr.r("capture.output(print(py_last_error()))"))
    assert "RuntimeError: replaced" in out and "Hello from R" in out
    assert "During handling of the above exception" in out


def test_py_last_error_r_trace_reaches_the_r_error_below_python():
    pr.r('py_run_string("def replace(fn):\\n    try:\\n        fn()\\n    except Exception:\\n'
         '        raise RuntimeError(\'replaced\')")')
    pr.r('rapi_signal <- function() stop("Hello from R"); rapi_f1 <- py_func(rapi_signal); '
         'rapi_f2 <- py_func(function() py$replace(rapi_f1)); NULL')
    pr.r("invisible(tryCatch(rapi_f2(), error = identity))")
    trace = pr.r("py_last_error()$r_trace")
    assert "rapi_f2()" in trace and 'stop("Hello from R")' in trace


def test_py_last_error_r_trace_of_an_exception_python_raised_afresh_is_the_deeper_one():
    pr.r('py_run_string("def swallow(fn):\\n    failed = False\\n    try:\\n        fn()\\n'
         '    except Exception:\\n        failed = True\\n    if failed:\\n'
         '        raise RuntimeError(\'mystery\')")')
    pr.r('rapi_deep <- function() stop("Hello deep"); rapi_g1 <- py_func(rapi_deep); '
         'rapi_g2 <- py_func(function() py$swallow(rapi_g1)); NULL')
    pr.r("invisible(tryCatch(rapi_g2(), error = identity))")
    assert 'stop("Hello deep")' in pr.r("py_last_error()$r_trace")


def test_an_r_condition_python_did_not_handle_reaches_python_again_as_the_same_exception():
    pr.r('py_run_string("seen = []\\ndef call_and_keep(fn):\\n    try:\\n        fn()\\n'
         '    except Exception as e:\\n        seen.append(e)\\n        raise")')
    pr.r('rapi_stop <- function() stop("again"); '
         'rapi_inner <- py_func(function() py$call_and_keep(rapi_stop)); NULL')
    pr.r("invisible(tryCatch(py$call_and_keep(rapi_inner), error = identity))")
    main = __import__("__main__")
    assert len(main.seen) >= 2 and main.seen[-1] is main.seen[-2]


def test_a_condition_signalled_in_r_code_python_called_reaches_the_r_callers_handler():
    assert_r_true('caller <- py_eval("lambda f: f()"); got <- NULL; '
                  'withCallingHandlers(caller(function() { signalCondition(structure(class = c("rapi_signal", '
                  '"condition"), list(message = "hi", call = NULL))); 1 }), '
                  'rapi_signal = function(c) got <<- conditionMessage(c)); identical(got, "hi")')


def test_a_restart_of_a_condition_signalled_below_python_can_be_invoked_by_the_r_caller():
    assert_r_true('caller <- py_eval("lambda f: f()"); '
                  'withCallingHandlers(caller(function() { withRestarts(signalCondition(structure('
                  'class = c("rapi_signal", "condition"), list(message = "hi", call = NULL))), '
                  'rapi_skip = function() NULL); 1 }), '
                  'rapi_signal = function(c) invokeRestart("rapi_skip")); TRUE')


def test_testthat_counts_expectations_made_in_r_code_python_called():
    assert_r_true('caller <- py_eval("lambda f: f()"); '
                  'r <- testthat::with_reporter("list", testthat::test_that("t", '
                  'caller(function() testthat::expect_true(TRUE)))); '
                  'results <- r$get_results(); length(results[[1]]$results) == 1L')


def _raise(message):
    raise ValueError(message)


def test_py_last_error_fields_with_a_lone_surrogate_are_escaped():
    import __main__
    __main__.raise_surrogate = lambda: _raise("x\udfff")
    fail("py$raise_surrogate()")
    assert_r_true('e <- py_last_error(); grepl("x\\\\udfff", e$value, fixed = TRUE) && '
                  'grepl("x\\\\udfff", e$message, fixed = TRUE)')
