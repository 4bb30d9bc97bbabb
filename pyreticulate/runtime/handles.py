"""Reference handles, both ways, and their finalizers.

* An R object held by Python (``RObject``) occupies one slot of a preserved R
  list: preserving and releasing are O(1), symmetric and idempotent. A release
  on a thread other than R's is deferred to R's thread.
* A Python object held by R is an external pointer that owns exactly one count
  in ``PY_REFS``; R's garbage collector drops that count through a C finalizer.
"""
import _thread
import collections
import gc
import sys
from typing import Any

from . import interrupts, threads
from ..libr import capi, vectors
from ..libr.capi import ffi


class _SlotTable:
    """R objects kept alive for Python, stored in one preserved R list.

    ``preserve`` and ``release`` are O(1). A release that cannot touch R now
    (a thread that does not own R, the table being resized) is queued and applied by
    ``flush`` on the next thread that takes R; after shutdown releases do nothing.
    """

    def __init__(self):
        self.table = None
        self.capacity = 0
        self.free = []
        self.resizing = 0
        self.closed = False
        self.released = collections.deque()

    def start(self, capacity=1024):
        lib = capi.lib
        self.table = lib.Rf_allocVector(capi.VECSXP, capacity)
        lib.R_PreserveObject(self.table)
        self.capacity = capacity
        self.free = list(range(capacity - 1, -1, -1))

    def preserve(self, sexp):
        """Keep ``sexp`` alive in a free slot; it may be unprotected (growing allocates)."""
        if self.released:
            self.flush()
        if not self.free:
            lib = capi.lib
            lib.Rf_protect(sexp)
            try:
                while not self.free:
                    self._grow()
            finally:
                lib.Rf_unprotect(1)
        slot = self.free.pop()
        capi.lib.SET_VECTOR_ELT(self.table, slot, sexp)
        return slot

    def release(self, slot):
        if self.closed:
            return
        if self.resizing or not threads.owns_r():
            self.released.append(slot)
            if len(self.released) == 1:
                threads.defer(self.flush)
            return
        capi.lib.SET_VECTOR_ELT(self.table, slot, capi.lib.R_NilValue)
        self.free.append(slot)

    def flush(self):
        """Apply queued releases (the thread owning R)."""
        if self.closed or self.resizing or not threads.owns_r():
            return
        lib, released = capi.lib, self.released
        while released:
            slot = released.popleft()
            lib.SET_VECTOR_ELT(self.table, slot, lib.R_NilValue)
            self.free.append(slot)

    def live(self):
        self.flush()
        return self.capacity - len(self.free) - len(self.released)

    def close(self):
        """R is shutting down: releases become no-ops."""
        self.closed = True
        self.released.clear()

    def _grow(self):
        """Double the table: one C call copies it, with Python's cyclic GC and queued
        thread work held off, so no finalizer can preserve or release half-way."""
        lib = capi.lib
        collecting = gc.isenabled()
        gc.disable()
        self.resizing += 1
        try:
            with threads.HOLD:
                old, capacity = self.table, self.capacity
                new = lib.Rf_protect(lib.Rf_lengthgets(old, capacity * 2))
                lib.R_PreserveObject(new)
                lib.Rf_unprotect(1)
                self.table, self.capacity = new, capacity * 2
                self.free.extend(range(capacity * 2 - 1, capacity - 1, -1))
                lib.R_ReleaseObject(old)
        finally:
            self.resizing -= 1
            if collecting:
                gc.enable()


SLOTS = _SlotTable()


class RObject:
    """An R object held by Python; R keeps it alive until Python drops this handle."""

    __slots__ = ("_sexp", "_slot", "__weakref__")

    def __init__(self, sexp: Any) -> None:
        self._sexp = sexp
        self._slot = SLOTS.preserve(sexp)

    @property
    def sexp(self) -> Any:
        """The R object (a cffi SEXP): for the bridge's own code, not for rules."""
        return self._sexp

    def release(self) -> None:
        """Stop keeping the R object alive (idempotent; a no-op once Python is tearing down)."""
        slot, self._slot = self._slot, None
        table = SLOTS
        if slot is not None and table is not None:
            table.release(slot)

    def __del__(self) -> None:
        # try/except, not contextlib.suppress: during interpreter teardown the
        # module's globals may already be gone.
        try:
            slot = self._slot
        except AttributeError:   # __init__ was interrupted before it took a slot
            return
        if slot is None:
            return
        try:
            self.release()
        except KeyboardInterrupt:
            # Python drops an exception raised in a finalizer: release, then have
            # another thread deliver the Ctrl-C again, once this finalizer has returned
            self.release()
            _thread.start_new_thread(_thread.interrupt_main, ())
        except Exception:
            return

    @property
    def rtype(self) -> str:
        """R's ``typeof()`` of the object."""
        return _TYPE_NAMES.get(capi.lib.TYPEOF(self._sexp), "unknown")

    def __repr__(self) -> str:
        try:
            described = threads.run_in_r(self._describe, (), "describing an R object",
                                            timeout=5)
        except Exception:
            described = "unavailable"
        return f"<R object: {described}>"

    def _describe(self):
        cls = vectors.class_names(self._sexp)
        return "/".join(cls) if cls else self.rtype


