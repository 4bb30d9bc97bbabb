"""The feed behind R generators (pyreticulate/pyobjects/feeds.py): a bounded queue that
only the main thread fills; consumers on other threads only dequeue, and wait
with a timeout that names the thread and the function."""
import threading
import types

import pytest

import pyreticulate as pr
from helpers import at_top_level, handing_off
from pyreticulate.pyobjects import feeds
from pyreticulate.runtime import threads


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


def test_consumer_thread_gets_values_the_main_thread_produces():
    step, calls = counting(limit=20)
    results = []
    worker = consume(feeds.RFeed(step, capacity=2).generator(), "consumer", results)
    while worker.is_alive():
        worker.join(0.01)
    assert results == list(range(1, 21))
    assert set(calls) == {"MainThread"}


def test_close_ends_a_waiting_consumer_and_stops_the_step():
    step, calls = counting()
    feed = feeds.RFeed(step, capacity=1, timeout=30)
    results = []
    worker = consume(feed.generator(), "waiting", results)
    threading.Event().wait(0.2)
    feed.close()
    before = len(calls)
    worker.join(5)
    assert not worker.is_alive()
    assert all(isinstance(value, int) for value in results)
    feed.fill()
    assert len(calls) == before


def test_wait_past_the_timeout_names_the_thread_and_the_function():
    step, _ = counting()
    feed = feeds.RFeed(step, name="batches()", capacity=1, timeout=0.3)
    results = []
    worker = consume(feed.generator(), "tf-worker", results)
    worker.join(5)
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


def test_fill_from_another_thread_runs_the_step_on_the_main_thread():
    step, calls = counting()
    feed = feeds.RFeed(step, capacity=3)
    worker = threading.Thread(target=feed.fill, name="training-loop")
    worker.start()
    while worker.is_alive():
        worker.join(0.01)
    assert calls == ["MainThread"] * 3
    assert [feed.take() for _ in range(3)] == [1, 2, 3]


def test_consumer_running_a_call_for_the_main_thread_fills_the_queue_itself():
    """R's Python thread reading a py_iterator: the R function runs as an R call that
    thread waits for, so the Python calls the R function makes run on it."""
    pr.r('py_run_string("import threading\\ndef thread_name():\\n'
         '    return threading.current_thread().name")')
    pr.r('feed_values <- local({ i <- 0L; py_iterator(function() { i <<- i + 1L; '
         'if (i > 2L) NULL else paste(i, py$thread_name()) }) })')
    with handing_off():
        assert at_top_level("unlist(import_builtins()$list(feed_values))") == [
            f"1 {threads.PYTHON_THREAD_NAME}", f"2 {threads.PYTHON_THREAD_NAME}"]
