"""Where the time of the two hot crossings goes, on both sides.

    .venv/bin/python bench/profile.py [--calls N] [--out bench/results/profile.md]

* R calls Python: an R loop calling ``lambda x: x`` (the ``call`` workload);
* Python calls R: a Python loop calling ``function(x) x`` (the ``callback`` workload),
  with the compiled call (``pyr_r_call``) and with it closed;
* a ``PyClass`` method called from Python as Keras calls a hook (``keras_fit_callback``):
  ``on_train_batch_end(self, batch, logs)``, whole and in pieces (``self`` to its proxy,
  the ``logs`` dict to an R list, the R function called with the three).
* the ``proxies`` and ``matrix_to_numpy`` workloads in pieces: a proxy made (convert =
  FALSE, in C with the fast path) and finalized by R's GC, ``r_to_py()`` of a dim-only
  double matrix whole, its R wrappers, and its view's Python part.

Each is profiled with pyinstrument on the Python side and Rprof on the R side,
and the pieces are measured directly: one libR call through cffi, one ``R_tryEval``
(bare and guarded as Python's calls of R functions are), a ``.External`` into C that
does not enter Python, R's loop and closure call alone, the crossings whole with the
compiled fast path (``_fast.c``'s crossing block) and with it closed (a user rule
registered, so every crossing takes the Python path), whose Python side is profiled too.
"""
import argparse
import contextlib
import os
import tempfile
import time

from pyinstrument import Profiler

import pyreticulate as pr
from pyreticulate.convert.registry import REGISTRY
from pyreticulate.convert.rules import arrays, callables
from pyreticulate.libr import capi
from pyreticulate.libr.protect import protected
from pyreticulate.runtime import evaluation


def per_call(fn, n):
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n * 1e6


def time_of(run, n):
    """Microseconds per call of ``run``, which makes ``n`` calls."""
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) / n * 1e6


def r_loop(code, n):
    """Microseconds per iteration of an R loop running ``code``."""
    start = time.perf_counter()
    pr.r(f"for (i in seq_len({n})) {code}")
    return (time.perf_counter() - start) / n * 1e6


def floors(n):
    """Microseconds of the pieces every crossing is made of, and of the crossings whole
    with the compiled fast path and with it closed."""
    lib = capi.lib
    value = pr.py_to_r(1.5)
    error = capi.ffi.new("int *")
    symbol = pr.r("quote(identity(1))", convert=False)
    guarded = pr.r("quote(pyreticulate:::.pyr_guarded(identity(1)))", convert=False)
    compiled = pr.r("as.call(list(pyreticulate:::.pyr_guarded_compiled, quote(identity(1))))",
                    convert=False)
    pr.r('floor_callback <- py_eval("lambda: None"); floor_r <- function(x) x; '
         'floor_np <- import("numpy"); floor_call <- quote(f(1))')
    pieces = {
        "one libR call through cffi (TYPEOF)": per_call(lambda: lib.TYPEOF(value.sexp), n),
        "R_tryEval of identity(1)": per_call(
            lambda: lib.R_tryEval(symbol.sexp, lib.R_GlobalEnv, error), n),
        "R_tryEval of .pyr_guarded(identity(1)) (how Python calls R functions)": per_call(
            lambda: lib.R_tryEval(guarded.sexp, lib.R_GlobalEnv, error), n),
        "R_tryEval of .pyr_guarded_compiled(identity(1)) (the compiled call's guard)":
            per_call(lambda: lib.R_tryEval(compiled.sexp, lib.R_GlobalEnv, error), n),
        "R loop calling an R closure (the R-side floor of a call)": r_loop("floor_r(i)", n),
    }
    pr.r("floor_new <- import_builtins(convert = FALSE)$object; "
         "floor_matrix <- matrix(runif(1e4), nrow = 100)")
    check = callables.plain_call_check()
    if check is not None:
        pr.assign("floor_native", check)
        pieces[".External into C without Python (the closure's plain-call check)"] = r_loop(
            ".External(floor_native, floor_call, c('', 'x'))", n)
        pr.r("floor_generic <- function(x, convert = FALSE) UseMethod('floor_generic'); "
             "floor_generic.default <- function(x, convert = FALSE) floor_py('r_to_py', x, "
             "convert); floor_py <- function(name, ...) { result <- .External(floor_native, "
             "floor_call, c('', 'x')); if (inherits(result, '.pyr_signal')) NULL else result }")
        pieces["R wrappers of r_to_py() (generic, default method, .py) around that .External"] = \
            r_loop("floor_generic(floor_matrix)", n)
    matrix = pr.r("floor_matrix", convert=False)
    pieces["arrays.plain_array_view of a 100 x 100 matrix (the view's Python part)"] = per_call(
        lambda: arrays.plain_array_view(capi.address(matrix.sexp)), n)
    pieces[f"R's gc() finalizing a proxy (per proxy of {n}; in C either way)"] = proxy_gc(n)
    for label, closed in (("", False), (", fast path closed (a user rule)", True)):
        with fast_path_closed(closed):
            pieces[f"R calls a Python callable without arguments{label}"] = r_loop(
                "floor_callback()", n)
            pieces[f"R calls Python: identity call{label}"] = r_loop("identity_py(i)", n)
            pieces[f"R reads np$pi{label}"] = r_loop("floor_np$pi", n)
            pieces[f"R makes a proxy: object() with convert = FALSE{label}"] = r_loop(
                "floor_new()", n)
            pieces[f"r_to_py() of a dim-only double matrix{label}"] = r_loop(
                "r_to_py(floor_matrix)", n)
    return pieces


