"""R runs only on the main thread; every other thread hands its R work to it,
and Python code R calls runs on the thread whose R call it serves.

**Other threads calling R.** A thread queues a task, asks the interpreter to
run a pending call on the main thread, and waits. The main thread runs queued
tasks between bytecodes (pending call, wake-up signal), inside R's event loop
(``interrupts.process_events``), at every bridge crossing, whenever bridge code
hands control to user code (``run_user_code``), and all the time while it
waits for a Python call it handed off (below). Bridge code that holds raw R
pointers runs ``busy`` (every main-thread entry point does), so tasks never
run in the middle of it. A task that is not picked up before the timeout
raises ``MainThreadTimeout`` naming the thread and the R function. A task runs
in a copy of its thread's contextvars (so a converter scope entered there holds
for its R work); what it sets in them stays in the copy.

**Where tasks never run.** Not where the main thread may hold a lock of the
standard library's thread, queue, logging or import machinery (inside
``ThreadPoolExecutor.submit``, a ``Queue`` method, a logging handler, an
import): the task's R code may call Python that runs on another thread and
needs that lock (a pool inside an R callback from a pool). Those modules'
frames on the main thread's stack must each be at one of their waits that
hold nothing (``_LOCK_FREE_WAITS``); elsewhere the task waits for the next
point. Not inside another task's R code either, except while that code waits
for a Python call handed back to its thread: there tasks run nested
(``_serve_next``); a call below resumes only once everything above it has
ended, so another thread's task waits until the calls waited for have run for
NEST_AFTER and none has just ended, and no R call piles up behind short
calls. A thread's R call that the main thread picks up in the middle of its
own Python code holds that code until it returns (with the Python calls it
makes); after such a stop of OWN_AFTER or more the code runs OWN_SHARE before
the next.

**Python calls from R: where they run.** R code runs on behalf of some
Python thread, its *origin*: the thread whose task it is, or the main thread
for R that Python code on the main thread called (``pyreticulate.r()``, an R
function, deferred work). A Python call from that R code runs on the origin
thread: on the main thread at once, or, for another thread, handed back to it
(it waits for its task and runs such calls meanwhile), so nested calls see
that thread's thread-local state (a library's per-thread scopes, such as a
graph being traced) and contextvars, and any locks it holds. R's own top
level (a script or the console, ``r_top_level``) has no Python origin: its
Python calls run on the main thread, or, once hand-off is on, on *R's Python
thread*, one long-lived helper, while the main thread serves R calls queued
by other threads until the call returns. Hand-off is on when
``set_hand_off("always")``, or in the default ``"auto"`` mode once a library
that runs Python code on threads of its own has said so
(``expect_foreign_threads``; a layer above registers its library when it is
imported): a call that waits in C for such a thread, which wants R, would
otherwise stall until the timeout. The helper's contextvars start as a copy
of the main thread's; every top-level call runs there, so thread-local and
context state set by one call (a scope entered with R's ``with()``) is seen
by the next.

**Ctrl-C during a handed-off call.** The signal reaches the main thread,
which is waiting: the call's thread gets ``KeyboardInterrupt`` at its next
bytecode (``PyThreadState_SetAsyncExc``; only while it runs the call's own
code, else when its R call returns). A second Ctrl-C before the call has
stopped leaves it running unattended and interrupts R at once; a new helper
takes the next calls. A Ctrl-C while a task runs stops the task (its caller
gets ``KeyboardInterrupt``) and reaches the main thread too.

The wake-up signal (repeated while a task waits) is only sent while the main
thread is in Python and not waiting for a handed-off call, where it
interrupts a blocking wait such as ``Thread.join``; R's event hook serves the
queue while the main thread is in R, so C code R runs never sees the signal.
A task's R warnings are re-issued as ``RWarning`` in the calling thread, unless
that thread runs a call for the main thread: then they join the warnings of
the R code waiting for that call, as if everything ran on one thread.
"""
import _thread
import collections
import concurrent.futures._base
import concurrent.futures.thread
import contextlib
import contextvars
import ctypes
import inspect
import logging
import os
import queue
import signal
import sys
import threading
import time
import warnings

from . import errors

