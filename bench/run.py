"""Run the benchmark workloads through reticulate and through pyreticulate on
this machine, print both with their ratio, and write the results (CSV, JSON,
Markdown table, PNG chart of the ratios).

    python bench/run.py [--quick] [--only NAME,NAME] [--rounds N] [--out DIR]
                        [--readme README.md]

The reticulate side needs bench/.venv-reticulate (bench/setup.sh); without it
only the pyreticulate side runs. With bench/.r-lib-reticulate-src (bench/setup.sh
with BENCH_RETICULATE_SRC) the reticulate built from source runs too, as a third
side ("reticulate_src", its own columns). Then the Python rows run against rpy2
(bench/rpy2_side.py), unless --only picks workloads.
"""
import argparse
import csv
import datetime
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile

import rpy2_side

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
RETICULATE_PYTHON = os.path.join(BENCH, ".venv-reticulate", "bin", "python")
SIDES = ("reticulate", "pyreticulate", "reticulate_src")
RETICULATE_SRC_LIB = os.path.join(BENCH, ".r-lib-reticulate-src")
# How long one side may run before it is stopped as hung (reticulate can hang when a
# TensorFlow thread calls an R function): its finished rows are kept, the others marked.
SIDE_LIMIT = float(os.environ.get("BENCH_SIDE_LIMIT", "900"))
README_START = "<!-- bench:start -->"
README_END = "<!-- bench:end -->"
COLUMNS = ("name", "label", "unit", "size", "repeats", "reticulate", "pyreticulate", "ratio",
           "numpy_copy", "pyreticulate_vs_copy", "compare_to", "reticulate_error",
           "pyreticulate_error", "reticulate_src", "ratio_src", "reticulate_src_error")