_TYPE_NAMES = {
    capi.NILSXP: "NULL", capi.SYMSXP: "symbol", capi.LISTSXP: "pairlist",
    capi.CLOSXP: "closure", capi.ENVSXP: "environment", capi.PROMSXP: "promise",
    capi.LANGSXP: "language", capi.SPECIALSXP: "special", capi.BUILTINSXP: "builtin",
    capi.LGLSXP: "logical", capi.INTSXP: "integer", capi.REALSXP: "double",
    capi.CPLXSXP: "complex", capi.STRSXP: "character", capi.VECSXP: "list",
    capi.EXPRSXP: "expression", capi.EXTPTRSXP: "externalptr", capi.RAWSXP: "raw",
    capi.S4SXP: "S4",
}


class PyRefs:
    """Python objects referenced from R: one count per external pointer.

    R's GC cannot see the memory these objects pin (big arrays, buffers of other libraries), so
    once the live proxies grew by many objects (net of those R's own collections finalized)
    or many bytes were handed to R since the last requested collection, an R garbage
    collection is requested as deferred work (the next thread that takes R runs it). A workload that drops its
    proxies is collected by R's own GC (a proxy costs R a few cells too) and pays none.
    ``bridge/_crossing.c`` (``pyr_fast_proxy``, its finalizers) updates the same fields the
    same way.
    """

    GC_EVERY_OBJECTS = 200_000
    GC_EVERY_BYTES = 256 << 20

    def __init__(self):
        self.entries = {}
        self.count = 0
        self.bytes = 0
        self.since_gc = 0
        self.bytes_since_gc = 0
        self.count_after_gc = 0
        self.bytes_after_gc = 0
        self.gc_requested = False

    def add(self, obj):
        key = id(obj)
        entry = self.entries.get(key)
        if entry is None:
            size = 0 if type(obj) in _PINS_NOTHING else _pinned_bytes(obj)
            self.entries[key] = [obj, 1, size]
            self.bytes += size
            self.bytes_since_gc += size
        else:
            entry[1] += 1
        self.count += 1
        self.since_gc += 1
        if not self.gc_requested and (
                self.since_gc >= max(self.GC_EVERY_OBJECTS, self.count_after_gc)
                or self.bytes_since_gc >= max(self.GC_EVERY_BYTES, self.bytes_after_gc)):
            self.gc_requested = True
            threads.defer(self.collect)
        return key

    def get(self, key):
        return self.entries[key][0]

    def drop(self, key):
        entry = self.entries.get(key)
        if entry is None:
            return
        entry[1] -= 1
        self.count -= 1
        if self.since_gc > 0:
            self.since_gc -= 1
        if entry[1] == 0:
            del self.entries[key]
            self.bytes -= entry[2]

    def collect(self):
        """Run R's GC so finalized proxies drop the Python objects they pin."""
        self.gc_requested = False
        self.since_gc = self.bytes_since_gc = 0
        if not SLOTS.closed:
            capi.lib.R_gc()
        self.count_after_gc, self.bytes_after_gc = self.count, self.bytes

    def live(self):
        return self.count


_PINS_NOTHING = set()   # types that are neither bytes-like nor NumPy arrays


def compiled_state():
    """What the bridge's compiled proxies update in place, by the names of its contract:
    ``PY_REFS``, its entries and the types that pin nothing."""
    return {"refs": PY_REFS, "refs_entries": PY_REFS.entries, "pins_nothing": _PINS_NOTHING}


def _pinned_bytes(obj):
    """The memory an object pins, where that is cheap to know (bytes, NumPy arrays).

    A NumPy view of an R vector (its base is a buffer over R's memory) pins
    nothing R's GC does not already see.
    """
    tp = type(obj)
    if tp in _PINS_NOTHING:
        return 0
    if isinstance(obj, (bytes, bytearray)):
        return len(obj)
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(obj, numpy.ndarray):
        base = obj
        while isinstance(base, numpy.ndarray):
            base = base.base
        return 0 if isinstance(base, ffi.buffer) else int(obj.nbytes)
    if numpy is not None:
        _PINS_NOTHING.add(tp)
    return 0


PY_REFS = PyRefs()


class DeadPointerError(RuntimeError):
    """A proxy whose Python object is gone (e.g. restored by readRDS/load)."""


