"""R goes to the thread that needs it: one thread at a time *owns* R and runs it on its
own stack; Python code R calls runs on the thread whose R called it.

**Owning R.** R's C API may be used from any thread when only one thread uses it at a
time and R's C stack check is set for that thread (R_CStackStart, R_CStackLimit,
R_CStackDir: ``libr.cstack.use_thread_bounds``). A thread takes R (``run_in_r``,
``HOLD``; re-entrant) to evaluate R or run bridge code that holds raw R pointers; a
thread that wants R while another owns it waits (``MainThreadTimeout`` after the
timeout, naming the thread and the R function). R is free while nobody runs it: a
Python thread calls R whenever R is free, even while the main thread waits in C. Threads
waiting to enter get R first come first (``_entering``; the compiled crossing takes R
only when none waits), and a thread checks and takes R as one step (``_claim``).

**R waiting for Python.** A Python call R makes (``run_user_code``, the crossing's fast
path in C) *suspends* R: the owner gives R up for the length of the call, so any thread
may run R meanwhile, nested above the suspended call; when the call returns, its thread
takes R back. R's evaluation contexts live on the stacks of the threads that entered
R, linked in one chain, so nesting is last in, first out: a suspended call resumes only
once everything entered above it has returned, and it comes first once its Python has
returned (a thread that wants to enter waits for it). Another thread enters above a
suspended call of a different thread only once that call has run for NEST_AFTER (a
short call such as ``py_eval("f")`` ends first, so R calls do not pile up on it); the
call's own thread enters at once.

**R's event hook.** While the main thread runs R, R's event hook (``let_waiting_in``)
lets threads waiting for R run their R calls nested in it, as R calls Python: so R
code that runs long (a loop, ``Sys.sleep``) does not keep other threads from R.

**Deferred work** (``defer``: releases of R objects dropped by threads that do not own
R, a requested R collection, load hooks imported by such threads) runs on the next
thread that takes R, before it runs its own R; the main thread takes R for it at its
next bytecode when R is free.

**Warnings.** A thread's R call that no R of its own waits for (a worker, a library's
thread) collects its R warnings apart and re-issues them as ``RWarning`` in that
thread; R called from a Python call R made on the same thread adds them to that call's
warnings, as on one thread.

**Ctrl-C** reaches Python's handler on the main thread. A thread waiting for R to
resume its call keeps waiting (R's stack must unwind first): a Ctrl-C there interrupts
the R running above it and is raised once the call has resumed.
"""
import _thread
import collections
import ctypes
import os
import signal
import threading
import time
import warnings

from . import errors
from ..libr import capi, cstack

DEFAULT_TIMEOUT = float(os.environ.get("PYRETICULATE_MAIN_THREAD_TIMEOUT", "120"))
NEST_AFTER = 0.002
WAIT_POLL = 0.05
YIELD_WAIT = 0.01
WAKE_SIGNAL = signal.SIGUSR2

_main_ident = threading.main_thread().ident
# Who owns R: the owner's thread ident (None: R is free) and how deep it has taken R;
# whose C stack bounds R checks; whether a thread is claiming R in Python (``_claim``:
# the compiled crossing takes nothing meanwhile); the waits; the session. The compiled
# crossing reads and updates the same fields (bridge/_crossing.c), through the contract
# the bridge installs.
_state = {"owner": None, "depth": 0, "bounds": _main_ident, "claiming": False,
          "timeout": DEFAULT_TIMEOUT, "stopped": False, "closed": False, "pid": None,
          "main_waiting": False, "wake_installed": False, "unwound": 0.0}
# Calls R made that wait for Python (suspended), innermost last: [ident, seen, ended,
# depth]: the thread, when a waiting thread first saw the call running (None before; a
# crossing costs no clock read) and when its Python ended (None while it runs), and the
# depth to which the thread owned R.
_suspended = []
# The wake locks of threads waiting for R (released on every change that may let one in).
_waiting = []
# The threads waiting to enter R, first come first: while any waits, R is free only for
# the first (a thread calling R in a loop gets back in line behind the waiting ones).
_entering = []
# Held while a thread checks whether it may take R and takes it, as one step.
_claim_lock = threading.Lock()
_deferred = collections.deque()
_local = threading.local()


class MainThreadTimeout(RuntimeError):
    """A thread could not get R in time: another thread kept it the whole while."""


