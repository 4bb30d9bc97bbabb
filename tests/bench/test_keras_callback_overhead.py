"""bench/keras_callback_overhead.R runs and prints its figures (speed is never asserted)."""
import os

from helpers import ROOT
from helpers.scripts import run_r


def test_benchmark_runs_in_a_tiny_configuration():
    proc = run_r(os.path.join(ROOT, "bench", "keras_callback_overhead.R"), "20", "1")
    assert proc.returncode == 0, proc.stderr[-3000:]
    for label in ("hook: R callback_lambda()", "hook: R Callback() class",
                  "hook: R KerasCallback (R6)", "hook: Python Callback",
                  "generator next(): R", "generator next(): Python",
                  "on_train_batch_end: R callback_lambda()", "generator: R"):
        assert label in proc.stdout
    assert "hook calls counted: 120" in proc.stdout
