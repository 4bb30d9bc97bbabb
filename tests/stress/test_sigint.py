"""sigint: Ctrl-C (SIGINT) delivered at many delays while R evaluates, while R
calls Python, while values are converted and while R starts, both ways: a
process hosted by Python sweeps its contexts, another hosted by an R script
sweeps its own, and start-up is swept in one fresh process per delay.

After every attempt the call either returned its right value or was
interrupted (KeyboardInterrupt in Python, an R interrupt in R), the interrupt
was not lost (it surfaced then or just after), and R and Python are usable with
right values. A crash or hang fails the cases of its process."""
import re

import pytest

from helpers.processes import interrupted, run_code
from helpers.scripts import Labelled

DELAYS = (0.0, 0.001, 0.002, 0.004, 0.007, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3)
SWEEP_TIMEOUT = 300


def label(context, delay):
    return f"{context}@{delay:g}"


# --- a process hosted by Python: Python → R ----------------------------------------------

PYTHON_HOST = r'''
import os, signal, threading, time
import numpy as np
import pyreticulate as pr

pr.start()
pr.r("suppressPackageStartupMessages(library(pyreticulate))")
pid = os.getpid()
pr.r('py_run_string("def stress_ident(x):\n    return x\ndef stress_call(f, n):\n'
     '    return sum(f(i) for i in range(n))")')
sum_calls = pr.r("function(n) { s <- 0; for (i in seq_len(n)) s <- s + py$stress_ident(i); s }")
nested = pr.r("function(n) py$stress_call(function(i) { x <- 0; for (j in 1:200) x <- x + j; x + i }, n)")
numbers = list(range(200000))
frame_codes = np.arange(100000, dtype=np.int32)

CONTEXTS = {
    "r_loop": (lambda: pr.r("x <- 0; for (i in 1:300000) x <- x + i; x"), 300000 * 300001 / 2),
    "r_sleep": (lambda: pr.r("Sys.sleep(0.12); 42"), 42.0),
    "python_from_r": (lambda: sum_calls(400), 400 * 401 / 2),
    "r_from_python_from_r": (lambda: nested(150), 150 * 20100 + 150 * 149 / 2),
    "convert_to_r": (lambda: pr.r_to_py(pr.py_to_r(numbers))[-1], 199999),
    "convert_to_python": (lambda: len(pr.r("as.character(1:300000)")), 300000),
    "array_to_r": (lambda: int(pr.r_to_py(pr.py_to_r(frame_codes)).sum()), int(frame_codes.sum())),
}
DELAYS = %(delays)r


def attempt(action, delay):
    """Run ``action`` with SIGINT sent after ``delay``; (outcome, interrupts seen)."""
    fired = threading.Event()

    def fire():
        os.kill(pid, signal.SIGINT)
        fired.set()
    outcome, seen = "unknown", 0
    try:
        try:
            threading.Timer(delay, fire).start()
            outcome = ("value", action())
        except KeyboardInterrupt:
            seen += 1
            outcome = "interrupted"
        except BaseException as exc:
            outcome = ("raised", f"{type(exc).__name__}: {exc}")
        fired.wait(30)
        time.sleep(0.05)
    except KeyboardInterrupt:
        seen += 1
    return outcome, seen


def usable():
    problems = []
    try:
        if pr.r("sum(1:10)") != 55:
            problems.append("R gave a wrong sum")
        if pr.r('py_eval("6 * 7")') != 42:
            problems.append("Python from R gave a wrong product")
        if pr.r_to_py(pr.py_to_r([1.5, None, "x"])) != [1.5, None, "x"]:
            problems.append("a round trip changed")
    except BaseException as exc:
        problems.append(f"then {type(exc).__name__}: {str(exc)[:200]}")
    return problems


for context, (action, expected) in CONTEXTS.items():
    for delay in DELAYS:
        outcome, seen = attempt(action, delay)
        problems = []
        if isinstance(outcome, tuple) and outcome[0] == "raised":
            problems.append("raised " + outcome[1][:200])
        elif isinstance(outcome, tuple) and outcome[1] != expected:
            problems.append(f"wrong value {outcome[1]!r}")
        if seen == 0:
            problems.append("the interrupt was lost")
        elif seen > 1:
            problems.append(f"{seen} interrupts for one Ctrl-C")
        problems += usable()
        text = "ok" if not problems else "; ".join(problems)
        print(f"{context}@{delay:g}: " + text.replace("\n", " "), flush=True)
print("done: yes", flush=True)
'''

