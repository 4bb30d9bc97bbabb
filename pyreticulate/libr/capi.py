"""The slice of libR's C API the bridge uses (``cdef.py``), bound with cffi.

Two ways, the same declarations and the same results: the compiled module
``_rapi`` (cffi's API mode, built when the package is installed, with the loops
of ``_fast.c`` as ``fast``), or, when it is missing or ``PYRETICULATE_PURE_PYTHON``
is set to anything but ``0``, cffi's ABI mode opening libR at run time (``fast`` is
None and every caller of ``fast`` runs its Python code instead).

rpy2 starts R (see ``runtime``); everything after that talks to libR through
this module. Nothing here evaluates R code: a call that can raise an R error
must go through ``evaluation``, which keeps R's longjmp away from Python frames.
"""
import os
import sys
from typing import Any

import cffi

from . import text
from .cdef import CDEF, ENTRY_SLOTS

PURE_PYTHON_VARIABLE = "PYRETICULATE_PURE_PYTHON"


_FORCED_PURE_PYTHON = os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def _compiled_module():
    """``(the compiled module or None, why it is not used or None)``."""
    if _FORCED_PURE_PYTHON:
        return None, f"{PURE_PYTHON_VARIABLE} is set"
    try:
        from . import _rapi
    except ImportError as exc:
        return None, f"the compiled module pyreticulate.libr._rapi is missing ({exc})"
    return _rapi, None


_compiled, PURE_PYTHON_REASON = _compiled_module()


NILSXP, SYMSXP, LISTSXP, CLOSXP, ENVSXP, PROMSXP, LANGSXP = 0, 1, 2, 3, 4, 5, 6
SPECIALSXP, BUILTINSXP, CHARSXP, LGLSXP = 7, 8, 9, 10
INTSXP, REALSXP, CPLXSXP, STRSXP, DOTSXP = 13, 14, 15, 16, 17
VECSXP, EXPRSXP, EXTPTRSXP, RAWSXP, S4SXP = 19, 20, 22, 24, 25
FUNCTION_TYPES = (CLOSXP, SPECIALSXP, BUILTINSXP)

if _compiled is not None:
    ffi = _compiled.ffi
else:
    ffi = cffi.FFI()
    ffi.cdef(CDEF)

fast = None     # the compiled loops (_fast.c) once libR is loaded; None on the pure-Python path
lib: Any = None  # libR once load() has run
SEXP = ffi.typeof("SEXP")
NULL = ffi.NULL
_symbols = {}


# R's global variables that never change once R has started: read once.
CONSTANTS = (
    "R_NilValue", "R_GlobalEnv", "R_BaseEnv", "R_EmptyEnv", "R_BaseNamespace",
    "R_NaString", "R_BlankString", "R_ClassSymbol", "R_NamesSymbol", "R_DimSymbol",
    "R_DimNamesSymbol", "R_LevelsSymbol", "R_RowNamesSymbol", "R_MissingArg",
    "R_UnboundValue", "R_TrueValue", "R_FalseValue", "R_LogicalNAValue", "R_NaInt",
    "R_NaReal",
)


class LibR:
    """libR through cffi, with its constant globals as plain attributes.

    cffi re-reads a global variable on every access (about 0.4 µs); the
    constants are read once, functions are looked up once, and the variables
    that do change (``R_interrupts_pending``, the console hooks, ...) are read
    and written through to libR.
    """

    def __init__(self, raw):
        object.__setattr__(self, "_raw", raw)
        for name in CONSTANTS:
            object.__setattr__(self, name, getattr(raw, name))

    def __getattr__(self, name):
        value = getattr(self._raw, name)
        if callable(value):
            object.__setattr__(self, name, value)
        return value

    def __setattr__(self, name, value):
        setattr(self._raw, name, value)

    def address_of(self, name):
        """A pointer to one of libR's global variables (reading it costs no lookup)."""
        return ffi.addressof(self._raw, name)


def load(r_home):
    """Open libR (already loaded into the process by rpy2) for this module; on the
    pure-Python path because the compiled module is missing, say so in one line."""
    global lib, fast, plain_kind
    if lib is None:
        if _compiled is not None:
            fast = _compiled.lib
            lib = LibR(fast)
            plain_kind = fast.pyr_plain_kind
        else:
            lib = LibR(ffi.dlopen(os.path.join(r_home, "lib", "libR.so")))
            if not _FORCED_PURE_PYTHON:
                print(f"pyreticulate: running without compiled code, slower: "
                      f"{PURE_PYTHON_REASON}", file=sys.stderr)
    return lib


def entry_function(index):
    """The compiled module's C function for ``.External`` entry number ``index``
    (``pyr_entry_<index>``, which hands its arguments to the Python function
    ``pyr_dispatch``), or None without the module or beyond its ``ENTRY_SLOTS``."""
    if _compiled is None or index >= ENTRY_SLOTS:
        return None
    return ffi.addressof(_compiled.lib, f"pyr_entry_{index}")


def mode():
    """How libR is reached, for ``pyreticulate diagnose``."""
    if _compiled is not None:
        return "compiled (cffi API mode, pyreticulate.libr._rapi)"
    return f"pure Python (cffi ABI mode): {PURE_PYTHON_REASON}"


def plain_kind_python(sexp):
    """The SEXP type of an R value without attributes, -1 for one with attributes."""
    return lib.TYPEOF(sexp) if lib.ATTRIB(sexp) == lib.R_NilValue else -1


plain_kind = plain_kind_python  # _fast.c's pyr_plain_kind once the compiled module is loaded


def sym(name):
    """The R symbol for ``name``; symbols are never collected, so cache them.

    The name's bytes follow the text rule (``text.to_bytes``): a name with
    surrogate escapes is the symbol of the bytes they stand for."""
    s = _symbols.get(name)
    if s is None:
        s = _symbols[name] = lib.Rf_install(text.to_bytes(name)[0])
    return s


def mkchar(value, index=None):
    """The CHARSXP for a Python str by the text rule (``text.to_bytes``); ``index``
    names the element in the error for a str that cannot cross."""
    data, ce = text.to_bytes(value, index)
    return lib.Rf_mkCharLenCE(data, len(data), ce)


def charsxp_str(c):
    """The Python str for a (non-NA) CHARSXP by the text rule (``text.from_bytes``)."""
    return text.from_bytes(ffi.unpack(lib.R_CHAR(c), lib.LENGTH(c)), lib.Rf_getCharCE(c))


def mkstring(value):
    """A character vector of one string (the text rule; unprotected)."""
    return lib.Rf_ScalarString(mkchar(value))


def message_string(value):
    """A character vector of one message: ``mkstring``, with what cannot cross written
    as backslash escapes (for messages shown in R, never for values)."""
    return lib.Rf_ScalarString(mkchar(text.displayable(value)))


def charsxp_text(c):
    """A (non-NA) CHARSXP as message text (``text.readable``): bytes that are not UTF-8
    shown as ``\\xff``; ``charsxp_str`` keeps them, as surrogate escapes, for values."""
    return text.readable(ffi.unpack(lib.R_CHAR(c), lib.LENGTH(c)), lib.Rf_getCharCE(c))


def address(sexp):
    return int(ffi.cast("uintptr_t", sexp))
