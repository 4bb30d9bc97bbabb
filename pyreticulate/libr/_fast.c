/* The compiled part of pyreticulate: libR's headers for cffi's API mode (fast_build.py
 * compiles the declarations of cdef.py against them) and the loops that are too slow
 * one cffi call per element.
 *
 * Each loop either does exactly what the Python code does or reports that it did not
 * (a return value below 0, or 0 for pyr_list_kind), and the Python code then runs as it
 * would without this module: same results, same errors (docs/architecture.md). Python
 * objects arrive as their address (id(obj), the caller keeps them alive); the loops that
 * touch them take the GIL, which cffi releases around every call.
 */
#define R_INTERFACE_PTRS 1
#define CSTACK_DEFNS 1
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <Rinternals.h>
#include <Rinterface.h>
#include <Rembedded.h>
#include <R_ext/Parse.h>
#include <R_ext/eventloop.h>

/* exported by libR, declared in R's private headers only */
extern Rboolean R_Visible;
extern int R_interrupts_pending;
extern Rboolean R_interrupts_suspended;
extern SEXP R_TrueValue;
extern SEXP R_FalseValue;
extern SEXP R_LogicalNAValue;
extern int R_CStackDir;

/* R's longest integer without NA: R integers are within +-(2^31 - 1) */
#define PYR_INT_MAX INT_MAX

/* The SEXP type of the atomic vector a list of one scalar kind becomes (None as NA):
 * REALSXP for floats, INTSXP for ints within R's integer range, LGLSXP for bools, STRSXP
 * for strs, all of exact built-in types; 0 for any other list (the Python rule decides). */
int pyr_list_kind(uintptr_t address)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *list = (PyObject *) address;
    Py_ssize_t n = PyList_GET_SIZE(list);
    int floats = 0, ints = 0, bools = 0, strs = 0, wide = 0, kind = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = PyList_GET_ITEM(list, i);
        PyTypeObject *type = Py_TYPE(value);
        if (value == Py_None) {
            continue;
        } else if (type == &PyFloat_Type) {
            floats = 1;
        } else if (type == &PyBool_Type) {
            bools = 1;
        } else if (type == &PyLong_Type) {
            ints = 1;
            if (!wide) {
                int overflow = 0;
                long long x = PyLong_AsLongLongAndOverflow(value, &overflow);
                wide = overflow || x < -PYR_INT_MAX || x > PYR_INT_MAX;
            }
        } else if (type == &PyUnicode_Type) {
            strs = 1;
        } else {
            PyGILState_Release(gil);
            return 0;
        }
    }
    if (floats + ints + bools + strs == 1) {
        kind = floats ? REALSXP : bools ? LGLSXP : strs ? STRSXP : wide ? 0 : INTSXP;
    }
    PyGILState_Release(gil);
    return kind;
}

/* The CHARSXP for a str by the text rule when it is valid UTF-8 without NUL (what
 * text.to_bytes makes "UTF-8"); NULL for any other str (surrogates, NUL, 2^31 bytes). */
static SEXP pyr_mkchar(PyObject *value)
{
    if (PyUnicode_IS_ASCII(value)) {
        const char *data = (const char *) PyUnicode_DATA(value);
        Py_ssize_t size = PyUnicode_GET_LENGTH(value);
        if (size > INT_MAX || memchr(data, 0, (size_t) size) != NULL) {
            return NULL;
        }
        return Rf_mkCharLenCE(data, (int) size, CE_UTF8);
    }
    PyObject *bytes = PyUnicode_AsUTF8String(value);
    if (bytes == NULL) {
        PyErr_Clear();
        return NULL;
    }
    const char *data = PyBytes_AS_STRING(bytes);
    Py_ssize_t size = PyBytes_GET_SIZE(bytes);
    SEXP c = NULL;
    if (size <= INT_MAX && memchr(data, 0, (size_t) size) == NULL) {
        c = Rf_mkCharLenCE(data, (int) size, CE_UTF8);
    }
    Py_DECREF(bytes);
    return c;
}

/* Fill the (protected) vector of pyr_list_kind's type from the list: 0 when done, -1
 * when an element does not fit it after all (the list changed, or a str the text rule
 * must handle): then the Python rule makes the vector. */
