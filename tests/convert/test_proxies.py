"""Proxies (pyreticulate/convert/proxies.py, rules/references.py, rules/callables.py):
class vectors, callables as R closures
(formals, supplied arguments only, !!! and :=, py_to_r_wrapper), conditions
for exceptions, and the one Ops closure shared by every proxy class."""
import sys

import pytest

import pyreticulate as pr
from pyreticulate.convert import proxies
from pyreticulate.testing import assert_r_identical, assert_r_true

HELPERS = """
class RapiBase:
    pass

class RapiChild(RapiBase):
    pass

class RapiIter:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration

class RapiCallable:
    def __call__(self, x, scale=1):
        return x * scale

class RapiVec:
    def __init__(self, v):
        self.v = v
    def __add__(self, other):
        return RapiVec(self.v + (other.v if isinstance(other, RapiVec) else other))

def rapi_record(*args, **kwargs):
    return [list(args), sorted(kwargs)]

def rapi_defaults(a, b=2, c='x', d=None, e=True, f=1.5, g=[1], *args, h=3, **kwargs):
    return None
"""


@pytest.fixture(scope="module", autouse=True)
def python_helpers():
    exec(HELPERS, sys.modules["__main__"].__dict__)


# ---- class vectors ------------------------------------------------------------------------------

def test_class_vector_lists_the_mro_with_module_names():
    assert_r_identical('class(py_eval("RapiChild()"))',
                       'c("__main__.RapiChild", "__main__.RapiBase", "python.builtin.object")')


def test_builtins_module_is_named_python_builtin():
    assert_r_identical('class(r_to_py(list()))',
                       'c("python.builtin.list", "python.builtin.object")')


def test_iterators_get_the_iterator_class_before_object():
    assert_r_identical('class(py_eval("RapiIter()"))',
                       'c("__main__.RapiIter", "python.builtin.iterator", "python.builtin.object")')


def test_class_without_a_module_contributes_its_bare_name():
    pr.r('py_run_string("class RapiNoModule:\\n    pass\\nRapiNoModule.__module__ = None")')
    assert_r_true('class(py_eval("RapiNoModule()"))[1] == "RapiNoModule"')


def test_a_forgotten_class_gets_the_class_vector_of_its_new_bases():
    pr.r('py_run_string("class RapiPlain:\\n    pass\\nclass RapiRebased(RapiPlain):\\n    pass\\n'
         'class RapiExtra:\\n    pass")')
    assert_r_identical('class(py_eval("RapiRebased()"))[2]', '"__main__.RapiPlain"')
    pr.r('py_run_string("RapiRebased.__bases__ = (RapiExtra, RapiPlain)")')
    proxies.forget_class(sys.modules["__main__"].RapiRebased)
    assert_r_identical('class(py_eval("RapiRebased()"))[2]', '"__main__.RapiExtra"')


def test_exceptions_are_conditions_classed_by_their_mro():
    assert_r_true('e <- py_eval("ValueError(\'v\')"); is.list(e) && '
          'identical(class(e), c("python.builtin.ValueError", "python.builtin.Exception", '
          '"python.builtin.BaseException", "python.builtin.object", "error", "condition"))')


def test_keyboard_interrupt_is_an_interrupt_condition():
    assert_r_identical('tail(class(py_eval("KeyboardInterrupt()")), 2)',
                       'c("interrupt", "condition")')


def test_caught_python_error_is_caught_by_a_parent_class_handler():
    assert_r_true('tryCatch(py_eval("1/0"), python.builtin.ArithmeticError = function(e) TRUE)')


# ---- callables as closures --------------------------------------------------------------------------

def test_callable_is_a_closure_with_its_class_and_py_object():
    assert_r_true('f <- py_eval("RapiCallable()"); is.function(f) && '
          'class(f)[1] == "__main__.RapiCallable" && is.environment(attr(f, "py_object"))')


def test_callable_formals_follow_the_python_signature():
    assert_r_identical('names(formals(py_eval("rapi_defaults")))',
                       'c("a", "b", "c", "d", "e", "f", "g", "...", "h")')


def test_callable_defaults_are_converted():
    assert_r_true('f <- formals(py_eval("rapi_defaults")); identical(f$b, 2L) && identical(f$c, "x") && '
          'is.null(f$d) && isTRUE(f$e) && identical(f$f, 1.5) && identical(f$h, 3L)')


def test_callable_default_without_a_plain_value_is_null():
    assert_r_true('is.null(formals(py_eval("rapi_defaults"))$g)')


def test_required_parameter_has_no_default():
    assert_r_true('identical(formals(py_eval("rapi_defaults"))$a, quote(expr = ))')


def test_keyword_only_parameters_follow_the_dots():
    assert_r_identical('names(formals(py_eval("lambda a, *, b=1: None")))', 'c("a", "...", "b")')


