"""Python containers and conversions built from R: dict (caller-frame keys),
py_dict, tuple, np_array, array_reshape, the r_to_py/py_to_r generics and
their S3 extension, py_func."""
import inspect
import sys

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true


# ---- dict --------------------------------------------------------------------------------------

def test_dict_from_named_arguments():
    assert_r_true('identical(py_to_r(dict(k1 = 1L, k2 = "b")), list(k1 = 1L, k2 = "b"))')


def test_dict_key_is_a_python_object_bound_to_that_name_in_the_callers_frame():
    sys.modules["__main__"].rapi_placeholder = object()
    assert_r_true('placeholder <- py_eval("rapi_placeholder", convert = FALSE); '
                  'd <- dict(placeholder = 5L); '
                  'py_eval("lambda d: list(d) == [rapi_placeholder]")(d)')


def test_dict_key_lookup_reaches_enclosing_frames():
    sys.modules["__main__"].rapi_placeholder2 = object()
    assert_r_true('outer_key <- py_eval("rapi_placeholder2", convert = FALSE); '
                  'f <- function() dict(outer_key = 1L); '
                  'py_eval("lambda d: list(d) == [rapi_placeholder2]")(f())')


def test_dict_key_bound_to_an_r_value_stays_a_string():
    assert_r_true('not_python <- 3; identical(names(dict(not_python = 1)), "not_python")')


def test_dict_all_digit_names_become_int_keys():
    assert_r_true('py_eval("lambda d: list(d) == [1, 20]")(dict(`1` = "a", `20` = "b"))')


def test_dict_of_a_single_list_uses_its_names_without_looking_up_keys():
    sys.modules["__main__"].rapi_placeholder3 = object()
    assert_r_true('shadow <- py_eval("rapi_placeholder3", convert = FALSE); '
                  'identical(names(dict(list(shadow = 1))), "shadow")')


def test_dict_without_arguments_is_empty():
    assert_r_true('length(dict()) == 0L')


def test_dict_needs_names():
    with pytest.raises(pr.RError, match="needs named arguments"):
        pr.r("dict(1, 2)")


def test_py_dict_pairs_keys_and_values():
    assert_r_true('identical(py_to_r(py_dict(c("a", "b"), list(1L, 2L))), list(a = 1L, b = 2L))')


def test_py_dict_keys_may_be_python_objects():
    assert_r_true('k <- py_eval("(1, 2)", convert = FALSE); '
                  'py_eval("lambda d: d[(1, 2)] == \'v\'")(py_dict(list(k), list("v")))')


def test_py_dict_needs_as_many_keys_as_values():
    with pytest.raises(pr.RError, match="as many keys as values"):
        pr.r('py_dict(c("a", "b"), list(1))')


# ---- tuple -------------------------------------------------------------------------------------

def test_tuple_of_values():
    assert_r_true('t <- tuple(1L, "a"); inherits(t, "python.builtin.tuple") && '
                  'identical(py_to_r(t), list(1L, "a"))')


def test_tuple_spreads_a_single_list():
    assert_r_true('identical(py_len(tuple(list(1, 2, 3))), 3L)')


def test_tuple_returns_a_tuple_argument_as_is():
    assert_r_true('t <- tuple(1, 2); py_id(tuple(t)) == py_id(t)')


def test_empty_tuple():
    assert_r_true('py_len(tuple()) == 0L')


# ---- NumPy helpers -------------------------------------------------------------------------------

def test_np_array_casts_to_the_dtype():
    assert_r_true('py_to_r(np_array(1:3, dtype = "float32")$dtype$name) == "float32"')


def test_np_array_is_c_ordered_and_writable():
    assert_r_true('a <- np_array(matrix(1:6, 2)); '
                  'py_to_r(a$flags$c_contiguous) && py_to_r(a$flags$writeable)')


def test_np_array_of_a_vector_is_writable():
    assert_r_true('py_to_r(np_array(c(1, 2))$flags$writeable)')


def test_np_array_keeps_element_positions():
    assert_r_true('identical(py_to_r(np_array(matrix(1:6, 2))), matrix(1:6, 2))')


def test_np_array_of_an_ndarray_casts_it():
    assert_r_true('a <- np_array(1:3); identical(py_to_r(np_array(a, dtype = "float64")), array(c(1, 2, 3)))')


def test_array_reshape_fills_rows_first():
    assert_r_true('identical(array_reshape(1:6, c(2, 3)), matrix(1:6, 2, byrow = TRUE))')