def new_xptr(obj, tag, prot):
    """An external pointer owning one reference to ``obj``; R's GC drops it (through
    ``_fast.c``'s finalizer, which hands it to ``bridge/_crossing.c`` once that module is
    installed, else ``_finalize_xptr``)."""
    lib = capi.lib
    key = PY_REFS.add(obj)
    fast = capi.fast
    if fast is not None:
        _use_compiled_finalizer(fast)
        try:
            return fast.pyr_new_xptr(key, tag, prot)
        except BaseException:
            PY_REFS.drop(key)
            raise
    try:
        xptr = lib.Rf_protect(lib.R_MakeExternalPtr(ffi.cast("void *", key), tag, prot))
        lib.R_RegisterCFinalizerEx(xptr, _finalize_xptr, 0)
        lib.Rf_unprotect(1)
    except BaseException:
        PY_REFS.drop(key)
        raise
    return xptr


def new_xptr_environment(obj, tag, prot, classes, symbol):
    """A new environment (unprotected, parent the empty one, class ``classes``) holding
    as ``symbol`` a ``new_xptr(obj, tag, prot)``: one compiled call, else the same steps."""
    fast = capi.fast
    if fast is not None:
        key = PY_REFS.add(obj)
        _use_compiled_finalizer(fast)
        try:
            return fast.pyr_new_xptr_environment(key, tag, prot, classes, symbol)
        except BaseException:
            PY_REFS.drop(key)
            raise
    lib = capi.lib
    lib.Rf_protect(classes)
    try:
        xptr = lib.Rf_protect(new_xptr(obj, tag, prot))
        env = lib.Rf_protect(lib.R_NewEnv(lib.R_EmptyEnv, 0, 0))
        lib.Rf_defineVar(symbol, xptr, env)
        lib.Rf_setAttrib(env, lib.R_ClassSymbol, classes)
        lib.Rf_unprotect(2)
        return env
    finally:
        lib.Rf_unprotect(1)


_MADE = []   # the compiled module's SEXP[2] new_canonical_environment is told of


def new_canonical_environment(obj, tag, classes, symbol):
    """``new_xptr_environment(obj, tag, R_NilValue, classes, symbol)`` whose pointer's one
    weak reference (its finalizer) has the environment as value, so no second weak
    reference is needed to find it again: ``(environment (unprotected), that weak
    reference, the pointer)``; None without the compiled module."""
    fast = capi.fast
    if fast is None:
        return None
    if not _MADE:
        _MADE.append(ffi.new("SEXP[2]"))
    made = _MADE[0]
    key = PY_REFS.add(obj)
    _use_compiled_finalizer(fast)
    try:
        env = fast.pyr_new_canonical_environment(key, tag, classes, symbol, made)
    except BaseException:
        PY_REFS.drop(key)
        raise
    return env, made[0], made[1]


def _use_compiled_finalizer(fast):
    if fast.pyr_drop_key == ffi.NULL:
        fast.pyr_drop_key = _drop_key


def _xptr_key(xptr):
    """The key an external pointer holds (0 once cleared)."""
    fast = capi.fast
    if fast is not None:
        return fast.pyr_xptr_key(xptr)
    addr = capi.lib.R_ExternalPtrAddr(xptr)
    return 0 if addr == ffi.NULL else int(ffi.cast("uintptr_t", addr))


def xptr_object(xptr):
    key = _xptr_key(xptr)
    if not key:
        raise DeadPointerError(
            "this Python object is no longer available: its reference did not survive "
            "saving and restoring the R session (saveRDS/load); recreate it")
    return PY_REFS.get(key)


def xptr_holds(xptr, obj):
    """Does the (possibly cleared) external pointer own a reference to ``obj`` itself?"""
    key = _xptr_key(xptr)
    entry = PY_REFS.entries.get(key) if key else None
    return entry is not None and entry[0] is obj


def xptr_is_null(xptr):
    return capi.lib.R_ExternalPtrAddr(xptr) == ffi.NULL


@ffi.callback("void(SEXP)", onerror=interrupts.callback_failed)
def _finalize_xptr(xptr):
    addr = capi.lib.R_ExternalPtrAddr(xptr)
    if addr != ffi.NULL:
        capi.lib.R_ClearExternalPtr(xptr)
        PY_REFS.drop(int(ffi.cast("uintptr_t", addr)))


@ffi.callback("void(uintptr_t)", onerror=interrupts.callback_failed)
def _drop_key(key):
    PY_REFS.drop(key)


def env_pointer(env):
    """The external pointer an environment holds as ``pyobj`` (a proxy's), or None."""
    lib = capi.lib
    value = lib.Rf_findVarInFrame3(env, capi.sym("pyobj"), 1)
    if value != lib.R_UnboundValue and lib.TYPEOF(value) == capi.EXTPTRSXP:
        return value
    return None


def live_counts():
    """Live handle counts on each side: R objects held by Python, Python objects held by R."""
    return {"r_objects": SLOTS.live(), "py_objects": PY_REFS.live()}