int pyr_fill_from_list(SEXP vector, uintptr_t address)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *list = (PyObject *) address;
    Py_ssize_t n = PyList_GET_SIZE(list);
    int status = 0;
    if ((R_xlen_t) n != XLENGTH(vector)) {
        PyGILState_Release(gil);
        return -1;
    }
    switch (TYPEOF(vector)) {
    case REALSXP: {
        double *out = REAL(vector);
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = PyList_GET_ITEM(list, i);
            if (value == Py_None) out[i] = NA_REAL;
            else if (Py_TYPE(value) == &PyFloat_Type) out[i] = PyFloat_AS_DOUBLE(value);
            else status = -1;
        }
        break;
    }
    case INTSXP: {
        int *out = INTEGER(vector);
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = PyList_GET_ITEM(list, i);
            if (value == Py_None) {
                out[i] = NA_INTEGER;
            } else if (Py_TYPE(value) == &PyLong_Type) {
                int overflow = 0;
                long long x = PyLong_AsLongLongAndOverflow(value, &overflow);
                if (overflow || x < -PYR_INT_MAX || x > PYR_INT_MAX) status = -1;
                else out[i] = (int) x;
            } else {
                status = -1;
            }
        }
        break;
    }
    case LGLSXP: {
        int *out = LOGICAL(vector);
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = PyList_GET_ITEM(list, i);
            if (value == Py_None) out[i] = NA_LOGICAL;
            else if (value == Py_True) out[i] = 1;
            else if (value == Py_False) out[i] = 0;
            else status = -1;
        }
        break;
    }
    case STRSXP:
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = PyList_GET_ITEM(list, i);
            if (value == Py_None) {
                SET_STRING_ELT(vector, i, NA_STRING);
            } else if (Py_TYPE(value) == &PyUnicode_Type) {
                SEXP c = pyr_mkchar(value);
                if (c == NULL) status = -1;
                else SET_STRING_ELT(vector, i, c);
            } else {
                status = -1;
            }
        }
        break;
    default:
        status = -1;
    }
    PyGILState_Release(gil);
    return status;
}

/* The str for a non-NA CHARSXP by the text rule when it is ASCII, "UTF-8", or native in
 * a UTF-8 session (UTF-8, invalid bytes as surrogate escapes); NULL for the others
 * ("latin1", "bytes", another native encoding), which text.from_bytes decodes. */
static PyObject *pyr_charsxp_str(SEXP c, int native_utf8)
{
    const char *data = R_CHAR(c);
    int size = LENGTH(c);
    int ascii = 1;
    for (int i = 0; i < size; i++) {
        if ((unsigned char) data[i] >= 0x80) {
            ascii = 0;
            break;
        }
    }
    if (!ascii) {
        cetype_t ce = Rf_getCharCE(c);
        if (!(ce == CE_UTF8 || (ce == CE_NATIVE && native_utf8))) {
            return NULL;
        }
    }
    PyObject *value = PyUnicode_DecodeUTF8(data, size, "surrogateescape");
    if (value == NULL) PyErr_Clear();
    return value;
}

/* Fill a list of None of the vector's length with its elements as Python scalars (NA as
 * None): 0 when done, -1 when an element needs the Python path (then that path runs). */
int pyr_fill_list(SEXP vector, uintptr_t address, int native_utf8)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *list = (PyObject *) address;
    Py_ssize_t n = PyList_GET_SIZE(list);
    int kind = TYPEOF(vector);
    int status = 0;
    if ((R_xlen_t) n != XLENGTH(vector)) {
        PyGILState_Release(gil);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n && !status; i++) {
        PyObject *value = NULL;
        switch (kind) {
        case REALSXP:
            value = PyFloat_FromDouble(REAL(vector)[i]);
            break;
        case INTSXP: {
            int x = INTEGER(vector)[i];
            if (x == NA_INTEGER) continue;
            value = PyLong_FromLong(x);
            break;
        }
        case LGLSXP: {
            int x = LOGICAL(vector)[i];
            if (x == NA_LOGICAL) continue;
            value = PyBool_FromLong(x != 0);
            break;
        }
        case CPLXSXP: {
            Rcomplex x = COMPLEX(vector)[i];
            value = PyComplex_FromDoubles(x.r, x.i);
            break;
        }
        case STRSXP: {
            SEXP c = STRING_ELT(vector, i);
            if (c == NA_STRING) continue;
            value = pyr_charsxp_str(c, native_utf8);
            break;
        }
        default:
            break;
        }
        if (value == NULL) {
            PyErr_Clear();
            status = -1;
        } else {
            PyList_SetItem(list, i, value);
        }
    }
    PyGILState_Release(gil);
    return status;
}

