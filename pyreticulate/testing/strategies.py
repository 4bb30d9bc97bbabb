"""Hypothesis strategies for R values (as R source text) and for Python values the
conversion table (docs/conversions.md) converts exactly.

R values are R source strings, built in R by ``pyreticulate.r`` (or by
``assert_r_round_trip``), never through the bridge, so a conversion test cannot
pass by converting its own input. Doubles are written as integers when whole and
small, otherwise as hexadecimal literals (exact bits); shrinking goes towards
short vectors of 0, ``FALSE``, ``""``.

The defaults keep to the values docs/conversions.md §8 says round-trip
``identical()``; ``r_vectors(names=True, attributes=True)`` adds what is not
guaranteed (names of length-1 vectors, other attributes). ``r_vector_values`` and
``marked_strings`` give data (for comparing converted values with) that
``r_vector_source`` and ``r_marked_strings_source`` write as R source.
"""
from __future__ import annotations

import math
from typing import Any, Literal, Sequence, cast

import numpy as np
from hypothesis import strategies as st

from ..runtime import threads
from ..runtime.handles import RObject

__all__ = [
    "ATOMIC_TYPES", "BuiltRObject", "LATIN1_UNDEFINED", "MARKS", "TIME_ZONES", "built", "datetime64_arrays",
    "elements", "marked_strings", "numpy_arrays", "pandas_frames", "python_scalars",
    "python_values", "r_arrays", "r_awkward_names", "r_data_frames", "r_dates", "r_double",
    "r_factors", "r_lists", "r_marked_strings_source", "r_posixct", "r_string", "r_values",
    "r_vector_source", "r_vector_values", "r_vectors",
]

ATOMIC_TYPES = ("logical", "integer", "double", "complex", "character", "raw")
TIME_ZONES = (None, "", "UTC", "America/New_York", "Europe/Paris", "Asia/Tokyo")
_EMPTY = {"logical": "logical(0)", "integer": "integer(0)", "double": "double(0)",
          "complex": "complex(0)", "character": "character(0)", "raw": "raw(0)"}
_NA = {"logical": "NA", "integer": "NA_integer_", "double": "NA_real_",
       "complex": "NA_complex_", "character": "NA_character_"}


def r_string(text: str) -> str:
    """An R string literal for ``text`` (no NUL): printable ASCII as it is, the rest as ``\\U{..}``."""
    if "\x00" in text:
        raise ValueError("R strings cannot hold NUL")
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif 32 <= code < 127:
            out.append(ch)
        else:
            out.append(f"\\U{{{code:x}}}")
    return '"' + "".join(out) + '"'


def r_double(value: float | None | str) -> str:
    """R source for a double, exact: ``NA_real_`` for None, ``NaN`` for "NaN"."""
    if value is None:
        return "NA_real_"
    if isinstance(value, str):
        if value != "NaN":
            raise ValueError(f"r_double() takes a float, None or \"NaN\", not {value!r}")
        return "NaN"
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Inf" if value > 0 else "-Inf"
    if value == 0:
        return "-0" if math.copysign(1, value) < 0 else "0"
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return float(value).hex().replace("0x-", "-0x")


def _element(rtype: str, value: Any) -> str:
    if value is None:
        return _NA[rtype]
    if rtype == "logical":
        return "TRUE" if value else "FALSE"
    if rtype == "integer":
        return f"{value}L"
    if rtype == "double":
        return r_double(value)
    if rtype == "character":
        return r_string(value)
    if rtype == "raw":
        return f"0x{value:02x}"
    raise ValueError(rtype)


def r_vector_source(rtype: str, values: Sequence[Any]) -> str:
    """R source building an attribute-free vector of ``rtype`` (None = NA, "NaN" = NaN)."""
    if rtype not in ATOMIC_TYPES:
        raise ValueError(f"an R atomic type is one of {ATOMIC_TYPES}, not {rtype!r}")
    if not values:
        return _EMPTY[rtype]
    if rtype == "raw":
        return f"as.raw({_c([_element(rtype, v) for v in values])})"
    if rtype == "complex":
        re = _c([r_double(None if v is None else v[0]) for v in values])
        im = _c([r_double(None if v is None else v[1]) for v in values])
        code = f"complex(real = {re}, imaginary = {im})"
        na = [str(i + 1) for i, v in enumerate(values) if v is None]
        return f"replace({code}, {_c(na)}, NA_complex_)" if na else code
    # the typed NAs keep the type, so c() of any of these has it
    return _c([_element(rtype, v) for v in values])


