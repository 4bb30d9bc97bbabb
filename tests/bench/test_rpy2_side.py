"""The Python rows of the benchmarks (bench/rpy2_side.py): which workloads run, the results
they write, and each workload starting from a collected heap. Speed is never asserted."""
import csv
import importlib.util
import os
import subprocess
import sys


import pyreticulate as pr
from helpers import ROOT

BENCH = os.path.join(ROOT, "bench")
spec = importlib.util.spec_from_file_location("bench_rpy2_side",
                                              os.path.join(BENCH, "rpy2_side.py"))
rpy2_side = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rpy2_side)


def run_rows(*args):
    return subprocess.run([sys.executable, os.path.join(BENCH, "rpy2_side.py"), *args],
                          capture_output=True, text=True, timeout=600)


def test_only_runs_the_named_workloads(tmp_path):
    proc = run_rows("--quick", "--only", "call,numpy_to_r", "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    with open(tmp_path / "python-results.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["name"] for row in rows] == ["call", "numpy_to_r"]
    assert [row["pyreticulate_error"] for row in rows] == ["", ""]


def test_unknown_workload_is_an_error_naming_it_before_any_side_runs(tmp_path):
    proc = run_rows("--quick", "--only", "call,no_such_row", "--out", str(tmp_path))
    assert proc.returncode != 0
    assert "no Python-row workload named no_such_row" in proc.stderr
    assert "running the" not in proc.stderr


def test_reset_between_workloads_removes_what_set_ups_left_in_r():
    workloads, _, reset = rpy2_side.pyreticulate_side({"df": 10, "vec": 10}.__getitem__)
    workloads["df_to_pandas"][0](10)
    workloads["r_to_numpy_scope"][0](10)
    assert pr.r("c(exists('bench_df'), exists('bench_x'))") == [True, True]
    reset()
    assert pr.r("c(exists('bench_df'), exists('bench_x'))") == [False, False]
    assert pr.r("exists('make_data_frame')") is True


def test_selected_keeps_the_table_order():
    assert [w[0] for w in rpy2_side.selected(["eval", "call"])] == ["call", "eval"]


def test_every_side_runs_r_with_pyreticulates_vector_heap_floor():
    env = rpy2_side.same_r_heap({"PATH": "/usr/bin"})
    assert env == {"PATH": "/usr/bin", "R_VSIZE": "256M"}


def test_a_vector_heap_floor_set_by_the_user_is_kept_for_every_side():
    assert rpy2_side.same_r_heap({"R_VSIZE": "1G"}) == {"R_VSIZE": "1G"}
