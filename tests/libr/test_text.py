"""The text rule for every string between Python and R (docs/conversions.md §9):
pyreticulate/libr/text.py, through capi's CHARSXP helpers and vectors' long paths."""
import gc
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from helpers import r_true
from pyreticulate.testing.strategies import (LATIN1_UNDEFINED, marked_strings,
                                               r_marked_strings_source)
from pyreticulate.libr import text, vectors

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
LONG = vectors.JOINED_FROM + 88  # long enough for the joined paths


def to_r(name, value):
    pr.globalenv[name] = value


# --- the rule itself ----------------------------------------------------------------------

def test_text_without_surrogates_is_utf8():
    assert text.to_bytes("caf\u00e9 \U0001f600") == ("café 😀".encode(), text.CE_UTF8)


def test_fsdecode_str_is_the_native_string_of_the_bytes_it_escapes():
    assert text.to_bytes(os.fsdecode(b"caf\xe9")) == (b"caf\xe9", text.CE_NATIVE)


def test_escapes_of_valid_utf8_alone_are_a_bytes_marked_string():
    assert text.to_bytes("caf\udcc3\udca9") == (b"caf\xc3\xa9", text.CE_BYTES)


def test_bytes_decode_with_every_high_byte_escaped_valid_utf8_or_not():
    assert text.from_bytes(b"\xc3\xa9t\xe9\xff", text.CE_BYTES) == "\udcc3\udca9t\udce9\udcff"
    assert text.from_bytes(b"caf\xc3\xa9", text.CE_BYTES) == "caf\udcc3\udca9"


def test_bytes_decode_as_a_bytes_string_that_goes_back_marked_bytes():
    value = text.from_bytes(b"caf\xe9", text.CE_BYTES)
    assert (type(value), value) == (text.BytesString, os.fsdecode(b"caf\xe9"))
    assert text.to_bytes(value) == (b"caf\xe9", text.CE_BYTES)
    assert text.to_bytes(str(value)) == (b"caf\xe9", text.CE_NATIVE)


def test_latin1_decodes_as_r_translates_it_windows_1252():
    assert text.from_bytes(b"caf\xe9 \x80", text.CE_LATIN1) == "café €"


def test_latin1_bytes_windows_1252_leaves_undefined_are_the_latin1_characters():
    assert text.from_bytes(b"\x81\x8d\x8f\x90\x9d", text.CE_LATIN1) == \
        "\x81\x8d\x8f\x90\x9d"


def test_lone_surrogate_outside_the_escapes_is_an_error_naming_index_and_code_point():
    with pytest.raises(ValueError, match=r"index 4 .*U\+D800 at position 1"):
        text.to_bytes("a\ud800", 4)


def test_escapes_of_valid_utf8_next_to_other_text_are_an_error():
    # b"\xc3\xa9\xc3\xa9" is what "é\udcc3\udca9" escapes, but R gives it back as "éé"
    with pytest.raises(ValueError, match="would give back as"):
        text.to_bytes("\u00e9\udcc3\udca9")


def test_escapes_of_any_bytes_alone_among_ascii_are_a_bytes_marked_string():
    assert text.to_bytes("\udcc3\udca9\udce9") == (b"\xc3\xa9\xe9", text.CE_BYTES)


def test_a_str_of_more_than_2_31_bytes_is_an_error_naming_it(monkeypatch):
    monkeypatch.setattr(text, "MAX_BYTES", 8)
    with pytest.raises(ValueError, match=r"index 3 \(0-based\) has 9 bytes"):
        text.to_bytes("123456789", 3)


# --- Python → R → Python ------------------------------------------------------------------

def test_fsdecode_name_reaches_r_as_its_bytes_unmarked():
    to_r("v", os.fsdecode(b"caf\xe9"))
    r_true('identical(charToRaw(v), as.raw(c(0x63, 0x61, 0x66, 0xe9))) && '
           'Encoding(v) == "unknown" && identical(v, "caf\\xe9")')


def test_fsdecode_file_name_is_a_path_r_can_open(tmp_path):
    path = os.path.join(os.fsencode(tmp_path), b"caf\xe9.txt")
    with open(path, "w") as handle:
        handle.write("hello\n")
    to_r("v", os.fsdecode(path))
    assert pr.r("readLines(v)") == "hello"