def _c(items: Sequence[str]) -> str:
    """``c(a, b)``, or ``a`` alone."""
    return items[0] if len(items) == 1 else f"c({', '.join(items)})"


_SURROGATES: tuple[Literal["Cs"]] = ("Cs",)
_doubles = st.one_of(st.floats(allow_nan=False), st.just("NaN"))
_text = st.text(st.characters(exclude_categories=_SURROGATES, exclude_characters="\x00"), max_size=6)
ELEMENTS = {
    "logical": st.booleans(),
    "integer": st.integers(-(2**31) + 1, 2**31 - 1),
    "double": _doubles,
    "complex": st.tuples(_doubles, _doubles),
    "character": _text,
    "raw": st.integers(0, 255),
}


def elements(rtype: str, na: bool = True) -> st.SearchStrategy[Any]:
    """One element of ``rtype`` (None for NA when ``na``; raw has no NA)."""
    base = ELEMENTS[rtype]
    return st.one_of(st.none(), base) if na and rtype != "raw" else base


_NAMES = st.text(st.characters(min_codepoint=97, max_codepoint=122), min_size=1, max_size=3)


@st.composite
def r_vector_values(draw: Any, types: Sequence[str] = ATOMIC_TYPES, min_size: int = 0,
                    max_size: int = 8, na: bool = True) -> tuple[str, list[Any]]:
    """``(rtype, values)`` of an attribute-free atomic vector (None = NA, "NaN" = NaN,
    complex as ``(re, im)``), for tests that compare converted elements with the values;
    ``r_vector_source(*drawn)`` is its R source."""
    rtype = draw(st.sampled_from(types))
    return rtype, draw(st.lists(elements(rtype, na), min_size=min_size, max_size=max_size))


@st.composite
def r_vectors(draw: Any, types: Sequence[str] = ATOMIC_TYPES, min_size: int = 0,
              max_size: int = 8, na: bool = True, names: bool = False,
              attributes: bool = False) -> str:
    """R source of an atomic vector of one of ``types``, NA anywhere (``na``), with
    names (``names``) and another attribute (``attributes``) when asked."""
    rtype, values = draw(r_vector_values(types, min_size, max_size, na))
    code = r_vector_source(rtype, values)
    if names and values and draw(st.booleans()):
        labels = draw(st.lists(_NAMES, min_size=len(values), max_size=len(values)))
        code = f"setNames({code}, c({', '.join(r_string(n) for n in labels)}))"
    if attributes and draw(st.booleans()):
        code = f"structure({code}, note = {r_string(draw(_NAMES))})"
    return code


@st.composite
def r_arrays(draw: Any, types: Sequence[str] = ATOMIC_TYPES, max_dims: int = 3,
             max_side: int = 3) -> str:
    """R source of a matrix or array (1-d included) without dimnames, NA anywhere."""
    dim = draw(st.lists(st.integers(0, max_side), min_size=1, max_size=max_dims))
    rtype = draw(st.sampled_from(types))
    size = int(np.prod(dim))
    values = draw(st.lists(elements(rtype), min_size=size, max_size=size))
    dims = ", ".join(str(d) for d in dim)
    return f"array({r_vector_source(rtype, values)}, dim = c({dims}))"


_LABELS = st.text(st.characters(exclude_categories=_SURROGATES, exclude_characters="\x00"),
                  max_size=4)


@st.composite
def r_factors(draw: Any, max_size: int = 6, ordered: bool | None = None,
              min_size: int = 0, some_value: bool = False) -> str:
    """R source of a factor (ordered or not; ``ordered=None`` draws it) with NA, unused
    levels and levels of any text (empty included); ``some_value``: at least one non-NA
    value."""
    levels = draw(st.lists(_LABELS, min_size=1 if some_value else 0, max_size=4, unique=True))
    values = draw(st.lists(st.one_of(st.none(), st.sampled_from(levels)) if levels
                           else st.none(), min_size=max(min_size, int(some_value)),
                           max_size=max(max_size, min_size, int(some_value))))
    if some_value and all(v is None for v in values):
        values[0] = levels[0]
    is_ordered = draw(st.booleans()) if ordered is None else ordered
    labels = r_vector_source("character", values)
    level_code = r_vector_source("character", levels)
    return f"factor({labels}, levels = {level_code}" + \
        (", ordered = TRUE)" if is_ordered else ")")


