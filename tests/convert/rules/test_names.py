"""Names: named lists and named atomic vectors never lose an element
(docs/conversions.md §10, pyreticulate/convert/rules/names.py)."""
import os
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from helpers import r_true
from helpers.rvalues import with_attributes
from pyreticulate.testing.strategies import r_string, r_vector_source, r_vector_values
from pyreticulate import RNamedList
from pyreticulate.convert.rules import optional

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

IRREGULAR_LISTS = [
    "list(a = 1, 2, 3)",
    "list(a = 1L, a = 2L)",
    'setNames(list(1, "x"), c("a", NA))',
    'setNames(list(1, 2), c("", ""))',
    'setNames(list(NULL, list(b = 1, 2)), c(NA, NA))',
]
NAMED_VECTORS = [
    "c(a = 1, 2)", "c(a = 1L, a = NA)", 'setNames(c("x", NA), c(NA, ""))',
    "c(x = TRUE, y = NA)", "c(p = 1i, q = NA)", "setNames(numeric(0), character(0))",
    "c(a = NA, b = NA)", "c(b = 1.5, a = 2.5)",
]


def to_r(name, value):
    pr.globalenv[name] = value


# --- R → Python ---------------------------------------------------------------------------

def test_list_with_an_empty_name_keeps_every_element_in_order():
    value = pr.r("list(a = 1, 2, 3)")
    assert isinstance(value, RNamedList) and value == [1.0, 2.0, 3.0]
    assert value.names == ["a", "", ""] and value.rtype is None


def test_list_with_a_repeated_name_keeps_both():
    value = pr.r("list(a = 1L, a = 2L)")
    assert value == [1, 2] and value.names == ["a", "a"]


def test_na_name_is_none():
    assert pr.r('setNames(list(1, 2), c("a", NA))').names == ["a", None]


def test_list_with_set_unique_names_is_still_a_dict():
    assert pr.r("list(a = 1L, b = 2L)") == {"a": 1, "b": 2}


def test_named_vector_is_an_rnamedlist_of_its_type():
    value = pr.r("c(a = 1L, 2L, a = NA)")
    assert value == [1, 2, None] and value.names == ["a", "", "a"]
    assert value.rtype == "integer"


def test_named_vector_equals_the_plain_list_of_its_values():
    assert pr.r("c(a = 1, b = 2)") == [1.0, 2.0]


def test_named_vector_of_length_one_is_a_scalar():
    assert pr.r("c(a = 2.5)") == 2.5


def test_names_with_undecodable_bytes_follow_the_text_rule():
    value = pr.r('list(a = 1, 2, "caf\\xe9" = 3)')
    assert value.names == ["a", "", "caf\udce9"]


# --- Python → R ---------------------------------------------------------------------------

def test_rnamedlist_becomes_a_list_with_its_names():
    to_r("v", RNamedList([1, "x", None], ["a", "", None]))
    r_true('identical(v, setNames(list(1L, "x", NULL), c("a", "", NA)))')


def test_rnamedlist_of_an_rtype_becomes_that_vector():
    to_r("v", RNamedList([1, None, 3], ["a", "a", None], rtype="double"))
    r_true('identical(v, setNames(c(1, NA, 3), c("a", "a", NA)))')


def test_rnamedlist_whose_names_do_not_match_its_values_is_an_error():
    value = RNamedList([1, 2], ["a", "b"])
    value.append(3)
    with pytest.raises(ValueError, match="3 values needs 3 names, has 2"):
        to_r("v_refused", value)
    assert pr.r("1L") == 1


def test_rnamedlist_value_of_the_wrong_kind_is_an_error_naming_it():
    with pytest.raises(TypeError, match="'x' at index 1"):
        to_r("v_refused", RNamedList([1, "x"], ["a", "b"], rtype="integer"))


def test_rnamedlist_name_that_is_not_a_str_is_an_error():
    with pytest.raises(TypeError, match="name 0 is 1"):
        RNamedList([1], [1])


def test_rnamedlist_unknown_rtype_is_an_error():
    with pytest.raises(ValueError, match="rtype"):
        RNamedList([1], ["a"], rtype="raw")


def test_rnamedlist_name_with_a_lone_surrogate_is_an_error_naming_it():
    with pytest.raises(ValueError, match=r"index 1 .*U\+D800"):
        to_r("v_refused", RNamedList([1, 2], ["a", "\ud800"]))
    assert pr.r("2L") == 2


