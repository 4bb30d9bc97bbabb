"""``pyreticulate launch`` (pyreticulate/launch.py): workers with their place in the job, their
output prefixed by rank, and a failing worker stopping the job."""
import io
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from helpers import ROOT
from pyreticulate import launch

REPORT = r'''
for (name in c("KERAS_DISTRIBUTION_JOB_ADDRESSES", "KERAS_DISTRIBUTION_NUM_PROCESSES",
               "KERAS_DISTRIBUTION_PROCESS_ID", "TF_CONFIG"))
  cat(name, "=", Sys.getenv(name), "\n", sep = "")
cat("args=", paste(commandArgs(trailingOnly = TRUE), collapse = "|"), "\n", sep = "")
'''

FAILING = r'''
rank <- Sys.getenv("KERAS_DISTRIBUTION_PROCESS_ID")
cat("started", rank, "\n")
flush(stdout())
if (rank == "0") file.create("rank0-started")
if (rank == "1") {
  # rank 0 has started (and said so) before rank 1 fails
  for (i in 1:1200) if (file.exists("rank0-started")) break else Sys.sleep(0.1)
  stop("worker one gives up")
}
Sys.sleep(300)
cat("rank 0 was not stopped\n")
'''


def run_launch(tmp_path, code, script_args=()):
    """``pyreticulate launch --workers 2`` of R code written to ``tmp_path/job.R``."""
    script = tmp_path / "job.R"
    script.write_text(code)
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "pyreticulate", "launch", "--workers", "2",
                           str(script), *script_args], capture_output=True, text=True,
                          timeout=240, env=env, cwd=str(tmp_path))


def rank_lines(stdout, rank):
    """What rank ``rank`` printed, its prefix removed: {name: value} for name=value lines."""
    prefix = f"[{rank}] "
    lines = [line[len(prefix):] for line in stdout.splitlines() if line.startswith(prefix)]
    return dict(line.split("=", 1) for line in lines if "=" in line)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return run_launch(tmp_path_factory.mktemp("launch"), REPORT, ["a", "b c"])


def test_launch_exits_zero_when_every_worker_succeeds(report):
    assert report.returncode == 0, report.stderr


def test_each_rank_gets_its_process_id_and_the_job_size(report):
    ranks = [rank_lines(report.stdout, rank) for rank in (0, 1)]
    assert [r["KERAS_DISTRIBUTION_PROCESS_ID"] for r in ranks] == ["0", "1"]
    assert [r["KERAS_DISTRIBUTION_NUM_PROCESSES"] for r in ranks] == ["2", "2"]


def test_every_rank_gets_the_same_job_addresses_on_distinct_local_ports(report):
    addresses = [rank_lines(report.stdout, rank)["KERAS_DISTRIBUTION_JOB_ADDRESSES"]
                 for rank in (0, 1)]
    assert addresses[0] == addresses[1]
    hosts, ports = zip(*(a.split(":") for a in addresses[0].split(",")))
    assert hosts == ("127.0.0.1", "127.0.0.1")
    assert len(set(ports)) == 2


def test_tf_config_names_the_same_cluster_and_the_rank_as_task(report):
    configs = [json.loads(rank_lines(report.stdout, rank)["TF_CONFIG"]) for rank in (0, 1)]
    addresses = rank_lines(report.stdout, 0)["KERAS_DISTRIBUTION_JOB_ADDRESSES"].split(",")
    assert [c["cluster"]["worker"] for c in configs] == [addresses, addresses]
    assert [c["task"] for c in configs] == [{"type": "worker", "index": 0},
                                            {"type": "worker", "index": 1}]


def test_every_rank_gets_the_script_arguments(report):
    assert [rank_lines(report.stdout, rank)["args"] for rank in (0, 1)] == ["a|b c", "a|b c"]


@pytest.fixture(scope="module")
def failed(tmp_path_factory):
    return run_launch(tmp_path_factory.mktemp("failing"), FAILING)


def test_a_failing_worker_makes_the_launch_exit_with_its_status(failed):
    assert failed.returncode == 1


def test_a_failing_worker_stops_the_others(failed):
    assert "[0] started 0" in failed.stdout
    assert "rank 0 was not stopped" not in failed.stdout
    assert "stopped worker(s) 0" in failed.stderr


def test_the_failing_workers_error_is_shown_prefixed_and_repeated_at_the_end(failed):
    assert "[1] Error: worker one gives up" in failed.stderr
    summary = failed.stderr.split("pyreticulate launch: worker 1 failed (exit status 1)")[1]
    assert "Error: worker one gives up" in summary


def test_launch_without_a_script_is_a_usage_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pyreticulate", "launch", "--workers", "2"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ROOT})
    assert proc.returncode == 2
    assert "missing the R script to run" in proc.stderr


@pytest.mark.parametrize("value", ["0", "two", ""])
def test_workers_must_be_a_positive_whole_number(value):
    assert launch.main(["--workers", value, "train.R"]) == 2


def test_launch_of_a_missing_file_is_an_error(tmp_path, capsys):
    assert launch.main(["--workers=2", str(tmp_path / "none.R")]) == 2
    assert "cannot open file" in capsys.readouterr().err


def test_free_ports_are_distinct():
    ports = launch.free_ports(4)
    assert len(set(ports)) == 4


def _prefixed(data):
    read, write = os.pipe()
    target = io.BytesIO()
    with os.fdopen(read, "rb") as source:
        copier = launch.Prefixer(3, source, target, threading.Lock())
        os.write(write, data)
        os.close(write)
        copier.join()
    return target.getvalue(), copier.tail


def test_prefixer_marks_every_line_and_carriage_return():
    out, _ = _prefixed(b"one\ntwo\r2/2\rdone\n")
    assert out == b"[3] one\n[3] two\r[3] 2/2\r[3] done\n"


def test_prefixer_ends_an_unfinished_last_line():
    out, tail = _prefixed(b"no newline")
    assert out == b"[3] no newline\n"
    assert tail == ["no newline"]


def _copying(rank, target, lock, partial_wait=launch.PARTIAL_WAIT):
    """A Prefixer of rank ``rank`` reading a new pipe; returns it and the pipe's write end."""
    read, write = os.pipe()
    return launch.Prefixer(rank, os.fdopen(read, "rb"), target, lock), write


def test_prefixer_writes_lines_whole_when_ranks_write_pieces_at_once():
    target, lock = io.BytesIO(), threading.Lock()
    copiers = [_copying(rank, target, lock, partial_wait=600) for rank in (0, 1)]
    for piece in (b"NAME", b"=", b"value", b"\n"):
        for _, write in copiers:
            os.write(write, piece)
            time.sleep(0.05)  # each piece its own read
    for copier, write in copiers:
        os.close(write)
        copier.join()
    assert sorted(target.getvalue().splitlines()) == [b"[0] NAME=value", b"[1] NAME=value"]


def test_prefixer_shows_an_unfinished_line_once_the_worker_is_quiet():
    target = io.BytesIO()
    copier, write = _copying(5, target, threading.Lock())
    os.write(write, b"Epoch 1/2 [====")
    deadline = time.monotonic() + 30
    while target.getvalue() == b"" and time.monotonic() < deadline:
        time.sleep(0.05)
    shown = target.getvalue()
    os.write(write, b"====]\n")
    os.close(write)
    copier.join()
    assert (shown, target.getvalue()) == (b"[5] Epoch 1/2 [====", b"[5] Epoch 1/2 [========]\n")
