"""Reference handles, both ways, and their finalizers.

* An R object held by Python (``RObject``) occupies one slot of a preserved R
  list: preserving and releasing are O(1), symmetric and idempotent. A release
  on a thread other than R's is deferred to R's thread.
* A Python object held by R is an external pointer that owns exactly one count
  in ``PY_REFS``; R's garbage collector drops that count through a C finalizer.
"""
import threading

from . import rapi, threads
from .rapi import ffi


class _SlotTable:
    """R objects kept alive for Python, stored in one preserved R list."""

    def __init__(self):
        self.table = None
        self.capacity = 0
        self.free = []
        self.resizing = False

    def start(self, capacity=1024):
        lib = rapi.lib
        self.table = lib.Rf_allocVector(rapi.VECSXP, capacity)
        lib.R_PreserveObject(self.table)
        self.capacity = capacity
        self.free = list(range(capacity - 1, -1, -1))

    def preserve(self, sexp):
        if not self.free:
            self._grow()
        slot = self.free.pop()
        rapi.lib.SET_VECTOR_ELT(self.table, slot, sexp)
        return slot

    def release(self, slot):
        if self.resizing or not threads.on_main_thread():
            threads.defer(self.release, slot)
            return
        rapi.lib.SET_VECTOR_ELT(self.table, slot, rapi.lib.R_NilValue)
        self.free.append(slot)

    def live(self):
        return self.capacity - len(self.free)

    def _grow(self):
        lib = rapi.lib
        old, old_capacity = self.table, self.capacity
        self.resizing = True
        try:
            new = lib.Rf_protect(lib.Rf_allocVector(rapi.VECSXP, old_capacity * 2))
            for i in range(old_capacity):
                lib.SET_VECTOR_ELT(new, i, lib.VECTOR_ELT(old, i))
            lib.R_PreserveObject(new)
            lib.Rf_unprotect(1)
            self.table, self.capacity = new, old_capacity * 2
            self.free.extend(range(self.capacity - 1, old_capacity - 1, -1))
            lib.R_ReleaseObject(old)
        finally:
            self.resizing = False


SLOTS = _SlotTable()


class RObject:
    """An R object held by Python; R keeps it alive until Python drops this handle."""

    __slots__ = ("_sexp", "_slot", "__weakref__")

    def __init__(self, sexp):
        self._sexp = sexp
        self._slot = SLOTS.preserve(sexp)

    @property
    def sexp(self):
        return self._sexp

    def release(self):
        """Stop keeping the R object alive (idempotent)."""
        slot, self._slot = self._slot, None
        if slot is not None:
            SLOTS.release(slot)

    def __del__(self):
        if self._slot is not None:
            try:
                self.release()
            except Exception:
                pass

    @property
    def rtype(self):
        return _TYPE_NAMES.get(rapi.lib.TYPEOF(self._sexp), "unknown")

    def __repr__(self):
        from . import evaluation
        try:
            cls = evaluation.class_names(self._sexp)
        except Exception:
            cls = []
        described = "/".join(cls) if cls else self.rtype
        return f"<R object: {described}>"


_TYPE_NAMES = {
    rapi.NILSXP: "NULL", rapi.SYMSXP: "symbol", rapi.LISTSXP: "pairlist",
    rapi.CLOSXP: "closure", rapi.ENVSXP: "environment", rapi.PROMSXP: "promise",
    rapi.LANGSXP: "language", rapi.SPECIALSXP: "special", rapi.BUILTINSXP: "builtin",
    rapi.LGLSXP: "logical", rapi.INTSXP: "integer", rapi.REALSXP: "double",
    rapi.CPLXSXP: "complex", rapi.STRSXP: "character", rapi.VECSXP: "list",
    rapi.EXPRSXP: "expression", rapi.EXTPTRSXP: "externalptr", rapi.RAWSXP: "raw",
    rapi.S4SXP: "S4",
}


class PyRefs:
    """Python objects referenced from R: one count per external pointer."""

    def __init__(self):
        self.entries = {}
        self.lock = threading.Lock()

    def add(self, obj):
        key = id(obj)
        entry = self.entries.get(key)
        if entry is None:
            self.entries[key] = [obj, 1]
        else:
            entry[1] += 1
        return key

    def get(self, key):
        return self.entries[key][0]

    def drop(self, key):
        entry = self.entries.get(key)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] == 0:
            del self.entries[key]

    def live(self):
        return sum(entry[1] for entry in self.entries.values())


PY_REFS = PyRefs()


class DeadPointerError(RuntimeError):
    """A proxy whose Python object is gone (e.g. restored by readRDS/load)."""


def new_xptr(obj, tag, prot):
    """An external pointer owning one reference to ``obj``; R's GC drops it."""
    lib = rapi.lib
    key = PY_REFS.add(obj)
    try:
        xptr = lib.Rf_protect(lib.R_MakeExternalPtr(ffi.cast("void *", key), tag, prot))
        lib.R_RegisterCFinalizerEx(xptr, _finalize_xptr, 0)
        lib.Rf_unprotect(1)
    except BaseException:
        PY_REFS.drop(key)
        raise
    return xptr


def xptr_object(xptr):
    addr = rapi.lib.R_ExternalPtrAddr(xptr)
    if addr == ffi.NULL:
        raise DeadPointerError(
            "this Python object is no longer available: its reference did not survive "
            "saving and restoring the R session (saveRDS/load); recreate it")
    return PY_REFS.get(int(ffi.cast("uintptr_t", addr)))


def xptr_is_null(xptr):
    return rapi.lib.R_ExternalPtrAddr(xptr) == ffi.NULL


def _finalizer_error(exc_type, exc, tb):
    return None


@ffi.callback("void(SEXP)", onerror=_finalizer_error)
def _finalize_xptr(xptr):
    addr = rapi.lib.R_ExternalPtrAddr(xptr)
    if addr != ffi.NULL:
        PY_REFS.drop(int(ffi.cast("uintptr_t", addr)))
        rapi.lib.R_ClearExternalPtr(xptr)


class protected:
    """PROTECT scope: ``with protected() as p: x = p(alloc(...))``; balanced on exit."""

    __slots__ = ("count",)

    def __init__(self):
        self.count = 0

    def __call__(self, sexp):
        rapi.lib.Rf_protect(sexp)
        self.count += 1
        return sexp

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.count:
            rapi.lib.Rf_unprotect(self.count)
            self.count = 0
        return False


def live_counts():
    """Live handle counts on each side: R objects held by Python, Python objects held by R."""
    return {"r_objects": SLOTS.live(), "py_objects": PY_REFS.live()}
