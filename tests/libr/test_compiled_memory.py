"""The compiled module leaks nothing: 10^6 crossings each way (from R: calls with number and
text arguments and ``$``, the fast path's cases) and 10^5 proxies each way leave the resident
memory of a fresh process flat after a warm-up (a bounded loop in a subprocess; only with
the compiled module, which this checks)."""
import json
import os
import subprocess
import sys

import pytest

from pyreticulate.libr import capi

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROUNDS = 5
GROWTH_LIMIT_MB = 24

LOOPS = r'''
import gc, json, os, sys
import pyreticulate as pr

def rss_mb():
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

pr.r("suppressPackageStartupMessages(library(pyreticulate))")
pr.r('identity_py <- py_eval("lambda x: x"); identity_r <- function(x) x; '
     'new_object <- import_builtins()$object; math <- import("math")')
identity_r = pr.r("identity_r")
crossings, proxies = int(sys.argv[1]), int(sys.argv[2])
samples = []
for round_ in range(int(sys.argv[3]) + 1):
    pr.r(f"for (i in seq_len({crossings})) identity_py(i)")
    pr.r(f"for (i in seq_len({crossings})) identity_py('text')")
    pr.r(f"for (i in seq_len({crossings})) math$pi")
    for i in range(crossings):
        identity_r(i)
    pr.r(f"local({{ kept <- lapply(seq_len({proxies}), function(i) new_object()) }})")
    kept = [pr.r("new.env()") for _ in range(proxies)]
    del kept
    pr.r("invisible(gc())")
    gc.collect()
    samples.append(rss_mb())
from pyreticulate.libr import capi
print(json.dumps({"mode": capi.mode(), "rss": samples}))
'''


@pytest.mark.skipif(capi.PURE_PYTHON_REASON is not None, reason="the compiled module is not in use")
def test_million_crossings_and_proxies_each_way_leave_memory_flat():
    env = dict(os.environ, PYTHONPATH=ROOT)
    done = subprocess.run(
        [sys.executable, "-c", LOOPS, str(10**6 // ROUNDS), str(10**5 // ROUNDS), str(ROUNDS)],
        capture_output=True, text=True, env=env, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["mode"].startswith("compiled")
    warm, last = report["rss"][1], report["rss"][-1]
    assert last - warm <= GROWTH_LIMIT_MB, report["rss"]
