"""R functions as Keras data (``fit(model, gen, steps_per_epoch = n)``).

Keras 3 on TensorFlow peeks at two batches on the calling thread, then reads
the generator from tf.data's threads (``from_generator`` + ``prefetch``)
while the main thread waits in C++. Each R function becomes an
``iterators.RFeed``, which those threads fill themselves when it is empty (taking R);
a ``Feeder`` callback, added to the call's callbacks, tops the feeds up on the
thread running ``fit()`` at every
boundary before Keras asks for data: the training feeds at the start of
training, of each epoch and of each training batch, the evaluation feeds
(validation data, ``evaluate``) at the start of each test batch, the
prediction feeds at the start of each prediction batch. Feeds are closed when
the call ends, so no R function runs after it. tf_keras (library(keras)) reads
generators the same way; ``feeder(module)`` makes the callback of either Keras.
"""
from ..pyobjects.feeds import RFeed, feed_of
from .callbacks import base_callback

ROLES = ("train", "test", "predict")
_feeder_classes = {}


def feed(step, name, capacity, timeout=None):
    """An ``RFeed`` of the batches ``step`` (R, ``.keras_generator_step``) returns."""
    return RFeed(lambda: prepare(step()), name=name, capacity=capacity, timeout=timeout,
                 hint=TIMEOUT_HINT)


TIMEOUT_HINT = "values of R generators used by Keras are produced at batch boundaries"


def prepare(item):
    """A batch from R as Keras takes it: a tuple of C-order arrays in their dtypes.

    Lists (several inputs) become tuples: tf.data's signatures take no lists.
    """
    if item.get("done") or "dtypes" not in item:
        return item
    item["value"] = tuple(_contiguous(v, d) for v, d in zip(item["value"], item["dtypes"]))
    del item["dtypes"]
    return item


def _contiguous(value, dtype):
    import numpy
    if isinstance(value, dict):
        return {key: _contiguous(v, dtype[key]) for key, v in value.items()}
    if isinstance(value, list):
        return tuple(_contiguous(v, d) for v, d in zip(value, dtype))
    if dtype is None:
        return value
    if dtype == "str":
        return numpy.asarray(value)
    return numpy.ascontiguousarray(value, dtype=dtype)


def as_batches(generator):
    """Keras wants tuples: a list a ``py_iterator`` yields becomes one."""
    return (tuple(batch) if isinstance(batch, list) else batch for batch in generator)


def feeder(module="keras"):
    """A ``Feeder`` callback of ``module`` (``"keras"`` or ``"tf_keras"``) with no feeds yet."""
    if module not in _feeder_classes:
        _feeder_classes[module] = _make_feeder_class(base_callback(module))
    return _feeder_classes[module]()


def _make_feeder_class(base):

    class Feeder(base):
        """Fills R feeds on the thread running fit() at the batch boundaries of their role."""

        def __init__(self):
            super().__init__()
            self.feeds = {role: [] for role in ROLES}

        def add(self, source, role):
            """Register the feed of ``source`` (an ``RFeed`` or a generator made from one)."""
            found = source if isinstance(source, RFeed) else feed_of(source)
            if found is None:
                return False
            self.feeds[role].append(found)
            return True

        def __len__(self):
            return sum(len(feeds) for feeds in self.feeds.values())

        def fill(self, role):
            for item in self.feeds[role]:
                item.fill()

        def close(self):
            for feeds in self.feeds.values():
                for item in feeds:
                    item.close()

        def on_train_begin(self, logs=None):
            self.fill("train")

        def on_epoch_begin(self, epoch, logs=None):
            self.fill("train")

        def on_train_batch_begin(self, batch, logs=None):
            self.fill("train")

        def on_test_begin(self, logs=None):
            self.fill("test")

        def on_test_batch_begin(self, batch, logs=None):
            self.fill("test")

        def on_predict_begin(self, logs=None):
            self.fill("predict")

        def on_predict_batch_begin(self, batch, logs=None):
            self.fill("predict")

    return Feeder
