"""The Keras examples in examples/ run to the end and reach their goal."""
import os

from helpers import ROOT, run_script
from helpers.scripts import ENV


def run_example(tmp_path, name):
    with open(os.path.join(ROOT, "examples", name), encoding="utf-8") as handle:
        code = handle.read()
    return run_script(tmp_path, code, env=ENV, timeout=600, name=name)


def test_regression_example_learns_and_reloads(tmp_path):
    proc = run_example(tmp_path, "keras_regression.R")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Epoch 30/30" in proc.stdout
    assert "reloaded model predicts the same: TRUE" in proc.stdout
    correlation = float(proc.stdout.split("correlation of predictions with the truth: ")[1].split()[0])
    assert correlation > 0.9


def test_classification_example_learns_the_classes(tmp_path):
    proc = run_example(tmp_path, "keras_classification.R")
    assert proc.returncode == 0, proc.stderr[-3000:]
    accuracy = float(proc.stdout.split("test accuracy ")[1].split()[0])
    assert accuracy > 0.8
    assert "predicted" in proc.stdout
