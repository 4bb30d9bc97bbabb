"""R source text for generated test data, and hypothesis strategies for it.

Values are built in R from the generated data (never through the bridge), so
a conversion test cannot pass by converting its own input. ``None`` stands
for NA and ``NAN`` for R's NaN in doubles and complex parts.
"""
import math
import struct

from hypothesis import strategies as st

from pyreticulate.testing.strategies import r_string

NAN = "NaN"
R_NA_BITS = 1954

ATOMIC_TYPES = ("logical", "integer", "double", "complex", "character", "raw")


def _double_bits(values):
    raw = b"".join(struct.pack("<d", 0.0 if v is None or v == NAN else v) for v in values)
    return ",".join(f"0x{b:02x}" for b in raw)


def _doubles(values):
    if not values:
        return "double(0)"
    code = f'readBin(as.raw(c({_double_bits(values)})), "double", {len(values)}, 8, ' \
           f'endian = "little")'
    na = [i + 1 for i, v in enumerate(values) if v is None]
    nan = [i + 1 for i, v in enumerate(values) if v == NAN]
    return _patched(code, {"NA_real_": na, "NaN": nan})


def _patched(code, replacements):
    parts = [f"local({{ .v <- {code}"]
    for value, positions in replacements.items():
        if positions:
            parts.append(f"; .v[c({','.join(map(str, positions))})] <- {value}")
    parts.append("; .v })")
    return "".join(parts)


def r_vector(rtype, values):
    """R code building an attribute-free vector of ``rtype`` from Python values."""
    if rtype == "logical":
        return f"as.logical(c({','.join('NA' if v is None else str(v).upper() for v in values)}))"
    if rtype == "integer":
        return f"as.integer(c({','.join('NA' if v is None else f'{v}L' for v in values)}))"
    if rtype == "double":
        return _doubles(values)
    if rtype == "complex":
        re = _doubles([None if v is None else v[0] for v in values])
        im = _doubles([None if v is None else v[1] for v in values])
        code = f"complex(real = {re}, imaginary = {im})"
        na = [i + 1 for i, v in enumerate(values) if v is None]
        return _patched(code, {"NA_complex_": na})
    if rtype == "character":
        return f"as.character(c({','.join('NA' if v is None else r_string(v) for v in values)}))"
    if rtype == "raw":
        return f"as.raw(c({','.join(str(v) for v in values)}))"
    raise ValueError(rtype)


def with_attributes(code, names=None, dim=None):
    """``code`` with names and/or a dim set in R."""
    if names is not None:
        code = f"setNames({code}, c({','.join(r_string(n) for n in names)}))"
    if dim is not None:
        code = f"array({code}, dim = c({','.join(str(d) for d in dim)}))"
    return code


_doubles_st = st.one_of(st.floats(allow_nan=False), st.just(NAN))
_ELEMENTS = {
    "logical": st.booleans(),
    "integer": st.integers(-(2**31) + 1, 2**31 - 1),
    "double": _doubles_st,
    "complex": st.tuples(_doubles_st, _doubles_st),
    "character": st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
                         max_size=8),
    "raw": st.integers(0, 255),
}


def elements(rtype, na=True):
    base = _ELEMENTS[rtype]
    return st.one_of(st.none(), base) if na and rtype != "raw" else base


@st.composite
def r_vectors(draw, rtypes=ATOMIC_TYPES, min_size=0, max_size=12):
    """``(rtype, values)`` for a random atomic vector (NA as None)."""
    rtype = draw(st.sampled_from(rtypes))
    values = draw(st.lists(elements(rtype), min_size=min_size, max_size=max_size))
    return rtype, values


def is_r_na(value):
    """Whether a Python float carries R's NA payload (not a plain NaN)."""
    if not isinstance(value, float) or not math.isnan(value):
        return False
    return struct.unpack("<Q", struct.pack("<d", value))[0] & 0xFFFFFFFF == R_NA_BITS


def same_double(python_value, expected):
    """A converted double against the generated value (NA / NaN / exact bits)."""
    if expected is None:
        return is_r_na(python_value)
    if expected == NAN:
        return math.isnan(python_value) and not is_r_na(python_value)
    return struct.pack("<d", python_value) == struct.pack("<d", expected)


