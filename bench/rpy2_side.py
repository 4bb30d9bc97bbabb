"""The Python side of the benchmarks: the same workloads from Python through
pyreticulate and through rpy2 (``rpy2.robjects`` in a ``localconverter`` of
``default_converter + numpy2ri.converter + pandas2ri.converter``), each side in a fresh
process, alternately; the table, CSV, JSON and chart go beside run.py's (``python-*``
files in the results folder).

    python bench/rpy2_side.py [--quick] [--only NAME,NAME] [--rounds N] [--out DIR]

rpy2's side needs bench/.venv-rpy2 (bench/setup.sh): rpy2-robjects of the release
of the main .venv's rpy2-rinterface. ``--worker SIDE OUT`` is one side's process.
"""
import argparse
import csv
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
RPY2_PYTHON = os.path.join(BENCH, ".venv-rpy2", "bin", "python")
SIDES = ("rpy2", "pyreticulate")
COLUMNS = ("name", "label", "unit", "size", "repeats", "rpy2", "pyreticulate", "ratio",
           "compare_to", "rpy2_error", "pyreticulate_error")

# name, label, unit (us per call or ms per run), size, repeats (full run)
WORKLOADS = [
    ("call", "R function called from Python", "us", 1, 2000),
    ("eval", 'R code "1 + 1" evaluated from Python', "us", 1, 2000),
    ("df_to_pandas", "data.frame 10^6 rows -> pandas", "ms", 10**6, 5),
    ("pandas_to_df", "pandas 10^6 rows -> data.frame", "ms", 10**6, 5),
    ("numpy_to_r", "numpy float64 10^7 -> R", "ms", 10**7, 5),
    ("numpy_to_r_scope", "numpy float64 10^7 -> R, numpy scope", "ms", 10**7, 5),
    ("r_to_numpy_scope", "R double 10^7 -> numpy, numpy scope", "ms", 10**7, 20),
]

# make_data_frame() as workloads.R defines it, the same data as the reticulate rows
MAKE_DATA_FRAME = f"""
for (e in parse({json.dumps(os.path.join(BENCH, "workloads.R"))}, keep.source = FALSE))
  if (is.call(e) && identical(e[[2L]], as.name("make_data_frame"))) eval(e, globalenv())
"""


def selected(only):
    """The WORKLOADS entries named in ``only`` (a list of names; None: all)."""
    if only is None:
        return WORKLOADS
    unknown = sorted(set(only) - {w[0] for w in WORKLOADS})
    if unknown:
        raise SystemExit(f"bench: no Python-row workload named {', '.join(unknown)} "
                         f"(known: {', '.join(w[0] for w in WORKLOADS)})")
    return [w for w in WORKLOADS if w[0] in only]


# between workloads: the set-ups' R objects go, and each workload starts from a collected heap
# (otherwise a large allocation pays for marking what an earlier workload left alive)
RESET = "rm(list = intersect(c('bench_df', 'bench_x'), ls(globalenv())), envir = globalenv()); invisible(gc(full = TRUE)); NULL"


def r_setup(run_r, code):
    """A workload's set-up that runs R code (``{n}`` is the size) and gives no arguments."""
    def setup(n):
        run_r(code.format(n=n) + "; NULL")
        return ()
    return setup


def data_frame_setup(run_r, read_global):
    """A set-up whose argument is make_data_frame(n) converted to Python."""
    def setup(n):
        run_r(f"bench_df <- make_data_frame({n}); NULL")
        return (read_global("bench_df"),)
    return setup


def pyreticulate_side(size):
    """Each workload's (setup → run, check) for pyreticulate."""
    import numpy as np
    import pandas as pd
    import pyreticulate as pr

    pr.r(MAKE_DATA_FRAME)
    f = pr.r("function(x) x + 1")
    numpy_scope = pr.conversion(pr.conversion.numpy)

    def in_scope(fn):
        def run(*args):
            with numpy_scope:
                return fn(*args)
        return run

    return {
        "call": (lambda n: (1.0,), lambda x: f(x), lambda v: v == 2.0),
        "eval": (lambda n: (), lambda: pr.r("1 + 1"), lambda v: v == 2.0),
        "df_to_pandas": (r_setup(pr.r, "bench_df <- make_data_frame({n})"),
                         lambda: pr.get("bench_df"),
                         lambda v: isinstance(v, pd.DataFrame) and len(v) == size("df")),
        "pandas_to_df": (data_frame_setup(pr.r, pr.get), pr.py_to_r,
                         lambda v: pr.r("function(d) nrow(d)")(v) == size("df")),
        "numpy_to_r": (lambda n: (np.random.default_rng(1).random(n),), pr.py_to_r,
                       lambda v: pr.r("function(x) length(x)")(v) == size("vec")),
        "numpy_to_r_scope": (lambda n: (np.random.default_rng(1).random(n),),
                             in_scope(pr.py_to_r),
                             lambda v: pr.r("function(x) if (is.null(dim(x))) length(x) "
                                            "else -1")(v) == size("vec")),
        "r_to_numpy_scope": (r_setup(pr.r, "bench_x <- runif({n})"),
                             lambda: pr.get("bench_x", numpy=True),
                             lambda v: isinstance(v, np.ndarray) and v.size == size("vec")),
    }, {"bridge": f"pyreticulate {pr.__version__}", "R": pr.r("R.version.string"),
        "numpy": np.__version__, "pandas": pd.__version__}, lambda: pr.r(RESET)


