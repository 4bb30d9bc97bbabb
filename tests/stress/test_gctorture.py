"""gctorture: conversions and crossings while R collects garbage at every
allocation (``gctorture(TRUE)``), so an unprotected SEXP is reused at once and
shows up as a wrong value or a crash. R's JIT is off (R's own compiler would
otherwise run under torture and take minutes), and each case runs once before
the torture so lazy loading happens outside it. Few iterations (it is slow), in fresh
processes: one hosted by Python (Python → R), one by an R script (R → Python).
Each case prints ``label: ok`` or what went wrong; the process must not crash."""
import pytest

from helpers.processes import run_code
from helpers.scripts import HELPERS, Labelled

TIMEOUT = 300

PYTHON_HOST = r'''
import datetime, threading, warnings
import numpy as np
import pandas as pd
import pyreticulate as pr

pr.start()
pr.r("suppressPackageStartupMessages(library(pyreticulate))")
pr.r("invisible(compiler::enableJIT(0))")  # else R's compiler runs under torture
torture = pr.r("function(on) invisible(gctorture(on))")
cases = {}


def check(label, fn):
    cases[label] = fn


def run(label, fn):
    try:
        value = fn()
        outcome = "ok" if value is True else f"wrong: {value!r}"[:300]
    except BaseException as exc:
        outcome = f"raised {type(exc).__name__}: {exc}"[:300].replace("\n", " ")
    print(f"{label}: {outcome}", flush=True)


def same_array(a, b):
    mask = np.ma.getmaskarray(a)
    return type(a) is type(b) and a.dtype == b.dtype and a.shape == b.shape and \
        np.array_equal(mask, np.ma.getmaskarray(b)) and \
        np.array_equal(np.ma.getdata(a)[~mask], np.ma.getdata(b)[~mask])


combine = pr.r("function(x, y, ...) list(x, y, x + y, list(...))")
fail = pr.r('function(m) stop("failure: ", m)')
pr.r("to_r_and_back <- function(x) py_to_r(r_to_py(x))")
nested = {"a": [1, 2, None], "b": "x\u00e9\u4e2d", "c": [True, None], "d": {"e": 1.5, "f": [1 + 2j, 3j]},
          "g": None, "h": ["s", None, ""], "i": 2**40}
masked = np.ma.masked_array(np.arange(6, dtype=np.int32).reshape(2, 3),
                            mask=[[0, 1, 0], [0, 0, 1]])
frame = pd.DataFrame({"i": np.array([1, 2, 3], dtype=np.int32), "n": pd.array([1, None, 3], dtype="Int32"),
                      "d": [0.5, np.nan, -1.0], "s": pd.Series(["a", None, "c"], dtype=object),
                      "c": pd.Categorical(["u", "v", "u"]), "b": [True, False, True]})
strings = [f"s{i}\u00e9" if i % 7 else None for i in range(2000)]

check("r_function_call", lambda: combine(2, 3.5, z="k") == [2, 3.5, 5.5, {"z": "k"}])
check("nested_values_both_ways", lambda: pr.r_to_py(pr.py_to_r(nested)) == nested)
for dtype in ("float64", "int32", "bool", "complex128", "uint8", "float32"):
    array = (np.arange(12) % 3).astype(dtype).reshape(3, 4)
    expected = array.astype({"uint8": "int32", "float32": "float64"}.get(dtype, dtype))
    check(f"array_{dtype}", lambda array=array, expected=expected:
          same_array(pr.r_to_py(pr.py_to_r(array)), expected))
check("string_array", lambda: list(pr.r_to_py(pr.py_to_r(np.array(["a", "b\u00e9"])))) == ["a", "b\u00e9"])
check("masked_array", lambda: same_array(pr.r_to_py(pr.py_to_r(masked)), masked))
check("data_frame", lambda: pr.r_to_py(pr.py_to_r(frame)).equals(frame))
check("long_string_list", lambda: pr.r_to_py(pr.py_to_r(strings)) == strings)
check("r_values_to_python", lambda: pr.r(
    'list(f = factor(c("b", NA, "a")), d = as.Date("2020-02-29"), '
    't = .POSIXct(0, tz = "UTC"), v = c(1L, NA), s = c("x", NA))')["d"] == datetime.date(2020, 2, 29))
check("r_round_trip_in_r", lambda: pr.r(
    'x <- list(a = factor(c("b", NA, "a")), d = as.Date(c("2020-02-29", NA)), '
    'm = matrix(c(1L, NA, 3L, 4L), 2), df = data.frame(a = 1:2, b = c("x", NA)), r = as.raw(1:3)); '
    'identical(to_r_and_back(x), x)'))


def r_error():
    try:
        fail("boom")
    except pr.RError as exc:
        return exc.r_message == "failure: boom"
    return "no error"
check("r_error_to_python", r_error)


def python_callable_from_r():
    pr.assign("py_square", lambda x: x * x)
    value = pr.r("sapply(1:15, function(i) py_square(i))")
    return value == [i * i for i in range(1, 16)] or value
check("python_callable_from_r", python_callable_from_r)


def python_error_through_r():
    def raising(x):
        raise ValueError(f"bad {x}")
    pr.assign("py_raising", raising)
    try:
        pr.r("py_raising(3)")
    except pr.RError as exc:
        return "bad 3" in str(exc)
    except ValueError as exc:
        return "bad 3" in str(exc)
    return "no error"
check("python_error_through_r", python_error_through_r)


def handles_released():
    held = [pr.r("runif(2)", convert=False) for _ in range(50)]
    values = [len(pr.r_to_py(h)) for h in held]
    del held
    return values == [2] * 50
check("handles_released", handles_released)


def warning_crosses():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        value = pr.r('{ warning("careful"); 5L }')
    return value == 5 and any("careful" in str(w.message) for w in seen)
check("warning_crosses", warning_crosses)


def worker_thread():
    box = {}
    thread = threading.Thread(target=lambda: box.setdefault("v", combine(1, 2)))
    thread.start()
    thread.join(120)
    return box.get("v") == [1, 2, 3, []]
check("worker_thread", worker_thread)

# a first pass without torture: lazy loads and first-use set-up happen outside it
for fn in cases.values():
    try:
        fn()
    except BaseException:
        pass
torture(True)
for label, fn in cases.items():
    run(label, fn)
torture(False)
run("usable_after", lambda: pr.r("sum(1:10)") == 55 and pr.r('py_eval("6 * 7")') == 42)
print("done: yes", flush=True)
'''

