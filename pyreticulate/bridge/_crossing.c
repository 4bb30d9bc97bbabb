/* The bridge's compiled module (pyreticulate.bridge._crossing, built by
 * bridge/crossing_build.py): the crossing in C. Proxies made and finalized in C (PY_REFS
 * and CANONICAL updated in place), the fast path of the commonest R -> Python entries
 * (pyr_crossing_fast, which libr's .External entries try first), the compiled call of R
 * functions from Python (pyr_r_call), and R's ownership across threads as
 * runtime/threads.py keeps it (suspend, resume, enter and leave in C for the common
 * cases, the Python functions for the others). docs/architecture.md, "Compiled code".
 *
 * Everything it reads or updates of the Python layers comes in ONE declared contract,
 * struct pyr_contract below: its fields are named in PYR_CONTRACT_FIELDS (the Python
 * side, bridge/crossing.py's CrossingContract, declares the same names in the same
 * order, with PYR_CONTRACT_VERSION), and the dict keys and attribute names it uses in
 * PYR_CONTRACT_KEYS; pyr_contract_install checks the version, every field's presence and
 * kind and every key, and fails with a message naming what does not match.
 */
#include "_fast.h"
#include <stddef.h>
#include <time.h>

#define PYR_CONTRACT_VERSION 3

/* The contract: what the Python layers hand over (first block, in PYR_CONTRACT_FIELDS'
 * order) and what install makes of it. */
static struct pyr_contract {
    /* runtime/threads.py: _state, _suspended, _waiting, _entering, _deferred, notify,
     * resume, leave */
    PyObject *state, *suspended, *waiting, *entering, *deferred, *notify, *resume, *leave;
    /* bridge/crossing.py: _nesting, finish_fast; runtime/errors.py: WARNINGS; the
     * converter scopes' ContextVar (convert/registry.py); arrays.plain_array_view */
    PyObject *nesting, *finish, *warnings, *scopes, *array_view;
    /* runtime/handles.py: PY_REFS, its entries, the types that pin nothing;
     * convert/proxies.py: the class vectors' addresses by type, CANONICAL's two dicts,
     * RObject; interrupts.callback_failed (a finalizer's exception) */
    PyObject *refs, *entries, *pins_nothing, *classes, *canonical, *by_env, *robject, *failed;
    /* runtime/evaluation.py: _records, _Record, the Ctrl-C counter, RESIGNALLED's
     * entries, SexpAddress, the dict that gets the compiled call as "call";
     * pyobjects/classes.py: the instances whose R methods run (_calls) */
    PyObject *records, *record_class, *requests, *resignalled, *sexp_type, *compiled;
    PyObject *method_calls;
    /* made by install: the keys of PYR_CONTRACT_KEYS, interned */
    PyObject *k_owner, *k_depth, *k_bounds, *k_claiming, *k_pid, *k_closed, *k_unwound;
    PyObject *k_frames;
    PyObject *k_count, *k_since_gc, *k_bytes, *k_gc_requested, *k_count_after_gc, *k_every;
    PyObject *k_record[6];
    PyObject *spare;      /* a record no evaluation reported into, for the next call */
    PyObject *declined;   /* (0,) */
    SEXP missing, pyobj, guard, pass, restart, abort, here;
    int ready;
} pyr_c;

enum { PYR_ANY, PYR_DICT, PYR_LIST, PYR_SET, PYR_TYPE, PYR_CALLABLE, PYR_CONTEXTVAR };

static const struct pyr_contract_field {
    const char *name;
    size_t offset;
    int kind;
} PYR_CONTRACT_FIELDS[] = {
    { "threads_state", offsetof(struct pyr_contract, state), PYR_DICT },
    { "suspended", offsetof(struct pyr_contract, suspended), PYR_LIST },
    { "waiting", offsetof(struct pyr_contract, waiting), PYR_LIST },
    { "entering", offsetof(struct pyr_contract, entering), PYR_LIST },
    { "deferred", offsetof(struct pyr_contract, deferred), PYR_ANY },
    { "notify", offsetof(struct pyr_contract, notify), PYR_CALLABLE },
    { "resume", offsetof(struct pyr_contract, resume), PYR_CALLABLE },
    { "leave", offsetof(struct pyr_contract, leave), PYR_CALLABLE },
    { "nesting", offsetof(struct pyr_contract, nesting), PYR_LIST },
    { "finish_fast", offsetof(struct pyr_contract, finish), PYR_CALLABLE },
    { "warnings", offsetof(struct pyr_contract, warnings), PYR_ANY },
    { "scopes", offsetof(struct pyr_contract, scopes), PYR_CONTEXTVAR },
    { "array_view", offsetof(struct pyr_contract, array_view), PYR_CALLABLE },
    { "refs", offsetof(struct pyr_contract, refs), PYR_ANY },
    { "refs_entries", offsetof(struct pyr_contract, entries), PYR_DICT },
    { "pins_nothing", offsetof(struct pyr_contract, pins_nothing), PYR_SET },
    { "class_addresses", offsetof(struct pyr_contract, classes), PYR_DICT },
    { "canonical", offsetof(struct pyr_contract, canonical), PYR_DICT },
    { "canonical_by_pointer", offsetof(struct pyr_contract, by_env), PYR_DICT },
    { "robject", offsetof(struct pyr_contract, robject), PYR_TYPE },
    { "finalizer_failed", offsetof(struct pyr_contract, failed), PYR_CALLABLE },
    { "records", offsetof(struct pyr_contract, records), PYR_LIST },
    { "record_class", offsetof(struct pyr_contract, record_class), PYR_TYPE },
    { "requests", offsetof(struct pyr_contract, requests), PYR_LIST },
    { "resignalled", offsetof(struct pyr_contract, resignalled), PYR_ANY },
    { "sexp_address", offsetof(struct pyr_contract, sexp_type), PYR_TYPE },
    { "compiled", offsetof(struct pyr_contract, compiled), PYR_DICT },
    { "method_calls", offsetof(struct pyr_contract, method_calls), PYR_LIST },
};
#define PYR_CONTRACT_FIELD_COUNT (sizeof PYR_CONTRACT_FIELDS / sizeof PYR_CONTRACT_FIELDS[0])

