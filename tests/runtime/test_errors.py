"""Errors both ways: Python exceptions as R conditions, R conditions as RError,
the original condition re-signalled in R, warnings, and a usable session after
every kind of failure."""
import gc
import traceback
import tracemalloc
import warnings

import pytest

import pyreticulate as pr
from helpers import r_true, settle
from pyreticulate.runtime import errors

MY_ERROR = ('structure(class = c("myError", "error", "condition"), '
            'list(message = "my message", call = NULL, extra = 42))')


@pytest.fixture(autouse=True)
def python_helpers():
    pr.r('''py_run_string("
def call_it(f, *args):
    return f(*args)

def wrap_with_cause(f):
    try:
        f()
    except Exception as e:
        raise ValueError('wrapped') from e

def wrap_with_context(f):
    try:
        f()
    except Exception:
        raise ValueError('raised while handling')

def wrap_text_only(f):
    try:
        f()
    except Exception as e:
        raise ValueError('pipeline failed: ' + str(e)) from None

def wrap_formatted_traceback(f):
    try:
        f()
    except Exception as e:
        import traceback
        raise ValueError('pipeline failed: ' + ''.join(traceback.format_exception(e))) from None
")''')
    yield
    assert errors.WARNINGS.frames == []


def session_works():
    assert pr.r("1 + 1") == 2
    assert pr.r('py_eval("2 + 2")') == 4


# --- Python -> R ---------------------------------------------------------------

def test_python_exception_is_r_condition_classed_by_its_mro():
    classes = pr.r('tryCatch(py_run_string("raise KeyError(1)"), error = function(e) class(e))')
    assert classes == ["python.builtin.KeyError", "python.builtin.LookupError",
                       "python.builtin.Exception", "python.builtin.BaseException",
                       "python.builtin.object", "error", "condition"]


def test_python_exception_is_caught_by_a_base_class_handler():
    assert pr.r('tryCatch(py_run_string("raise ZeroDivisionError()"), '
                'python.builtin.ArithmeticError = function(e) "arithmetic")') == "arithmetic"


def test_python_exception_message_has_type_and_text():
    message = pr.r('tryCatch(py_run_string("raise ValueError(\'bad value\')"), '
                   'error = function(e) conditionMessage(e))')
    assert message.startswith("ValueError: bad value")
    assert "py_last_error()" in message


def test_py_last_error_gives_the_python_traceback():
    pr.r('try(py_run_string("def inner():\\n    raise ValueError(\'deep\')\\ninner()"), '
         'silent = TRUE)')
    last = pr.r("py_last_error()")
    assert last["type"] == "ValueError"
    assert "in inner" in "".join(last["traceback"])
    assert "ValueError: deep" in last["message"]


def test_py_last_error_r_trace_leaves_out_the_bridge_machinery():
    pr.r('try(py_run_string("raise ValueError(1)"), silent = TRUE)')
    trace = pr.r("py_last_error()$r_trace")
    assert not [frame for frame in trace if ".pyr_" in frame or frame.startswith("(function")]


def test_long_python_message_is_trimmed_in_the_middle():
    message = pr.r('tryCatch(py_run_string("raise ValueError(\'START\' + \'x\' * 20000 + '
                   '\'END\')"), error = function(e) conditionMessage(e))')
    assert message.startswith("ValueError: START")
    assert "END" in message
    assert "characters omitted" in message
    assert len(message) < 2000


# --- R -> Python ---------------------------------------------------------------

def test_r_error_in_r_function_called_from_python_is_rerror():
    f = pr.r(f"function() stop({MY_ERROR})")
    with pytest.raises(pr.RError) as info:
        f()
    assert isinstance(info.value, RuntimeError)
    assert info.value.r_class == ["myError", "error", "condition"]
    assert info.value.r_message == "my message"


def test_rerror_keeps_the_whole_multi_line_message():
    with pytest.raises(pr.RError) as info:
        pr.r('stop("first line\\nsecond line\\nthird line")')
    assert info.value.r_message == "first line\nsecond line\nthird line"


