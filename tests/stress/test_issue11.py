"""issue11: the cases of issue 11, written as the behaviour it asks for — right
final values, errors that name the problem, no crash, no hang:

* R reached from TensorFlow and Keras threads: a ``keras$utils$PyDataset``
  whose ``__getitem__`` calls R (workers = 1 and 4, no multiprocessing),
  ``tf$data$Dataset$from_generator()`` with an R function, and
  ``dataset$map(function(x) tf$py_function(r_fn, list(x), "float32"))``;
* 512+ non-UTF-8 strings, ``list(a = 1, 2, 3)`` and other awkward names;
* 300 caught errors each with a big local (memory not pinned), exceptions
  whose ``__str__`` raises, returns bytes or holds NUL, recursion of 60 crossings
  (about 70 fit in Python's default limit of 1000 frames) and without end, cyclic lists;
* Ctrl-C near the end of start-up;
* 520 strings of 4.2 MB.

Whatever could crash or hang runs in a fresh process with a time limit; a
call that waits for the main thread gives up after THREAD_TIMEOUT seconds."""
import os
import re

import pytest

import pyreticulate as pr
from helpers import r_true
from helpers.processes import run_code
from helpers.scripts import ENV, HELPERS, PRELUDE, Labelled

THREAD_TIMEOUT = 10
TF_TIMEOUT = 180
TF_ENV = {**ENV, "PYRETICULATE_MAIN_THREAD_TIMEOUT": str(THREAD_TIMEOUT)}


def run_tf(tmp_path, code):
    return Labelled(run_code(tmp_path, PRELUDE + code, r_script=True, timeout=TF_TIMEOUT,
                             env=TF_ENV))


# --- R from TensorFlow and Keras threads ------------------------------------------------------

PY_DATASET = r'''
keras <- import("keras")
py_run_string("
import threading
import keras, numpy as np
class RDataset(keras.utils.PyDataset):
    def __init__(self, fn, n, **kwargs):
        super().__init__(**kwargs)
        self.fn, self.n, self.seen, self.threads = fn, n, [], set()
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        v = self.fn(i)
        self.seen.append([int(i), v])
        self.threads.add(threading.current_thread().name)
        x = np.full((4, 2), float(v), dtype='float32')
        return x, x[:, :1]
")
r_item <- function(i) as.integer(i) * 2L + 1L
data <- py$RDataset(r_item, 6L, workers = %(workers)dL, use_multiprocessing = FALSE)
model <- keras$Sequential(list(keras$Input(shape = list(2L)), keras$layers$Dense(1L)))
model$compile(loss = "mse", optimizer = "sgd")
check("epochs", length(model$fit(data, epochs = 2L, verbose = 0L)$history$loss))
seen <- data$seen
check("items", length(seen) >= 12L && setequal(vapply(seen, function(p) p[[1]], 1L), 0:5))
check("values", all(vapply(seen, function(p) identical(p[[2]], p[[1]] * 2L + 1L), TRUE)))
check("predicted", length(model$predict(data, verbose = 0L)))
check("threads", sort(unlist(data$threads)))
check("usable", py_eval("6 * 7") + sum(1:10))
'''


@pytest.mark.parametrize("workers", [1, 4])
def test_keras_py_dataset_whose_getitem_calls_r(tmp_path, workers):
    out = run_tf(tmp_path, PY_DATASET % {"workers": workers})
    assert out["epochs"] == "2"
    assert out["items"] == "TRUE" and out["values"] == "TRUE"
    assert out["predicted"] == "24"
    assert out["usable"] == "97"


FROM_GENERATOR = r'''
tf <- import("tensorflow")
batches <- function() {
  i <- 0
  py_iterator(function() { i <<- i + 1; if (i > 5) NULL else i * 2 }, completed = NULL)
}
dataset <- tf$data$Dataset$from_generator(
  batches, output_signature = tf$TensorSpec(shape = list(), dtype = tf$float64))
check("values", unlist(iterate(dataset, function(x) as.numeric(x))))
check("again", unlist(iterate(dataset, function(x) as.numeric(x))))
check("usable", py_eval("6 * 7") + sum(1:10))
'''


