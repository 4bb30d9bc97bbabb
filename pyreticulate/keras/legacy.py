"""Keras 2 for ``library(keras)``: tf_keras, and ``tf.keras`` routed to it.

R's keras 2.x package was written for Keras 2. TensorFlow keeps Keras 2 alive
as the distribution ``tf-keras`` (import name ``tf_keras``), versioned with
TensorFlow itself, and routes ``tf.keras`` to it when the environment variable
``TF_USE_LEGACY_KERAS`` is true: TensorFlow reads it when it is imported, and
each ``tf.keras``-style attribute (``tf.keras``, ``tf.losses``, ``tf.compat.v1.keras``,
...) reads it the first time it is used, through a lazy loader that then puts
the module it loaded in its place.

``use_tf_keras()`` (the R package keras calls it when it loads) does the same
in a running process: it checks that tf_keras is installed (without importing
it), sets the variable, and, when TensorFlow is already imported, puts fresh
lazy loaders back where the attributes were, so the next ``tf$keras`` resolves
to tf_keras even when Keras 3 was resolved there before. Keras 3 itself
(``import keras``, what keras3 uses) reads nothing of this, so both live in one
process.
"""
import importlib.metadata
import importlib.util
import os
import sys

from ..pyobjects.environment import pip_command

VARIABLE = "TF_USE_LEGACY_KERAS"
MODULE = "tf_keras"
DISTRIBUTION = "tf-keras"

# Where TensorFlow 2.16+ defines its Keras lazy loaders: the API module, the loader's
# attribute there, its mode and the Keras submodule it stands for.
_TENSORFLOW_MODULES = {"tensorflow": None, "tensorflow._api.v2.v2": None,
                       "tensorflow._api.v2.compat.v1": "v1",
                       "tensorflow._api.v2.compat.v2": "v2",
                       "tensorflow._api.v2.compat.v1.compat.v1": "v1",
                       "tensorflow._api.v2.compat.v1.compat.v2": "v2",
                       "tensorflow._api.v2.compat.v2.compat.v1": "v1",
                       "tensorflow._api.v2.compat.v2.compat.v2": "v2"}
_SUBMODULES_V2 = {"keras": None, "losses": "losses", "metrics": "metrics",
                  "optimizers": "optimizers", "initializers": "initializers"}
_SUBMODULES_V1 = {"keras": None, "layers": "__internal__.legacy.layers"}


def requirement():
    """The pip requirement of the tf-keras that matches the installed TensorFlow
    (tf-keras is released with TensorFlow: 2.21.x for TensorFlow 2.21)."""
    for name in ("tensorflow", "tensorflow-cpu"):
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        major_minor = ".".join(version.split(".")[:2])
        return f"{DISTRIBUTION}=={major_minor}.*"
    return DISTRIBUTION


def missing_message():
    """Why ``library(keras)`` cannot load, or None when tf_keras is installed."""
    try:
        if importlib.util.find_spec(MODULE) is not None:
            return None
    except (ImportError, ValueError):
        pass
    return (f"library(keras) is keras 2.x, which runs on Keras 2: the Python package "
            f"{DISTRIBUTION} (TensorFlow's Keras 2) is not installed. Install it with: "
            f"{pip_command([requirement()])}  (or use library(keras3) for Keras 3)")


def use_tf_keras():
    """Routes ``tf.keras`` (and TensorFlow's other Keras aliases) to tf_keras from
    now on, without importing TensorFlow or tf_keras. Raises ImportError with
    ``missing_message()`` when tf_keras is not installed."""
    message = missing_message()
    if message is not None:
        raise ImportError(message)
    os.environ[VARIABLE] = "1"
    if "tensorflow" in sys.modules:
        _reset_loaders()


def routed():
    """Whether ``tf.keras`` resolves to tf_keras (the variable is set, as TensorFlow reads it)."""
    return os.environ.get(VARIABLE) in ("true", "True", "1")


def _reset_loaders():
    from tensorflow.python.util.lazy_loader import KerasLazyLoader
    for module_name, mode in _TENSORFLOW_MODULES.items():
        module = sys.modules.get(module_name)
        if module is None:
            continue
        submodules = _SUBMODULES_V1 if mode == "v1" else _SUBMODULES_V2
        for attribute, submodule in submodules.items():
            current = module.__dict__.get(attribute)
            if current is None or _resolves_to_tf_keras(current):
                continue
            module.__dict__[attribute] = KerasLazyLoader(
                module.__dict__, mode=mode, submodule=submodule, name=attribute)
    loaded = sys.modules.get("tensorflow.keras")
    if loaded is not None and not _resolves_to_tf_keras(loaded):
        del sys.modules["tensorflow.keras"]


def _resolves_to_tf_keras(value):
    """Whether an attribute already stands for tf_keras: a module of tf_keras, or a
    lazy loader that has not chosen yet (it reads the variable when first used)."""
    if type(value).__name__ == "KerasLazyLoader":
        state = value.__dict__
        return (not state.get("_tfll_initialized", False)
                or state.get("_tfll_keras_version") == "tf_keras")
    return getattr(value, "__name__", "").startswith(MODULE + ".")