/* The .External entries: pyr_entry_<i> hands its arguments (after its own pointer) to
 * the Python function pyr_dispatch (crossing.py) with its number; ENTRY_SLOTS of them
 * (cdef.py). One with more than PYR_ENTRY_ARGUMENTS arguments gets count -1 and
 * the call itself in arguments[0], to walk in Python. */
#define PYR_ENTRY_ARGUMENTS 64
static SEXP pyr_dispatch(int index, SEXP *arguments, int count);

static SEXP pyr_enter(int index, SEXP args)
{
    SEXP arguments[PYR_ENTRY_ARGUMENTS];
    int count = 0;
    for (SEXP node = CDR(args); node != R_NilValue; node = CDR(node)) {
        if (count == PYR_ENTRY_ARGUMENTS) {
            arguments[0] = args;
            return pyr_dispatch(index, arguments, -1);
        }
        arguments[count++] = CAR(node);
    }
    return pyr_dispatch(index, arguments, count);
}

/* pyr_entry_0 ... pyr_entry_<ENTRY_SLOTS - 1> (each pyr_enter(i, args)) follow, written by
 * fast_build.py. */

struct pyr_allocation { SEXPTYPE kind; R_xlen_t length; SEXP vector; };

static SEXP pyr_allocate_body(void *data)
{
    struct pyr_allocation *a = data;
    a->vector = Rf_allocVector(a->kind, a->length);
    return a->vector;
}

static SEXP pyr_allocate_failed(SEXP condition, void *data)
{
    ((struct pyr_allocation *) data)->vector = NULL;
    return R_NilValue;
}

/* A new vector (unprotected) as Rf_allocVector makes it, atomic ones not zeroed; NULL
 * when R cannot allocate it (its error caught here: the caller then asks R's vector()
 * for the same vector, which raises that error the usual way). */
SEXP pyr_allocate(int kind, R_xlen_t length)
{
    struct pyr_allocation a = { (SEXPTYPE) kind, length, NULL };
    R_tryCatchError(pyr_allocate_body, &a, pyr_allocate_failed, &a);
    if (a.vector != NULL && kind != STRSXP && kind != VECSXP) {
        /* fresh, untouched memory: asking for huge pages makes filling it fault
         * 2 MB at a time instead of 4 KB (advice only; ignored where unsupported) */
        uintptr_t start = (uintptr_t) DATAPTR(a.vector);
        uintptr_t end = start + (uintptr_t) length * (uintptr_t) (kind == CPLXSXP ? 16 :
                        kind == REALSXP ? 8 : kind == RAWSXP ? 1 : 4);
        uintptr_t page = 4096;
        start = (start + page - 1) & ~(page - 1);
        end &= ~(page - 1);
#ifdef MADV_HUGEPAGE
        if (end > start) madvise((void *) start, end - start, MADV_HUGEPAGE);
#endif
    }
    return a.vector;
}

/* The SEXP type of an R value without attributes, -1 for one with attributes. */
int pyr_plain_kind(SEXP x)
{
    return ATTRIB(x) == R_NilValue ? TYPEOF(x) : -1;
}

/* Set by the runtime (handles.py): drops the count a finalized pointer owned. */
void (*pyr_drop_key)(uintptr_t) = NULL;

static void pyr_finalize_xptr(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        if (pyr_drop_key != NULL) pyr_drop_key((uintptr_t) address);
    }
}

/* An external pointer holding key, finalized by pyr_finalize_xptr (unprotected). */
SEXP pyr_new_xptr(uintptr_t key, SEXP tag, SEXP prot)
{
    SEXP xptr = PROTECT(R_MakeExternalPtr((void *) key, tag, prot));
    R_RegisterCFinalizerEx(xptr, pyr_finalize_xptr, FALSE);
    UNPROTECT(1);
    return xptr;
}

/* A new environment (parent the empty one, class classes) holding as symbol a
 * pyr_new_xptr(key, tag, prot) (unprotected). */