@pytest.mark.parametrize("count", [3, LONG])
def test_fsdecode_names_of_every_undecodable_byte_round_trip_exactly(count):
    names = [os.fsdecode(b"n" + bytes([b]) + b"\xc3\xa9") for b in range(128, 256)]
    names = (names * (count // len(names) + 1))[:count]
    to_r("v", names)
    assert pr.globalenv["v"] == names
    r_true(f'length(v) == {count} && all(Encoding(v) == "unknown")')


def test_512_or_more_surrogate_strings_keep_every_element():
    names = [os.fsdecode(b"file-%d-\xff" % i) for i in range(LONG)]
    to_r("v", names)
    r_true(f'length(v) == {LONG} && all(Encoding(v) == "unknown") && '
           f'identical(charToRaw(v[{LONG}]), c(charToRaw("file-{LONG - 1}-"), as.raw(0xff)))')
    assert pr.globalenv["v"] == names


@pytest.mark.parametrize("count", [3, LONG])
def test_lone_surrogate_in_a_list_is_an_error_naming_its_index(count):
    values = ["a"] * count
    values[2] = "x\ud800"
    with pytest.raises(ValueError, match=r"index 2 .*U\+D800"):
        to_r("v_refused", values)
    assert "v_refused" not in pr.globalenv and pr.r("1L + 1L") == 2


def test_lone_surrogate_scalar_is_an_error_and_r_stays_usable():
    with pytest.raises(ValueError, match=r"U\+D800"):
        to_r("v_refused", "\ud800")
    assert pr.r('paste0("o", "k")') == "ok"


def test_long_list_mixing_utf8_escapes_and_na_matches_the_short_path():
    values = ["plain", "\u00e9t\u00e9", None, os.fsdecode(b"\xe9"), ""] * 120
    to_r("long_v", values)
    to_r("short_v", values[:5])
    r_true("identical(long_v[1:5], short_v) && identical(long_v[596:600], short_v)")
    assert pr.globalenv["long_v"] == values


def test_more_than_2_31_bytes_of_strings_cross_both_ways():
    # 520 distinct strings of 4.2 MB: 2.18 GB in all, each element far below 2^31 bytes
    block = "x" * 4_200_000
    values = [f"{i:03d}" + block for i in range(520)]
    del block
    to_r("huge_v", values)
    try:
        r_true('length(huge_v) == 520 && sum(as.double(nchar(huge_v, "bytes"))) == '
               '520 * 4200003 && startsWith(huge_v[520], "519x")')
        del values
        gc.collect()
        back = pr.globalenv["huge_v"]
        assert len(back) == 520 and back[519][:4] == "519x" and len(back[519]) == 4_200_003
        del back
    finally:
        pr.r("rm(huge_v); invisible(gc())")
        gc.collect()


# --- R → Python → R -----------------------------------------------------------------------

def test_latin1_string_arrives_as_the_same_characters_and_comes_back_identical():
    code = r_marked_strings_source([(b"caf\xe9", "latin1")])
    assert pr.r(code) == "café"
    r_true(f"x <- {code}; y <- py_to_r(r_to_py(x)); identical(x, y) && Encoding(y) == 'UTF-8'")


def test_bytes_marked_string_arrives_as_surrogate_escapes_and_comes_back_identical():
    code = r_marked_strings_source([(b"caf\xe9", "bytes")])
    assert pr.r(code) == "caf\udce9"
    r_true(f"x <- {code}; y <- py_to_r(r_to_py(x)); identical(y, x) && Encoding(y) == 'bytes'")


@pytest.mark.parametrize("count", [3, LONG])
def test_bytes_marked_strings_next_to_native_ones_keep_each_its_mark(count):
    code = r_marked_strings_source([(b"caf\xe9", "bytes"), (b"caf\xe9", "unknown"),
                                    (b"\xff\xfe", "bytes")])
    r_true(f"x <- rep({code}, length.out = {count}); identical(py_to_r(r_to_py(x)), x)")


def test_bytes_marked_valid_utf8_comes_back_as_bytes_identical():
    code = r_marked_strings_source([("café".encode(), "bytes")])
    assert pr.r(code) == "caf\udcc3\udca9"
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")


def test_invalid_native_string_arrives_as_its_bytes_escaped_and_comes_back_identical():
    assert pr.r('"caf\\xe9"') == "caf\udce9"
    r_true('x <- "caf\\xe9"; identical(py_to_r(r_to_py(x)), x)')


@pytest.mark.parametrize("count", [4, LONG])
def test_vector_of_every_mark_reads_the_same_long_or_short(count):
    items = [(b"caf\xe9", "latin1"), (b"caf\xe9", "bytes"), (b"caf\xe9", "unknown"),
             ("\u00e9t\u00e9".encode(), "UTF-8"), (None, "unknown"), (b"\x80", "latin1"),
             (b"", "unknown"), ("\u00e9".encode(), "bytes")]
    expected = ["café", "caf\udce9", "caf\udce9", "été", None, "€", "", "\udcc3\udca9"]
    values = pr.r(f"rep({r_marked_strings_source(items)}, length.out = {count})")
    assert values == (expected * (count // len(expected) + 1))[:count]


def test_symbol_names_follow_the_rule():
    name = os.fsdecode(b"var\xe9")
    to_r(name, 1.5)
    assert name in pr.globalenv and pr.globalenv[name] == 1.5
    r_true('any(vapply(ls(all.names = TRUE), function(n) identical(charToRaw(n), '
           'charToRaw("var\\xe9")), TRUE))')
    del pr.globalenv[name]


# --- properties ---------------------------------------------------------------------------

_ANY_TEXT = st.text(st.characters(exclude_characters="\x00"), max_size=6)
_ESCAPES = st.text(st.sampled_from(["a", "\u00e9", "\udce9", "\udcc3", "\udca9", "\ud800",
                                    "\udc80"]), max_size=6)


@PROPERTY
@given(st.lists(st.one_of(_ANY_TEXT, _ESCAPES, st.none()), min_size=0, max_size=8),
       st.booleans())
def test_any_str_round_trips_identical_or_is_refused(values, long):
    if long:
        values = values * (LONG // max(len(values), 1) + 1)
    try:
        to_r("prop_v", values)
    except ValueError as exc:
        assert "index" in str(exc)
        assert pr.r("1L") == 1
        return
    back = pr.globalenv["prop_v"]
    if all(v is None for v in values):
        assert back == values
    else:
        assert back == (values[0] if len(values) == 1 else values)


def _without_latin1_holes(items):
    return not any(item and item[1] == "latin1" and LATIN1_UNDEFINED & set(item[0])
                   for item in items)


@PROPERTY
@given(marked_strings(max_size=8, exact=False).filter(_without_latin1_holes), st.booleans())
def test_any_bytes_from_r_come_back_unchanged(items, long):
    """Native and "bytes" strings come back identical; latin1 as the characters R means;
    UTF-8 identical when valid UTF-8, else as the same bytes (unmarked)."""
    times = LONG if long else 1
    r_true(f"x <- rep({r_marked_strings_source(items)}, {times}); y <- py_to_r(r_to_py(x)); "
           f"length(y) == {len(items) * times} && all(mapply(function(a, b, m) "
           "if (is.na(a)) is.na(b) else if (m == 'latin1') identical(enc2utf8(a), b) "
           "else if (m %in% c('unknown', 'bytes') || validUTF8(a)) identical(a, b) "
           "else identical(charToRaw(a), charToRaw(b)) && Encoding(b) == 'unknown', "
           "x, y, Encoding(x)))")


def test_latin1_bytes_windows_1252_leaves_undefined_reach_r_as_those_characters():
    r_true(f"x <- py_to_r(r_to_py({r_marked_strings_source([(bytes([0x81, 0x9d]), 'latin1')])})); "
           'identical(x, "\\u0081\\u009d")')


def test_displayable_writes_nul_and_every_surrogate_as_escapes():
    assert text.displayable("a\x00b\udcffc\u00e9\ud800") == "a\\0b\\udcffc\u00e9\\ud800"


def test_readable_writes_bytes_that_are_not_utf8_as_hex_escapes():
    assert text.readable(b"a\xffb\xc3\xa9", text.CE_NATIVE) == "a\\xffb\u00e9"


def test_readable_gives_latin1_as_its_characters():
    assert text.readable(b"caf\xe9 \x80", text.CE_LATIN1) == "caf\u00e9 \u20ac"
