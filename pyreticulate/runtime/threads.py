"""R runs only on the main thread; every other thread hands its R work to it.

A worker thread queues a task, asks the interpreter to run a pending call on
the main thread, and waits. The main thread runs queued tasks between
bytecodes (pending call, wake-up signal), inside R's event loop
(``interrupts.process_events``), at every bridge crossing, and whenever bridge
code hands control to user code (``run_user_code``). Bridge code that holds
raw R pointers runs ``busy`` (every main-thread entry point does), so tasks
never run in the middle of it. A task that waits past the timeout raises
``MainThreadTimeout`` naming the thread and the R function.

The wake-up signal (repeated while a task waits) is only sent while the main
thread is in Python, where it interrupts a blocking wait such as
``Thread.join``; R's event hook serves the queue while the main thread is in
R, so C code R runs never sees the signal. A task's R warnings are re-issued
as ``RWarning`` in the calling thread; a Ctrl-C while a task runs stops the
task (its caller gets ``KeyboardInterrupt``) and reaches the main thread too.
"""
import _thread
import collections
import contextlib
import ctypes
import os
import signal
import threading
import warnings

from . import errors

DEFAULT_TIMEOUT = float(os.environ.get("PYRETICULATE_MAIN_THREAD_TIMEOUT", "120"))
WAKE_SIGNAL = signal.SIGUSR2
KICK_AFTER = 0.001
KICK_EVERY = 0.05

_main_ident = threading.main_thread().ident
_tasks = collections.deque()
_deferred = collections.deque()
_state = {"busy": 0, "in_r": 0, "timeout": DEFAULT_TIMEOUT, "stopped": False,
          "closed": False, "pid": None, "kick_installed": False}


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


def set_timeout(seconds):
    """How long a thread waits for the main thread to run its R call."""
    _state["timeout"] = float(seconds)


def get_timeout():
    return _state["timeout"]


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


def run_user_code(fn, *args, **kwargs):
    """Run arbitrary Python (a call, a property, exec) with the busy mark lifted.

    Inside it queued tasks from other threads may run, so a long ``fit`` or a
    wait on a thread pool keeps serving R calls made by other threads.
    """
    saved = _state["busy"]
    _state["busy"] = 0
    try:
        if _tasks or _deferred:
            service()
        return fn(*args, **kwargs)
    finally:
        _state["busy"] = saved


class _Task:
    __slots__ = ("fn", "args", "description", "thread_name", "done", "result",
                 "error", "lock", "state", "warnings")

    def __init__(self, fn, args, description):
        self.fn, self.args, self.description = fn, args, description
        self.thread_name = threading.current_thread().name
        self.done = threading.Event()
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

    def run(self):
        """Run on the main thread; a Ctrl-C reaches the caller and the main thread both."""
        interrupted = None
        try:
            with BUSY:
                self.result = errors.WARNINGS.isolated(self.fn, self.args, self.warnings)
        except KeyboardInterrupt as exc:
            self.error = interrupted = exc
        except BaseException as exc:
            self.error = exc
        finally:
            self.done.set()
        if interrupted is not None:
            raise interrupted


def defer(fn, *args):
    """Run ``fn(*args)`` on the main thread at its next safe point (never blocks)."""
    _deferred.append((fn, args))
    _request_service()


def run_on_main(fn, args=(), description="an R function", timeout=None):
    """Run ``fn(*args)`` on the main thread and return its result or raise its error."""
    check_process()
    if on_main_thread():
        with BUSY:
            return fn(*args)
    if _state["stopped"]:
        raise RShutDownError("R has shut down; it cannot run " + description)
    task = _Task(fn, args, description)
    _tasks.append(task)
    _request_service()
    limit = _state["timeout"] if timeout is None else timeout
    if not _wait(task, limit):
        if task.claim("abandoned"):
            raise MainThreadTimeout(
                f"thread {task.thread_name!r} waited {limit:g} s for the main thread "
                f"to run {description}, but the main thread never reached a point "
                "where it could run R (it may be blocked in C code such as a long "
                "BLAS call or a wait inside a C++ library, or busy in R code that does not "
                "check for interrupts); R is only ever entered on the main thread. "
                "Raise the limit with pyreticulate.set_timeout().")
        task.done.wait()
    for text in task.warnings:
        warnings.warn(text, errors.RWarning, stacklevel=2)
    if task.error is not None:
        raise task.error
    return task.result


def _wait(task, limit):
    """Wait for ``task``, waking the main thread now and then; False on timeout."""
    waited, step = 0.0, KICK_AFTER
    while waited < limit:
        if task.done.wait(min(step, limit - waited)):
            return True
        waited += step
        _request_service()
        _kick_main()
        step = min(step * 2, KICK_EVERY)
    return task.done.is_set()


def service(force=False):
    """Run deferred work and queued tasks on the main thread.

    Without ``force`` nothing runs while bridge code is busy; ``force`` is for
    points known to be safe (R's event loop, a bridge entry with its values
    protected). A Ctrl-C in a task stops the rest and propagates.
    """
    if not on_main_thread() or (_state["busy"] and not force) or _state["closed"]:
        return
    while _deferred:
        fn, args = _deferred.popleft()
        with contextlib.suppress(Exception):
            fn(*args)
    while _tasks:
        task = _tasks.popleft()
        if task.claim("running"):
            task.run()


def pending():
    return bool(_tasks or _deferred)


def stop():
    """Refuse new tasks and fail queued ones: R is shutting down."""
    _state["stopped"] = True
    while _tasks:
        task = _tasks.popleft()
        if task.claim("running"):
            task.error = RShutDownError("R shut down before it could run " + task.description)
            task.done.set()


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
        service()
    except KeyboardInterrupt:
        _thread.start_new_thread(_thread.interrupt_main, ())
    except BaseException:
        pass
    return 0


_pending_call_c = _PENDING_FUNC(_pending_call)
_add_pending_call = ctypes.pythonapi.Py_AddPendingCall
_add_pending_call.argtypes = [_PENDING_FUNC, ctypes.c_void_p]
_add_pending_call.restype = ctypes.c_int


def _request_service():
    _add_pending_call(_pending_call_c, None)


def _kick_main():
    """Interrupt a main thread waiting in a blocking Python call so it serves the queue."""
    if _state["kick_installed"] and not _state["in_r"] and not _state["closed"]:
        with contextlib.suppress(OSError, ValueError):
            signal.pthread_kill(_main_ident, WAKE_SIGNAL)


def _on_wake_signal(signum, frame):
    service()


def install_wake_signal():
    """Install the wake-up signal handler (main thread, at start-up) unless the host uses it."""
    if signal.getsignal(WAKE_SIGNAL) in (signal.SIG_DFL, None):
        signal.signal(WAKE_SIGNAL, _on_wake_signal)
        _state["kick_installed"] = True
