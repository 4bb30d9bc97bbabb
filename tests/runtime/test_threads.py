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
from helpers import at_top_level, handing_off, settle
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
        return f"{float(obj)} m"
    thread, box = in_thread(pr.register_py_to_r, meters_to_r, Meters)
    thread.join(WAIT)
    pr.assign("distance", Meters(3))
    assert pr.r("distance") == "3.0 m"


def test_conversion_rules_are_the_same_on_every_thread():
    pr.r('speed <- structure(5, class = "kmh")')
    pr.register_r_to_py(lambda robj: "5 km/h", r_classes=["kmh"])
    read_speed = pr.r("function() speed")
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        seen = {pool.submit(read_speed).result(WAIT) for _ in range(8)}
    assert seen == {"5 km/h"}
    assert read_speed() == "5 km/h"


# ---- Python calls R makes at its top level, handed to R's Python thread ----------------------

HELPERS = r'''
import signal, threading, contextvars
def thread_name():
    return threading.current_thread().name
def thread_ident():
    return threading.get_ident()
def wait_in_c_for(f, *args):
    """Start a worker calling f(*args) once this thread waits for it the way C code
    would: no bytecode runs and the wake-up signal is blocked (a C++ library's wait)."""
    box, waiting = {}, threading.Event()
    def work():
        waiting.wait()
        try:
            box["value"] = f(*args)
        except BaseException as exc:
            box["error"] = exc
    worker = threading.Thread(target=work, name="c-waited-worker")
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2})
    try:
        worker.start()
        waiting.set()
        worker.join()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR2})
    return box
def in_worker(f, *args):
    """f(*args) on a new thread named 'py-worker' (the caller just joins it)."""
    box = {}
    def work():
        try:
            box["value"] = f(*args)
        except BaseException as exc:
            box["error"] = exc
    worker = threading.Thread(target=work, name="py-worker")
    worker.start()
    worker.join()
    return box
def py_level(f, depth):
    return [threading.current_thread().name] + list(f(depth - 1))
def boom(message):
    raise ValueError(message)
def call_r(f, *args):
    return f(*args)
test_var = contextvars.ContextVar("pyreticulate_test_var", default="unset")
def set_var(value):
    test_var.set(value)
def get_var():
    return test_var.get()
def set_var_then_call(value, f):
    test_var.set(value)
    return f()
'''


@pytest.fixture
def hand_off():
    with handing_off():
        pr.assign("helpers_code", HELPERS)
        pr.r("py_run_string(helpers_code)")
        yield


def test_python_call_at_r_top_level_runs_on_rs_python_thread(hand_off):
    assert at_top_level("py$thread_name()") == threads.PYTHON_THREAD_NAME


def test_top_level_calls_run_on_one_python_thread(hand_off):
    idents = {at_top_level("py$thread_ident()") for _ in range(5)}
    assert len(idents) == 1
    assert idents != {threading.main_thread().ident}


def test_python_call_at_r_top_level_runs_on_the_main_thread_without_hand_off(hand_off):
    pr.set_hand_off("never")
    assert at_top_level("py$thread_name()") == "MainThread"


def test_r_code_that_python_on_the_main_thread_runs_calls_python_back_on_it(hand_off):
    assert pr.r("py$thread_name()") == "MainThread"


def test_worker_r_call_is_served_while_a_handed_off_call_waits_for_it_in_c(hand_off):
    box = at_top_level("py$wait_in_c_for(function(x) x * 2, 21)")
    assert box == {"value": 42}


def test_worker_r_call_times_out_when_the_call_waiting_in_c_is_not_handed_off(
        hand_off, short_timeout):
    pr.set_hand_off("never")
    box = at_top_level("py$wait_in_c_for(function(x) x * 2, 21)")
    assert isinstance(box["error"], pr.MainThreadTimeout)
    assert "'c-waited-worker'" in str(box["error"])


def test_python_calls_of_r_code_a_worker_runs_come_back_to_that_worker(hand_off):
    box = at_top_level("py$wait_in_c_for(function() py$thread_name())")
    assert box == {"value": "c-waited-worker"}


def test_r_error_in_r_code_run_for_a_worker_reaches_it_as_rerror_with_its_class(hand_off):
    box = at_top_level('py$wait_in_c_for(function() stop(structure(class = c("deepError", '
                       '"error", "condition"), list(message = "from R", call = NULL))))')
    error = box["error"]
    assert isinstance(error, pr.RError)
    assert (error.r_class, error.r_message) == (["deepError", "error", "condition"], "from R")


def test_python_error_under_r_code_run_for_a_worker_reaches_it_as_that_exception(hand_off):
    box = at_top_level('py$wait_in_c_for(function() py$boom("bad value"))')
    assert type(box["error"]) is ValueError
    assert str(box["error"]) == "bad value"


def test_r_error_in_r_code_a_handed_off_call_runs_reaches_r_as_the_original_condition(hand_off):
    assert at_top_level('tryCatch(py$call_r(function() stop(structure(class = c("mine", '
                        '"error", "condition"), list(message = "deep", call = NULL)))), '
                        'mine = function(e) paste("caught", conditionMessage(e)))') == "caught deep"


