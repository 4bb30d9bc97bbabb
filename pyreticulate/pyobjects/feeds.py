"""Python iterators fed by R functions (``py_iterator``, R generators as training data).

An ``RFeed`` keeps a bounded queue of the values of ``step`` (an R function returning
``{"done": True}`` at the end or ``{"done": False, "value": v}``). A consumer on any
thread that finds the queue empty fills it on the spot, reading ``prefetch`` values
ahead: it takes R for that (``threads.run_in_r``), so a data pipeline's worker thread
runs the R function itself while the thread that drives the pipeline waits in C. While
one thread fills, the others wait for its values; a wait past the timeout raises
``GeneratorTimeout`` naming the thread, the R function and, when the feed has one, its
``hint``. Whoever drives a training loop may also top the queue up at points it
controls (``fill``; a training loop's callback can do so at every batch boundary).

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
    """A thread waited too long for another thread to produce an R function's next value."""


class _Failure:
    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


END = object()
_feeds = weakref.WeakKeyDictionary()


class RFeed:
    """A bounded queue of the values of an R function, filled by its consumers."""

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
        self._filling = None    # the ident of the thread filling the queue

    def __len__(self):
        return len(self._items)

    @property
    def done(self):
        return self._closed or (self._finished and not self._items)

    def fill(self, count=None):
        """Call ``step`` until ``count`` values wait (default: capacity), owning R; nothing
        while another thread (or this one, further down its stack) fills."""
        threads.run_in_r(self._fill, (count,), f"the R function {self.name}()")

    def _fill(self, count):
        target = self.capacity if count is None else count
        if self._filling is not None:
            return
        self._filling = threading.get_ident()
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
            self._filling = None
            with self._ready:
                self._ready.notify_all()

    def _put(self, item, last=False):
        with self._ready:
            self._items.append(item)
            if last:
                self._finished = True
            self._ready.notify_all()

    def close(self):
        """No more values: waiting consumers get the end, ``step`` is never called again."""
        with self._ready:
            self._closed = True
            self._items.clear()
            self._ready.notify_all()

    def take(self):
        """The next value, ``END``, or the error ``step`` raised: an empty queue is filled
        here, or, while another thread fills it, its values are waited for."""
        while not self._items and not self.done:
            filling = self._filling
            if filling == threading.get_ident():
                raise RuntimeError(f"the R function {self.name} asked for its own next value "
                                   "while producing one")
            if filling is None:
                self.fill(self.prefetch + 1)
            else:
                self._wait()
        return self._pop()

    def _pop(self):
        with self._ready:
            if self._closed or not self._items:
                return END
            return self._items.popleft()

    def _wait(self):
        """Wait while another thread fills the queue."""
        limit = threads.get_timeout() if self.timeout is None else self.timeout
        deadline = time.monotonic() + limit
        with self._ready:
            while not self._items and not self.done and self._filling is not None:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise GeneratorTimeout(
                        f"{_thread_label()} waited {limit:g} s for another thread "
                        f"to produce the next value of the R function "
                        f"{self.name}" + (f": {self.hint}" if self.hint else "")
                        + ". Raise the limit with "
                        "options(pyreticulate.generator_timeout = seconds).")
                self._ready.wait(min(remaining, 0.05))

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