def test_tf_data_from_generator_with_an_r_function(tmp_path):
    out = run_tf(tmp_path, FROM_GENERATOR)
    assert out["values"] == "2 4 6 8 10"
    assert out["again"] == "2 4 6 8 10"
    assert out["usable"] == "97"


PY_FUNCTION_MAP = r'''
tf <- import("tensorflow")
r_fn <- function(x) as.numeric(x) * 3
dataset <- tf$data$Dataset$range(6L)$map(function(x) tf$py_function(r_fn, list(x), "float32"))
check("values", unlist(iterate(dataset, function(x) as.numeric(x))))
check("batched", unlist(iterate(dataset$batch(4L), function(x) length(as.numeric(x)))))
check("usable", py_eval("6 * 7") + sum(1:10))
'''


def test_tf_data_map_with_py_function_of_an_r_function(tmp_path):
    out = run_tf(tmp_path, PY_FUNCTION_MAP)
    assert out["values"] == "0 3 6 9 12 15"
    assert out["batched"] == "4 2"
    assert out["usable"] == "97"


# --- strings and names (in this process) ------------------------------------------------------

CAFE = "rawToChar(as.raw(c(0x63, 0x61, 0x66, 0xe9)))"   # "caf\xe9": latin1 bytes


def _names_element(message, position):
    text = message.replace("UTF-8", "")
    return any(re.search(rf"(?<![\w.]){p}(?![\w.])", text) for p in (position, position - 1))


def exact_or_error_naming(code, position, size, expected="x"):
    """``code`` round-trips to ``expected`` (R code of x), or both ways give an error
    naming ``position``; converted to Python it has every element."""
    outcome = pr.r(f"x <- {code}; tryCatch(identical(py_to_r(r_to_py(x)), {expected}), "
                   "error = function(e) conditionMessage(e))")
    if outcome is not True:
        assert isinstance(outcome, str), f"the round trip changed the strings ({outcome!r})"
        assert _names_element(outcome, position), f"{outcome!r} does not name element {position}"
    try:
        values = pr.r("x")
    except pr.RError as exc:
        assert _names_element(str(exc), position), f"{exc} does not name element {position}"
        return
    assert isinstance(values, list) and len(values) == size, f"{size} strings became {values!r:.200}"


def test_600_latin1_strings_round_trip_as_their_text():
    r_true(f'x <- paste0({CAFE}, " ", 1:600); Encoding(x) <- "latin1"; '
           "identical(py_to_r(r_to_py(x)), x)")
    values = pr.r("x")
    assert len(values) == 600 and values[0] == "caf\u00e9 1" and values[599] == "caf\u00e9 600"


@pytest.mark.parametrize("encoding", ["unknown", "bytes"])
def test_600_strings_of_invalid_utf8_round_trip_or_name_the_element(encoding):
    """docs/conversions.md §9: native and "bytes" ones come back identical, each with its
    mark."""
    exact_or_error_naming(f'local({{ x <- paste0({CAFE}, 1:600); Encoding(x) <- "{encoding}"; x }})',
                          1, 600)


def test_600_strings_of_bytes_and_native_mixed_keep_each_its_mark():
    exact_or_error_naming(f'local({{ x <- paste0({CAFE}, 1:600); '
                          'Encoding(x)[c(TRUE, FALSE)] <- "bytes"; x })', 1, 600)


def test_one_bad_string_among_600_is_named():
    exact_or_error_naming(f"local({{ x <- paste0('ok', 1:600); x[300] <- {CAFE}; x }})", 300, 600)


def test_600_python_strings_of_undecodable_bytes_round_trip_or_name_the_element():
    texts = [os.fsdecode(b"caf\xe9 %d" % i) for i in range(600)]   # lone surrogates
    try:
        back = pr.r_to_py(pr.py_to_r(texts))
    except Exception as exc:
        message = str(exc)
        assert "internal error" not in message and _names_element(message, 1), message
        return
    assert back == texts, f"600 strings came back as {len(back)}: {back[:2]!r}"


