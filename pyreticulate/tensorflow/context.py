"""R functions that TensorFlow calls from threads of its own.

``tf.distribute`` runs each replica's function in a thread, inside
thread-local TensorFlow state: the replica context, the graph being traced,
eager or graph mode, the replica's device. R runs only on the main thread, so
such a call is carried over to it (``threads.run_on_main``); ``carry_context``
takes the caller's TensorFlow state along and re-enters it on the main thread
around the R function, so ``w * x`` on a mirrored variable inside
``strategy$run(f)`` sees its replica, as it would in the replica's thread.
"""
import contextlib
import functools

from ..runtime import threads


def carry_context(fn, description="an R function"):
    """``fn`` callable from any thread; R runs on the main thread in the caller's TF state."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        if threads.on_main_thread():
            return fn(*args, **kwargs)
        state = _capture()
        return threads.run_on_main(_call_in, (state, fn, args, kwargs), description)
    return call


def _capture():
    from tensorflow.python.distribute import device_util, distribute_lib
    from tensorflow.python.eager import context
    from tensorflow.python.framework import ops
    eager = context.executing_eagerly()
    return {
        "eager": eager,
        "graph": None if eager else ops.get_default_graph(),
        "replica": distribute_lib.get_replica_context(),
        "device": device_util.current(),
    }


def _call_in(state, fn, args, kwargs):
    from tensorflow.python.eager import context
    from tensorflow.python.framework import ops
    with contextlib.ExitStack() as stack:
        stack.enter_context(context.eager_mode() if state["eager"]
                            else state["graph"].as_default())
        if state["replica"] is not None:
            stack.enter_context(state["replica"])
        if state["device"]:
            stack.enter_context(ops.device(state["device"]))
        return fn(*args, **kwargs)