PYTHON_CONTEXTS = ["r_loop", "r_sleep", "python_from_r", "r_from_python_from_r", "convert_to_r",
                   "convert_to_python", "array_to_r"]


@pytest.fixture(scope="module")
def python_host(tmp_path_factory):
    code = PYTHON_HOST % {"delays": DELAYS}
    return Labelled(run_code(tmp_path_factory.mktemp("sigint_py"), code, timeout=SWEEP_TIMEOUT))


@pytest.mark.parametrize("delay", DELAYS)
@pytest.mark.parametrize("context", PYTHON_CONTEXTS)
def test_ctrl_c_in_a_python_hosted_process(python_host, context, delay):
    assert python_host[label(context, delay)] == "ok"


# --- a process hosted by an R script: R → Python ----------------------------------------

R_HOST = r'''
library(pyreticulate)
py_run_string("
import os, signal, threading
fired = [threading.Event()]
def arm(delay):
    fired[0] = threading.Event()
    def fire():
        os.kill(os.getpid(), signal.SIGINT)
        fired[0].set()
    threading.Timer(delay, fire).start()
def settle():
    fired[0].wait(30)
def ident(x):
    return x
def call_r(f):
    return f()
")
contexts <- list(
  python_loop = list(function() py_eval("sum(i for i in range(1500000))"), 1124999250000),
  python_calls = list(function() { s <- 0; for (i in 1:400) s <- s + py$ident(i); s }, 80200),
  r_from_python = list(function() py$call_r(function() { x <- 0; for (i in 1:200000) x <- x + i; x }),
                       20000100000),
  convert_to_python = list(function() length(py_to_r(r_to_py(as.character(1:200000)))), 200000),
  convert_from_python = list(function() length(py_to_r(py_eval("list(range(300000))", convert = FALSE))),
                             300000),
  r_loop = list(function() { x <- 0; for (i in 1:300000) x <- x + i; x }, 45000150000),
  r_sleep = list(function() { Sys.sleep(0.12); 42 }, 42))
delays <- c(%(delays)s)
usable <- function() {
  problems <- character()
  r <- tryCatch({
    if (sum(1:10) != 55) problems <- c(problems, "R gave a wrong sum")
    if (py_eval("6 * 7") != 42) problems <- c(problems, "Python gave a wrong product")
    if (!identical(py_to_r(r_to_py(list(1.5, "x", c(TRUE, NA)))), list(1.5, "x", c(TRUE, NA))))
      problems <- c(problems, "a round trip changed")
    problems
  }, condition = function(e) c(problems, paste("then", class(e)[1], conditionMessage(e))))
  r
}
for (context in names(contexts)) for (delay in delays) {
  action <- contexts[[context]][[1]]
  expected <- contexts[[context]][[2]]
  seen <- 0
  outcome <- "unknown"
  tryCatch({
    outcome <- tryCatch({ py$arm(delay); list(value = action()) },
                        interrupt = function(e) { seen <<- seen + 1; "interrupted" },
                        error = function(e) list(error = conditionMessage(e)))
    py$settle()
    Sys.sleep(0.05)
  }, interrupt = function(e) seen <<- seen + 1)
  problems <- character()
  if (is.list(outcome) && !is.null(outcome$error))
    problems <- c(problems, paste("error:", substr(outcome$error, 1, 200)))
  else if (is.list(outcome) && !identical(as.numeric(outcome$value), as.numeric(expected)))
    problems <- c(problems, paste("wrong value", format(outcome$value)))
  if (seen == 0) problems <- c(problems, "the interrupt was lost")
  if (seen > 1) problems <- c(problems, paste(seen, "interrupts for one Ctrl-C"))
  problems <- c(problems, usable())
  text <- if (length(problems)) paste(problems, collapse = "; ") else "ok"
  cat(sprintf("%%s@%%s: %%s\n", context, format(delay), gsub("\n", " ", text)))
}
cat("done: yes\n")
'''