def test_rlang_abort_keeps_its_message_class_and_fields():
    f = pr.r('function() rlang::abort("rlang says no", class = "rlang_refusal", reason = "test")')
    with pytest.raises(pr.RError) as info:
        f()
    assert "rlang says no" in info.value.r_message
    assert info.value.r_class[0] == "rlang_refusal"
    pr.globalenv["rlang_condition"] = info.value.condition
    assert pr.r("rlang_condition$reason") == "test"


def test_rerror_carries_the_original_condition_object():
    f = pr.r(f"function() stop({MY_ERROR})")
    with pytest.raises(pr.RError) as info:
        f()
    pr.globalenv["caught_condition"] = info.value.condition
    r_true('identical(caught_condition$extra, 42) && inherits(caught_condition, "myError")')


def test_rerror_has_the_call_and_r_trace():
    pr.r('inner_fail <- function(x) stop("inner failed"); outer_fail <- function() inner_fail(1)')
    f = pr.r("outer_fail")
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.call == "inner_fail(1)"
    assert "inner_fail(1)" in info.value.r_trace


def test_rerror_str_is_the_condition_message_as_reticulates_runtimeerror():
    f = pr.r('function() stop("inner failed")')
    with pytest.raises(pr.RError) as info:
        f()
    assert (str(info.value), info.value.args) == ("inner failed", ("inner failed",))


def test_rerror_note_gives_its_marker_and_r_call_for_tracebacks():
    pr.r('inner_fail <- function(x) stop("inner failed")')
    f = pr.r("function() inner_fail(1)")
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.__notes__ == [f"{info.value.marker} in inner_fail(1)"]
    assert info.value.__notes__[0] in "".join(traceback.format_exception(info.value))


def test_r_trace_is_the_r_call_stack_without_the_bridge_machinery():
    pr.r('inner_fail <- function(x) stop("inner failed"); outer_fail <- function() inner_fail(1)')
    f = pr.r("outer_fail")
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.r_trace == ["outer_fail()", "inner_fail(1)", 'stop("inner failed")']


def test_top_level_r_error_from_python_reports_no_bridge_call():
    with pytest.raises(pr.RError) as info:
        pr.r('stop("at top level")')
    assert info.value.call is None
    assert (str(info.value), info.value.__notes__) == ("at top level", [info.value.marker])


def test_abort_restart_becomes_r_evaluation_aborted():
    with pytest.raises(pr.RError, match="R evaluation aborted"):
        pr.r('invokeRestart("abort")')


# --- back to R -------------------------------------------------------------------

def test_original_condition_is_resignalled_when_rerror_reaches_r():
    assert pr.r(f'tryCatch(py$call_it(function() stop({MY_ERROR})), '
                'myError = function(e) e$extra)') == 42


def test_original_condition_is_resignalled_from_the_cause_chain():
    assert pr.r(f'tryCatch(py$wrap_with_cause(function() stop({MY_ERROR})), '
                'myError = function(e) e$extra)') == 42


def test_original_condition_is_resignalled_from_the_context_chain():
    assert pr.r(f'tryCatch(py$wrap_with_context(function() stop({MY_ERROR})), '
                'myError = function(e) e$extra)') == 42


def test_original_condition_is_resignalled_when_only_its_formatted_traceback_survived():
    # tf.data's errors keep the text of the traceback, notes included
    assert pr.r(f'tryCatch(py$wrap_formatted_traceback(function() stop({MY_ERROR})), '
                'myError = function(e) e$extra)') == 42


def test_original_condition_is_resignalled_from_a_context_that_from_none_suppressed():
    assert pr.r(f'tryCatch(py$wrap_text_only(function() stop({MY_ERROR})), '
                'myError = function(e) e$extra)') == 42


def test_python_traceback_stays_in_py_last_error_after_resignalling():
    pr.r(f'try(py$wrap_with_cause(function() stop({MY_ERROR})), silent = TRUE)')
    assert "wrap_with_cause" in "".join(pr.r("py_last_error()$traceback"))


