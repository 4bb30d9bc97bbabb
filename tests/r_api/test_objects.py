"""The R API on Python objects: attribute and item functions, $ [[ [ and their
replacement forms, printing, length and names, pointers, and the methods for
dicts, exceptions, NumPy, pandas, bytes and str."""
import sys

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true
from pyreticulate.runtime import handles


HELPERS = """
class RapiBox:
    \"\"\"A box with an attribute `x`, items keyed by anything, and a record of keys.\"\"\"
    def __init__(self):
        self.x = 'attribute'
        self.items = {'x': 'item', 'only_item': 'item2'}
        self.keys = []
    def __getitem__(self, key):
        self.keys.append(key)
        if isinstance(key, (str, int)) and key in self.items:
            return self.items[key]
        if isinstance(key, str):
            raise KeyError(key)
        return key
    def __setitem__(self, key, value):
        self.items[key] = value
    def __delitem__(self, key):
        del self.items[key]

class RapiPlain:
    def __init__(self):
        self.x = 1

class RapiBadBool:
    def __bool__(self):
        raise ValueError('no truth')
"""


@pytest.fixture(scope="module", autouse=True)
def python_helpers():
    exec(HELPERS, sys.modules["__main__"].__dict__)


# ---- attributes -------------------------------------------------------------------------------

def test_py_get_attr_returns_an_unconverted_proxy():
    assert_r_true('inherits(py_get_attr(import("math"), "pi"), "python.builtin.float")')


def test_py_get_attr_silent_returns_null_for_a_missing_attribute():
    assert_r_true('is.null(py_get_attr(import("math"), "no_such", silent = TRUE))')


def test_py_get_attr_of_a_missing_attribute_is_an_attribute_error():
    assert_r_true('inherits(tryCatch(py_get_attr(import("math"), "no_such"), error = function(e) e), '
                   '"python.builtin.AttributeError")')


def test_py_set_attr_sets_a_converted_value_and_returns_the_object_invisibly():
    assert_r_true('o <- py_eval("RapiPlain()"); v <- withVisible(py_set_attr(o, "y", c(1L, 2L))); '
                   '!v$visible && identical(o$y, c(1L, 2L))')


def test_py_has_attr():
    assert_r_true('o <- py_eval("RapiPlain()"); py_has_attr(o, "x") && !py_has_attr(o, "nope")')


def test_py_del_attr_removes_the_attribute():
    assert_r_true('o <- py_eval("RapiPlain()"); py_del_attr(o, "x"); !py_has_attr(o, "x")')


def test_py_list_attributes_is_dir():
    assert_r_true('a <- py_list_attributes(py_eval("RapiPlain()")); "x" %in% a && "__init__" %in% a')


def test_py_has_method_is_true_for_a_method_bound_to_the_instance():
    assert_r_true('o <- py_eval("RapiBox()"); py_has_method(o, "__getitem__")')


def test_py_has_method_is_false_for_other_attributes_and_missing_ones():
    assert_r_true('o <- py_eval("RapiBox()"); !py_has_method(o, "x") && !py_has_method(o, "zz")')


def test_py_has_method_is_false_for_a_function_reached_from_the_class():
    assert_r_true('Fraction <- import("fractions")$Fraction; '
                  '!py_has_method(Fraction, "conjugate") && py_has_method(Fraction(1L), "conjugate")')


def test_py_has_method_is_false_for_a_builtin_function():
    assert_r_true('!py_has_method(import("os"), "getcwd")')


# ---- items -------------------------------------------------------------------------------------

def test_py_get_item_returns_an_unconverted_proxy():
    assert_r_true('inherits(py_get_item(py_eval("{\'a\': [1]}", convert = FALSE), "a"), "python.builtin.list")')


def test_py_get_item_silent_returns_null_for_a_missing_key():
    assert_r_true('is.null(py_get_item(py_eval("{}", convert = FALSE), "a", silent = TRUE))')


def test_py_set_item_and_py_del_item():
    assert_r_true('d <- py_eval("{}", convert = FALSE); py_set_item(d, "a", 1L); '
                   'had <- py_len(d) == 1L; py_del_item(d, "a"); had && py_len(d) == 0L')


# ---- calls ---------------------------------------------------------------------------------------

def test_py_call_passes_unnamed_as_positional_and_named_as_keywords():
    assert_r_true('f <- py_eval("lambda *a, **k: (a, k)"); '
                   'r <- py_to_r(py_call(f, 1L, 2L, k = 3L)); '
                   'identical(r, list(list(1L, 2L), list(k = 3L)))')


