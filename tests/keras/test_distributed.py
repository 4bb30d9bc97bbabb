"""Data-parallel fit() on two worker processes (examples/distributed/train.R through
``pyreticulate launch``; docs/scale-out.md): Keras's distribution API on the JAX backend."""
import os
import re
import subprocess
import sys

import pytest

from helpers import ROOT
from helpers.scripts import ENV, example

pytest.importorskip("jax")

TRAIN = example("distributed", "train.R")


def _run(command, directory):
    env = {**os.environ, "PYTHONPATH": ROOT, **ENV}
    for name in ("KERAS_BACKEND", "TF_CONFIG", "KERAS_DISTRIBUTION_JOB_ADDRESSES",
                 "KERAS_DISTRIBUTION_NUM_PROCESSES", "KERAS_DISTRIBUTION_PROCESS_ID"):
        env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "pyreticulate", *command, TRAIN, str(directory)],
                          capture_output=True, text=True, timeout=900, env=env,
                          cwd=str(directory))


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    directory = tmp_path_factory.mktemp("two-workers")
    proc = _run(["launch", "--workers", "2"], directory)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc, directory


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    directory = tmp_path_factory.mktemp("one-process")
    proc = _run(["run"], directory)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def weights(stdout, prefix=""):
    line = re.search(rf"^{re.escape(prefix)}weights: (.*)$", stdout, flags=re.M)
    assert line, stdout[-3000:]
    return [float(value) for value in line.group(1).split()]


def lines_with(stdout, text):
    return [line for line in stdout.splitlines() if text in line]


def test_both_workers_end_with_identical_weights(job):
    stdout = job[0].stdout
    assert weights(stdout, "[0] ") == weights(stdout, "[1] ")


def test_the_workers_weights_are_those_of_one_process_on_the_same_global_batches(job, single):
    assert weights(job[0].stdout, "[0] ") == pytest.approx(weights(single.stdout), abs=1e-5)


def test_training_moved_the_weights(job):
    # the example's initial weights are the same seed's; a job that skipped training would
    # still agree across workers, so the loss must have fallen
    losses = [float(x) for x in re.findall(r"- loss: ([0-9.]+)", job[0].stdout)]
    assert losses[-1] < losses[0] / 10, losses


def test_only_rank_zero_shows_the_progress(job):
    epochs = lines_with(job[0].stdout, "Epoch 1/5")
    assert [line.split()[0] for line in epochs] == ["[0]"]


def test_the_r_callback_runs_on_every_worker(job):
    stdout = job[0].stdout
    assert "[0] worker 0 of 2: 5 epochs seen by the R callback" in stdout
    assert "[1] worker 1 of 2: 5 epochs seen by the R callback" in stdout


def test_the_history_comes_from_rank_zero(job):
    assert [line.split()[0] for line in lines_with(job[0].stdout, "Final epoch")] == ["[0]"]


def test_every_worker_takes_part_in_save_model(job):
    stdout = job[0].stdout
    assert "[0] worker 0 saved" in stdout and "[1] worker 1 saved" in stdout


def test_save_model_writes_one_file(job):
    assert sorted(os.listdir(job[1])) == ["model.keras"]