def test_stop_in_a_deeply_nested_r_python_chain_reaches_the_outer_handler():
    assert pr.r(f'''
      nest <- function(n) {{
        if (n == 0) stop({MY_ERROR})
        py$call_it(function() nest(n - 1))
      }}
      tryCatch(nest(12), myError = function(e) paste(conditionMessage(e), e$extra))
    ''') == "my message 42"
    session_works()


def test_python_exception_deep_in_a_nested_chain_keeps_its_class():
    assert pr.r('''
      nest2 <- function(n) {
        if (n == 0) return(py_run_string("raise KeyError('deep')"))
        py$call_it(function() nest2(n - 1))
      }
      tryCatch(nest2(8), python.builtin.KeyError = function(e) "key error")
    ''') == "key error"


# --- warnings -------------------------------------------------------------------------

def test_r_warning_in_a_callback_reaches_the_outer_calling_handler():
    assert pr.r('''
      seen <- character()
      value <- withCallingHandlers(
        py$call_it(function() { warning("careful"); 7 }),
        warning = function(w) {
          seen <<- c(seen, conditionMessage(w))
          invokeRestart("muffleWarning")
        })
      list(value, seen)
    ''') == [7, "careful"]


def test_r_warning_before_an_error_in_a_callback_still_reaches_r():
    assert pr.r('''
      seen <- character()
      outcome <- withCallingHandlers(
        tryCatch(py$call_it(function() { warning("first"); stop("then failed") }),
                 error = function(e) conditionMessage(e)),
        warning = function(w) {
          seen <<- c(seen, conditionMessage(w))
          invokeRestart("muffleWarning")
        })
      list(outcome, seen)
    ''') == ["then failed", "first"]


def test_r_warning_from_r_called_by_python_is_a_python_rwarning():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert pr.r('f <- function() { warning("mind this"); 3 }; f()') == 3
    assert [(w.category, str(w.message)) for w in caught] == [(pr.RWarning, "mind this")]


def test_r_warning_before_an_error_from_python_is_still_issued():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(pr.RError):
            pr.r('g <- function() { warning("early"); stop("late") }; g()')
    assert [str(w.message) for w in caught] == ["early"]


def test_warning_frames_stay_balanced_when_entries_fail():
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        pr.r('''
          for (i in 1:3) try(py$call_it(function() {
            warning("w")
            py_run_string("raise RuntimeError('x')")
          }), silent = TRUE)
        ''')
    assert errors.WARNINGS.frames == []


# --- the session stays usable -----------------------------------------------------------

def test_session_works_after_an_error_inside_a_conversion():
    class Unconvertible:
        pass

    def failing_rule(obj, hint):
        raise ValueError("this rule always fails")
    with pr.register_py_to_r(failing_rule, Unconvertible):
        pr.r('py_run_string("pass")')
        import __main__
        __main__.Unconvertible = Unconvertible
        message = pr.r('tryCatch(py_eval("Unconvertible()"), '
                       'error = function(e) conditionMessage(e))')
        assert "this rule always fails" in message
        with pytest.raises(ValueError, match="always fails"):
            pr.py_to_r(Unconvertible())
        session_works()


def test_session_works_after_an_error_inside_an_s3_method():
    message = pr.r('''
      r_to_py.failing_class <- function(x, convert = FALSE) stop("the S3 method failed")
      tryCatch(r_to_py(structure(1, class = "failing_class")),
               error = function(e) conditionMessage(e))
    ''')
    assert message == "the S3 method failed"
    with pytest.raises(pr.RError, match="the S3 method failed"):
        pr.r('py$call_it(function(x) x, structure(1, class = "failing_class"))')
    session_works()


def test_session_works_after_an_error_inside_an_r_finalizer():
    pr.r('local({ e <- new.env(); reg.finalizer(e, function(e) stop("finalizer failed")) })')
    pr.r("invisible(gc())")
    session_works()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_session_works_after_an_error_inside_a_python_finalizer():
    class FailsOnDelete:
        def __del__(self):
            raise RuntimeError("__del__ failed")
    pr.assign("fails_on_delete", FailsOnDelete())
    pr.r("rm(fails_on_delete); invisible(gc())")
    gc.collect()
    session_works()


