"""The toolkit's assertions (pyreticulate.testing): passing cases pass, failures say
what went in, what came back, their types or classes, and the first difference."""
import numpy as np
import pandas as pd
import pytest

import pyreticulate as pr
from pyreticulate.testing import (assert_r_equal, assert_r_identical, assert_r_round_trip,
                                  assert_r_true, assert_round_trip, first_difference)


def test_round_trip_of_an_exact_value_passes_and_returns_it():
    assert assert_round_trip([1, None, 3]) == [1, None, 3]


def test_round_trip_through_r_api_passes():
    assert_round_trip({"a": [1.5, 2.5]}, via="r_api")


def test_failing_round_trip_message_shows_both_values_types_and_difference():
    with pytest.raises(AssertionError) as caught:
        assert_round_trip((1, 2))
    message = str(caught.value)
    assert "(1, 2)" in message and "[1, 2]" in message
    assert "builtins.tuple" in message and "builtins.list" in message
    assert "first difference: value: type tuple became list" in message
    assert "list(1L, 2L)" in message


def test_round_trip_rejects_an_unknown_via():
    with pytest.raises(ValueError, match="via=.*'python'"):
        assert_round_trip(1, via="python")


def test_r_round_trip_passes_for_a_factor():
    assert_r_round_trip("factor(c('b', NA), levels = c('a', 'b', 'c'))")


def test_failing_r_round_trip_message_has_r_classes_and_all_equal_text():
    with pytest.raises(AssertionError) as caught:
        assert_r_round_trip('structure(c(1, 2), foo = "x")')
    message = str(caught.value)
    assert 'structure(c(1, 2), foo = "x")' in message and "back in R: c(1, 2)" in message
    assert "R class numeric" in message and "builtins.list" in message
    assert "names for target but not for current" in message


def test_r_round_trip_accepts_an_r_object():
    assert assert_r_round_trip(pr.r("1:3", convert=False)) == [1, 2, 3]


def test_r_identical_passes_for_identical_values():
    assert_r_identical("c(1L, NA)", "c(1L, NA_integer_)")


def test_r_identical_failure_names_the_types_when_all_equal_sees_none():
    with pytest.raises(AssertionError, match="type integer vs double"):
        assert_r_identical("1L", "1")


def test_r_identical_failure_carries_all_equal_message():
    with pytest.raises(AssertionError, match="Mean relative difference: 1"):
        assert_r_identical("1", "2")


def test_r_equal_uses_the_tolerance():
    assert_r_equal("1", "1.001", tolerance=0.01)
    with pytest.raises(AssertionError, match=r"tolerance 1e-05.*\n(.|\n)*Mean relative difference"):
        assert_r_equal("1", "1.001", tolerance=1e-5)


def test_r_equal_rejects_a_bad_tolerance():
    with pytest.raises(ValueError, match="tolerance must be a non-negative number"):
        assert_r_equal("1", "1", tolerance=-1)


def test_r_comparisons_reject_values_that_are_not_r():
    with pytest.raises(TypeError, match="R source text .* not int"):
        assert_r_identical(1, "1")


def test_first_difference_compares_float_bits():
    na = pr.r("NA_real_")
    assert first_difference(float("nan"), na).startswith("value: nan (bits")


def test_first_difference_points_into_arrays():
    left = np.array([[1.0, 2.0], [3.0, 4.0]])
    right = np.asfortranarray(left.copy())
    assert first_difference(left, right) is None
    right[1, 0] = 5.0
    assert first_difference(left, right) == "value[(1, 0)]: np.float64(3.0) became np.float64(5.0)"


def test_first_difference_of_nested_containers_names_the_path():
    assert first_difference({"a": [1, 2]}, {"a": [1, 3]}) == "value['a'][1]: 2 became 3"


def test_first_difference_of_equal_factors_is_none():
    levels = ["a", "b", "c"]
    assert first_difference(pd.Categorical(["a", "b"], categories=levels),
                            pd.Categorical(["a", "b"], categories=levels)) is None


def test_first_difference_of_factors_names_changed_levels():
    found = first_difference(pd.Categorical(["a", "b"], categories=["a", "b", "c"]),
                             pd.Categorical(["a", "b"], categories=["a", "b"]))
    assert found.startswith("value: Attributes of ExtensionArray are different"), found
    assert "categories=['a', 'b', 'c']" in found and "categories=['a', 'b']" in found, found


def test_first_difference_of_a_factor_inside_a_list_names_its_path():
    levels = ["a", "b"]
    found = first_difference([pd.Categorical(["a", "b"], categories=levels)],
                             [pd.Categorical(["a", "a"], categories=levels)])
    assert found.startswith("value[0]: ExtensionArray are different"), found


def test_round_trip_through_r_api_of_an_empty_list():
    # the value reaches R as a proxy; R's py_to_r() gives list(), which comes back as []
    assert assert_round_trip([], via="r_api") == []


def test_assert_r_true_passes_for_true_in_a_local_frame():
    assert_r_true("pyr_local_only <- 1; identical(pyr_local_only, 1)")
    assert "pyr_local_only" not in pr.globalenv


def test_assert_r_true_runs_on_exit_at_the_end_of_the_code():
    assert_r_true('old <- Sys.getenv("PYR_TRUE"); Sys.setenv(PYR_TRUE = "on"); '
                  'on.exit(Sys.setenv(PYR_TRUE = old)); Sys.getenv("PYR_TRUE") == "on"')


def test_assert_r_true_failure_shows_the_part_of_the_chain_and_its_values():
    with pytest.raises(AssertionError) as caught:
        assert_r_true("x <- c(1, 2); is.numeric(x) && identical(x, c(1, 3))")
    assert str(caught.value).splitlines() == [
        "the R code did not give TRUE",
        "  code: x <- c(1, 2); is.numeric(x) && identical(x, c(1, 3))",
        "  it gave: FALSE",
        "  the part not TRUE: identical(x, c(1, 3))",
        "  left:  c(1, 2)",
        "  right: c(1, 3)",
        "  all.equal(): Mean relative difference: 0.5"]


def test_assert_r_true_shows_a_value_that_is_not_a_single_true():
    with pytest.raises(AssertionError, match=r"it gave: c\(TRUE, FALSE\)"):
        assert_r_true("c(TRUE, FALSE)")


def test_assert_r_true_takes_only_r_source():
    with pytest.raises(TypeError, match="takes R source text, not int"):
        assert_r_true(1)

