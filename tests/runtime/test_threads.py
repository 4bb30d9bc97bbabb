"""R goes to the thread that needs it (runtime/threads.py): a thread's R call runs on
that thread while no other thread runs R, is let in while the main thread is in
Python, in R or waits in C, times out cleanly when another thread keeps R, and
releases and conversions behave the same on every thread."""
import concurrent.futures
import gc
import threading
import time
import warnings

import pytest

import pyreticulate as pr
from helpers import settle
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


def until(condition, seconds=WAIT):
    """Wait up to ``seconds`` for ``condition()`` to hold."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.005)


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


def test_thread_calling_r_in_a_loop_lets_a_waiting_thread_in():
    """The looping thread's next call gets in line behind the waiting main thread (it
    used to retake R through the compiled crossing before the main thread woke)."""
    add_one = pr.r("function(x) x + 1")
    stop = threading.Event()

    def loop():
        while not stop.is_set():
            add_one(1)
    looping = threading.Thread(target=loop, name="looping")
    looping.start()
    saved = threads.get_timeout()
    pr.set_timeout(10)
    try:
        results = [pr.r(f"{k} + 1") for k in range(20)]
    finally:
        pr.set_timeout(saved)
        stop.set()
        looping.join(WAIT)
    assert results == [float(k + 1) for k in range(20)]


def test_threads_waiting_for_r_enter_in_the_order_they_came():
    order = []
    record = pr.r("function(name) name")

    def enter_as(name):
        order.append(record(name))
    with threads.HOLD:
        first = threading.Thread(target=enter_as, args=("first",))
        first.start()
        until(lambda: len(threads._entering) == 1)
        second = threading.Thread(target=enter_as, args=("second",))
        second.start()
        until(lambda: len(threads._entering) == 2)
    first.join(WAIT)
    second.join(WAIT)
    assert order == ["first", "second"]


R_THREAD = 'function() as.integer(basename(Sys.readlink("/proc/thread-self")))'


def test_r_runs_on_the_thread_that_calls_it():
    """R's own thread id (Linux's /proc/thread-self, read by R) is the caller's."""
    where = pr.r(R_THREAD)

    def here_and_in_r():
        return threading.get_native_id(), where()
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        seen = [pool.submit(here_and_in_r).result(WAIT) for _ in range(10)]
    assert [in_r for _, in_r in seen] == [caller for caller, _ in seen]


def test_r_checks_its_c_stack_against_the_calling_threads_stack():
    """R_CStackStart and R_CStackLimit follow the thread that owns R: a worker with a
    32 MB stack sees R's limit near 32 MB and little of it used."""
    stack = pr.r('function() Cstack_info()[c("size", "current")]')
    saved = threading.stack_size(32 * 2 ** 20)
    try:
        thread, box = in_thread(stack)
    finally:
        threading.stack_size(saved)
    thread.join(WAIT)
    size, current = box["value"]
    assert 30 * 2 ** 20 < size < 32 * 2 ** 20
    assert 0 < current < 2 ** 20
    assert stack()[0] != size


def test_deep_r_recursion_on_a_worker_is_rs_stack_error_not_a_crash():
    deep = pr.r('function() { f <- function(n) f(n + 1) + 1; '
                'tryCatch(f(0), error = function(e) conditionMessage(e)) }')
    saved = threading.stack_size(4 * 2 ** 20)
    try:
        thread, box = in_thread(deep)
    finally:
        threading.stack_size(saved)
    thread.join(WAIT)
    assert "too close to the limit" in box["value"] or "nested too deeply" in box["value"]


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
    """A read R is blocked in completes while a worker waits for R."""
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
    ticks_while_r_ran = [t for t in ticks if start < t < end]
    assert len(ticks_while_r_ran) >= 10  # about 50 on an idle machine; none if R held the GIL


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