def same_value(rtype, python_value, expected):
    """A converted element against the generated one, bit-exact for doubles."""
    if rtype == "double":
        return same_double(python_value, expected)
    if rtype == "complex":
        if expected is None:
            return is_r_na(python_value.real) and is_r_na(python_value.imag)
        return same_double(python_value.real, expected[0]) and \
            same_double(python_value.imag, expected[1])
    if rtype == "raw":
        return python_value == expected
    return python_value == expected and type(python_value) is _PY_TYPES[rtype] \
        if expected is not None else python_value is None


_PY_TYPES = {"logical": bool, "integer": int, "character": str}


def r_marked_strings(items):
    """R code for a character vector of exact bytes with encoding marks: ``items`` are
    ``(data, mark)`` pairs, ``data`` bytes without NUL (None for NA), ``mark`` one of
    "unknown", "UTF-8", "latin1", "bytes"."""
    parts, marks = [], []
    for data, mark in items:
        if data is None:
            parts.append("NA_character_")
        else:
            parts.append(f"rawToChar(as.raw(c({','.join(str(b) for b in data)})))"
                         if data else '""')
        marks.append(f'"{mark}"')
    if not parts:
        return "character(0)"
    return (f"local({{ .x <- c({', '.join(parts)}); Encoding(.x) <- c({', '.join(marks)}); "
            f".x }})")


# ---- richer R values (the stress suite's fuzzing): each strategy draws R source text ------

NS_LIMIT = 9.2e9
TIME_ZONES = (None, "", "UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata")
_label = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
                 max_size=4)


def r_list(elements, names=None):
    """R code for ``list(...)`` of element codes, with a names vector (None → NA) if given."""
    code = f"list({', '.join(elements)})"
    if names is None:
        return code
    return f"setNames({code}, {r_vector('character', names)})"


@st.composite
def r_factors(draw, min_size=0, max_size=6):
    """A factor or ordered factor with NA, unused levels or length 0."""
    levels = draw(st.lists(_label, min_size=1, max_size=5, unique=True))
    codes = draw(st.lists(st.one_of(st.none(), st.integers(0, len(levels) - 1)),
                          min_size=min_size, max_size=max_size))
    values = [None if c is None else levels[c] for c in codes]
    ordered = "TRUE" if draw(st.booleans()) else "FALSE"
    return (f"factor({r_vector('character', values)}, "
            f"levels = {r_vector('character', levels)}, ordered = {ordered})")


def _maybe_not_all_na(values_strategy, keep_na_only):
    return values_strategy if keep_na_only else values_strategy.filter(
        lambda values: any(v is not None for v in values))


@st.composite
def r_dates(draw, min_size=0, max_size=6, all_na=True):
    """A double-backed Date vector of whole days with NA (``all_na=False``: not only NA)."""
    days = draw(_maybe_not_all_na(st.lists(st.one_of(
        st.none(), st.integers(-(10**6), 10**6).map(float)), min_size=min_size, max_size=max_size),
        all_na))
    return f'structure({r_vector("double", days)}, class = "Date")'


_seconds = st.one_of(
    st.integers(-(2**33), 2**33).map(float),
    st.tuples(st.floats(min_value=2.0**23, max_value=NS_LIMIT), st.booleans()).map(
        lambda t: -t[0] if t[1] else t[0]))


@st.composite
def r_times(draw, min_size=0, max_size=6, all_na=True):
    """A POSIXct vector in the bit-exact range (docs/conversions.md §8.7), NA, any tzone."""
    values = draw(_maybe_not_all_na(st.lists(st.one_of(st.none(), _seconds), min_size=min_size,
                                             max_size=max_size), all_na))
    zone = draw(st.sampled_from(TIME_ZONES))
    tzone = "" if zone is None else f", tzone = {r_string(zone)}"
    return f'structure({r_vector("double", values)}, class = c("POSIXct", "POSIXt"){tzone})'


def _not_all_na(vector):
    rtype, values = vector
    return rtype == "raw" or any(v is not None for v in values)


# an element a list keeps exactly (§8.9): no scalar NA, zero-length or all-NA vector
_list_leaves = st.one_of(
    st.just("NULL"),
    r_vectors(min_size=1, max_size=5).filter(_not_all_na).map(lambda v: r_vector(*v)),
    r_factors(min_size=1),
    r_dates(min_size=1, max_size=4, all_na=False),
    r_times(min_size=1, max_size=4, all_na=False),
)