def _some_value(values: list[Any], fill: Any, some_value: bool) -> list[Any]:
    """``values``, with its first element set to ``fill`` if ``some_value`` and all are NA."""
    if some_value and values and all(v is None for v in values):
        values[0] = fill
    return values


@st.composite
def r_dates(draw: Any, max_size: int = 6, min_size: int = 0, some_value: bool = False,
            max_days: int = 1_000_000) -> str:
    """R source of a double-backed Date vector of whole days within ``max_days`` of 1970,
    NA anywhere (``some_value``: not only NA)."""
    days = draw(st.lists(st.one_of(st.none(), st.integers(-max_days, max_days)),
                         min_size=max(min_size, int(some_value)), max_size=max_size))
    days = _some_value(days, 0, some_value)
    code = r_vector_source("double", [None if d is None else float(d) for d in days])
    return f'structure({code}, class = "Date")'


NS_RANGE_SECONDS = 9.2e9
_instants = st.one_of(
    st.integers(-(2**33), 2**33).map(float),
    # any double of 2²³ s or more inside the ns range round-trips bit for bit (§8.7)
    st.tuples(st.floats(min_value=2.0**23, max_value=NS_RANGE_SECONDS), st.booleans()).map(
        lambda t: -t[0] if t[1] else t[0]))


@st.composite
def r_posixct(draw: Any, max_size: int = 6, zones: Sequence[str | None] = TIME_ZONES,
              min_size: int = 0, some_value: bool = False) -> str:
    """R source of a POSIXct vector: whole seconds, or any double of at least 2²³ s,
    inside the ns range (years 1678–2261, §8.7), NA anywhere (``some_value``: not only
    NA); no tzone, ``""`` or a named zone."""
    times = draw(st.lists(st.one_of(st.none(), _instants),
                          min_size=max(min_size, int(some_value)), max_size=max_size))
    times = _some_value(times, 0.0, some_value)
    zone = draw(st.sampled_from(zones))
    code = r_vector_source("double", times)
    tz = "" if zone is None else f", tzone = {r_string(zone)}"
    return f'structure({code}, class = c("POSIXct", "POSIXt"){tz})'


@st.composite
def _list_element(draw: Any, depth: int) -> str:
    # §8.9: no scalar NA, no zero-length vector, no all-NA vector inside a list
    rtype = draw(st.sampled_from(ATOMIC_TYPES))
    values = draw(st.lists(elements(rtype), min_size=1, max_size=4).filter(
        lambda vs: any(v is not None for v in vs) or rtype == "raw"))
    options = [st.just("NULL"), st.just(r_vector_source(rtype, values)),
               r_factors(max_size=3, some_value=True),
               r_dates(max_size=3, some_value=True), r_posixct(max_size=3, some_value=True)]
    if depth > 0:
        options.append(r_lists(max_depth=depth - 1))
    return cast(str, draw(st.one_of(options)))


@st.composite
def r_awkward_names(draw: Any, min_size: int = 2, max_size: int = 6) -> list[str | None]:
    """Names (None for NA) of which at least one is empty, repeated or NA (§10)."""
    names = draw(st.lists(st.one_of(st.sampled_from(["", None]), _LABELS),
                          min_size=max(min_size, 1), max_size=max(max_size, min_size, 1)))
    if "" not in names and None not in names and len(set(names)) == len(names):
        position = draw(st.integers(0, len(names) - 1))
        names[position] = draw(st.sampled_from(["", None] + names[:position] +
                                               names[position + 1:]))
    return cast("list[str | None]", names)


@st.composite
def r_lists(draw: Any, max_size: int = 4, max_depth: int = 2,
            awkward_names: bool = False) -> str:
    """R source of a list, nested up to ``max_depth``, of vectors, factors, Dates, POSIXct
    and NULL (§8.9): named with unique non-empty names or unnamed but not all same-type
    length-1 atomics; ``awkward_names``: names with an empty, repeated or NA one (§10)."""
    if awkward_names:
        items = draw(st.lists(_list_element(max_depth), min_size=2, max_size=max(max_size, 2)))
        names = draw(r_awkward_names(min_size=len(items), max_size=len(items)))
        return f"setNames(list({', '.join(items)}), {r_vector_source('character', names)})"
    items = draw(st.lists(_list_element(max_depth), min_size=1, max_size=max_size))
    if draw(st.booleans()):
        names = draw(st.lists(_NAMES, min_size=len(items), max_size=len(items), unique=True))
        return "list(" + ", ".join(f"{r_string(n)} = {v}" for n, v in zip(names, items)) + ")"
    # an unnamed list of scalars would simplify to a vector: add a longer vector
    return "list(" + ", ".join(items) + ", c(1L, 2L))"