def side_command(side, prefix, options):
    """The command and environment that run harness.R for one side."""
    harness = [os.path.join(BENCH, "harness.R"), f"--side={side}", f"--bench-dir={BENCH}",
               f"--out={prefix}", *options]
    env = rpy2_side.same_r_heap({key: value for key, value in os.environ.items()
                                 if not key.startswith("RETICULATE_") and key != "PYTHONPATH"})
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    if side == "reticulate_src":
        env["R_LIBS"] = RETICULATE_SRC_LIB
        harness[1] = "--side=reticulate"
    if side in ("reticulate", "reticulate_src"):
        return ["Rscript", *harness, f"--python={RETICULATE_PYTHON}"], env
    env["PYTHONPATH"] = ROOT
    return [sys.executable, "-m", "pyreticulate", "run", *harness], env


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def run_side(side, options, label):
    """Run one side in a fresh process; its rows (by name) and its versions."""
    with tempfile.TemporaryDirectory(prefix=f"bench-{side}-") as work:
        prefix = os.path.join(work, side)
        command, env = side_command(side, prefix, options)
        print(f"bench: running the {side} side{label}", file=sys.stderr, flush=True)
        process = subprocess.Popen(command, cwd=work, env=env, start_new_session=True)
        try:
            status = process.wait(SIDE_LIMIT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            print(f"bench: the {side} side ran past {SIDE_LIMIT:g} s and was stopped (hung); "
                  "its finished rows are kept", file=sys.stderr, flush=True)
            status = 0
        if status != 0:
            raise SystemExit(f"bench: the {side} side exited with status {status}")
        rows = {row["name"]: row for row in read_csv(prefix + ".csv")} \
            if os.path.exists(prefix + ".csv") else {}
        info = {row["key"]: row["value"] for row in read_csv(prefix + "-info.csv")}
    return rows, info


# harness.R's error text for a workload a side cannot run as written ("n/a" in the table)
NOT_HERE = "not here:"
_STOPPED = {"times": "", "error": f"did not finish: the side was stopped after "
                                  f"{SIDE_LIMIT:g} s (it hung)"}


def combine(rounds):
    """One row per workload: each side's times over all rounds and their median,
    the ratio, and the numpy-copy reference."""
    described = max((rows for rows, _ in rounds[0].values()), key=len)   # a stopped side has fewer
    rows = []
    for name, first in described.items():
        row = {key: first.get(key, "") for key in ("name", "label", "unit", "size", "repeats",
                                                    "compare_to")}
        for side in SIDES:
            if side not in rounds[0]:
                row[side], row[side + "_error"], row[side + "_times"] = None, "", []
                continue
            side_rows = [results[side][0].get(name, _STOPPED) for results in rounds
                         if side in results]
            finished = [side_row for side_row in side_rows if side_row is not _STOPPED]
            row[side + "_hung"] = (len(side_rows) - len(finished), len(side_rows))
            times = [float(t) for side_row in finished for t in side_row["times"].split()]
            errors = [side_row["error"] for side_row in finished if side_row["error"]]
            row[side + "_error"] = errors[0] if errors else "" if finished else \
                _STOPPED["error"]
            row[side + "_times"] = times
            row[side] = statistics.median(times) if times and not errors else None
        row["ratio"] = ratio(row["pyreticulate"], row["reticulate"])
        row["ratio_src"] = ratio(row["pyreticulate"], row["reticulate_src"])
        rows.append(row)
    by_name = {row["name"]: row for row in rows}
    for row in rows:
        reference = by_name.get(row["compare_to"])
        row["numpy_copy"] = reference["pyreticulate"] if reference else None
        row["pyreticulate_vs_copy"] = ratio(row["pyreticulate"], row["numpy_copy"])
    return rows


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(value, ratio_=False):
    if value is None:
        return "-"
    if ratio_:
        return f"{value:.2f}" if value >= 0.1 else f"{value:.2g}"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def side_cell(row, side):
    """A side's time, "error", or "hung" when every round had to stop it there; a time
    taken from fewer rounds than ran says in how many the side hung."""
    hung, rounds = row.get(side + "_hung", (0, 0))
    if row[side + "_error"].startswith(NOT_HERE):
        return "n/a"
    if row[side + "_error"]:
        return "hung" if hung == rounds and hung else "error"
    return fmt(row[side]) + (f" (hung in {hung} of {rounds} rounds)" if hung else "")


def table_cells(rows):
    source = any(row["reticulate_src"] is not None or row["reticulate_src_error"]
                 for row in rows)
    header = ("workload", "unit", "reticulate", "pyreticulate", "ratio", "numpy copy",
              "pyreticulate / copy") + (("reticulate (source)", "ratio (source)") if source
                                        else ())
    body = [(row["label"], row["unit"].replace("us", "µs"),
             side_cell(row, "reticulate"), side_cell(row, "pyreticulate"),
             fmt(row["ratio"], True), fmt(row["numpy_copy"]),
             fmt(row["pyreticulate_vs_copy"], True)) + (
                (side_cell(row, "reticulate_src"),
                 fmt(row["ratio_src"], True)) if source else ()) for row in rows]
    return header, body


def text_table(rows):
    header, body = table_cells(rows)
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    lines = [header, tuple("-" * width for width in widths), *body]
    return "\n".join("  ".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                               for i, (cell, width) in enumerate(zip(line, widths)))
                     for line in lines)


def markdown_table(rows):
    header, body = table_cells(rows)
    lines = [header, ("---",) + ("---:",) * (len(header) - 1), *body]
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def machine(load_before):
    """CPU, cores, memory and OS of this machine, and its load before and after the run."""
    cpu = platform.processor() or platform.machine()
    memory = None
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            models = re.findall(r"^model name\s*:\s*(.+)$", handle.read(), re.MULTILINE)
        cpu = models[0] if models else cpu
        with open("/proc/meminfo", encoding="utf-8") as handle:
            kib = int(re.search(r"^MemTotal:\s*(\d+) kB", handle.read(), re.MULTILINE).group(1))
        memory = f"{kib / 1024 ** 2:.1f} GiB"
    except OSError:
        pass
    os_name = platform.system()
    try:
        os_name = platform.freedesktop_os_release()["PRETTY_NAME"]
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "memory": memory,
            "os": f"{os_name}, kernel {platform.release()}",
            "load": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def machine_lines(host, infos):
    lines = [f"- machine: {host['cpu']}, {host['cores']} cores, {host['memory']} memory, "
             f"{host['os']}; measured {host['date']}, load average "
             f"{host['load'][0]:.1f} before and {host['load'][1]:.1f} after"]
    for side, info in infos.items():
        lines.append(f"- {side.replace('_src', ' (source)')} side: {info['bridge']}, {info['R']}, Python {info['python']}, "
                     f"numpy {info['numpy']}, pandas {info['pandas']}, "
                     f"TensorFlow {info['tensorflow']}, Keras {info['keras']}")
    return lines