class RShutDownError(RuntimeError):
    """R has been shut down; no more calls into it are possible."""


class ForkedProcessError(RuntimeError):
    """R was started in a parent process; a forked child cannot use it."""


def on_main_thread():
    return threading.get_ident() == _main_ident


def owns_r():
    """Whether this thread owns R now (may use R's C API)."""
    return _state["owner"] == threading.get_ident()


def r_waits_here():
    """Whether this thread owns R or an R call of its own waits for its Python: it
    can take R without waiting for another thread's R to return."""
    me = threading.get_ident()
    return _state["owner"] == me or any(call[0] == me for call in _suspended)


def set_owner():
    """Record the process that started R (called once R is up, by its thread)."""
    _state["pid"] = os.getpid()


def check_process():
    """Refuse to touch R from a forked child or after R has shut down."""
    pid = _state["pid"]
    if pid is not None and pid != os.getpid():
        raise ForkedProcessError(
            f"R was started in process {pid} and cannot be used after fork() (this is "
            f"process {os.getpid()}): R, Python threads and libraries with threads of their own "
            "do not survive fork(). Use a fresh process instead: multiprocessing with the "
            "'spawn' method in Python, or parallel::makePSOCKcluster() / callr in R "
            "(not parallel::mclapply)")
    if _state["closed"]:
        raise RShutDownError("R has shut down in this process; it cannot be used any more")


def set_timeout(seconds: float) -> None:
    """How long a thread waits for R while other threads keep it."""
    _state["timeout"] = float(seconds)


def get_timeout():
    return _state["timeout"]


# --- taking and giving up R -----------------------------------------------------------

def _may_enter(me):
    """Whether ``me`` may take R now (GIL held): R is free, no thread waits to enter
    before ``me``, and the innermost suspended call is ``me``'s own or has been seen
    running for NEST_AFTER, no call of another thread was bared in the last NEST_AFTER
    (its own return may be on its way), and it has not ended (then it resumes first)."""
    if _state["owner"] is not None:
        return False
    if _entering and _entering[0] != me:
        return False
    if not _suspended:
        return True
    top = _suspended[-1]
    if top[2] is not None:
        return False
    if top[0] == me:
        return True
    now = time.monotonic()
    if top[1] is None:
        top[1] = now
        return False
    return now - top[1] >= NEST_AFTER and now - _state["unwound"] >= NEST_AFTER


def _step():
    """How long a waiting thread sleeps before it looks again."""
    if _suspended and _suspended[-1][2] is None and _suspended[-1][1] is not None:
        since = time.monotonic() - max(_suspended[-1][1], _state["unwound"])
        return min(WAIT_POLL, max(NEST_AFTER - since, 0.0005))
    return WAIT_POLL


def _take(me, depth):
    _own(me, depth)
    if _deferred:
        _run_deferred()


def _own(me, depth):
    _state["owner"] = me
    _state["depth"] = depth
    if _state["bounds"] != me and _state["pid"] is not None:
        cstack.use_thread_bounds()
        _state["bounds"] = me


def _claim(me, depth, ready, call=None, wait=True):
    """Take R for ``me`` at ``depth`` if ``ready()``, the check and the take as one step
    (no other thread takes R between them; ``call``, a suspended call resuming, is taken
    off the stack in the same step); whether taken. Deferred work runs after. With
    ``wait`` False it does not wait while another claim is being made (a pending call can
    run on the main thread in the middle of the main thread's own claim)."""
    if not _claim_lock.acquire(wait):
        return False
    _state["claiming"] = True
    try:
        if not ready():
            return False
        if call is not None:
            _forget(call)
        _own(me, depth)
    finally:
        _state["claiming"] = False
        _claim_lock.release()
    if _deferred:
        _run_deferred()
    return True


def _wake_lock():
    lock = getattr(_local, "wake", None)
    if lock is None:
        lock = _local.wake = _thread.allocate_lock()
        lock.acquire()
    return lock


def notify():
    """Wake every thread waiting for R (each looks again whether it may go on)."""
    for lock in list(_waiting):
        try:
            lock.release()
        except RuntimeError:  # already released
            pass
    if _state["main_waiting"]:
        try:
            signal.pthread_kill(_main_ident, WAKE_SIGNAL)
        except (OSError, ValueError):
            pass