@st.composite
def r_data_frames(draw: Any, max_rows: int = 5, max_columns: int = 4,
                  min_rows: int = 0) -> str:
    """R source of a data.frame with mixed columns (vectors with NA, factors, Dates,
    POSIXct) and automatic or character row names (§8.8), zero rows included."""
    rows = draw(st.integers(min_rows, max(max_rows, min_rows)))
    count = draw(st.integers(1, max_columns))
    columns = []
    for index in range(count):
        kind = draw(st.sampled_from(("logical", "integer", "double", "complex", "character",
                                     "factor", "Date", "POSIXct")))
        if kind in ATOMIC_TYPES:
            values = draw(st.lists(elements(kind), min_size=rows, max_size=rows))
            code = r_vector_source(kind, values)
        elif kind == "factor":
            code = draw(r_factors(min_size=rows, max_size=rows))
        elif kind == "Date":
            # a pandas Date column holds datetime.date: years 1-9999 (§5)
            code = draw(r_dates(min_size=rows, max_size=rows, max_days=719_162))
        else:
            code = draw(r_posixct(min_size=rows, max_size=rows))
        columns.append(f"c{index} = {code}")
    row_names = ""
    if rows and draw(st.booleans()):
        labels = draw(st.lists(_NAMES, min_size=rows, max_size=rows, unique=True))
        row_names = f", row.names = c({', '.join(r_string(n) for n in labels)})"
    return f"data.frame({', '.join(columns)}{row_names}, stringsAsFactors = FALSE)"


MARKS = ("unknown", "latin1", "UTF-8", "bytes")
# the bytes Windows-1252 (R's reading of "latin1") leaves undefined
LATIN1_UNDEFINED = frozenset((0x81, 0x8D, 0x8F, 0x90, 0x9D))


def r_marked_strings_source(items: Sequence[tuple[bytes, str] | None]) -> str:
    """R source of a character vector of exact bytes with encoding marks: ``items`` are
    ``(data, mark)`` pairs (``data`` bytes without NUL, ``mark`` one of MARKS) or None
    for NA."""
    if not items:
        return "character(0)"
    parts, marks = [], []
    for item in items:
        data, mark = item if item is not None else (None, "unknown")
        if data is not None and 0 in data:
            raise ValueError("R strings cannot hold NUL")
        parts.append("NA_character_" if data is None else
                     f"rawToChar(as.raw(c({','.join(str(b) for b in data)})))" if data else '""')
        marks.append(f'"{mark}"')
    return (f"local({{ .x <- c({', '.join(parts)}); Encoding(.x) <- c({', '.join(marks)}); "
            f".x }})")


def marked_strings(min_size: int = 1, max_size: int = 5, marks: Sequence[str] = MARKS,
                   na: bool = True, exact: bool = True
                   ) -> st.SearchStrategy[list[tuple[bytes, str] | None]]:
    """Items for ``r_marked_strings_source``: strings of bytes without NUL, each with one of
    ``marks``, and NA (None) when ``na``. With ``exact`` (the default) only what
    docs/conversions.md §8 (case 11) says round-trips ``identical()``: latin1 without the
    five bytes Windows-1252 leaves undefined, "UTF-8" holding valid UTF-8, any "bytes";
    ``exact=False`` gives any bytes with any mark (§9 says what comes back)."""
    def item(mark: str) -> st.SearchStrategy[tuple[bytes, str]]:
        if exact and mark == "UTF-8":
            data = st.text(st.characters(exclude_characters="\x00", exclude_categories=["Cs"]),
                           max_size=4).map(lambda s: s.encode("utf-8"))
        else:
            data = st.binary(max_size=6).map(lambda b: b.replace(b"\x00", b"\x01"))
            if exact and mark == "latin1":
                data = data.map(lambda b: bytes(c for c in b if c not in LATIN1_UNDEFINED))
        return st.tuples(data, st.just(mark))
    items = st.sampled_from(list(marks)).flatmap(item)
    return st.lists(st.one_of(st.none(), items) if na else items, min_size=min_size,
                    max_size=max_size)