@pytest.mark.parametrize("code", [
    "list(a = 1, 2, 3)", 'setNames(list(1, 2, 3), c("a", NA, "a"))', 'setNames(list(1, 2), c("", ""))',
    'list(a = 1, a = "x", b = list(a = 2, 3))', 'setNames(as.list(1:600), rep(c("k", "", NA), 200))',
])
def test_lists_with_empty_duplicate_or_na_names_round_trip(code):
    r_true(f"x <- {code}; identical(py_to_r(r_to_py(x)), x)")
    value = pr.r(code)          # R → Python, then Python → R
    pr.assign("stress_back", value)
    r_true(f"identical(stress_back, {code})")


# --- errors, recursion and cycles (fresh processes) --------------------------------------------

R_ERRORS = r'''
library(pyreticulate)
rss <- function() py_eval("__import__('psutil').Process().memory_info().rss") / 2^20
settle <- function() { invisible(gc()); py_run_string("import gc; gc.collect()"); invisible(gc()) }
py_run_string("
import numpy as np
def raise_with_big_local(i):
    big = np.ones(2**19)   # 4 MB
    raise ValueError('failure %d' % i)
class StrRaises(Exception):
    def __str__(self):
        raise RuntimeError('no text')
class StrBytes(Exception):
    def __str__(self):
        return b'bytes text'
def raise_str_raises():
    raise StrRaises('x')
def raise_str_bytes():
    raise StrBytes('x')
def raise_with_nul():
    raise ValueError('before' + chr(0) + 'after')
def pyrec(n):
    return 0 if n == 0 else r.rec(n - 1) + 1
def pyinf(n):
    return r.rinf(n + 1)
")
for (i in 1:10) tryCatch(py$raise_with_big_local(i), error = function(e) NULL)
settle()
before <- rss()
for (i in 1:300) tryCatch(py$raise_with_big_local(i), error = function(e) NULL)
settle()
check("big_locals_growth_mb", round(rss() - before))
check("last_error_after_300", py_last_error()$value)

for (f in c("raise_str_raises", "raise_str_bytes", "raise_with_nul")) {
  e <- tryCatch(py_eval(f)(), error = function(e) e)
  check(paste0(f, "_class"), inherits(e, "python.builtin.Exception"))
  message <- conditionMessage(e)
  check(paste0(f, "_message"), nzchar(message) && !grepl("internal error", message))
  check(paste0(f, "_last_error"), tryCatch(py_last_error()$type, error = function(e) conditionMessage(e)))
}
check("nul_message_keeps_both_ends", {
  m <- conditionMessage(tryCatch(py$raise_with_nul(), error = function(e) e))
  grepl("before", m) && grepl("after", m)
})

a <- py_eval("[]", convert = FALSE)
invisible(py_call(py_get_attr(a, "append"), a))
check("cyclic_list", tryCatch(py_to_r(a), error = function(e) conditionMessage(e)))
d <- py_eval("{'x': 1}", convert = FALSE)
py_set_item(d, "self", d)
check("cyclic_dict", tryCatch(py_to_r(d), error = function(e) conditionMessage(e)))
py_run_string("deep = [1, {'k': None}]\ndeep[1]['k'] = deep\nshared_part = [1.5, 2.5]\nshared = [shared_part, shared_part, {'t': shared_part}]")
check("cycle_through_a_dict", tryCatch(py_eval("deep"), error = function(e) conditionMessage(e)))
check("shared_is_not_a_cycle", identical(py$shared, list(c(1.5, 2.5), c(1.5, 2.5), list(t = c(1.5, 2.5)))))
rec <- function(n) if (n == 0) 0 else py$pyrec(n - 1L) + 1
check("recursion_60_crossings", tryCatch(rec(60L), error = function(e) conditionMessage(e)))
rinf <- function(n) py$pyinf(n + 1L)
e <- tryCatch(rinf(0L), error = function(e) e)
check("unbounded_recursion_class", paste(class(e)[1:2], collapse = " "))
check("unbounded_recursion_names_the_limit",
      grepl("recursion ?limit|setrecursionlimit", conditionMessage(e), ignore.case = TRUE))
check("unbounded_recursion_last_error", tryCatch(py_last_error()$type, error = function(e) conditionMessage(e)))
check("usable_after_recursion", py_eval("6 * 7") + rec(20L))
check("usable_at_end", py_eval("6 * 7") + sum(1:10))
'''

