"""threads: many Python threads calling R at once (each call queued to the main
thread, runtime/threads.py), R callbacks run from Python threads, both ways:
Python threads started by the test (Python → R) and thread pools started by
Python code that R called (R → Python → R). Every result is checked exactly;
a thread still running after its time limit is a failure (a hang)."""
import concurrent.futures
import threading
import time

import numpy as np
import pytest

import pyreticulate as pr
from helpers import settle
from helpers.processes import run_code
from helpers.scripts import PRELUDE, Labelled

WAIT = 180


def run_threads(work, count, name="stress-worker"):
    """Run ``work(k)`` on ``count`` threads at once; ``{k: result}``, raising the
    first error; a thread alive after WAIT seconds fails the test."""
    results, errors = {}, {}
    start = threading.Barrier(count)

    def target(k):
        try:
            start.wait(WAIT)
            results[k] = work(k)
        except BaseException as exc:
            errors[k] = exc
    workers = [threading.Thread(target=target, args=(k,), name=f"{name}-{k}") for k in range(count)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + WAIT
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
    hung = [w.name for w in workers if w.is_alive()]
    assert not hung, f"threads still running after {WAIT} s: {hung}"
    if errors:
        k = min(errors)
        raise AssertionError(f"thread {k} failed ({len(errors)} of {count} did)") from errors[k]
    return results


@pytest.fixture(scope="module", autouse=True)
def python_helpers():
    pr.r('''py_run_string("
import time
def twice_via_r(x):
    return r.stress_double(x) + 1
def sleep_then(x, seconds):
    time.sleep(seconds)
    return x
")''')
    pr.r("stress_double <- function(x) x * 2L")


# --- Python threads calling R (Python → R) ------------------------------------------------

@pytest.mark.parametrize("count,calls", [(4, 500), (16, 200), (48, 50)])
def test_threads_calling_one_r_function_get_their_own_integers(count, calls):
    combine = pr.r("function(k, i) k * 100000L + i")
    results = run_threads(lambda k: [combine(k, i) for i in range(calls)], count)
    assert results == {k: [k * 100000 + i for i in range(calls)] for k in range(count)}
    assert all(type(v) is int for values in results.values() for v in values)


def test_thread_pool_evaluating_r_text_gets_each_value():
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        futures = {i: pool.submit(pr.r, f"{i}L * 3L + nchar('{'x' * (i % 7)}')")
                   for i in range(1500)}
        results = {i: f.result(WAIT) for i, f in futures.items()}
    assert results == {i: i * 3 + i % 7 for i in range(1500)}


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "complex128"])
def test_threads_converting_arrays_both_ways_get_their_own_values(dtype):
    def work(k):
        out = []
        for i in range(40):
            array = (np.arange(k * 1000 + i, k * 1000 + i + 24) % 5).astype(dtype).reshape(2, 3, 4)
            back = pr.r_to_py(pr.py_to_r(array))
            out.append(back.dtype == array.dtype and np.array_equal(back, array))
        return out
    results = run_threads(work, 12)
    assert all(all(v) for v in results.values())


def test_threads_converting_nested_values_both_ways():
    def work(k):
        out = []
        for i in range(60):
            value = {"k": k, "i": i, "s": f"t{k}-\u00e9\u4e2d-{i}", "v": [1.5 * i, 2.0, -0.25], "n": [None, f"s{i}"],
                     "l": [{"deep": [k, i]}, "x"]}
            out.append(pr.r_to_py(pr.py_to_r(value)) == value)
        return out
    results = run_threads(work, 12)
    assert all(all(v) for v in results.values())


def test_threads_writing_and_reading_their_own_r_globals():
    def work(k):
        for i in range(50):
            pr.globalenv[f"stress_global_{k}"] = [k, i]
            assert pr.globalenv[f"stress_global_{k}"] == [k, i]
        return pr.globalenv[f"stress_global_{k}"]
    results = run_threads(work, 16)
    assert results == {k: [k, 49] for k in range(16)}
    assert pr.r("sum(sapply(0:15, function(k) get(paste0('stress_global_', k))[1]))") == 120
    pr.r("rm(list = ls(pattern = '^stress_global_'))")


def test_threads_get_their_own_r_errors():
    fail = pr.r('function(k) stop(structure(class = c("stressError", "error", "condition"), '
                'list(message = paste("failure of thread", k), call = NULL)))')

    def work(k):
        seen = []
        for _ in range(30):
            try:
                fail(k)
            except pr.RError as exc:
                seen.append((exc.r_class[0], exc.r_message))
        return seen
    results = run_threads(work, 16)
    assert results == {k: [("stressError", f"failure of thread {k}")] * 30 for k in range(16)}
    assert pr.r("1L + 1L") == 2


