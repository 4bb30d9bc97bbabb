"""R only on the main thread: other threads' R calls are served while the main
thread is in Python or in R, time out cleanly when it is blocked in C, and
releases and conversions behave the same on every thread."""
import concurrent.futures
import gc
import signal
import threading
import time
import warnings

import pytest

import pyreticulate as pr
from helpers import settle
from pyreticulate.libr import capi
from pyreticulate.runtime import threads

WAIT = 60


@pytest.fixture
def short_timeout():
    saved = threads.get_timeout()
    pr.set_timeout(0.5)
    yield 0.5
    pr.set_timeout(saved)


def in_thread(fn, *args):
    """Run ``fn`` on a new thread; its result (or exception) after join()."""
    box = {}

    def target():
        try:
            box["value"] = fn(*args)
        except BaseException as exc:
            box["error"] = exc
    thread = threading.Thread(target=target, name="bridge-test-worker")
    thread.start()
    return thread, box


def test_eight_threads_each_making_500_r_calls_get_their_own_results():
    add = pr.r("function(x, y) x + y")
    results = {}

    def work(k):
        results[k] = [add(k, i) for i in range(500)]
    workers = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(WAIT)
    assert results == {k: [k + i for i in range(500)] for k in range(8)}


R_THREAD = 'function() as.integer(basename(Sys.readlink("/proc/thread-self")))'


def test_r_runs_only_on_the_main_thread():
    """R's own thread id (Linux's /proc/thread-self, read by R) is the main thread's."""
    where = pr.r(R_THREAD)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        seen = {pool.submit(where).result(WAIT) for _ in range(10)}
    assert seen == {threading.main_thread().native_id}


def test_python_called_by_r_code_a_worker_called_runs_on_that_worker():
    pr.r('py_run_string("import threading\\ndef thread_name():\\n'
         '    return threading.current_thread().name")')
    where = pr.r("function() py$thread_name()")
    thread, box = in_thread(where)
    thread.join(WAIT)
    assert box == {"value": "bridge-test-worker"}


def test_r_callback_from_a_thread_pool_while_the_main_thread_waits_on_the_futures():
    assert pr.r('''
      py_run_string("
import concurrent.futures
def map_in_pool(f, n):
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        futures = [pool.submit(f, i) for i in range(n)]
        return [future.result() for future in futures]
")
      unlist(py$map_in_pool(function(i) i * 10, 20L))
    ''') == [i * 10 for i in range(20)]


def test_worker_r_call_is_served_while_the_main_thread_joins_it():
    square = pr.r("function(x) x^2")
    thread, box = in_thread(square, 12)
    thread.join(WAIT)
    assert box == {"value": 144}


def test_worker_r_call_is_served_while_the_main_thread_sleeps_in_python():
    square = pr.r("function(x) x^2")
    thread, box = in_thread(square, 5)
    deadline = time.monotonic() + WAIT
    while "value" not in box and time.monotonic() < deadline:
        time.sleep(0.5)
    thread.join(WAIT)
    assert box == {"value": 25}


def test_worker_r_call_is_served_while_the_main_thread_is_inside_r():
    square = pr.r("function(x) x^2")
    started = threading.Event()

    def worker():
        started.wait(WAIT)
        return square(7), time.monotonic()
    thread, box = in_thread(worker)
    pr.assign("signal_started", started.set)
    pr.r("signal_started(); Sys.sleep(1.5)")
    returned = time.monotonic()
    thread.join(WAIT)
    value, served_at = box["value"]
    assert value == 49
    assert served_at < returned - 0.5


def test_waiting_worker_does_not_interrupt_blocking_io_in_r():
    """The wake-up signal is never sent into R: a read R is blocked in completes."""
    square = pr.r("function(x) x^2")
    started = threading.Event()

    def worker():
        started.wait(WAIT)
        return [square(i) for i in range(3)]
    thread, box = in_thread(worker)
    pr.assign("signal_reading", started.set)
    lines = pr.r("""local({
      con <- pipe("sleep 1; echo done", open = "r")
      on.exit(close(con))
      signal_reading()
      readLines(con)
    })""")
    thread.join(WAIT)
    assert lines == "done"
    assert box == {"value": [0, 1, 4]}


def test_python_threads_run_while_r_runs():
    """The GIL is released while R runs, so Python threads keep going."""
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(time.monotonic())
            stop.wait(0.01)
    thread, _ = in_thread(count)
    start = time.monotonic()
    pr.r("Sys.sleep(0.5); x <- 0; for (i in 1:200000) x <- x + i")
    end = time.monotonic()
    stop.set()
    thread.join(WAIT)
    assert len([t for t in ticks if start < t < end]) >= 20


