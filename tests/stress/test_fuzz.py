"""fuzz: hypothesis-generated values converted both ways. R → Python → R must give
an ``identical()`` value, the documented result (docs/conversions.md: names and
other attributes of atomic vectors are dropped), or an R error that names the
problem; Python → R → Python must give an equal value of the documented dtype or
a clear exception. Never a silently changed value.

The R values are built in R from the generated data (helpers/rvalues.py), so a
conversion cannot pass by converting its own input."""
import math
import re
import struct

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyreticulate as pr
from helpers.rvalues import (ATOMIC_TYPES, decoded, elements, r_awkward_names, r_byte_strings,
                             r_data_frames, r_dates, r_factors, r_list, r_nested_lists, r_times,
                             r_vector, r_vectors, valid_text, with_attributes)

FUZZ = settings(max_examples=300, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.data_too_large])

@pytest.fixture(scope="module", autouse=True)
def round_trip_in_r():
    # TRUE when the round trip is identical to one of the expected values, else FALSE
    # or the R error's message
    pr.r("""stress_round_trip <- function(x, expected = list(x))
      tryCatch({ y <- py_to_r(r_to_py(x)); any(vapply(expected, identical, TRUE, y)) },
               error = function(e) conditionMessage(e))""")


def round_trip(code, expected="list(x)"):
    return pr.r(f"x <- {code}; stress_round_trip(x, {expected})")


def assert_identical(code, expected="list(x)"):
    outcome = round_trip(code, expected)
    assert outcome is True, f"{outcome!r} for x <- {code}"


# --- R → Python → R --------------------------------------------------------------------------

@FUZZ
@given(r_vectors(max_size=20))
def test_atomic_vectors_with_na(vector):
    assert_identical(r_vector(*vector))


@FUZZ
@given(r_vectors(min_size=1, max_size=8), st.data())
def test_atomic_vectors_with_names_and_attributes_drop_them(vector, data):
    rtype, values = vector
    names = data.draw(st.lists(st.one_of(st.none(), st.text(max_size=3).filter(lambda s: "\x00" not in s)),
                               min_size=len(values), max_size=len(values)))
    code = with_attributes(r_vector(rtype, values), names=[n or "" for n in names])
    if data.draw(st.booleans()):
        code = f'structure({code}, stress_note = "kept in R only", units = 3L)'
    # names and other attributes are not kept (docs/conversions.md §8), never the values
    assert_identical(code, "list(x, as.vector(x), unname(x))")


@FUZZ
@given(st.sampled_from(ATOMIC_TYPES), st.lists(st.integers(0, 3), min_size=1, max_size=3), st.data())
def test_arrays_with_na(rtype, dim, data):
    size = int(np.prod(dim))
    values = data.draw(st.lists(elements(rtype), min_size=size, max_size=size))
    assert_identical(with_attributes(r_vector(rtype, values), dim=dim))


@FUZZ
@given(r_factors())
def test_factors(code):
    assert_identical(code)


@FUZZ
@given(st.one_of(r_dates(), r_times()))
def test_dates_and_times(code):
    assert_identical(code)


@FUZZ
@given(r_nested_lists())
def test_nested_lists(code):
    assert_identical(code)


@FUZZ
@given(r_data_frames())
def test_data_frames(code):
    assert_identical(code)


@FUZZ
@given(r_awkward_names(), st.data())
def test_lists_with_empty_duplicate_or_na_names_keep_every_element(names, data):
    values = data.draw(st.lists(st.one_of(st.integers(-5, 5).map(lambda i: f"{i}L"),
                                          st.sampled_from(['"s"', "c(1.5, 2)", "list(1L, 'x')", "TRUE"])),
                                min_size=len(names), max_size=len(names)))
    assert_identical(r_list(values, names))


def _names_the_element(message, position):
    """The message holds the element's position (1-based, or 0-based)."""
    text = message.replace("UTF-8", "")
    return any(re.search(rf"(?<![\w.]){p}(?![\w.])", text) for p in (position, position - 1))


@FUZZ
@given(r_byte_strings())
def test_strings_of_arbitrary_bytes_and_encodings(generated):
    """Exact round trip, or an error naming the element; valid text reaches Python as text."""
    code, items = generated
    outcome = round_trip(code)
    if outcome is not True:
        assert isinstance(outcome, str), f"{outcome!r} for x <- {code}"
        bad = [i + 1 for i, item in enumerate(items) if item is not None and not valid_text(item)]
        assert bad, f"valid strings gave {outcome!r} for x <- {code}"
        assert _names_the_element(outcome, bad[0]), f"{outcome!r} does not name element {bad[0]}"
        return
    if all(item is None or decoded(item) is not None for item in items):
        value = pr.r(code)
        texts = [None if item is None else decoded(item) for item in items]
        assert value == (texts[0] if len(texts) == 1 else texts), code


# --- Python → R → Python ---------------------------------------------------------------------

