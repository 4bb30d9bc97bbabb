"""Reading and writing R vectors: the one place for character vectors
(``strings``, ``strings_of``, ``str_vector``), numeric buffers, NA values and
allocation.

Strings follow the one text rule (``text``, through ``capi.mkchar`` and
``capi.charsxp_str``). Long character vectors cross in a few pieces (R joins or
splits them with a separator no element contains, with the same rule and the
same result as element by element, at any total size) and large vectors are
allocated by R's
``vector()``, so that running out of memory is an R error instead of a crash.
Both need R code evaluated safely, which is the runtime's job: once the R
package is loaded, the runtime hands this module its evaluator
(``use_r_helpers``); before that the element-wise paths are used.
"""
import re

import numpy as np

from . import capi, text
from .protect import protected

INT_MAX = 2**31 - 1
NA_INTEGER = -(2**31)
JOINED_FROM = 512
# Pieces stay under glibc's largest mmap threshold (32 MB), so their memory is
# reused from one piece to the next instead of being fresh pages every time.
JOINED_BYTES = 1 << 24  # R → Python: bytes per joined piece
JOINED_CHARS = 1 << 23  # Python → R: characters per joined stretch
WHOLE_FROM = 1 << 16  # an element of this many characters (or bytes) or more crosses alone
SEPARATORS = ("\x1f", "\x1e", "\x1d", "\x1c", "\x01", "\x02", "\x03")
_ALLOCATE_IN_R_BYTES = 1 << 26
_MODES = {capi.LGLSXP: "logical", capi.INTSXP: "integer", capi.REALSXP: "double",
          capi.CPLXSXP: "complex", capi.STRSXP: "character", capi.VECSXP: "list",
          capi.RAWSXP: "raw"}
_WIDTH = {capi.LGLSXP: 4, capi.INTSXP: 4, capi.REALSXP: 8, capi.CPLXSXP: 16, capi.RAWSXP: 1}
_NA_DTYPE = {capi.LGLSXP: np.int32, capi.INTSXP: np.int32, capi.REALSXP: np.float64,
             capi.CPLXSXP: np.float64, capi.RAWSXP: np.uint8}
_NA_VALUE = {capi.LGLSXP: lambda: NA_INTEGER, capi.INTSXP: lambda: NA_INTEGER,
             capi.REALSXP: lambda: capi.lib.R_NaReal, capi.CPLXSXP: lambda: capi.lib.R_NaReal,
             capi.RAWSXP: lambda: 0}

_helpers = {"call": None}


def use_r_helpers(call):
    """Use ``call(name, args, keep)`` (the runtime's evaluation of the R function
    ``name`` from the R package; raises on an R error) for the joined character
    paths and for large allocations. ``None`` goes back to the element-wise paths."""
    _helpers["call"] = call


def allocate(kind, n):
    """A new R vector (unprotected), its atomic data not initialised. A large one, which R
    may fail to allocate, is made where R's error is caught: by the compiled module, or by
    R's ``vector()`` (which zero-fills; it also raises R's error when the first fails)."""
    lib = capi.lib
    call = _helpers["call"]
    if n * 16 < _ALLOCATE_IN_R_BYTES or call is None:
        return lib.Rf_allocVector(kind, n)
    if capi.fast is not None:
        vector = capi.fast.pyr_allocate(kind, n)
        if vector != capi.NULL:
            return vector
    with protected() as keep:
        return call("vector", [keep(capi.mkstring(_MODES[kind])),
                               keep(lib.Rf_ScalarReal(float(n)))], keep)


def has_dim(sexp):
    return capi.lib.Rf_getAttrib(sexp, capi.lib.R_DimSymbol) != capi.lib.R_NilValue


def buffer(sexp, n, kind):
    """A NumPy view of the data of a logical, integer, double or complex vector."""
    lib = capi.lib
    if kind == capi.REALSXP:
        return np.frombuffer(capi.ffi.buffer(lib.REAL(sexp), n * 8), dtype=np.float64)
    if kind == capi.CPLXSXP:
        return np.frombuffer(capi.ffi.buffer(lib.COMPLEX(sexp), n * 16), dtype=np.complex128)
    pointer = lib.INTEGER(sexp) if kind == capi.INTSXP else lib.LOGICAL(sexp)
    return np.frombuffer(capi.ffi.buffer(pointer, n * 4), dtype=np.int32)