def method_pieces(n):
    """Microseconds of a PyClass method called as Keras calls a hook, whole and in pieces."""
    pr.r('floor_state <- new.env(); floor_state$n <- 0L; '
         'FloorHook <- PyClass("FloorHook", list(on_train_batch_end = '
         'function(self, batch, logs = NULL) { floor_state$n <- floor_state$n + 1L; NULL }))')
    hook = pr.r("FloorHook()")
    logs = {"loss": 1.0}
    r_method = pr.r("function(self, batch, logs = NULL) NULL")
    proxy = pr.r("FloorHook()", convert=False)
    self_address = evaluation.SexpAddress(capi.ffi.cast("uintptr_t", proxy.sexp))

    def wrap_self():
        with protected() as keep:
            keep(REGISTRY.wrap(hook, True))

    def logs_to_r():
        with protected() as keep:
            keep(REGISTRY.to_r(logs))

    pieces = {
        "PyClass method on_train_batch_end(self, batch, logs) from Python (a Keras hook)":
            per_call(lambda: hook.on_train_batch_end(1, logs), n),
        "  self to its proxy (REGISTRY.wrap)": per_call(wrap_self, n),
        "  logs dict to an R list by the registry (the compiled call makes it in C)":
            per_call(logs_to_r, n),
        "  the R function called with (proxy, batch, logs), compiled call": per_call(
            lambda: r_method(self_address, 1, logs), n),
    }
    with fast_path_closed():
        pieces["PyClass method as a Keras hook, fast path closed (a user rule)"] = per_call(
            lambda: hook.on_train_batch_end(1, logs), n)
    return pieces


def proxy_gc(n):
    """Microseconds per proxy of the ``gc()`` that finalizes ``n`` dropped proxies, less
    that of a ``gc()`` with none to finalize."""
    def gc_time():
        start = time.perf_counter()
        pr.r("invisible(gc())")
        return time.perf_counter() - start
    pr.r(f"floor_kept <- lapply(seq_len({n}), function(i) floor_new()); invisible(gc())")
    empty = gc_time()
    pr.r("rm(floor_kept)")
    return (gc_time() - empty) / n * 1e6


@contextlib.contextmanager
def fast_path_closed(closed=True):
    """A user rule registered for the block (when ``closed``): it closes the compiled
    fast path, so crossings take the Python path."""
    registration = pr.register_r_to_py(lambda robj: None, sexptypes=["raw"]) if closed else None
    try:
        yield
    finally:
        if registration is not None:
            registration.undo()


def profile(label, run):
    profiler = Profiler(interval=0.0002)
    profiler.start()
    run()
    profiler.stop()
    return f"### {label}: Python side (pyinstrument)\n\n```\n" + profiler.output_text(
        unicode=False, color=False, show_all=False) + "```\n"


def rprof(label, run, n):
    path = tempfile.mktemp(suffix=".Rprof")
    pr.r(f'Rprof("{path}", interval = 0.001)')
    try:
        run()
    finally:
        pr.r("Rprof(NULL)")
    table = pr.r(f'''local({{
        s <- summaryRprof("{path}")$by.self
        s <- head(s[order(-s$self.time), ], 12)
        paste(sprintf("%-28s %6.1f%%", rownames(s), s$self.pct), collapse = "\\n")
    }})''')
    os.unlink(path)
    return f"### {label}: R side (Rprof, self time)\n\n```\n{table}\n```\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results",
                                                      "profile.md"))
    options = parser.parse_args(argv)
    n = options.calls
    pr.r("suppressPackageStartupMessages(library(pyreticulate))")
    pr.r('identity_py <- py_eval("lambda x: x"); identity_r <- function(x) x')
    callback = pr.r("identity_r")

    def r_calls_python():
        pr.r(f"for (i in seq_len({n})) identity_py(i)")

    def python_calls_r():
        for i in range(n):
            callback(i)

    r_calls_python()
    python_calls_r()
    sections = ["# Where the time goes\n",
                f"Measured by `bench/profile.py` over {n} calls of each kind; libR through "
                f"{capi.mode()}. The libR call includes the Python loop and lambda around "
                "it; the \"R loop\" rows include R's `for`, so a crossing's own cost is its "
                "row minus the R closure's. With the fast path the Python side of \"R calls "
                "Python\" runs in C (`evaluate`'s self time below: R and `_fast.c`).\n",
                "| piece | µs |\n| --- | ---: |"]
    sections += [f"| {name} | {value:.2f} |" for name, value in floors(n).items()]
    sections += [f"| {name} | {value:.2f} |" for name, value in method_pieces(n).items()]
    sections.append(f"| Python calls R: identity call (whole) | {time_of(python_calls_r, n):.2f} |")
    with pr.register_r_to_py(lambda robj: None, sexptypes=["raw"]):
        closed = time_of(python_calls_r, n)
    sections.append(f"| Python calls R: identity call, fast path closed (a user rule) | "
                    f"{closed:.2f} |\n")
    sections.append(profile("R calls Python", r_calls_python))
    if capi.fast is not None:
        with fast_path_closed():
            sections.append(profile("R calls Python, fast path closed (a user rule)",
                                    r_calls_python))
    sections.append(rprof("R calls Python", r_calls_python, n))
    sections.append(profile("Python calls R", python_calls_r))
    sections.append(rprof("Python calls R", python_calls_r, n))
    report = "\n".join(sections)
    os.makedirs(os.path.dirname(options.out), exist_ok=True)
    with open(options.out, "w", encoding="utf-8") as handle:
        handle.write(report)
    print(report)


if __name__ == "__main__":
    main()