@st.composite
def r_nested_lists(draw, depth=3):
    """A list (named with unique non-empty names, or unnamed with at least one element
    that is not a length-1 atomic) nested up to ``depth``, of kinds 1-8 of §8."""
    children = _list_leaves if depth <= 1 else st.one_of(_list_leaves, r_nested_lists(depth=depth - 1))
    elements = draw(st.lists(children, min_size=1, max_size=4))
    if draw(st.booleans()):
        names = draw(st.lists(_label.filter(bool), min_size=len(elements), max_size=len(elements),
                              unique=True))
        return r_list(elements, names)
    # unnamed: keep one element that stays a list element in Python (not a scalar)
    elements.append(draw(st.sampled_from(['c(1L, 2L)', 'list("x", 1L)', 'c("a", NA)',
                                          'as.Date(c("2020-01-01", NA))'])))
    return r_list(elements)


@st.composite
def r_awkward_names(draw):
    """Names with at least one empty, duplicate or NA name (None is NA)."""
    size = draw(st.integers(2, 6))
    pool = st.sampled_from(["", None, "a", "b", "a b", "\u00e9"])
    names = draw(st.lists(pool, min_size=size, max_size=size).filter(
        lambda n: "" in n or None in n or len(set(n)) < len(n)))
    return names


@st.composite
def r_data_frames(draw, max_rows=5):
    """A data.frame of kinds 2 and 5-7 of §8 with automatic or character row names."""
    rows = draw(st.integers(0, max_rows))
    columns = []
    for i in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(("logical", "integer", "double", "complex", "character",
                                     "factor", "Date", "POSIXct")))
        if kind == "factor":
            levels = draw(st.lists(_label, min_size=1, max_size=3, unique=True))
            codes = draw(st.lists(st.one_of(st.none(), st.integers(0, len(levels) - 1)),
                                  min_size=rows, max_size=rows))
            code = (f"factor({r_vector('character', [None if c is None else levels[c] for c in codes])}, "
                    f"levels = {r_vector('character', levels)})")
        elif kind == "Date":
            days = draw(st.lists(st.one_of(st.none(), st.integers(-(10**5), 10**5).map(float)),
                                 min_size=rows, max_size=rows))
            code = f'structure({r_vector("double", days)}, class = "Date")'
        elif kind == "POSIXct":
            seconds = draw(st.lists(st.one_of(st.none(), st.integers(-(2**32), 2**32).map(float)),
                                    min_size=rows, max_size=rows))
            zone = draw(st.sampled_from(TIME_ZONES))
            tzone = "" if zone is None else f", tzone = {r_string(zone)}"
            code = f'structure({r_vector("double", seconds)}, class = c("POSIXct", "POSIXt"){tzone})'
        else:
            code = r_vector(kind, draw(st.lists(elements(kind), min_size=rows, max_size=rows)))
        columns.append(f"c{i} = {code}")
    if rows and draw(st.booleans()):
        columns.append(f"row.names = paste0('r', seq_len({rows}))")
    return f"data.frame({', '.join(columns)}, stringsAsFactors = FALSE)"


ENCODINGS = ("unknown", "latin1", "UTF-8", "bytes")


@st.composite
def r_byte_strings(draw, max_size=5):
    """``(code, strings)``: an R character vector of arbitrary bytes (no NUL), each marked
    with an encoding; ``strings`` holds ``(bytes, encoding)`` or None for NA."""
    items = draw(st.lists(st.one_of(
        st.none(),
        st.tuples(st.binary(min_size=0, max_size=6).map(lambda b: b.replace(b"\x00", b"\x01")),
                  st.sampled_from(ENCODINGS))), min_size=1, max_size=max_size))
    parts = []
    for item in items:
        if item is None:
            parts.append("NA_character_")
            continue
        data, encoding = item
        raw = f"as.raw(c({','.join(str(b) for b in data)}))" if data else "raw(0)"
        parts.append(f'local({{ .s <- rawToChar({raw}); Encoding(.s) <- "{encoding}"; .s }})')
    return f"c({', '.join(parts)})", items


def valid_text(item):
    """Whether an R string of ``(bytes, encoding)`` is text R can translate to UTF-8
    (not invalid UTF-8, not bytes R declares to be bytes)."""
    data, encoding = item
    if data.isascii() or encoding == "latin1":
        return True
    if encoding == "bytes":
        return False
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def decoded(item):
    """The text of a valid R string, where it is plain: R translates latin1 as
    Windows-1252, so latin1 bytes 0x80-0x9f are left out (None)."""
    data, encoding = item
    if not valid_text(item):
        return None
    if encoding == "latin1":
        return None if any(0x80 <= b < 0xA0 for b in data) else data.decode("latin-1")
    return data.decode("utf-8")