def test_callable_without_a_signature_takes_dots():
    assert_r_identical('names(formals(import_builtins()$max))', '"..."')


def test_only_supplied_arguments_reach_python():
    assert_r_true('f <- py_eval("lambda a, b=\'python default\': b"); f(1) == "python default"')


def test_named_arguments_are_keywords_and_unnamed_are_positional():
    assert_r_identical('py_eval("rapi_record")(1L, 2L, k = 3L, j = 4L)', 'list(1:2, c("j", "k"))')


def test_arguments_can_be_spliced_with_bang_bang_bang():
    assert_r_true('args <- list(1L, k = 2L); identical(py_eval("rapi_record")(!!!args), '
          'list(1L, "k"))')


def test_argument_names_can_be_computed_with_colon_equals():
    assert_r_true('nm <- "dynamic"; identical(py_eval("rapi_record")(!!nm := 1L), list(list(), "dynamic"))')


def test_argument_names_are_not_partially_matched():
    assert_r_true('f <- py_eval("lambda long=None, **kw: sorted(kw)"); identical(f(l = 2L), "l")')


def test_callable_returning_none_returns_null_invisibly():
    assert_r_true('v <- withVisible(py_eval("lambda: None")()); is.null(v$value) && !v$visible')


def test_python_error_in_a_call_reports_the_r_call():
    assert_r_true('f <- py_eval("lambda: 1/0"); e <- tryCatch(f(), error = function(e) e); '
          'identical(conditionCall(e), quote(f()))')


def test_call_through_a_pipe_binds_the_piped_value():
    assert_r_true('f <- py_eval("lambda x, y: x - y"); (10L %>% f(3L)) == 7L')


# ---- py_to_r_wrapper ------------------------------------------------------------------------------

def wrapper_method(body):
    return ('assign("py_to_r_wrapper.__main__.RapiCallable", ' + body + ', globalenv()); '
            'on.exit(rm("py_to_r_wrapper.__main__.RapiCallable", envir = globalenv())); ')


def test_py_to_r_wrapper_method_replaces_the_closure():
    assert_r_true(wrapper_method('function(x) { force(x); function(object, ...) x(object, ...) * 100 }') +
          'f <- py_eval("RapiCallable()"); identical(names(formals(f)), c("object", "...")) && '
          'f(2L, scale = 3L) == 600L')


def test_py_to_r_wrapper_result_gets_the_class_and_py_object():
    assert_r_true(wrapper_method('function(x) function(...) NULL') +
          'f <- py_eval("RapiCallable()"); class(f)[1] == "__main__.RapiCallable" && '
          'is.environment(attr(f, "py_object"))')


def test_py_to_r_wrapper_runs_once_per_closure():
    assert_r_true('calls <- 0L; ' +
          wrapper_method('function(x) { calls <<- calls + 1L; x }') +
          'f <- py_eval("RapiCallable()"); f(1L); f(2L); calls == 1L')


def test_py_to_r_wrapper_is_not_called_without_a_method():
    assert_r_true('f <- py_eval("RapiCallable()"); '
          'identical(body(f), body(py_eval("lambda x, scale=1: None")))')


def test_py_to_r_wrapper_method_for_a_parent_class_applies():
    assert_r_true('assign("py_to_r_wrapper.__main__.RapiBase", function(x) function() "wrapped", globalenv()); '
          'on.exit(rm("py_to_r_wrapper.__main__.RapiBase", envir = globalenv())); '
          'py_run_string("class RapiCallableChild(RapiBase):\\n    def __call__(self): return 1"); '
          'py_eval("RapiCallableChild()")() == "wrapped"')


# ---- operators ------------------------------------------------------------------------------------------

def test_arithmetic_operators_use_python():
    assert_r_true('x <- r_to_py(7L, convert = TRUE); '
          'identical(list(x + 2L, x - 2L, x * 2L, x / 2L, x %/% 2L, x %% 2L, x ^ 2L), '
          'list(9L, 5L, 14L, 3.5, 3L, 1L, 49L))')


def test_comparison_operators_use_python():
    assert_r_true('x <- r_to_py(2L, convert = TRUE); '
          'identical(c(x == 2L, x != 2L, x < 3L, x > 3L, x <= 2L, x >= 3L), '
          'c(TRUE, FALSE, TRUE, FALSE, TRUE, FALSE))')


def test_logical_operators_are_bitwise_python_operators():
    assert_r_true('x <- r_to_py(6L, convert = TRUE); identical(c(x & 3L, x | 1L), c(2L, 7L))')


def test_not_is_python_invert():
    assert_r_identical('!r_to_py(2L, convert = TRUE)', '-3L')


def test_unary_minus_is_python_negation():
    assert_r_identical('-r_to_py(2.5, convert = TRUE)', '-2.5')


def test_operator_converts_an_r_operand_with_r_to_py():
    assert_r_identical('r_to_py(list(1L), convert = TRUE) + list(2L)', 'c(1L, 2L)')