R_ERRORS_CASES = {
    "last_error_after_300": "failure 300",
    "raise_str_raises_class": "TRUE", "raise_str_raises_message": "TRUE",
    "raise_str_raises_last_error": "StrRaises",
    "raise_str_bytes_class": "TRUE", "raise_str_bytes_message": "TRUE",
    "raise_str_bytes_last_error": "StrBytes",
    "raise_with_nul_class": "TRUE", "raise_with_nul_message": "TRUE",
    "raise_with_nul_last_error": "ValueError", "nul_message_keeps_both_ends": "TRUE",
    "recursion_60_crossings": "60",
    "unbounded_recursion_class": "python.builtin.RecursionError python.builtin.RuntimeError",
    "unbounded_recursion_names_the_limit": "TRUE", "unbounded_recursion_last_error": "RecursionError",
    "usable_after_recursion": "62", "shared_is_not_a_cycle": "TRUE", "usable_at_end": "97",
}


@pytest.fixture(scope="module")
def r_errors(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("issue11_errors"), HELPERS + R_ERRORS,
                             r_script=True, timeout=300))


@pytest.mark.parametrize("label", sorted(R_ERRORS_CASES))
def test_errors_recursion_and_cycles_from_r(r_errors, label):
    assert r_errors[label] == R_ERRORS_CASES[label]


def test_300_caught_python_errors_with_big_locals_do_not_pin_memory(r_errors):
    """300 × 4 MB would stay if the errors (tracebacks, frames) were kept alive."""
    assert int(r_errors["big_locals_growth_mb"]) < 300


@pytest.mark.parametrize("label", ["cyclic_list", "cyclic_dict", "cycle_through_a_dict"])
def test_cycles_from_r_are_an_error_naming_the_cycle(r_errors, label):
    assert "cycle" in r_errors[label].lower()