def test_py_call_does_not_convert_the_result():
    assert_r_true('inherits(py_call(import_builtins()$abs, -2L), "python.builtin.int")')


# ---- py_len ------------------------------------------------------------------------------------------

def test_py_len_is_len():
    assert_r_true('py_len(r_to_py(list(1, 2, 3))) == 3L')


def test_py_len_without_len_is_an_error_unless_a_default_is_given():
    assert_r_true('o <- py_eval("RapiPlain()"); '
                   'failed <- inherits(tryCatch(py_len(o), error = function(e) e), "python.builtin.TypeError"); '
                   'failed && py_len(o, default = 1L) == 1L')


# ---- $ [[ [ ----------------------------------------------------------------------------------------

def test_dollar_reads_an_attribute():
    assert_r_true('py_eval("RapiPlain()")$x == 1L')


def test_dollar_assignment_sets_an_attribute():
    assert_r_true('o <- py_eval("RapiPlain()"); o$x <- "new"; o$x == "new"')


def test_double_bracket_with_a_number_gets_an_integer_item():
    pr.r('rapi_box <- py_eval("RapiBox()"); py$rapi_box <- rapi_box; rapi_box[[3]]; NULL')
    assert pr.r('py_eval("type(rapi_box.keys[-1]).__name__")') == "int"


def test_double_bracket_prefers_the_item_when_the_attribute_exists_too():
    assert_r_true('py_eval("RapiBox()")[["x"]] == "item"')


def test_double_bracket_falls_back_to_the_attribute_when_there_is_no_item():
    assert_r_true('o <- py_eval("RapiBox()"); o$x <- "only attribute"; o$items <- dict(); '
                   'o[["x"]] == "only attribute"')


def test_double_bracket_gets_an_item_when_there_is_no_attribute():
    assert_r_true('py_eval("RapiBox()")[["only_item"]] == "item2"')


def test_double_bracket_on_a_module_imports_a_submodule():
    assert_r_true('inherits(import("xml")[["dom"]], "python.builtin.module")')


def test_double_bracket_assignment_sets_an_item_on_a_mapping():
    assert_r_true('o <- py_eval("RapiBox()"); o[["k"]] <- 5L; py_to_r(o$items)$k == 5L')


def test_double_bracket_assignment_sets_an_attribute_without_setitem():
    assert_r_true('o <- py_eval("RapiPlain()"); o[["x"]] <- 9L; o$x == 9L')


def test_double_bracket_assignment_of_null_deletes_an_item():
    assert_r_true('l <- r_to_py(list(1, 2, 3)); l[[0]] <- NULL; py_len(l) == 2L')


def test_bracket_gets_an_item_converted_per_the_flag():
    assert_r_true('l <- r_to_py(list(10L, 20L), convert = TRUE); identical(l[1], 20L)')


def test_bracket_assignment_sets_an_item():
    assert_r_true('l <- r_to_py(list(1, 2)); l[0] <- 5L; identical(py_to_r(l), list(5L, 2))')


def test_bracket_assignment_of_null_deletes_an_item():
    assert_r_true('l <- r_to_py(list(1, 2)); l[0] <- NULL; identical(py_to_r(l), 2)')


# ---- slices and keys for [ -----------------------------------------------------------------------------

def key_of(index):
    """The Python key that ``box[<index>]`` passes to ``__getitem__``."""
    pr.r(f'rapi_box <- py_eval("RapiBox()"); py$rapi_box <- rapi_box; invisible(rapi_box[{index}]); NULL')
    return pr.r('py_eval("repr(rapi_box.keys[-1])")')


def test_empty_index_is_a_full_slice():
    assert key_of(", 1") == "(slice(None, None, None), 1)"


def test_na_start_is_an_open_slice():
    assert key_of("NA:2") == "slice(None, 2, None)"


def test_backquoted_colon_name_is_a_slice():
    assert key_of("`:2`") == "slice(None, 2, None)"


def test_na_stop_is_an_open_slice():
    assert key_of("2:NA") == "slice(2, None, None)"


def test_backquoted_trailing_colon_is_an_open_slice():
    assert key_of("`2:`") == "slice(2, None, None)"


def test_three_part_colon_is_a_slice_with_step():
    assert key_of("1:3:2") == "slice(1, 3, 2)"


def test_backquoted_step_only_slice():
    assert key_of("`::2`") == "slice(None, None, 2)"