R_CONTEXTS = ["python_loop", "python_calls", "r_from_python", "convert_to_python",
              "convert_from_python", "r_loop", "r_sleep"]


@pytest.fixture(scope="module")
def r_host(tmp_path_factory):
    code = R_HOST % {"delays": ", ".join(repr(d) for d in DELAYS)}
    return Labelled(run_code(tmp_path_factory.mktemp("sigint_r"), code, r_script=True,
                             timeout=SWEEP_TIMEOUT))


@pytest.mark.parametrize("delay", DELAYS)
@pytest.mark.parametrize("context", R_CONTEXTS)
def test_ctrl_c_in_an_r_hosted_process(r_host, context, delay):
    assert r_host[label(context, delay)] == "ok"


# --- start-up: one fresh process per delay ----------------------------------------------

START_UP = r'''
import os, sys, time
import pyreticulate as pr

began = time.monotonic()
stage = "not started"
try:
    print("BOOT", flush=True)   # a Ctrl-C at delay 0 may land here, before start-up begins
    pr.start()
    stage = "started"
except KeyboardInterrupt:
    stage = "interrupted"
except BaseException as exc:
    stage = f"failed: {type(exc).__name__}: {exc}"
print("stage:", stage, flush=True)
print("seconds:", time.monotonic() - began, flush=True)
if stage == "started":
    try:
        deadline = time.monotonic() + float(os.environ.get("STRESS_WAIT", "0"))
        while time.monotonic() < deadline:
            time.sleep(0.01)
    except KeyboardInterrupt:
        pass
for attempt in range(2):
    try:
        print("r:", pr.r("sum(1:10)"), flush=True)
        print("py:", pr.r('pyreticulate::py_eval("6 * 7")'), flush=True)
        break
    except KeyboardInterrupt:
        print("late_interrupt: yes", flush=True)
    except BaseException as exc:
        print("after:", type(exc).__name__, str(exc).replace("\n", " ")[:300], flush=True)
        break
'''

FRACTIONS = tuple(round(0.05 * i, 2) for i in range(24))  # 0 to 1.15 of the start-up time


@pytest.fixture(scope="module")
def start_up_seconds(tmp_path_factory):
    """How long pr.start() takes here (the longer of two runs)."""
    times = []
    for _ in range(2):
        out = Labelled(run_code(tmp_path_factory.mktemp("start_up"), START_UP, timeout=120))
        assert out["stage"] == "started" and out["r"] == "55", out.proc.stderr[-2000:]
        times.append(float(out["seconds"]))
    return max(times)


@pytest.mark.parametrize("fraction", FRACTIONS)
def test_ctrl_c_during_start_up_leaves_r_usable(tmp_path, start_up_seconds, fraction):
    status, out, err = interrupted(tmp_path, START_UP, marker=b"BOOT\n",
                                   delay=fraction * start_up_seconds,
                                   env={"STRESS_WAIT": str(2 * start_up_seconds + 2)})
    assert status == 0, err[-3000:]
    lines = dict(re.findall(r"^([a-z_]+): (.*)$", out, flags=re.M))
    assert lines.get("stage") in ("started", "interrupted"), out + err[-2000:]
    assert lines.get("r") == "55" and lines.get("py") == "42", out + err[-2000:]


CLI_SCRIPT = '''
library(pyreticulate)
cat("value:", py_eval("6 * 7") + sum(1:10), "\\n")
'''


@pytest.fixture(scope="module")
def cli_seconds(tmp_path_factory):
    out = run_code(tmp_path_factory.mktemp("cli_start"), CLI_SCRIPT, r_script=True, timeout=120)
    assert out.returncode == 0 and "value: 97" in out.stdout, out.stderr[-2000:]
    return out.seconds