SEXP pyr_new_xptr_environment(uintptr_t key, SEXP tag, SEXP prot, SEXP classes, SEXP symbol)
{
    SEXP xptr = PROTECT(pyr_new_xptr(key, tag, prot));
    SEXP env = PROTECT(R_NewEnv(R_EmptyEnv, 0, 0));
    Rf_defineVar(symbol, xptr, env);
    Rf_setAttrib(env, R_ClassSymbol, classes);
    UNPROTECT(2);
    return env;
}

/* The key an external pointer holds (0 once cleared). */
uintptr_t pyr_xptr_key(SEXP xptr)
{
    return (uintptr_t) R_ExternalPtrAddr(xptr);
}

/* ==== Conversion loops and proxies (issue 12: list and object-column loops, the
 * canonical proxies' weak references) ==================================================
 */

/* The SEXP type a list becomes when all its elements are of the kind of its first one
 * that is not None (REALSXP for a float, INTSXP for an int, LGLSXP for a bool, STRSXP
 * for a str, all of exact built-in types); 0 for an empty or all-None list or another
 * first element. O(1) for most lists: pyr_fill_from_list then checks every element
 * (and an int's range), so a vector it fills is the one pyr_list_kind's type gives. */
int pyr_list_first_kind(uintptr_t address)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *list = (PyObject *) address;
    Py_ssize_t n = PyList_GET_SIZE(list);
    int kind = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = PyList_GET_ITEM(list, i);
        PyTypeObject *type = Py_TYPE(value);
        if (value == Py_None) continue;
        kind = type == &PyFloat_Type ? REALSXP : type == &PyBool_Type ? LGLSXP :
               type == &PyLong_Type ? INTSXP : type == &PyUnicode_Type ? STRSXP : 0;
        break;
    }
    PyGILState_Release(gil);
    return kind;
}

/* Set by the canonical proxies (convert/proxies.py): drops the count a finalized
 * canonical pointer owned and forgets the proxy it stood for, in one call. */
void (*pyr_canonical_finalized)(uintptr_t, SEXP) = NULL;

static void pyr_finalize_canonical_xptr(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        if (pyr_canonical_finalized != NULL) pyr_canonical_finalized((uintptr_t) address, xptr);
        else if (pyr_drop_key != NULL) pyr_drop_key((uintptr_t) address);
    }
}

/* pyr_new_xptr_environment(key, tag, R_NilValue, classes, symbol) (unprotected) whose
 * pointer's one weak reference, its finalizer (pyr_finalize_canonical_xptr), has the
 * environment as value, so the canonical proxies need no weak reference of their own:
 * that weak reference is stored in made[0], the pointer in made[1]. R's weak references
 * are ephemerons: the environment is kept only while something else reaches the pointer. */
SEXP pyr_new_canonical_environment(uintptr_t key, SEXP tag, SEXP classes, SEXP symbol,
                                   SEXP *made)
{
    SEXP xptr = PROTECT(R_MakeExternalPtr((void *) key, tag, R_NilValue));
    SEXP env = PROTECT(R_NewEnv(R_EmptyEnv, 0, 0));
    Rf_defineVar(symbol, xptr, env);
    Rf_setAttrib(env, R_ClassSymbol, classes);
    made[0] = R_MakeWeakRefC(xptr, env, pyr_finalize_canonical_xptr, FALSE);
    made[1] = xptr;
    UNPROTECT(2);
    return env;
}

/* The external pointer behind a proxy: the "pyobj" binding (symbol) of an environment,
 * or of the environment a closure or list carries as attr(, "py_object"); NULL when
 * there is none (a delay_load module proxy before its import, or not a proxy). */
SEXP pyr_proxy_xptr(SEXP x, SEXP symbol, SEXP origin_symbol)
{
    SEXP env = x;
    int kind = TYPEOF(x);
    if (kind == CLOSXP || kind == VECSXP) {
        env = Rf_getAttrib(x, origin_symbol);
        if (TYPEOF(env) != ENVSXP) return NULL;
    } else if (kind != ENVSXP) {
        return NULL;
    }
    SEXP value = Rf_findVarInFrame3(env, symbol, TRUE);
    return TYPEOF(value) == EXTPTRSXP ? value : NULL;
}