def test_session_works_after_a_python_exception_escaping_a_callback_from_r():
    with pytest.raises(ZeroDivisionError):
        pr.r('py$call_it(function() py_eval("1/0"))')
    session_works()


def test_python_exception_returning_from_r_is_the_original_exception():
    original = KeyError("mine")

    def raiser():
        raise original
    call = pr.r("function(f) f()")
    with pytest.raises(KeyError) as info:
        call(raiser)
    assert info.value is original


def test_abort_restart_with_a_condition_raises_it_in_python():
    f = pr.r('function() invokeRestart("abort", simpleError("cancelled from R"))')
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.r_message == "cancelled from R"


def test_abort_restart_with_a_condition_carries_that_very_condition():
    pr.r('rapi_cnd <- simpleError("cancelled"); rapi_cnd$extra <- 7')
    f = pr.r('function() invokeRestart("abort", rapi_cnd)')
    with pytest.raises(pr.RError) as info:
        f()
    pr.globalenv["rapi_back"] = info.value.condition
    r_true("identical(rapi_back, rapi_cnd)")


def test_abort_restart_without_a_condition_is_the_bare_message():
    f = pr.r('function() invokeRestart("abort")')
    with pytest.raises(pr.RError) as info:
        f()
    assert str(info.value) == "R evaluation aborted"


def test_r_stays_usable_after_an_abort_restart():
    f = pr.r('function() invokeRestart("abort", simpleError("x"))')
    with pytest.raises(pr.RError):
        f()
    assert pr.r("1 + 1") == 2.0


def test_rerror_args_hold_the_bare_message():
    f = pr.r('function() stop("foo-bar-baz")')
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.args == ("foo-bar-baz",)


def test_rerror_of_an_r_error_has_its_rlang_trace():
    f = pr.r('function() stop("traced")')
    with pytest.raises(pr.RError) as info:
        f()
    pr.globalenv["rapi_traced"] = info.value.trace
    r_true('inherits(rapi_traced, "rlang_trace")')


# ---- text in messages (docs/conversions.md §9, §11) -------------------------------------------

def _raise(message):
    raise ValueError(message)


def test_python_message_holding_a_lone_surrogate_reaches_r_escaped():
    import __main__
    __main__.raise_surrogate = lambda: _raise("bad \ud800 text")
    r_true('m <- tryCatch(py$raise_surrogate(), error = conditionMessage); '
           'grepl("bad \\\\ud800 text", m, fixed = TRUE)')
    assert pr.r("1L") == 1


def test_r_error_message_in_latin1_arrives_as_its_characters():
    with pytest.raises(pr.RError, match="caf\u00e9 failed"):
        pr.r('m <- "caf\\xe9 failed"; Encoding(m) <- "latin1"; stop(m)')



# --- exceptions whatever their message ---------------------------------------------

ODD_EXCEPTIONS = '''py_run_string("
class StrRaises(Exception):
    def __str__(self):
        raise ValueError('no str for you')

class StrBytes(Exception):
    def __str__(self):
        return b'bytes'

class StrInt(Exception):
    def __str__(self):
        return 42

class StrSubclass(str):
    pass

class StrReturnsSubclass(Exception):
    def __str__(self):
        return StrSubclass('from a str subclass')

class AttributesRaise(Exception):
    def __getattr__(self, name):
        raise RuntimeError('no attribute ' + name)

")'''

PY_EXCEPTION_TAIL = ["python.builtin.Exception", "python.builtin.BaseException",
                     "python.builtin.object", "error", "condition"]
RERROR_CLASSES = ["pyreticulate.runtime.errors.RError", "python.builtin.RuntimeError",
                  *PY_EXCEPTION_TAIL]


def caught(code):
    """Class vector and message of the R condition for the Python error ``code`` raises."""
    pr.r(ODD_EXCEPTIONS)
    return pr.r(f'tryCatch(py_run_string("{code}"), error = function(e) '
                'list(class(e), conditionMessage(e), validUTF8(conditionMessage(e))))')


