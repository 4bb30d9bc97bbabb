"""What R's tensorflow package asks about a Keras that runs on another backend than TensorFlow
(JAX): its tracing and gradient tapes cannot see that backend's computations. Keras is only
looked at when it is already imported; nothing here imports it or its backend."""
import sys


def other_backend():
    """The backend of the Keras already imported when it is not TensorFlow, else ``None``."""
    keras = sys.modules.get("keras")
    config = getattr(keras, "config", None)
    backend = config.backend() if config is not None else None
    return None if backend in (None, "tensorflow") else backend


def holds_other_values(structure):
    """Whether a (nested) argument of a gradient tape holds a Python object that is neither a
    TensorFlow tensor or variable nor a plain value: a tensor or variable of another backend."""
    import numpy as np
    import tensorflow as tf
    plain = (type(None), bool, int, float, str, np.ndarray, np.generic)
    return any(not (isinstance(leaf, plain) or tf.is_tensor(leaf) or isinstance(leaf, tf.Variable))
               for leaf in tf.nest.flatten(structure))