def call_while_another_thread_keeps_r(fn, seconds, *args):
    """Call ``fn`` on a worker while another worker runs R code for ``seconds`` that never
    calls Python (R stays that thread's the whole while). The worker's outcome."""
    started = threading.Event()
    pr.assign("keeper_started", started.set)
    hold = pr.r("function(seconds) { keeper_started(); Sys.sleep(seconds); TRUE }")
    holder, _ = in_thread(hold, seconds)
    started.wait(WAIT)
    time.sleep(0.05)
    thread, box = in_thread(fn, *args)
    thread.join(WAIT)
    holder.join(WAIT)
    return box


def test_call_times_out_naming_the_thread_and_r_function_when_another_thread_keeps_r(
        short_timeout):
    pr.r("slow_to_reach <- function() 1")
    box = call_while_another_thread_keeps_r(pr.r("slow_to_reach"), 2.0)
    error = box["error"]
    assert isinstance(error, pr.MainThreadTimeout)
    assert "'bridge-test-worker'" in str(error)
    assert "slow_to_reach" in str(error)
    assert "0.5 s" in str(error)


def test_timed_out_call_never_runs_later(short_timeout):
    pr.r("late_calls <- 0")
    box = call_while_another_thread_keeps_r(
        pr.r("function() late_calls <<- late_calls + 1"), 1.5)
    assert isinstance(box["error"], pr.MainThreadTimeout)
    pr.r("invisible(NULL)")
    assert pr.r("late_calls") == 0


def test_threads_get_r_again_after_a_timeout(short_timeout):
    square = pr.r("function(x) x^2")
    box = call_while_another_thread_keeps_r(square, 1.5, 3)
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
    with box["value"]:
        pr.assign("distance", Meters(3))
        assert pr.r("distance") == "3.0 m"


def test_conversion_rules_are_the_same_on_every_thread():
    pr.r('speed <- structure(5, class = "kmh")')
    with pr.register_r_to_py(lambda robj: "5 km/h", r_classes=["kmh"]):
        read_speed = pr.r("function() speed")
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            seen = {pool.submit(read_speed).result(WAIT) for _ in range(8)}
        assert seen == {"5 km/h"}
        assert read_speed() == "5 km/h"


# ---- Python calls R makes, and the R of other threads meanwhile ---------------------------

HELPERS = r"""
import threading, contextvars
def thread_name():
    return threading.current_thread().name
def wait_in_c_for(f, *args):
    '''f(*args) on a worker this thread waits for without running Python (a C++
    library's wait: join() of a thread blocks in C).'''
    box = {}
    def work():
        try:
            box["value"] = f(*args)
        except BaseException as exc:
            box["error"] = exc
    worker = threading.Thread(target=work, name="c-waited-worker")
    worker.start()
    worker.join()
    return box
def in_worker(f, *args):
    '''f(*args) on a new thread named 'py-worker' (the caller just joins it).'''
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
"""


@pytest.fixture
def helpers():
    pr.assign("helpers_code", HELPERS)
    pr.r("py_run_string(helpers_code)")


def test_python_call_from_r_runs_on_the_thread_running_r(helpers):
    assert pr.r("py$thread_name()") == "MainThread"


def test_worker_r_call_runs_while_a_python_call_from_r_waits_for_it_in_c(helpers):
    assert pr.r("py$wait_in_c_for(function(x) x * 2, 21)") == {"value": 42}


def test_python_calls_of_r_code_a_worker_runs_stay_on_that_worker(helpers):
    box = pr.r("py$wait_in_c_for(function() py$thread_name())")
    assert box == {"value": "c-waited-worker"}


def test_r_error_in_r_code_a_worker_runs_reaches_it_as_rerror_with_its_class(helpers):
    box = pr.r('py$wait_in_c_for(function() stop(structure(class = c("deepError", '
               '"error", "condition"), list(message = "from R", call = NULL))))')
    error = box["error"]
    assert isinstance(error, pr.RError)
    assert (error.r_class, error.r_message) == (["deepError", "error", "condition"], "from R")