/* The dict keys and attribute names the C code uses, and where each must be found. */
enum { PYR_IN_STATE, PYR_ON_REFS, PYR_ON_WARNINGS, PYR_ON_RECORD };
static const struct pyr_contract_key {
    const char *name;
    size_t offset;
    int where;
} PYR_CONTRACT_KEYS[] = {
    { "owner", offsetof(struct pyr_contract, k_owner), PYR_IN_STATE },
    { "depth", offsetof(struct pyr_contract, k_depth), PYR_IN_STATE },
    { "bounds", offsetof(struct pyr_contract, k_bounds), PYR_IN_STATE },
    { "claiming", offsetof(struct pyr_contract, k_claiming), PYR_IN_STATE },
    { "pid", offsetof(struct pyr_contract, k_pid), PYR_IN_STATE },
    { "closed", offsetof(struct pyr_contract, k_closed), PYR_IN_STATE },
    { "unwound", offsetof(struct pyr_contract, k_unwound), PYR_IN_STATE },
    { "frames", offsetof(struct pyr_contract, k_frames), PYR_ON_WARNINGS },
    { "count", offsetof(struct pyr_contract, k_count), PYR_ON_REFS },
    { "since_gc", offsetof(struct pyr_contract, k_since_gc), PYR_ON_REFS },
    { "bytes", offsetof(struct pyr_contract, k_bytes), PYR_ON_REFS },
    { "gc_requested", offsetof(struct pyr_contract, k_gc_requested), PYR_ON_REFS },
    { "count_after_gc", offsetof(struct pyr_contract, k_count_after_gc), PYR_ON_REFS },
    { "GC_EVERY_OBJECTS", offsetof(struct pyr_contract, k_every), PYR_ON_REFS },
    { "condition", offsetof(struct pyr_contract, k_record[0]), PYR_ON_RECORD },
    { "trace", offsetof(struct pyr_contract, k_record[1]), PYR_ON_RECORD },
    { "aborted", offsetof(struct pyr_contract, k_record[2]), PYR_ON_RECORD },
    { "warnings", offsetof(struct pyr_contract, k_record[3]), PYR_ON_RECORD },
    { "deferred", offsetof(struct pyr_contract, k_record[4]), PYR_ON_RECORD },
    { "interrupted", offsetof(struct pyr_contract, k_record[5]), PYR_ON_RECORD },
};
#define PYR_CONTRACT_KEY_COUNT (sizeof PYR_CONTRACT_KEYS / sizeof PYR_CONTRACT_KEYS[0])

/* PYR_INT_MAX and the text rule's helpers come from _fast.h. */

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
    PyObject *entry = k != NULL ? PyDict_GetItemWithError(pyr_c.entries, k) : NULL;
    if (entry == NULL || !PyList_Check(entry) || PyList_GET_SIZE(entry) != 3) {
        Py_XDECREF(k);
        return;
    }
    Py_INCREF(entry);   /* the object it holds goes (and its __del__ runs) at the end */
    PyObject *minus = PyLong_FromLong(-1);
    long count = PyLong_AsLong(PyList_GET_ITEM(entry, 1)) - 1;
    if (minus != NULL && pyr_attr_add(pyr_c.refs, pyr_c.k_count, minus, 0) == 0 &&
        pyr_attr_add(pyr_c.refs, pyr_c.k_since_gc, minus, 1) == 0) {
        if (count > 0) {
            PyList_SetItem(entry, 1, PyLong_FromLong(count));
        } else if (PyDict_DelItem(pyr_c.entries, k) == 0) {
            PyObject *size = PyNumber_Negative(PyList_GET_ITEM(entry, 2));
            if (size != NULL) pyr_attr_add(pyr_c.refs, pyr_c.k_bytes, size, 0);
            Py_XDECREF(size);
        }
    }
    Py_XDECREF(minus);
    Py_DECREF(k);
    Py_DECREF(entry);
}

/* Report the exception a finalizer left through pyr_c.failed (a Ctrl-C interrupts R). */
static void pyr_finalizer_failed(void)
{
    if (!PyErr_Occurred()) return;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyObject *done = PyObject_CallFunctionObjArgs(pyr_c.failed, type ? type : Py_None,
                                                  value ? value : Py_None,
                                                  tb ? tb : Py_None, NULL);
    Py_XDECREF(done);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    PyErr_Clear();
}