DEFAULT_TIMEOUT = float(os.environ.get("PYRETICULATE_MAIN_THREAD_TIMEOUT", "120"))
WAKE_SIGNAL = signal.SIGUSR2
KICK_AFTER = 0.001
KICK_EVERY = 0.05
SERVE_POLL = 0.1
NEST_AFTER = 0.002
OWN_AFTER = 0.05
OWN_SHARE = 0.005
HAND_OFF_MODES = ("auto", "always", "never")
PYTHON_THREAD_NAME = "pyreticulate-python"

_main_ident = threading.main_thread().ident
_tasks = collections.deque()
_deferred = collections.deque()
_state = {"busy": 0, "in_r": 0, "timeout": DEFAULT_TIMEOUT, "stopped": False,
          "closed": False, "pid": None, "kick_installed": False, "serving": 0,
          "mode": "auto", "libraries": [], "hand_off": False, "python_thread": None,
          "own_until": 0.0, "interrupted": False}
_local = threading.local()

# Who the R code running on the main thread works for (see the module docstring):
# HERE (Python on the main thread: run Python calls here), TOP (R's top level) or
# the _Waiter of the thread whose task it is. Empty: HERE.
HERE = "the main thread"
TOP = "R's top level"
_origins = []
# The handed-off calls the main thread waits for (``_serve_until``), innermost last.
_waits = []

# A binary semaphore (locked: nothing new) the main thread sleeps on while it
# waits for a handed-off call: released when a task or deferred work is queued
# and when a handed-off call ends.
_main_wake = _thread.allocate_lock()
_main_wake.acquire()


# Where the standard library's thread machinery waits holding no lock of its own:
# (module, function, text of the waiting line, text of a line it must follow).
# Everywhere else in those modules' code (_LOCKING_FILES) the main thread may hold
# one of their locks (a pool's, a queue's, the import lock) that R code run there
# could need through the Python it calls on another thread.
_LOCK_FREE_WAITS = (
    (threading, "Condition.wait", "waiter.acquire(", "_release_save("),
    (threading, "Event.wait", "self._cond.wait(", None),
    (threading, "Semaphore.acquire", "self._cond.wait(", None),
    (threading, "Thread.start", "self._started.wait(", None),
    (threading, "Thread.join", "self._wait_for_tstate_lock(", None),
    (threading, "Thread.join", "self._handle.join(", None),
    (threading, "Thread._wait_for_tstate_lock", "lock.acquire(", None),
    (threading, "_shutdown", "lock.acquire(", "for lock in locks"),
    (queue, "Queue.get", ".wait(", None),
    (queue, "Queue.put", ".wait(", None),
    (concurrent.futures._base, "Future.result", "self._condition.wait(", None),
    (concurrent.futures._base, "Future.exception", "self._condition.wait(", None),
    (concurrent.futures._base, "_result_or_cancel", ".result(", None),
    (concurrent.futures._base, "Executor.map.<locals>.result_iterator", "_result_or_cancel(", None),
    (concurrent.futures._base, "wait", "waiter.event.wait(", None),
    (concurrent.futures._base, "as_completed", "waiter.event.wait(", None),
    (concurrent.futures._base, "Executor.__exit__", "self.shutdown(", None),
    (concurrent.futures.thread, "ThreadPoolExecutor.shutdown", "t.join(", None),
    (concurrent.futures.thread, "_python_exit", "t.join(", None),
)


def _code_of(module, qualname):
    """The code object of ``module``'s function ``qualname`` (nested ones too), else None."""
    head, _, rest = qualname.partition(".<locals>.")
    target = module
    for part in head.split("."):
        target = getattr(target, part, None)
    code = getattr(target, "__code__", None)
    for name in rest.split(".<locals>.") if rest else ():
        code = next((c for c in getattr(code, "co_consts", ()) if inspect.iscode(c)
                     and c.co_name == name), None)
    return code