def _wait(ready, limit, description):
    """Wait until ``ready()`` (checked with the GIL held; the wait releases it); a
    ``MainThreadTimeout`` after ``limit`` seconds (None: never).

    The main thread waits with SIGINT blocked, taking it with ``sigtimedwait`` and
    running Python's handler for it here: while it waits, another thread runs R, and R
    replaces the SIGINT handler while it sleeps (Sys.sleep) with one that jumps back
    into that thread's stack, which must not run on this one."""
    if threading.get_ident() == _main_ident and _state["wake_installed"]:
        return _wait_on_main(ready, limit, description)
    wake = _wake_lock()
    _waiting.append(wake)
    try:
        for step in _steps(ready, limit, description,
                           f"thread {threading.current_thread().name!r}"):
            wake.acquire(True, step)
    finally:
        _waiting.remove(wake)


def _steps(ready, limit, description, waiter):
    """The waits' one loop: how long to sleep next, until ``ready()``; an
    ``RShutDownError`` once R has stopped, a ``MainThreadTimeout`` after ``limit``
    seconds (None: never)."""
    deadline = None if limit is None else time.monotonic() + limit
    while not ready():
        if _state["stopped"]:
            raise RShutDownError("R has shut down; it cannot run " + description)
        step = _step()
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise MainThreadTimeout(
                    f"{waiter} waited {limit:g} s for R to run {description}, but other "
                    "threads kept R the whole while (R runs on one thread at a time; a "
                    "thread's R call holds it until it returns or calls Python). Raise the "
                    "limit with pyreticulate.set_timeout().")
            step = min(step, remaining)
        yield step


_MAIN_WAIT_SIGNALS = {signal.SIGINT, WAKE_SIGNAL}


def _wait_on_main(ready, limit, description):
    outer = signal.pthread_sigmask(signal.SIG_BLOCK, _MAIN_WAIT_SIGNALS)
    _state["main_waiting"] = True
    interrupted = False
    try:
        for step in _steps(ready, limit, description, "the main thread"):
            taken = signal.sigtimedwait(_MAIN_WAIT_SIGNALS, step)
            if taken is not None and taken.si_signo == signal.SIGINT:
                interrupted = True
                break
    finally:
        _state["main_waiting"] = False
        if signal.SIGINT not in outer:
            while signal.sigtimedwait(_MAIN_WAIT_SIGNALS, 0) is not None:
                pass   # drained: a SIGINT here came after the wait had ended
            signal.pthread_sigmask(signal.SIG_SETMASK, outer)
    if interrupted:
        _sigint_handler()


class _SignalsHeld:
    """``with _SignalsHeld():`` (main thread) SIGINT stays blocked from one wait to the
    next: between them another thread may be in R's ``select()``, whose SIGINT handler
    jumps into that thread's stack and must not run on this one; a SIGINT meanwhile
    stays pending for the next wait, or for the end of the block.

    A Ctrl-C can still reach Python's C handler on another thread (one running Python
    under R, such as R's console output), and Python then runs its SIGINT handler on
    this thread at any bytecode: a ``KeyboardInterrupt`` raised in the middle of handing
    R over (``suspend``, ``resume``) would let this thread run R it does not own, beside
    the thread that does. So for the block Python's handler only records the Ctrl-C and
    asks R to stop (the R running now is the other thread's); the end of the block raises
    it, with R this thread's again.
    """

    __slots__ = ("outer", "handler", "recorded")

    def __enter__(self):
        self.outer = self.handler = None
        self.recorded = False
        if threading.get_ident() != _main_ident or not _state["wake_installed"]:
            return self
        self.outer = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            self.handler = handler
            _held_handlers.append(handler)
            signal.signal(signal.SIGINT, self._record)
        return self

    def _record(self, signum, frame):
        self.recorded = True
        capi.lib.R_interrupts_pending = 1

    def __exit__(self, exc_type, *exc):
        if self.outer is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self.outer)
        if self.handler is not None:
            _held_handlers.pop()
            signal.signal(signal.SIGINT, self.handler)   # runs it for a Ctrl-C since
        if self.recorded and exc_type is None:
            self.handler(signal.SIGINT, None)
        return False


_held_handlers = []


def _sigint_handler():
    """Run Python's SIGINT handler for a Ctrl-C the main thread took while it waited (the
    handler ``_SignalsHeld`` set aside, while one is)."""
    handler = _held_handlers[-1] if _held_handlers else signal.getsignal(signal.SIGINT)
    if callable(handler):
        handler(signal.SIGINT, None)
    elif handler == signal.SIG_DFL:
        raise KeyboardInterrupt