def test_array_reshape_with_fortran_order_fills_columns_first():
    assert_r_true('identical(array_reshape(1:6, c(2, 3), order = "F"), matrix(1:6, 2))')


def test_array_reshape_of_a_proxy_returns_a_proxy():
    assert_r_true('r <- array_reshape(np_array(1:6), c(3L, 2L)); is_py_object(r) && identical(dim(r), c(3L, 2L))')


# ---- r_to_py / py_to_r -----------------------------------------------------------------------------

def test_r_to_py_returns_a_proxy():
    assert_r_true('inherits(r_to_py(c(1, 2)), "python.builtin.list")')


def test_r_to_py_of_a_proxy_is_the_same_object():
    assert_r_true('x <- r_to_py(list(1)); py_id(r_to_py(x)) == py_id(x)')


def test_user_r_to_py_method_takes_precedence():
    assert_r_true('assign("r_to_py.rapi_money", function(x, convert = FALSE) r_to_py(paste0(unclass(x), "$")), '
                  'globalenv()); on.exit(rm("r_to_py.rapi_money", envir = globalenv())); '
                  'py_to_r(r_to_py(structure(5, class = "rapi_money"))) == "5$"')


def test_user_r_to_py_method_applies_inside_containers():
    assert_r_true('assign("r_to_py.rapi_money", function(x, convert = FALSE) r_to_py(paste0(unclass(x), "$")), '
                  'globalenv()); on.exit(rm("r_to_py.rapi_money", envir = globalenv())); '
                  'identical(py_to_r(r_to_py(list(structure(5, class = "rapi_money")))), "5$")')


def test_py_to_r_of_an_r_value_passes_it_through():
    assert_r_true('identical(py_to_r(1:3), 1:3)')


def test_user_py_to_r_method_takes_precedence():
    sys.modules["__main__"].RapiPoint = type("RapiPoint", (), {"x": 3, "__module__": "__main__"})
    assert_r_true('assign("py_to_r.__main__.RapiPoint", function(x) list(x = py_to_r(py_get_attr(x, "x"))), '
                  'globalenv()); on.exit(rm("py_to_r.__main__.RapiPoint", envir = globalenv())); '
                  'identical(py_eval("RapiPoint()"), list(x = 3L))')


def test_ordered_dict_converts_to_a_named_list():
    assert_r_true('identical(py_eval("__import__(\'collections\').OrderedDict([(\'b\', 1), (\'a\', 2)])"), '
                  'list(b = 1L, a = 2L))')


# ---- R functions as Python functions ------------------------------------------------------------

def test_py_func_gives_the_python_function_the_r_signature():
    f = pr.r("py_func(function(a, b = 2) a + b)")
    assert list(inspect.signature(f).parameters) == ["a", "b"]


def test_py_func_lets_r_defaults_apply():
    assert_r_true('f <- py_func(function(a, b = 2) a + b); py$rapi_pf <- f; '
                  'py_eval("rapi_pf(1)") == 3 && py_eval("rapi_pf(1, b=5)") == 6')


def test_py_func_converts_arguments_to_r():
    assert_r_true('f <- py_func(function(x) class(x)); py_eval("lambda f: f([1, 2])")(f) == "integer"')


def test_py_func_needs_a_function():
    with pytest.raises(pr.RError, match="needs an R function"):
        pr.r("py_func(1)")


def test_py_func_rejects_a_formal_that_cannot_be_a_python_parameter():
    with pytest.raises(ValueError, match="`a.b` cannot be a Python parameter"):
        pr.r("py_func(function(a.b) NULL)")


def test_py_func_rejects_a_required_formal_after_one_with_a_default():
    with pytest.raises(ValueError, match="`b` has no default but follows `a`"):
        pr.r("py_func(function(a = 1, b) NULL)")


def test_py_func_takes_required_formals_after_dots():
    assert_r_true('f <- py_func(function(..., b) b); py_eval("lambda f: f(b=3)")(f) == 3')


def test_r_to_py_takes_an_r_function_py_func_rejects():
    assert_r_true('f <- r_to_py(function(a = 1, b) if (missing(b)) "no b" else b, convert = TRUE); '
                  'py_eval("lambda f: f(b=2)")(f) == 2 && py_eval("lambda f: f()")(f) == "no b"')


def test_py_main_thread_func_is_a_converting_python_callable():
    assert_r_true('h <- py_main_thread_func(function(x) class(x)[1]); '
                  'py_eval("lambda f: f([1, 2])")(h) == "integer"')
