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
"""
import platform

import cffi

from . import capi

_ffi = cffi.FFI()
_ffi.cdef("int getcontext(void *ucp);")

# Byte offset of the saved stack pointer in glibc's ucontext_t.
_SP_OFFSET = {"x86_64": 160, "aarch64": 432}
_UCONTEXT_BYTES = 4096      # more than sizeof(ucontext_t) on every platform

_state = {"libc": None, "buffer": None, "offset": None, "start": 0, "limit": 0, "dir": 1}


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
    if limit in (0, 2 ** 64 - 1, 2 ** 32 - 1) or start_address in (0, 2 ** 64 - 1):
        return False     # R's own check is off: nothing to measure against
    _state.update(libc=libc, buffer=_ffi.new("char[]", _UCONTEXT_BYTES), offset=offset,
                  start=start_address, limit=limit, dir=int(lib.R_CStackDir))
    used = _used()
    if used is None or not 0 < used < limit:
        _state["libc"] = None
        return False
    return True


def _used():
    """Bytes of R's C stack in use here, or None when it cannot be read."""
    libc = _state["libc"]
    if libc is None:
        return None
    buffer = _state["buffer"]
    if libc.getcontext(buffer) != 0:
        return None
    sp = _ffi.cast("uintptr_t *", buffer + _state["offset"])[0]
    return _state["dir"] * (_state["start"] - int(sp))


def room():
    """Bytes left before R's C stack limit, or None when it cannot be read."""
    used = _used()
    return None if used is None else _state["limit"] - used


def limit():
    """R's C stack limit in bytes (0 when unknown)."""
    return _state["limit"]
