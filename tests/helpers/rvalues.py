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