def _wait_lines():
    """``{code: line numbers}`` of ``_LOCK_FREE_WAITS`` in this Python's standard library."""
    lines = {}
    for module, qualname, text, after in _LOCK_FREE_WAITS:
        code = _code_of(module, qualname)
        try:
            source, first = inspect.getsourcelines(code)
        except (OSError, TypeError):
            continue
        started = after is None
        for number, line in enumerate(source, first):
            started = started or after in line
            if started and text in line:
                lines.setdefault(code, set()).add(number)
    return {code: frozenset(numbers) for code, numbers in lines.items()}


_WAIT_LINES = _wait_lines()
_LOCKING_FILES = frozenset(
    [threading.__file__, queue.__file__,
     "<frozen importlib._bootstrap>", "<frozen importlib._bootstrap_external>"]
    + [os.path.join(os.path.dirname(package.__file__), name)
       for package in (concurrent.futures, logging)
       for name in os.listdir(os.path.dirname(package.__file__)) if name.endswith(".py")])


def _holds_no_library_lock():
    """Whether every frame of the main thread (the caller) that runs the standard library's
    thread, queue, logging or import machinery is at one of its lock-free waits."""
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_filename in _LOCKING_FILES and frame.f_lineno not in _WAIT_LINES.get(code, ()):
            return False
        frame = frame.f_back
    return True


class MainThreadTimeout(RuntimeError):
    """A call into R from another thread could not run on the main thread in time."""


class RShutDownError(RuntimeError):
    """R has been shut down; no more calls into it are possible."""


class ForkedProcessError(RuntimeError):
    """R was started in a parent process; a forked child cannot use it."""


def on_main_thread():
    return threading.get_ident() == _main_ident


def set_owner():
    """Record the process that started R (called once R is up)."""
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
    """How long a thread waits for the main thread to run its R call."""
    _state["timeout"] = float(seconds)


def get_timeout():
    return _state["timeout"]


def set_hand_off(mode):
    """Where Python calls made at R's top level run: ``"auto"`` (the default: on R's
    Python thread once a library with threads of its own is loaded, else on the
    main thread), ``"always"`` (on R's Python thread) or ``"never"`` (on the main
    thread: R calls from other threads then wait while such a call is in C)."""
    if mode not in HAND_OFF_MODES:
        raise ValueError(f"the hand-off mode must be one of {', '.join(map(repr, HAND_OFF_MODES))}, "
                         f"not {mode!r}")
    _state["mode"] = mode
    _update_hand_off()


def get_hand_off():
    """``(mode, active, libraries)``: the mode, whether top-level calls are handed off
    now, and the libraries that asked for it."""
    return _state["mode"], _state["hand_off"], tuple(_state["libraries"])


def expect_foreign_threads(library):
    """``library`` (a name, for ``get_hand_off``) runs Python code on threads of its own,
    which may call R while the main thread waits for it in C: hand off in ``"auto"`` mode."""
    if library not in _state["libraries"]:
        _state["libraries"].append(library)
    _update_hand_off()


def _update_hand_off():
    mode = _state["mode"]
    _state["hand_off"] = mode == "always" or (mode == "auto" and bool(_state["libraries"]))


@contextlib.contextmanager
def r_top_level():
    """R evaluated here is R's top level (a script, the console): no Python thread waits
    for it, so its Python calls go to R's Python thread when hand-off is on."""
    _origins.append(TOP)
    try:
        yield
    finally:
        _origins.pop()


def runs_for_main():
    """Whether this thread is the main thread or runs a Python call for it (R waits for it)."""
    if threading.get_ident() == _main_ident:
        return True
    waiter = getattr(_local, "waiter", None)
    return waiter is not None and waiter.serving > 0


class busy:
    """Marks the main thread as running bridge code that holds raw R pointers."""

    __slots__ = ()

    def __enter__(self):
        _state["busy"] += 1

    def __exit__(self, *exc):
        _state["busy"] -= 1
        if not _state["busy"] and (_tasks or _deferred):
            _request_service()
        return False


BUSY = busy()


class in_r:
    """Marks the main thread as running R (R's event hook serves the queue then)."""

    __slots__ = ()

    def __enter__(self):
        _state["in_r"] += 1

    def __exit__(self, *exc):
        _state["in_r"] -= 1
        return False


IN_R = in_r()


