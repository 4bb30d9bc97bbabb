"""TensorFlow and the threads R is called from.

TensorFlow runs Python code on threads of its own: ``tf.data`` producers
(``from_generator``, ``tf.py_function`` in a ``map``), Keras's data workers,
``tf.distribute``'s replica threads. When one of them calls R while R's
Python call waits for it in C (``fit()``, an iterator's ``next``), the main
thread must serve that R call, so ``install`` (run when TensorFlow is
imported, ``api.start`` watches for it) tells the runtime to hand Python calls
made at R's top level to R's Python thread (``threads.expect_foreign_threads``).

TensorFlow's thread-local state (eager or graph mode, the default graph and
its name and control scopes, device scopes, gradient tapes, the distribution
strategy and replica context) needs no copying: top-level calls all run on
R's Python thread, so what one sets (``with(tf$device(...))``,
``with(tf$GradientTape() %as% tape)``, ``with(strategy$scope())``) the next
sees; and R code that a TensorFlow thread calls has its Python calls run back
on that thread, inside its replica context or the graph it traces.
"""
from ..runtime import threads

LIBRARY = "TensorFlow"


def install():
    """TensorFlow is imported: its threads may call R while R's Python call waits in C."""
    threads.expect_foreign_threads(LIBRARY)

