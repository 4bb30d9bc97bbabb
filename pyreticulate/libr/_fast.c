/* The compiled part of pyreticulate: libR's headers for cffi's API mode (fast_build.py
 * compiles the declarations of cdef.py against them) and the loops that are too slow
 * one cffi call per element: libR-level loops that know no state of the layers above.
 * The crossing (proxies made in C, the fast path of the commonest entries, the compiled
 * call of R functions, R's ownership across threads) is the bridge's own compiled module,
 * bridge/_crossing.c; it plugs in through the hooks below (pyr_entry_fast,
 * pyr_xptr_finalized).
 *
 * Each loop either does exactly what the Python code does or reports that it did not
 * (a return value below 0, or 0 for pyr_list_kind), and the Python code then runs as it
 * would without this module: same results, same errors (docs/architecture.md). Python
 * objects arrive as their address (id(obj), the caller keeps them alive); the loops that
 * touch them take the GIL, which cffi releases around every call.
 */
#include "_fast.h"

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

/* Store value as item i of a list whose items are all None (that reference is dropped). */
static inline void pyr_replace_none(PyObject **items, Py_ssize_t i, PyObject *value)
{
    Py_DECREF(items[i]);
    items[i] = value;
}

/* How many distinct strings pyr_fill_list remembers while it reads a character vector. */
#define PYR_STR_CACHE 64

/* Fill a list of None of the vector's length with its elements as Python scalars (NA as
 * None): 0 when done, -1 when an element needs the Python path (then that path runs).
 * Doubles, integers and logicals are read through one data pointer, strings with a
 * cache of the last CHARSXPs decoded (PYR_STR_CACHE), the rest by
 * pyr_element. */
static int pyr_fill_items(SEXP vector, PyObject **items, Py_ssize_t n, int native_utf8);

int pyr_fill_list(SEXP vector, uintptr_t address, int native_utf8)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *list = (PyObject *) address;
    int status = pyr_fill_items(vector, ((PyListObject *) list)->ob_item,
                                PyList_GET_SIZE(list), native_utf8);
    PyGILState_Release(gil);
    return status;
}

/* pyr_fill_list into the n items of an object array (a NumPy array of None of dtype
 * object: items is its data), as the ndarray's own fill would store them. */
int pyr_fill_objects(SEXP vector, uintptr_t items, R_xlen_t n, int native_utf8)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    int status = pyr_fill_items(vector, (PyObject **) items, (Py_ssize_t) n, native_utf8);
    PyGILState_Release(gil);
    return status;
}

/* pyr_fill_list's loop, the GIL held. */
static int pyr_fill_items(SEXP vector, PyObject **items, Py_ssize_t n, int native_utf8)
{
    int kind = TYPEOF(vector);
    int status = 0;
    if ((R_xlen_t) n != XLENGTH(vector)) return -1;
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
    } else if (kind == STRSXP) {
        /* R keeps one CHARSXP per string: repeated values are one str, decoded once
         * (a small cache by CHARSXP address; str objects are immutable) */
        SEXP seen[PYR_STR_CACHE] = { NULL };
        PyObject *made[PYR_STR_CACHE] = { NULL };
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            SEXP c = STRING_ELT(vector, i);
            if (c == NA_STRING) continue;   /* stays None */
            size_t slot = ((uintptr_t) c >> 4) % PYR_STR_CACHE;
            PyObject *value;
            if (seen[slot] == c) {
                value = Py_NewRef(made[slot]);
            } else {
                value = pyr_charsxp_str(c, native_utf8);
                if (value != NULL) {
                    Py_XSETREF(made[slot], Py_NewRef(value));
                    seen[slot] = c;
                }
            }
            if (value == NULL) status = -1;
            else pyr_replace_none(items, i, value);
        }
        for (int j = 0; j < PYR_STR_CACHE; j++) Py_XDECREF(made[j]);
    } else {
        for (Py_ssize_t i = 0; i < n && !status; i++) {
            PyObject *value = pyr_element(vector, i, kind, native_utf8);
            if (value == NULL) status = -1;
            else pyr_replace_none(items, i, value);
        }
    }
    if (status) PyErr_Clear();
    return status;
}

/* The .External entries: pyr_entry_<i> hands its arguments (after its own pointer) to
 * the Python function pyr_dispatch (crossing.py) with its number; ENTRY_SLOTS of them
 * (cdef.py). One with more than PYR_ENTRY_ARGUMENTS arguments gets count -1 and
 * the call itself in arguments[0], to walk in Python. */
#define PYR_ENTRY_ARGUMENTS 64
static SEXP pyr_dispatch(int index, SEXP *arguments, int count);

/* Set by the bridge's compiled module when it installs (bridge/_crossing.c's
 * pyr_crossing_fast): tried first by every entry; NULL from it means "not handled". */
SEXP (*pyr_entry_fast)(int index, SEXP args) = NULL;

static SEXP pyr_enter(int index, SEXP args)
{
    SEXP fast = pyr_entry_fast != NULL ? pyr_entry_fast(index, args) : NULL;
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

/* Set by the canonical proxies (convert/proxies.py): drops the count a finalized
 * canonical pointer owned and forgets the proxy it stood for, in one call. */
void (*pyr_canonical_finalized)(uintptr_t, SEXP) = NULL;

/* Set by the bridge's compiled module when it installs (bridge/_crossing.c's
 * pyr_proxy_finalized): both in C (canonical: 1 for a canonical proxy's pointer). */
void (*pyr_xptr_finalized)(uintptr_t key, SEXP xptr, int canonical) = NULL;

static void pyr_finalize_xptr(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        if (pyr_xptr_finalized != NULL) {
            pyr_xptr_finalized((uintptr_t) address, xptr, 0);
        } else if (pyr_drop_key != NULL) {
            pyr_drop_key((uintptr_t) address);
        }
    }
}

static void pyr_finalize_canonical_xptr(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        if (pyr_xptr_finalized != NULL) {
            pyr_xptr_finalized((uintptr_t) address, xptr, 1);
        } else if (pyr_canonical_finalized != NULL) {
            pyr_canonical_finalized((uintptr_t) address, xptr);
        } else if (pyr_drop_key != NULL) {
            pyr_drop_key((uintptr_t) address);
        }
    }
}

/* An external pointer holding key, finalized by pyr_finalize_xptr (unprotected). */
SEXP pyr_new_xptr(uintptr_t key, SEXP tag, SEXP prot)
{
    return pyr_xptr_with(key, tag, prot, pyr_finalize_xptr);
}

/* A new environment (parent the empty one, class classes) holding as symbol a
 * pyr_new_xptr(key, tag, prot) (unprotected). */
SEXP pyr_new_xptr_environment(uintptr_t key, SEXP tag, SEXP prot, SEXP classes, SEXP symbol)
{
    return pyr_xptr_environment_with(key, tag, prot, classes, symbol, pyr_finalize_xptr);
}

/* A canonical environment proxy's environment (_fast.h's pyr_canonical_environment_with,
 * finalized by pyr_finalize_canonical_xptr). */
SEXP pyr_new_canonical_environment(uintptr_t key, SEXP tag, SEXP classes, SEXP symbol,
                                   SEXP *made)
{
    return pyr_canonical_environment_with(key, tag, classes, symbol, made,
                                          pyr_finalize_canonical_xptr);
}

/* The key an external pointer holds (0 once cleared). */
uintptr_t pyr_xptr_key(SEXP xptr)
{
    return (uintptr_t) R_ExternalPtrAddr(xptr);
}

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