def test_python_error_under_r_code_a_worker_runs_reaches_it_as_that_exception(helpers):
    box = pr.r('py$wait_in_c_for(function() py$boom("bad value"))')
    assert type(box["error"]) is ValueError
    assert str(box["error"]) == "bad value"


def test_r_error_under_a_python_call_reaches_r_as_the_original_condition(helpers):
    assert pr.r('tryCatch(py$call_r(function() stop(structure(class = c("mine", '
                '"error", "condition"), list(message = "deep", call = NULL)))), '
                'mine = function(e) paste("caught", conditionMessage(e)))') == "caught deep"


def test_nesting_r_python_four_levels_deep_stays_on_one_thread(helpers):
    pr.r("r_level <- function(d) if (d == 0) list() else as.list(py$py_level(r_level, d))")
    assert pr.r("unlist(r_level(4))") == ["MainThread"] * 4


def test_nesting_r_python_three_levels_deep_from_a_worker_stays_on_the_worker(helpers):
    pr.r("r_level <- function(d) if (d == 0) list() else as.list(py$py_level(r_level, d))")
    assert pr.r("py$in_worker(r_level, 3)") == {"value": ["py-worker"] * 3}


def test_worker_r_calls_nest_in_each_others_python_calls(helpers):
    """R → Python (main) → a worker → R → Python (the worker) → another worker waited
    for in C → R → Python (that worker)."""
    box = pr.r("py$in_worker(function() list(py$thread_name(), "
               "py$wait_in_c_for(function() py$thread_name())$value))")
    assert box == {"value": ["py-worker", "c-waited-worker"]}


def test_contextvar_set_by_one_python_call_from_r_is_seen_by_the_next(helpers):
    pr.r('py$set_var("from R")')
    assert pr.r("py$get_var()") == "from R"


def test_python_calls_of_r_code_a_worker_runs_see_the_workers_contextvars(helpers):
    box = pr.r('py$in_worker(py$set_var_then_call, "worker value", function() py$get_var())')
    assert box == {"value": "worker value"}


def test_r_warning_under_a_python_call_reaches_r_as_a_warning(helpers):
    assert pr.r('local({ seen <- character(); withCallingHandlers('
                'py$call_r(function() { warning("deep warning"); 1 }), '
                'warning = function(w) { seen <<- conditionMessage(w); '
                'invokeRestart("muffleWarning") }); seen })') == "deep warning"


def test_deferred_work_queued_by_a_worker_runs_while_a_python_call_waits_for_it(helpers):
    pr.r("deferred_runs <- 0L")
    bump = pr.r("function() deferred_runs <<- deferred_runs + 1L")
    pr.assign("queue_bump", lambda: threads.defer(bump))
    pr.r("py$wait_in_c_for(function() { queue_bump(); invisible(NULL) })")
    assert pr.r("deferred_runs") == 1


def test_python_call_that_returns_first_resumes_only_after_the_r_entered_above_it(helpers):
    """Last in, first out: the worker's R entered above the main thread's Python call,
    so that call's R resumes once the worker's R has returned."""
    order = pr.r('''local({
      entered <- py_eval("threading.Event()")
      py_run_string("
order = []
def start_worker(f, entered):
    worker = threading.Thread(target=f)
    worker.start()
    entered.wait(30)
    order.append('python call returned')
    return worker
")
      worker <- py$start_worker(function() { entered$set(); Sys.sleep(0.3);
                                              py_eval("order", convert = FALSE)$append(
                                                "worker's R returned") },
                                entered)
      py_eval("order", convert = FALSE)$append("R resumed")
      worker$join()
      unlist(py$order)
    })''')
    assert order == ["python call returned", "worker's R returned", "R resumed"]