def test_colon_parts_are_evaluated_in_the_caller():
    pr.r("rapi_lo <- 1; rapi_hi <- 4")
    assert key_of("rapi_lo:rapi_hi") == "slice(1, 4, None)"


def test_dots_are_an_ellipsis():
    assert key_of("..,1") == "(Ellipsis, 1)"


def test_several_arguments_make_a_tuple_key():
    assert key_of("0, .., 1") == "(0, Ellipsis, 1)"


def test_integral_doubles_become_ints():
    assert key_of("2") == "2"


def test_negative_indices_pass_through():
    assert key_of("-1") == "-1"


def test_non_integral_doubles_stay_floats():
    assert key_of("1.5") == "1.5"


def test_slicing_a_numpy_array_matches_python():
    assert_r_true('a <- np_array(matrix(1:6, 2)); identical(py_to_r(a[, 1]), array(c(3L, 4L)))')


# ---- printing ---------------------------------------------------------------------------------------------

def printed(code):
    return pr.r(f'paste(capture.output(print({code})), collapse = "\\n")')


def test_print_shows_the_repr():
    assert printed('py_eval("RapiPlain", convert = FALSE)()') .startswith("<__main__.RapiPlain object")


def test_print_of_a_callable_shows_its_signature():
    assert printed('py_eval("lambda a, b=2: None")') == "<function __main__.<lambda>(a, b=2)>"


def test_print_of_a_long_signature_puts_one_parameter_per_line():
    text = printed('py_eval("lambda alpha_parameter, beta_parameter=2, gamma_parameter=3, '
                   'delta_parameter=4: None")')
    assert text.splitlines()[1:3] == ["  alpha_parameter, ", "  beta_parameter=2, "]


def test_print_of_a_long_list_counts_its_items():
    assert printed('py_eval("list(range(20))", convert = FALSE)') == "List (20 items)"


def test_print_of_a_short_list_shows_it():
    assert printed('r_to_py(list(1L, 2L))') == "[1, 2]"


def test_print_of_a_long_dict_counts_its_items():
    assert printed('py_eval("{i: i for i in range(11)}", convert = FALSE)') == "Dict (11 items)"


def test_print_of_a_module_shows_its_name():
    assert printed('import("json")') == "Module(json)"


def test_print_of_a_bytearray_shows_its_size():
    assert printed('py_eval("bytearray(3)", convert = FALSE)') == "python.builtin.bytearray (3 bytes)"


def test_format_drops_the_object_address():
    assert pr.r('format(py_eval("RapiPlain()"))') == "<__main__.RapiPlain>"


def test_as_character_is_str():
    assert pr.r('as.character(py_eval("3.5", convert = FALSE))') == "3.5"


def test_str_prints_py_str():
    assert pr.r('capture.output(str(r_to_py(list(1L))))') == "[1]"


def test_py_str_uses_a_user_s3_method():
    assert_r_true('assign("py_str.__main__.RapiPlain", function(object, ...) "custom", globalenv()); '
                  'on.exit(rm("py_str.__main__.RapiPlain", envir = globalenv())); '
                  'format(py_eval("RapiPlain()")) == "custom"')


def test_py_str_of_an_r_value():
    assert pr.r("py_str(1)") == "<not a python object>"


def test_py_repr_is_repr():
    assert pr.r('py_repr(r_to_py("a"))') == "'a'"


# ---- length and names ------------------------------------------------------------------------------------

def test_length_uses_len():
    assert_r_true('length(r_to_py(list(1, 2, 3))) == 3L')


def test_length_of_none_is_zero():
    assert_r_true('length(py_none()) == 0L')


def test_length_without_len_uses_truth():
    assert_r_true('length(py_eval("RapiPlain()")) == 1L')


def test_length_is_na_when_truth_fails():
    assert_r_true('is.na(length(py_eval("RapiBadBool()")))')


def test_names_are_the_public_dir_entries():
    assert_r_true('n <- names(py_eval("RapiPlain()")); "x" %in% n && !any(startsWith(n, "_"))')


def test_names_of_a_module_include_loaded_submodules():
    pr.r('import("email.mime")')
    assert_r_true('"mime" %in% names(import("email"))')


def test_dollar_names_filter_by_pattern():
    assert_r_true('identical(.DollarNames(py_eval("RapiBox()"), "^ite"), "items")')


def test_as_environment_of_a_callable_is_its_proxy():
    assert_r_true('f <- py_eval("len"); is.environment(as.environment(f)) && '
                   'identical(as.environment(f), attr(f, "py_object"))')


# ---- singletons, truth and identity --------------------------------------------------------------------

