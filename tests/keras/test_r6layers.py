"""pyreticulate/keras/r6layers.py: the tf_keras layer and wrapper calling the methods of
keras 2.x's old-style R6 layers (here Python callables stand in for the R methods)."""
import numpy as np
import pytest

from pyreticulate.keras import r6layers

tf_keras = pytest.importorskip("tf_keras")


def test_shape_as_list_takes_tensor_shapes_tuples_and_lists():
    import tensorflow as tf
    assert r6layers.shape_as_list(tf.TensorShape([None, 3])) == [None, 3]
    assert r6layers.shape_as_list((None, 3)) == [None, 3]
    assert r6layers.shape_as_list([None, 3]) == [None, 3]


def test_shape_from_r_is_a_tuple_unless_a_list_of_shapes():
    assert r6layers.shape_from_r([None, 4]) == (None, 4)
    assert r6layers.shape_from_r([[None, 4], [None, 2]]) == [[None, 4], [None, 2]]


def test_r_layer_calls_build_call_and_compute_output_shape():
    seen = {}

    def build(shape):
        seen["build"] = shape

    def call(inputs, mask):
        seen["mask"] = mask
        return inputs * 2

    layer = r6layers.r_layer(build, call, lambda shape: [shape[0], shape[1]], name="twice")
    out = layer(np.ones((1, 3), dtype="float32"))
    assert seen == {"build": [1, 3], "mask": None}
    assert np.allclose(out.numpy(), 2)
    assert layer.name == "twice"
    assert layer.compute_output_shape((None, 3)) == (None, 3)


def test_r_wrapper_wraps_the_layer_given():
    dense = tf_keras.layers.Dense(2)
    wrapper = r6layers.r_wrapper(lambda shape: dense.build(shape), lambda x, mask: dense(x) + 1,
                                 lambda shape: shape, layer=dense)
    assert wrapper.layer is dense
    assert wrapper(np.zeros((1, 3), dtype="float32")).shape == (1, 2)