def test_exception_with_a_nul_in_its_message_keeps_its_class_and_shows_nul_escaped():
    classes, message, valid = caught(r"raise ValueError('a\\x00b')")
    assert classes == ["python.builtin.ValueError", *PY_EXCEPTION_TAIL]
    assert message.startswith("ValueError: a\\0b\n")
    assert valid is True


def test_exception_with_lone_surrogates_gives_a_valid_utf8_message_with_them_escaped():
    classes, message, valid = caught(r"raise ValueError('x\\udc80y')")
    assert classes[0] == "python.builtin.ValueError"
    assert message.startswith("ValueError: x\\udc80y\n")
    assert valid is True


def test_exception_whose_str_raises_keeps_its_class_with_a_placeholder_naming_the_failure():
    classes, message, _ = caught("raise StrRaises('q')")
    assert classes == ["__main__.StrRaises", *PY_EXCEPTION_TAIL]
    assert message.startswith(
        "StrRaises: <exception str() failed: ValueError: no str for you>\n")


def test_exception_whose_str_returns_bytes_keeps_its_class_naming_the_problem():
    classes, message, _ = caught("raise StrBytes('q')")
    assert classes[0] == "__main__.StrBytes"
    assert message.startswith("StrBytes: <exception str() failed: TypeError: "
                              "__str__ returned non-string (type bytes)>\n")


def test_exception_whose_str_returns_an_int_keeps_its_class_naming_the_problem():
    classes, message, _ = caught("raise StrInt('q')")
    assert classes[0] == "__main__.StrInt"
    assert "__str__ returned non-string (type int)" in message


def test_exception_whose_str_returns_a_str_subclass_gives_its_text():
    classes, message, _ = caught("raise StrReturnsSubclass()")
    assert classes[0] == "__main__.StrReturnsSubclass"
    assert message.startswith("StrReturnsSubclass: from a str subclass\n")


@pytest.mark.parametrize("code, value", [
    ("raise StrRaises('q')", "<exception str() failed: ValueError: no str for you>"),
    ("raise StrBytes('q')",
     "<exception str() failed: TypeError: __str__ returned non-string (type bytes)>"),
    (r"raise ValueError('a\\x00b')", "a\\0b"),
    (r"raise ValueError('x\\udc80y')", "x\\udc80y"),
    ("raise AttributesRaise('odd')", "odd"),
])
def test_py_last_error_works_after_an_exception_with_an_odd_message(code, value):
    caught(code)
    last = pr.r("py_last_error()")
    assert last["value"] == value
    assert value in last["message"]
    assert "Traceback" in last["message"]


def test_exception_message_gives_a_placeholder_where_str_fails():
    class Unprintable(Exception):
        def __str__(self):
            raise RuntimeError("broken")
    assert errors.exception_message(Unprintable()) == (
        f"{__name__}.{Unprintable.__qualname__}: "
        "<exception str() failed: RuntimeError: broken>")


# --- R conditions whatever their message -------------------------------------------

@pytest.mark.parametrize("message, text", [
    ("NULL", ""), ("character()", ""), ("42", "42"), ('c("first", "second")', "first\nsecond"),
    ("NA_character_", "NA"), ("list(1)", "<the condition's message is a list, not a string>"),
])
def test_r_condition_with_an_odd_message_is_rerror_keeping_class_and_text(message, text):
    f = pr.r(f'function() stop(structure(class = c("oddError", "error", "condition"), '
             f'list(message = {message}, call = NULL)))')
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.r_class == ["oddError", "error", "condition"]
    assert info.value.r_message == text


def test_r_condition_whose_message_method_fails_is_rerror_naming_the_failure():
    # (stop() and signalCondition() call conditionMessage() themselves: the abort
    # restart hands the condition over as it is.)
    pr.r('conditionMessage.unreadableError <- function(c) stop("no message for you")')
    f = pr.r('function() invokeRestart("abort", structure(class = c("unreadableError", '
             '"error", "condition"), list(message = "hidden", call = NULL)))')
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.r_class == ["unreadableError", "error", "condition"]
    assert info.value.r_message == "<conditionMessage() failed: no message for you>"


