"""Conversions are vectorised buffer copies: large data crosses without per-element loops.

The bounds are about ten times the measured cost, so only an element-by-element
loop (about a microsecond per value) makes these tests fail.
"""
import time

import numpy as np

import pyreticulate as pr
from conftest import r_true

ROWS = 10**6


def elapsed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def test_large_data_frame_crosses_both_ways_quickly():
    pr.r(f"big <- data.frame(i = sample(c(1:9, NA), {ROWS}, TRUE), d = rnorm({ROWS}), "
         f"day = Sys.Date() + seq_len({ROWS}), t = Sys.time() + seq_len({ROWS}), "
         f"f = factor(sample(letters, {ROWS}, TRUE)), l = rnorm({ROWS}) > 0)")
    seconds_out, frame = elapsed(lambda: pr.globalenv["big"])
    seconds_back, _ = elapsed(lambda: pr.assign("big2", frame))
    assert frame.shape == (ROWS, 6)
    r_true("identical(big, big2)")
    pr.r("rm(big, big2)")
    assert seconds_out + seconds_back < 2.5, (seconds_out, seconds_back)


def test_large_numeric_vectors_and_arrays_cross_quickly():
    pr.r(f"v <- rnorm({ROWS}); w <- sample(c(1L, NA), {ROWS}, TRUE)")
    seconds, (v, w) = elapsed(lambda: (pr.globalenv["v"], pr.globalenv["w"]))
    array = np.random.default_rng(1).random((1000, ROWS // 1000))
    seconds_back, _ = elapsed(lambda: pr.assign("a", array))
    assert len(v) == len(w) == ROWS
    r_true(f"identical(dim(a), c(1000L, {ROWS // 1000}L))")
    pr.r("rm(v, w, a)")
    assert seconds + seconds_back < 1.0, (seconds, seconds_back)