def strings(sexp):
    """A character vector's elements as Python strs (NA as None); [] for other types."""
    lib = capi.lib
    if lib.TYPEOF(sexp) != capi.STRSXP:
        return []
    na, element, decode = lib.R_NaString, lib.STRING_ELT, capi.charsxp_str
    out = []
    for i in range(lib.XLENGTH(sexp)):
        c = element(sexp, i)
        out.append(None if c == na else decode(c))
    return out


def strings_of(sexp, n):
    """The ``n`` elements of a character vector; NA as None (long ones read in one piece)."""
    values = compiled_values(sexp, n)
    if values is not None:
        return values
    if n >= JOINED_FROM and _helpers["call"] is not None:
        joined = _strings_joined(sexp, n)
        if joined is not None:
            return joined
    return strings(sexp)


def class_names(sexp):
    """The class attribute of an R value as strs ([] without one)."""
    return strings(capi.lib.Rf_getAttrib(sexp, capi.lib.R_ClassSymbol))


def _missing_positions(sexp, n):
    """Indices of NA in a character vector (its elements are CHARSXP pointers)."""
    lib = capi.lib
    pointers = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(sexp), n * capi.ffi.sizeof("void *")),
                             dtype=np.uintp)
    return np.flatnonzero(pointers == capi.address(lib.R_NaString)).tolist()


def _strings_joined(sexp, n):
    """A long character vector read in a few pieces, by the text rule.

    R joins the elements' bytes, untranslated, with a separator none contains,
    in pieces of at most ``JOINED_BYTES`` (an element of ``WHOLE_FROM`` bytes or
    more is a piece of its own), and says which elements are marked latin1 or
    bytes. Python decodes each piece as UTF-8 (invalid bytes as surrogate
    escapes), splits it, and decodes the marked elements again by their marks.
    None when no separator fits, the session is not UTF-8, or R fails."""
    lib = capi.lib
    ffi = capi.ffi
    with protected() as keep:
        try:
            joined = _helpers["call"](
                ".pyr_join_strings",
                [sexp, keep(str_vector(SEPARATORS)), keep(lib.Rf_ScalarReal(JOINED_BYTES)),
                 keep(lib.Rf_ScalarReal(WHOLE_FROM))], keep)
        except RuntimeError:
            return None
        if joined == lib.R_NilValue:
            return None
        keep(joined)
        pieces = lib.VECTOR_ELT(joined, 0)
        separator = capi.charsxp_str(lib.STRING_ELT(lib.VECTOR_ELT(joined, 1), 0))
        values = []
        for k in range(lib.XLENGTH(pieces)):
            c = lib.STRING_ELT(pieces, k)
            values.extend(text.from_utf8(ffi.buffer(lib.R_CHAR(c), lib.LENGTH(c)))
                          .split(separator))
        for position, ce in ((2, text.CE_LATIN1), (3, text.CE_BYTES)):
            marked = lib.VECTOR_ELT(joined, position)
            for i in buffer(marked, lib.XLENGTH(marked), capi.INTSXP).tolist():
                values[i - 1] = text.from_bytes(
                    values[i - 1].encode("utf-8", "surrogateescape"), ce)
    if len(values) != n:
        return None
    for i in _missing_positions(sexp, n):
        values[i] = None
    return values


def compiled_values(sexp, n):
    """The ``n`` elements of a logical, integer, double, complex or character vector as
    Python scalars (NA as None) by the compiled loop; None without the compiled module or
    when an element needs the Python code (strings marked "latin1" or "bytes")."""
    fast = capi.fast
    if fast is None:
        return None
    values = [None] * n
    if fast.pyr_fill_list(sexp, id(values), text.native_codec() == "utf-8") == 0:
        return values
    return None


def strings_into(sexp, n, out):
    """The ``n`` elements of a character vector stored into ``out``, an object ndarray of
    None of that length (NA as None): in place by the compiled loop, else from
    ``strings_of``."""
    fast = capi.fast
    if fast is None or fast.pyr_fill_objects(sexp, out.ctypes.data, n,
                                             text.native_codec() == "utf-8") != 0:
        out[:] = strings_of(sexp, n)
    return out