/* CANONICAL.forget(pointer) (GIL held; an exception is left set). */
static void pyr_canonical_forget(SEXP pointer)
{
    PyObject *held = PyLong_FromVoidPtr((void *) pointer);
    PyObject *key = held != NULL ? PyDict_GetItemWithError(pyr_c.by_env, held) : NULL;
    if (key != NULL) {
        Py_INCREF(key);
        PyObject *entry = PyDict_DelItem(pyr_c.by_env, held) == 0 ?
            PyDict_GetItemWithError(pyr_c.canonical, key) : NULL;
        if (entry != NULL && PyTuple_Check(entry) && PyTuple_GET_SIZE(entry) == 2 &&
            PyObject_RichCompareBool(PyTuple_GET_ITEM(entry, 1), held, Py_EQ) == 1)
            PyDict_DelItem(pyr_c.canonical, key);
        Py_DECREF(key);
    }
    Py_XDECREF(held);
}

/* A proxy's pointer was finalized (libr's finalizers call this through their
 * pyr_xptr_finalized hook once the contract is installed, and the proxies made here
 * through theirs): CANONICAL.forget for a canonical one, PY_REFS.drop, in C. */
void pyr_proxy_finalized(uintptr_t key, SEXP xptr, int canonical)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    if (canonical) pyr_canonical_forget(xptr);
    if (!PyErr_Occurred()) pyr_refs_drop(key);
    pyr_finalizer_failed();
    PyGILState_Release(gil);
}

static void pyr_finalize_proxy(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        pyr_proxy_finalized((uintptr_t) address, xptr, 0);
    }
}

static void pyr_finalize_canonical_proxy(SEXP xptr)
{
    void *address = R_ExternalPtrAddr(xptr);
    if (address != NULL) {
        R_ClearExternalPtr(xptr);
        pyr_proxy_finalized((uintptr_t) address, xptr, 1);
    }
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
    long since = pyr_attr_long(pyr_c.refs, pyr_c.k_since_gc);
    long every = pyr_attr_long(pyr_c.refs, pyr_c.k_every);
    long after = pyr_attr_long(pyr_c.refs, pyr_c.k_count_after_gc);
    PyObject *requested = PyObject_GetAttr(pyr_c.refs, pyr_c.k_gc_requested);
    int room = !PyErr_Occurred() && requested == Py_False && since >= 0 && every >= 0 &&
        after >= 0 && since + 1 < (every > after ? every : after) &&
        (entry != NULL || view ||
         PySet_Contains(pyr_c.pins_nothing, (PyObject *) Py_TYPE(value)) == 1);
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
            added = PyDict_SetItem(pyr_c.entries, id, fresh) == 0;
        } else {
            Py_XDECREF(zero);
        }
        Py_XDECREF(fresh);
    }
    added = added && pyr_attr_add(pyr_c.refs, pyr_c.k_count, one, 0) == 0 &&
        pyr_attr_add(pyr_c.refs, pyr_c.k_since_gc, one, 0) == 0;
    Py_DECREF(one);
    return added ? 0 : -1;
}

/* The class vector cached for value's type (proxies._class_addresses), NULL when none. */
static SEXP pyr_cached_classes(PyObject *value)
{
    PyObject *classes = PyDict_GetItemWithError(pyr_c.classes, (PyObject *) Py_TYPE(value));
    return classes != NULL && PyLong_Check(classes) ? (SEXP) PyLong_AsVoidPtr(classes) : NULL;
}

/* proxies.CANONICAL's key for a value with this flag: (id, convert); NULL (an error set)
 * when id is NULL or there is no memory. */
static PyObject *pyr_canonical_key(PyObject *id, int convert)
{
    return id != NULL ? PyTuple_Pack(2, id, convert ? Py_True : Py_False) : NULL;
}

/* The canonical environment proxy of an unconverted value, as references.wrap(value,
 * convert) makes it with proxies.shared_environment_proxy (unprotected; GIL held), or
 * NULL when the Python path must make it: an RObject, a callable, an exception, a type
 * whose class vector is not cached or whose pinned memory is measured, a value that has
 * a canonical proxy already, or one whose count would request an R collection. */
