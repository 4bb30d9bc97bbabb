"""Checks of converted values against the data a test generated with
``pyreticulate.testing.strategies`` (None for NA, "NaN" for R's NaN in doubles and
complex parts), and ``with_attributes`` for R source with names or a dim."""
import math
import struct

from pyreticulate.testing.strategies import r_string

R_NA_BITS = 1954


def with_attributes(code, names=None, dim=None):
    """``code`` with names and/or a dim set in R."""
    if names is not None:
        code = f"setNames({code}, c({','.join(r_string(n) for n in names)}))"
    if dim is not None:
        code = f"array({code}, dim = c({','.join(str(d) for d in dim)}))"
    return code


def is_r_na(value):
    """Whether a Python float carries R's NA payload (not a plain NaN)."""
    if not isinstance(value, float) or not math.isnan(value):
        return False
    return struct.unpack("<Q", struct.pack("<d", value))[0] & 0xFFFFFFFF == R_NA_BITS


def same_double(python_value, expected):
    """A converted double against the generated value (NA / NaN / exact bits)."""
    if expected is None:
        return is_r_na(python_value)
    if expected == "NaN":
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
