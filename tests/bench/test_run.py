"""The benchmark harness (bench/): a --quick run of every workload, the results
it writes, the chart and the README section. Speed is never asserted."""
import csv
import importlib.util
import json
import math
import os
import subprocess
import sys

import pytest

from helpers import ROOT

BENCH = os.path.join(ROOT, "bench")
sys.path.insert(0, BENCH)  # run.py imports its sibling rpy2_side, as a script in bench/ does
spec = importlib.util.spec_from_file_location("bench_run", os.path.join(BENCH, "run.py"))
bench_run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_run)

BOTH_SIDES = os.access(bench_run.RETICULATE_PYTHON, os.X_OK)
SOURCE_SIDE = BOTH_SIDES and os.path.isdir(os.path.join(bench_run.RETICULATE_SRC_LIB,
                                                        "reticulate"))

def run_bench(*args, timeout):
    return subprocess.run([sys.executable, os.path.join(BENCH, "run.py"), *args],
                          capture_output=True, text=True, timeout=timeout)


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    """One --quick run of the whole harness (both sides when reticulate's venv exists)."""
    out = tmp_path_factory.mktemp("bench")
    proc = run_bench("--quick", "--out", str(out), timeout=600)
    return proc, out


def test_quick_run_succeeds(quick_run):
    proc, _ = quick_run
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_quick_run_prints_a_table_row_per_workload(quick_run):
    proc, out = quick_run
    labels = [row["label"] for row in read_rows(out / "results.csv")]
    assert len(labels) >= 13
    lines = proc.stdout.splitlines()
    assert lines[0].split()[:2] == ["workload", "unit"]
    for label in labels:
        assert any(line.startswith(label) for line in lines), label


def test_every_workload_has_a_pyreticulate_time(quick_run):
    """A time is positive; an extra-cost row is a difference of two times, which noise on a
    busy machine can make negative in this tiny configuration (chart.R leaves it out then)."""
    _, out = quick_run
    for row in read_rows(out / "results.csv"):
        assert row["pyreticulate_error"] == "", row
        value = float(row["pyreticulate"])
        assert math.isfinite(value) and (value > 0 or row["name"].endswith("_extra")), row


def test_ratio_is_pyreticulate_over_reticulate_when_both_sides_ran(quick_run):
    _, out = quick_run
    for row in json.loads((out / "results.json").read_text())["workloads"]:
        if BOTH_SIDES:
            assert row["ratio"] == pytest.approx(row["pyreticulate"] / row["reticulate"])
        else:
            assert row["reticulate"] is None and row["ratio"] is None


def test_array_conversions_carry_the_numpy_copy_reference(quick_run):
    _, out = quick_run
    rows = {row["name"]: row for row in json.loads((out / "results.json").read_text())["workloads"]}
    copy = rows["numpy_copy"]["pyreticulate"]
    for name in ("matrix_to_numpy", "numpy_to_r"):
        assert rows[name]["numpy_copy"] == copy
        assert rows[name]["pyreticulate_vs_copy"] == pytest.approx(rows[name]["pyreticulate"] / copy)


def test_results_record_the_machine_and_each_sides_versions(quick_run):
    _, out = quick_run
    results = json.loads((out / "results.json").read_text())
    assert results["quick"] is True
    assert results["machine"]["cores"] == os.cpu_count()
    assert results["machine"]["cpu"] and results["machine"]["memory"]
    sides = (["reticulate", "pyreticulate"] if BOTH_SIDES else ["pyreticulate"]) + (
        ["reticulate_src"] if SOURCE_SIDE else [])
    assert sorted(results["sides"]) == sorted(sides)
    for info in results["sides"].values():
        assert info["R"].startswith("R version")
        assert info["numpy"] and info["python"]


def test_quick_run_writes_the_chart_only_with_ratios(quick_run):
    _, out = quick_run
    assert (out / "ratios.png").exists() == BOTH_SIDES