def test_r_calls_back_into_python_while_another_thread_spins_in_python():
    stop = threading.Event()

    def spin():
        n = 0
        while not stop.is_set():
            n += 1
        return n
    thread, box = in_thread(spin)
    try:
        pr.r('py_run_string("def ident(x):\\n    return x")')
        assert pr.r("sum(vapply(1:300, function(i) py$ident(i), numeric(1)))") == 45150
    finally:
        stop.set()
        thread.join(WAIT)
    assert box["value"] > 0


def test_worker_gets_the_r_error_with_its_class():
    fail = pr.r('function() stop(structure(class = c("workerError", "error", "condition"), '
                'list(message = "from the worker", call = NULL)))')
    thread, box = in_thread(fail)
    thread.join(WAIT)
    assert isinstance(box["error"], pr.RError)
    assert box["error"].r_class == ["workerError", "error", "condition"]
    assert box["error"].r_message == "from the worker"


def test_worker_gets_r_warnings_as_python_warnings_in_its_own_thread():
    warn = pr.r('function() { warning("worker warning"); 1 }')
    seen = []

    def record(message, category, filename, lineno, file=None, line=None):
        seen.append((threading.current_thread().name, category, str(message)))
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = record
        thread, box = in_thread(warn)
        thread.join(WAIT)
    assert box == {"value": 1}
    assert seen == [("bridge-test-worker", pr.RWarning, "worker warning")]


def call_while_main_is_blocked_in_c(fn, seconds, *args):
    """Call ``fn`` on a worker while the main thread sleeps in C with the wake-up
    signal blocked: it runs no Python and never reaches R, like a long BLAS call
    that released the GIL. The worker starts its call once the main thread has
    dropped the GIL to enter the C sleep. Returns the worker's outcome."""
    blocking = threading.Event()

    def worker():
        blocking.wait(WAIT)
        return fn(*args)
    thread, box = in_thread(worker)
    signal.pthread_sigmask(signal.SIG_BLOCK, {threads.WAKE_SIGNAL})
    try:
        blocking.set()
        time.sleep(seconds)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {threads.WAKE_SIGNAL})
    thread.join(WAIT)
    return box


def test_call_times_out_naming_the_thread_and_r_function_when_main_is_blocked_in_c(
        short_timeout):
    pr.r("slow_to_reach <- function() 1")
    box = call_while_main_is_blocked_in_c(pr.r("slow_to_reach"), 2.0)
    error = box["error"]
    assert isinstance(error, pr.MainThreadTimeout)
    assert "'bridge-test-worker'" in str(error)
    assert "slow_to_reach" in str(error)
    assert "0.5 s" in str(error)


def test_timed_out_call_never_runs_later(short_timeout):
    pr.r("late_calls <- 0")
    box = call_while_main_is_blocked_in_c(pr.r("function() late_calls <<- late_calls + 1"), 1.5)
    assert isinstance(box["error"], pr.MainThreadTimeout)
    pr.r("invisible(NULL)")
    assert pr.r("late_calls") == 0


def test_session_keeps_serving_threads_after_a_timeout(short_timeout):
    square = pr.r("function(x) x^2")
    box = call_while_main_is_blocked_in_c(square, 1.5, 3)
    assert isinstance(box["error"], pr.MainThreadTimeout)
    thread, box = in_thread(square, 4)
    thread.join(WAIT)
    assert box == {"value": 16}


def test_r_objects_collected_on_a_worker_are_released_and_counts_return_to_baseline():
    base = settle()
    values = [pr.r("runif(3)", convert=False) for _ in range(200)]
    assert pr.live_handle_counts()["r_objects"] == base["r_objects"] + 200

    def drop(batch):
        batch.clear()
        gc.collect()
        return threading.current_thread().name
    thread, box = in_thread(drop, values)
    del values
    thread.join(WAIT)
    assert box == {"value": "bridge-test-worker"}
    assert settle() == base


def test_conversion_rule_registered_on_a_worker_applies_on_the_main_thread():
    class Meters(float):
        pass

    def meters_to_r(obj, hint):
        return capi.mkstring(f"{float(obj)} m")
    thread, box = in_thread(pr.register_py_to_r, meters_to_r, Meters)
    thread.join(WAIT)
    pr.assign("distance", Meters(3))
    assert pr.r("distance") == "3.0 m"


def test_conversion_rules_are_the_same_on_every_thread():
    pr.r('speed <- structure(5, class = "kmh")')
    pr.register_r_to_py(lambda sexp: "5 km/h", r_classes=["kmh"])
    read_speed = pr.r("function() speed")
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        seen = {pool.submit(read_speed).result(WAIT) for _ in range(8)}
    assert seen == {"5 km/h"}
    assert read_speed() == "5 km/h"
