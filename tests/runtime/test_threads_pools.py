"""Thread pools and several workers calling R at once (runtime/threads.py): each
thread runs its R calls itself, so a pool inside an R callback from a pool ends
whatever lock of the standard library's thread machinery the main thread holds,
and a worker's R call waiting for its Python call does not hold up the other
workers' R calls (their Python calls run at the same time). Where a deadlock
would hang the run, a fresh process with a time limit runs the case."""
import concurrent.futures
import queue
import threading

import pytest

import pyreticulate as pr
from helpers.processes import run_code
from helpers.scripts import Labelled
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
for (round in c("first", "second")) cat(sprintf("%s: %s\n", round, nested_pools()))
'''

NESTED_SUMS = " ".join(str(sum(i * 100 + j for j in range(5))) for i in range(12))


def pools_script(*first):
    """The R script: ``first`` lines, then the nested pools twice."""
    return "\n".join(["suppressPackageStartupMessages(library(pyreticulate))", *first,
                      "map_in_pool_code <- " + r_string(MAP_IN_POOL), POOLS])


@pytest.fixture(scope="module")
def pools_in_r(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("pools_in_r"), pools_script(),
                             r_script=True, timeout=LIMIT))


@pytest.fixture(scope="module")
def pools_in_r_with_tensorflow(tmp_path_factory):
    """Once TensorFlow is imported."""
    return Labelled(run_code(tmp_path_factory.mktemp("pools_in_r_tf"),
                             pools_script("invisible(import('tensorflow'))"), r_script=True,
                             timeout=LIMIT + 60, env={"TF_CPP_MIN_LOG_LEVEL": "2"}))


@pytest.mark.parametrize("round", ["first", "second"])
def test_pool_in_an_r_callback_from_a_pool_that_r_started_ends(pools_in_r, round):
    assert pools_in_r[round] == NESTED_SUMS


@pytest.mark.parametrize("round", ["first", "second"])
def test_pool_in_an_r_callback_from_a_pool_ends_with_tensorflow_imported(
        pools_in_r_with_tensorflow, round):
    assert pools_in_r_with_tensorflow[round] == NESTED_SUMS


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
    ``{k: result or error}``."""
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


def test_worker_r_calls_meet_under_a_python_call_from_r(meet):
    """R → Python starting the workers and waiting for them."""
    pr.assign("meeting_workers",
              lambda f: [value for _, value in sorted(meeting_workers(4, f).items())])
    pr.assign("meeting_r_function", meet(4))
    assert pr.r("unlist(meeting_workers(meeting_r_function))") == [0, 1, 2, 3]


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
