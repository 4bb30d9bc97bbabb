"""keras 2.x's old-style custom layers and wrappers on tf_keras (R6 classes
inheriting ``KerasLayer`` or ``KerasWrapper``, r/keras/R/layers-custom-r6.R).

The R6 object holds the R methods; the Python layer, an ``RLayer`` (a
``tf_keras.layers.Layer``) or an ``RWrapper`` (a ``tf_keras.layers.Wrapper``
of the layer given as ``layer``), calls them: ``build(input_shape)`` and
``compute_output_shape(input_shape)`` get the shape as a list (``[None, 32]``,
which R sees as ``list(NULL, 32L)``), ``call(inputs, mask)`` the inputs and
the mask. A shape R returns becomes a tuple, unless it is a list of shapes
(several outputs). The classes are made the first time they are used, so
importing this module does not import tf_keras.
"""
import functools


def r_layer(r_build, r_call, r_compute_output_shape, **kwargs):
    """An ``RLayer`` calling the R functions given; ``kwargs`` go to ``Layer``."""
    return _classes()["layer"](r_build, r_call, r_compute_output_shape, **kwargs)


def r_wrapper(r_build, r_call, r_compute_output_shape, **kwargs):
    """An ``RWrapper`` calling the R functions given; ``kwargs`` (``layer``, ...) go to
    ``Wrapper``."""
    return _classes()["wrapper"](r_build, r_call, r_compute_output_shape, **kwargs)


def shape_as_list(shape):
    """A shape (a ``TensorShape``, tuple or list) as a list, ``None`` for unknown sizes."""
    if isinstance(shape, list):
        return shape
    if isinstance(shape, tuple):
        return list(shape)
    return shape.as_list()


def shape_from_r(shape):
    """What R's ``compute_output_shape()`` returned as Keras takes it: a tuple, unless
    it is a list of shapes."""
    if all(isinstance(item, (tuple, list)) for item in shape):
        return shape
    return tuple(shape)


def _r_methods(base):
    """The methods calling the R functions, for a subclass of ``base``."""
    def __init__(self, r_build, r_call, r_compute_output_shape, **kwargs):
        base.__init__(self, **kwargs)
        self.r_build = r_build
        self.r_call = r_call
        self.r_compute_output_shape = r_compute_output_shape

    def build(self, input_shape):
        self.r_build(shape_as_list(input_shape))
        base.build(self, input_shape)

    def call(self, inputs, mask=None):
        return self.r_call(inputs, mask)

    def compute_output_shape(self, input_shape):
        return shape_from_r(self.r_compute_output_shape(shape_as_list(input_shape)))

    return {"__init__": __init__, "build": build, "call": call,
            "compute_output_shape": compute_output_shape, "__module__": __name__}


@functools.cache
def _classes():
    import tf_keras
    return {"layer": type("RLayer", (tf_keras.layers.Layer,),
                          {**_r_methods(tf_keras.layers.Layer),
                           "__doc__": "A tf_keras layer whose methods are an R6 object's."}),
            "wrapper": type("RWrapper", (tf_keras.layers.Wrapper,),
                            {**_r_methods(tf_keras.layers.Wrapper),
                             "__doc__": "A tf_keras wrapper whose methods are an R6 object's."})}
