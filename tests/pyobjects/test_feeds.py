"""The feed behind R generators (pyreticulate/pyobjects/feeds.py): a bounded queue that
its consumers fill on the spot on whatever thread they run; while one fills, the
others wait, with a timeout that names the thread and the function."""
import threading
import time
import types

import pytest

import pyreticulate as pr
from pyreticulate.pyobjects import feeds


def counting(limit=None, fail_at=None):
    """A step function like the R side's: {'done': ...} and the values 1, 2, ..."""
    calls = []

    def step():
        calls.append(threading.current_thread().name)
        n = len(calls)
        if fail_at is not None and n == fail_at:
            raise ValueError(f"failed at {n}")
        if limit is not None and n > limit:
            return {"done": True}
        return {"done": False, "value": n}
    return step, calls


def consume(generator, name, results):
    def run():
        try:
            results.extend(generator)
        except Exception as exc:
            results.append(exc)
    worker = threading.Thread(target=run, name=name)
    worker.start()
    return worker


def test_fill_stops_at_the_capacity():
    step, calls = counting()
    feed = feeds.RFeed(step, capacity=4)
    feed.fill()
    assert len(calls) == 4 and len(feed) == 4


def test_generator_is_a_real_generator():
    step, _ = counting(limit=1)
    assert isinstance(feeds.RFeed(step).generator(), types.GeneratorType)


def test_values_come_in_order_until_the_end():
    step, _ = counting(limit=5)
    assert list(feeds.RFeed(step, capacity=2).generator()) == [1, 2, 3, 4, 5]


def test_main_thread_reads_prefetch_values_ahead():
    step, calls = counting()
    generator = feeds.RFeed(step, capacity=3, prefetch=2).generator()
    assert next(generator) == 1 and len(calls) == 3


def test_error_is_raised_where_its_value_would_be():
    step, _ = counting(fail_at=3)
    generator = feeds.RFeed(step, capacity=5).generator()
    assert [next(generator), next(generator)] == [1, 2]
    with pytest.raises(ValueError, match="failed at 3"):
        next(generator)


def test_consumer_thread_runs_the_step_itself():
    step, calls = counting(limit=20)
    results = []
    worker = consume(feeds.RFeed(step, capacity=2).generator(), "consumer", results)
    worker.join(5)
    assert results == list(range(1, 21))
    assert set(calls) == {"consumer"}


def until(condition, seconds):
    """Wait up to ``seconds`` for ``condition()`` to hold."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)


def slow_filler(feed, released):
    """A thread filling ``feed`` whose step waits for ``released``."""
    filling = threading.Event()

    def step():
        filling.set()
        released.wait(10)
        return {"done": False, "value": "slow"}
    feed.step = step
    filler = threading.Thread(target=feed.fill, name="filler")
    filler.start()
    filling.wait(5)
    return filler


def test_consumer_waits_for_the_values_another_thread_is_producing():
    feed = feeds.RFeed(lambda: {"done": True}, capacity=1, timeout=10)
    released = threading.Event()
    filler = slow_filler(feed, released)
    waiting = threading.Event()
    wait_for_filler = feed._wait

    def signalled_wait():
        waiting.set()
        wait_for_filler()
    feed._wait = signalled_wait
    results = []
    worker = consume(feed.generator(), "waiting", results)
    assert waiting.wait(10)
    released.set()
    filler.join(10)
    until(lambda: results, 10)
    feed.close()
    worker.join(10)
    assert results[0] == "slow"


def test_close_ends_a_waiting_consumer_and_stops_the_step():
    step, calls = counting()
    feed = feeds.RFeed(step, capacity=1, timeout=30)
    results = []
    worker = consume(feed.generator(), "waiting", results)
    threading.Event().wait(0.2)
    feed.close()
    worker.join(5)
    before = len(calls)
    assert not worker.is_alive()
    assert all(isinstance(value, int) for value in results)
    feed.fill()
    assert len(calls) == before


def test_wait_past_the_timeout_names_the_thread_and_the_function():
    feed = feeds.RFeed(lambda: {"done": True}, name="batches()", capacity=1, timeout=0.3)
    released = threading.Event()
    filler = slow_filler(feed, released)
    results = []
    worker = consume(feed.generator(), "tf-worker", results)
    worker.join(5)
    released.set()
    filler.join(5)
    assert isinstance(results[-1], feeds.GeneratorTimeout)
    message = str(results[-1])
    assert "thread 'tf-worker' waited 0.3 s" in message
    assert "the R function batches()" in message
    feed.close()


def test_feed_of_finds_the_feed_of_a_generator():
    step, _ = counting(limit=1)
    feed = feeds.RFeed(step)
    assert feeds.feed_of(feed.generator()) is feed
    assert feeds.feed_of(iter([])) is None


def test_fill_from_another_thread_runs_the_step_on_that_thread():
    step, calls = counting()
    feed = feeds.RFeed(step, capacity=3)
    worker = threading.Thread(target=feed.fill, name="training-loop")
    worker.start()
    worker.join(5)
    assert calls == ["training-loop"] * 3
    assert [feed.take() for _ in range(3)] == [1, 2, 3]


def test_consumer_on_a_worker_fills_the_queue_itself_running_the_r_function():
    """A worker reading a py_iterator runs the R function itself, so the Python calls
    the R function makes run on it."""
    pr.r('py_run_string("import threading\\ndef thread_name():\\n'
         '    return threading.current_thread().name")')
    pr.r('feed_values <- local({ i <- 0L; py_iterator(function() { i <<- i + 1L; '
         'if (i > 2L) NULL else paste(i, py$thread_name()) }) })')
    pr.r('py_run_string("def list_on_worker(values):\\n    box = []\\n'
         '    worker = threading.Thread(target=lambda: box.extend(values), name=\'reader\')\\n'
         '    worker.start()\\n    worker.join()\\n    return box")')
    assert pr.r("unlist(py$list_on_worker(feed_values))") == ["1 reader", "2 reader"]