def test_threads_are_served_while_the_main_thread_runs_r():
    add = pr.r("function(a, b) a + b")
    finished = threading.Event()

    def worker():
        return run_threads(lambda k: [add(k, i) for i in range(100)], 8)
    box = {}
    thread = threading.Thread(target=lambda: (box.setdefault("r", worker()), finished.set()))
    thread.start()
    pr.assign("stress_finished", finished.is_set)
    # the main thread stays in R (its event hook serves the queue) until the workers end
    waited = pr.r("n <- 0; while (!stress_finished() && n < 3000) { Sys.sleep(0.01); n <- n + 1 }; n")
    thread.join(WAIT)
    assert waited < 3000, "the workers did not finish while the main thread ran R"
    assert box["r"] == {k: [float(k + i) for i in range(100)] for k in range(8)}


def test_threads_are_served_while_another_threads_r_call_runs_python():
    """A worker's R call runs Python that sleeps: other workers' calls run meanwhile
    (all threads are started first: a call the main thread picks up in the middle of
    its own code holds that code until it returns)."""
    slow = pr.r("function() py_eval('sleep_then', convert = TRUE)(7L, 1.5)")
    quick = pr.r("function(i) i + 1L")

    def work(k):
        if k == 0:
            return slow(), time.monotonic()
        time.sleep(0.2)
        return [quick(i) for i in range(20)], time.monotonic()
    results = run_threads(work, 5)
    slow_value, slow_done = results.pop(0)
    assert slow_value == 7
    assert all(values == list(range(1, 21)) for values, _ in results.values())
    assert all(done < slow_done for _, done in results.values())


@pytest.mark.parametrize("count,calls", [(4, 3), (8, 3), (16, 2)])
def test_workers_r_calls_that_call_python_all_run_their_python_at_once(count, calls):
    """Each worker's R function calls Python that returns only once every worker's
    call is running (a barrier): each round meets, or the barrier breaks."""
    meeting = threading.Barrier(count)
    pr.assign("stress_meet", lambda k: (meeting.wait(60), k)[1])
    meet = pr.r("function(k) py_eval('lambda f: f', convert = TRUE)(stress_meet)(k)")
    results = run_threads(lambda k: [meet(k * 100 + i) for i in range(calls)], count)
    assert results == {k: [k * 100 + i for i in range(calls)] for k in range(count)}


def test_workers_r_calls_that_call_python_and_r_again_all_run_at_once():
    """R → Python (meeting the others) → R → Python, on 8 workers at once."""
    meeting = threading.Barrier(8)
    pr.assign("stress_meet_then", lambda f, k: (meeting.wait(60), f(k))[1])
    nested = pr.r("function(k) stress_meet_then(function(j) py_eval('twice_via_r', "
                  "convert = TRUE)(j), k)")
    results = run_threads(lambda k: [nested(k * 10 + i) for i in range(3)], 8)
    assert results == {k: [(k * 10 + i) * 2 + 1 for i in range(3)] for k in range(8)}


def test_threads_calling_r_that_calls_python_that_calls_r():
    nested = pr.r("function(i) py_eval('twice_via_r', convert = TRUE)(i) + 1L")
    results = run_threads(lambda k: [nested(k * 100 + i) for i in range(40)], 16)
    assert results == {k: [(k * 100 + i) * 2 + 2 for i in range(40)] for k in range(16)}


def test_r_objects_made_and_dropped_on_threads_are_all_released():
    base = settle()

    def work(k):
        held = [pr.r(f"runif({k % 5 + 1})", convert=False) for _ in range(300)]
        values = [len(pr.r_to_py(h)) if k % 5 else 1 for h in held[:10]]
        del held
        return values
    results = run_threads(work, 12)
    assert results == {k: [k % 5 + 1] * 10 for k in range(12)}
    assert settle() == base


# --- R → Python: thread pools started by Python code that an R script called ---------------
# In a fresh process (pyreticulate run): the main thread then waits inside
# Python code R called, where a deadlock would hang the process, not the suite.