def test_every_proxy_class_shares_one_ops_method():
    assert_r_true('m <- getS3method("Ops", "python.builtin.object"); '
          'identical(environment(m), asNamespace("pyreticulate"))')


def test_mixing_proxy_classes_never_warns_incompatible_methods():
    assert_r_true('v <- py_eval("RapiVec(1)", convert = FALSE); '
          'withCallingHandlers(v + np_array(2), warning = function(w) stop(conditionMessage(w))); TRUE')


def test_py_to_r_wrapper_does_not_touch_a_shared_function():
    assert_r_true('shared <- function(...) "shared"; ' +
          wrapper_method('function(x) shared') +
          'f <- py_eval("RapiCallable()"); is.null(attr(shared, "py_object")) && f() == "shared"')


def test_py_to_r_wrapper_method_registered_with_the_package_applies():
    pr.r('py_run_string("class RapiRegistered:\\n    def __call__(self): return 1")')
    assert_r_true('registerS3method("py_to_r_wrapper", "__main__.RapiRegistered", '
          'function(x) function() "registered", envir = asNamespace("pyreticulate")); '
          'py_eval("RapiRegistered()")() == "registered"')


def test_a_bare_r_external_pointer_is_not_a_proxy():
    assert_r_true('p <- methods:::.newExternalptr(); x <- r_to_py(p); '
          'is_py_object(x) && identical(py_to_r(x), p)')


# ---- one R value per Python object (CANONICAL) --------------------------------------------

def test_two_handles_to_the_same_python_object_are_identical():
    assert_r_true('m <- import_main(convert = FALSE); py_run_string("rapi_one = RapiBase()"); '
          'identical(m$rapi_one, m$rapi_one)')


def test_two_handles_stay_identical_after_a_conversion_was_tried_on_one():
    assert_r_true('m <- import_main(convert = FALSE); py_run_string("rapi_one = RapiBase()"); '
          'a <- m$rapi_one; b <- m$rapi_one; invisible(py_to_r(a)); identical(a, b)')


def test_two_handles_are_all_equal_after_a_conversion_was_tried_on_one():
    assert_r_true('m <- import_main(convert = FALSE); py_run_string("rapi_one = RapiBase()"); '
          'a <- m$rapi_one; invisible(py_to_r(a)); isTRUE(all.equal(a, m$rapi_one))')


def test_two_handles_to_the_same_callable_are_identical():
    assert_r_true('m <- import_main(convert = FALSE); identical(m$RapiCallable, m$RapiCallable)')


def test_handles_with_different_convert_flags_are_different():
    assert_r_true('py_run_string("rapi_one = RapiBase()"); '
          '!identical(import_main(convert = FALSE)$rapi_one, import_main(convert = TRUE)$rapi_one)')


def test_handles_to_different_objects_are_different():
    assert_r_true('m <- import_main(convert = FALSE); py_run_string("rapi_a = RapiBase(); rapi_b = RapiBase()"); '
          '!identical(m$rapi_a, m$rapi_b)')


def test_a_collected_proxy_leaves_the_canonical_table():
    pr.r('invisible(gc())')
    before = len(proxies.CANONICAL)
    pr.r('local({ kept <- lapply(1:200, function(i) py_eval("object()", convert = FALSE)); NULL }); '
         'invisible(gc())')
    assert len(proxies.CANONICAL) == before


def test_a_pointer_copied_out_of_a_collected_proxy_still_holds_its_object():
    assert_r_true('p <- py_eval("[object()]", convert = FALSE); e <- new.env(); '
                  'assign("pyobj", get("pyobj", envir = p), envir = e); class(e) <- class(p); '
                  'rm(p); invisible(gc()); !py_is_null_xptr(e) && py_len(e) == 1L')


def test_hinted_proxies_are_not_shared():
    assert_r_true('a <- r_to_py(NA); b <- r_to_py(NA_integer_); '
          'identical(py_to_r(a), NA) && identical(py_to_r(b), NA_integer_)')


def test_a_handle_made_after_a_class_filter_has_the_filtered_classes():
    assert_r_true('m <- import_main(convert = FALSE); py_run_string("class RapiLate: pass\\nrapi_late = RapiLate()"); '
          'before <- m$rapi_late; '
          'register_class_filter(function(classes) if ("__main__.RapiLate" %in% classes) '
          'c("rapi_late_class", classes) else classes); '
          'after <- m$rapi_late; !inherits(before, "rapi_late_class") && inherits(after, "rapi_late_class")')


def test_exception_conditions_are_made_afresh():
    assert_r_true('e <- py_eval("ValueError(\'a\')", convert = FALSE); '
          'f <- py_eval("lambda e: e", convert = FALSE)(e); is.list(f) && !is.null(attr(f, "py_object"))')
