"""Keras classes from R: ``Layer()``, ``Model()``, ``Callback()``, ``keras_model_custom()``.

They are built by ``classes.make_class`` the way Keras needs them: method
signatures carry constant R defaults as Python defaults and take
``**kwargs`` (Keras inspects ``call(inputs, training=None, mask=None)`` and
``build(input_shape)``), every instance has a ``private`` R environment, and
the hooks of a ``Callback`` subclass count epochs and batches from 1 and merge
a named list they return into ``logs`` (``callbacks.class_hook``).
Shapes given to ``build`` and ``compute_output_shape`` are tuples, so they
reach R as ``list(NULL, 10L)``.
"""
import functools

from ..pyobjects import classes
from . import callbacks
from ..convert.rules.callables import r_formals

_SHAPE_METHODS = ("build", "compute_output_shape", "compute_output_spec")


def make_class(name, members, bases, private):
    """A subclass of ``bases`` whose R function members are methods."""
    import keras
    cls = classes.make_class(name, dict(members), tuple(bases), python_defaults=True,
                             private=private)
    for method_name in _SHAPE_METHODS:
        if method_name in cls.__dict__:
            setattr(cls, method_name, _with_tuple_shapes(cls.__dict__[method_name]))
    if issubclass(cls, keras.callbacks.Callback):
        for hook in callbacks.hook_names():
            if hook in cls.__dict__:
                setattr(cls, hook, callbacks.class_hook(hook, cls.__dict__[hook]))
    return cls


def _with_tuple_shapes(method):
    """Shapes as tuples, so R gets ``list(NULL, 10L)`` rather than ``c(NA, 10L)``."""
    @functools.wraps(method)
    def with_shapes(self, *args, **kwargs):
        return method(self, *map(_shape, args), **{k: _shape(v) for k, v in kwargs.items()})
    return with_shapes


def _shape(value):
    if isinstance(value, (list, tuple)):
        if all(d is None or isinstance(d, int) for d in value):
            return tuple(value)
        return type(value)(_shape(v) for v in value)
    if isinstance(value, dict):
        return {key: _shape(v) for key, v in value.items()}
    return value


def custom_model(model_fn, name=None, classname="CustomModel"):
    """``keras_model_custom``: a Model whose ``__init__`` runs ``model_fn(self)`` (R).

    ``model_fn`` creates the layers as attributes of ``self`` and returns the
    R function used as ``call(inputs, mask=None, training=None)``; it gets the
    arguments among ``mask`` and ``training`` that it names (or all with ``...``).
    """
    import keras

    def __init__(self, *args, **kwargs):
        keras.Model.__init__(self, *args, **kwargs)
        forward = model_fn(self)
        if not callable(forward):
            raise TypeError("keras_model_custom(): `model_fn` must return the model's call "
                            "function, function(inputs, mask = NULL, training = NULL)")
        formals = [n for n, _ in r_formals(forward.sexp)] if hasattr(forward, "sexp") else ["..."]
        object.__setattr__(self, "_pyr_forward", forward)
        object.__setattr__(self, "_pyr_forward_args",
                           {n for n in ("mask", "training") if n in formals or "..." in formals})

    def call(self, inputs, mask=None, training=None):
        extra = {"mask": mask, "training": training}
        kwargs = {k: v for k, v in extra.items() if k in self._pyr_forward_args}
        return self._pyr_forward(inputs, **kwargs)

    namespace = {"__init__": __init__, "call": call, "__module__": "__main__",
                 "__doc__": "A Keras model built by keras_model_custom()."}
    cls = type(classname, (keras.Model,), namespace)
    return cls(name=name) if name is not None else cls()