R_HOST = r'''
library(pyreticulate)
invisible(compiler::enableJIT(0))  # else R's compiler runs under torture
np <- import("numpy", convert = FALSE)
py_run_string("
def call_r(f, x):
    return f(x) + 1
def raise_value(x):
    raise ValueError('bad ' + str(x))
def gen(n):
    for i in range(n):
        yield i * 2
class Counter:
    def __init__(self, start):
        self.n = start
    def add(self, k=1):
        self.n += k
        return self.n
")
round_trip <- function(x) identical(py_to_r(r_to_py(x)), x)
values <- list(
  lgl = c(TRUE, NA, FALSE), int = c(1L, NA, -5L), dbl = c(1.5, NA, NaN, Inf, -0),
  cplx = c(1+2i, NA), chr = c("a", NA, "\u00e9\u4e2d", ""), raw = as.raw(c(0, 255)),
  fct = factor(c("b", NA, "a"), levels = c("a", "b", "z")), ord = factor(c("lo", "hi"), ordered = TRUE),
  date = as.Date(c("2020-02-29", NA)), time = .POSIXct(c(0, NA, 1.5e9), tz = "Europe/Paris"),
  mat = matrix(c(1L, NA, 3L, 4L, 5L, 6L), 2), arr = array(as.double(1:24), c(2, 3, 4)),
  df = data.frame(a = 1:3, b = c("x", NA, "z"), c = c(0.5, NA, 2), stringsAsFactors = FALSE),
  lst = list(a = 1L, b = list(c = "x", d = c(1.5, 2)), e = NULL),
  long = sprintf("s%d", 1:3000))
cases <- list()
for (name in names(values)) local({
  value <- values[[name]]
  cases[[paste0("round_trip_", name)]] <<- function() round_trip(value)
})
cases$py_eval_dict <- function() identical(py_eval("{'a': 1, 'b': [1.5, 2.5], 'c': 'x'}"),
                                           list(a = 1L, b = c(1.5, 2.5), c = "x"))
cases$numpy_array <- function() identical(py_to_r(np$arange(6L, dtype = "int32")$reshape(2L, 3L)),
                                          matrix(c(0L, 3L, 1L, 4L, 2L, 5L), 2))
cases$math <- function() import("math")$sqrt(16) == 4
cases$python_calls_r <- function() py$call_r(function(x) x * 2, 20) == 41
cases$python_calls_r_many <- function()
  identical(vapply(1:10, function(i) py$call_r(function(x) x - 1L, i), numeric(1)), as.double(1:10))
cases$python_error_class <- function() {
  e <- tryCatch(py$raise_value(7), error = function(e) e)
  inherits(e, "python.builtin.ValueError") && grepl("bad 7", conditionMessage(e))
}
cases$py_last_error <- function() {
  try(py$raise_value(8), silent = TRUE)
  py_last_error()$type == "ValueError"
}
cases$r_error_through_python <- function() {
  e <- tryCatch(py$call_r(function(x) stop(structure(class = c("myError", "error", "condition"),
                                                     list(message = "mine", call = NULL))), 1),
                error = function(e) e)
  inherits(e, "myError") && conditionMessage(e) == "mine"
}
cases$method_calls <- function() {
  counter <- py$Counter(10L)
  counter$add() == 11L && counter$add(k = 5L) == 16L && py_get_attr(counter, "n") == 16L
}
cases$iterate_generator <- function() identical(unlist(iterate(py$gen(6L))), 2L * 0:5)
cases$proxies_collected <- function() {
  for (i in 1:30) p <- r_to_py(list(i, "x"))
  rm(p)
  invisible(gc())
  TRUE
}
cases$dict_helpers <- function() identical(py_to_r(dict(a = 1L, b = "x")), list(a = 1L, b = "x"))
# a first pass without torture: lazy loads and first-use set-up happen outside it
for (name in names(cases)) try(cases[[name]](), silent = TRUE)
invisible(gctorture(TRUE))
for (name in names(cases)) check(name, cases[[name]]())
invisible(gctorture(FALSE))
check("usable_after", py_eval("6 * 7") + sum(1:10))
cat("done: yes\n")
'''

