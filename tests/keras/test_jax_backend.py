"""The Keras tests that are not TensorFlow-specific, run again on the JAX backend: each module in
a pytest of its own with ``KERAS_BACKEND=jax`` (keras3 reads it as ``use_backend()`` sets it),
less the tests recorded in TENSORFLOW_SPECIFIC with the reason.

The modules left out altogether (their shared script stops at TensorFlow-only code, or they
test TensorFlow itself; docs/scale-out.md lists them): test_callbacks, test_custom (layers and
train steps written with ``tf$matmul``, ``tf$ones``, ``tf$GradientTape``), test_threads (a
``tf.data`` pipeline and graph tracing), test_models (TensorFlow's SavedModel export, ``tf``
variables), test_subset and test_generated_families (results read with ``$numpy()``), test_utilities
(it checks the tensorflow backend is the default), test_examples (the examples choose no
backend; costly to run twice)."""
import os
import subprocess
import sys

import pytest

from helpers import ROOT

pytest.importorskip("jax")

NUMPY_METHOD = "reads a tensor with $numpy(), a TensorFlow tensor method (as.array() is Keras's)"
TENSORFLOW_SPECIFIC = {
    "test_training.py::test_loss_with_data_computes_it": NUMPY_METHOD,
    "test_training.py::test_metric_with_data_computes_it": NUMPY_METHOD,
    "test_training.py::test_activation_wrapper_computes": NUMPY_METHOD,
    "test_layers.py::test_add_layer_adds_its_inputs": NUMPY_METHOD,
    "test_layers.py::test_multiply_layer_multiplies_its_inputs": NUMPY_METHOD,
    "test_layers.py::test_lambda_layer_runs_an_r_function": NUMPY_METHOD,
    "test_layers.py::test_rescaling_layer_scales": NUMPY_METHOD,
    "test_layers.py::test_normalization_layer_adapts_to_data": NUMPY_METHOD,
    "test_generators.py::test_generators_run_on_the_tensorflow_backend":
        "checks the backend is tensorflow",
}
MODULES = ["test_training.py", "test_layers.py", "test_generators.py", "test_wrappers.py",
           "test_support.py", "test_destructure.py"]
HERE = os.path.relpath(os.path.dirname(os.path.abspath(__file__)), ROOT)  # node ids are relative


@pytest.mark.parametrize("module", MODULES)
def test_keras_module_passes_on_the_jax_backend(module):
    deselected = [f"--deselect={os.path.join(HERE, test)}" for test in TENSORFLOW_SPECIFIC
                  if test.startswith(module + "::")]
    env = {**os.environ, "PYTHONPATH": ROOT, "KERAS_BACKEND": "jax"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           os.path.join(HERE, module), *deselected],
                          capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