def test_rnamedlist_pickles_with_its_names():
    value = RNamedList([1.0, 2.0], ["a", None], rtype="double")
    copy = pickle.loads(pickle.dumps(value))
    assert copy == value and copy.names == ["a", None] and copy.rtype == "double"


def test_rnamedlists_with_other_names_differ():
    assert RNamedList([1], ["a"]) != RNamedList([1], ["b"])


def test_dict_with_keys_of_the_same_str_keeps_both_elements():
    to_r("v", {1: "int key", "1": "str key"})
    r_true('identical(v, list("1" = "int key", "1" = "str key"))')
    assert pr.globalenv["v"] == RNamedList(["int key", "str key"], ["1", "1"])


def test_dict_key_from_fsdecode_becomes_the_name_of_its_bytes():
    to_r("v", {os.fsdecode(b"k\xe9"): 1})
    r_true('identical(charToRaw(names(v)), charToRaw("k\\xe9"))')


def test_repeated_keyword_argument_to_a_python_callable_is_an_error():
    r_true('e <- tryCatch(py_call(py_eval("lambda **k: k"), a = 1, a = 2), '
           'error = function(e) conditionMessage(e)); grepl("more than once", e)')


# --- round trips --------------------------------------------------------------------------

@pytest.mark.parametrize("code", IRREGULAR_LISTS + NAMED_VECTORS)
def test_names_round_trip_identical(code):
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")


@pytest.mark.parametrize("code", IRREGULAR_LISTS + NAMED_VECTORS)
def test_names_round_trip_through_python_code(code):
    r_true(f"x <- {code}; py$x <- x; identical(py$x, x)")


@pytest.mark.parametrize("count", [3, 600])
def test_long_names_round_trip_identical(count):
    r_true(f"x <- setNames(as.list(seq_len({count})), rep(c('a', '', NA), length.out = {count})); "
           "identical(py_to_r(r_to_py(x)), x)")


def test_data_frame_column_names_empty_repeated_and_na_round_trip():
    r_true('x <- data.frame(1, 2, 3, 4); names(x) <- c("a", "a", "", NA); '
           'identical(py_to_r(r_to_py(x)), x)')


def test_data_frame_with_repeated_names_without_pandas_keeps_every_column():
    with optional.pretend_missing("pandas"):
        value = pr.r('data.frame(a = 1, a = 2, check.names = FALSE)')
    assert value == RNamedList([1.0, 2.0], ["a", "a"])


_NAMES = st.one_of(st.none(), st.sampled_from(["", "a", "b"]),
                   st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
                           max_size=3))


@PROPERTY
@given(r_vector_values(types=("logical", "integer", "double", "complex", "character")), st.data())
def test_random_named_vectors_round_trip(vector, data):
    rtype, values = vector
    names = data.draw(st.lists(_NAMES, min_size=len(values), max_size=len(values)))
    code = with_attributes(r_vector_source(rtype, values), names=["" if n is None else n for n in names])
    missing = [i + 1 for i, n in enumerate(names) if n is None]
    if missing:
        code = f"local({{ .x <- {code}; names(.x)[c({','.join(map(str, missing))})] <- NA; .x }})"
    expected = "unname(x)" if len(values) == 1 else "x"
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), {expected})")


@PROPERTY
@given(st.lists(st.tuples(_NAMES, st.one_of(st.none(), st.integers(-5, 5), st.text(max_size=2)
                                            .filter(lambda s: "\x00" not in s))),
                max_size=6))
def test_random_named_lists_keep_every_element(pairs):
    names = ", ".join("NA" if n is None else r_string(n) for n, _ in pairs)
    items = ", ".join("NULL" if v is None else f"{v}L" if isinstance(v, int) else r_string(v)
                      for _, v in pairs)
    code = f"setNames(list({items}), c({names}))" if pairs else "setNames(list(), character(0))"
    value = pr.r(code)
    assert len(value) == len(pairs)
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")


def test_rnamedlist_rebuilt_from_values_alone_converts_like_a_plain_list():
    # what generic code (tf.nest, copy-by-type) makes: type(x)(values)
    to_r("v", type(pr.r("c(a = 1, b = 2)"))([2.0, 4.0]))
    r_true("identical(v, c(2, 4))")
