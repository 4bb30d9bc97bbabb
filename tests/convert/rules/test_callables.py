"""R functions ↔ Python callables as conversions (docs/conversions.md §3, §4, §8 item 10)."""
import concurrent.futures

import pytest

import pyreticulate as pr
from helpers import r_true


def test_r_function_is_a_python_callable():
    f = pr.r("function(x, y = 2) x * y")
    assert callable(f) and f(3) == 6.0 and f(3, y=4) == 12.0


def test_r_function_comes_back_identical():
    r_true("f <- function(x) x + 1; identical(py_to_r(r_to_py(f)), f)")
    r_true("identical(py_to_r(r_to_py(sum)), sum)")


def test_r_function_comes_back_identical_through_python_code():
    r_true("f <- function(x) x + 1; py$held_fn <- f; identical(py$held_fn, f)")


def test_python_callable_is_an_r_closure_with_py_object():
    pr.globalenv["pyfn"] = lambda a, b=3: a + b
    r_true('is.function(pyfn) && !is.null(attr(pyfn, "py_object")) && '
           'identical(names(formals(pyfn)), c("a", "b")) && pyfn(1L) == 4L')


# --- an R function called with plain scalars: what every call guarantees -----------------
# With the compiled module such calls run in C (_fast.c's pyr_r_call) unless a rule, scope
# or thread needs the Python path; the same behaviour either way, from the first call on.

def test_r_function_gets_python_scalars_as_r_scalars():
    f = pr.r('function(...) vapply(list(...), typeof, "")')
    assert f(1, 2.5, True, "é", None) == ["integer", "double", "logical", "character", "NULL"]


def test_r_function_gets_a_dict_of_scalars_as_a_named_list():
    f = pr.r('function(x) paste0(names(x), "=", vapply(x, typeof, ""), collapse = " ")')
    assert f({"a": 1, "b": 2.5, "c": None, "é": "s"}) == "a=integer b=double c=NULL é=character"


def test_r_function_gets_an_empty_dict_as_an_empty_named_list():
    f = pr.r("function(x) identical(x, setNames(list(), character()))")
    assert f({}) is True


def test_r_function_gets_a_dict_with_other_values_as_the_dict_rule_makes_it():
    f = pr.r("function(x) c(typeof(x$a), typeof(x$b), names(x))")
    assert f({"a": [1, 2], "b": {"c": 1}}) == ["integer", "list", "a", "b"]


def test_r_function_scalar_results_are_python_scalars():
    f = pr.r('function(kind) switch(kind, i = 7L, d = 2.5, l = TRUE, s = "é", n = NULL, '
             'na = NA_integer_)')
    assert [(type(v).__name__, v) for v in map(f, ("i", "d", "l", "s", "n", "na"))] == [
        ("int", 7), ("float", 2.5), ("bool", True), ("str", "é"), ("NoneType", None),
        ("NoneType", None)]


def test_r_function_error_is_the_same_rerror_on_every_call():
    f = pr.r('function(x) stop("bad ", x)')
    raised = []
    for _ in range(2):
        with pytest.raises(pr.RError) as caught:
            f(1)
        raised.append((caught.value.r_message, caught.value.call, caught.value.r_class))
    assert raised == [("bad 1", "r_function(1L)", ["simpleError", "error", "condition"])] * 2


def test_r_function_warning_is_an_r_warning_in_python():
    f = pr.r('function(x) { warning("careful"); x }')
    with pytest.warns(pr.RWarning, match="careful"):
        assert f(1) == 1


def test_r_function_aborting_with_a_condition_raises_that_condition():
    f = pr.r('function(x) invokeRestart("abort", simpleError("left early"))')
    with pytest.raises(pr.RError, match="left early"):
        f(1)


def test_r_function_overflowing_the_stack_raises_the_overflow_error():
    f = pr.r("pyr_deep <- function(x) pyr_deep(x + 1L); pyr_deep")
    with pytest.raises(pr.RError) as caught:
        f(1)
    assert caught.value.r_class[-3:] == ["stackOverflowError", "error", "condition"]


def test_r_interrupt_inside_an_r_function_is_keyboardinterrupt():
    f = pr.r('function(x) { signalCondition(structure(list(), '
             'class = c("interrupt", "condition"))); invokeRestart("abort") }')
    with pytest.raises(KeyboardInterrupt):
        f(1)


def test_r_function_calling_python_that_calls_r_gets_the_result():
    add_one = pr.r("function(x) x + 1L")
    pr.globalenv["pyr_twice_plus_one"] = lambda x: add_one(x * 2)
    f = pr.r("function(x) pyr_twice_plus_one(x) * 10L")
    assert f(20) == 410


def test_r_function_called_from_a_worker_thread_gets_its_result():
    f = pr.r("function(x) x * 2L")
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(f, 21).result(timeout=60) == 42


def test_user_r_to_py_rule_wins_for_an_r_function_result():
    f = pr.r("function(x) x")
    with pr.register_r_to_py(lambda robj: "ruled", sexptypes=["double"]):
        assert f(1.5) == "ruled"


def test_user_py_to_r_rule_wins_for_an_r_function_argument():
    f = pr.r("function(x) typeof(x)")
    with pr.register_py_to_r(lambda obj, hint: "seven", int):
        assert f(7) == "character"


def test_scope_rule_wins_for_an_r_function_result():
    f = pr.r("function(x) x")
    rules = pr.ConversionRules()
    rules.register_r_to_py(lambda robj: "scoped", sexptypes=["double"])
    with pr.conversion(rules):
        assert f(1.5) == "scoped"


# --- py_function(optional_args=True): reticulate's R functions take any arguments ----------

def _optional_args_function():
    from pyreticulate.convert.rules.callables import py_function
    return py_function(pr.r("function(a, b = 2) if (missing(a)) 'a missing' else a + b"),
                       optional_args=True)


def test_optional_args_function_may_be_called_without_a_required_argument():
    assert _optional_args_function()() == "a missing"


def test_optional_args_function_passes_arguments_given():
    assert _optional_args_function()(1, b=3) == 4.0


def test_optional_args_function_signature_shows_required_arguments_required():
    import inspect
    parameters = inspect.signature(_optional_args_function()).parameters
    assert parameters["a"].default is inspect.Parameter.empty
    assert parameters["b"].default is not inspect.Parameter.empty
