"""The convert flag (docs/conversions.md §7): what $, [[, [, calls and iteration
return for convert = TRUE and FALSE proxies; py_get_attr/py_get_item/py_call
never convert; operators convert unless an operand is a FALSE proxy; the
defaults of r_to_py, dict, py_dict, tuple, import, py_eval and py_run_*."""
from pyreticulate.testing import assert_r_true


def true_list():
    return 'r_to_py(list(10L, 20L, 30L), convert = TRUE)'


def false_list():
    return 'r_to_py(list(10L, 20L, 30L))'


# ---- $ -------------------------------------------------------------------------------------

def test_dollar_on_a_true_proxy_converts():
    assert_r_true('identical(import("math")$pi, pi)')


def test_dollar_on_a_false_proxy_returns_a_false_proxy():
    assert_r_true('v <- import("math", convert = FALSE)$pi; '
                  'inherits(v, "python.builtin.float") && !py_has_convert(v)')


# ---- [[ and [ ---------------------------------------------------------------------------------

def test_double_bracket_on_a_true_proxy_converts():
    assert_r_true(f'identical({true_list()}[[1]], 20L)')


def test_double_bracket_on_a_false_proxy_returns_a_false_proxy():
    assert_r_true(f'v <- {false_list()}[[1]]; inherits(v, "python.builtin.int") && !py_has_convert(v)')


def test_bracket_on_a_true_proxy_converts():
    assert_r_true(f'identical({true_list()}[0], 10L)')


def test_bracket_on_a_false_proxy_returns_a_false_proxy():
    assert_r_true(f'v <- {false_list()}[0]; inherits(v, "python.builtin.int") && !py_has_convert(v)')


# ---- calls --------------------------------------------------------------------------------------

def test_call_through_a_true_proxy_converts_the_result():
    assert_r_true('identical(import_builtins()$abs(-3L), 3L)')


def test_call_through_a_false_proxy_returns_a_false_proxy():
    assert_r_true('v <- import_builtins(convert = FALSE)$abs(-3L); '
                  'inherits(v, "python.builtin.int") && !py_has_convert(v)')


def test_method_of_a_false_proxy_returns_false_proxies():
    assert_r_true(f'v <- {false_list()}$copy(); inherits(v, "python.builtin.list") && !py_has_convert(v)')


# ---- iteration ------------------------------------------------------------------------------------

def test_iterating_a_true_proxy_converts_each_item():
    assert_r_true(f'identical(iterate({true_list()}), c(10L, 20L, 30L))')


def test_iterating_a_false_proxy_yields_false_proxies():
    assert_r_true(f'items <- iterate({false_list()}); '
                  'all(vapply(items, function(i) is_py_object(i) && !py_has_convert(i), TRUE))')


def test_iter_next_follows_the_flag_of_the_iterator():
    assert_r_true(f'it <- as_iterator({false_list()}); is_py_object(iter_next(it)) && '
                  f'identical(iter_next(as_iterator({true_list()})), 10L)')


# ---- functions that never convert ------------------------------------------------------------------

def test_py_get_attr_never_converts():
    assert_r_true('is_py_object(py_get_attr(import("math"), "pi"))')


def test_py_get_attr_keeps_the_flag_of_its_object():
    assert_r_true('py_has_convert(py_get_attr(import("math"), "pi")) && '
                  '!py_has_convert(py_get_attr(import("math", convert = FALSE), "pi"))')


def test_py_get_item_never_converts():
    assert_r_true(f'is_py_object(py_get_item({true_list()}, 0L))')


def test_py_call_never_converts():
    assert_r_true('is_py_object(py_call(import_builtins()$abs, -1L))')


# ---- operators ------------------------------------------------------------------------------------------

def test_operator_on_true_proxies_converts():
    assert_r_true(f'identical({true_list()} == {true_list()}, TRUE)')


def test_operator_with_a_false_proxy_on_the_left_returns_a_false_proxy():
    assert_r_true('v <- r_to_py(2L) + 3L; inherits(v, "python.builtin.int") && !py_has_convert(v)')


def test_operator_with_a_false_proxy_on_the_right_returns_a_false_proxy():
    assert_r_true('v <- r_to_py(2L, convert = TRUE) * r_to_py(3L); is_py_object(v) && !py_has_convert(v)')