def test_r_condition_with_bytes_that_are_not_utf8_is_rerror_with_them_escaped():
    f = pr.r('function() stop(rawToChar(as.raw(c(0x61, 0xff, 0x62))))')
    with pytest.raises(pr.RError) as info:
        f()
    assert info.value.r_message == "a\\xffb"


def test_r_condition_with_an_odd_message_reaches_r_again_as_the_original_condition():
    assert pr.r('''local({
        odd <- structure(class = c("oddError", "error", "condition"),
                         list(message = 42, call = NULL))
        tryCatch(py$call_it(function() stop(odd)),
                 oddError = function(e) list(class(e), e$message))
    })''') == [["oddError", *RERROR_CLASSES], 42.0]


# --- what the error cache keeps ----------------------------------------------------

LOCAL_BYTES = 1 << 20


def held_after(run):
    """Bytes of Python memory ``run()`` leaves allocated once both collectors ran."""
    settle()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        run()
        settle()
        return tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()


def test_rerrors_caught_in_python_do_not_keep_the_locals_of_their_frames_alive():
    refuse = pr.r('function() stop("refused")')

    def catch_one():
        local = bytearray(LOCAL_BYTES)  # noqa: F841  (kept alive by the frame)
        try:
            refuse()
        except pr.RError:
            pass
    catch_one()
    held = held_after(lambda: [catch_one() for _ in range(300)])
    assert held < 16 * LOCAL_BYTES, f"{held / LOCAL_BYTES:.0f} MB still held"


def test_python_errors_caught_in_r_keep_only_the_last_ones_frames_alive():
    pr.r('py_run_string("def raise_with_local():\\n    local = bytearray(1 << 20)\\n'
         '    raise ValueError(\'refused\')\\n")')
    run = 'for (i in 1:300) tryCatch(py$raise_with_local(), error = function(e) NULL)'
    held = held_after(lambda: pr.r(run))
    assert held < 16 * LOCAL_BYTES, f"{held / LOCAL_BYTES:.0f} MB still held"
    assert pr.r("py_last_error()$type") == "ValueError"


def test_python_error_held_by_r_loses_its_locals_once_the_next_error_reaches_r():
    """Before R's next garbage collection its condition still holds the exception; the
    locals go when py_last_error() moves on, the traceback text stays."""
    pr.r('py_run_string("import weakref\\nclass Local: pass\\nrefs = []\\n'
         'def raise_with_local(i):\\n    local = Local()\\n    refs.append(weakref.ref(local))\\n'
         '    raise ValueError(\'refused %d\' % i)\\n")')
    pr.r("held_error <- tryCatch(py$raise_with_local(1L), error = function(e) e)")
    pr.r("invisible(tryCatch(py$raise_with_local(2L), error = function(e) NULL))")
    alive = pr.r('py_eval("[r() is not None for r in refs]")')
    assert alive == [False, True]
    assert "raise_with_local" in pr.r("paste(py_last_error(held_error)$traceback, collapse = '')")
    pr.r("rm(held_error)")


def test_r_errors_through_python_frames_do_not_keep_their_locals_alive():
    pr.r('py_run_string("def call_with_local(f):\\n    local = bytearray(1 << 20)\\n'
         '    return f()\\n")')
    run = ('for (i in 1:300) tryCatch(py$call_with_local(function() stop("refused")), '
           'error = function(e) NULL)')
    held = held_after(lambda: pr.r(run))
    assert held < 16 * LOCAL_BYTES, f"{held / LOCAL_BYTES:.0f} MB still held"


def test_the_condition_of_a_recent_rerror_is_found_by_its_marker_in_a_traceback_once_the_rerror_is_gone():
    refuse = pr.r(f"function() stop({MY_ERROR})")
    try:
        refuse()
    except pr.RError as exc:
        text = "".join(traceback.format_exception(exc))
    gc.collect()
    found = errors.original_condition(ValueError(f"wrapped: {text}"))
    pr.globalenv["found_condition"] = found
    r_true('inherits(found_condition, "myError") && identical(found_condition$extra, 42)')
