"""pyreticulate.tensorflow.keras_backend: the backend of an already imported Keras, and
whether a gradient tape's arguments hold values of another backend."""
import sys
import types

import numpy as np
import pytest

from pyreticulate.tensorflow import keras_backend


def fake_keras(backend):
    return types.SimpleNamespace(config=types.SimpleNamespace(backend=lambda: backend))


def test_other_backend_without_keras_imported_is_none(monkeypatch):
    monkeypatch.delitem(sys.modules, "keras", raising=False)
    assert keras_backend.other_backend() is None


def test_other_backend_of_keras_on_tensorflow_is_none(monkeypatch):
    monkeypatch.setitem(sys.modules, "keras", fake_keras("tensorflow"))
    assert keras_backend.other_backend() is None


def test_other_backend_names_the_backend_keras_runs_on(monkeypatch):
    monkeypatch.setitem(sys.modules, "keras", fake_keras("jax"))
    assert keras_backend.other_backend() == "jax"


def test_other_backend_of_a_keras_still_importing_is_none(monkeypatch):
    monkeypatch.setitem(sys.modules, "keras", types.SimpleNamespace())
    assert keras_backend.other_backend() is None


def test_tensorflow_values_and_plain_values_are_not_other_values():
    tf = pytest.importorskip("tensorflow")
    assert keras_backend.holds_other_values(
        [tf.constant(1.0), [tf.Variable(2.0), 3, None, np.zeros(2)]]) is False


def test_an_object_of_another_library_among_the_arguments_is_another_value():
    tf = pytest.importorskip("tensorflow")
    assert keras_backend.holds_other_values([tf.constant(1.0), [object()]]) is True
