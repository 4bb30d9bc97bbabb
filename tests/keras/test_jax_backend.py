"""The Keras tests that are not TensorFlow-specific, run again on the JAX backend: each module in
a pytest of its own with ``KERAS_BACKEND=jax`` (keras3 reads it as ``use_backend()`` sets it),
less the tests recorded in TENSORFLOW_SPECIFIC with the reason.

Left out altogether: test_backend (it chooses the JAX backend itself), test_distributed (its
workers choose their backend), test_examples (the examples choose no backend; costly to run
twice). docs/scale-out.md lists what is TensorFlow-specific."""
import os
import subprocess
import sys

import pytest

from helpers import ROOT

pytest.importorskip("jax")

TRAIN_STEP = "a custom train_step recording with tf$GradientTape(), TensorFlow's"
TENSORFLOW_SPECIFIC = {
    "test_generators.py::test_generators_run_on_the_tensorflow_backend":
        "checks the backend is tensorflow",
    "test_custom.py::test_model_train_step_has_the_python_signature": TRAIN_STEP,
    "test_custom.py::test_custom_train_step_with_gradient_tape_trains": TRAIN_STEP,
    "test_custom.py::test_custom_model_with_a_train_step_saves_and_reloads": TRAIN_STEP,
    "test_threads.py::test_pydataset_with_four_worker_threads_ends_with_the_sgd_weights":
        "Keras's JAX trainer takes a 4-worker PyDataset's batches as 1 2 3 0 (so in Python too)",
    "test_threads.py::test_r_layer_called_while_fit_traces_sees_graph_mode":
        "checks TensorFlow's graph mode (tf$executing_eagerly())",
    "test_models.py::test_keras_is_imported_on_first_use":
        "checks that Keras imports TensorFlow, its default backend",
    "test_utilities.py::test_use_backend_of_the_running_backend":
        "checks the running backend is tensorflow",
}
MODULES = ["test_training.py", "test_layers.py", "test_generators.py", "test_wrappers.py",
           "test_support.py", "test_destructure.py", "test_custom.py", "test_callbacks.py",
           "test_threads.py", "test_models.py", "test_subset.py", "test_generated_families.py",
           "test_utilities.py"]
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
