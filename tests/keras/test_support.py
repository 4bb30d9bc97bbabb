"""pyreticulate.keras.support: what the R Keras wrappers read from Keras, and the values they
compute for it (a segment op's num_segments, state trees R reads)."""
import subprocess
import sys

import numpy as np
import pytest

from helpers import ROOT
from pyreticulate.keras import support


def test_api_names_are_read_without_importing_keras():
    code = ("import sys; from pyreticulate.keras import support as k; "
            "names = k.api_names('layers'); print(len(names), 'keras' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": ROOT}, timeout=60)
    count, imported = proc.stdout.split()
    assert int(count) > 100
    assert imported == "False"


def test_api_names_leave_out_aliases():
    names = support.api_names("layers")
    assert "MaxPooling2D" in names and "MaxPool2D" not in names
    assert "Conv2D" in names and "Convolution2D" not in names


def test_api_names_keep_an_object_exported_only_under_another_name():
    assert "GroupQueryAttention" in support.api_names("layers")


def test_api_names_of_a_missing_family_are_empty():
    assert support.api_names("no_such_family") == []


def test_parameters_of_a_function():
    def f(x, units, rate=0.5, size=(2, 2), name=None, flag=True, *args, **kwargs):
        return x
    assert support.parameters(f) == [
        ["x", False, None], ["units", False, None], ["rate", True, 0.5],
        ["size", True, [2, 2]], ["name", True, None], ["flag", True, True]]


def test_parameters_of_a_class_leave_out_self():
    class Layer:
        def __init__(self, units, groups=32, **kwargs):
            pass
    assert support.parameters(Layer) == [["units", False, None], ["groups", True, 32]]


def test_default_r_cannot_show_is_left_out():
    def f(fill=object(), cropping=((1, 1), (2, 2))):
        return fill
    assert support.parameters(f) == [["fill", False, None], ["cropping", False, None]]


def test_segment_count_is_the_largest_id_plus_one():
    assert support.segment_count(np.array([0, 0, 2])) == 3


def test_segment_count_of_no_ids_is_zero():
    assert support.segment_count(np.array([], dtype="int32")) == 0


def test_segment_count_of_traced_ids_is_none():
    jax = pytest.importorskip("jax")
    counts = []
    jax.jit(lambda ids: counts.append(support.segment_count(ids)) or ids)(jax.numpy.array([0, 1]))
    assert counts == [None]


def test_scalars_for_rank_0_makes_0_d_arrays_scalars_and_keeps_other_arrays():
    tree = support.scalars_for_rank_0({"adam": {"iteration": np.zeros((), "int32")},
                                       "weights": [np.ones(2)]})
    assert type(tree["adam"]["iteration"]) is np.int32
    assert tree["weights"][0].shape == (2,)