def test_py_none_is_none():
    assert_r_true('inherits(py_none(), "python.builtin.NoneType")')


def test_py_ellipsis_is_ellipsis():
    assert_r_true('inherits(py_ellipsis(), "python.builtin.ellipsis")')


def test_py_bool_is_python_truth():
    assert_r_true('!py_bool(r_to_py(list())) && py_bool(r_to_py(list(0)))')


def test_py_id_is_the_same_for_the_same_object():
    assert_r_true('o <- py_eval("RapiPlain()"); p <- py_get_attr(o, "__dict__"); '
                   'py_id(o) == py_id(o) && py_id(o) != py_id(p) && is.character(py_id(o))')


def test_is_py_object():
    assert_r_true('is_py_object(py_none()) && is_py_object(py_eval("len")) && !is_py_object(1)')


def test_py_unicode_is_a_python_str():
    assert_r_true('inherits(py_unicode("a"), "python.builtin.str")')


# ---- dead pointers -----------------------------------------------------------------------------------------

def restored(code):
    return (f'rapi_path <- tempfile(); saveRDS({code}, rapi_path); '
            'rapi_restored <- readRDS(rapi_path); unlink(rapi_path)')


def test_live_proxy_pointer_is_not_null():
    assert_r_true('!py_is_null_xptr(r_to_py(list(1)))')


def test_proxy_restored_by_readrds_has_a_null_pointer():
    pr.r(restored('r_to_py(list(1))'))
    assert_r_true('py_is_null_xptr(rapi_restored)')


def test_callable_restored_by_readrds_has_a_null_pointer():
    pr.r(restored('py_eval("len")'))
    assert_r_true('py_is_null_xptr(rapi_restored)')


def test_using_a_restored_proxy_is_a_clear_error():
    pr.r(restored('py_eval("RapiPlain()")'))
    with pytest.raises(handles.DeadPointerError, match="saveRDS/load"):
        pr.r('rapi_restored$x')


def test_py_validate_xptr_errors_on_a_null_pointer():
    pr.r(restored('r_to_py(list(1))'))
    with pytest.raises(pr.RError, match="no longer available"):
        pr.r('py_validate_xptr(rapi_restored)')


def test_restored_proxy_is_false_empty_and_prints_as_null_pointer():
    pr.r(restored('r_to_py(list(1))'))
    assert_r_true('!py_bool(rapi_restored) && length(rapi_restored) == 0L && '
                   'identical(capture.output(print(rapi_restored)), "<pointer: 0x0>")')


# ---- dict ------------------------------------------------------------------------------------------

def test_dict_dollar_prefers_an_attribute():
    assert_r_true('d <- dict(keys = 1, convert = TRUE); is.function(d$keys)')


def test_dict_dollar_gets_an_item():
    assert_r_true('d <- dict(a = 1L, convert = TRUE); identical(d$a, 1L)')


def test_dict_double_bracket_uses_any_key():
    assert_r_true('d <- py_eval("{1: \'one\'}"); d[[1L]] == "one"')


def test_dict_bracket_gets_an_item():
    assert_r_true('d <- dict(a = 1L, convert = TRUE); identical(d["a"], 1L)')


def test_dict_assignment_forms_set_items():
    assert_r_true('d <- dict(); d$a <- 1L; d[["b"]] <- 2L; d["c"] <- 3L; '
                   'identical(py_to_r(d), list(a = 1L, b = 2L, c = 3L))')


def test_dict_assignment_of_null_deletes_the_item():
    assert_r_true('d <- dict(a = 1, b = 2, c = 3); d$a <- NULL; d[["b"]] <- NULL; d["c"] <- NULL; '
                   'length(d) == 0L')


def test_dict_names_are_its_keys():
    assert_r_true('identical(names(dict(a = 1, b = 2)), c("a", "b"))')


def test_dict_length():
    assert_r_true('length(dict(a = 1, b = 2)) == 2L')


# ---- exceptions ------------------------------------------------------------------------------------------

def test_exception_message_and_call_come_from_the_condition():
    assert_r_true('e <- tryCatch(py_eval("int(\'x\')"), error = function(e) e); '
                   'startsWith(e$message, "ValueError: invalid literal") && is.call(e$call)')


def test_exception_attributes_come_from_python():
    assert_r_true('e <- tryCatch(py_eval("int(\'x\')"), error = function(e) e); '
                   'identical(e$args, list("invalid literal for int() with base 10: \'x\'")) && '
                   'identical(e[["args"]], e$args)')