def atomic_values(sexp, kind, n):
    """The elements of an atomic vector as Python scalars (NA as None)."""
    values = compiled_values(sexp, n)
    if values is not None:
        return values
    if kind == capi.STRSXP:
        return strings_of(sexp, n)
    if kind == capi.REALSXP or kind == capi.CPLXSXP:
        return buffer(sexp, n, kind).tolist()
    raw = buffer(sexp, n, kind)
    values = raw.tolist() if kind == capi.INTSXP else raw.astype(bool).tolist()
    if (raw == NA_INTEGER).any():
        for i in np.flatnonzero(raw == NA_INTEGER).tolist():
            values[i] = None
    return values


def str_vector(values):
    """A character vector from strs (None → NA) by the text rule, unprotected; a str
    that cannot cross is a ValueError naming its index."""
    lib = capi.lib
    vector = compiled_str_vector(values)
    if vector is not None:
        return vector
    if len(values) >= JOINED_FROM and _helpers["call"] is not None:
        vector = _str_vector_joined(values)
        if vector is not None:
            return vector
    with protected() as keep:
        vector = keep(allocate(capi.STRSXP, len(values)))
        na, mkchar, set_element = lib.R_NaString, capi.mkchar, lib.SET_STRING_ELT
        for i, value in enumerate(values):
            set_element(vector, i, na if value is None else mkchar(value, i))
        return vector


def compiled_str_vector(values):
    """``str_vector`` by the compiled loop for a list of strs and None (strs of exact
    type, valid UTF-8 without NUL), unprotected; None without the compiled module or for
    any other values, which the Python code converts (and names what cannot cross)."""
    fast = capi.fast
    if fast is None or type(values) is not list:
        return None
    with protected() as keep:
        vector = keep(allocate(capi.STRSXP, len(values)))
        if fast.pyr_fill_from_list(vector, id(values)) == 0:
            return vector
    return None


def _str_vector_joined(values):
    """A long character vector made in a few pieces, by the text rule.

    Python joins the elements' bytes with a separator none contains, in
    stretches of at most ``JOINED_CHARS`` characters, and R splits them; an
    element of ``WHOLE_FROM`` characters or more (or alone in its stretch) is
    made as it is. A stretch whose elements are all valid UTF-8 is split as
    UTF-8; one with surrogate escapes is split byte by byte and its elements
    marked "UTF-8", native or "bytes". None when an element is not a str or
    None, or no separator fits."""
    if not set(map(type, values)) <= {str, type(None)}:
        return None
    missing = [i + 1 for i, v in enumerate(values) if v is None]
    texts = [("" if v is None else v) for v in values] if missing else values
    lib = capi.lib
    stretches = _stretches(texts)
    separators, marks, utf8, marked_bytes = [], [], [], []
    with protected() as keep:
        items = keep(allocate(capi.VECSXP, len(stretches)))
        for k, (start, stop) in enumerate(stretches):
            if stop - start == 1:
                lib.SET_VECTOR_ELT(items, k, lib.Rf_ScalarString(capi.mkchar(texts[start], start)))
                separators.append(None)
                marks.append(None)
                continue
            part = texts if (start, stop) == (0, len(texts)) else texts[start:stop]
            joined = _joined_stretch(part, start, utf8, marked_bytes)
            if joined is None:
                return None
            data, separator, mark = joined
            lib.SET_VECTOR_ELT(items, k, raw_vector(data))
            separators.append(separator)
            marks.append(mark)
        return _helpers["call"](
            ".pyr_split_strings",
            [items, keep(str_vector(separators)), keep(str_vector(marks)),
             keep(numeric_vector(capi.INTSXP, np.int32, utf8)),
             keep(numeric_vector(capi.INTSXP, np.int32, marked_bytes)),
             keep(numeric_vector(capi.INTSXP, np.int32, missing))], keep)


def _stretches(texts):
    """``(start, stop)`` of the stretches of ``texts``: an element of ``WHOLE_FROM``
    characters or more alone, the others in runs of at most ``JOINED_CHARS``
    characters (a separator counted as one)."""
    n = len(texts)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    big = lengths >= WHOLE_FROM
    if not big.any() and int(lengths.sum()) + n <= JOINED_CHARS:
        return [(0, n)]
    ends = np.cumsum(lengths + 1)
    bigs = np.flatnonzero(big)
    out, i = [], 0
    while i < n:
        if big[i]:
            stop = i + 1
        else:
            base = int(ends[i - 1]) if i else 0
            stop = max(i + 1, int(np.searchsorted(ends, base + JOINED_CHARS, side="right")))
            after = int(np.searchsorted(bigs, i))
            if after < bigs.size:
                stop = min(stop, int(bigs[after]))
        out.append((i, stop))
        i = stop
    return out


