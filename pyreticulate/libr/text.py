"""The one rule for text between Python's ``str`` and the bytes of R's strings
(CHARSXPs), both ways and at every size (docs/conversions.md §9).

An R string is bytes plus an encoding mark: none (ASCII or the session's
native encoding), ``"UTF-8"``, ``"latin1"`` or ``"bytes"``.

R → Python (``from_bytes``):

* native and ``"UTF-8"``: the text; bytes that are not valid in that encoding
  become surrogate escapes (U+DC80..U+DCFF, what ``os.fsdecode`` makes), so
  ``s.encode("utf-8", "surrogateescape")`` gives the original bytes back;
* ``"latin1"``: the characters R means by it (Windows-1252, as R translates
  "latin1"; the five bytes Windows-1252 leaves undefined as U+0081, U+008D,
  U+008F, U+0090 and U+009D);
* ``"bytes"``: a ``BytesString``, the str of the bytes with every byte ≥ 0x80 as its
  surrogate escape, which remembers the mark: it comes back marked ``"bytes"``
  (a plain str of the same escapes would come back native, as for ``os.fsdecode``
  results).

Python → R (``to_bytes``): a ``BytesString`` is its bytes marked ``"bytes"``. Any
other str without surrogates is UTF-8 (R leaves ASCII
unmarked). A str with surrogate escapes is the string of the bytes they stand
for, unmarked (native: what R itself has for file names and text it could not
decode, usable as a path or a variable name) when R gives it back as the same
str, which holds for every ``os.fsdecode()`` result; else marked ``"bytes"``
when that comes back as the same str (every non-ASCII byte escaped, as a "bytes"
string arrives). Any other str (a surrogate
outside U+DC80..U+DCFF such as ``'\\ud800'``, or escapes of valid UTF-8 next to
other non-ASCII text) is a ``ValueError`` naming the element, and so are NUL
and a string of 2³¹ bytes or more.

Nothing here calls R; ``capi`` makes and reads the CHARSXPs.
"""
import codecs
import locale

CE_NATIVE, CE_UTF8, CE_LATIN1, CE_BYTES = 0, 1, 2, 3
MAX_BYTES = 2**31 - 1  # R's CHARSXPs have an int length

_ERRORS = "pyreticulate-windows-1252"
_native = []


def _windows_1252_holes(error):
    """Windows-1252's five undefined bytes as the Latin-1 characters of the same code."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start:error.end].decode("latin-1"), error.end


codecs.register_error(_ERRORS, _windows_1252_holes)


class BytesString(str):
    """The str of an R string marked "bytes" (``from_bytes``): the bytes with every byte
    ≥ 0x80 as its surrogate escape; back in R it is marked "bytes" again, so the
    string round-trips ``identical()``. It compares, hashes and prints as that str."""

    __slots__ = ()

    def __repr__(self):
        return f"BytesString({str.__repr__(self)})"


def native_codec():
    """The codec of R's native encoding (the C library's locale, which R set at start-up)."""
    if not _native:
        try:
            name = codecs.lookup(locale.nl_langinfo(locale.CODESET) or "ascii").name
        except (LookupError, AttributeError):
            name = "utf-8"
        _native.append(name)
    return _native[0]


def from_bytes(data, ce):
    """The str for the bytes of an R string with encoding mark ``ce`` (see the module)."""
    if data.isascii():
        return data.decode("ascii")
    if ce == CE_LATIN1:
        return data.decode("cp1252", _ERRORS)
    if ce == CE_BYTES:
        return BytesString(data.decode("ascii", "surrogateescape"))
    if ce == CE_UTF8:
        return from_utf8(data)
    return data.decode(native_codec(), "surrogateescape")


def from_utf8(data):
    """The str for UTF-8 bytes (any bytes-like object; invalid bytes as surrogate escapes):
    ``from_bytes`` for "UTF-8", and for native in a UTF-8 session."""
    return str(data, "utf-8", "surrogateescape")


def where(index):
    """How an error names the element it is about."""
    return "a string" if index is None else f"the string at index {index} (0-based)"


def to_bytes(text, index=None):
    """``(data, ce)`` for a str sent to R; ``index`` names the element in errors."""
    if type(text) is BytesString:
        return _marked_bytes(text, index)
    try:
        data = text.encode("utf-8")
        ce = CE_UTF8
    except UnicodeEncodeError:
        data, ce = _escaped_bytes(text, index)
    if len(data) > MAX_BYTES:
        raise ValueError(f"{where(index)} has {len(data)} bytes; an R string holds at most "
                         f"2^31 - 1 bytes")
    if "\x00" in text:
        raise ValueError(f"{where(index)} contains the NUL character at position "
                         f"{text.index(chr(0))}; R strings cannot hold NUL")
    return data, ce


def _marked_bytes(text, index):
    """``(data, CE_BYTES)`` for a ``BytesString``."""
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        raise ValueError(f"{where(index)} is a BytesString holding U+{ord(text[exc.start]):04X} "
                         f"at position {exc.start}, which stands for no byte") from None
    if len(data) > MAX_BYTES or b"\x00" in data:
        raise ValueError(f"{where(index)} holds NUL or has 2^31 bytes or more; an R string "
                         "cannot hold it")
    return data, CE_BYTES


def _escaped_bytes(text, index):
    """``(data, ce)`` for a str with surrogate escapes: the bytes they stand for, native
    or "bytes", whichever R gives back as the same str; else a ValueError."""
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        code = ord(text[exc.start])
        raise ValueError(
            f"{where(index)} holds the surrogate U+{code:04X} at position {exc.start}, which "
            f"stands for no byte: only U+DC80..U+DCFF (the escapes os.fsdecode() makes for "
            f"undecodable bytes) can cross to R; encode the text yourself (e.g. "
            f"str.encode('utf-8', 'surrogatepass')) and send bytes") from None
    for ce in (CE_NATIVE, CE_BYTES):
        back = from_bytes(data, ce)
        if back == text:
            return data, ce
    raise ValueError(
        f"{where(index)} escapes bytes {_preview(data)} that R would give back as "
        f"{_preview(from_bytes(data, CE_NATIVE))}, not as the same text: it mixes surrogate "
        f"escapes of valid UTF-8 with other text; send os.fsdecode(the bytes) or the bytes "
        f"themselves")


def _preview(value, limit=60):
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 5] + "...'" 


def displayable(text):
    """``text`` for a message shown in R, always valid UTF-8 without NUL: NUL written
    as ``\\0`` and every surrogate as its backslash escape (``\\udc80``); messages
    only, never values."""
    if "\x00" in text:
        text = text.replace("\x00", "\\0")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def readable(raw, encoding):
    """The bytes of an R string as message text: latin1 as its characters (the text
    rule), any other bytes that are not UTF-8 written as ``\\xff`` (messages only)."""
    if encoding == CE_LATIN1:
        return from_bytes(raw, encoding)
    return raw.decode("utf-8", "backslashreplace")