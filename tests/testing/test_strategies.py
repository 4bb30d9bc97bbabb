"""The toolkit's strategies: what they build is what they say, in R, and shrinking gives
small readable R source."""
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import pyreticulate as pr
from pyreticulate.testing import strategies as rs

FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(rs.r_vectors(types=("integer",)))
def test_r_vectors_are_attribute_free_vectors_of_the_type(code):
    assert pr.r(f"x <- {code}; is.integer(x) && is.null(attributes(x))") is True


@FEW
@given(rs.r_vectors(names=True, attributes=True, min_size=1))
def test_r_vectors_with_names_and_attributes_evaluate(code):
    assert pr.r(f"is.atomic({code})") is True


@FEW
@given(rs.r_factors())
def test_r_factors_are_factors(code):
    assert pr.r(f"is.factor({code})") is True


@FEW
@given(rs.r_posixct())
def test_r_posixct_values_are_posixct(code):
    assert pr.r(f'inherits({code}, "POSIXct")') is True


@FEW
@given(rs.r_data_frames())
def test_r_data_frames_are_data_frames(code):
    assert pr.r(f"is.data.frame({code})") is True


@FEW
@given(rs.numpy_arrays())
def test_numpy_arrays_use_the_exact_dtypes(array):
    assert array.dtype.str.lstrip("<>|=") in ("b1", "i4", "f8", "c16", "O", "V1") and array.ndim >= 1


def test_doubles_are_written_exactly():
    assert rs.r_double(0.1) == "0x1.999999999999ap-4"
    assert pr.r(rs.r_double(0.1)) == 0.1
    assert [rs.r_double(v) for v in (None, "NaN", float("inf"), -0.0, 3.0)] == \
        ["NA_real_", "NaN", "Inf", "-0", "3"]


def test_r_string_escapes_what_r_needs():
    assert rs.r_string('a"\\é') == '"a\\"\\\\\\U{e9}"'
    assert pr.r(rs.r_string('a"\\é')) == 'a"\\é'


def test_r_string_rejects_nul():
    with pytest.raises(ValueError, match="NUL"):
        rs.r_string("a\x00")


def test_vector_source_rejects_an_unknown_type():
    with pytest.raises(ValueError, match="R atomic type .* not 'numeric'"):
        rs.r_vector_source("numeric", [1])


def test_shrinking_gives_a_small_readable_case():
    found = find(rs.r_vectors(types=("integer",)), lambda code: "NA" in code,
                 settings=settings(database=None, max_examples=500))
    assert found == "NA_integer_"


def test_shrinking_a_frame_gives_one_row_one_column():
    found = find(rs.r_data_frames(), lambda code: "factor" in code,
                 settings=settings(database=None, max_examples=500))
    assert found.count("=") <= 4 and len(found) < 120, found


@FEW
@given(rs.built(rs.r_factors()))
def test_built_values_are_r_objects_showing_their_source(value):
    assert isinstance(value, pr.RObject) and repr(value).startswith("<R value factor(")
    assert pr.r("is.factor", convert=True)(value) is True


@FEW
@given(rs.r_vector_values(types=("double", "character"), min_size=1))
def test_r_vector_values_are_what_their_source_builds(vector):
    rtype, values = vector
    code = rs.r_vector_source(rtype, values)
    assert pr.r(f"typeof({code})") == rtype and pr.r(f"length({code})") == len(values)


@FEW
@given(rs.r_awkward_names())
def test_r_awkward_names_have_an_empty_repeated_or_na_name(names):
    assert "" in names or None in names or len(set(names)) < len(names), names


@FEW
@given(rs.r_lists(awkward_names=True))
def test_r_lists_with_awkward_names_are_lists_with_such_names(code):
    assert pr.r(f"x <- {code}; is.list(x) && (anyNA(names(x)) || any(names(x) == '') || "
                "anyDuplicated(names(x)) > 0)") is True


@FEW
@given(st.one_of(rs.r_dates(some_value=True), rs.r_posixct(some_value=True)))
def test_dates_and_times_with_some_value_are_not_all_na(code):
    assert pr.r(f"x <- {code}; length(x) >= 1 && !all(is.na(x))") is True


@FEW
@given(rs.marked_strings(exact=False))
def test_marked_strings_build_their_bytes_and_marks(items):
    code = rs.r_marked_strings_source(items)
    bytes_code = "vapply(x, function(s) if (is.na(s)) 'NA' else paste(as.integer(charToRaw(s)), collapse = ' '), '')"
    expected = ["NA" if item is None else " ".join(str(b) for b in item[0]) for item in items]
    got = pr.r(f"x <- {code}; unname({bytes_code})")
    assert (got if isinstance(got, list) else [got]) == expected


def test_marked_strings_source_sets_each_mark():
    code = rs.r_marked_strings_source([(b"caf\xe9", "latin1"), ("\u00e9".encode(), "bytes"),
                                       None, (b"", "unknown")])
    assert pr.r(f"Encoding({code})") == ["latin1", "bytes", "unknown", "unknown"]


def test_marked_strings_source_rejects_nul():
    with pytest.raises(ValueError, match="NUL"):
        rs.r_marked_strings_source([(b"a\x00b", "bytes")])


def test_r_data_frames_include_zero_rows():
    found = find(rs.r_data_frames(), lambda code: pr.r(f"nrow({code})") == 0,
                 settings=settings(database=None, max_examples=500))
    assert pr.r(f"is.data.frame({found})") is True


def test_pandas_frames_include_zero_rows_and_object_columns():
    find(rs.pandas_frames(), lambda frame: len(frame) == 0,
         settings=settings(database=None, max_examples=500))
    found = find(rs.pandas_frames(), lambda frame: "object" in set(map(str, frame.dtypes)),
                 settings=settings(database=None, max_examples=500))
    assert all(v is None or isinstance(v, str) for v in found.iloc[:, 0])