CTRL_C = r"""
library(pyreticulate)
py_run_string("
import signal, threading, time
def ctrl_c_after(*seconds):
    for s in seconds:
        threading.Timer(s, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT)).start()
")
"""


def test_ctrl_c_during_a_long_python_call_from_r_is_an_r_interrupt_and_both_stay_usable(script):
    proc = script(CTRL_C + r"""
        py$ctrl_c_after(0.5)
        outcome <- tryCatch(py_run_string("while True:\n    pass"),
                            interrupt = function(e) "interrupted")
        cat("outcome:", outcome, "\n")
        cat("after:", py_eval("6 * 7"), sum(1:3), "\n")
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-2:] == ["outcome: interrupted ", "after: 42 6 "]


def test_ctrl_c_reaches_the_python_code_r_called_as_keyboardinterrupt(script):
    proc = script(CTRL_C + r"""
        py$ctrl_c_after(0.5)
        py_run_string("try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    caught = 'KeyboardInterrupt'")
        cat("caught:", py$caught, "\n")
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "caught: KeyboardInterrupt "


def test_ctrl_c_ends_a_python_call_from_r_sleeping_in_c_at_once(script):
    proc = script(CTRL_C + r"""
        py$ctrl_c_after(0.5)
        began <- Sys.time()
        outcome <- tryCatch(py_run_string("time.sleep(120)"), interrupt = function(e) "interrupted")
        cat("outcome:", outcome, as.numeric(Sys.time() - began, units = "secs") < 30, "\n")
        cat("after:", py_eval("6 * 7"), "\n")
    """, timeout=100)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-2:] == ["outcome: interrupted TRUE ", "after: 42 "]


def test_ctrl_c_while_a_python_call_waits_to_resume_interrupts_the_r_above_it(script):
    """The main thread's call returned while a worker's R (entered above it) sleeps:
    Ctrl-C interrupts that R, the worker gets KeyboardInterrupt, and R gets an
    interrupt once the call has resumed."""
    proc = script(CTRL_C + r"""
        py_run_string("
box = {}
def start_sleeper(f, entered):
    def work():
        try:
            box['value'] = f()
        except BaseException as exc:
            box['error'] = type(exc).__name__
    worker = threading.Thread(target=work)
    worker.start()
    entered.wait(30)
    return worker
")
        entered <- py_eval("threading.Event()")
        py$ctrl_c_after(0.5)
        began <- Sys.time()
        outcome <- tryCatch({
          worker <- py$start_sleeper(function() { entered$set(); Sys.sleep(60); "slept" }, entered)
          "not interrupted"
        }, interrupt = function(e) "interrupted")
        py_eval("box")
        cat("outcome:", outcome, as.numeric(Sys.time() - began, units = "secs") < 30, "\n")
        cat("worker:", unlist(py$box), "\n")
        cat("after:", py_eval("6 * 7"), sum(1:3), "\n")
    """, timeout=100)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-3:] == ["outcome: interrupted TRUE ",
                                             "worker: KeyboardInterrupt ", "after: 42 6 "]


def test_run_user_code_passes_a_keyword_named_fn_to_the_callable():
    assert threads.run_user_code(lambda fn, x: (fn, x), fn=1, x=2) == (1, 2)


def test_a_pending_call_in_the_middle_of_the_main_threads_claim_leaves_the_work_for_later():
    # Python runs a pending call at any bytecode of the main thread, also while the main
    # thread holds the claim lock in _claim (a fit() hung that way); it must not wait for it
    ran = []
    threads._claim_lock.acquire()
    try:
        threads._deferred.append((ran.append, ("deferred",)))   # as defer() queues it
        pending = threading.Thread(target=threads._pending_call, args=(None,))
        pending.start()
        pending.join(5)
        returned_at_once = not pending.is_alive()
    finally:
        threads._claim_lock.release()
    pending.join()
    queued = list(ran)
    pr.r("NULL")
    assert (returned_at_once, queued, ran) == (True, [], ["deferred"])