def install_wake_signal():
    """The wake-up signal's handler (a no-op; main thread, at start-up) unless the host
    uses that signal: then the main thread waits for R like any other thread."""
    if signal.getsignal(WAKE_SIGNAL) in (signal.SIG_DFL, None):
        signal.signal(WAKE_SIGNAL, _on_wake_signal)
        _state["wake_installed"] = True


def _on_wake_signal(signum, frame):
    pass


def enter(description="an R function", timeout=None):
    """Take R for this thread (re-entrant), waiting while another thread has it."""
    me = threading.get_ident()
    if _state["owner"] == me:
        _state["depth"] += 1
        return
    check_process()
    if _state["stopped"]:
        raise RShutDownError("R has shut down; it cannot run " + description)
    def ready():
        return _may_enter(me)
    if _claim(me, 1, ready):
        return
    _entering.append(me)
    try:
        _wait(lambda: _claim(me, 1, ready), _state["timeout"] if timeout is None else timeout,
              description)
    finally:
        _entering.remove(me)


def leave():
    """Give up one level of R; the last one frees R for waiting threads."""
    depth = _state["depth"] - 1
    if depth > 0:
        _state["depth"] = depth
        return
    if _deferred:
        _run_deferred()
    _state["owner"] = None
    _state["depth"] = 0
    if _waiting:
        notify()


class _Hold:
    """``with HOLD:`` this thread owns R for the block (``enter`` / ``leave``)."""

    __slots__ = ()

    def __enter__(self):
        enter()

    def __exit__(self, *exc):
        leave()
        return False


HOLD = _Hold()


def suspend():
    """The owner's R waits for Python: R is free until ``resume(call)``."""
    call = [_state["owner"], None, None, _state["depth"]]
    _suspended.append(call)
    _state["owner"] = None
    _state["depth"] = 0
    if _waiting:
        notify()
    return call


def resume(call):
    """Take R back for ``call`` (its Python has returned) once everything entered above
    it has returned. A Ctrl-C meanwhile interrupts that R and is raised here after."""
    me = call[0]
    interrupted = False

    def ready():
        return _state["owner"] is None and _suspended[-1] is call
    if not _claim(me, call[3], ready, call):
        call[2] = time.monotonic()
        while True:
            try:
                _wait(lambda: _claim(me, call[3], ready, call), None, "a Python call's return")
                break
            except KeyboardInterrupt:
                interrupted = True
                capi.lib.R_interrupts_pending = 1
            except RShutDownError:
                _forget(call)
                _take(me, call[3])
                break
    if interrupted:
        raise KeyboardInterrupt


def _forget(call):
    """Take ``call`` off the suspended calls (the innermost one but at shutdown). When that
    bares another thread's call, note the time: calls that ended together (a barrier, a
    pool's results) unwind before another thread enters above them."""
    for position in range(len(_suspended) - 1, -1, -1):
        if _suspended[position] is call:
            del _suspended[position]
            if _suspended and _suspended[-1][0] != call[0]:
                _state["unwound"] = time.monotonic()
            return


def let_waiting_in():
    """R's event hook, on the main thread while it owns R: threads waiting to enter R
    run their R now, nested in this R, which resumes once they have returned."""
    if not _entering or _state["owner"] != _main_ident or _state["closed"]:
        return
    interrupted = False
    with _SignalsHeld():
        call = suspend()
        call[1] = float("-inf")  # already waited for: no NEST_AFTER
        try:
            _wait(lambda: _state["owner"] is not None or _suspended[-1] is not call
                  or not _entering, YIELD_WAIT, "R's event hook")
        except MainThreadTimeout:
            pass
        except KeyboardInterrupt:
            # taken before this thread saw the other one enter: it stops the R that runs
            # now (the other thread's, which resume waits for), then this thread's
            interrupted = True
            capi.lib.R_interrupts_pending = 1
        finally:
            resume(call)
    if interrupted:
        raise KeyboardInterrupt


def run_user_code(fn, /, *args, **kwargs):
    """Run arbitrary Python (a call, a property, exec) that R calls, on this thread,
    with R suspended meanwhile (other threads may run R); R is taken back afterwards.
    ``holds_r`` functions keep R instead. ``fn`` is positional-only: a keyword argument
    named ``fn`` is the callable's (``map_fn(fn = ...)``)."""
    if _state["owner"] != threading.get_ident() or getattr(fn, "__pyr_holds_r__", False):
        return fn(*args, **kwargs)
    call = suspend()
    try:
        return fn(*args, **kwargs)
    finally:
        resume(call)


