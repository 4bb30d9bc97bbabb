"""Thread pools and several workers calling R at once (runtime/threads.py): the
main thread serves R calls only where it holds no lock of the standard library's
thread machinery (so a pool inside an R callback from a pool cannot deadlock on
concurrent.futures' own locks), and a worker's R call waiting for its Python
call does not hold up the other workers' R calls (their Python calls run at
the same time). Where a deadlock would hang the run, a fresh process with a
time limit runs the case."""
import concurrent.futures
import logging
import queue
import threading

import pytest

import pyreticulate as pr
from helpers import at_top_level, handing_off
from helpers.processes import run_code
from helpers.scripts import Labelled
from pyreticulate.runtime import threads
from pyreticulate.testing.strategies import r_string

WAIT = 60
LIMIT = 90

MAP_IN_POOL = """
import concurrent.futures
def map_in_pool(f, n, workers):
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        index = {pool.submit(f, i): i for i in range(n)}
        done = {index[future]: future.result()
                for future in concurrent.futures.as_completed(index, timeout=60)}
        return [done[i] for i in range(n)]
"""

POOLS = r'''
py_run_string(map_in_pool_code)
nested_pools <- function() {
  pool <- py$map_in_pool
  outer <- pool(function(i) sum(unlist(pool(function(j) i * 100L + j, 5L, 2L))), 12L, 4L)
  paste(unlist(outer), collapse = " ")
}
for (mode in c("auto", "always", "never")) {
  import("pyreticulate")$set_hand_off(mode)
  cat(sprintf("%s: %s\n", mode, nested_pools()))
}
'''

NESTED_SUMS = " ".join(str(sum(i * 100 + j for j in range(5))) for i in range(12))


def pools_script(*first):
    """The R script: ``first`` lines, then the nested pools in each hand-off mode."""
    return "\n".join(["suppressPackageStartupMessages(library(pyreticulate))", *first,
                      "map_in_pool_code <- " + r_string(MAP_IN_POOL), POOLS])


@pytest.fixture(scope="module")
def pools_in_r(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("pools_in_r"), pools_script(),
                             r_script=True, timeout=LIMIT))


@pytest.fixture(scope="module")
def pools_in_r_with_tensorflow(tmp_path_factory):
    """Once TensorFlow is imported (its threads turn "auto" hand-off on)."""
    return Labelled(run_code(tmp_path_factory.mktemp("pools_in_r_tf"),
                             pools_script("invisible(import('tensorflow'))"), r_script=True,
                             timeout=LIMIT + 60, env={"TF_CPP_MIN_LOG_LEVEL": "2"}))


@pytest.mark.parametrize("mode", ["auto", "always", "never"])
def test_pool_in_an_r_callback_from_a_pool_that_r_started_ends(pools_in_r, mode):
    assert pools_in_r[mode] == NESTED_SUMS


@pytest.mark.parametrize("mode", ["auto", "always", "never"])
def test_pool_in_an_r_callback_from_a_pool_ends_with_tensorflow_imported(
        pools_in_r_with_tensorflow, mode):
    assert pools_in_r_with_tensorflow[mode] == NESTED_SUMS


def test_pool_in_an_r_callback_from_a_pool_that_python_started_ends(tmp_path):
    """Python on the main thread (no R top level) runs the outer pool."""
    proc = run_code(tmp_path, f"exec({MAP_IN_POOL!r})\n" + r'''
import pyreticulate as pr
pr.assign("map_in_pool", map_in_pool)
inner = pr.r("function(i) sum(unlist(map_in_pool(function(j) i * 100L + j, 5L, 2L)))")
print("sums:", *map_in_pool(inner, 12, 4))
    ''', timeout=LIMIT)
    assert proc.stdout.splitlines()[-1:] == ["sums: " + NESTED_SUMS], proc.stderr


