"""fuzz: hypothesis-generated values converted both ways, with the public strategies
(``pyreticulate.testing.strategies``). Every property says exactly what comes back:
R → Python → R an ``identical()`` value (or, for what docs/conversions.md says is not
kept, the value without it); Python → R → Python the same value (``assert_round_trip``)
or the documented one, and an error only where the documentation says there is one,
naming the element. Never a silently changed value.

The R values are built in R from their source text, never through the bridge, so a
conversion cannot pass by converting its own input."""
import os
import re
import struct

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pyreticulate as pr
from helpers.rvalues import is_r_na
from pyreticulate.testing import assert_r_identical, assert_r_round_trip, assert_round_trip
from pyreticulate.testing import strategies as rs

FUZZ = settings(max_examples=1000, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.data_too_large])


# --- R → Python → R --------------------------------------------------------------------------

@FUZZ
@given(rs.r_vectors(max_size=20))
def test_atomic_vectors_with_na(code):
    assert_r_round_trip(code)


@FUZZ
@given(rs.r_vector_values(types=("logical", "integer", "double", "complex", "character"),
                          max_size=8), st.data())
def test_named_atomic_vectors_keep_their_names_and_drop_other_attributes(vector, data):
    """§8.12: the values and type kept; names kept at length ≠ 1 (any names, NA and empty
    included), dropped at length 1; other attributes not guaranteed (§8), never changed."""
    rtype, values = vector
    code = rs.r_vector_source(rtype, values)
    names = data.draw(st.one_of(st.none(), st.lists(st.one_of(st.none(), st.text(
        st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=3)),
        min_size=len(values), max_size=len(values))))
    if names is not None:
        code = f"setNames({code}, {rs.r_vector_source('character', names)})"
    if data.draw(st.booleans()):
        code = f'structure({code}, stress_note = "kept in R only", units = 3L)'
    names_back = "NULL" if names is None or len(values) == 1 else "names(x)"
    # other attributes may come back (where the hint applies) or not, but never changed
    outcome = pr.r(f"""local({{ x <- {code}; y <- py_to_r(r_to_py(x))
        others <- setdiff(names(attributes(y)), "names")
        if (identical(as.vector(y), as.vector(x)) && identical(names(y), {names_back}) &&
            all(vapply(others, function(a) identical(attr(y, a), attr(x, a)), TRUE))) TRUE
        else y }})""", convert=False)
    assert_r_identical(outcome, "TRUE")


@FUZZ
@given(rs.r_arrays(max_dims=3, max_side=4))
def test_arrays_with_na(code):
    assert_r_round_trip(code)


@FUZZ
@given(rs.r_factors())
def test_factors(code):
    assert_r_round_trip(code)


@FUZZ
@given(st.one_of(rs.r_dates(), rs.r_posixct()))
def test_dates_and_times(code):
    assert_r_round_trip(code)


@FUZZ
@given(rs.r_lists(max_depth=3))
def test_nested_lists(code):
    assert_r_round_trip(code)


@FUZZ
@given(rs.r_data_frames())
def test_data_frames(code):
    assert_r_round_trip(code)


@FUZZ
@given(rs.r_lists(awkward_names=True, max_size=6))
def test_lists_with_empty_duplicate_or_na_names_keep_every_element(code):
    assert_r_round_trip(code)


_HOLES = {0x81, 0x8D, 0x8F, 0x90, 0x9D}   # bytes Windows-1252 leaves undefined


def _is_utf8(data):
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _as_python(item):
    """The str docs/conversions.md §9 says an R string of ``(bytes, mark)`` becomes."""
    if item is None:
        return None
    data, mark = item
    if mark == "latin1":
        return "".join(chr(b) if b in _HOLES else bytes([b]).decode("cp1252") for b in data)
    if mark == "bytes":
        return data.decode("ascii", "surrogateescape")   # every byte ≥ 0x80 an escape
    return os.fsdecode(data)


def _back_in_r(item):
    """The ``(bytes, mark)`` §9 says that string is back in R."""
    if item is None:
        return None
    data, mark = item
    if mark == "latin1":
        return _as_python(item).encode("utf-8"), "UTF-8"
    if mark == "UTF-8" and not _is_utf8(data):
        return data, "unknown"
    return data, mark


@FUZZ
@given(rs.marked_strings(max_size=6, exact=False))
def test_strings_of_any_bytes_and_mark_follow_the_text_rule(items):
    """No error: each string reaches Python as §9's str and comes back as §9's R string."""
    code = rs.r_marked_strings_source(items)
    texts = [_as_python(item) for item in items]
    assert pr.r(code) == (texts[0] if len(texts) == 1 else texts), code
    assert_r_identical(f"py_to_r(r_to_py({code}))",
                       rs.r_marked_strings_source([_back_in_r(item) for item in items]))


# --- Python → R → Python ---------------------------------------------------------------------

@FUZZ
@given(rs.python_values(max_depth=3))
def test_python_values(value):
    assert_round_trip(value)


@FUZZ
@given(st.one_of(rs.numpy_arrays(max_side=4), rs.datetime64_arrays()))
def test_numpy_arrays_of_the_exact_dtypes_any_layout_or_mask(array):
    assert_round_trip(array)


