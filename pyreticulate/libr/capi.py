"""The slice of libR's C API the bridge uses, bound with cffi in ABI mode.

rpy2 starts R (see ``runtime``); everything after that talks to libR through
this module. Nothing here evaluates R code: a call that can raise an R error
must go through ``evaluation``, which keeps R's longjmp away from Python frames.
"""
import os
from typing import Any

import cffi

from . import text

CDEF = """
typedef struct SEXPREC *SEXP;
typedef unsigned int SEXPTYPE;
typedef ptrdiff_t R_xlen_t;
typedef struct { double r; double i; } Rcomplex;
typedef int Rboolean;
typedef enum { CE_NATIVE = 0, CE_UTF8 = 1, CE_LATIN1 = 2, CE_BYTES = 3,
               CE_SYMBOL = 5, CE_ANY = 99 } cetype_t;
typedef enum { PARSE_NULL, PARSE_OK, PARSE_INCOMPLETE, PARSE_ERROR,
               PARSE_EOF } ParseStatus;
typedef void (*R_CFinalizer_t)(SEXP);

int TYPEOF(SEXP);
int OBJECT(SEXP);
int ALTREP(SEXP);
SEXP ATTRIB(SEXP);
int LENGTH(SEXP);
R_xlen_t XLENGTH(SEXP);
SEXP CAR(SEXP);
SEXP CDR(SEXP);
SEXP CADR(SEXP);
SEXP TAG(SEXP);
SEXP SETCAR(SEXP, SEXP);
SEXP SETCDR(SEXP, SEXP);
void SET_TAG(SEXP, SEXP);
SEXP Rf_cons(SEXP, SEXP);
SEXP Rf_lcons(SEXP, SEXP);
SEXP Rf_allocList(int);
SEXP Rf_allocVector(SEXPTYPE, R_xlen_t);
SEXP Rf_allocSExp(SEXPTYPE);
SEXP FORMALS(SEXP);
SEXP BODY(SEXP);
SEXP CLOENV(SEXP);
SEXP ENCLOS(SEXP);
void SET_FORMALS(SEXP, SEXP);
void SET_BODY(SEXP, SEXP);
void SET_CLOENV(SEXP, SEXP);
SEXP PRINTNAME(SEXP);

SEXP Rf_protect(SEXP);
void Rf_unprotect(int);
void R_PreserveObject(SEXP);
void R_ReleaseObject(SEXP);

void *DATAPTR(SEXP);
int *INTEGER(SEXP);
int *LOGICAL(SEXP);
double *REAL(SEXP);
Rcomplex *COMPLEX(SEXP);
unsigned char *RAW(SEXP);
SEXP STRING_ELT(SEXP, R_xlen_t);
void SET_STRING_ELT(SEXP, R_xlen_t, SEXP);
SEXP VECTOR_ELT(SEXP, R_xlen_t);
SEXP SET_VECTOR_ELT(SEXP, R_xlen_t, SEXP);
const char *R_CHAR(SEXP);
cetype_t Rf_getCharCE(SEXP);
const char *Rf_translateCharUTF8(SEXP);
SEXP Rf_mkCharLenCE(const char *, int, cetype_t);

SEXP Rf_getAttrib(SEXP, SEXP);
SEXP Rf_setAttrib(SEXP, SEXP, SEXP);
Rboolean Rf_inherits(SEXP, const char *);
SEXP Rf_install(const char *);
SEXP Rf_installChar(SEXP);
SEXP Rf_ScalarInteger(int);
SEXP Rf_ScalarReal(double);
SEXP Rf_ScalarLogical(int);
SEXP Rf_ScalarString(SEXP);
SEXP Rf_duplicate(SEXP);
SEXP Rf_lengthgets(SEXP, int);
SEXP Rf_shallow_duplicate(SEXP);
void Rf_copyMostAttrib(SEXP, SEXP);
void MARK_NOT_MUTABLE(SEXP);
Rboolean R_compute_identical(SEXP, SEXP, int);

SEXP R_MakeExternalPtr(void *, SEXP, SEXP);
void *R_ExternalPtrAddr(SEXP);
SEXP R_ExternalPtrTag(SEXP);
SEXP R_ExternalPtrProtected(SEXP);
void R_ClearExternalPtr(SEXP);
void R_SetExternalPtrProtected(SEXP, SEXP);
void R_RegisterCFinalizerEx(SEXP, R_CFinalizer_t, Rboolean);
SEXP R_MakeWeakRefC(SEXP, SEXP, R_CFinalizer_t, Rboolean);
SEXP R_WeakRefKey(SEXP);
SEXP R_WeakRefValue(SEXP);
int LEVELS(SEXP);

SEXP R_tryEval(SEXP, SEXP, int *);
SEXP R_ParseVector(SEXP, int, ParseStatus *, SEXP);
SEXP Rf_findVarInFrame3(SEXP, SEXP, Rboolean);
SEXP Rf_findVar(SEXP, SEXP);
void Rf_defineVar(SEXP, SEXP, SEXP);
SEXP R_NewEnv(SEXP, int, int);
Rboolean R_BindingIsActive(SEXP, SEXP);
SEXP Rf_GetOption1(SEXP);

void R_gc(void);
Rboolean R_ToplevelExec(void (*)(void *), void *);
void Rf_endEmbeddedR(int);
void R_RunPendingFinalizers(void);
void R_RunExitFinalizers(void);
void R_CleanTempDir(void);
void Rf_KillAllDevices(void);

extern SEXP R_NilValue;
extern SEXP R_GlobalEnv;
extern SEXP R_BaseEnv;
extern SEXP R_EmptyEnv;
extern SEXP R_BaseNamespace;
extern SEXP R_NaString;
extern SEXP R_BlankString;
extern SEXP R_ClassSymbol;
extern SEXP R_NamesSymbol;
extern SEXP R_DimSymbol;
extern SEXP R_DimNamesSymbol;
extern SEXP R_LevelsSymbol;
extern SEXP R_RowNamesSymbol;
extern SEXP R_MissingArg;
extern SEXP R_UnboundValue;
extern SEXP R_TrueValue;
extern SEXP R_FalseValue;
extern SEXP R_LogicalNAValue;
extern int R_NaInt;
extern double R_NaReal;
extern int R_interrupts_pending;
extern int R_interrupts_suspended;
extern Rboolean R_Interactive;
extern Rboolean R_Visible;
extern int R_wait_usec;
extern uintptr_t R_CStackLimit;
extern uintptr_t R_CStackStart;
extern int R_CStackDir;
void R_dot_Last(void);

extern void (*ptr_R_ProcessEvents)(void);
extern void (*ptr_R_WriteConsole)(const char *, int);
extern void (*ptr_R_WriteConsoleEx)(const char *, int, int);
extern int (*ptr_R_ReadConsole)(const char *, unsigned char *, int, int);
extern void (*ptr_R_ShowMessage)(const char *);
extern void (*ptr_R_FlushConsole)(void);
extern void (*ptr_R_ResetConsole)(void);
extern void (*ptr_R_CleanUp)(int, int, int);
extern void (*ptr_R_Busy)(int);
"""

NILSXP, SYMSXP, LISTSXP, CLOSXP, ENVSXP, PROMSXP, LANGSXP = 0, 1, 2, 3, 4, 5, 6
SPECIALSXP, BUILTINSXP, CHARSXP, LGLSXP = 7, 8, 9, 10
INTSXP, REALSXP, CPLXSXP, STRSXP, DOTSXP = 13, 14, 15, 16, 17
VECSXP, EXPRSXP, EXTPTRSXP, RAWSXP, S4SXP = 19, 20, 22, 24, 25
FUNCTION_TYPES = (CLOSXP, SPECIALSXP, BUILTINSXP)

ffi = cffi.FFI()
ffi.cdef(CDEF)

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
    """Open libR (already loaded into the process by rpy2) for this module."""
    global lib
    if lib is None:
        lib = LibR(ffi.dlopen(os.path.join(r_home, "lib", "libR.so")))
    return lib


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
