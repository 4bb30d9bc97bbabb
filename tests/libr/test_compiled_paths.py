"""The compiled loops (``_fast.c``) give exactly what the Python code gives: the same
values R → Python for the toolkit's R values, identical R values Python → R for its
Python values, and the Python code's result (or error) for what the loops leave to it.
Each value is converted twice in one session, with ``capi.fast`` and without it."""
import datetime
import os

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from pyreticulate.convert.registry import REGISTRY
from pyreticulate.libr import capi
from pyreticulate.libr.protect import protected
from pyreticulate.runtime import threads
from pyreticulate.testing import first_difference
from pyreticulate.testing import strategies as rs

pytestmark = pytest.mark.skipif(capi.PURE_PYTHON_REASON is not None,
                                reason="the compiled module is not in use")

PROFILE = settings(max_examples=int(os.environ.get("COMPILED_EXAMPLES", "60")), deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])
IDENTICAL_BITWISE = 1 | 2   # identical(num.eq = FALSE, single.NA = FALSE)


def python_path(monkeypatch):
    """Run the Python code where the compiled loops would (until ``monkeypatch.undo``)."""
    monkeypatch.setattr(capi, "fast", None)
    monkeypatch.setattr(capi, "plain_kind", capi.plain_kind_python)


def both_to_python(monkeypatch, robj):
    compiled = threads.run_in_r(REGISTRY.to_python, (robj.sexp,), "converting")
    python_path(monkeypatch)
    python = threads.run_in_r(REGISTRY.to_python, (robj.sexp,), "converting")
    monkeypatch.undo()
    return compiled, python


def _to_r_pair(value, python_first):
    lib = capi.lib
    with protected() as keep:
        first = keep(REGISTRY.to_r(value))
        python_first()
        second = keep(REGISTRY.to_r(value))
        same = bool(lib.R_compute_identical(first, second, IDENTICAL_BITWISE))
        encodings = [pr.r("function(x) if (is.character(x)) Encoding(x) else NULL")(
            pr.RObject(s)) for s in (first, second)]
        return same, encodings


def assert_same_r(monkeypatch, value):
    same, (compiled, python) = threads.run_in_r(
        _to_r_pair, (value, lambda: python_path(monkeypatch)), "converting")
    monkeypatch.undo()
    assert same, value
    assert compiled == python


@PROFILE
@given(rs.built(st.one_of(rs.r_vectors(), rs.r_lists(), rs.r_data_frames())))
def test_r_values_to_python_match_the_python_path(robj):
    with pytest.MonkeyPatch.context() as monkeypatch:
        compiled, python = both_to_python(monkeypatch, robj)
    assert first_difference(python, compiled) is None


@PROFILE
@given(rs.python_values())
def test_python_values_to_r_match_the_python_path(value):
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert_same_r(monkeypatch, value)


@PROFILE
@given(st.lists(st.one_of(st.none(), st.text(max_size=5)), min_size=2, max_size=8))
def test_lists_of_any_text_to_r_match_the_python_path(values):
    """Surrogates, NUL and escapes included: what the loop leaves to the text rule."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        try:
            assert_same_r(monkeypatch, values)
        except ValueError as compiled_error:
            python_path(monkeypatch)
            with pytest.raises(ValueError) as python_error:
                pr.py_to_r(values)
            assert str(python_error.value) == str(compiled_error)


def test_strings_marked_latin1_and_bytes_match_the_python_path(monkeypatch):
    robj = pr.r('x <- c("caf\\xe9", "\\xff\\xfe", "plain", NA); '
                'Encoding(x) <- c("latin1", "bytes", "unknown", "unknown"); x', convert=False)
    compiled, python = both_to_python(monkeypatch, robj)
    assert compiled == python == ["café", "\udcff\udcfe", "plain", None]


def test_object_column_of_strings_to_r_matches_the_python_path(monkeypatch):
    frame = pd.DataFrame({"s": np.array(["a", None, "é", float("nan")], dtype=object)})
    assert_same_r(monkeypatch, frame)


def test_wide_ints_and_mixed_lists_to_r_match_the_python_path(monkeypatch):
    for value in ([1, 2**31], [1, 2.5], [True, 1], [1.5, None, np.float64(2)], [None, None]):
        assert_same_r(monkeypatch, value)


def test_lists_whose_later_elements_differ_from_the_first_match_the_python_path(monkeypatch):
    for value in ([None, 1.5, "a"], [None, None, 2**40], [2, 3, 2**31], ["a", None, b"x"],
                  [None, True, False, None], [1.5, 2.5, None, 3], [False, 0]):
        assert_same_r(monkeypatch, value)


def test_object_column_of_strs_and_none_to_r_matches_the_python_path(monkeypatch):
    frame = pd.DataFrame({"s": np.array([None, "a", None, "é"], dtype=object)})
    assert_same_r(monkeypatch, frame)


def test_object_column_starting_with_a_str_then_a_date_matches_the_python_path(monkeypatch):
    frame = pd.DataFrame({"s": np.array(["a", datetime.date(2020, 1, 2)], dtype=object)})
    assert_same_r(monkeypatch, frame)


@pytest.fixture
def no_user_rules():
    """No global user rule (rules other tests left registered close the fast paths)."""
    saved = REGISTRY.snapshot()
    REGISTRY.restore({"r_class": {}, "r_type": {}, "py": {}})
    yield
    REGISTRY.restore(saved)


def test_r_function_called_with_scalars_skips_the_python_evaluation(monkeypatch, no_user_rules):
    from pyreticulate.runtime import evaluation
    f = pr.r("function(x) x + 1L")
    evaluated = []
    original = evaluation.evaluate
    monkeypatch.setattr(evaluation, "evaluate", lambda *a: evaluated.append(a) or original(*a))
    assert (f(1), evaluated) == (2, [])


def test_unconverted_result_of_a_call_is_made_without_the_python_proxy_code(
        monkeypatch, no_user_rules):
    from pyreticulate.convert import proxies
    pr.r('py_run_string("class Made:\\n    pass")')
    pr.r('new_made <- py_eval("Made", convert = FALSE); warm <- new_made()')
    made = []
    original = proxies.shared_environment_proxy
    monkeypatch.setattr(proxies, "shared_environment_proxy",
                        lambda *a: made.append(a) or original(*a))
    assert (pr.r("class(new_made())")[0], made) == ("__main__.Made", [])
    pr.r("rm(warm, new_made)")


def test_r_to_py_of_a_double_matrix_is_made_without_the_python_proxy_code(
        monkeypatch, no_user_rules):
    from pyreticulate.convert import proxies
    pr.r("plain_matrix <- matrix(runif(6), 2); warm <- r_to_py(plain_matrix)")
    made = []
    original = proxies.environment_proxy
    monkeypatch.setattr(proxies, "environment_proxy", lambda *a: made.append(a) or original(*a))
    assert (pr.r("py_to_r(r_to_py(plain_matrix)$shape)"), made) == ([2, 3], [])
    pr.r("rm(warm, plain_matrix)")
