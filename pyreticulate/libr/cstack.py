"""How much of R's C stack is left, read without running R.

R checks its C stack itself (``R_CStackStart``, ``R_CStackLimit``,
``R_CStackDir``) and signals "C stack usage is too close to the limit" when
little is left; but handling that error (R's condition handlers, the Python
they call) can use up the rest, and a recursion that crosses between R and
Python then ends in a segfault. ``room()`` lets an R → Python entry refuse
early instead, while there is room to report it.

The stack pointer comes from libc's ``getcontext()``, at the offset of the
saved stack pointer in ``ucontext_t`` (Linux glibc on x86-64 and AArch64);
``start()`` checks that what it reads lies on R's stack and otherwise leaves
the check off (``room()`` is then None).

R may run on any thread that owns it (``runtime.threads``): ``use_thread_bounds()``
sets R's three bounds to the calling thread's stack (read once per thread with
``pthread_getattr_np``; the thread that started R gets R's own values back), so R's
check and ``room()`` measure the stack R runs on.
"""
import platform
import threading

import cffi

from . import capi

_ffi = cffi.FFI()
_ffi.cdef("""
int getcontext(void *ucp);
typedef struct { char opaque[128]; } pyr_pthread_attr_t;
unsigned long pthread_self(void);
int pthread_getattr_np(unsigned long thread, pyr_pthread_attr_t *attr);
int pthread_attr_getstack(const pyr_pthread_attr_t *attr, void **stackaddr, size_t *stacksize);
int pthread_attr_destroy(pyr_pthread_attr_t *attr);
""")
# R's margin below a thread's stack size (R's own start-up keeps a similar one).
STACK_SHARE = 0.95

# Byte offset of the saved stack pointer in glibc's ucontext_t.
_SP_OFFSET = {"x86_64": 160, "aarch64": 432}
_UCONTEXT_BYTES = 4096      # more than sizeof(ucontext_t) on every platform

_state = {"libc": None, "offset": None}
_here = threading.local()   # this thread's (start, limit, dir) and getcontext buffer


def start():
    """Read R's stack bounds and check the stack pointer can be read (once R is up)."""
    offset = _SP_OFFSET.get(platform.machine())
    if offset is None:
        return False
    try:
        libc = _ffi.dlopen(None)
    except OSError:
        return False
    lib = capi.lib
    limit = int(lib.R_CStackLimit)
    start_address = int(lib.R_CStackStart)
    _here.bounds = (start_address, limit, int(lib.R_CStackDir))
    if limit in (0, 2 ** 64 - 1, 2 ** 32 - 1) or start_address in (0, 2 ** 64 - 1):
        return False     # R's own check is off: nothing to measure against
    _state.update(libc=libc, offset=offset)
    used = _used()
    if used is None or not 0 < used < limit:
        _state["libc"] = None
        return False
    return True


def _thread_bounds():
    """This thread's stack as R's bounds ``(start, limit, dir)``; the limit is -1 (R's
    check off) when the stack cannot be read."""
    libc = _state["libc"] or _ffi.dlopen(None)
    attr = _ffi.new("pyr_pthread_attr_t *")
    if libc.pthread_getattr_np(libc.pthread_self(), attr) != 0:
        return (0, 2 ** 64 - 1, 1)
    low, size = _ffi.new("void **"), _ffi.new("size_t *")
    try:
        failed = libc.pthread_attr_getstack(attr, low, size)
    finally:
        libc.pthread_attr_destroy(attr)
    if failed:
        return (0, 2 ** 64 - 1, 1)
    top = int(_ffi.cast("uintptr_t", low[0])) + size[0]
    return (top, int(size[0] * STACK_SHARE), 1)


def use_thread_bounds():
    """Set R's C stack bounds to this thread's (the thread now owns R)."""
    bounds = getattr(_here, "bounds", None)
    if bounds is None:
        bounds = _here.bounds = _thread_bounds()
    lib = capi.lib
    lib.R_CStackStart, lib.R_CStackLimit, lib.R_CStackDir = bounds


def _used():
    """Bytes of R's C stack in use here, or None when it cannot be read."""
    libc = _state["libc"]
    bounds = getattr(_here, "bounds", None)
    if libc is None or bounds is None or bounds[1] >= 2 ** 63:
        return None
    buffer = getattr(_here, "buffer", None)
    if buffer is None:
        buffer = _here.buffer = _ffi.new("char[]", _UCONTEXT_BYTES)
    if libc.getcontext(buffer) != 0:
        return None
    sp = _ffi.cast("uintptr_t *", buffer + _state["offset"])[0]
    return bounds[2] * (bounds[0] - int(sp))


def room():
    """Bytes left before R's C stack limit, or None when it cannot be read."""
    used = _used()
    return None if used is None else _here.bounds[1] - used


def limit():
    """R's C stack limit for this thread in bytes (0 when unknown)."""
    bounds = getattr(_here, "bounds", None)
    return 0 if bounds is None or bounds[1] >= 2 ** 63 else bounds[1]
