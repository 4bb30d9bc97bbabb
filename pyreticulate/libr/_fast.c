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
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
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

/* Element i of an atomic vector of this kind as the built-in rule converts it (a new
 * reference; NA as None, a double's NA as its NaN), NULL when it needs the Python path. */
static inline PyObject *pyr_element(SEXP vector, R_xlen_t i, int kind, int native_utf8)
{
    switch (kind) {
    case REALSXP:
        return PyFloat_FromDouble(REAL(vector)[i]);
    case INTSXP: {
        int x = INTEGER(vector)[i];
        if (x == NA_INTEGER) Py_RETURN_NONE;
        return PyLong_FromLong(x);
    }
    case LGLSXP: {
        int x = LOGICAL(vector)[i];
        if (x == NA_LOGICAL) Py_RETURN_NONE;
        return PyBool_FromLong(x != 0);
    }
    case CPLXSXP: {
        Rcomplex x = COMPLEX(vector)[i];
        return PyComplex_FromDoubles(x.r, x.i);
    }
    case STRSXP: {
        SEXP c = STRING_ELT(vector, i);
        if (c == NA_STRING) Py_RETURN_NONE;
        return pyr_charsxp_str(c, native_utf8);
    }
    default:
        return NULL;
    }
}

/* Store value as item i of a list whose items are all None (that reference is dropped). */
static inline void pyr_replace_none(PyObject **items, Py_ssize_t i, PyObject *value)
{
    Py_DECREF(items[i]);
    items[i] = value;
}

/* Fill a list of None of the vector's length with its elements as Python scalars (NA as
 * None): 0 when done, -1 when an element needs the Python path (then that path runs).
 * Doubles, integers and logicals are read through one data pointer, the rest by
 * pyr_element. */
int pyr_fill_list(SEXP vector, uintptr_t address, int native_utf8)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *list = (PyObject *) address;
    Py_ssize_t n = PyList_GET_SIZE(list);
    PyObject **items = ((PyListObject *) list)->ob_item;
    int kind = TYPEOF(vector);
    int status = 0;
    if ((R_xlen_t) n != XLENGTH(vector)) {
        PyGILState_Release(gil);
        return -1;
    }
    if (kind == REALSXP) {
        const double *x = REAL_RO(vector);
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = PyFloat_FromDouble(x[i]);
            if (value == NULL) status = -1;
            else pyr_replace_none(items, i, value);
        }
    } else if (kind == INTSXP || kind == LGLSXP) {
        const int *x = kind == INTSXP ? INTEGER_RO(vector) : LOGICAL_RO(vector);
        int na = kind == INTSXP ? NA_INTEGER : NA_LOGICAL;
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            if (x[i] == na) continue;   /* stays None */
            PyObject *value = kind == INTSXP ? PyLong_FromLong(x[i]) : PyBool_FromLong(x[i] != 0);
            if (value == NULL) status = -1;
            else pyr_replace_none(items, i, value);
        }
    } else {
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = pyr_element(vector, i, kind, native_utf8);
            if (value == NULL) status = -1;
            else pyr_replace_none(items, i, value);
        }
    }
    if (status) PyErr_Clear();
    PyGILState_Release(gil);
    return status;
}

/* The .External entries: pyr_entry_<i> hands its arguments (after its own pointer) to
 * the Python function pyr_dispatch (crossing.py) with its number; ENTRY_SLOTS of them
 * (cdef.py). One with more than PYR_ENTRY_ARGUMENTS arguments gets count -1 and
 * the call itself in arguments[0], to walk in Python. */
#define PYR_ENTRY_ARGUMENTS 64
static SEXP pyr_dispatch(int index, SEXP *arguments, int count);

static SEXP pyr_crossing_fast(int index, SEXP args);

