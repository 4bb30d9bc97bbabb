/* What the two compiled modules share (pyreticulate/libr/_fast.c, the libR-level loops,
 * and pyreticulate/bridge/_crossing.c, the crossing): libR's headers as both compile them,
 * the text rule's two C cases (CHARSXP <-> str, docs/conversions.md section 9), a vector's
 * element as the built-in rule converts it, and how proxies' external pointers and
 * environments are made (each module passes its own finalizer). Only inline functions:
 * each module has its own copy, the source is one.
 */
#ifndef PYRETICULATE_FAST_H
#define PYRETICULATE_FAST_H
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

/* The CHARSXP for a str by the text rule when it is valid UTF-8 without NUL (what
 * text.to_bytes makes "UTF-8"); NULL for any other str (surrogates, NUL, 2^31 bytes). */
static inline SEXP pyr_mkchar(PyObject *value)
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

/* The str for a non-NA CHARSXP by the text rule when it is ASCII, "UTF-8", or native in
 * a UTF-8 session (UTF-8, invalid bytes as surrogate escapes); NULL for the others
 * ("latin1", "bytes", another native encoding), which text.from_bytes decodes. */
static inline PyObject *pyr_charsxp_str(SEXP c, int native_utf8)
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

/* An external pointer holding key, finalized by fin (unprotected). */
static inline SEXP pyr_xptr_with(uintptr_t key, SEXP tag, SEXP prot, R_CFinalizer_t fin)
{
    SEXP xptr = PROTECT(R_MakeExternalPtr((void *) key, tag, prot));
    R_RegisterCFinalizerEx(xptr, fin, FALSE);
    UNPROTECT(1);
    return xptr;
}

/* A new environment (parent the empty one, class classes) holding as symbol a
 * pyr_xptr_with(key, tag, prot, fin) (unprotected). */
static inline SEXP pyr_xptr_environment_with(uintptr_t key, SEXP tag, SEXP prot, SEXP classes,
                                             SEXP symbol, R_CFinalizer_t fin)
{
    SEXP xptr = PROTECT(pyr_xptr_with(key, tag, prot, fin));
    SEXP env = PROTECT(R_NewEnv(R_EmptyEnv, 0, 0));
    Rf_defineVar(symbol, xptr, env);
    Rf_setAttrib(env, R_ClassSymbol, classes);
    UNPROTECT(2);
    return env;
}

/* An environment as pyr_xptr_environment_with(key, tag, R_NilValue, classes, symbol)
 * (unprotected) whose pointer's one weak reference, its finalizer fin, has the environment
 * as value, so the canonical proxies need no weak reference of their own: that weak
 * reference is stored in made[0], the pointer in made[1]. R's weak references are
 * ephemerons: the environment is kept only while something else reaches the pointer. */
static inline SEXP pyr_canonical_environment_with(uintptr_t key, SEXP tag, SEXP classes,
                                                  SEXP symbol, SEXP *made, R_CFinalizer_t fin)
{
    SEXP xptr = PROTECT(R_MakeExternalPtr((void *) key, tag, R_NilValue));
    SEXP env = PROTECT(R_NewEnv(R_EmptyEnv, 0, 0));
    Rf_defineVar(symbol, xptr, env);
    Rf_setAttrib(env, R_ClassSymbol, classes);
    made[0] = R_MakeWeakRefC(xptr, env, fin, FALSE);
    made[1] = xptr;
    UNPROTECT(2);
    return env;
}

#endif