@pytest.mark.parametrize("fraction", (0.2, 0.4, 0.6, 0.7, 0.8, 0.9, 1.0))
def test_ctrl_c_during_start_up_of_an_r_script_ends_it_cleanly(tmp_path, cli_seconds, fraction):
    """``pyreticulate run``: the script runs to its right end, or stops as interrupted;
    never a crash or hang."""
    status, out, err = interrupted(tmp_path, CLI_SCRIPT, r_script=True, marker=None,
                                   delay=fraction * cli_seconds)
    assert status in (0, 1, 130, -2), f"status {status}\n{err[-3000:]}"
    if status == 0:
        assert "value: 97" in out, out + err[-2000:]
    for sign in ("Segmentation fault", "Fatal Python error", "internal error", "core dumped"):
        assert sign not in err, err[-3000:]


# --- fit() in an R script, two Ctrl-C 20 ms apart ----------------------------------------------

FIT_TWICE = r'''
suppressPackageStartupMessages({ library(pyreticulate); library(keras3) })
py_run_string("
import os, signal, threading, keras
class CtrlCTwice(keras.callbacks.Callback):
    def __init__(self, delay):
        super().__init__()
        self.delay = delay
    def on_train_begin(self, logs=None):
        main = threading.main_thread().ident
        for extra in (0.0, 0.02):
            threading.Timer(self.delay + extra, signal.pthread_kill, (main, signal.SIGINT)).start()
")
set.seed(1)
x <- matrix(runif(4000), ncol = 4)
y <- rowSums(x)
model <- keras_model_sequential(input_shape = 4) |> layer_dense(1)
model |> compile(optimizer = "sgd", loss = "mse")
batches <- function() list(x[1:8, , drop = FALSE], y[1:8])
feeds <- list(
  arrays = function(delay) fit(model, x, y, epochs = 2000, batch_size = 8, verbose = 0,
                               callbacks = list(py$CtrlCTwice(delay))),
  r_generator = function(delay) fit(model, batches, steps_per_epoch = 50, epochs = 2000,
                                    verbose = 0, callbacks = list(py$CtrlCTwice(delay))))
for (feed in names(feeds)) for (delay in c(%(delays)s)) {
  outcome <- tryCatch({ feeds[[feed]](delay); "finished" },
                      interrupt = function(e) "interrupted",
                      error = function(e) paste("error:", conditionMessage(e)))
  Sys.sleep(0.1)
  usable <- tryCatch(identical(py_eval("6 * 7"), 42L) && sum(1:10) == 55 &&
                       length(fit(model, x, y, epochs = 1, verbose = 0)$metrics$loss) == 1,
                     condition = function(e) FALSE)
  cat(sprintf("%%s@%%s: %%s\n", feed, format(delay),
              if (outcome == "interrupted" && usable) "ok" else paste(outcome, usable)))
}
cat("done: yes\n")
'''

FIT_DELAYS = (0.0, 0.01, 0.05, 0.2, 0.5)


@pytest.fixture(scope="module")
def fit_twice(tmp_path_factory):
    code = FIT_TWICE % {"delays": ", ".join(repr(d) for d in FIT_DELAYS)}
    return Labelled(run_code(tmp_path_factory.mktemp("sigint_fit"), code, r_script=True,
                             timeout=SWEEP_TIMEOUT, env={"TF_CPP_MIN_LOG_LEVEL": "3"}))


@pytest.mark.parametrize("delay", FIT_DELAYS)
@pytest.mark.parametrize("feed", ["arrays", "r_generator"])
def test_fit_interrupted_by_two_ctrl_c_20_ms_apart_returns_to_rs_handler(fit_twice, feed, delay):
    """Not the end of the script (exit 130): R's interrupt handler gets it, and R,
    Python and the model stay usable."""
    assert fit_twice[label(feed, delay)] == "ok"