def test_operator_with_an_r_operand_and_a_true_proxy_converts():
    assert_r_true('identical(3L - r_to_py(2L, convert = TRUE), 1L)')


def test_unary_operator_follows_the_flag():
    assert_r_true('identical(-r_to_py(2L, convert = TRUE), -2L) && is_py_object(-r_to_py(2L))')


# ---- defaults ----------------------------------------------------------------------------------------------

def test_r_to_py_defaults_to_false():
    assert_r_true('!py_has_convert(r_to_py(1)) && py_has_convert(r_to_py(1, convert = TRUE))')


def test_dict_defaults_to_false():
    assert_r_true('!py_has_convert(dict(k1 = 1)) && py_has_convert(dict(k1 = 1, convert = TRUE))')


def test_py_dict_defaults_to_false():
    assert_r_true('!py_has_convert(py_dict("k", 1)) && py_has_convert(py_dict("k", 1, convert = TRUE))')


def test_tuple_defaults_to_false():
    assert_r_true('!py_has_convert(tuple(1)) && py_has_convert(tuple(1, convert = TRUE))')


def test_import_defaults_to_true():
    assert_r_true('py_has_convert(import("json")) && !py_has_convert(import("json", convert = FALSE))')


def test_py_eval_defaults_to_true():
    assert_r_true('identical(py_eval("1 + 1"), 2L) && is_py_object(py_eval("1 + 1", convert = FALSE))')


def test_py_run_string_result_carries_its_flag():
    assert_r_true('py_has_convert(py_run_string("q = 1", local = TRUE)) && '
                  '!py_has_convert(py_run_string("q = 1", local = TRUE, convert = FALSE))')


def test_import_main_and_builtins_take_the_flag():
    assert_r_true('!py_has_convert(import_main(convert = FALSE)) && '
                  '!py_has_convert(import_builtins(convert = FALSE))')


# ---- R functions called by Python -------------------------------------------------------------------------

def test_r_function_passed_to_a_true_callable_gets_r_values():
    assert_r_true('py_eval("lambda f: f([1, 2])")(function(x) class(x)) == "integer"')


def test_r_function_passed_to_a_false_callable_gets_proxies():
    assert_r_true('r <- py_eval("lambda f: f([1, 2])", convert = FALSE)(function(x) class(x)[1]); '
                  'py_to_r(r) == "python.builtin.list"')


def test_r_to_py_of_a_function_defaults_to_proxy_arguments():
    assert_r_true('h <- r_to_py(function(x) class(x)[1]); '
                  'py_eval("lambda f: f([1, 2])")(h) == "python.builtin.list"')


def test_r_to_py_of_a_function_with_convert_true_gets_r_values():
    assert_r_true('h <- r_to_py(function(x) class(x)[1], convert = TRUE); '
                  'py_eval("lambda f: f([1, 2])")(h) == "integer"')


def test_context_value_follows_the_flag_of_the_manager():
    assert_r_true('cm <- py_eval("__import__(\'contextlib\').nullcontext([1, 2])", convert = FALSE); '
                  'with(cm %as% v, is_py_object(v))')


# ---- values no rule converts ------------------------------------------------------------------

def test_py_to_r_of_an_unconvertible_proxy_returns_it_as_is():
    assert_r_true('o <- py_eval("object()", convert = FALSE); identical(py_to_r(o), o)')


def test_unconvertible_result_is_marked_so_conversion_is_not_retried():
    assert_r_true('o <- py_eval("object()"); '
                  'isTRUE(attr(get("pyobj", envir = o), "not_convertible")) && '
                  'identical(py_to_r(o), o)')


def test_proxies_hold_only_their_pointer_so_all_equal_compares_them_as_reticulate():
    assert_r_true('a <- py_eval("object()"); b <- py_eval("object()", convert = FALSE); '
                  'identical(ls(a, all.names = TRUE), "pyobj") && isTRUE(all.equal(a, b))')


def test_convertible_proxy_is_converted_by_py_to_r():
    assert_r_true('identical(py_to_r(r_to_py(list(1L, 2L))), 1:2)')
