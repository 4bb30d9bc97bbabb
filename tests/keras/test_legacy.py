"""pyreticulate.keras.legacy: library(keras) runs on tf_keras, and tf.keras is routed to it
as TF_USE_LEGACY_KERAS makes TensorFlow do, while Keras 3 stays itself. TensorFlow's routing
is process-wide, so each case runs in a fresh Python process."""
import os
import subprocess
import sys
import textwrap

from helpers import ROOT
from pyreticulate.keras import legacy

# Makes `tf_keras` look not installed in a fresh process.
HIDE_TF_KERAS = textwrap.dedent("""
    import sys
    class HideTfKeras:
        def find_spec(self, name, path=None, target=None):
            if name == "tf_keras" or name.startswith("tf_keras."):
                raise ModuleNotFoundError(name)
    sys.meta_path.insert(0, HideTfKeras())
""")


def run_python(code, timeout=300):
    env = {k: v for k, v in os.environ.items() if k != legacy.VARIABLE}
    env.update(PYTHONPATH=ROOT, TF_CPP_MIN_LOG_LEVEL="3")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=timeout)
    return proc


def test_the_requirement_matches_the_installed_tensorflow():
    import tensorflow
    version = tensorflow.__version__
    assert legacy.requirement() == "tf-keras==" + ".".join(version.split(".")[:2]) + ".*"


def test_nothing_is_missing_when_tf_keras_is_installed():
    assert legacy.missing_message() is None


def test_without_tf_keras_the_message_names_the_pip_command():
    proc = run_python(HIDE_TF_KERAS + textwrap.dedent("""
        from pyreticulate.keras import legacy
        print(legacy.missing_message())
    """))
    assert proc.returncode == 0, proc.stderr
    assert "tf-keras (TensorFlow's Keras 2) is not installed" in proc.stdout
    assert f"{sys.executable} -m pip install 'tf-keras==" in proc.stdout


def test_use_tf_keras_raises_the_message_without_tf_keras():
    proc = run_python(HIDE_TF_KERAS + textwrap.dedent("""
        import os
        from pyreticulate.keras import legacy
        try:
            legacy.use_tf_keras()
        except ImportError as e:
            print("ImportError:", "pip install" in str(e), os.environ.get("TF_USE_LEGACY_KERAS"))
    """))
    assert proc.stdout.strip() == "ImportError: True None", proc.stderr


def test_tf_keras_is_routed_after_keras_3_was_resolved_and_keras_3_stays():
    proc = run_python(textwrap.dedent("""
        import tensorflow as tf
        before = tf.keras.layers.Dense.__module__
        from pyreticulate.keras import legacy
        legacy.use_tf_keras()
        import keras
        print(before, tf.keras.layers.Dense.__module__, tf.losses.MeanSquaredError.__module__,
              tf.compat.v1.keras.layers.Dense.__module__, keras.layers.Dense.__module__,
              legacy.routed())
    """))
    assert proc.stdout.split() == [
        "keras.src.layers.core.dense", "tf_keras.src.layers.core.dense", "tf_keras.src.losses",
        "tf_keras.src.layers.core.dense", "keras.src.layers.core.dense", "True"], proc.stderr


def test_routing_before_tensorflow_is_imported_does_not_import_it():
    proc = run_python(textwrap.dedent("""
        import sys
        from pyreticulate.keras import legacy
        legacy.use_tf_keras()
        print("tensorflow" in sys.modules, "tf_keras" in sys.modules)
        import tensorflow as tf
        print(tf.keras.layers.Dense.__module__)
    """))
    assert proc.stdout.split() == ["False", "False", "tf_keras.src.layers.core.dense"], \
        proc.stderr


def test_library_keras_without_tf_keras_fails_with_one_message_naming_pip():
    proc = run_python(HIDE_TF_KERAS + textwrap.dedent("""
        import pyreticulate as pr
        try:
            pr.r("library(keras)")
        except pr.RError as e:
            print(e.r_message)
    """), timeout=600)
    assert "library(keras) is keras 2.x, which runs on Keras 2" in proc.stdout, proc.stderr
    assert "-m pip install 'tf-keras==" in proc.stdout
