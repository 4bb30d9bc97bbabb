"""memory: loops of 10^5 cycles (2·10^4 for the costlier cycles) that make and
drop proxies and convert values, both ways (Python loops calling R, R loops
calling Python). After each loop
both collectors are settled; the resident set may grow by at most BOUND over
the level after a warm-up, and the live handle counts come back to where they
were (nothing pinned). Large values (megabytes each) get fewer cycles and a
bound in proportion."""
import gc

import numpy as np
import pandas as pd
import psutil
import pytest

import pyreticulate as pr
from helpers import settle

CYCLES = 100_000
SHORT = 20_000
WARM_UP = 5_000
BOUND = 64 * 2**20
BIG = 100
BIG_BOUND = 400 * 2**20
PROCESS = psutil.Process()


def rss():
    return PROCESS.memory_info().rss


def bounded(cycle, cycles=CYCLES, warm_up=WARM_UP, bound=BOUND):
    """Run ``cycle(n)`` (n cycles) after a warm-up; check the growth and the handles."""
    cycle(warm_up)
    base = settle()
    before = rss()
    cycle(cycles)
    after_counts = settle()
    growth = rss() - before
    assert growth < bound, f"resident set grew by {growth / 2**20:.1f} MB over {cycles} cycles"
    assert after_counts == base, f"live handles {after_counts}, before {base}"


# --- Python → R: Python loops -------------------------------------------------------------

def test_r_objects_made_and_dropped_from_python():
    make = pr.r("function(i) list(i, 'x')")

    def cycle(n):
        for i in range(n):
            value = make(i)
            assert value == [i, "x"]
    bounded(cycle)


def test_unconverted_r_objects_held_and_dropped_from_python():
    def cycle(n):
        for i in range(n // 100):
            held = [pr.py_to_r(i) for _ in range(100)]
            del held
    bounded(cycle)


@pytest.mark.parametrize("value,cycles", [
    ([1, 2, 3], CYCLES), ("\u00e9t\u00e9", CYCLES), ({"a": 1.5, "b": ["x", None]}, SHORT),
    (np.arange(6.0).reshape(2, 3), SHORT), (np.array([True, False]), SHORT),
], ids=["int-list", "str", "dict", "float-array", "bool-array"])
def test_python_values_converted_to_r_and_back(value, cycles):
    def cycle(n):
        for _ in range(n):
            back = pr.r_to_py(pr.py_to_r(value))
        if isinstance(value, np.ndarray):
            assert np.array_equal(back, value) and back.dtype == value.dtype
        else:
            assert back == value
    bounded(cycle, cycles=cycles)


def test_python_objects_handed_to_r_and_dropped():
    keep = pr.r("function(x) { x; NULL }")

    class Thing:
        pass

    def cycle(n):
        for _ in range(n):
            keep(Thing())
    bounded(cycle, cycles=SHORT)


def test_data_frames_converted_both_ways():
    frame = pd.DataFrame({"i": np.arange(5, dtype=np.int32), "s": pd.Series(list("abcde"), dtype=object),
                          "d": np.linspace(0, 1, 5)})

    def cycle(n):
        for _ in range(n):
            back = pr.r_to_py(pr.py_to_r(frame))
        pd.testing.assert_frame_equal(back, frame, check_column_type=False)
    bounded(cycle, cycles=SHORT // 4, warm_up=WARM_UP // 10)


def test_large_arrays_sent_to_r_and_dropped():
    """100 arrays of 8 MB: the bridge asks R to collect as the bytes handed over grow."""
    array = np.random.default_rng(1).random(2**20)
    total = pr.r("function(x) sum(x)")

    def cycle(n):
        for _ in range(n):
            assert total(array) == pytest.approx(array.sum())
    bounded(cycle, cycles=BIG, warm_up=10, bound=BIG_BOUND)


def test_large_r_vectors_viewed_from_python_and_dropped():
    make = pr.r("function() array(runif(2^20))")

    def cycle(n):
        for _ in range(n):
            assert make().shape == (2**20,)
            gc.collect(0)
    bounded(cycle, cycles=BIG, warm_up=10, bound=BIG_BOUND)


# --- R → Python: loops in R ----------------------------------------------------------------

R_LOOPS = {
    "r_to_py_and_back": (CYCLES, "x <- list(a = 1L, s = 'abc'); "
                         "for (i in seq_len(n)) y <- py_to_r(r_to_py(x)); identical(y, x)"),
    "python_calls_from_r": (CYCLES, "f <- py_eval('lambda x: x + 1'); s <- 0; "
                            "for (i in seq_len(n)) s <- s + f(i); s == n * (n + 1) / 2 + n"),
    "attributes_from_r": (CYCLES, "m <- import('math'); s <- 0; for (i in seq_len(n)) s <- s + m$pi; "
                          "abs(s - n * pi) < 1e-6 * n"),
    "r_functions_called_by_python": (CYCLES, "py_run_string('def call_n(f, n):\\n    for i in range(n):\\n"
                                     "        v = f(i)\\n    return v'); "
                                     "py$call_n(function(i) i * 2L, as.integer(n)) == 2L * (n - 1L)"),
    "python_objects_made_from_r": (SHORT, "b <- import_builtins(); for (i in seq_len(n)) o <- b$object(); "
                                   "inherits(o, 'python.builtin.object')"),
    "arrays_from_r": (SHORT, "x <- matrix(as.double(1:6), 2); "
                      "for (i in seq_len(n)) y <- py_to_r(r_to_py(x)); identical(y, x)"),
    "strings_from_r": (SHORT, "x <- c('\u00e9', NA, 'abc', strrep('z', 50)); "
                       "for (i in seq_len(n)) y <- py_to_r(r_to_py(x)); identical(y, x)"),
    "dicts_from_r": (SHORT, "for (i in seq_len(n)) d <- dict(a = i, b = 'x'); "
                     "identical(py_to_r(d), list(a = n, b = 'x'))"),
}


@pytest.mark.parametrize("name", sorted(R_LOOPS))
def test_r_loops(name):
    cycles, body = R_LOOPS[name]
    loop = pr.r(f"function(n) {{ {body} }}")

    def cycle(n):
        assert loop(n) is True
    bounded(cycle, cycles=cycles)


def test_large_values_from_r_to_python_and_dropped():
    loop = pr.r("function(n) { for (i in seq_len(n)) { p <- r_to_py(runif(2^20)); rm(p) }; TRUE }")
    bounded(lambda n: loop(n), cycles=BIG, warm_up=10, bound=BIG_BOUND)


def test_large_python_arrays_made_from_r_and_dropped():
    loop = pr.r("function(n) { np <- import('numpy', convert = FALSE); "
                "for (i in seq_len(n)) a <- np$ones(1048576L); TRUE }")
    bounded(lambda n: loop(n), cycles=BIG, warm_up=10, bound=BIG_BOUND)