def markdown(rows, host, infos, chart):
    parts = [markdown_table(rows), "", *machine_lines(host, infos)]
    if chart:
        parts += ["", f"![pyreticulate time / reticulate time per workload]({chart})"]
    return "\n".join(parts) + "\n"


def write_results(out, rows, host, infos, config):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "results.csv"), "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows({key: ("NA" if value is None else value) for key, value in row.items()}
                         for row in rows)
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as handle:
        json.dump({"machine": host, "sides": infos, **config, "workloads": rows},
                  handle, indent=2)
        handle.write("\n")


def draw_chart(out):
    """ratios.png from results.csv, with R's png() and barplot (bench/chart.R)."""
    png = os.path.join(out, "ratios.png")
    subprocess.run(["Rscript", os.path.join(BENCH, "chart.R"),
                    os.path.join(out, "results.csv"), png], check=True)
    return png


def update_readme(path, text):
    """Replace the text between the bench markers of a README."""
    with open(path, encoding="utf-8") as handle:
        readme = handle.read()
    start, end = readme.find(README_START), readme.find(README_END)
    if start < 0 or end < start:
        raise SystemExit(f"bench: {path} has no {README_START} ... {README_END} section")
    readme = readme[:start + len(README_START)] + "\n" + text + readme[end:]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(readme)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes and 2 repeats: checks that everything runs")
    parser.add_argument("--only", help="comma-separated workload names (workloads.R)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="run the sides alternately this many times and pool the runs")
    parser.add_argument("--out", help="results folder (bench/results; bench/out with --quick)")
    parser.add_argument("--readme", help="README whose bench section gets the table")
    args = parser.parse_args(argv)
    if args.out is None:
        args.out = os.path.join(BENCH, "out" if args.quick else "results")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.quick and args.readme:
        parser.error("--readme takes the full run's numbers, not --quick ones")
    return args


def main(argv=None):
    args = parse_args(argv)
    options = (["--quick"] if args.quick else []) + ([f"--only={args.only}"] if args.only else [])
    sides = list(SIDES)
    if not os.access(RETICULATE_PYTHON, os.X_OK):
        print(f"bench: {RETICULATE_PYTHON} is missing (run bench/setup.sh); "
              "running the pyreticulate side only", file=sys.stderr)
        sides.remove("reticulate")
    if "reticulate" not in sides or not os.path.isdir(os.path.join(RETICULATE_SRC_LIB,
                                                                    "reticulate")):
        sides.remove("reticulate_src")
    load_before = os.getloadavg()[0]
    rounds = [{side: run_side(side, options,
                              f" (round {i} of {args.rounds})" if args.rounds > 1 else "")
               for side in sides} for i in range(1, args.rounds + 1)]
    rows = combine(rounds)
    infos = {side: info for side, (_, info) in rounds[0].items()}
    host = machine(load_before)
    write_results(args.out, rows, host, infos, {"quick": args.quick, "rounds": args.rounds})
    chart = None
    if any(row["ratio"] is not None for row in rows):
        chart = draw_chart(args.out)
    print(text_table(rows))
    print()
    print("\n".join(machine_lines(host, infos)))
    # the Python rows against rpy2 (bench/rpy2_side.py), unless --only picks workloads
    python_rows, python_infos, python_chart = (
        rpy2_side.run(args.out, args.quick, args.rounds) if not args.only else ([], {}, None))
    if args.readme:
        folder = os.path.dirname(os.path.abspath(args.readme))
        update_readme(args.readme, markdown(rows, host, infos,
                                            chart and os.path.relpath(chart, folder))
                      + ("\n" + rpy2_side.markdown(python_rows, python_infos, python_chart
                                                   and os.path.relpath(python_chart, folder))
                         if python_rows else ""))
    with open(os.path.join(args.out, "table.md"), "w", encoding="utf-8") as handle:
        handle.write(markdown(rows, host, infos, "ratios.png" if chart else None))
    failures = [(side, row["name"], row[side + "_error"])
                for row in rows for side in sides
                if row[side + "_error"] and not row[side + "_error"].startswith(NOT_HERE)] + [
        (side, row["name"], row[side + "_error"])
        for row in python_rows for side in rpy2_side.SIDES if row[side + "_error"]]
    for side, name, error in failures:
        print(f"bench: {name} failed on the {side} side: {error}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