class in_python:
    """Marks a stretch of Python run from R (a bridge entry): not busy, not in R."""

    __slots__ = ("saved",)

    def __enter__(self):
        self.saved = _state["in_r"]
        _state["in_r"] = 0
        return self

    def __exit__(self, *exc):
        _state["in_r"] = self.saved
        return False


def run_user_code(fn, /, *args, **kwargs):
    """Run arbitrary Python (a call, a property, exec) from R, on its origin's thread.

    On the main thread the busy mark is lifted, so queued tasks from other
    threads may run inside it; handed off, the main thread serves them all
    the time until the call returns. ``fn`` is positional-only: a keyword
    argument named ``fn`` is the callable's (``map_fn(fn = ...)``).
    """
    saved, serving = _state["busy"], _state["serving"]
    _state["busy"] = _state["serving"] = 0
    try:
        if _tasks or _deferred:
            service()
        origin = _origins[-1] if _origins else HERE
        if origin is HERE or (origin is TOP and not _state["hand_off"]) \
                or threading.get_ident() != _main_ident:
            return fn(*args, **kwargs)
        if getattr(fn, "__pyr_main_thread__", False):
            _origins.append(HERE)
            try:
                return fn(*args, **kwargs)
            finally:
                _origins.pop()
        return _hand_off(_python_thread() if origin is TOP else origin, fn, args, kwargs)
    finally:
        _state["busy"], _state["serving"] = saved, serving


def main_thread_only(fn):
    """Mark ``fn``, Python that R calls and that works on R objects itself (the
    bridge's class builders), to run on the main thread wherever R's Python calls
    run, with the Python calls of R code it runs: R's C API may only be used there."""
    fn.__pyr_main_thread__ = True
    return fn


class _Waiter:
    """A thread other than the main one, as the main thread sees it while the thread
    waits: for its task, or (R's Python thread) for work. Meanwhile it runs the
    Python calls the main thread hands it (``jobs``)."""

    __slots__ = ("ident", "name", "wake", "jobs", "in_user", "serving", "interrupt", "retired")

    def __init__(self):
        thread = threading.current_thread()
        self.ident, self.name = thread.ident, thread.name
        self.wake = _thread.allocate_lock()
        self.wake.acquire()
        self.jobs = collections.deque()
        self.in_user = False    # running a handed-off call's own code (a Ctrl-C may be sent)
        self.serving = 0        # handed-off calls in progress here (their R calls are main's)
        self.interrupt = False  # a Ctrl-C for the call, raised when its R call returns
        self.retired = False

    def post(self):
        try:
            self.wake.release()
        except RuntimeError:  # already released: it will wake anyway
            pass


def _waiter():
    waiter = getattr(_local, "waiter", None)
    if waiter is None:
        waiter = _local.waiter = _Waiter()
    return waiter


class _Job:
    """A Python call the main thread hands to another thread and waits for."""

    __slots__ = ("fn", "args", "kwargs", "waiter", "done", "value", "error", "interrupted",
                 "started", "ended")

    def __init__(self, fn, args, kwargs, waiter):
        self.fn, self.args, self.kwargs, self.waiter = fn, args, kwargs, waiter
        self.started = self.ended = None
        self.done = False
        self.value = self.error = None
        self.interrupted = False


def _hand_off(waiter, fn, args, kwargs):
    """Run ``fn`` on ``waiter``'s thread; serve the queue on the main thread meanwhile."""
    job = _Job(fn, args, kwargs, waiter)
    waiter.jobs.append(job)
    waiter.post()
    _serve_until(job)
    if job.error is not None:
        error, job.error = job.error, None
        raise error
    return job.value


def _run_job(waiter, job):
    """On ``waiter``'s thread. A Ctrl-C is sent here only while ``in_user`` is set: the
    flag changes with no bytecode boundary between it and the call it guards, so an
    interrupt arrives inside the call or at its return, never in this machinery."""
    waiter.serving += 1
    saved = waiter.in_user
    if waiter.interrupt:  # a Ctrl-C came before the call started
        job.started = time.monotonic()
        job.error = KeyboardInterrupt()
    else:
        try:
            try:
                job.started = time.monotonic()
                waiter.in_user = True
                value = job.fn(*job.args, **job.kwargs)
            except BaseException as exc:
                waiter.in_user = saved
                job.error = exc
            else:
                waiter.in_user = saved
                job.value = value
        except BaseException as exc:  # an interrupt that arrived as the call returned
            waiter.in_user = saved
            job.error = exc
    waiter.serving -= 1
    waiter.interrupt = False
    job.ended = time.monotonic()
    job.done = True
    _wake_main()