def meeting_workers(count, r_function):
    """``count`` threads, once all have started, each calling ``r_function(k)``;
    ``{k: result or error}``. (A thread's R call that the main thread picks up in the
    middle of its own code holds that code until it returns: started one by one, the
    later threads would start only after the first call.)"""
    results = {}
    start = threading.Barrier(count)

    def work(k):
        start.wait(WAIT)
        try:
            results[k] = r_function(k)
        except Exception as exc:
            results[k] = exc
    workers = [threading.Thread(target=work, args=(k,), name=f"meeting-{k}")
               for k in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(WAIT + 30)
    return results


@pytest.fixture
def meet():
    """An R function(k) whose Python call waits for ``count`` such calls to run at once."""
    def make(count):
        meeting = threading.Barrier(count)
        pr.assign("meet_in_python", lambda k: (meeting.wait(WAIT), k)[1])
        return pr.r("function(k) py_eval('lambda f: f', convert = TRUE)(meet_in_python)(k)")
    return make


def test_python_calls_of_four_workers_r_calls_run_at_the_same_time(meet):
    """Each worker's R code makes a short Python call, then one that returns only once
    all four are running: they run at once, or the meeting times out."""
    results = meeting_workers(4, meet(4))
    assert results == {k: k for k in range(4)}


def test_python_calls_of_r_calls_from_sixteen_workers_run_at_the_same_time(meet):
    results = meeting_workers(16, meet(16))
    assert results == {k: k for k in range(16)}


def test_worker_r_calls_meet_under_a_python_call_from_the_r_top_level(meet):
    """R's top level → Python (R's Python thread) starting the workers and waiting."""
    pr.assign("meeting_workers",
              lambda f: [value for _, value in sorted(meeting_workers(4, f).items())])
    with handing_off(timeout=WAIT):
        pr.assign("meeting_r_function", meet(4))
        results = at_top_level("unlist(meeting_workers(meeting_r_function))")
    assert results == [0, 1, 2, 3]


def serve_while(wait):
    """A worker calls R and then ends ``wait``'s wait; ``wait()`` on the main thread."""
    square = pr.r("function(x) x^2")
    box = {}

    def worker(done):
        box["value"] = square(9)
        done()
    return box, wait(worker)


def test_worker_r_call_is_served_while_the_main_thread_waits_on_an_event():
    def wait(worker):
        event = threading.Event()
        threading.Thread(target=worker, args=(event.set,)).start()
        return event.wait(WAIT)
    assert serve_while(wait) == ({"value": 81}, True)


def test_worker_r_call_is_served_while_the_main_thread_waits_on_a_queue():
    def wait(worker):
        box = queue.Queue()
        threading.Thread(target=worker, args=(lambda: box.put("put"),)).start()
        return box.get(timeout=WAIT)
    assert serve_while(wait) == ({"value": 81}, "put")


def test_worker_r_call_is_served_while_the_main_thread_waits_on_a_future():
    def wait(worker):
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(worker, lambda: None).result(WAIT)
    assert serve_while(wait) == ({"value": 81}, None)


def test_main_thread_in_a_futures_done_callback_holds_a_library_lock():
    """Future.set_result runs its callbacks holding the future's lock."""
    seen = []
    future = concurrent.futures.Future()
    future.add_done_callback(lambda _: seen.append(threads._holds_no_library_lock()))
    future.set_result(1)
    assert seen == [False]


def test_main_thread_inside_a_logging_handler_holds_a_library_lock():
    seen = []

    class Probe(logging.Handler):
        def emit(self, record):
            seen.append(threads._holds_no_library_lock())
    logger = logging.getLogger("pyreticulate-test-lock-probe")
    logger.addHandler(Probe())
    logger.propagate = False
    logger.warning("probe")
    assert seen == [False]


def test_main_thread_in_plain_code_holds_no_library_lock():
    assert threads._holds_no_library_lock() is True


def test_every_lock_free_wait_of_the_table_is_found_in_this_python():
    """Each function of the table has its waiting line here (Thread.join's two entries
    are alternatives for different Python versions: one is enough)."""
    missing = [qualname for module, qualname, _, _ in threads._LOCK_FREE_WAITS
               if threads._code_of(module, qualname) not in threads._WAIT_LINES]
    assert set(missing) <= {"Thread.join", "Thread._wait_for_tstate_lock"}
    assert threads._code_of(threading, "Thread.join") in threads._WAIT_LINES