class BuiltRObject(RObject):
    """An R value built from R source; its repr is the source (so failing examples read well)."""

    __slots__ = ("source",)

    def __init__(self, robj: RObject, source: str):
        threads.run_in_r(super().__init__, (robj.sexp,), "keeping an R value")
        self.source = source

    def __repr__(self) -> str:
        return f"<R value {self.source}>"


def built(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[BuiltRObject]:
    """The R values of a strategy of R source, built in R (``built(r_factors())``)."""
    from .. import api
    return strategy.map(lambda code: BuiltRObject(api.r(code, convert=False), code))


def r_values(max_depth: int = 1) -> st.SearchStrategy[str]:
    """R source of any of the above that round-trips exactly (§8)."""
    return st.one_of(st.just("NULL"), r_vectors(), r_arrays(), r_factors(), r_dates(),
                     r_posixct(), r_lists(max_depth=max_depth), r_data_frames())


# ---- Python values the table converts exactly ----------------------------------------

_INT32 = st.integers(-(2**31) + 1, 2**31 - 1)
_FLOATS = st.floats(allow_nan=True, allow_infinity=True)
_STR = _text


def _typed_lists(base: st.SearchStrategy[Any], none: bool = True) -> st.SearchStrategy[list[Any]]:
    # length 1 would come back a scalar (§1): 0 or 2+ elements
    element = st.one_of(st.none(), base) if none else base
    return st.one_of(st.just([]), st.lists(element, min_size=2, max_size=6)
                     .filter(lambda xs: any(x is not None for x in xs)))


def python_scalars() -> st.SearchStrategy[Any]:
    """None, bool, int (32-bit, −2³¹ excluded), float (any bits), complex, str."""
    return st.one_of(st.none(), st.booleans(), _INT32, _FLOATS,
                     st.complex_numbers(allow_nan=True, allow_infinity=True), _STR)


def python_values(max_depth: int = 2) -> st.SearchStrategy[Any]:
    """Python values that come back equal from R: scalars, typed lists (with None),
    bytearrays, and dicts of them with str keys (nested)."""
    leaves = st.one_of(
        python_scalars(),
        *(_typed_lists(base) for base in (st.booleans(), _INT32, _STR)),
        # §2: None in a float list becomes NA_real_, which comes back as a float (NA payload)
        _typed_lists(_FLOATS, none=False),
        st.binary(max_size=6).map(bytearray))

    def extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        # dict values: no None (a NULL element), no [] / all-None lists (hints, §8.9)
        return st.dictionaries(_NAMES, children.filter(
            lambda v: v is not None and v != [] and not isinstance(v, dict) or
            (isinstance(v, dict) and v)), min_size=1, max_size=4)
    return st.recursive(leaves, extend, max_leaves=8) if max_depth else leaves


_EXACT_DTYPES = ("bool", "int32", "float64", "complex128", "object", "V1")


@st.composite
def numpy_arrays(draw: Any, dtypes: Sequence[str] = _EXACT_DTYPES, max_dims: int = 3,
                 max_side: int = 3, masked: bool | None = None) -> np.ndarray:
    """ndarrays of the dtypes that come back with the same dtype (bool, int32 without
    −2³¹, float64, complex128, object of str/None, ``V1`` for raw), 1-d or more, C or
    Fortran order or
    a strided view; int32 and bool also as masked arrays with a masked cell."""
    dtype = draw(st.sampled_from(dtypes))
    shape = tuple(draw(st.lists(st.integers(1, max_side), min_size=1, max_size=max_dims)))
    size = int(np.prod(shape))
    base = {"bool": st.booleans(), "int32": _INT32, "float64": _FLOATS,
            "complex128": st.complex_numbers(allow_nan=True, allow_infinity=True),
            "object": st.one_of(st.none(), _STR), "V1": st.integers(0, 255)}[dtype]
    values = draw(st.lists(base, min_size=size, max_size=size))
    if dtype == "V1":
        array = np.frombuffer(bytes(values), dtype="V1").copy()
    else:
        array = np.empty(size, dtype=dtype)
        array[:] = values if dtype != "object" else \
            np.array(values + [None], dtype=object)[:-1]
    array = array.reshape(shape, order=draw(st.sampled_from("CF")))
    use_mask = dtype in ("bool", "int32") and (draw(st.booleans()) if masked is None else masked)
    if use_mask:
        mask = np.array(draw(st.lists(st.booleans(), min_size=size, max_size=size)))
        mask[draw(st.integers(0, size - 1))] = True
        return np.ma.MaskedArray(array, mask=mask.reshape(shape))
    if draw(st.booleans()) and shape[-1] > 1:
        # a strided view: every other element of the last axis
        big = np.repeat(array, 2, axis=-1)
        return big[..., ::2]
    return cast(np.ndarray, array)


@st.composite
def datetime64_arrays(draw: Any, max_size: int = 6) -> np.ndarray:
    """1-d ``datetime64[D]`` (→ Date) or whole-second ``datetime64[ns]`` (→ POSIXct) arrays
    of length ≠ 1, NaT anywhere."""
    unit = draw(st.sampled_from(("D", "ns")))
    size = draw(st.sampled_from((0, *range(2, max_size + 1))))
    limit = 100_000 if unit == "D" else 9_000_000_000
    items = draw(st.lists(st.one_of(st.none(), st.integers(-limit, limit)),
                          min_size=size, max_size=size))
    scale = 1 if unit == "D" else 10**9
    return np.array(["NaT" if v is None else np.datetime64(v * scale, unit) for v in items],
                    dtype=f"datetime64[{unit}]")


@st.composite
def pandas_frames(draw: Any, max_rows: int = 5, max_columns: int = 4,
                  min_rows: int = 0) -> Any:
    """pandas DataFrames the table converts exactly, zero rows included: bool / int32
    without NA, nullable ``boolean`` / ``Int32`` with an NA, float64 (any bits), object
    columns of str with None, categories, datetime64[ns] naive or with a zone; a
    RangeIndex or a unique string index."""
    import pandas as pd
    rows = draw(st.integers(min_rows, max(max_rows, min_rows)))
    count = draw(st.integers(1, max_columns))
    data = {}
    for index in range(count):
        kinds = ("bool", "int32", "boolean", "Int32", "float64", "object", "category",
                 "datetime", "datetime_tz")
        # a nullable column comes back plain without an NA (§5), so it needs a row
        kind = draw(st.sampled_from(kinds if rows else kinds[:2] + kinds[4:]))
        name = f"c{index}"
        if kind == "bool":
            data[name] = pd.Series(draw(st.lists(st.booleans(), min_size=rows, max_size=rows)),
                                   dtype="bool")
        elif kind == "int32":
            data[name] = pd.Series(draw(st.lists(_INT32, min_size=rows, max_size=rows)),
                                   dtype="int32")
        elif kind in ("boolean", "Int32"):
            element = st.booleans() if kind == "boolean" else _INT32
            values = draw(st.lists(st.one_of(st.none(), element), min_size=rows,
                                   max_size=rows))
            values[draw(st.integers(0, rows - 1))] = None
            data[name] = pd.Series([pd.NA if v is None else v for v in values], dtype=kind)
        elif kind == "float64":
            data[name] = pd.Series(draw(st.lists(_FLOATS, min_size=rows, max_size=rows)),
                                   dtype="float64")
        elif kind == "object":
            data[name] = pd.Series(draw(st.lists(st.one_of(st.none(), _STR), min_size=rows,
                                                 max_size=rows)), dtype=object)
        elif kind == "category":
            levels = draw(st.lists(_NAMES, min_size=1, max_size=3, unique=True))
            codes = draw(st.lists(st.integers(-1, len(levels) - 1), min_size=rows,
                                  max_size=rows))
            data[name] = pd.Categorical.from_codes(codes, categories=levels,
                                                   ordered=draw(st.booleans()))
        else:
            seconds = draw(st.lists(st.one_of(st.none(), st.integers(-9_000_000_000,
                                                                     9_000_000_000)),
                                    min_size=rows, max_size=rows))
            values = pd.to_datetime([pd.NaT if s is None else s * 10**9 for s in seconds])
            values = values.as_unit("ns")
            if kind == "datetime_tz":
                zone = draw(st.sampled_from(("UTC", "America/New_York", "Asia/Tokyo")))
                values = values.tz_localize("UTC").tz_convert(zone)
            data[name] = values
    frame = pd.DataFrame(data)
    if rows and draw(st.booleans()):
        frame.index = draw(st.lists(_NAMES, min_size=rows, max_size=rows, unique=True))
    return frame