PY_ERRORS = r'''
import gc
import re
import psutil
import pyreticulate as pr

pr.start()
pr.r("suppressPackageStartupMessages(library(pyreticulate))")
process = psutil.Process()


def show(label, fn):
    try:
        value = fn()
    except BaseException as exc:
        value = f"{type(exc).__name__}: {exc}"
    print(f"{label}: " + str(value).replace("\n", " ")[:400], flush=True)


def settle():
    for _ in range(3):
        gc.collect()
        pr.r("invisible(gc())")


fail = pr.r("function(i) { big <- numeric(2^19); stop('failure ', i) }")   # 4 MB local


def catch(i):
    try:
        fail(i)
    except pr.RError as exc:
        return exc


for i in range(10):
    catch(i)
settle()
before = process.memory_info().rss
errors_kept_last = None
for i in range(300):
    errors_kept_last = catch(i)
settle()
show("big_locals_growth_mb", lambda: round((process.memory_info().rss - before) / 2**20))
show("last_error_message", lambda: errors_kept_last.r_message)

pr.r('conditionMessage.stressBadMessage <- function(c) stop("cannot format this condition")')
# stop() itself calls conditionMessage() (R then signals the method's own error), so
# the condition is handed over by the abort restart, as it is
bad = pr.r('function() invokeRestart("abort", structure(class = c("stressBadMessage", "error", '
           '"condition"), list(message = "m", call = NULL)))')


def bad_message():
    try:
        bad()
    except pr.RError as exc:
        return exc.r_class[0] if str(exc) else "empty str"
show("condition_message_that_fails", bad_message)
latin1 = pr.r('function() { m <- rawToChar(as.raw(c(0x63, 0x61, 0x66, 0xe9))); '
              'Encoding(m) <- "latin1"; stop(m) }')


def latin1_message():
    try:
        latin1()
    except pr.RError as exc:
        return "caf\u00e9" in str(exc)
show("latin1_message", latin1_message)

cyclic = []
cyclic.append(cyclic)
looped = {"x": 1}
looped["self"] = looped
deep = [1, {"k": None}]
deep[1]["k"] = deep
shared_part = [1.5, 2.5]
for name, value in (("cyclic_list", cyclic), ("cyclic_dict", looped), ("cycle_through_a_dict", deep)):
    show(name, lambda value=value: pr.py_to_r(value))
show("shared_is_not_a_cycle",
     lambda: pr.r_to_py(pr.py_to_r([shared_part, shared_part, {"t": shared_part}]))
     == [shared_part, shared_part, {"t": shared_part}])
rrec = pr.r("function(n) if (n == 0) 0 else py$pyrec(n - 1L) + 1")


def pyrec(n):
    return 0 if n == 0 else rrec(n - 1) + 1


rinf = pr.r("function(n) py$pyinf(n + 1L)")


def pyinf(n):
    return rinf(n + 1)


show("recursion_60_crossings", lambda: pyrec(60))


def unbounded():
    try:
        pyinf(0)
    except RecursionError as exc:
        return "RecursionError names the limit" if re.search(
            r"recursion ?limit|setrecursionlimit", str(exc), re.I) else f"RecursionError: {exc}"
show("unbounded_recursion", unbounded)
show("usable_after_recursion", lambda: pr.r("sum(1:10)") + pr.r('py_eval("6 * 7")'))

show("usable_at_end", lambda: pr.r("sum(1:10)") + pr.r('py_eval("6 * 7")'))
'''

PY_ERRORS_CASES = {
    "last_error_message": "failure 299",
    "condition_message_that_fails": "stressBadMessage", "latin1_message": "True",
    "recursion_60_crossings": "60.0", "unbounded_recursion": "RecursionError names the limit",
    "usable_after_recursion": "97", "shared_is_not_a_cycle": "True", "usable_at_end": "97",
}


@pytest.fixture(scope="module")
def py_errors(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("issue11_py_errors"), PY_ERRORS, timeout=300))


@pytest.mark.parametrize("label", sorted(PY_ERRORS_CASES))
def test_errors_recursion_and_cycles_from_python(py_errors, label):
    assert py_errors[label] == PY_ERRORS_CASES[label]


def test_300_caught_r_errors_with_big_locals_do_not_pin_memory(py_errors):
    """300 × 4 MB would stay if the RErrors kept the R frames alive."""
    assert int(py_errors["big_locals_growth_mb"]) < 300


@pytest.mark.parametrize("label", ["cyclic_list", "cyclic_dict", "cycle_through_a_dict"])
def test_cycles_from_python_are_an_error_naming_the_cycle(py_errors, label):
    assert re.match(r"\w+(Error|Exception): .*cycle", py_errors[label], flags=re.I | re.S), \
        py_errors[label]


# --- Ctrl-C near the end of start-up ----------------------------------------------------------
# An R profile sends SIGINT from inside R's start-up: while R reads its profile, or
# when the pyreticulate namespace has loaded (the end of pr.start()). Only the
# embedded R (argv[0] "pyreticulate") does it, not R processes rpy2 runs.

PROFILES = {
    "profile": 'if (identical(commandArgs()[1], "pyreticulate")) tools::pskill(Sys.getpid(), tools::SIGINT)\n',
    "namespace_loaded": 'if (identical(commandArgs()[1], "pyreticulate")) setHook(packageEvent("pyreticulate", '
                        '"onLoad"), function(...) tools::pskill(Sys.getpid(), tools::SIGINT))\n',
}