def _serve_until(job):
    """The main thread, until ``job`` is done: run queued tasks, sleep otherwise.

    A Ctrl-C goes to the job (``_interrupt``); one that stopped a task of the
    job's own thread has reached the job already.
    """
    _state["serving"] += 1
    _waits.append(job)
    try:
        while not job.done:
            try:
                while not job.done:
                    _main_wake.acquire(True, _serve_next(job))
            except KeyboardInterrupt:
                if job.done:
                    raise
                _interrupt(job)
    finally:
        _waits.pop()
        _state["serving"] -= 1


def _run_deferred():
    """Run the deferred work queued for the main thread (its errors are dropped)."""
    while _deferred:
        fn, args = _deferred.popleft()
        _origins.append(HERE)
        try:
            with contextlib.suppress(Exception):
                fn(*args)
        finally:
            _origins.pop()


def _serve_next(job):
    """Run deferred work and the tasks that may be nested above the calls the main
    thread waits for (``_nest_delay``); how long to sleep before looking again."""
    while True:
        _run_deferred()
        if job.done:
            return 0
        if not _tasks:
            return SERVE_POLL
        delay = _nest_delay(_tasks[0], job)
        if delay > 0:
            return min(delay, SERVE_POLL)
        task = _tasks.popleft()
        if task.claim("running"):
            try:
                task.run()
            except KeyboardInterrupt:
                if task.waiter is not job.waiter:
                    raise
                job.interrupted = True


def _nest_delay(task, job):
    """How long ``task`` should wait before it runs above the calls the main thread waits
    for (0: now). A call resumes only once everything above it has ended, so another
    thread's task waits until each of those calls has run on its thread for NEST_AFTER
    (a short one ends first) and, for one that has ended, until NEST_AFTER after its end
    (the stack unwinds first; a call still running may need the task, so it waits no
    longer). ``job``'s own thread waits for its task, so that runs at once."""
    if task.waiter is job.waiter:
        return 0
    latest = 0.0
    for call in _waits:
        if call.started is None:
            return NEST_AFTER
        latest = max(latest, call.ended if call.done else call.started)
    return latest + NEST_AFTER - time.monotonic()


_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = [ctypes.c_ulong, ctypes.py_object]
_set_async_exc.restype = ctypes.c_int


def _interrupt(job):
    """A Ctrl-C for a handed-off call: the first reaches the call, the next abandons it."""
    if job.interrupted:
        waiter = job.waiter
        if waiter is _state["python_thread"]:
            waiter.retired = True
            _state["python_thread"] = None
            waiter.post()
        raise KeyboardInterrupt
    job.interrupted = True
    waiter = job.waiter
    # No bytecode boundary between the test and the call: the thread cannot leave
    # the job's own code in between (it would need the GIL, which only changes hands
    # at a boundary).
    if waiter.in_user:
        _set_async_exc(waiter.ident, KeyboardInterrupt)
    else:
        waiter.interrupt = True
        waiter.post()


def _python_thread():
    """R's Python thread (started on first use), a ``_Waiter`` that waits for jobs."""
    waiter = _state["python_thread"]
    if waiter is None:
        started = threading.Event()
        box = []

        def main():
            box.append(_waiter())
            started.set()
            _python_thread_loop(box[0])
        context = contextvars.copy_context()
        threading.Thread(target=context.run, args=(main,), name=PYTHON_THREAD_NAME,
                         daemon=True).start()
        started.wait()
        waiter = _state["python_thread"] = box[0]
    return waiter


def _python_thread_loop(waiter):
    # Signals stay unblocked here: threads and processes started from this thread
    # inherit its mask. A Ctrl-C the kernel delivers here reaches the main thread's
    # handler within SERVE_POLL.
    while not waiter.retired:
        while waiter.jobs:
            _run_job(waiter, waiter.jobs.popleft())
        if waiter.retired:
            break
        waiter.wake.acquire()