static SEXP pyr_fast_proxy(PyObject *value, int convert)
{
    SEXP env = NULL, classes;
    if (!pyr_c.ready || PyCallable_Check(value) ||
        PyObject_IsInstance(value, pyr_c.robject) != 0 ||
        PyObject_IsInstance(value, PyExc_BaseException) != 0 ||
        (classes = pyr_cached_classes(value)) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *id = PyLong_FromVoidPtr(value);
    PyObject *key = pyr_canonical_key(id, convert);
    PyObject *entry = id != NULL ? PyDict_GetItemWithError(pyr_c.entries, id) : NULL;
    if (key != NULL && !PyErr_Occurred() && PyDict_Contains(pyr_c.canonical, key) == 0 &&
        pyr_refs_add(value, id, entry, 0) == 0) {
        /* counted first: should R fail below, a count stays, not a dangling key */
        SEXP made[2];
        env = PROTECT(pyr_canonical_environment_with((uintptr_t) value, convert ?
                      R_TrueValue : R_FalseValue, classes, pyr_c.pyobj, made,
                      pyr_finalize_canonical_proxy));
        PyObject *ref = PyLong_FromVoidPtr((void *) made[0]);
        PyObject *held = PyLong_FromVoidPtr((void *) made[1]);
        PyObject *record = ref != NULL && held != NULL ? PyTuple_Pack(2, ref, held) : NULL;
        if (record != NULL && PyDict_SetItem(pyr_c.canonical, key, record) == 0)
            PyDict_SetItem(pyr_c.by_env, held, key);
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

/* A proxy environment's pyobj binding, read without running R (no active binding: an R
 * error must not jump over a frame that holds the GIL); NULL when it has none. */
static SEXP pyr_env_pyobj(SEXP env)
{
    if (!R_existsVarInFrame(env, pyr_c.pyobj) || R_BindingIsActive(pyr_c.pyobj, env))
        return NULL;
    return Rf_findVarInFrame3(env, pyr_c.pyobj, TRUE);
}

/* The canonical proxy standing for value with this flag, as proxies.CANONICAL.find checks
 * it (unprotected: the caller protects it before R allocates), NULL when there is none or
 * it is not to be used: finalized, its pointer cleared or holding another object, its
 * flag, pinned memory or class vector not what a new proxy would get. GIL held. */
static SEXP pyr_canonical_find(PyObject *value, int convert)
{
    SEXP found = NULL, classes = pyr_cached_classes(value);
    PyObject *id = PyLong_FromVoidPtr(value);
    PyObject *key = pyr_canonical_key(id, convert);
    PyObject *entry = key != NULL ? PyDict_GetItemWithError(pyr_c.canonical, key) : NULL;
    if (classes == NULL || entry == NULL || !PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2)
        goto done;
    SEXP ref = (SEXP) PyLong_AsVoidPtr(PyTuple_GET_ITEM(entry, 0));
    if (ref == NULL || TYPEOF(ref) != WEAKREFSXP || (LEVELS(ref) & 1)) goto done;
    SEXP held = R_WeakRefKey(ref), env, pointer;
    if (TYPEOF(held) == EXTPTRSXP) {
        env = R_WeakRefValue(ref);
        pointer = held;
        if (TYPEOF(env) != ENVSXP) goto done;
    } else if (TYPEOF(held) == ENVSXP) {
        env = held;
        pointer = NULL;
    } else {
        goto done;
    }
    SEXP bound = pyr_env_pyobj(env);
    if (bound == NULL || TYPEOF(bound) != EXTPTRSXP || (pointer != NULL && bound != pointer))
        goto done;
    PyObject *refs_key = PyLong_FromVoidPtr(R_ExternalPtrAddr(bound));
    PyObject *owner = refs_key != NULL ? PyDict_GetItemWithError(pyr_c.entries, refs_key) : NULL;
    Py_XDECREF(refs_key);
    if (owner == NULL || !PyList_Check(owner) || PyList_GET_SIZE(owner) < 1 ||
        PyList_GET_ITEM(owner, 0) != value ||
        R_ExternalPtrTag(bound) != (convert ? R_TrueValue : R_FalseValue) ||
        R_ExternalPtrProtected(bound) != R_NilValue ||
        Rf_getAttrib(env, R_ClassSymbol) != classes) goto done;
    found = R_WeakRefValue(ref);
done:
    Py_XDECREF(id);
    Py_XDECREF(key);
    PyErr_Clear();
    return found;
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
    if (!pyr_c.ready || (classes = pyr_cached_classes(view)) == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *id = PyLong_FromVoidPtr(view);
    PyObject *entry = id != NULL ? PyDict_GetItemWithError(pyr_c.entries, id) : NULL;
    if (id != NULL && !PyErr_Occurred() && pyr_refs_add(view, id, entry, 1) == 0) {
        SEXP hint = PROTECT(Rf_allocVector(TYPEOF(x), 0));
        env = pyr_xptr_environment_with((uintptr_t) view, convert ? R_TrueValue :
                                       R_FalseValue, hint, classes, pyr_c.pyobj,
                                        pyr_finalize_proxy);
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

/* Entry number index is the fast path's kind (PYR_FAST_CALL or PYR_FAST_ATTR). */
void pyr_crossing_set_kind(int index, int kind)
{
    if (index >= 0 && index < PYR_FAST_SLOTS) pyr_fast_kinds[index] = (unsigned char) kind;
}

/* Whether R is open in the process it started in and no converter scope is set in this
 * context (GIL held): what both fast paths need of the session. */
static int pyr_session_ok(void)
{
    if (PyDict_GetItem(pyr_c.state, pyr_c.k_closed) != Py_False) return 0;
    PyObject *pid = PyDict_GetItem(pyr_c.state, pyr_c.k_pid);
    if (pid == NULL || (pid != Py_None && PyLong_AsLong(pid) != (long) getpid())) return 0;
    PyObject *scopes = NULL;
    if (PyContextVar_Get(pyr_c.scopes, NULL, &scopes) < 0 || scopes == NULL) {
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
    if (!pyr_is_me(PyDict_GetItem(pyr_c.state, pyr_c.k_owner))) return 0;
    if (PyObject_Size(pyr_c.deferred) != 0) return 0;
    if (PyList_GET_SIZE(pyr_c.nesting) < 1 || PyLong_AsLong(PyList_GET_ITEM(pyr_c.nesting, 0)) != 0)
        return 0;
    return pyr_session_ok();
}

/* threads.suspend(): the call record [owner, None, None, depth] pushed on
 * threads._suspended (its start is noted by the first thread that waits on it), R left
 * free, waiting threads woken; NULL (nothing done) when the record cannot be made. GIL
 * held. */
static PyObject *pyr_suspend(void)
{
    PyObject *owner = PyDict_GetItem(pyr_c.state, pyr_c.k_owner);
    PyObject *depth = PyDict_GetItem(pyr_c.state, pyr_c.k_depth);
    PyObject *call = owner != NULL && depth != NULL ? PyList_New(4) : NULL;
    if (call == NULL || PyList_Append(pyr_c.suspended, call) < 0) {
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
    PyDict_SetItem(pyr_c.state, pyr_c.k_owner, Py_None);
    PyObject *zero = PyLong_FromLong(0);
    if (zero != NULL) PyDict_SetItem(pyr_c.state, pyr_c.k_depth, zero);
    Py_XDECREF(zero);
    if (PyList_GET_SIZE(pyr_c.waiting) > 0) {
        PyObject *done = PyObject_CallNoArgs(pyr_c.notify);
        Py_XDECREF(done);
    }
    PyErr_Clear();
    return call;
}

/* threads.resume(call): R taken back for call, in C when nothing entered above it, R is
 * free, no thread claims it in Python, its bounds are this thread's and no deferred work
 * waits, else by the Python function (which waits). 0 when done, -1 with an exception
 * set (a Ctrl-C that came while it waited; R is taken back all the same). GIL held;
 * call's reference is dropped. */
static int pyr_resume(PyObject *call)
{
    Py_ssize_t n = PyList_GET_SIZE(pyr_c.suspended);
    PyObject *owner = PyList_GET_ITEM(call, 0);
    int status = 0;
    if (n > 0 && PyList_GET_ITEM(pyr_c.suspended, n - 1) == call &&
        PyDict_GetItem(pyr_c.state, pyr_c.k_owner) == Py_None &&
        PyDict_GetItem(pyr_c.state, pyr_c.k_claiming) == Py_False &&
        PyObject_RichCompareBool(PyDict_GetItem(pyr_c.state, pyr_c.k_bounds), owner, Py_EQ) == 1 &&
        PyObject_Size(pyr_c.deferred) == 0) {
        PyList_SetSlice(pyr_c.suspended, n - 1, n, NULL);
        if (n > 1 && PyList_GET_ITEM(PyList_GET_ITEM(pyr_c.suspended, n - 2), 0) != owner &&
            PyObject_RichCompareBool(PyList_GET_ITEM(PyList_GET_ITEM(pyr_c.suspended, n - 2), 0),
                                     owner, Py_EQ) == 0) {
            /* another thread's call bared: threads._forget's note */
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            PyObject *when = PyFloat_FromDouble((double) now.tv_sec + now.tv_nsec * 1e-9);
            if (when != NULL) PyDict_SetItem(pyr_c.state, pyr_c.k_unwound, when);
            Py_XDECREF(when);
        }
        PyDict_SetItem(pyr_c.state, pyr_c.k_owner, owner);
        PyDict_SetItem(pyr_c.state, pyr_c.k_depth, PyList_GET_ITEM(call, 3));
    } else {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyObject *done = PyObject_CallOneArg(pyr_c.resume, call);
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
        if (value == pyr_c.missing) {
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

SEXP pyr_crossing_fast(int index, SEXP args)
{
    if (!pyr_crossing_open || !pyr_c.ready || index < 0 || index >= PYR_FAST_SLOTS) return NULL;
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
        SEXP pointer = pyr_env_pyobj(x);
        if (pointer == NULL) goto abandon;
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
    PyObject *frames = PyObject_GetAttr(pyr_c.warnings, pyr_c.k_frames);   /* WARNINGS.enter() */
    int entered = frame != NULL && frames != NULL && PyList_Check(frames) &&
        PyList_Append(frames, frame) == 0;
    Py_XDECREF(frames);
    if (!entered) {
        Py_XDECREF(frame);
        goto abandon;
    }
    PyObject *one = PyLong_FromLong(1), *zero = PyLong_FromLong(0);
    PyList_SetItem(pyr_c.nesting, 0, one);
    if (array != NULL) {
        value = PyObject_CallFunction(pyr_c.array_view, "n", (Py_ssize_t) (uintptr_t) array);
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
    frames = value != NULL ? PyObject_GetAttr(pyr_c.warnings, pyr_c.k_frames) : NULL;
    Py_ssize_t depth = frames != NULL && PyList_Check(frames) ? PyList_GET_SIZE(frames) : 0;
    if (value != NULL && depth > 0 && PyList_GET_ITEM(frames, depth - 1) == frame &&
        PyList_GET_SIZE(frame) == 0 && PyObject_Size(pyr_c.deferred) == 0) {
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
        PyObject *address = PyObject_CallFunction(pyr_c.finish, "OOOOn", value, exc, frame,
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
    PyList_SetItem(pyr_c.nesting, 0, zero);   /* steals zero */
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
    SET_VECTOR_ELT(restart, 0, pyr_c.abort);
    SET_VECTOR_ELT(restart, 1, rho);
    Rf_defineVar(pyr_c.here, rho, rho);
    UNPROTECT(1);
    return restart;
}

/* Whether a record is as new: nothing reported (its condition, trace and aborted None,
 * warnings and deferred empty, not interrupted); -1 when its fields cannot be read. */
static int pyr_record_clean(PyObject *record)
{
    int clean = 1;
    for (int i = 0; i < 6 && clean; i++) {
        PyObject *field = PyObject_GetAttr(record, pyr_c.k_record[i]);
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
    SEXP b = PROTECT(pyr_lang(external2, 1, &pyr_c.restart));
    b = PROTECT(pyr_lang(add_restart, 1, &b));
    SEXP second = PROTECT(pyr_lang(internal, 1, &b));
    SEXP c[] = { overflow, identity, R_GlobalEnv, pyr_c.here, R_FalseValue };
    SEXP third = PROTECT(pyr_lang(add_hands, 5, c));
    third = PROTECT(pyr_lang(internal, 1, &third));
    SEXP d[] = { pyr_c.pass, Rf_install("expr") };
    SEXP last = PROTECT(pyr_lang(external, 2, d));
    SEXP body[] = { first, second, third, last };
    SEXP made = pyr_lang(Rf_findFun(Rf_install("{"), base), 4, body);
    UNPROTECT(11);
    return made;
}

static PyObject *pyr_r_call(PyObject *self, PyObject *const *argv, Py_ssize_t argc);

static PyMethodDef pyr_r_call_def = {
    "r_call", (PyCFunction) (void (*)(void)) pyr_r_call, METH_FASTCALL,
    "call(head, env, arguments[, instance]): RFunction's compiled call; with instance "
    "(a method's, classes.py) its canonical proxy is the first argument"
};

static int pyr_r_call_state_ok(void)
{
    if (!pyr_crossing_open || !pyr_c.ready || pyr_c.state == NULL) return 0;
    if (R_interrupts_pending && !R_interrupts_suspended) return 0;
    return pyr_session_ok();
}

/* threads.enter() when this thread may take R without waiting and without deferred
 * work to run first: it owns R already (one level deeper), or R is free, no thread waits
 * to enter (threads._entering: they go first) or claims R in Python, nothing is
 * suspended above a call of this thread's own and R's C stack bounds are this thread's.
 * 0 when taken, -1 when the Python path must take it (nothing done). GIL held. */
static int pyr_take_r(void)
{
    PyObject *owner = PyDict_GetItem(pyr_c.state, pyr_c.k_owner);
    PyObject *depth = PyDict_GetItem(pyr_c.state, pyr_c.k_depth);
    if (owner == NULL || depth == NULL || !PyLong_CheckExact(depth)) return -1;
    if (owner != Py_None) {
        if (!pyr_is_me(owner)) return -1;
        PyObject *deeper = PyLong_FromLong(PyLong_AsLong(depth) + 1);
        int failed = deeper == NULL || PyDict_SetItem(pyr_c.state, pyr_c.k_depth, deeper) < 0;
        Py_XDECREF(deeper);
        PyErr_Clear();
        return failed ? -1 : 0;
    }
    if (PyList_GET_SIZE(pyr_c.entering) > 0 ||
        PyDict_GetItem(pyr_c.state, pyr_c.k_claiming) != Py_False) return -1;
    Py_ssize_t n = PyList_GET_SIZE(pyr_c.suspended);
    PyObject *me;
    if (n > 0) {
        /* above a call of this thread's own: its record holds this thread's ident */
        PyObject *top = PyList_GET_ITEM(pyr_c.suspended, n - 1);
        me = PyList_GET_ITEM(top, 0);
        if (!pyr_is_me(me) || PyList_GET_ITEM(top, 2) != Py_None) return -1;
        Py_INCREF(me);
    } else {
        me = PyLong_FromUnsignedLong(PyThread_get_thread_ident());
    }
    PyObject *one = PyLong_FromLong(1);
    int ok = me != NULL && one != NULL && PyObject_Size(pyr_c.deferred) == 0 &&
        PyObject_RichCompareBool(PyDict_GetItem(pyr_c.state, pyr_c.k_bounds), me, Py_EQ) == 1 &&
        PyDict_SetItem(pyr_c.state, pyr_c.k_depth, one) == 0 &&
        PyDict_SetItem(pyr_c.state, pyr_c.k_owner, me) == 0;
    Py_XDECREF(me);
    Py_XDECREF(one);
    PyErr_Clear();
    return ok ? 0 : -1;
}

/* threads.leave(): one level of R given up; the last frees R, in C when no deferred work
 * waits (waiting threads woken), else by the Python function. GIL held. */
static void pyr_give_r(void)
{
    PyObject *depth = PyDict_GetItem(pyr_c.state, pyr_c.k_depth);
    long d = depth != NULL && PyLong_CheckExact(depth) ? PyLong_AsLong(depth) : 1;
    PyObject *done = NULL;
    if (d > 1) {
        PyObject *less = PyLong_FromLong(d - 1);
        if (less != NULL) PyDict_SetItem(pyr_c.state, pyr_c.k_depth, less);
        Py_XDECREF(less);
    } else if (PyObject_Size(pyr_c.deferred) != 0) {
        done = PyObject_CallNoArgs(pyr_c.leave);
    } else {
        PyObject *zero = PyLong_FromLong(0);
        PyDict_SetItem(pyr_c.state, pyr_c.k_owner, Py_None);
        if (zero != NULL) PyDict_SetItem(pyr_c.state, pyr_c.k_depth, zero);
        Py_XDECREF(zero);
        if (PyList_GET_SIZE(pyr_c.waiting) > 0) done = PyObject_CallNoArgs(pyr_c.notify);
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
    if (Py_TYPE(item) == (PyTypeObject *) pyr_c.sexp_type) return (SEXP) PyLong_AsVoidPtr(item);
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
    if ((argc != 3 && argc != 4) || !PyTuple_Check(argv[2]) || !pyr_r_call_state_ok() ||
        pyr_take_r() < 0) {
        PyErr_Clear();
        return Py_NewRef(pyr_c.declined);
    }
    /* R is this thread's from here on: every way out below that declines gives it up */
    SEXP head = (SEXP) PyLong_AsVoidPtr(argv[0]), env = (SEXP) PyLong_AsVoidPtr(argv[1]);
    PyObject *args = argv[2];
    if (PyErr_Occurred()) {
        PyErr_Clear();
        pyr_give_r();
        return Py_NewRef(pyr_c.declined);
    }
    /* the call, made before anything else changes: an argument that is not plain declines;
     * as in call_function, one that is not inlined is bound to .pyr_<position> in a
     * fresh frame, where the call is evaluated. With a fourth argument (a method's
     * instance, classes.py) its canonical proxy comes first, found last: once found it is
     * protected before R allocates again; without one the Python path makes it. */
    int method = argc == 4;
    Py_ssize_t n = PyTuple_GET_SIZE(args) + method;
    SEXP tail = R_NilValue, frame = R_NilValue;
    PROTECT_INDEX slot, frame_slot;
    PROTECT_WITH_INDEX(tail, &slot);
    PROTECT_WITH_INDEX(frame, &frame_slot);
    for (Py_ssize_t i = n - 1; i >= 0; i--) {
        SEXP r = method && i == 0 ? pyr_canonical_find(argv[3], 1) :
            pyr_r_argument(PyTuple_GET_ITEM(args, i - method));
        if (r == NULL) {
            UNPROTECT(2);
            PyErr_Clear();
            pyr_give_r();
            return Py_NewRef(pyr_c.declined);
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
    REPROTECT(tail = Rf_lcons(pyr_c.guard, Rf_cons(tail, R_NilValue)), slot);
    PyObject *record = pyr_c.spare;
    pyr_c.spare = NULL;
    if (record == NULL) record = PyObject_CallNoArgs(pyr_c.record_class);
    PyObject *requests = PyList_GET_SIZE(pyr_c.requests) > 0 ?
        PyList_GET_ITEM(pyr_c.requests, 0) : NULL;
    Py_ssize_t depth = PyList_GET_SIZE(pyr_c.records);
    if (record == NULL || requests == NULL) {
        Py_XDECREF(record);
        UNPROTECT(2);
        PyErr_Clear();
        pyr_give_r();
        return Py_NewRef(pyr_c.declined);
    }
    Py_INCREF(requests);
    PyList_Append(pyr_c.records, record);
    int error = 0, passed = 0;
    int *outer = pyr_guard_passed;
    pyr_guard_passed = &passed;
    /* a method's instance is the innermost calling_instance() while R runs */
    int pushed = method && PyList_Append(pyr_c.method_calls, argv[3]) == 0;
    PyThreadState *thread = PyEval_SaveThread();
    SEXP result = R_tryEval(tail, env, &error);
    PyEval_RestoreThread(thread);
    if (pushed) {
        Py_ssize_t top = PyList_GET_SIZE(pyr_c.method_calls) - 1;
        if (top >= 0) PyList_SetSlice(pyr_c.method_calls, top, top + 1, NULL);
    }
    pyr_guard_passed = outer;
    int aborted = !error && !passed;
    Py_ssize_t last = PyList_GET_SIZE(pyr_c.records) - 1;
    if (last >= 0) PyList_SetSlice(pyr_c.records, last, last + 1, NULL);
    int clean = pyr_record_clean(record);
    int failed = error != 0 || aborted;
    if (!failed && clean != 1) {
        PyObject *aborted = PyObject_GetAttr(record, pyr_c.k_record[2]);
        failed = aborted != Py_None;
        Py_XDECREF(aborted);
        PyErr_Clear();
    }
    int reported = failed || clean != 1 || PyObject_Size(pyr_c.resignalled) != 0 ||
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
    if (!reported && pyr_c.spare == NULL) pyr_c.spare = record;
    else Py_DECREF(record);
    Py_DECREF(requests);
    UNPROTECT(2);
    return out;
}

/* ==== the contract's installation ======================================================= */

/* Whether value is of the field's kind. */
static int pyr_kind_ok(PyObject *value, int kind)
{
    switch (kind) {
    case PYR_DICT: return PyDict_Check(value);
    case PYR_LIST: return PyList_Check(value);
    case PYR_SET: return PyAnySet_Check(value);
    case PYR_TYPE: return PyType_Check(value);
    case PYR_CALLABLE: return PyCallable_Check(value);
    case PYR_CONTEXTVAR: return PyContextVar_CheckExact(value);
    default: return 1;
    }
}

static const char *const PYR_KIND_NAMES[] = { "any object", "a dict", "a list", "a set",
                                               "a type", "a callable", "a ContextVar" };

/* Whether key is found where PYR_CONTRACT_KEYS says (GIL held). */
static int pyr_key_ok(PyObject *key, int where)
{
    switch (where) {
    case PYR_IN_STATE: return PyDict_GetItemWithError(pyr_c.state, key) != NULL;
    case PYR_ON_REFS: return PyObject_HasAttr(pyr_c.refs, key);
    case PYR_ON_WARNINGS: return PyObject_HasAttr(pyr_c.warnings, key);
    default: {
        PyObject *record = PyObject_CallNoArgs(pyr_c.record_class);
        int ok = record != NULL && PyObject_HasAttr(record, key);
        Py_XDECREF(record);
        PyErr_Clear();
        return ok;
    }
    }
}

/* Install the contract (a Python object's address: bridge/crossing.py's CrossingContract,
 * the caller keeps it), the missing-argument marker, evaluate's condition handlers
 * (list(.pyr_capture_condition)) and the guard's closure (.pyr_guarded_compiled, whose
 * body is built here). 0 when installed: the compiled call is put in contract.compiled
 * as "call". -1 when the contract does not match (its version, its field names in order,
 * a field's kind, a key), with the reason in error. GIL held by the caller's thread as
 * cffi leaves it: taken here. */
int pyr_contract_install(uintptr_t address, SEXP missing, SEXP handlers, SEXP guard,
                         char *error, size_t size)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *contract = (PyObject *) address;
    int status = -1;
    pyr_c.ready = 0;
    PyObject *version = PyObject_GetAttrString(contract, "version");
    PyObject *fields = PyObject_GetAttrString(contract, "FIELDS");
    long v = version != NULL && PyLong_Check(version) ? PyLong_AsLong(version) : -1;
    if (v != PYR_CONTRACT_VERSION) {
        snprintf(error, size, "the contract's version is %ld, the compiled module's %d "
                 "(rebuild it: pip install -e .)", v, PYR_CONTRACT_VERSION);
        goto done;
    }
    if (fields == NULL || !PyTuple_Check(fields) ||
        (size_t) PyTuple_GET_SIZE(fields) != PYR_CONTRACT_FIELD_COUNT) {
        snprintf(error, size, "the contract's FIELDS are not the %d the compiled module "
                 "declares", (int) PYR_CONTRACT_FIELD_COUNT);
        goto done;
    }
    for (size_t i = 0; i < PYR_CONTRACT_FIELD_COUNT; i++) {
        const struct pyr_contract_field *f = &PYR_CONTRACT_FIELDS[i];
        PyObject *name = PyTuple_GET_ITEM(fields, i);
        const char *text = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
        if (text == NULL || strcmp(text, f->name) != 0) {
            snprintf(error, size, "contract field %d is %s, the compiled module's is %s",
                     (int) i, text ? text : "not a str", f->name);
            goto done;
        }
        PyObject *value = PyObject_GetAttrString(contract, f->name);
        if (value == NULL || !pyr_kind_ok(value, f->kind)) {
            snprintf(error, size, "contract field %s is missing or not %s", f->name,
                     PYR_KIND_NAMES[f->kind]);
            Py_XDECREF(value);
            goto done;
        }
        PyObject **slot = (PyObject **) ((char *) &pyr_c + f->offset);
        Py_XSETREF(*slot, value);
    }
    for (size_t i = 0; i < PYR_CONTRACT_KEY_COUNT; i++) {
        const struct pyr_contract_key *k = &PYR_CONTRACT_KEYS[i];
        PyObject **slot = (PyObject **) ((char *) &pyr_c + k->offset);
        if (*slot == NULL) *slot = PyUnicode_InternFromString(k->name);
        if (*slot == NULL || !pyr_key_ok(*slot, k->where)) {
            static const char *const places[] = { "threads_state", "refs", "warnings",
                                                  "record_class's instances" };
            snprintf(error, size, "the key %s the compiled module uses is not in %s", k->name,
                     places[k->where]);
            goto done;
        }
    }
    if (TYPEOF(guard) != CLOSXP) {
        snprintf(error, size, "the guard is not a closure");
        goto done;
    }
    if (pyr_c.declined == NULL) pyr_c.declined = Py_BuildValue("(i)", 0);
    Py_CLEAR(pyr_c.spare);
    if (pyr_c.pass == NULL) {
        pyr_c.pass = pyr_native((void *) pyr_guard_pass);
        R_PreserveObject(pyr_c.pass);
        pyr_c.restart = pyr_native((void *) pyr_guard_restart);
        R_PreserveObject(pyr_c.restart);
        pyr_c.abort = Rf_mkString("abort");
        R_PreserveObject(pyr_c.abort);
        pyr_c.here = Rf_install(".pyr_here");
        pyr_c.pyobj = Rf_install("pyobj");
    }
    pyr_c.missing = missing;
    SET_BODY(guard, pyr_guard_body(handlers));
    pyr_c.guard = guard;
    PyObject *call = PyCFunction_New(&pyr_r_call_def, NULL);
    if (call == NULL || pyr_c.declined == NULL ||
        PyDict_SetItemString(pyr_c.compiled, "call", call) < 0) {
        snprintf(error, size, "out of memory making the compiled call");
    } else {
        pyr_c.ready = 1;
        status = 0;
    }
    Py_XDECREF(call);
done:
    Py_XDECREF(version);
    Py_XDECREF(fields);
    PyErr_Clear();
    PyGILState_Release(gil);
    return status;
}