@FUZZ
@given(rs.pandas_frames())
def test_pandas_frames(frame):
    assert_round_trip(frame)


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
def test_numpy_arrays_of_other_dtypes_come_back_widened(array):
    back = pr.r_to_py(pr.py_to_r(array))
    expected = BACK[array.dtype.name]
    if array.dtype == np.int32 and (array == -(2**31)).any():
        expected = "float64"   # −2³¹ is R's NA_integer_
    assert isinstance(back, np.ndarray) and back.dtype == np.dtype(expected), (array, back)
    assert same_bits(array.astype(expected), np.asarray(back)), (array, back)


_code_points = st.one_of(st.characters(), st.integers(0xD800, 0xDFFF).map(chr), st.just("\x00"))
_texts = st.text(_code_points, max_size=8)


def _refused(text):
    """Why §9 refuses a str (empty: it crosses): a NUL, a surrogate that is not the escape
    of a byte R gives back as the same str, or both."""
    reasons = {"NUL"} if "\x00" in text else set()
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return reasons | {"surrogate"}
    # escapes of valid UTF-8 cross (as "bytes") only alone among ASCII
    if os.fsdecode(data) != text and any(0x80 <= ord(c) and not 0xDC80 <= ord(c) <= 0xDCFF
                                         for c in text):
        reasons.add("surrogate")
    return reasons


def _names_element(message, position):
    """The message holds the element's position (1-based, or 0-based)."""
    text = message.replace("UTF-8", "")
    return any(re.search(rf"(?<![\w.]){p}(?![\w.])", text) for p in (position, position - 1))


def _crosses_or_is_refused(convert, texts, positions=True):
    """``convert()``'s value, or None after the ValueError §9 gives: it must come exactly
    when a string is refused, name the problem and (``positions``) the first such string."""
    refused = [(i + 1, why) for i, t in enumerate(texts) if t is not None and (why := _refused(t))]
    try:
        back = convert()
    except ValueError as exc:
        message = str(exc)
        assert refused, f"{message} for {texts!r:.300}"
        assert "internal error" not in message, message
        position, reasons = refused[0]
        assert any(("NUL" in message) if why == "NUL" else "surrogate" in message.lower()
                   for why in reasons), f"{message!r} names none of {reasons}"
        if positions:
            assert _names_element(message, position), f"{message!r} does not name element {position}"
        return None
    assert not refused, f"{refused} crossed: {texts!r:.300} → {back!r:.300}"
    return back


@FUZZ
@given(st.lists(st.one_of(st.none(), _texts), min_size=1, max_size=6))
def test_python_strings_with_any_code_point(texts):
    if texts == [None]:
        return
    back = _crosses_or_is_refused(lambda: pr.r_to_py(pr.py_to_r(texts)), texts)
    if back is not None:
        assert back == (texts[0] if len(texts) == 1 else texts)


_clean = rs.elements("character", na=False)
# a string with a lone surrogate or a NUL, between ordinary text
_odd = st.tuples(_clean, st.one_of(st.integers(0xD800, 0xDFFF).map(chr), st.just("\x00")),
                 _clean).map("".join)


@settings(FUZZ, max_examples=120)
@given(st.lists(_clean, min_size=1, max_size=12), st.integers(600, 700), st.data())
def test_long_python_string_lists_with_any_code_point(base, size, data):
    """Long lists cross in pieces; one odd string among them."""
    texts = (base * (size // len(base) + 1))[:size]
    if data.draw(st.booleans()):
        texts[data.draw(st.integers(0, size - 1))] = data.draw(_odd)
    back = _crosses_or_is_refused(lambda: pr.r_to_py(pr.py_to_r(texts)), texts)
    if back is not None and back != texts:   # a short message: these lists are long
        wrong = next((i for i, (a, b) in enumerate(zip(back, texts)) if a != b), None)
        raise AssertionError(f"{len(texts)} strings came back as {len(back)}; first changed "
                             f"at {wrong}: {texts[wrong] if wrong is not None else ''!r} → "
                             f"{back[wrong] if wrong is not None else ''!r}")


@FUZZ
@given(st.dictionaries(_texts, st.integers(-3, 3), min_size=1, max_size=5))
def test_dicts_with_any_keys(mapping):
    """§10: a dict comes back equal; with an empty key (R's empty name) as an RNamedList
    of its items in order."""
    back = _crosses_or_is_refused(lambda: pr.r_to_py(pr.py_to_r(mapping)), list(mapping),
                                  positions=False)
    if back is None:
        return
    if "" in mapping:
        assert isinstance(back, pr.RNamedList) and back.items() == list(mapping.items()), back
    else:
        assert back == mapping


_scalars = {"bool": rs.elements("logical", na=False), "int": rs.elements("integer", na=False),
            "float": st.floats(allow_nan=False), "str": _clean}


@FUZZ
@given(st.sampled_from(sorted(_scalars)).flatmap(
    lambda kind: st.tuples(st.just(kind), st.lists(st.one_of(st.none(), _scalars[kind]),
                                                    min_size=2, max_size=8))))
def test_python_lists_of_one_scalar_kind_with_none(generated):
    """§2: None is NA, back as None (as a double carrying R's NA in a float list)."""
    kind, values = generated
    back = pr.r_to_py(pr.py_to_r(values))
    if all(v is None for v in values):
        assert back == values
        return
    assert isinstance(back, list) and len(back) == len(values)
    for was, now in zip(values, back):
        if was is None:
            assert now is None or (kind == "float" and is_r_na(now)), (values, back)
        elif kind == "float":
            assert type(now) is float and struct.pack("<d", now) == struct.pack("<d", was), (values, back)
        else:
            assert type(now) is type(was) and now == was, (values, back)