class _Task:
    __slots__ = ("fn", "args", "description", "waiter", "done", "result",
                 "error", "lock", "state", "warnings", "context")

    def __init__(self, fn, args, description, waiter):
        self.fn, self.args, self.description, self.waiter = fn, args, description, waiter
        # the caller's contextvars (converter scopes among them) hold for its R work
        self.context = contextvars.copy_context()
        self.done = False
        self.result = self.error = None
        self.warnings = []
        self.lock = threading.Lock()
        self.state = "queued"

    def claim(self, new_state):
        with self.lock:
            if self.state != "queued":
                return False
            self.state = new_state
            return True

    def finish(self):
        self.done = True
        self.waiter.post()

    def run(self):
        """Run on the main thread; a Ctrl-C reaches the caller and the main thread both."""
        interrupted = None
        _origins.append(self.waiter)
        try:
            with BUSY:
                if self.waiter.serving:
                    self.result = self.context.run(self.fn, *self.args)
                else:
                    self.result = errors.WARNINGS.isolated(self.context.run,
                                                           (self.fn, *self.args), self.warnings)
        except KeyboardInterrupt as exc:
            self.error = interrupted = exc
        except BaseException as exc:
            self.error = exc
        finally:
            _origins.pop()
            self.finish()
        if interrupted is not None:
            raise interrupted


def defer(fn, *args):
    """Run ``fn(*args)`` on the main thread at its next safe point (never blocks)."""
    _deferred.append((fn, args))
    _request_service()


def run_on_main(fn, args=(), description="an R function", timeout=None):
    """Run ``fn(*args)`` on the main thread and return its result or raise its error.

    While it waits, the calling thread runs the Python calls that ``fn``'s R code
    makes (they are handed back to it).
    """
    check_process()
    if threading.get_ident() == _main_ident:
        with BUSY:
            return fn(*args)
    waiter = _waiter()
    saved = waiter.in_user
    waiter.in_user = False
    try:
        if _state["stopped"]:
            raise RShutDownError("R has shut down; it cannot run " + description)
        task = _Task(fn, args, description, waiter)
        _tasks.append(task)
        _request_service()
        _wait_for(task, waiter, _state["timeout"] if timeout is None else timeout)
        for text in task.warnings:
            warnings.warn(text, errors.RWarning, stacklevel=2)
        if waiter.interrupt and waiter.serving:
            waiter.interrupt = False
            raise KeyboardInterrupt
        if task.error is not None:
            raise task.error
        return task.result
    finally:
        waiter.in_user = saved


def _wait_for(task, waiter, limit):
    """Wait for ``task``, running handed-back calls and waking the main thread now and
    then until it is picked up; ``MainThreadTimeout`` if it is not picked up in time."""
    deadline = time.monotonic() + limit
    step = KICK_AFTER
    while True:
        while waiter.jobs:
            _run_job(waiter, waiter.jobs.popleft())
        if task.done:
            return
        if task.state != "queued":
            waiter.wake.acquire()
            continue
        if waiter.interrupt and waiter.serving and task.claim("abandoned"):
            waiter.interrupt = False
            raise KeyboardInterrupt
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            if task.claim("abandoned"):
                raise MainThreadTimeout(
                    f"thread {waiter.name!r} waited {limit:g} s for the main thread "
                    f"to run {task.description}, but the main thread never reached a point "
                    "where it could run R (it may be blocked in C code such as a long "
                    "BLAS call or a wait inside a C++ library, or busy in R code that does not "
                    "check for interrupts); R is only ever entered on the main thread. "
                    "Raise the limit with pyreticulate.set_timeout().")
            continue
        if not waiter.wake.acquire(True, min(step, remaining)):
            _request_service()
            _kick_main()
            step = min(step * 2, KICK_EVERY)


