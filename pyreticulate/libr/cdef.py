"""The declarations of libR's C API the bridge uses, shared by the two ways of reaching it:
``capi``'s ABI mode (cffi opens libR at run time) and the compiled module ``_rapi``
(``fast_build.py``: cffi's API mode, the same declarations compiled against R's headers,
plus the loops of ``_fast.c``, declared in ``FAST_CDEF``).

This module imports nothing, so the build can read it without importing the package.
"""

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

# The compiled loops (_fast.c, with _fast.h). A Python object is passed as its address (``id(obj)``);
# each function takes the GIL itself (cffi releases it around every call). The
# ``.External`` entries are ENTRY_SLOTS C functions pyr_entry_<i>, each handing its
# arguments to the Python function pyr_dispatch with its number.
ENTRY_SLOTS = 128
FAST_CDEF = """
extern "Python" SEXP pyr_dispatch(int index, SEXP *arguments, int count);
""" + "".join(f"SEXP pyr_entry_{i}(SEXP args);\n" for i in range(ENTRY_SLOTS)) + """
int pyr_list_kind(uintptr_t list);
int pyr_fill_from_list(SEXP vector, uintptr_t list);
int pyr_fill_list(SEXP vector, uintptr_t list, int native_utf8);
int pyr_fill_objects(SEXP vector, uintptr_t items, R_xlen_t n, int native_utf8);
int pyr_plain_kind(SEXP x);
SEXP pyr_allocate(int kind, R_xlen_t length);
SEXP pyr_new_xptr(uintptr_t key, SEXP tag, SEXP prot);
SEXP pyr_new_xptr_environment(uintptr_t key, SEXP tag, SEXP prot, SEXP classes, SEXP symbol);
uintptr_t pyr_xptr_key(SEXP xptr);
extern void (*pyr_drop_key)(uintptr_t);

int pyr_list_first_kind(uintptr_t list);
SEXP pyr_new_canonical_environment(uintptr_t key, SEXP tag, SEXP classes, SEXP symbol,
                                   SEXP *made);
extern void (*pyr_canonical_finalized)(uintptr_t, SEXP);
SEXP pyr_proxy_xptr(SEXP x, SEXP symbol, SEXP origin_symbol);
SEXP pyr_plain_call(SEXP args);

/* the hooks the bridge's compiled module (bridge/_crossing.c) fills when it installs */
extern SEXP (*pyr_entry_fast)(int index, SEXP args);
extern void (*pyr_xptr_finalized)(uintptr_t key, SEXP xptr, int canonical);
"""

# The bridge's compiled module (bridge/_crossing.c, built by bridge/crossing_build.py into
# pyreticulate.bridge._crossing): R's types as cffi sees them, and the crossing's entry
# points. Its SEXPs are another cffi module's type: values cross between the two as
# addresses.
CROSSING_CDEF = """
typedef struct SEXPREC *SEXP;
int pyr_contract_install(uintptr_t contract, SEXP missing, SEXP handlers, SEXP guard,
                         char *error, size_t size);
extern int pyr_crossing_open;
void pyr_crossing_set_kind(int index, int kind);
SEXP pyr_crossing_fast(int index, SEXP args);
void pyr_proxy_finalized(uintptr_t key, SEXP xptr, int canonical);
"""