def rpy2_side(size):
    """Each workload's (setup → run, check) for rpy2.robjects with pandas2ri + numpy2ri."""
    import numpy as np
    import pandas as pd
    import importlib.metadata
    import rpy2.robjects as ro
    from rpy2.robjects import numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    converter = ro.default_converter + numpy2ri.converter + pandas2ri.converter
    scope = localconverter(converter)
    scope.__enter__()
    py2rpy = ro.conversion.get_conversion().py2rpy
    ro.r(MAKE_DATA_FRAME)
    f = ro.r("function(x) x + 1")

    def first(value):
        return float(np.asarray(value).ravel()[0])

    return {
        "call": (lambda n: (1.0,), lambda x: f(x), lambda v: first(v) == 2.0),
        "eval": (lambda n: (), lambda: ro.r("1 + 1"), lambda v: first(v) == 2.0),
        "df_to_pandas": (r_setup(ro.r, "bench_df <- make_data_frame({n})"),
                         lambda: ro.globalenv["bench_df"],
                         lambda v: isinstance(v, pd.DataFrame) and len(v) == size("df")),
        "pandas_to_df": (data_frame_setup(ro.r, ro.globalenv.__getitem__), py2rpy,
                         lambda v: first(ro.r("function(d) nrow(d)")(v)) == size("df")),
        "numpy_to_r": (lambda n: (np.random.default_rng(1).random(n),), py2rpy,
                       lambda v: first(ro.r("function(x) length(x)")(v)) == size("vec")),
        "numpy_to_r_scope": (lambda n: (np.random.default_rng(1).random(n),), py2rpy,
                             lambda v: first(ro.r("function(x) length(x)")(v)) == size("vec")),
        "r_to_numpy_scope": (r_setup(ro.r, "bench_x <- runif({n})"),
                             lambda: ro.globalenv["bench_x"],
                             lambda v: isinstance(v, np.ndarray) and v.size == size("vec")),
    }, {"bridge": f"rpy2-robjects {importlib.metadata.version('rpy2-robjects')}",
        "R": str(ro.r("R.version.string")[0]),
        "numpy": np.__version__, "pandas": pd.__version__}, lambda: ro.r(RESET)


