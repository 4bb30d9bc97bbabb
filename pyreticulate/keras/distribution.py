"""Where this process stands in a multi-process Keras job (``keras.distribution``)."""
import sys


def process_rank():
    """This process's rank among the processes of the job (``keras.distribution.initialize()``):
    the distribution's when one is set, JAX's process index on the JAX backend; 0 in a job of
    one process or before Keras is imported."""
    keras = sys.modules.get("keras")
    if keras is None:
        return 0
    current = keras.distribution.distribution()
    if current is not None:
        return int(getattr(current, "_process_id", 0))
    if keras.config.backend() == "jax":
        import jax
        return int(jax.process_index())
    return 0
