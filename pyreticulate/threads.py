"""R runs only on the main thread; every other thread hands its R work to it.

A worker thread queues a task, asks the interpreter to run a pending call on
the main thread, and waits. The main thread runs queued tasks between
bytecodes (pending call, wake-up signal), inside R's event loop
(``interrupts.process_events``), at every bridge crossing, and in bridge waits.
Bridge code that holds raw R pointers marks itself ``busy`` so tasks are not
run in the middle of it. A task that waits past the timeout raises
``MainThreadTimeout`` naming the thread and the R function.
"""
import collections
import ctypes
import os
import signal
import threading

DEFAULT_TIMEOUT = float(os.environ.get("PYRETICULATE_MAIN_THREAD_TIMEOUT", "120"))
WAKE_SIGNAL = signal.SIGUSR2
KICK_AFTER = 0.001

_main_ident = threading.main_thread().ident
_tasks = collections.deque()
_deferred = collections.deque()
_state = {"busy": 0, "timeout": DEFAULT_TIMEOUT, "stopped": False}


class MainThreadTimeout(RuntimeError):
    """A call into R from another thread could not run on the main thread in time."""


class RShutDownError(RuntimeError):
    """R has been shut down; no more calls into it are possible."""


def on_main_thread():
    return threading.get_ident() == _main_ident


def set_timeout(seconds):
    """How long a thread waits for the main thread to run its R call."""
    _state["timeout"] = float(seconds)


def get_timeout():
    return _state["timeout"]


class busy:
    """Marks the main thread as holding raw R pointers: queued tasks wait."""

    __slots__ = ()

    def __enter__(self):
        _state["busy"] += 1

    def __exit__(self, *exc):
        _state["busy"] -= 1
        return False


BUSY = busy()


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
                 "error", "lock", "state")

    def __init__(self, fn, args, description):
        self.fn, self.args, self.description = fn, args, description
        self.thread_name = threading.current_thread().name
        self.done = threading.Event()
        self.result = self.error = None
        self.lock = threading.Lock()
        self.state = "queued"

    def claim(self, new_state):
        with self.lock:
            if self.state != "queued":
                return False
            self.state = new_state
            return True

    def run(self):
        try:
            self.result = self.fn(*self.args)
        except BaseException as exc:
            self.error = exc
        finally:
            self.done.set()


def defer(fn, *args):
    """Run ``fn(*args)`` on the main thread at its next safe point (never blocks)."""
    _deferred.append((fn, args))
    if not on_main_thread():
        _request_service()


def run_on_main(fn, args=(), description="an R function", timeout=None):
    """Run ``fn(*args)`` on the main thread and return its result or raise its error."""
    if on_main_thread():
        return fn(*args)
    if _state["stopped"]:
        raise RShutDownError("R has shut down; it cannot run " + description)
    task = _Task(fn, args, description)
    _tasks.append(task)
    _request_service()
    limit = _state["timeout"] if timeout is None else timeout
    if not task.done.wait(min(KICK_AFTER, limit)):
        _kick_main()
        if not task.done.wait(max(limit - KICK_AFTER, 0)):
            if task.claim("abandoned"):
                raise MainThreadTimeout(
                    f"thread {task.thread_name!r} waited {limit:g} s for the main thread "
                    f"to run {description}, but the main thread never reached a point "
                    "where it could run R (it may be blocked in C code such as "
                    "Thread.join or a TensorFlow C++ wait, or busy in a long R "
                    "computation); R is only ever entered on the main thread. "
                    "Raise the limit with pyreticulate.threads.set_timeout().")
            task.done.wait()
    if task.error is not None:
        raise task.error
    return task.result


def service(force=False):
    """Run deferred work and queued tasks on the main thread.

    Without ``force`` nothing runs while bridge code is busy; ``force`` is for
    points known to be safe (R's event loop, a bridge entry with its values
    protected).
    """
    if not on_main_thread() or (_state["busy"] and not force):
        return
    while _deferred:
        fn, args = _deferred.popleft()
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


_PENDING_FUNC = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


def _pending_call(_arg):
    service()
    return 0


_pending_call_c = _PENDING_FUNC(_pending_call)
_add_pending_call = ctypes.pythonapi.Py_AddPendingCall
_add_pending_call.argtypes = [_PENDING_FUNC, ctypes.c_void_p]
_add_pending_call.restype = ctypes.c_int


def _request_service():
    _add_pending_call(_pending_call_c, None)


def _kick_main():
    """Interrupt a main thread waiting in a blocking call so it runs pending calls."""
    if _state.get("kick_installed"):
        signal.pthread_kill(_main_ident, WAKE_SIGNAL)


def _on_wake_signal(signum, frame):
    service()


def install_wake_signal():
    """Install the wake-up signal handler (main thread, at start-up)."""
    if signal.getsignal(WAKE_SIGNAL) in (signal.SIG_DFL, None):
        signal.signal(WAKE_SIGNAL, _on_wake_signal)
        _state["kick_installed"] = True