PYTHON_CASES = ["r_function_call", "nested_values_both_ways"] + \
    [f"array_{t}" for t in ("float64", "int32", "bool", "complex128", "uint8", "float32")] + \
    ["string_array", "masked_array", "data_frame", "long_string_list", "r_values_to_python",
     "r_round_trip_in_r", "r_error_to_python", "python_callable_from_r", "python_error_through_r",
     "handles_released", "warning_crosses", "worker_thread", "usable_after"]

R_CASES = [f"round_trip_{n}" for n in ("lgl", "int", "dbl", "cplx", "chr", "raw", "fct", "ord", "date",
                                          "time", "mat", "arr", "df", "lst", "long")] + \
    ["py_eval_dict", "numpy_array", "math", "python_calls_r", "python_calls_r_many",
     "python_error_class", "py_last_error", "r_error_through_python", "method_calls",
     "iterate_generator", "proxies_collected", "dict_helpers"]


@pytest.fixture(scope="module")
def python_host(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("gctorture_py"), PYTHON_HOST, timeout=TIMEOUT))


@pytest.fixture(scope="module")
def r_host(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("gctorture_r"), HELPERS + R_HOST,
                             r_script=True, timeout=TIMEOUT))


@pytest.mark.parametrize("label", PYTHON_CASES)
def test_python_host_under_gctorture(python_host, label):
    assert python_host[label] == "ok"


def test_python_host_ends_cleanly(python_host):
    assert python_host["done"] == "yes"
    assert python_host.proc.returncode == 0, python_host.proc.stderr[-3000:]


@pytest.mark.parametrize("label", R_CASES)
def test_r_host_under_gctorture(r_host, label):
    assert r_host[label] == "TRUE"


def test_r_host_usable_and_ends_cleanly(r_host):
    assert r_host["usable_after"] == "97"
    assert r_host["done"] == "yes"
    assert r_host.proc.returncode == 0, r_host.proc.stderr[-3000:]