def service(force=False, budget=None):
    """Run deferred work and queued tasks on the main thread.

    Without ``force`` nothing runs while bridge code is busy or while the main
    thread waits for a handed-off call (that loop serves the queue itself);
    ``force`` is for points known to be safe (R's event loop, a bridge entry
    with its values protected). Tasks run only where the main thread is not
    running a task's R code (they would wait for each other, ``_serve_next``
    nests them where they do not) and holds no lock of the standard library's
    (``_holds_no_library_lock``). With a ``budget`` (seconds) no new task starts
    once it is used up. A Ctrl-C in a task stops the rest and propagates.
    """
    if threading.get_ident() != _main_ident or _state["closed"] or \
            ((_state["busy"] or _state["serving"]) and not force):
        return
    _run_deferred()
    if not _tasks or (_origins and isinstance(_origins[-1], _Waiter)) \
            or not _holds_no_library_lock():
        return
    deadline = None if budget is None else time.monotonic() + budget
    while _tasks and (deadline is None or time.monotonic() < deadline):
        task = _tasks.popleft()
        if task.claim("running"):
            task.run()


def pending():
    return bool(_tasks or _deferred)


def crossing_state():
    """What the compiled crossing reads and updates as run_user_code and the bridge's
    entries do (``_fast.c``'s crossing block): the state, the queues, the origins, their
    HERE and TOP, the main thread's ident, and how to ask for service."""
    return (_state, _tasks, _deferred, _origins, HERE, TOP, _main_ident, _request_service)


def stop():
    """Refuse new tasks and fail queued ones: R is shutting down."""
    _state["stopped"] = True
    while _tasks:
        task = _tasks.popleft()
        if task.claim("running"):
            task.error = RShutDownError("R shut down before it could run " + task.description)
            task.finish()
    waiter = _state["python_thread"]
    if waiter is not None:
        _state["python_thread"] = None
        waiter.retired = True
        waiter.post()


def close():
    """R is gone: no more R calls from any thread (end of shutdown)."""
    stop()
    _state["closed"] = True


_PENDING_FUNC = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


def _pending_call(_arg):
    """Run by the interpreter between bytecodes of the main thread.

    It cannot raise (ctypes would only print the exception), so a Ctrl-C that
    stopped a task here is handed back to the main thread by a helper thread,
    once this call has returned.
    """
    try:
        _serve_interrupted()
    except KeyboardInterrupt:
        _thread.start_new_thread(_thread.interrupt_main, ())
    except BaseException:
        pass
    return 0


_pending_call_c = _PENDING_FUNC(_pending_call)
_add_pending_call = ctypes.pythonapi.Py_AddPendingCall
_add_pending_call.argtypes = [_PENDING_FUNC, ctypes.c_void_p]
_add_pending_call.restype = ctypes.c_int


def _wake_main():
    try:
        _main_wake.release()
    except RuntimeError:  # already released
        pass


def _request_service():
    _add_pending_call(_pending_call_c, None)
    _wake_main()


def _kick_main():
    """Interrupt a main thread waiting in a blocking Python call so it serves the queue."""
    if _state["kick_installed"] and not _state["in_r"] and not _state["serving"] \
            and not _state["closed"]:
        with contextlib.suppress(OSError, ValueError):
            signal.pthread_kill(_main_ident, WAKE_SIGNAL)


def _on_wake_signal(signum, frame):
    _serve_interrupted()


def _serve_interrupted():
    """``service`` where the main thread was stopped in the middle of Python code (a
    pending call, the wake-up signal). No new task starts once the stop has lasted
    OWN_AFTER, and after such a stop the code runs for OWN_SHARE before the next, so
    threads calling R again and again cannot keep it from its own work for long."""
    started = time.monotonic()
    if started < _state["own_until"] or _state["interrupted"]:
        return
    _state["interrupted"] = True
    try:
        service(budget=OWN_AFTER)
    finally:
        _state["interrupted"] = False
        ended = time.monotonic()
        if ended - started > OWN_AFTER:
            _state["own_until"] = ended + OWN_SHARE


def install_wake_signal():
    """Install the wake-up signal handler (main thread, at start-up) unless the host uses it."""
    if signal.getsignal(WAKE_SIGNAL) in (signal.SIG_DFL, None):
        signal.signal(WAKE_SIGNAL, _on_wake_signal)
        _state["kick_installed"] = True