def same_bits(a, b):
    """Arrays equal element for element, floats and complexes by their bits."""
    if a.dtype.kind in "fc":
        return a.shape == b.shape and np.array_equal(np.ascontiguousarray(a).view(np.uint8),
                                                     np.ascontiguousarray(b).view(np.uint8))
    return a.shape == b.shape and np.array_equal(a, b)


# dtype → the dtype it comes back as (docs/conversions.md §4 dtypes; §3 R → numpy)
BACK = {"bool": "bool", "int8": "int32", "int16": "int32", "int32": "int32", "uint8": "int32",
        "uint16": "int32", "int64": "float64", "uint32": "float64", "uint64": "float64",
        "float16": "float64", "float32": "float64", "float64": "float64",
        "complex64": "complex128", "complex128": "complex128"}


@FUZZ
@given(st.sampled_from(sorted(BACK)).flatmap(
    lambda dtype: hnp.arrays(dtype, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4))))
def test_numpy_arrays_of_many_dtypes(array):
    back = pr.r_to_py(pr.py_to_r(array))
    expected = BACK[array.dtype.name]
    if array.dtype == np.int32 and (array == -(2**31)).any():
        expected = "float64"   # −2³¹ is R's NA_integer_
    assert isinstance(back, np.ndarray) and back.dtype == np.dtype(expected), (array, back)
    assert same_bits(array.astype(expected), np.asarray(back)), (array, back)


@FUZZ
@given(hnp.arrays(st.sampled_from(["int32", "bool"]), hnp.array_shapes(min_dims=1, max_dims=2)),
       st.data())
def test_masked_arrays(array, data):
    mask = data.draw(hnp.arrays(bool, array.shape))
    masked = np.ma.masked_array(array, mask=mask)
    if array.dtype == np.int32 and (array[~mask] == -(2**31)).any():
        return
    back = pr.r_to_py(pr.py_to_r(masked))
    assert back.dtype == array.dtype and back.shape == array.shape
    assert np.array_equal(np.ma.getmaskarray(back), mask)
    assert np.array_equal(np.ma.getdata(back)[~mask], array[~mask])


_code_points = st.one_of(st.characters(), st.integers(0xD800, 0xDFFF).map(chr), st.just("\x00"))
_texts = st.text(_code_points, max_size=8)


def _check_text_outcome(convert, texts):
    has_nul = any(t is not None and "\x00" in t for t in texts)
    has_surrogate = any(t is not None and any(0xD800 <= ord(c) <= 0xDFFF for c in t) for t in texts)
    try:
        back = convert()
    except Exception as exc:  # a clear error: what was wrong, never the bridge's own failure
        message = str(exc)
        assert has_nul or has_surrogate, f"{type(exc).__name__}: {message} for {texts!r}"
        assert "internal error" not in message, message
        assert ("NUL" in message) if has_nul else any(
            w in message.lower() for w in ("surrogate", "utf-8", "encod")), message
        return None
    assert not has_nul, f"a string with NUL crossed: {texts!r} → {back!r}"
    return back


@FUZZ
@given(st.lists(st.one_of(st.none(), _texts), min_size=1, max_size=6))
def test_python_strings_with_any_code_point(texts):
    if len(texts) == 1 and texts[0] is None:
        return
    back = _check_text_outcome(lambda: pr.r_to_py(pr.py_to_r(texts)), texts)
    if back is not None:
        assert back == (texts[0] if len(texts) == 1 else texts)


_clean = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=8)


# a string with a lone surrogate or a NUL, between ordinary text
_odd = st.tuples(_clean, st.one_of(st.integers(0xD800, 0xDFFF).map(chr), st.just("\x00")),
                 _clean).map("".join)


