"""Iteration (iterate, iter_next, as_iterator), R functions as Python
iterators (py_iterator), and context managers (with, %as%)."""
import sys
import threading

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true

CONTEXT = """
class RapiContext:
    '''Records __enter__/__exit__; suppresses the exception when `suppress`.'''
    log = []
    def __init__(self, suppress=False):
        self.suppress = suppress
    def __enter__(self):
        RapiContext.log.append(('enter',))
        return 'entered'
    def __exit__(self, kind, value, tb):
        RapiContext.log.append(('exit', kind.__name__ if kind else None, value))
        return self.suppress
"""


@pytest.fixture(autouse=True)
def context_class():
    exec(CONTEXT, sys.modules["__main__"].__dict__)
    return sys.modules["__main__"].RapiContext


# ---- iterate ----------------------------------------------------------------------------------

def test_iterate_drains_an_iterable():
    assert_r_true('identical(iterate(py_eval("range(3)")), 0:2)')


def test_iterate_applies_f_to_each_item():
    assert_r_true('identical(iterate(py_eval("range(3)"), function(i) i * 10L), c(0L, 10L, 20L))')


def test_iterate_keeps_a_list_when_types_differ():
    assert_r_true('identical(iterate(r_to_py(list(1L, "a"), convert = TRUE)), list(1L, "a"))')


def test_iterate_without_simplify_returns_a_list():
    assert_r_true('identical(iterate(py_eval("range(2)"), simplify = FALSE), list(0L, 1L))')


def test_iterate_consumes_a_generator():
    assert_r_true('g <- py_eval("(i for i in range(3))"); first <- iterate(g); '
                  'identical(first, 0:2) && identical(iterate(g), list())')


def test_iterate_returns_invisibly():
    assert_r_true('!withVisible(iterate(py_eval("range(2)")))$visible')


def test_iterate_over_an_r_vector_goes_through_r_to_py():
    assert_r_true('identical(iterate(c("a", "b"), toupper), c("A", "B"))')


def test_iterate_keeps_null_results_as_list_entries():
    assert_r_true('identical(iterate(py_eval("range(2)"), function(i) NULL), list(NULL, NULL))')


# ---- iter_next and as_iterator ------------------------------------------------------------------

def test_iter_next_returns_items_then_null():
    assert_r_true('it <- as_iterator(r_to_py(list(1L, 2L), convert = TRUE)); '
                  'identical(list(iter_next(it), iter_next(it), iter_next(it)), list(1L, 2L, NULL))')


def test_iter_next_returns_the_completed_sentinel():
    assert_r_true('it <- as_iterator(py_eval("range(0)")); identical(iter_next(it, completed = "done"), "done")')


def test_iter_next_needs_an_iterator():
    with pytest.raises(pr.RError, match="needs a Python iterator"):
        pr.r('iter_next(py_eval("range(2)"))')


def test_as_iterator_returns_an_iterator_itself():
    assert_r_true('it <- as_iterator(py_eval("range(2)")); py_id(as_iterator(it)) == py_id(it)')


def test_as_iterator_of_an_iterable_has_the_iterator_class():
    assert_r_true('identical(tail(class(as_iterator(py_eval("range(2)"))), 2), '
                  'c("python.builtin.iterator", "python.builtin.object"))')


def test_as_iterator_of_an_r_value_converts_its_items():
    assert_r_true('it <- as_iterator(c(1.5, 2.5)); identical(iter_next(it), 1.5)')


# ---- py_iterator ------------------------------------------------------------------------------------

COUNTER = 'local({ i <- 0L; function() { i <<- i + 1L; if (i > 3L) NULL else i } })'


def test_py_iterator_yields_until_null():
    assert_r_true(f'identical(iterate(py_iterator({COUNTER})), 1:3)')


def test_py_iterator_ends_at_the_completed_value():
    assert_r_true('f <- local({ i <- 0L; function() { i <<- i + 1L; if (i > 2L) -1L else i } }); '
                  'identical(iterate(py_iterator(f, completed = -1L)), 1:2)')


