"""Keras classes from R: ``Layer()``, ``Model()``, ``Callback()``, ``keras_model_custom()``,
and R functions as named Python functions (keras3's ``py_func2()``).

They are built by ``classes.make_class`` the way Keras needs them: method
signatures carry constant R defaults as Python defaults and take
``**kwargs`` (Keras inspects ``call(inputs, training=None, mask=None)`` and
``build(input_shape)``), every instance has a ``private`` R environment, and
the hooks of a ``Callback`` subclass count epochs and batches from 1 and merge
a named list they return into ``logs`` (``callbacks.class_hook``).
Shapes given to ``build`` and ``compute_output_shape`` are tuples, so they
reach R as ``list(NULL, 10L)``.

``properties`` names members that become Python properties (keras3's
``active_property()``, R6 active bindings): the R function is the getter
(``fn()``) and, when it takes a value, the setter (``fn(value)``). With
``callback_hooks=False`` (R6 classes given to ``r_to_py()``, as in keras3,
and every class of keras 2.x, whose bases are tf_keras's) the hooks of a
Callback subclass are plain methods: Keras's 0-based indices, the value
returned ignored; Keras 3 is then not imported. An R ``initialize`` without ``...`` shows its own
signature (``inspect.signature``, ``formals()``), though unknown keywords
(Keras's ``name``, ``dtype``, ... from a saved config) are still accepted and
dropped.
"""
import functools
import importlib
import inspect

from ..pyobjects import classes
from . import callbacks
from ..convert.rules.callables import RFunction, py_function, r_formals
from ..libr import capi
from ..runtime import threads

_SHAPE_METHODS = ("build", "compute_output_shape", "compute_output_spec")


@threads.holds_r
def make_class(name, members, bases, private, properties=(), callback_hooks=True,
               tuple_shapes=True, convert=True, optional_args=False, autograph=True,
               class_methods=()):
    """A subclass of ``bases`` whose R function members are methods (those named in
    ``class_methods``, keras3's ``from_config``, class methods); the methods see the class
    under its name, as in keras3.

    ``tuple_shapes=False`` (keras 2.x's classes) leaves the shapes Keras gives
    as they are (tf_keras gives ``build`` a ``TensorShape``); ``convert`` is
    the methods' (``pyobjects.classes``: ``False`` gives them Python objects);
    ``optional_args`` (keras 2.x's, as reticulate's functions) lets a caller
    leave out any argument of a method, which R then sees missing. With
    ``autograph=False`` (tf_keras's classes) TensorFlow's AutoGraph calls the
    R methods as they are rather than trying to convert them (it cannot: they
    have no Python source), so it does not warn about each one.
    """
    members = dict(members)
    init = members.get("__init__")
    if isinstance(class_methods, str):
        class_methods = [class_methods]
    cls = classes.make_class(name, members, tuple(bases), python_defaults=True,
                             private=private, convert=convert, optional_args=optional_args,
                             class_methods=tuple(class_methods or ()), bind_name=True)
    for method_name in _SHAPE_METHODS if tuple_shapes else ():
        if method_name in cls.__dict__:
            setattr(cls, method_name, _with_tuple_shapes(cls.__dict__[method_name]))
    if callback_hooks and issubclass(cls, _keras3_callback()):
        for hook in callbacks.hook_names():
            if hook in cls.__dict__:
                setattr(cls, hook, callbacks.class_hook(hook, cls.__dict__[hook]))
    if isinstance(properties, str):
        properties = [properties]
    for prop in properties or ():
        setattr(cls, prop, _property(cls.__dict__[prop], members[prop]))
    if init is not None and "__init__" in cls.__dict__ and _closure_without_dots(init):
        _show_r_signature(cls.__dict__["__init__"])
    if not autograph:
        _not_converted(cls)
    return cls


def _not_converted(cls):
    """The class's R methods marked for AutoGraph to call unconverted."""
    from tensorflow import autograph
    for name, value in list(cls.__dict__.items()):
        if callable(value) and hasattr(value, "r_function"):
            setattr(cls, name, autograph.experimental.do_not_convert(value))


def _keras3_callback():
    import keras
    return keras.callbacks.Callback


def signature_of(obj):
    """A new function with ``obj``'s signature, for R's ``formals()`` (not cached yet)."""
    def stand_in(*args, **kwargs):
        raise TypeError("signature_of(): a stand-in, not to be called")
    stand_in.__signature__ = inspect.signature(obj)
    return stand_in


def _closure_without_dots(member):
    sexp = getattr(member, "sexp", None)
    return sexp is not None and capi.lib.TYPEOF(sexp) == capi.CLOSXP and \
        all(name != "..." for name, _ in r_formals(sexp))


def _show_r_signature(function):
    """The signature without the ``**kwargs`` added for Keras (the R function has no ``...``)."""
    signature = inspect.signature(function)
    kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    function.__signature__ = signature.replace(parameters=kept)


def _property(method, member):
    """A property calling the R method: ``fn(self)`` to get, ``fn(self, value)`` to set."""
    takes_value = len([n for n, _ in r_formals(member.sexp)]) > 1 \
        if capi.lib.TYPEOF(member.sexp) == capi.CLOSXP else True

    def fget(self):
        return method(self)

    def fset(self, value):
        method(self, value)

    return property(fget, fset if takes_value else None, doc=method.__doc__)


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


@threads.holds_r
def custom_model(model_fn, name=None, classname="CustomModel", module="keras"):
    """``keras_model_custom``: a Model of ``module`` whose ``__init__`` runs ``model_fn(self)`` (R).

    ``model_fn`` creates the layers as attributes of ``self`` and returns the
    R function used as ``call(inputs, mask=None, training=None)``; it gets the
    arguments among ``mask`` and ``training`` that it names (or all with ``...``).
    ``module`` is the Keras of the model: ``"keras"`` (Keras 3) or ``"tf_keras"``
    (Keras 2, library(keras)'s).
    """
    base = importlib.import_module(module).Model

    def __init__(self, *args, **kwargs):
        base.__init__(self, *args, **kwargs)
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
    cls = type(classname, (base,), namespace)
    return cls(name=name) if name is not None else cls()


def named_function(r_function, name, convert):
    """keras3's ``py_func2()``: a Python function named ``name`` with the signature of the R
    function's formals, calling it with arguments converted to R (``convert``) or not.

    ``name`` that is no Python identifier gives the name ``r_function``; a formal that
    cannot be a Python parameter is an error.
    """
    fn = RFunction(r_function.sexp, convert=bool(convert), name=name)
    function = py_function(fn, name=name, strict=True)
    function.__qualname__ = function.__name__
    return function