def worker(side, out, quick, only=None):
    """Time every workload (or those in ``only``) on one side, each from a collected heap;
    write {name: {times, error}} and the versions."""
    sizes = {name: (max(size // 1000, 1) if quick else size)
             for name, _, _, size, _ in WORKLOADS}
    size = {"df": sizes["df_to_pandas"], "vec": sizes["numpy_to_r"]}.__getitem__
    workloads, info, reset_r = (pyreticulate_side if side == "pyreticulate" else rpy2_side)(size)
    results = {}
    for name, _, unit, _, repeats in selected(only):
        args = ()
        gc.collect()
        reset_r()
        setup, run, check = workloads[name]
        repeats = 2 if quick else repeats
        try:
            args = setup(sizes[name]) or ()
            if not check(run(*args)):
                raise AssertionError("the result is not what the workload makes")
            times = []
            per_call = unit == "us"
            batches = 5 if per_call else repeats
            for _ in range(batches):
                count = repeats if per_call else 1
                start = time.perf_counter()
                for _ in range(count):
                    run(*args)
                elapsed = time.perf_counter() - start
                times.append(elapsed / count * (1e6 if per_call else 1e3))
            results[name] = {"times": times, "error": ""}
        except Exception as error:  # reported in the table, the other rows go on
            results[name] = {"times": [], "error": f"{type(error).__name__}: {error}"}
    info["python"] = sys.version.split()[0]
    with open(out, "w", encoding="utf-8") as handle:
        json.dump({"results": results, "info": info}, handle)


def same_r_heap(env):
    """``env`` for one side's process, with R_VSIZE at pyreticulate's vector-heap floor (unless
    set): every side's R then collects as pyreticulate's does, so the rows compare bridges."""
    from pyreticulate.runtime.embedded import MIN_VECTOR_HEAP
    return {"R_VSIZE": MIN_VECTOR_HEAP, **env}


def run_side(side, quick, label, only=None):
    with tempfile.TemporaryDirectory(prefix=f"bench-{side}-") as work:
        out = os.path.join(work, "out.json")
        python = RPY2_PYTHON if side == "rpy2" else sys.executable
        env = same_r_heap({k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
        if side == "pyreticulate":
            env["PYTHONPATH"] = ROOT
        print(f"bench: running the {side} side of the Python rows{label}", file=sys.stderr,
              flush=True)
        command = [python, os.path.abspath(__file__), "--worker", side, out] + (
            ["--quick"] if quick else []) + ([f"--only={','.join(only)}"] if only else [])
        status = subprocess.run(command, cwd=work, env=env).returncode
        if status != 0:
            raise SystemExit(f"bench: the {side} side of the Python rows exited with {status}")
        with open(out, encoding="utf-8") as handle:
            return json.load(handle)


def combine(rounds, sides, only=None):
    rows = []
    for name, label, unit, size, repeats in selected(only):
        row = {"name": name, "label": label, "unit": "us/call" if unit == "us" else unit,
               "size": size, "repeats": repeats, "compare_to": ""}
        for side in sides:
            entries = [r[side]["results"][name] for r in rounds]
            times = [t for e in entries for t in e["times"]]
            errors = [e["error"] for e in entries if e["error"]]
            row[side + "_times"] = times
            row[side + "_error"] = errors[0] if errors else ""
            row[side] = statistics.median(times) if times and not errors else None
        for side in SIDES:
            row.setdefault(side, None)
            row.setdefault(side + "_error", "")
        row["ratio"] = (row["pyreticulate"] / row["rpy2"]
                        if row["pyreticulate"] is not None and row["rpy2"] else None)
        rows.append(row)
    return rows


def fmt(value, ratio=False):
    if value is None:
        return "-"
    if ratio:
        return f"{value:.2f}" if value >= 0.1 else f"{value:.2g}"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 10 else f"{value:.3g}"


def cells(rows):
    header = ("workload (from Python)", "unit", "rpy2", "pyreticulate", "ratio")
    body = [(row["label"], row["unit"].replace("us", "µs"),
             "error" if row["rpy2_error"] else fmt(row["rpy2"]),
             "error" if row["pyreticulate_error"] else fmt(row["pyreticulate"]),
             fmt(row["ratio"], True)) for row in rows]
    return header, body


def text_table(rows):
    header, body = cells(rows)
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(line, widths)))
                     for line in (header, tuple("-" * w for w in widths), *body))


def markdown(rows, infos, chart):
    header, body = cells(rows)
    lines = [header, ("---",) + ("---:",) * (len(header) - 1), *body]
    text = "\n".join("| " + " | ".join(line) + " |" for line in lines) + "\n\n"
    text += "".join(f"- {side} side (Python rows): {info['bridge']}, {info['R']}, Python "
                    f"{info['python']}, numpy {info['numpy']}, pandas {info['pandas']}\n"
                    for side, info in infos.items())
    if chart:
        text += f"\n![pyreticulate time / rpy2 time per workload]({chart})\n"
    return text


def run(out, quick=False, rounds=1, only=None):
    """Both sides, ``rounds`` times alternately, all workloads or those in ``only``; writes python-*.{csv,json,md,png} to
    ``out``, prints the table; returns (rows, markdown with the chart's file name)."""
    selected(only)  # an unknown name stops here, before any side runs
    sides = list(SIDES)
    if not os.access(RPY2_PYTHON, os.X_OK):
        print(f"bench: {RPY2_PYTHON} is missing (run bench/setup.sh); the Python rows run "
              "the pyreticulate side only", file=sys.stderr)
        sides.remove("rpy2")
    results = [{side: run_side(side, quick, f" (round {i} of {rounds})" if rounds > 1 else "",
                               only)
                for side in sides} for i in range(1, rounds + 1)]
    rows = combine(results, sides, only)
    infos = {side: results[0][side]["info"] for side in sides}
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "python-results.csv"), "w", newline="",
              encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows({k: ("NA" if v is None else v) for k, v in row.items()} for row in rows)
    with open(os.path.join(out, "python-results.json"), "w", encoding="utf-8") as handle:
        json.dump({"sides": infos, "quick": quick, "rounds": rounds, "workloads": rows},
                  handle, indent=2)
        handle.write("\n")
    chart = None
    if any(row["ratio"] is not None for row in rows):
        chart = os.path.join(out, "python-ratios.png")
        subprocess.run(["Rscript", os.path.join(BENCH, "chart.R"),
                        os.path.join(out, "python-results.csv"), chart, "rpy2"], check=True)
    print(text_table(rows))
    with open(os.path.join(out, "python-table.md"), "w", encoding="utf-8") as handle:
        handle.write(markdown(rows, infos, chart and os.path.basename(chart)))
    return rows, infos, chart


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", help="comma-separated workload names (WORKLOADS)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--out")
    parser.add_argument("--worker", nargs=2, metavar=("SIDE", "OUT"))
    args = parser.parse_args(argv)
    only = args.only.split(",") if args.only else None
    if args.worker:
        worker(args.worker[0], args.worker[1], args.quick, only)
        return 0
    out = args.out or os.path.join(BENCH, "out" if args.quick else "results")
    rows, _, _ = run(out, args.quick, args.rounds, only)
    failures = [(row["name"], side) for row in rows for side in SIDES if row[side + "_error"]]
    for name, side in failures:
        print(f"bench: {name} failed on the {side} side: "
              f"{next(r for r in rows if r['name'] == name)[side + '_error']}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