def test_py_iterator_is_a_python_generator():
    assert_r_true(f'inherits(py_iterator({COUNTER}), "python.builtin.generator")')


def test_py_iterator_can_be_consumed_by_python():
    assert_r_true(f'py_eval("sum")(py_iterator({COUNTER})) == 6L')


def test_py_iterator_runs_the_r_function_on_the_consuming_thread():
    generator = pr.r('local({ i <- 0L; function() { i <<- i + 1L; '
                     'if (i > 2L) NULL else py_eval("__import__(\'threading\').current_thread().name") } }) '
                     '|> py_iterator()')
    seen = []
    worker = threading.Thread(target=lambda: seen.extend(generator), name="rapi-worker")
    worker.start()
    while worker.is_alive():
        worker.join(0.01)
    assert seen == ["rapi-worker", "rapi-worker"]


def test_py_iterator_prefetch_reads_ahead():
    assert_r_true('calls <- 0L; f <- function() { calls <<- calls + 1L; if (calls > 5L) NULL else calls }; '
                  'it <- py_iterator(f, prefetch = 2L); first <- iter_next(it); '
                  'first == 1L && calls == 3L')


def test_py_iterator_error_reaches_the_consumer_as_the_r_condition():
    assert_r_true('f <- function() stop("generator broke"); '
                  'e <- tryCatch(iterate(py_iterator(f)), error = function(e) e); '
                  'conditionMessage(e) == "generator broke"')


def test_py_iterator_needs_a_function():
    with pytest.raises(pr.RError, match="needs an R function"):
        pr.r("py_iterator(1)")


def test_py_iterator_needs_a_function_without_arguments():
    with pytest.raises(pr.RError, match="no arguments.*`x`"):
        pr.r("py_iterator(function(x) x)")


# ---- with and %as% -------------------------------------------------------------------------------------

def test_with_enters_evaluates_and_exits(context_class):
    assert_r_true('with(py_eval("RapiContext()"), 41L + 1L) == 42L')
    assert context_class.log == [("enter",), ("exit", None, None)]


def test_as_binds_the_value_of_enter():
    assert_r_true('with(py_eval("RapiContext()") %as% ctx, ctx) == "entered"')


def test_as_argument_binds_the_value_of_enter():
    assert_r_true('with(py_eval("RapiContext()"), ctx2, as = ctx2) == "entered"')


def test_as_binding_stays_after_with():
    assert_r_true('with(py_eval("RapiContext()") %as% ctx3, NULL); identical(ctx3, "entered")')


def test_with_returns_invisibly_what_the_expression_returned_invisibly():
    assert_r_true('!withVisible(with(py_eval("RapiContext()"), invisible(1)))$visible')


def test_r_error_reaches_exit_as_rerror_and_is_resignalled(context_class):
    assert_r_true('e <- tryCatch(with(py_eval("RapiContext()"), stop("inside")), error = function(e) e); '
                  'conditionMessage(e) == "inside"')
    kind, value = context_class.log[-1][1:]
    assert kind == "RError" and isinstance(value, pr.RError)


def test_python_error_reaches_exit_as_itself(context_class):
    assert_r_true('e <- tryCatch(with(py_eval("RapiContext()"), py_eval("1/0")), error = function(e) e); '
                  'inherits(e, "python.builtin.ZeroDivisionError")')
    assert context_class.log[-1][1] == "ZeroDivisionError"


def test_interrupt_reaches_exit_as_keyboard_interrupt(context_class):
    with pytest.raises(KeyboardInterrupt):
        pr.r('with(py_eval("RapiContext()"), signalCondition(structure(list(message = "", '
             'call = NULL), class = c("interrupt", "condition"))))')
    assert context_class.log[-1][1] == "KeyboardInterrupt"


def test_exit_returning_true_suppresses_the_error():
    assert_r_true('v <- withVisible(with(py_eval("RapiContext(True)"), stop("hidden"))); '
                  'is.null(v$value) && !v$visible')


def test_as_attributes_do_not_stick_to_the_manager():
    assert_r_true('cm <- py_eval("RapiContext()"); with(cm %as% first, NULL); '
                  'is.null(attr(cm, "as"))')
