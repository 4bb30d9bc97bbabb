"""Multiple assignment with keras3's %<-% (r/keras3/R/destructure.R), as zeallot's."""
import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true


def test_assigns_list_elements_to_names():
    assert_r_true("c(a, b) %<-% list(1, 'x'); identical(a, 1) && identical(b, 'x')")


def test_assigns_vector_elements():
    assert_r_true("c(a, b, d) %<-% 1:3; identical(c(a, b, d), 1:3)")


def test_nested_patterns():
    assert_r_true("c(a, c(b, d)) %<-% list(1, list(2, 3)); identical(c(a, b, d), c(1, 2, 3))")


def test_dot_skips_a_value():
    assert_r_true("c(., b) %<-% list(1, 2); identical(b, 2) && !exists('.', inherits = FALSE)")


def test_rest_collects_the_remaining_values():
    assert_r_true("c(a, ...rest) %<-% list(1, 2, 3); identical(rest, list(2, 3))")


def test_default_fills_a_missing_value():
    assert_r_true("c(x, y = NULL, w = 5) %<-% list(1); identical(x, 1) && is.null(y) && w == 5")


def test_unpacks_a_python_tuple():
    assert_r_true("c(a, b) %<-% tuple(1L, 'two'); identical(a, 1L) && identical(b, 'two')")


def test_returns_the_value_invisibly():
    assert_r_true("v <- withVisible(c(a, b) %<-% list(1, 2)); !v$visible && identical(v$value, list(1, 2))")


def test_wrong_number_of_values_is_an_error():
    with pytest.raises(pr.RError, match="3 values to assign to c\\(a, b\\)"):
        pr.r("local(c(a, b) %<-% list(1, 2, 3))")


def test_left_side_must_be_names():
    with pytest.raises(pr.RError, match="the left side must be a name or c"):
        pr.r("local(list(a, b) %<-% list(1, 2))")