def holds_r(fn):
    """Mark ``fn``, Python that R calls and that works on R objects itself (the bridge's
    class builders): it runs holding R, R not suspended around it."""
    fn.__pyr_holds_r__ = True
    return fn


def run_in_r(fn, args=(), description="an R function", timeout=None):
    """Run ``fn(*args)`` owning R, on this thread; its result or its error.

    A thread no R of its own waits for gets the R warnings of the call as ``RWarning``.
    """
    me = threading.get_ident()
    if _state["owner"] == me:
        _state["depth"] += 1
        try:
            return fn(*args)
        finally:
            leave()
    own = r_waits_here()
    enter(description, timeout)
    try:
        if own:
            return fn(*args)
        texts = []
        try:
            return errors.WARNINGS.isolated(fn, args, texts)
        finally:
            for text in texts:
                warnings.warn(text, errors.RWarning, stacklevel=3)
    finally:
        leave()


# --- deferred work --------------------------------------------------------------------

def _run_deferred():
    """Run the deferred work (the caller owns R; errors are dropped)."""
    while _deferred:
        fn, args = _deferred.popleft()
        try:
            fn(*args)
        except Exception:
            pass


def defer(fn, *args):
    """Run ``fn(*args)`` owning R, on the next thread that takes R (never blocks)."""
    _deferred.append((fn, args))
    if _state["owner"] is None:
        _add_pending_call(_pending_call_c, None)


def pending():
    return bool(_deferred)


def service():
    """Run the deferred work now if this thread owns R."""
    if _deferred and _state["owner"] == threading.get_ident():
        _run_deferred()


_PENDING_FUNC = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


_main_calls = collections.deque()


def call_on_main_thread(fn, description, timeout=None):
    """``fn()`` run by the main thread at its next bytecode, for what only that thread may
    do (starting R); its result or error. A ``MainThreadTimeout`` when the main thread runs
    no Python code in time (it waits in C)."""
    if threading.get_ident() == _main_ident:
        return fn()
    done, box = threading.Event(), {}
    _main_calls.append((fn, box, done))
    _add_pending_call(_pending_call_c, None)
    limit = _state["timeout"] if timeout is None else timeout
    if not done.wait(limit):
        raise MainThreadTimeout(
            f"thread {threading.current_thread().name!r} waited {limit:g} s for the main "
            f"thread to run {description}, but it ran no Python code meanwhile (it may wait "
            "in C); start R from the main thread first (pyreticulate.start()), or raise the "
            "limit with pyreticulate.set_timeout().")
    if "error" in box:
        raise box["error"]
    return box["value"]


def _pending_call(_arg):
    """Between bytecodes of the main thread: what other threads asked of it, and deferred
    work when R is free for it."""
    while _main_calls:
        fn, box, done = _main_calls.popleft()
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc
        done.set()
    try:
        if _deferred and not _state["closed"] and _state["owner"] is None \
                and _claim(_main_ident, 1, lambda: _may_enter(_main_ident), wait=False):
            leave()
    except BaseException:
        pass
    return 0


_pending_call_c = _PENDING_FUNC(_pending_call)
_add_pending_call = ctypes.pythonapi.Py_AddPendingCall
_add_pending_call.argtypes = [_PENDING_FUNC, ctypes.c_void_p]
_add_pending_call.restype = ctypes.c_int


# --- shutdown -------------------------------------------------------------------------

def stop():
    """Refuse new R calls and fail waiting ones: R is shutting down."""
    _state["stopped"] = True
    notify()


def close():
    """R is gone: no more R calls from any thread (end of shutdown)."""
    stop()
    _state["closed"] = True


def crossing_state():
    """What the bridge's compiled crossing reads and updates as ``suspend``, ``resume``,
    ``enter`` and ``leave`` do, by the names of its contract: the state, the suspended
    calls, the waiting threads' locks, the threads waiting to enter, the deferred work; ``notify``, ``resume`` and
    ``leave`` for the cases it leaves to Python."""
    return {"threads_state": _state, "suspended": _suspended, "waiting": _waiting,
            "entering": _entering, "deferred": _deferred, "notify": notify, "resume": resume, "leave": leave}