@settings(FUZZ, max_examples=40)
@given(st.lists(_clean, min_size=1, max_size=12), st.integers(600, 700), st.data())
def test_long_python_string_lists_with_any_code_point(base, size, data):
    """Long lists cross in one piece; one odd string among them."""
    texts = (base * (size // len(base) + 1))[:size]
    if data.draw(st.booleans()):
        texts[data.draw(st.integers(0, size - 1))] = data.draw(_odd)
    back = _check_text_outcome(lambda: pr.r_to_py(pr.py_to_r(texts)), texts)
    if back is not None and back != texts:   # a short message: these lists are long
        wrong = next((i for i, (a, b) in enumerate(zip(back, texts)) if a != b), None)
        raise AssertionError(f"{len(texts)} strings came back as {len(back)}; first changed "
                             f"at {wrong}: {texts[wrong] if wrong is not None else ''!r} → "
                             f"{back[wrong] if wrong is not None else ''!r}")


@FUZZ
@given(st.dictionaries(_texts, st.integers(-3, 3), min_size=1, max_size=5))
def test_dicts_with_any_keys(mapping):
    back = _check_text_outcome(lambda: pr.r_to_py(pr.py_to_r(mapping)), list(mapping))
    if back is not None:
        assert back == mapping


def _is_na_double(value):
    return isinstance(value, float) and math.isnan(value) and \
        struct.unpack("<Q", struct.pack("<d", value))[0] & 0xFFFFFFFF == 1954


_scalars = {"bool": st.booleans(), "int": st.integers(-(2**31) + 1, 2**31 - 1),
            "float": st.floats(allow_nan=False), "str": st.text(st.characters(
                exclude_categories=("Cs",), exclude_characters="\x00"), max_size=4)}


@FUZZ
@given(st.sampled_from(sorted(_scalars)).flatmap(
    lambda kind: st.tuples(st.just(kind), st.lists(st.one_of(st.none(), _scalars[kind]),
                                                    min_size=2, max_size=8))))
def test_python_lists_of_one_scalar_kind_with_none(generated):
    kind, values = generated
    back = pr.r_to_py(pr.py_to_r(values))
    if all(v is None for v in values):
        assert back == values
        return
    assert isinstance(back, list) and len(back) == len(values)
    for was, now in zip(values, back):
        if was is None:   # NA: None, or a double carrying R's NA
            assert now is None or (kind == "float" and _is_na_double(now)), (values, back)
        elif kind == "float":
            assert type(now) is float and struct.pack("<d", now) == struct.pack("<d", was), (values, back)
        else:
            assert type(now) is type(was) and now == was, (values, back)


_text = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=4)
_seconds = st.integers(-(2**32), 2**32)

# kind → (values of n rows, Series of them); datetimes in whole seconds, which a double holds
_frame_columns = {
    "bool": (lambda n: st.lists(st.booleans(), min_size=n, max_size=n),
             lambda v, i: pd.Series(v, dtype=bool, index=i)),
    "int32": (lambda n: st.lists(st.integers(-(2**31) + 1, 2**31 - 1), min_size=n, max_size=n),
              lambda v, i: pd.Series(v, dtype=np.int32, index=i)),
    "Int32": (lambda n: st.lists(st.one_of(st.none(), st.integers(-1000, 1000)), min_size=n, max_size=n),
              lambda v, i: pd.Series(v, dtype="Int32", index=i)),
    "boolean": (lambda n: st.lists(st.one_of(st.none(), st.booleans()), min_size=n, max_size=n),
                lambda v, i: pd.Series(v, dtype="boolean", index=i)),
    "float64": (lambda n: st.lists(st.floats(), min_size=n, max_size=n),
                lambda v, i: pd.Series(v, dtype=np.float64, index=i)),
    "object": (lambda n: st.lists(st.one_of(st.none(), _text), min_size=n, max_size=n),
               lambda v, i: pd.Series(v, dtype=object, index=i)),
    "category": (lambda n: st.lists(st.one_of(st.none(), st.sampled_from(["u", "v", "w"])),
                                    min_size=n, max_size=n),
                 lambda v, i: pd.Series(pd.Categorical(v, categories=["u", "v", "w"]), index=i)),
    "datetime": (lambda n: st.lists(st.one_of(st.none(), _seconds), min_size=n, max_size=n),
                 lambda v, i: pd.Series(pd.to_datetime([None if s is None else s * 10**9 for s in v])
                                        .as_unit("ns"), index=i)),
    "datetime_tz": (lambda n: st.lists(_seconds, min_size=n, max_size=n),
                    lambda v, i: pd.Series(pd.to_datetime([s * 10**9 for s in v]).as_unit("ns")
                                           .tz_localize("UTC").tz_convert("Europe/Paris"), index=i)),
}


def _expected_column(series):
    """What a column comes back as: nullable columns without NA come back plain (§5)."""
    if str(series.dtype) == "Int32" and not series.isna().any():
        return series.astype("int32")
    if str(series.dtype) == "boolean" and not series.isna().any():
        return series.astype("bool")
    return series


@FUZZ
@given(st.integers(0, 5), st.lists(st.sampled_from(sorted(_frame_columns)), min_size=1, max_size=4),
       st.booleans(), st.data())
def test_pandas_frames(rows, kinds, string_index, data):
    index = pd.Index([f"r{i}" for i in range(rows)], dtype=object) if string_index and rows \
        else pd.RangeIndex(rows)
    columns = {}
    for i, kind in enumerate(kinds):
        values, series = _frame_columns[kind]
        columns[f"c{i}"] = series(data.draw(values(rows)), index)
    frame = pd.DataFrame(columns, index=index)
    back = pr.r_to_py(pr.py_to_r(frame))
    expected = pd.DataFrame({k: _expected_column(frame[k]) for k in frame}, index=index)
    assert list(back.columns) == list(expected.columns)
    for name in expected:
        assert str(back[name].dtype) == str(expected[name].dtype), (name, back[name], expected[name])
    pd.testing.assert_frame_equal(back, expected, check_column_type=False, check_index_type=False)