# ---- NumPy, pandas, scipy ----------------------------------------------------------------------------------

NDARRAY = 'py_eval("__import__(\'numpy\').arange(6).reshape(2, 3)", convert = FALSE)'


def test_ndarray_dim_is_its_shape():
    assert_r_true(f'identical(dim({NDARRAY}), c(2L, 3L))')


def test_ndarray_length_is_its_size():
    assert_r_true(f'length({NDARRAY}) == 6L')


def test_ndarray_t_is_the_transpose_proxy():
    assert_r_true(f'tx <- t({NDARRAY}); is_py_object(tx) && identical(dim(tx), c(3L, 2L))')


def test_ndarray_as_array_and_as_matrix_convert():
    assert_r_true(f'a <- {NDARRAY}; identical(as.array(a), matrix(c(0, 3, 1, 4, 2, 5), 2)) && '
                   'identical(as.matrix(a), as.array(a))')


def test_ndarray_as_vector_and_as_double_flatten_column_major():
    assert_r_true(f'a <- {NDARRAY}; identical(as.vector(a), c(0, 3, 1, 4, 2, 5)) && '
                   'identical(as.double(a), c(0, 3, 1, 4, 2, 5))')


def test_ndarray_str_shows_the_array():
    assert pr.r(f'capture.output(str({NDARRAY}))') == ["[[0 1 2]", " [3 4 5]]"]


def test_ndarray_dim_assignment_is_refused():
    with pytest.raises(pr.RError, match="array_reshape"):
        pr.r(f'a <- {NDARRAY}; dim(a) <- c(3L, 2L)')


DATAFRAME = ('py_eval("__import__(\'pandas\').DataFrame({\'a\': [1.0, 2.0, 3.0], '
             '\'b\': [4.0, 5.0, 6.0]})", convert = FALSE)')


def test_dataframe_dim_and_length():
    assert_r_true(f'df <- {DATAFRAME}; identical(dim(df), c(3L, 2L)) && length(df) == 2L')


def test_dataframe_summary_is_describe():
    assert_r_true(f'd <- summary({DATAFRAME}); is_py_object(d) && identical(dim(d), c(8L, 2L))')


def test_series_has_no_dim_like_an_r_vector():
    assert_r_true('s <- py_eval("__import__(\'pandas\').Series([1, 2, 3])", convert = FALSE); '
                   'is.null(dim(s))')


def test_series_length_is_its_number_of_elements():
    assert_r_true('s <- py_eval("__import__(\'pandas\').Series([1, 2, 3])", convert = FALSE); '
                   'identical(length(s), 3L)')


def test_sparse_matrix_dim_and_length():
    pytest.importorskip("scipy")
    assert_r_true('m <- py_eval("__import__(\'scipy.sparse\').sparse.eye(3, 4, format=\'csr\')", '
                   'convert = FALSE); identical(dim(m), c(3L, 4L)) && length(m) == 12')


# ---- bytes and str --------------------------------------------------------------------------------------

BYTES = 'py_eval("b\'ab\\\\x00c\'", convert = FALSE)'


def test_bytes_as_raw():
    assert_r_true(f'identical(as.raw({BYTES}), as.raw(c(0x61, 0x62, 0, 0x63)))')


def test_bytes_as_character_refuses_an_embedded_nul_by_default():
    with pytest.raises(pr.RError, match="embedded nul"):
        pr.r(f'as.character({BYTES})')


def test_bytes_as_character_replaces_an_embedded_nul():
    assert_r_true(f'as.character({BYTES}, nul = "") == "abc" && '
                   f'as.character({BYTES}, nul = as.raw(32)) == "ab c"')


def test_str_as_character():
    assert_r_true('as.character(py_eval("\'hé\'", convert = FALSE)) == "hé"')


def test_zero_dimensional_ndarray_dim_is_empty():
    assert_r_true('identical(dim(py_eval("__import__(\'numpy\').array(1.5)", convert = FALSE)), integer(0))')


def test_integral_double_vectors_become_int_lists():
    assert key_of("c(0, 2)") == "[0, 2]"


def test_huge_integral_double_becomes_a_python_int():
    assert key_of("2^40") == "1099511627776"


def test_error_in_a_method_reports_the_operator_call():
    assert_r_true('m <- import("math"); e <- tryCatch(m$nope, error = function(e) e); '
                  'identical(conditionCall(e), quote(m$nope))')


def test_r_value_has_no_null_pointer():
    assert_r_true('!py_is_null_xptr(1:3) && py_len(1:3) == 3L')
