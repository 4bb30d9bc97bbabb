"""Python iterators fed by R functions (``py_iterator``, R generators as training data).

R runs only on the main thread, so an R function never runs on the thread
that consumes its values. An ``RFeed`` keeps a bounded queue that only the
main thread fills, by calling ``step`` (an R function returning
``{"done": True}`` at the end or ``{"done": False, "value": v}``); consumers
only dequeue:

* on the main thread, or on a thread running a Python call for it (R's
  Python thread), an empty queue is filled on the spot, reading ``prefetch``
  values ahead;
* on another thread (a data pipeline's worker threads), the consumer asks
  the main thread to fill the queue at its next safe point (``threads.defer``)
  and waits. While a library waits for the value in its own C++ code the main
  thread reaches no safe point unless the call was handed off (``threads``),
  so whoever drives that library tops the queue up at points it controls
  (``fill``, from any thread; a training loop can do so at every batch
  boundary). A wait past the timeout raises ``GeneratorTimeout`` naming the
  thread, the R function and, when the feed has one, its ``hint``.

An error in ``step`` is queued in the place of the value and raised where
that value is consumed; the feed ends there. Closing a feed ends it for
waiting consumers and stops all further calls of ``step``.
"""
import collections
import threading
import time
import weakref

from ..runtime import threads


class GeneratorTimeout(threads.MainThreadTimeout):
    """A thread waited too long for the main thread to produce an R function's next value."""


class _Failure:
    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


END = object()
_feeds = weakref.WeakKeyDictionary()


class RFeed:
    """A bounded queue of the values of an R function, filled on the main thread."""

    def __init__(self, step, name=None, capacity=1, prefetch=0, timeout=None, hint=None):
        self.step = step
        self.hint = hint
        self.name = name or getattr(step, "__name__", "an R function")
        self.capacity = max(int(capacity), 1)
        self.prefetch = max(int(prefetch), 0)
        self.timeout = timeout
        self._items = collections.deque()
        self._ready = threading.Condition()
        self._finished = False
        self._closed = False
        self._filling = False
        self._asked = False

    def __len__(self):
        return len(self._items)

    @property
    def done(self):
        return self._closed or (self._finished and not self._items)

    def fill(self, count=None):
        """Call ``step`` on the main thread until ``count`` values wait (default: capacity).

        From another thread (a training loop R's Python thread runs) the filling is
        an R call like any other: that thread waits for it.
        """
        if not threads.on_main_thread():
            threads.run_on_main(self.fill, (count,), f"the R function {self.name}()")
            return
        target = self.capacity if count is None else count
        if self._filling:
            return
        self._filling = True
        try:
            while len(self._items) < target and not (self._finished or self._closed):
                try:
                    item = self.step()
                except KeyboardInterrupt:
                    raise
                except Exception as exc:
                    self._put(_Failure(exc), last=True)
                    break
                if item.get("done"):
                    self._put(END, last=True)
                else:
                    self._put(item.get("value"))
        finally:
            self._filling = False

    def _put(self, item, last=False):
        with self._ready:
            self._items.append(item)
            if last:
                self._finished = True
            self._ready.notify_all()

    def _requested_fill(self):
        self._asked = False
        if not self._closed:
            self.fill()

    def close(self):
        """No more values: waiting consumers get the end, ``step`` is never called again."""
        with self._ready:
            self._closed = True
            self._items.clear()
            self._ready.notify_all()

    def take(self):
        """The next value, ``END``, or the error ``step`` raised.

        The main thread, and a thread running a Python call for it (R waits for
        that call, so the main thread serves it), fill an empty queue on the spot.
        """
        if threads.runs_for_main():
            if not self._items and not self.done:
                self.fill(self.prefetch + 1)
                if not self._items and not self.done:
                    raise RuntimeError(
                        f"the R function {self.name} asked for its own next value while "
                        "producing one")
            return self._pop()
        return self._wait()

    def _pop(self):
        with self._ready:
            if self._closed or not self._items:
                return END
            return self._items.popleft()

    def _wait(self):
        limit = threads.get_timeout() if self.timeout is None else self.timeout
        deadline = time.monotonic() + limit
        with self._ready:
            while not self._items:
                if self.done:
                    return END
                if not self._asked:
                    self._asked = True
                    threads.defer(self._requested_fill)
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise GeneratorTimeout(
                        f"{_thread_label()} waited {limit:g} s for the main thread"
                        f" to produce the next value of the R function "
                        f"{self.name}, but the main thread never reached a point where it "
                        "could run R (it may be blocked in C code waiting for this very "
                        "value). R runs only on the main thread"
                        + (f": {self.hint}" if self.hint else "") + ". Raise the limit with "
                        "options(pyreticulate.generator_timeout = seconds).")
                self._ready.wait(remaining)
            return self._items.popleft()

    def generator(self):
        """A real generator (libraries check for one) over the values."""
        def generate():
            while True:
                item = self.take()
                if item is END:
                    return
                if isinstance(item, _Failure):
                    raise item.error
                yield item
        gen = generate()
        _feeds[gen] = self
        return gen


def feed_of(generator):
    """The ``RFeed`` behind a generator made by ``RFeed.generator``, else None."""
    try:
        return _feeds.get(generator)
    except TypeError:
        return None


def r_generator(step, prefetch=0, name=None, timeout=None):
    """``py_iterator``: a generator over the values ``step()`` yields."""
    return RFeed(step, name=name, capacity=prefetch + 1, prefetch=prefetch,
                 timeout=timeout).generator()


def _thread_label():
    thread = threading.current_thread()
    if thread.name.startswith("Dummy-"):
        return (f"thread {thread.name!r} (native id {thread.native_id}, a thread Python did "
                "not start, such as a worker of a C++ library)")
    return f"thread {thread.name!r}"