def test_nesting_r_python_four_levels_deep_from_the_top_level_stays_on_one_thread(hand_off):
    pr.r("r_level <- function(d) if (d == 0) list() else as.list(py$py_level(r_level, d))")
    assert at_top_level("unlist(r_level(4))") == [threads.PYTHON_THREAD_NAME] * 4


def test_nesting_r_python_three_levels_deep_from_a_worker_stays_on_the_worker(hand_off):
    pr.r("r_level <- function(d) if (d == 0) list() else as.list(py$py_level(r_level, d))")
    box = at_top_level("py$in_worker(r_level, 3)")
    assert box == {"value": ["py-worker"] * 3}


def test_worker_calls_r_inside_an_r_callback_the_main_thread_runs_while_serving(hand_off):
    """Top level → Python (R's Python thread) → a worker → R → Python (the worker)
    → another worker waited for in C → R → Python (that worker)."""
    box = at_top_level("py$in_worker(function() list(py$thread_name(), "
                       "py$wait_in_c_for(function() py$thread_name())$value))")
    assert box == {"value": ["py-worker", "c-waited-worker"]}


def test_contextvar_set_by_one_top_level_call_is_seen_by_the_next(hand_off):
    at_top_level('py$set_var("from R")')
    assert at_top_level("py$get_var()") == "from R"


def test_python_calls_of_r_code_a_worker_runs_see_the_workers_contextvars(hand_off):
    box = at_top_level('py$in_worker(py$set_var_then_call, "worker value", '
                       'function() py$get_var())')
    assert box == {"value": "worker value"}


def test_r_warning_under_a_handed_off_call_reaches_r_as_a_warning(hand_off):
    assert at_top_level('local({ seen <- character(); withCallingHandlers('
                        'py$call_r(function() { warning("deep warning"); 1 }), '
                        'warning = function(w) { seen <<- conditionMessage(w); '
                        'invokeRestart("muffleWarning") }); seen })') == "deep warning"


def test_deferred_work_queued_by_a_worker_runs_while_a_handed_off_call_waits(hand_off):
    pr.r("deferred_runs <- 0L")
    bump = pr.r("function() deferred_runs <<- deferred_runs + 1L")
    pr.assign("queue_bump", lambda: threads.defer(bump))
    at_top_level("py$wait_in_c_for(queue_bump)")
    assert pr.r("deferred_runs") == 1


def test_set_hand_off_names_the_modes_for_a_bad_one():
    with pytest.raises(ValueError, match="one of 'auto', 'always', 'never', not 'sometimes'"):
        pr.set_hand_off("sometimes")


def test_set_hand_off_leaves_the_mode_unchanged_for_a_bad_one(hand_off):
    with pytest.raises(ValueError):
        pr.set_hand_off(True)
    assert threads.get_hand_off()[:2] == ("always", True)


def test_library_with_threads_of_its_own_turns_hand_off_on_in_auto_mode(monkeypatch):
    monkeypatch.setitem(threads._state, "libraries", [])
    monkeypatch.setitem(threads._state, "mode", "auto")
    threads._update_hand_off()
    assert threads.get_hand_off() == ("auto", False, ())
    threads.expect_foreign_threads("ThreadedLib")
    assert threads.get_hand_off() == ("auto", True, ("ThreadedLib",))
    monkeypatch.undo()
    threads._update_hand_off()


CTRL_C = r'''
library(pyreticulate)
py_run_string("
import signal, threading, time
import pyreticulate
pyreticulate.set_hand_off('always')
def ctrl_c_after(*seconds):
    for s in seconds:
        threading.Timer(s, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT)).start()
def thread_ident():
    return threading.get_ident()
")
'''


def test_ctrl_c_during_a_long_handed_off_call_is_an_r_interrupt_and_both_stay_usable(script):
    proc = script(CTRL_C + r'''
        first <- py$thread_ident()
        py$ctrl_c_after(0.5)
        outcome <- tryCatch(py_run_string("while True:\n    pass"),
                            interrupt = function(e) "interrupted")
        cat("outcome:", outcome, "\n")
        cat("after:", py_eval("6 * 7"), sum(1:3), identical(py$thread_ident(), first), "\n")
    ''')
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-2:] == ["outcome: interrupted ", "after: 42 6 TRUE "]


def test_ctrl_c_reaches_the_handed_off_python_code_as_keyboardinterrupt(script):
    proc = script(CTRL_C + r'''
        py$ctrl_c_after(0.5)
        py_run_string("try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    caught = 'KeyboardInterrupt'")
        cat("caught:", py$caught, "\n")
    ''')
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "caught: KeyboardInterrupt "


def test_second_ctrl_c_leaves_a_call_stuck_in_a_wait_and_interrupts_r_at_once(script):
    proc = script(CTRL_C + r'''
        first <- py$thread_ident()
        py$ctrl_c_after(0.5, 1.5)
        outcome <- tryCatch(py_run_string("time.sleep(120)"), interrupt = function(e) "interrupted")
        cat("outcome:", outcome, "\n")
        cat("after:", py_eval("6 * 7"), identical(py$thread_ident(), first), "\n")
    ''', timeout=100)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-2:] == ["outcome: interrupted ", "after: 42 FALSE "]


def test_run_user_code_passes_a_keyword_named_fn_to_the_callable():
    assert threads.run_user_code(lambda fn, x: (fn, x), fn=1, x=2) == (1, 2)