def test_chart_draws_a_png_of_the_ratios(tmp_path):
    rows = [{"name": "call", "label": "a call", "ratio": "0.5", "compare_to": ""},
            {"name": "copy", "label": "a copy", "ratio": "1.5", "compare_to": ""},
            {"name": "numpy_copy", "label": "reference", "ratio": "1.1", "compare_to": ""},
            {"name": "to_r", "label": "to R", "ratio": "2", "compare_to": "numpy_copy"},
            {"name": "failed", "label": "failed", "ratio": "NA", "compare_to": ""}]
    with open(tmp_path / "results.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, rows[0])
        writer.writeheader()
        writer.writerows(rows)
    png = tmp_path / "ratios.png"
    proc = subprocess.run(["Rscript", os.path.join(BENCH, "chart.R"),
                           str(tmp_path / "results.csv"), str(png)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_rounds_pool_the_timed_runs_of_every_round(tmp_path):
    proc = run_bench("--quick", "--rounds", "2", "--only", "call", "--out", str(tmp_path),
                     timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (row,) = json.loads((tmp_path / "results.json").read_text())["workloads"]
    assert len(row["pyreticulate_times"]) == 2 * int(row["repeats"])
    assert len(row["reticulate_times"]) == (2 * int(row["repeats"]) if BOTH_SIDES else 0)


def test_table_has_the_source_columns_only_when_that_side_ran():
    row = {"label": "a call", "unit": "us/call", "reticulate": 10.0, "pyreticulate": 5.0,
           "ratio": 0.5, "numpy_copy": None, "pyreticulate_vs_copy": None,
           "reticulate_error": "", "pyreticulate_error": "", "reticulate_src": None,
           "ratio_src": None, "reticulate_src_error": ""}
    header, (cells,) = bench_run.table_cells([row])
    assert header[-1] == "pyreticulate / copy"
    header, (cells,) = bench_run.table_cells([dict(row, reticulate_src=20.0, ratio_src=0.25)])
    assert header[-2:] == ("reticulate (source)", "ratio (source)")
    assert cells[-2:] == ("20.0", "0.25")


def finished(times):
    return {"name": "gen", "label": "a generator", "unit": "us/batch", "size": "1",
            "repeats": "2", "compare_to": "", "times": times, "error": ""}


def test_a_round_where_a_side_hung_leaves_the_times_of_the_rounds_that_finished():
    done = ({"gen": finished("10 20")}, {})
    hung = ({}, {})
    (row,) = bench_run.combine([{"reticulate": done, "pyreticulate": done},
                                {"reticulate": hung, "pyreticulate": done}])
    assert (row["reticulate"], row["reticulate_error"], row["reticulate_hung"]) == (15.0, "", (1, 2))
    assert bench_run.side_cell(row, "reticulate") == "15.0 (hung in 1 of 2 rounds)"
    assert bench_run.side_cell(row, "pyreticulate") == "15.0"


def test_a_side_that_hung_in_every_round_is_marked_hung():
    done = ({"gen": finished("10 20")}, {})
    (row,) = bench_run.combine([{"reticulate": ({}, {}), "pyreticulate": done}])
    assert (row["reticulate"], row["ratio"]) == (None, None)
    assert bench_run.side_cell(row, "reticulate") == "hung"


def test_readme_update_replaces_only_the_bench_section(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n\n<!-- bench:start -->\nold table\n<!-- bench:end -->\nafter\n")
    bench_run.update_readme(str(readme), "new table\n")
    assert readme.read_text() == ("# Title\n\n<!-- bench:start -->\nnew table\n"
                                  "<!-- bench:end -->\nafter\n")


def test_readme_without_bench_markers_is_an_error(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n")
    with pytest.raises(SystemExit, match="no <!-- bench:start -->"):
        bench_run.update_readme(str(readme), "table\n")


def test_unknown_workload_is_an_error_naming_it(tmp_path):
    proc = run_bench("--quick", "--only", "no_such_workload", "--out", str(tmp_path),
                     timeout=300)
    assert proc.returncode != 0
    assert "unknown workload: no_such_workload" in proc.stderr


@pytest.mark.parametrize("side", ["reticulate", "reticulate_src", "pyreticulate"])
def test_each_side_runs_r_with_the_same_vector_heap_floor(side):
    _, env = bench_run.side_command(side, "/tmp/out", [])
    assert env.get("R_VSIZE") == os.environ.get("R_VSIZE", "256M")
