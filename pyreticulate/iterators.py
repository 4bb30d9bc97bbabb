"""Python iterators fed by R functions (``py_iterator``).

The R function returns ``list(done = TRUE)`` at the end or
``list(done = FALSE, value = v)``; it always runs on the main thread (a call
from another thread is handed over), and ``prefetch`` values are read ahead.
"""
import collections


def r_generator(step, prefetch=0):
    """A real generator (Keras checks for one) over the values ``step()`` yields."""
    def generate():
        buffer = collections.deque()
        finished = False
        while True:
            while not finished and len(buffer) <= prefetch:
                item = step()
                if item.get("done"):
                    finished = True
                else:
                    buffer.append(item.get("value"))
            if not buffer:
                return
            yield buffer.popleft()
    return generate()