static SEXP pyr_enter(int index, SEXP args)
{
    SEXP fast = pyr_crossing_fast(index, args);
    if (fast != NULL) {
        return fast;
    }
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

/* What the compiled proxies update in place, handed over by convert/proxies.py: PY_REFS,
 * its entries ({id: [object, count, bytes]}), the types that pin nothing, the class
 * vectors' addresses by type, CANONICAL's two dicts ({(id, convert): (weak reference,
 * pointer)} and {pointer: (id, convert)}, R values as addresses), RObject, and the
 * function that reports a finalizer's exception (interrupts.callback_failed). */
static struct {
    PyObject *refs, *entries, *pins_nothing, *classes, *canonical, *by_env, *robject, *failed;
    PyObject *k_count, *k_since_gc, *k_bytes, *k_gc_requested, *k_count_after_gc, *k_every;
    SEXP pyobj;
    int ready;
} pyr_p;

/* Add delta to the int attribute name of obj (not below 0 with floor); 0 when done. */
static int pyr_attr_add(PyObject *obj, PyObject *name, PyObject *delta, int floor)
{
    PyObject *old = PyObject_GetAttr(obj, name);
    PyObject *new = old != NULL ? PyNumber_Add(old, delta) : NULL;
    int failed = new == NULL;
    if (!failed && floor && PyLong_AsLong(new) < 0) {
        Py_DECREF(new);
        new = PyLong_FromLong(0);
        failed = new == NULL;
    }
    failed = failed || PyObject_SetAttr(obj, name, new) < 0;
    Py_XDECREF(old);
    Py_XDECREF(new);
    return failed ? -1 : 0;
}

/* PY_REFS.drop(key) (GIL held; an exception is left set). */
static void pyr_refs_drop(uintptr_t key)
{
    PyObject *k = PyLong_FromVoidPtr((void *) key);
    PyObject *entry = k != NULL ? PyDict_GetItemWithError(pyr_p.entries, k) : NULL;
    if (entry == NULL || !PyList_Check(entry) || PyList_GET_SIZE(entry) != 3) {
        Py_XDECREF(k);
        return;
    }
    Py_INCREF(entry);   /* the object it holds goes (and its __del__ runs) at the end */
    PyObject *minus = PyLong_FromLong(-1);
    long count = PyLong_AsLong(PyList_GET_ITEM(entry, 1)) - 1;
    if (minus != NULL && pyr_attr_add(pyr_p.refs, pyr_p.k_count, minus, 0) == 0 &&
        pyr_attr_add(pyr_p.refs, pyr_p.k_since_gc, minus, 1) == 0) {
        if (count > 0) {
            PyList_SetItem(entry, 1, PyLong_FromLong(count));
        } else if (PyDict_DelItem(pyr_p.entries, k) == 0) {
            PyObject *size = PyNumber_Negative(PyList_GET_ITEM(entry, 2));
            if (size != NULL) pyr_attr_add(pyr_p.refs, pyr_p.k_bytes, size, 0);
            Py_XDECREF(size);
        }
    }
    Py_XDECREF(minus);
    Py_DECREF(k);
    Py_DECREF(entry);
}

/* Report the exception a finalizer left through pyr_p.failed (a Ctrl-C interrupts R). */
static void pyr_finalizer_failed(void)
{
    if (!PyErr_Occurred()) return;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyObject *done = PyObject_CallFunctionObjArgs(pyr_p.failed, type ? type : Py_None,
                                                  value ? value : Py_None,
                                                  tb ? tb : Py_None, NULL);
    Py_XDECREF(done);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    PyErr_Clear();
}

static void pyr_finalize_xptr(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        if (pyr_p.ready) {
            PyGILState_STATE gil = PyGILState_Ensure();
            pyr_refs_drop((uintptr_t) address);
            pyr_finalizer_failed();
            PyGILState_Release(gil);
        } else if (pyr_drop_key != NULL) {
            pyr_drop_key((uintptr_t) address);
        }
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

/* CANONICAL.forget(pointer) (GIL held; an exception is left set). */
static void pyr_canonical_forget(SEXP pointer)
{
    PyObject *held = PyLong_FromVoidPtr((void *) pointer);
    PyObject *key = held != NULL ? PyDict_GetItemWithError(pyr_p.by_env, held) : NULL;
    if (key != NULL) {
        Py_INCREF(key);
        PyObject *entry = PyDict_DelItem(pyr_p.by_env, held) == 0 ?
            PyDict_GetItemWithError(pyr_p.canonical, key) : NULL;
        if (entry != NULL && PyTuple_Check(entry) && PyTuple_GET_SIZE(entry) == 2 &&
            PyObject_RichCompareBool(PyTuple_GET_ITEM(entry, 1), held, Py_EQ) == 1)
            PyDict_DelItem(pyr_p.canonical, key);
        Py_DECREF(key);
    }
    Py_XDECREF(held);
}

/* A canonical pointer's finalizer: PY_REFS.drop and CANONICAL.forget in C once the
 * proxies' state is installed, else through the Python callbacks. */
static void pyr_finalize_canonical_xptr(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        if (pyr_p.ready) {
            PyGILState_STATE gil = PyGILState_Ensure();
            pyr_canonical_forget(xptr);
            if (!PyErr_Occurred()) pyr_refs_drop((uintptr_t) address);
            pyr_finalizer_failed();
            PyGILState_Release(gil);
        } else if (pyr_canonical_finalized != NULL) {
            pyr_canonical_finalized((uintptr_t) address, xptr);
        } else if (pyr_drop_key != NULL) {
            pyr_drop_key((uintptr_t) address);
        }
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

/* Keeps tuple t's items in slots (a new reference each, the old one released); a NULL
 * slot skips its item. */
static void pyr_keep_items(PyObject *t, PyObject **slots[], int n)
{
    for (int i = 0; i < n; i++) {
        if (slots[i] == NULL) continue;
        PyObject *item = PyTuple_GET_ITEM(t, i);
        Py_XDECREF(*slots[i]);
        Py_INCREF(item);
        *slots[i] = item;
    }
}

/* Interns names[i] into keys[i] where that key is not made yet. */
static void pyr_intern_keys(PyObject **keys[], const char *const names[], int n)
{
    for (int i = 0; i < n; i++) {
        if (*keys[i] == NULL) *keys[i] = PyUnicode_InternFromString(names[i]);
    }
}

/* The proxies' state (a tuple's address, its items kept: handles.compiled_state(), the
 * class vectors' addresses, CANONICAL's entries and pointers, RObject, the finalizers'
 * failure report); 0 when installed. */
int pyr_proxy_install(uintptr_t address)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *t = (PyObject *) address;
    int status = -1;
    if (PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 8 && PyDict_Check(PyTuple_GET_ITEM(t, 1)) &&
        PyAnySet_Check(PyTuple_GET_ITEM(t, 2)) && PyDict_Check(PyTuple_GET_ITEM(t, 3)) &&
        PyDict_Check(PyTuple_GET_ITEM(t, 4)) && PyDict_Check(PyTuple_GET_ITEM(t, 5)) &&
        PyType_Check(PyTuple_GET_ITEM(t, 6))) {
        PyObject **slots[] = { &pyr_p.refs, &pyr_p.entries, &pyr_p.pins_nothing,
                               &pyr_p.classes, &pyr_p.canonical, &pyr_p.by_env,
                               &pyr_p.robject, &pyr_p.failed };
        pyr_keep_items(t, slots, 8);
        PyObject **keys[] = { &pyr_p.k_count, &pyr_p.k_since_gc, &pyr_p.k_bytes,
                              &pyr_p.k_gc_requested, &pyr_p.k_count_after_gc, &pyr_p.k_every };
        static const char *const names[] = { "count", "since_gc", "bytes", "gc_requested",
                                             "count_after_gc", "GC_EVERY_OBJECTS" };
        pyr_intern_keys(keys, names, 6);
        pyr_p.pyobj = Rf_install("pyobj");
        pyr_p.ready = 1;
        status = 0;
    }
    PyGILState_Release(gil);
    return status;
}

/* The int attribute name of obj, -1 when it is not one. */
static long pyr_attr_long(PyObject *obj, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    long x = value != NULL && PyLong_Check(value) ? PyLong_AsLong(value) : -1;
    Py_XDECREF(value);
    return x;
}

/* PY_REFS.add(value) (id: its id, entry: its PY_REFS entry or NULL) for a value that
 * pins no memory (its type in pins_nothing, or a view of R memory: views), unless it
 * would request an R collection: 0 when done, -1 when the Python path must add it. */
static int pyr_refs_add(PyObject *value, PyObject *id, PyObject *entry, int view)
{
    long since = pyr_attr_long(pyr_p.refs, pyr_p.k_since_gc);
    long every = pyr_attr_long(pyr_p.refs, pyr_p.k_every);
    long after = pyr_attr_long(pyr_p.refs, pyr_p.k_count_after_gc);
    PyObject *requested = PyObject_GetAttr(pyr_p.refs, pyr_p.k_gc_requested);
    int room = !PyErr_Occurred() && requested == Py_False && since >= 0 && every >= 0 &&
        after >= 0 && since + 1 < (every > after ? every : after) &&
        (entry != NULL || view ||
         PySet_Contains(pyr_p.pins_nothing, (PyObject *) Py_TYPE(value)) == 1);
    Py_XDECREF(requested);
    PyObject *one = room ? PyLong_FromLong(1) : NULL;
    if (one == NULL) return -1;
    int added;
    if (entry != NULL) {
        PyObject *more = PyNumber_Add(PyList_GET_ITEM(entry, 1), one);
        added = more != NULL && PyList_SetItem(entry, 1, more) == 0;
    } else {
        PyObject *fresh = PyList_New(3);
        PyObject *zero = PyLong_FromLong(0);
        added = fresh != NULL && zero != NULL;
        if (added) {
            Py_INCREF(value);
            Py_INCREF(one);
            PyList_SET_ITEM(fresh, 0, value);
            PyList_SET_ITEM(fresh, 1, one);
            PyList_SET_ITEM(fresh, 2, zero);
            added = PyDict_SetItem(pyr_p.entries, id, fresh) == 0;
        } else {
            Py_XDECREF(zero);
        }
        Py_XDECREF(fresh);
    }
    added = added && pyr_attr_add(pyr_p.refs, pyr_p.k_count, one, 0) == 0 &&
        pyr_attr_add(pyr_p.refs, pyr_p.k_since_gc, one, 0) == 0;
    Py_DECREF(one);
    return added ? 0 : -1;
}

/* The class vector cached for value's type (proxies._class_addresses), NULL when none. */
static SEXP pyr_cached_classes(PyObject *value)
{
    PyObject *classes = PyDict_GetItemWithError(pyr_p.classes, (PyObject *) Py_TYPE(value));
    return classes != NULL && PyLong_Check(classes) ? (SEXP) PyLong_AsVoidPtr(classes) : NULL;
}

/* The canonical environment proxy of an unconverted value, as references.wrap(value,
 * convert) makes it with proxies.shared_environment_proxy (unprotected; GIL held), or
 * NULL when the Python path must make it: an RObject, a callable, an exception, a type
 * whose class vector is not cached or whose pinned memory is measured, a value that has
 * a canonical proxy already, or one whose count would request an R collection. */
static SEXP pyr_fast_proxy(PyObject *value, int convert)
{
    SEXP env = NULL, classes;
    if (!pyr_p.ready || PyCallable_Check(value) ||
        PyObject_IsInstance(value, pyr_p.robject) != 0 ||
        PyObject_IsInstance(value, PyExc_BaseException) != 0 ||
        (classes = pyr_cached_classes(value)) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *id = PyLong_FromVoidPtr(value);
    PyObject *key = id != NULL ? PyTuple_Pack(2, id, convert ? Py_True : Py_False) : NULL;
    PyObject *entry = id != NULL ? PyDict_GetItemWithError(pyr_p.entries, id) : NULL;
    if (key != NULL && !PyErr_Occurred() && PyDict_Contains(pyr_p.canonical, key) == 0 &&
        pyr_refs_add(value, id, entry, 0) == 0) {
        /* counted first: should R fail below, a count stays, not a dangling key */
        SEXP made[2];
        env = PROTECT(pyr_new_canonical_environment((uintptr_t) value, convert ?
                      R_TrueValue : R_FalseValue, classes, pyr_p.pyobj, made));
        PyObject *ref = PyLong_FromVoidPtr((void *) made[0]);
        PyObject *held = PyLong_FromVoidPtr((void *) made[1]);
        PyObject *record = ref != NULL && held != NULL ? PyTuple_Pack(2, ref, held) : NULL;
        if (record != NULL && PyDict_SetItem(pyr_p.canonical, key, record) == 0)
            PyDict_SetItem(pyr_p.by_env, held, key);
        /* not recorded (no memory): still a proxy, as one CANONICAL forgot */
        Py_XDECREF(ref);
        Py_XDECREF(held);
        Py_XDECREF(record);
        UNPROTECT(1);
    }
    Py_XDECREF(id);
    Py_XDECREF(key);
    PyErr_Clear();
    return env;
}

/* Whether r_to_py() of x is the compiled kind's: a double, complex or raw array whose
 * one attribute is an integer dim (not ALTREP), which arrays.plain_array_view converts. */
static int pyr_plain_array(SEXP x)
{
    int kind = TYPEOF(x);
    SEXP a = ATTRIB(x);
    return (kind == REALSXP || kind == CPLXSXP || kind == RAWSXP) && !ALTREP(x) &&
        !OBJECT(x) && a != R_NilValue && CDR(a) == R_NilValue && TAG(a) == R_DimSymbol &&
        TYPEOF(CAR(a)) == INTSXP;
}

/* r_to_py()'s hinted proxy of view, arrays.plain_array_view's view of the array x, as
 * references.wrap(view, convert, hint) makes it (never shared; the hint a zero-length
 * vector of x's type, what copyMostAttrib leaves of a dim-only array); unprotected, NULL
 * when the Python path must make it. */
static SEXP pyr_fast_array_proxy(PyObject *view, int convert, SEXP x)
{
    SEXP env = NULL, classes;
    if (!pyr_p.ready || (classes = pyr_cached_classes(view)) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *id = PyLong_FromVoidPtr(view);
    PyObject *entry = id != NULL ? PyDict_GetItemWithError(pyr_p.entries, id) : NULL;
    if (id != NULL && !PyErr_Occurred() && pyr_refs_add(view, id, entry, 1) == 0) {
        SEXP hint = PROTECT(Rf_allocVector(TYPEOF(x), 0));
        env = pyr_new_xptr_environment((uintptr_t) view, convert ? R_TrueValue :
                                       R_FalseValue, hint, classes, pyr_p.pyobj);
        UNPROTECT(1);
    }
    Py_XDECREF(id);
    PyErr_Clear();
    return env;
}

/* ==== crossing: the fast path of the commonest R -> Python entries ====================
 *
 * call_formals (a callable's closure), get_attr (`$`) and r_to_py run here, without
 * Python code around the call, when all of these hold: R is entered on the main thread,
 * outermost (no other entry running), with no queued or deferred thread work, no
 * converter scope in this context and no user rule anywhere, where the call runs here
 * (no hand-off), in the process R started in; and the arguments are attribute-free
 * length-1 logical, integer, double or ASCII/UTF-8 character vectors (or NULL), or
 * missing (r_to_py: a pyr_plain_array and a logical flag). Then this does what
 * crossing.py's _run, _run_busy and the entry do, in the same order, on the same state
 * (R suspended around the call as threads.suspend and resume do, crossing._nesting, a
 * warning frame); the
 * result is made here when it is a plain scalar (convert) or a proxy pyr_fast_proxy or
 * pyr_fast_array_proxy makes. Another result, an exception, collected warnings or work
 * queued meanwhile go to crossing.finish_fast, the Python path's own finish. When a
 * condition does not hold, nothing has been done and the Python entry runs (NULL). */

enum { PYR_FAST_NONE = 0, PYR_FAST_CALL = 1, PYR_FAST_ATTR = 2, PYR_FAST_R_TO_PY = 3 };
#define PYR_FAST_SLOTS 256

/* 1 while the fast path may run (installed, no user rules): set by crossing.py */
int pyr_crossing_open = 0;

static unsigned char pyr_fast_kinds[PYR_FAST_SLOTS];

static struct {
    PyObject *state, *suspended, *waiting, *deferred, *notify, *resume, *leave;
    PyObject *nesting, *warnings, *scopes, *finish, *array_view;
    PyObject *k_owner, *k_depth, *k_bounds, *k_pid, *k_closed, *k_frames;
    SEXP missing, pyobj;
} pyr_x;

/* Entry number index is the fast path's kind (PYR_FAST_CALL or PYR_FAST_ATTR). */
void pyr_crossing_set_kind(int index, int kind)
{
    if (index >= 0 && index < PYR_FAST_SLOTS) pyr_fast_kinds[index] = (unsigned char) kind;
}

/* The Python objects the fast path reads and updates, as a tuple's address (its items
 * are kept): threads._state, _suspended, _waiting, _deferred, notify, resume, leave,
 * crossing._nesting, errors.WARNINGS, the converter scopes' ContextVar,
 * crossing.finish_fast, arrays.plain_array_view; and the missing-argument marker. */
int pyr_crossing_install(uintptr_t address, SEXP missing)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *t = (PyObject *) address;
    int status = -1;
    if (PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 12) {
        PyObject **slots[] = { &pyr_x.state, &pyr_x.suspended, &pyr_x.waiting, &pyr_x.deferred,
                               &pyr_x.notify, &pyr_x.resume, &pyr_x.leave, &pyr_x.nesting,
                               &pyr_x.warnings, &pyr_x.scopes, &pyr_x.finish,
                               &pyr_x.array_view };
        pyr_keep_items(t, slots, 12);
        PyObject **keys[] = { &pyr_x.k_owner, &pyr_x.k_depth, &pyr_x.k_bounds, &pyr_x.k_pid,
                              &pyr_x.k_closed, &pyr_x.k_frames };
        static const char *const names[] = { "owner", "depth", "bounds", "pid", "closed",
                                             "frames" };
        pyr_intern_keys(keys, names, 6);
        pyr_x.missing = missing;
        pyr_x.pyobj = Rf_install("pyobj");
        status = PyErr_Occurred() ? -1 : 0;
        PyErr_Clear();
    }
    PyGILState_Release(gil);
    return status;
}

/* Whether R is open in the process it started in and no converter scope is set in this
 * context (GIL held): what both fast paths need of the session. */
static int pyr_session_ok(void)
{
    if (PyDict_GetItem(pyr_x.state, pyr_x.k_closed) != Py_False) return 0;
    PyObject *pid = PyDict_GetItem(pyr_x.state, pyr_x.k_pid);
    if (pid == NULL || (pid != Py_None && PyLong_AsLong(pid) != (long) getpid())) return 0;
    PyObject *scopes = NULL;
    if (PyContextVar_Get(pyr_x.scopes, NULL, &scopes) < 0 || scopes == NULL) {
        PyErr_Clear();
        return 0;
    }
    int empty = PyTuple_Check(scopes) && PyTuple_GET_SIZE(scopes) == 0;
    Py_DECREF(scopes);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return empty;
}

/* Whether the int object x is this thread's ident (GIL held). */
static int pyr_is_me(PyObject *x)
{
    if (x == NULL || !PyLong_Check(x)) return 0;
    unsigned long ident = PyLong_AsUnsignedLong(x);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return ident == PyThread_get_thread_ident();
}

/* Whether the state lets the fast path run (GIL held): this thread owns R (an entry runs
 * where R runs), no entry is running under this one, no deferred work waits. */
static int pyr_fast_state_ok(void)
{
    if (!pyr_is_me(PyDict_GetItem(pyr_x.state, pyr_x.k_owner))) return 0;
    if (PyObject_Size(pyr_x.deferred) != 0) return 0;
    if (PyList_GET_SIZE(pyr_x.nesting) < 1 || PyLong_AsLong(PyList_GET_ITEM(pyr_x.nesting, 0)) != 0)
        return 0;
    return pyr_session_ok();
}

/* threads.suspend(): the call record [owner, None, None, depth] pushed on
 * threads._suspended (its start is noted by the first thread that waits on it), R left
 * free, waiting threads woken; NULL (nothing done) when the record cannot be made. GIL
 * held. */
static PyObject *pyr_suspend(void)
{
    PyObject *owner = PyDict_GetItem(pyr_x.state, pyr_x.k_owner);
    PyObject *depth = PyDict_GetItem(pyr_x.state, pyr_x.k_depth);
    PyObject *call = owner != NULL && depth != NULL ? PyList_New(4) : NULL;
    if (call == NULL || PyList_Append(pyr_x.suspended, call) < 0) {
        Py_XDECREF(call);
        PyErr_Clear();
        return NULL;
    }
    Py_INCREF(owner);
    Py_INCREF(depth);
    Py_INCREF(Py_None);
    Py_INCREF(Py_None);
    PyList_SET_ITEM(call, 0, owner);
    PyList_SET_ITEM(call, 1, Py_None);
    PyList_SET_ITEM(call, 2, Py_None);
    PyList_SET_ITEM(call, 3, depth);
    PyDict_SetItem(pyr_x.state, pyr_x.k_owner, Py_None);
    PyObject *zero = PyLong_FromLong(0);
    if (zero != NULL) PyDict_SetItem(pyr_x.state, pyr_x.k_depth, zero);
    Py_XDECREF(zero);
    if (PyList_GET_SIZE(pyr_x.waiting) > 0) {
        PyObject *done = PyObject_CallNoArgs(pyr_x.notify);
        Py_XDECREF(done);
    }
    PyErr_Clear();
    return call;
}

/* threads.resume(call): R taken back for call, in C when nothing entered above it, R is
 * free, its bounds are this thread's and no deferred work waits, else by the Python
 * function (which waits). 0 when done, -1 with an exception set (a Ctrl-C that came
 * while it waited; R is taken back all the same). GIL held; call's reference is
 * dropped. */
static int pyr_resume(PyObject *call)
{
    Py_ssize_t n = PyList_GET_SIZE(pyr_x.suspended);
    PyObject *owner = PyList_GET_ITEM(call, 0);
    int status = 0;
    if (n > 0 && PyList_GET_ITEM(pyr_x.suspended, n - 1) == call &&
        PyDict_GetItem(pyr_x.state, pyr_x.k_owner) == Py_None &&
        PyObject_RichCompareBool(PyDict_GetItem(pyr_x.state, pyr_x.k_bounds), owner, Py_EQ) == 1 &&
        PyObject_Size(pyr_x.deferred) == 0) {
        PyList_SetSlice(pyr_x.suspended, n - 1, n, NULL);
        PyDict_SetItem(pyr_x.state, pyr_x.k_owner, owner);
        PyDict_SetItem(pyr_x.state, pyr_x.k_depth, PyList_GET_ITEM(call, 3));
    } else {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyObject *done = PyObject_CallOneArg(pyr_x.resume, call);
        if (done == NULL) {
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(tb);
            status = -1;
        } else {
            Py_DECREF(done);
            PyErr_Restore(type, value, tb);
        }
    }
    Py_DECREF(call);
    return status;
}

/* A plain scalar as the built-in rule converts it (new reference), NULL for any other. */
static PyObject *pyr_fast_argument(SEXP value)
{
    if (value == R_NilValue) Py_RETURN_NONE;
    int kind = TYPEOF(value);
    if ((kind != REALSXP && kind != INTSXP && kind != LGLSXP && kind != STRSXP) ||
        ATTRIB(value) != R_NilValue || XLENGTH(value) != 1) return NULL;
    return pyr_element(value, 0, kind, 0);
}

/* A Python scalar as the built-in rule converts it (unprotected), NULL for any other. */
static SEXP pyr_fast_result(PyObject *value)
{
    if (value == Py_None) return R_NilValue;
    PyTypeObject *type = Py_TYPE(value);
    if (type == &PyBool_Type) return Rf_ScalarLogical(value == Py_True);
    if (type == &PyFloat_Type) return Rf_ScalarReal(PyFloat_AS_DOUBLE(value));
    if (type == &PyLong_Type) {
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow || x < -PYR_INT_MAX || x > PYR_INT_MAX) {
            PyErr_Clear();
            return NULL;
        }
        return Rf_ScalarInteger((int) x);
    }
    if (type == &PyUnicode_Type) {
        SEXP c = pyr_mkchar(value);
        if (c == NULL) return NULL;
        PROTECT(c);
        SEXP out = Rf_ScalarString(c);
        UNPROTECT(1);
        return out;
    }
    return NULL;
}

/* The Python object a proxy's external pointer holds (borrowed: R holds it), NULL when
 * cleared or not a proxy's (whose tag is its convert flag). */
static PyObject *pyr_fast_object(SEXP pointer)
{
    if (TYPEOF(pointer) != EXTPTRSXP) return NULL;
    SEXP tag = R_ExternalPtrTag(pointer);
    if (tag != R_TrueValue && tag != R_FalseValue) return NULL;
    return (PyObject *) R_ExternalPtrAddr(pointer);
}

/* The call_formals arguments (pointer, names, values...) as args and kwargs; 0 when they
 * are all plain, -1 (nothing kept) otherwise. */
static int pyr_fast_call_arguments(SEXP args, PyObject **callable, int *convert,
                                   PyObject **positional, PyObject **named)
{
    SEXP node = CDR(args);
    if (node == R_NilValue || CDR(node) == R_NilValue) return -1;
    SEXP pointer = CAR(node), names = CADR(node);
    *callable = pyr_fast_object(pointer);
    if (*callable == NULL || TYPEOF(names) != STRSXP) return -1;
    *convert = R_ExternalPtrTag(pointer) == R_TrueValue;
    PyObject *list = PyList_New(0);
    PyObject *dict = NULL;
    int by_name = 0;
    R_xlen_t i = 0, n = XLENGTH(names);
    for (node = CDDR(node); node != R_NilValue; node = CDR(node), i++) {
        SEXP value = CAR(node);
        if (i >= n) goto fail;
        const char *name = CHAR(STRING_ELT(names, i));
        if (strcmp(name, "...") == 0) {
            if (TYPEOF(value) != VECSXP || XLENGTH(value) != 0) goto fail;
            by_name = 1;
            continue;
        }
        if (value == pyr_x.missing) {
            by_name = 1;
            continue;
        }
        PyObject *converted = pyr_fast_argument(value);
        if (converted == NULL) goto fail;
        int failed;
        if (by_name) {
            PyObject *key = pyr_charsxp_str(STRING_ELT(names, i), 0);
            if (dict == NULL) dict = PyDict_New();
            failed = key == NULL || dict == NULL || PyDict_SetItem(dict, key, converted) < 0;
            Py_XDECREF(key);
        } else {
            failed = PyList_Append(list, converted) < 0;
        }
        Py_DECREF(converted);
        if (failed) goto fail;
    }
    if (i != n) goto fail;
    *positional = PyList_AsTuple(list);
    Py_DECREF(list);
    *named = dict;
    if (*positional == NULL) {
        Py_XDECREF(dict);
        PyErr_Clear();
        return -1;
    }
    return 0;
fail:
    Py_DECREF(list);
    Py_XDECREF(dict);
    PyErr_Clear();
    return -1;
}

static SEXP pyr_crossing_fast(int index, SEXP args)
{
    if (!pyr_crossing_open || index < 0 || index >= PYR_FAST_SLOTS) return NULL;
    int kind = pyr_fast_kinds[index];
    if (kind == PYR_FAST_NONE) return NULL;
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *callable = NULL, *positional = NULL, *named = NULL, *name = NULL, *value = NULL;
    int convert = 1, module = 0;
    SEXP array = NULL;
    if (!pyr_fast_state_ok()) goto abandon;
    if (kind == PYR_FAST_CALL) {
        if (pyr_fast_call_arguments(args, &callable, &convert, &positional, &named) < 0)
            goto abandon;
    } else if (kind == PYR_FAST_R_TO_PY) {
        /* r_to_py(x, convert) of a plain array, convert a logical (as_flag) */
        SEXP node = CDR(args);
        if (node == R_NilValue || CDR(node) == R_NilValue || CDDR(node) != R_NilValue)
            goto abandon;
        SEXP flag = CADR(node);
        if (!pyr_plain_array(CAR(node)) || TYPEOF(flag) != LGLSXP || XLENGTH(flag) < 1)
            goto abandon;
        array = CAR(node);
        convert = LOGICAL(flag)[0] == 1;
    } else {
        SEXP x = CADR(args), what = CADDR(args);
        if (TYPEOF(x) != ENVSXP || TYPEOF(what) != STRSXP || XLENGTH(what) != 1 ||
            STRING_ELT(what, 0) == NA_STRING) goto abandon;
        /* a proxy's pyobj, read without running R (no active binding: an R error must
         * not jump over this frame, which holds the GIL) */
        if (!R_existsVarInFrame(x, pyr_x.pyobj) || R_BindingIsActive(pyr_x.pyobj, x))
            goto abandon;
        SEXP pointer = Rf_findVarInFrame3(x, pyr_x.pyobj, TRUE);
        callable = pyr_fast_object(pointer);
        if (callable == NULL) goto abandon;
        convert = R_ExternalPtrTag(pointer) == R_TrueValue;
        name = pyr_charsxp_str(STRING_ELT(what, 0), 0);
        if (name == NULL) goto abandon;
        if (PyModule_Check(callable)) {
            if (!PyModule_CheckExact(callable)) goto abandon;
            value = PyDict_GetItemWithError(PyModule_GetDict(callable), name);
            if (value == NULL) goto abandon;   /* a submodule to import, or an error */
            Py_INCREF(value);
            module = 1;
        }
    }
    /* _run and _run_busy: nesting, a warning frame (R stays owned: HOLD's depth is not
     * counted, the frame leaves it as it found it) */
    PyObject *frame = PyList_New(0);
    PyObject *frames = PyObject_GetAttr(pyr_x.warnings, pyr_x.k_frames);   /* WARNINGS.enter() */
    int entered = frame != NULL && frames != NULL && PyList_Check(frames) &&
        PyList_Append(frames, frame) == 0;
    Py_XDECREF(frames);
    if (!entered) {
        Py_XDECREF(frame);
        goto abandon;
    }
    PyObject *one = PyLong_FromLong(1), *zero = PyLong_FromLong(0);
    PyList_SetItem(pyr_x.nesting, 0, one);
    if (array != NULL) {
        value = PyObject_CallFunction(pyr_x.array_view, "n", (Py_ssize_t) (uintptr_t) array);
    } else if (!module) {
        /* run_user_code: R suspended around the call, taken back after it */
        PyObject *call = pyr_suspend();
        if (call == NULL) {
            PyErr_NoMemory();
        } else {
            value = kind == PYR_FAST_CALL ? PyObject_Call(callable, positional, named)
                                          : PyObject_GetAttr(callable, name);
            if (pyr_resume(call) < 0) Py_CLEAR(value);
        }
    }
    if (value != NULL && PyErr_CheckSignals() < 0) Py_CLEAR(value);
    /* out stays protected from here on: the references dropped may run finalizers */
    SEXP out = NULL;
    PROTECT_INDEX slot;
    PROTECT_WITH_INDEX(R_NilValue, &slot);
    frames = value != NULL ? PyObject_GetAttr(pyr_x.warnings, pyr_x.k_frames) : NULL;
    Py_ssize_t depth = frames != NULL && PyList_Check(frames) ? PyList_GET_SIZE(frames) : 0;
    if (value != NULL && depth > 0 && PyList_GET_ITEM(frames, depth - 1) == frame &&
        PyList_GET_SIZE(frame) == 0 && PyObject_Size(pyr_x.deferred) == 0) {
        out = array != NULL ? pyr_fast_array_proxy(value, convert, array) :
              convert ? pyr_fast_result(value) : pyr_fast_proxy(value, 0);
        if (out != NULL) REPROTECT(out, slot);
        if (out != NULL) PyList_SetSlice(frames, depth - 1, depth, NULL);   /* leave() */
    }
    if (frames == NULL && value != NULL) PyErr_Clear();
    Py_XDECREF(frames);
    if (out == NULL) {
        PyObject *exc = Py_None, *type = NULL, *tb = NULL;
        if (value == NULL) {
            PyErr_Fetch(&type, &exc, &tb);
            PyErr_NormalizeException(&type, &exc, &tb);
            if (exc == NULL) {
                exc = Py_None;
                Py_INCREF(exc);
            } else if (tb != NULL) {
                PyException_SetTraceback(exc, tb);
            }
            value = Py_None;
            Py_INCREF(value);
        } else {
            Py_INCREF(exc);
        }
        PyObject *address = PyObject_CallFunction(pyr_x.finish, "OOOOn", value, exc, frame,
                                                  convert ? Py_True : Py_False,
                                                  (Py_ssize_t) (uintptr_t) array);
        out = address == NULL ? R_NilValue : (SEXP) PyLong_AsVoidPtr(address);
        REPROTECT(out, slot);
        Py_XDECREF(type);
        Py_XDECREF(tb);
        Py_DECREF(exc);
        Py_XDECREF(address);
        PyErr_Clear();
    }
    /* leaving the nesting */
    PyList_SetItem(pyr_x.nesting, 0, zero);   /* steals zero */
    Py_DECREF(frame);
    Py_XDECREF(value);
    Py_XDECREF(positional);
    Py_XDECREF(named);
    Py_XDECREF(name);
    UNPROTECT(1);
    PyGILState_Release(gil);
    return out;
abandon:
    Py_XDECREF(value);
    Py_XDECREF(positional);
    Py_XDECREF(named);
    Py_XDECREF(name);
    PyErr_Clear();
    PyGILState_Release(gil);
    return NULL;
}

static int pyr_names_plain(SEXP x)
{
    static SEXP bang = NULL, walrus = NULL;
    if (bang == NULL) {
        bang = Rf_install("!");
        walrus = Rf_install(":=");
    }
    switch (TYPEOF(x)) {
    case SYMSXP:
        return x != bang && x != walrus;
    case LANGSXP:
        for (; x != R_NilValue; x = CDR(x)) {
            if (!pyr_names_plain(CAR(x))) return 0;
        }
        return 1;
    case EXPRSXP:
        for (R_xlen_t i = 0; i < XLENGTH(x); i++) {
            if (!pyr_names_plain(VECTOR_ELT(x, i))) return 0;
        }
        return 1;
    default:
        return 1;
    }
}

/* .External(<this>, call, formal_names): .pyr_plain_call(call, formal_names) in C (no
 * Python): every argument name of the call is "" or one of formal_names, and the call
 * holds no `!` or `:=` symbol (all.names(call, functions = TRUE)). */
SEXP pyr_plain_call(SEXP args)
{
    SEXP call = CADR(args), formals = CADDR(args);
    if (TYPEOF(formals) != STRSXP) return R_FalseValue;
    if (TYPEOF(call) == LANGSXP) {
        for (SEXP node = call; node != R_NilValue; node = CDR(node)) {
            SEXP tag = TAG(node);
            if (tag == R_NilValue) continue;
            const char *name = CHAR(PRINTNAME(tag));
            int found = name[0] == 0;
            for (R_xlen_t i = 0; !found && i < XLENGTH(formals); i++) {
                found = strcmp(name, CHAR(STRING_ELT(formals, i))) == 0;
            }
            if (!found) return R_FalseValue;
        }
    }
    return pyr_names_plain(call) ? R_TrueValue : R_FalseValue;
}

/* ---- Python calls R: an R function called with plain arguments (RFunction's fast path)
 *
 * call(head, env, arguments), a built-in function (pyr_r_call_install hands it to
 * Python): head and env are the addresses of SEXPs the caller keeps, arguments a tuple.
 * It does what evaluation.evaluate does for call_function's all-small guarded call, on
 * the same state (R taken and given up as threads.enter and leave do, evaluation._records, the interrupt
 * counters), when R is called on the main thread of the process R started in, open (no
 * user rule), with no converter scope in this context, no Ctrl-C pending, and every
 * argument None or a bool, float, int within R's range or a str the text rule makes
 * "UTF-8", a dict of such values with str keys (a named list, as the dict rule makes
 * it), or the address of an R value the caller keeps (a SexpAddress, an int subclass
 * whose class install hands over). Being a built-in function, it runs with the GIL held,
 * without cffi's conversions and GIL hand-overs; it releases the GIL only while R runs.
 * It evaluates .pyr_guarded_compiled(head(<arguments>)) in env and converts an
 * attribute-free length-1 logical, integer, double or ASCII character result (or NULL)
 * itself, and returns it. Anything else goes back to Python as a tuple:
 * (0,): nothing was done (the Python path runs); (2, value): evaluated, value (the
 * address of an unprotected SEXP) is for the registry to convert; (3, value, record,
 * depth, requests, failed, aborted): the evaluation failed or reported something, for
 * evaluation.finish_evaluation (aborted: value is the arguments the guard's restart
 * returned, what .pyr_guarded hands to capture_abort); (-1,): out of memory reporting.
 * With 2 and 3 this thread still owns R (threads.enter's level, which the caller leaves).
 *
 * The guard's body is built here (pyr_r_call_install), its pieces inlined so that nothing
 * is looked up:
 *   { .Internal(.addCondHands("condition", <handlers>, <global env>, NULL, TRUE))
 *     .Internal(.addRestart(.External2(<pyr_guard_restart>)))
 *     .Internal(.addCondHands("stackOverflowError", <list(identity)>, <global env>,
 *                             .pyr_here, FALSE))
 *     .External(<pyr_guard_pass>, expr) }
 * that is, evaluate's handler (in the guard's frame instead of the top-level context of
 * R_tryEval: each is dropped when its context ends), then .pyr_guarded's restart and
 * exiting handler, all made by R's own .Internal entries as the R code makes them, so
 * R's unwinding, on.exit and the handler stacks work as for any R frame; only the
 * restart's list("abort", <frame>) is made in C, where the frame is at hand. */

/* Set by the guard of the call pyr_r_call runs (each call its own mark, restored after
 * it, so calls nested in it mark theirs). */
static int *pyr_guard_passed = NULL;

static struct {
    PyObject *records, *record_class, *requests, *resignalled;
    PyObject *spare;   /* a record no evaluation reported into, for the next call */
    PyObject *sexp_type, *declined, *k_fields[6];
    SEXP guard, pass, restart, abort, here;
    int ready;
} pyr_r;

/* .External(<this>, value): the guard's normal return, marked; the value. */
static SEXP pyr_guard_pass(SEXP args)
{
    if (pyr_guard_passed != NULL) *pyr_guard_passed = 1;
    return CADR(args);
}

/* .External2(<this>) in the guard's frame: its restart list("abort", <frame>), the frame
 * also bound to .pyr_here there (the exiting handler's target). */
static SEXP pyr_guard_restart(SEXP call, SEXP op, SEXP args, SEXP rho)
{
    SEXP restart = PROTECT(Rf_allocVector(VECSXP, 2));
    SET_VECTOR_ELT(restart, 0, pyr_r.abort);
    SET_VECTOR_ELT(restart, 1, rho);
    Rf_defineVar(pyr_r.here, rho, rho);
    UNPROTECT(1);
    return restart;
}

/* Whether a record is as new: nothing reported (its condition, trace and aborted None,
 * warnings and deferred empty, not interrupted); -1 when its fields cannot be read. */
static int pyr_record_clean(PyObject *record)
{
    int clean = 1;
    for (int i = 0; i < 6 && clean; i++) {
        PyObject *field = PyObject_GetAttr(record, pyr_r.k_fields[i]);
        if (field == NULL) {
            PyErr_Clear();
            return -1;
        }
        clean = i < 3 ? field == Py_None : i < 5 ? PyList_Check(field) &&
            PyList_GET_SIZE(field) == 0 : field == Py_False;
        Py_DECREF(field);
    }
    return clean;
}

/* An external pointer to a native function, for .External (a "native symbol"). */
static SEXP pyr_native(void *function)
{
    return R_MakeExternalPtr(function, Rf_install("native symbol"), R_NilValue);
}

/* The call function(<arguments>), its n arguments given in order (protected by the
 * caller's protect of the result only: each cons protects what it is given). */
static SEXP pyr_lang(SEXP function, int n, SEXP *arguments)
{
    SEXP tail = R_NilValue;
    PROTECT_INDEX slot;
    PROTECT_WITH_INDEX(tail, &slot);
    for (int i = n - 1; i >= 0; i--) REPROTECT(tail = Rf_cons(arguments[i], tail), slot);
    tail = Rf_lcons(function, tail);
    UNPROTECT(1);
    return tail;
}

/* The guard's body (above), for its closure (R code may not call it before). */
static SEXP pyr_guard_body(SEXP handlers)
{
    SEXP base = R_BaseEnv, internal = Rf_findFun(Rf_install(".Internal"), base);
    SEXP external = Rf_findFun(Rf_install(".External"), base);
    SEXP external2 = Rf_findFun(Rf_install(".External2"), base);
    SEXP add_hands = Rf_install(".addCondHands"), add_restart = Rf_install(".addRestart");
    SEXP identity = PROTECT(Rf_allocVector(VECSXP, 1));
    SET_VECTOR_ELT(identity, 0, Rf_findFun(Rf_install("identity"), base));
    SEXP condition = PROTECT(Rf_mkString("condition"));
    SEXP overflow = PROTECT(Rf_mkString("stackOverflowError"));
    SEXP a[] = { condition, handlers, R_GlobalEnv, R_NilValue, R_TrueValue };
    SEXP first = PROTECT(pyr_lang(add_hands, 5, a));
    first = PROTECT(pyr_lang(internal, 1, &first));
    SEXP b = PROTECT(pyr_lang(external2, 1, &pyr_r.restart));
    b = PROTECT(pyr_lang(add_restart, 1, &b));
    SEXP second = PROTECT(pyr_lang(internal, 1, &b));
    SEXP c[] = { overflow, identity, R_GlobalEnv, pyr_r.here, R_FalseValue };
    SEXP third = PROTECT(pyr_lang(add_hands, 5, c));
    third = PROTECT(pyr_lang(internal, 1, &third));
    SEXP d[] = { pyr_r.pass, Rf_install("expr") };
    SEXP last = PROTECT(pyr_lang(external, 2, d));
    SEXP body[] = { first, second, third, last };
    SEXP made = pyr_lang(Rf_findFun(Rf_install("{"), base), 4, body);
    UNPROTECT(11);
    return made;
}

static PyObject *pyr_r_call(PyObject *self, PyObject *const *argv, Py_ssize_t argc);

static PyMethodDef pyr_r_call_def = {
    "r_call", (PyCFunction) (void (*)(void)) pyr_r_call, METH_FASTCALL,
    "call(head, env, arguments): RFunction's compiled call (_fast.c)"
};

/* The objects the call reads (a tuple's address, its items kept): evaluation._records,
 * its record class, interrupts' request counter (a one-item list),
 * errors.RESIGNALLED.entries, the SexpAddress class, and a dict that gets the call as
 * "call"; evaluate's condition handlers (list(.pyr_capture_condition)) and the guard's
 * closure (.pyr_guarded_compiled), which gets its body here. */
int pyr_r_call_install(uintptr_t address, SEXP handlers, SEXP guard)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *t = (PyObject *) address;
    int status = -1;
    if (PyTuple_Check(t) && PyTuple_GET_SIZE(t) == 6 && PyList_Check(PyTuple_GET_ITEM(t, 0)) &&
        PyList_Check(PyTuple_GET_ITEM(t, 2)) && PyType_Check(PyTuple_GET_ITEM(t, 4)) &&
        PyDict_Check(PyTuple_GET_ITEM(t, 5)) && TYPEOF(guard) == CLOSXP) {
        PyObject **slots[] = { &pyr_r.records, &pyr_r.record_class, &pyr_r.requests,
                               &pyr_r.resignalled, &pyr_r.sexp_type };
        pyr_keep_items(t, slots, 5);
        PyObject **keys[] = { &pyr_r.k_fields[0], &pyr_r.k_fields[1], &pyr_r.k_fields[2],
                              &pyr_r.k_fields[3], &pyr_r.k_fields[4], &pyr_r.k_fields[5] };
        static const char *const fields[] = { "condition", "trace", "aborted", "warnings",
                                              "deferred", "interrupted" };
        pyr_intern_keys(keys, fields, 6);
        if (pyr_r.declined == NULL) pyr_r.declined = Py_BuildValue("(i)", 0);
        Py_CLEAR(pyr_r.spare);
        if (pyr_r.pass == NULL) {
            pyr_r.pass = pyr_native((void *) pyr_guard_pass);
            R_PreserveObject(pyr_r.pass);
            pyr_r.restart = pyr_native((void *) pyr_guard_restart);
            R_PreserveObject(pyr_r.restart);
            pyr_r.abort = Rf_mkString("abort");
            R_PreserveObject(pyr_r.abort);
            pyr_r.here = Rf_install(".pyr_here");
        }
        SET_BODY(guard, pyr_guard_body(handlers));
        pyr_r.guard = guard;
        PyObject *call = PyCFunction_New(&pyr_r_call_def, NULL);
        if (call != NULL && pyr_r.declined != NULL &&
            PyDict_SetItemString(PyTuple_GET_ITEM(t, 5), "call", call) == 0) {
            pyr_r.ready = 1;
            status = 0;
        }
        Py_XDECREF(call);
        PyErr_Clear();
    }
    PyGILState_Release(gil);
    return status;
}

static int pyr_r_call_state_ok(void)
{
    if (!pyr_crossing_open || !pyr_r.ready || pyr_x.state == NULL) return 0;
    if (R_interrupts_pending && !R_interrupts_suspended) return 0;
    return pyr_session_ok();
}

/* threads.enter() when this thread may take R without waiting and without deferred
 * work to run first: it owns R already (one level deeper), or R is free, nothing is
 * suspended above a call of this thread's own and R's C stack bounds are this thread's.
 * 0 when taken, -1 when the Python path must take it (nothing done). GIL held. */
static int pyr_take_r(void)
{
    PyObject *owner = PyDict_GetItem(pyr_x.state, pyr_x.k_owner);
    PyObject *depth = PyDict_GetItem(pyr_x.state, pyr_x.k_depth);
    if (owner == NULL || depth == NULL || !PyLong_CheckExact(depth)) return -1;
    if (owner != Py_None) {
        if (!pyr_is_me(owner)) return -1;
        PyObject *deeper = PyLong_FromLong(PyLong_AsLong(depth) + 1);
        int failed = deeper == NULL || PyDict_SetItem(pyr_x.state, pyr_x.k_depth, deeper) < 0;
        Py_XDECREF(deeper);
        PyErr_Clear();
        return failed ? -1 : 0;
    }
    Py_ssize_t n = PyList_GET_SIZE(pyr_x.suspended);
    PyObject *me;
    if (n > 0) {
        /* above a call of this thread's own: its record holds this thread's ident */
        PyObject *top = PyList_GET_ITEM(pyr_x.suspended, n - 1);
        me = PyList_GET_ITEM(top, 0);
        if (!pyr_is_me(me) || PyList_GET_ITEM(top, 2) != Py_None) return -1;
        Py_INCREF(me);
    } else {
        me = PyLong_FromUnsignedLong(PyThread_get_thread_ident());
    }
    PyObject *one = PyLong_FromLong(1);
    int ok = me != NULL && one != NULL && PyObject_Size(pyr_x.deferred) == 0 &&
        PyObject_RichCompareBool(PyDict_GetItem(pyr_x.state, pyr_x.k_bounds), me, Py_EQ) == 1 &&
        PyDict_SetItem(pyr_x.state, pyr_x.k_depth, one) == 0 &&
        PyDict_SetItem(pyr_x.state, pyr_x.k_owner, me) == 0;
    Py_XDECREF(me);
    Py_XDECREF(one);
    PyErr_Clear();
    return ok ? 0 : -1;
}

/* threads.leave(): one level of R given up; the last frees R, in C when no deferred work
 * waits (waiting threads woken), else by the Python function. GIL held. */
static void pyr_give_r(void)
{
    PyObject *depth = PyDict_GetItem(pyr_x.state, pyr_x.k_depth);
    long d = depth != NULL && PyLong_CheckExact(depth) ? PyLong_AsLong(depth) : 1;
    PyObject *done = NULL;
    if (d > 1) {
        PyObject *less = PyLong_FromLong(d - 1);
        if (less != NULL) PyDict_SetItem(pyr_x.state, pyr_x.k_depth, less);
        Py_XDECREF(less);
    } else if (PyObject_Size(pyr_x.deferred) != 0) {
        done = PyObject_CallNoArgs(pyr_x.leave);
    } else {
        PyObject *zero = PyLong_FromLong(0);
        PyDict_SetItem(pyr_x.state, pyr_x.k_owner, Py_None);
        if (zero != NULL) PyDict_SetItem(pyr_x.state, pyr_x.k_depth, zero);
        Py_XDECREF(zero);
        if (PyList_GET_SIZE(pyr_x.waiting) > 0) done = PyObject_CallNoArgs(pyr_x.notify);
    }
    Py_XDECREF(done);
    PyErr_Clear();
}

/* A dict of plain scalars with str keys as the dict rule makes it (a named list,
 * unprotected), NULL for any other. */
static SEXP pyr_r_named_list(PyObject *dict)
{
    Py_ssize_t n = PyDict_GET_SIZE(dict), position = 0, i = 0;
    PyObject *key, *item;
    SEXP list = PROTECT(Rf_allocVector(VECSXP, n));
    SEXP names = PROTECT(Rf_allocVector(STRSXP, n));
    while (PyDict_Next(dict, &position, &key, &item)) {
        SEXP name = PyUnicode_CheckExact(key) ? pyr_mkchar(key) : NULL;
        if (name == NULL) break;
        SET_STRING_ELT(names, i, name);
        SEXP value = pyr_fast_result(item);
        if (value == NULL) break;
        SET_VECTOR_ELT(list, i++, value);
    }
    if (i == n) Rf_setAttrib(list, R_NamesSymbol, names);
    UNPROTECT(2);
    return i == n ? list : NULL;
}

/* An argument of the call (unprotected), NULL when it is none of the kinds above. */
static SEXP pyr_r_argument(PyObject *item)
{
    if (Py_TYPE(item) == (PyTypeObject *) pyr_r.sexp_type) return (SEXP) PyLong_AsVoidPtr(item);
    if (PyDict_CheckExact(item)) return pyr_r_named_list(item);
    return pyr_fast_result(item);
}

/* Whether call_function inlines a value in the call (evaluation._inlinable): NULL, an
 * environment, or an attribute-free vector of those types up to INLINE_LENGTH (8) long. */
static int pyr_r_inlinable(SEXP value)
{
    switch (TYPEOF(value)) {
    case NILSXP: case ENVSXP: return 1;
    case LGLSXP: case INTSXP: case REALSXP: case CPLXSXP: case STRSXP: case RAWSXP:
        return ATTRIB(value) == R_NilValue && XLENGTH(value) <= 8;
    default: return 0;
    }
}

static PyObject *pyr_r_call(PyObject *self, PyObject *const *argv, Py_ssize_t argc)
{
    if (argc != 3 || !PyTuple_Check(argv[2]) || !pyr_r_call_state_ok() || pyr_take_r() < 0) {
        PyErr_Clear();
        return Py_NewRef(pyr_r.declined);
    }
    /* R is this thread's from here on: every way out below that declines gives it up */
    SEXP head = (SEXP) PyLong_AsVoidPtr(argv[0]), env = (SEXP) PyLong_AsVoidPtr(argv[1]);
    PyObject *args = argv[2];
    if (PyErr_Occurred()) {
        PyErr_Clear();
        pyr_give_r();
        return Py_NewRef(pyr_r.declined);
    }
    /* the call, made before anything else changes: an argument that is not plain declines;
     * as in call_function, one that is not inlined is bound to .pyr_<position> in a
     * fresh frame, where the call is evaluated */
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    SEXP tail = R_NilValue, frame = R_NilValue;
    PROTECT_INDEX slot, frame_slot;
    PROTECT_WITH_INDEX(tail, &slot);
    PROTECT_WITH_INDEX(frame, &frame_slot);
    for (Py_ssize_t i = n - 1; i >= 0; i--) {
        SEXP r = pyr_r_argument(PyTuple_GET_ITEM(args, i));
        if (r == NULL) {
            UNPROTECT(2);
            PyErr_Clear();
            pyr_give_r();
            return Py_NewRef(pyr_r.declined);
        }
        if (!pyr_r_inlinable(r)) {
            PROTECT(r);
            if (frame == R_NilValue) REPROTECT(frame = R_NewEnv(env, FALSE, 0), frame_slot);
            char name[32];
            snprintf(name, sizeof name, ".pyr_%ld", (long) i + 1);
            SEXP symbol = Rf_install(name);
            Rf_defineVar(symbol, r, frame);
            UNPROTECT(1);
            r = symbol;
        }
        REPROTECT(tail = Rf_cons(r, tail), slot);
    }
    if (frame != R_NilValue) env = frame;
    REPROTECT(tail = Rf_lcons(head, tail), slot);
    REPROTECT(tail = Rf_lcons(pyr_r.guard, Rf_cons(tail, R_NilValue)), slot);
    PyObject *record = pyr_r.spare;
    pyr_r.spare = NULL;
    if (record == NULL) record = PyObject_CallNoArgs(pyr_r.record_class);
    PyObject *requests = PyList_GET_SIZE(pyr_r.requests) > 0 ?
        PyList_GET_ITEM(pyr_r.requests, 0) : NULL;
    Py_ssize_t depth = PyList_GET_SIZE(pyr_r.records);
    if (record == NULL || requests == NULL) {
        Py_XDECREF(record);
        UNPROTECT(2);
        PyErr_Clear();
        pyr_give_r();
        return Py_NewRef(pyr_r.declined);
    }
    Py_INCREF(requests);
    PyList_Append(pyr_r.records, record);
    int error = 0, passed = 0;
    int *outer = pyr_guard_passed;
    pyr_guard_passed = &passed;
    PyThreadState *thread = PyEval_SaveThread();
    SEXP result = R_tryEval(tail, env, &error);
    PyEval_RestoreThread(thread);
    pyr_guard_passed = outer;
    int aborted = !error && !passed;
    Py_ssize_t last = PyList_GET_SIZE(pyr_r.records) - 1;
    if (last >= 0) PyList_SetSlice(pyr_r.records, last, last + 1, NULL);
    int clean = pyr_record_clean(record);
    int failed = error != 0 || aborted;
    if (!failed && clean != 1) {
        PyObject *aborted = PyObject_GetAttr(record, pyr_r.k_fields[2]);
        failed = aborted != Py_None;
        Py_XDECREF(aborted);
        PyErr_Clear();
    }
    int reported = failed || clean != 1 || PyObject_Size(pyr_r.resignalled) != 0 ||
        (R_interrupts_pending && !R_interrupts_suspended);
    PyErr_Clear();
    PyObject *out;
    if (reported) {
        out = Py_BuildValue("(iNOnOOO)", 3, PyLong_FromVoidPtr(result), record, depth,
                            requests, failed ? Py_True : Py_False,
                            aborted ? Py_True : Py_False);
    } else {
        out = pyr_fast_argument(result);
        if (out == NULL) {
            out = Py_BuildValue("(iN)", 2, PyLong_FromVoidPtr(result));
        } else {
            pyr_give_r();
        }
    }
    PyErr_Clear();
    if (out == NULL) out = Py_BuildValue("(i)", -1);
    if (!reported && pyr_r.spare == NULL) pyr_r.spare = record;
    else Py_DECREF(record);
    Py_DECREF(requests);
    UNPROTECT(2);
    return out;
}
/* ==== end of crossing ==== */
