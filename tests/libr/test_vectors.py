"""Long character vectors cross in pieces (pyreticulate/libr/vectors.py): any split into
pieces gives the same strings as element by element (docs/conversions.md §9)."""
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from helpers import r_true
from pyreticulate.testing.strategies import r_marked_strings_source
from pyreticulate.libr import capi, vectors
from pyreticulate.libr.protect import protected

MIXED = ["short", "", None, "\u00e9t\u00e9", os.fsdecode(b"caf\xe9"), "x" * 45,
         "caf\udcc3\udca9", "\U0001f600" * 12]


@pytest.fixture
def small_pieces(monkeypatch):
    """Pieces of a few dozen bytes, and any element of 30 characters or more alone."""
    monkeypatch.setattr(vectors, "JOINED_CHARS", 64)
    monkeypatch.setattr(vectors, "JOINED_BYTES", 64)
    monkeypatch.setattr(vectors, "WHOLE_FROM", 30)


def test_python_strings_in_many_pieces_reach_r_as_one_by_one(small_pieces):
    values = MIXED * 80
    pr.globalenv["pieces_v"] = values
    pr.globalenv["one_v"] = MIXED
    r_true("length(pieces_v) == 640 && identical(pieces_v, rep(one_v, 80))")


def test_r_strings_in_many_pieces_reach_python_as_one_by_one(small_pieces):
    items = [(b"short", "unknown"), (b"", "unknown"), (None, "unknown"),
             (b"caf\xe9", "latin1"), (b"caf\xe9", "bytes"), (b"y" * 45, "unknown"),
             ("\u00e9".encode() * 20, "UTF-8"), (b"\xff", "unknown")]
    expected = pr.r(r_marked_strings_source(items))
    assert pr.r(f"rep({r_marked_strings_source(items)}, 80)") == expected * 80


def test_stretches_cover_every_element_once_with_long_ones_alone(small_pieces):
    texts = ["a" * n for n in (1, 40, 2, 3, 29, 30, 0, 64, 5)] * 3
    stretches = vectors._stretches(texts)
    assert [i for start, stop in stretches for i in range(start, stop)] == list(range(27))
    for start, stop in stretches:
        part = texts[start:stop]
        assert len(part) == 1 or (sum(map(len, part)) + len(part) <= 64
                                  and max(map(len, part)) < 30)


_TEXT = st.one_of(st.none(), st.text(st.sampled_from(
    ["a", "\u00e9", "\U0001f600", "\udce9", "\udcc3", "\udca9", "\ud800", "\x1f"]), max_size=5))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_TEXT, min_size=1, max_size=10).filter(lambda v: any(v)))
def test_joined_and_element_wise_paths_make_the_same_strings(values):
    values = values * (vectors.JOINED_FROM // len(values) + 1)
    try:
        pr.globalenv["joined_v"] = values
    except ValueError as exc:
        joined_error = str(exc)
    else:
        joined_error = None
    saved = vectors.JOINED_FROM
    vectors.JOINED_FROM = 10**9
    try:
        pr.globalenv["single_v"] = values
    except ValueError as exc:
        assert joined_error == str(exc)
        return
    finally:
        vectors.JOINED_FROM = saved
    assert joined_error is None
    r_true("identical(joined_v, single_v) && identical(Encoding(joined_v), Encoding(single_v)) "
           "&& identical(lapply(joined_v, charToRaw), lapply(single_v, charToRaw))")


def test_a_large_vector_is_allocated_with_its_length_and_type():
    with protected() as keep:
        vector = keep(vectors.allocate(capi.REALSXP, 10**7))
        assert (capi.lib.TYPEOF(vector), capi.lib.XLENGTH(vector)) == (capi.REALSXP, 10**7)


def test_a_vector_r_cannot_allocate_is_rs_error_and_r_stays_usable():
    with pytest.raises(pr.RError, match="cannot allocate vector of size"):
        vectors.allocate(capi.REALSXP, 2**52)
    assert pr.r("1L + 1L") == 2


@pytest.mark.parametrize("marks", [("unknown",), ("unknown", "bytes", "latin1")])
def test_strings_into_stores_every_string_of_a_repetitive_vector_na_as_none(marks):
    """The compiled fill decodes each distinct CHARSXP once; strings it leaves to the
    text rule ("bytes", "latin1") make the Python path fill the whole array."""
    items = [("alpha".encode(), marks[0]), None, ("b\u00e9ta".encode(), "UTF-8")] + [
        (b"caf\xe9", mark) for mark in marks[1:]]
    code = f"rep({r_marked_strings_source(items)}, 2000)"
    expected = pr.r(f"as.list({code})")
    with protected() as keep:
        sexp = keep(pr.r(code, convert=False).sexp)
        out = vectors.strings_into(sexp, len(expected), np.empty(len(expected), dtype=object))
    assert out.tolist() == expected