R_TO_PYTHON = r"""
py_run_string("
import concurrent.futures, threading
def map_in_pool(f, n, workers):
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(f, i) for i in range(n)]
        return [future.result(timeout=120) for future in futures]
def map_in_threads(f, n):
    out = [None] * n
    def run(i):
        out[i] = f(i)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out
def errors_in_pool(f, n):
    def one(i):
        try:
            f(i)
        except Exception as e:
            return type(e).__name__ + ': ' + getattr(e, 'r_message', str(e))
        return 'no error'
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return list(pool.map(one, range(n), timeout=120))
")
pool <- py$map_in_pool
for (workers in c(2L, 8L, 32L))
  check(paste0("pool_", workers), identical(unlist(pool(function(i) i * 10L + 1L, 400L, workers)),
                                            (0:399) * 10L + 1L))
check("raw_threads", identical(
  unlist(py$map_in_threads(function(i) paste0("item-", i, "-", strrep("\u00e9", i %% 4)), 64L)),
  paste0("item-", 0:63, "-", strrep("\u00e9", (0:63) %% 4))))
check("errors", identical(
  unlist(py$errors_in_pool(function(i) if (i %% 3 == 0) stop("bad item ", i) else i, 90L)),
  ifelse((0:89) %% 3 == 0, paste0("RError: bad item ", 0:89), "no error")))
check("data_frames", {
  frames <- pool(function(i) data.frame(i = i, s = letters[i %% 26L + 1L], d = i / 2), 120L, 8L)
  all(vapply(0:119, function(i) identical(frames[[i + 1L]],
      data.frame(i = i, s = letters[i %% 26L + 1L], d = i / 2)), logical(1)))
})
check("proxies", {
  made <- pool(function(i) r_to_py(list(i = i, v = seq_len(i %% 5L + 1L))), 200L, 8L)
  all(vapply(0:199, function(i) identical(py_to_r(made[[i + 1L]]),
      list(i = i, v = seq_len(i %% 5L + 1L))), logical(1)))
})
check("usable", py_eval("6 * 7") + sum(1:10))
"""

NESTED = R_TO_PYTHON.split("pool <- py$map_in_pool")[0] + r"""
pool <- py$map_in_pool
check("nested", {
  outer <- pool(function(i) sum(unlist(pool(function(j) i * 100L + j, 5L, 2L))), 12L, 4L)
  identical(unlist(outer), vapply(0:11, function(i) sum(i * 100L + 0:4), integer(1)))
})
"""


@pytest.fixture(scope="module")
def r_host(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("threads_r_host"), PRELUDE + R_TO_PYTHON,
                             r_script=True, timeout=90))


@pytest.mark.parametrize("label", ["pool_2", "pool_8", "pool_32", "raw_threads", "errors",
                                   "data_frames", "proxies"])
def test_r_callbacks_from_python_threads_started_by_r(r_host, label):
    assert r_host[label] == "TRUE"


def test_r_and_python_usable_after_the_thread_pools(r_host):
    assert r_host["usable"] == "97"


def test_r_callback_from_a_pool_inside_an_r_callback_from_a_pool(tmp_path):
    """R → Python pool → R → Python pool → R: each worker runs its R itself while the
    main thread waits in the outer pool (a few seconds' work; a hang fails)."""
    out = Labelled(run_code(tmp_path, PRELUDE + NESTED, r_script=True, timeout=45))
    assert out["nested"] == "TRUE"


def test_r_callback_from_a_pool_inside_one_from_a_pool_with_tensorflow_imported(tmp_path):
    code = NESTED.replace("pool <- py$map_in_pool\ncheck", "invisible(import('tensorflow'))\n"
                          "pool <- py$map_in_pool\ncheck", 1)
    out = Labelled(run_code(tmp_path, PRELUDE + code, r_script=True, timeout=120))
    assert out["nested"] == "TRUE"


def test_three_pools_deep_from_python_on_the_main_thread(tmp_path):
    """Python (the main thread) → pool → R → Python pool → R → Python pool → R, each
    pool's map() waiting for its results."""
    proc = run_code(tmp_path, r'''
        import concurrent.futures
        import pyreticulate as pr
        def map_in_pool(f, n, workers):
            with concurrent.futures.ThreadPoolExecutor(workers) as pool:
                return list(pool.map(f, range(n), timeout=60))
        pr.assign("map_in_pool", map_in_pool)
        level = pr.r("function(i) sum(unlist(map_in_pool(function(j) "
                     "sum(unlist(map_in_pool(function(m) i * 100L + j * 10L + m, 3L, 2L))), "
                     "3L, 2L)))")
        print("sums:", *map_in_pool(level, 6, 3))
    ''', timeout=60)
    expected = [sum(i * 100 + j * 10 + m for j in range(3) for m in range(3)) for i in range(6)]
    assert proc.stdout.splitlines()[-1:] == ["sums: " + " ".join(map(str, expected))], proc.stderr