def _joined_stretch(part, offset, utf8, marked_bytes):
    """``(bytes, separator, mark)`` for a stretch of two or more strs starting at index
    ``offset``: each element followed by the separator, mark "UTF-8" (split as UTF-8)
    or "bytes" (split byte by byte; the 1-based positions of the stretch's non-ASCII
    UTF-8 and its "bytes" elements are added to ``utf8`` and ``marked_bytes``, the
    others stay native). A stretch of valid UTF-8 and ``os.fsdecode`` escapes only is
    encoded in one pass; any other goes element by element through ``text.to_bytes``
    (which names the element that cannot cross). None when no separator fits."""
    for separator in SEPARATORS:
        joined = separator.join(part)
        if joined.count(separator) == len(part) - 1:
            break
    else:
        return None
    sep = separator.encode()
    try:
        data = joined.encode("utf-8")
        valid = "\x00" not in joined
    except UnicodeEncodeError:
        valid = False
    if valid:
        return data + sep, separator, "UTF-8"
    if "\x00" not in joined and text.native_codec() == "utf-8" and \
            not any(type(value) is text.BytesString for value in part):
        escaped = _native_escapes(joined, part, offset, utf8)
        if escaped is not None:
            return escaped + sep, separator, "bytes"
    del joined
    encoded = [text.to_bytes(value, offset + i) for i, value in enumerate(part)]
    for i, (data, ce) in enumerate(encoded):
        if ce == text.CE_BYTES:
            marked_bytes.append(offset + i + 1)
        elif ce == text.CE_UTF8 and not data.isascii():
            utf8.append(offset + i + 1)
    return b"".join(data + sep for data, _ in encoded), separator, "bytes"


_SURROGATE = re.compile("[\ud800-\udfff]")


def _native_escapes(joined, part, offset, utf8):
    """The bytes of a stretch whose elements are all valid UTF-8 or ``os.fsdecode``
    escapes (``text.to_bytes`` would make each UTF-8 or native), in one pass, adding the
    positions of its non-ASCII UTF-8 elements to ``utf8``; None for any other stretch."""
    try:
        data = joined.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return None
    if text.from_utf8(data) != joined:
        return None
    search = _SURROGATE.search
    utf8.extend(offset + i + 1 for i, value in enumerate(part)
                if not value.isascii() and search(value) is None)
    return data


def raw_vector(data):
    """A raw vector holding ``data`` (bytes), unprotected."""
    lib = capi.lib
    vector = allocate(capi.RAWSXP, len(data))
    if data:
        capi.ffi.memmove(lib.RAW(vector), data, len(data))
    return vector


def numeric_vector(kind, dtype, values):
    """A logical, integer, double or raw vector filled from ``values`` (unprotected)."""
    lib = capi.lib
    vector = allocate(kind, len(values))
    if len(values):
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), len(values) * _WIDTH[kind]),
                               dtype=dtype)
        target[:] = values
    return vector


def complex_vector(values):
    """A complex vector from Python complex numbers (unprotected)."""
    lib = capi.lib
    vector = allocate(capi.CPLXSXP, len(values))
    if values:
        target = np.frombuffer(capi.ffi.buffer(lib.COMPLEX(vector), len(values) * 16),
                               dtype=np.complex128)
        target[:] = values
    return vector


def na_vector(kind, n):
    """A vector of ``n`` NAs of an atomic SEXP type (unprotected)."""
    lib = capi.lib
    vector = allocate(kind, n)
    if kind == capi.STRSXP:
        for i in range(n):
            lib.SET_STRING_ELT(vector, i, lib.R_NaString)
    elif n:
        target = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(vector), n * _WIDTH[kind]),
                               dtype=_NA_DTYPE[kind])
        target[:] = _NA_VALUE[kind]()
    return vector


def is_atomic_kind(kind):
    """Whether ``na_vector`` can make NAs of this SEXP type."""
    return kind in _WIDTH or kind == capi.STRSXP