START_UP = r'''
import time
import pyreticulate as pr
stage = "not started"
try:
    pr.start()
    stage = "started"
    time.sleep(0.5)          # a Ctrl-C still pending surfaces here
except KeyboardInterrupt:
    stage = "interrupted"
except BaseException as exc:
    stage = f"failed: {type(exc).__name__}: {exc}"
print("stage:", stage, flush=True)
try:
    print("r:", pr.r("sum(1:10)"), flush=True)
    print("py:", pr.r('pyreticulate::py_eval("6 * 7")'), flush=True)
except BaseException as exc:
    print("after:", type(exc).__name__, str(exc).replace("\n", " ")[:300], flush=True)
'''


@pytest.mark.parametrize("moment", sorted(PROFILES))
def test_ctrl_c_in_start_up_leaves_r_usable(tmp_path, moment):
    profile = tmp_path / "Rprofile"
    profile.write_text(PROFILES[moment])
    done = run_code(tmp_path, START_UP, timeout=120, env={"R_PROFILE_USER": str(profile)})
    assert done.returncode == 0, done.stderr[-3000:]
    out = Labelled(done)
    assert out["stage"] in ("started", "interrupted")
    assert out["r"] == "55" and out["py"] == "42"


@pytest.mark.parametrize("moment", sorted(PROFILES))
def test_ctrl_c_in_start_up_of_an_r_script_ends_it_cleanly(tmp_path, moment):
    """``pyreticulate run``: it runs to the right end or stops as interrupted (status 130),
    with a message, not a Python traceback."""
    profile = tmp_path / "Rprofile"
    profile.write_text(PROFILES[moment])
    done = run_code(tmp_path, 'library(pyreticulate)\ncat("value:", py_eval("6 * 7") + sum(1:10), "\\n")\n',
                    r_script=True, timeout=120, env={"R_PROFILE_USER": str(profile)})
    assert done.returncode in (0, 130), done.stderr[-3000:]
    if done.returncode == 0:
        assert "value: 97" in done.stdout
    assert "Traceback" not in done.stderr, done.stderr[-3000:]


# --- 520 strings of 4.2 MB (2.2 GB of text, past 2^31 bytes) -----------------------------------

BIG_STRINGS = r'''
import gc
import pyreticulate as pr

pr.start()
pr.r("suppressPackageStartupMessages(library(pyreticulate))")


def show(label, fn):
    try:
        value = fn()
    except BaseException as exc:
        value = f"{type(exc).__name__}: {exc}"
    print(f"{label}: " + str(value).replace("\n", " ")[:300], flush=True)


pr.r('x <- rep(paste0(strrep("x", 4199998), "\u00e9"), 520); NULL')
show("round_trip_in_r", lambda: pr.r("tryCatch(identical(py_to_r(r_to_py(x)), x), "
                                     "error = function(e) conditionMessage(e))"))
gc.collect()


def to_python_and_back():
    values = pr.r("x")
    if not (len(values) == 520 and all(len(v) == 4199999 and v[-1] == "\u00e9" for v in values)):
        return f"{len(values)} strings"
    pr.globalenv["y"] = values
    del values
    return pr.r("identical(x, y)")
show("to_python_and_back", to_python_and_back)
pr.r("rm(x, y); invisible(gc())")
gc.collect()
text = "\u00e9" + "y" * 4199998
show("python_list_to_r", lambda: pr.r_to_py(pr.py_to_r([text] * 520)) == [text] * 520)
'''


@pytest.fixture(scope="module")
def big_strings(tmp_path_factory):
    return Labelled(run_code(tmp_path_factory.mktemp("issue11_big"), BIG_STRINGS, timeout=400))


@pytest.mark.parametrize("label", ["round_trip_in_r", "to_python_and_back", "python_list_to_r"])
def test_520_strings_of_4_2_mb(big_strings, label):
    assert big_strings[label] == "True"
