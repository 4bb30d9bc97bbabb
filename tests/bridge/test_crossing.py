"""The crossing from R into Python: an exception keeps its class whatever happens
on the way, a recursion across the bridge is a RecursionError that says so, and an
error costs the same at each level it crosses, however deep."""
import sys

import pytest

import pyreticulate as pr
from pyreticulate.bridge.crossing import CrossingContract
from helpers.scripts import labelled

PY_EXCEPTION_TAIL = ["python.builtin.Exception", "python.builtin.BaseException",
                     "python.builtin.object", "error", "condition"]


@pytest.fixture(autouse=True)
def python_helpers():
    pr.r('''py_run_string("
def down(f, n, pad=0):
    if pad:
        return down(f, n, pad - 1)
    return f(n)

def fail():
    raise ValueError('at the bottom')
")''')


def test_exception_whose_r_condition_cannot_be_made_keeps_its_class(monkeypatch):
    from pyreticulate.convert.registry import REGISTRY

    def failing_wrap(obj, convert, hint=None):
        raise MemoryError("no room for a proxy")
    monkeypatch.setattr(REGISTRY, "wrap", failing_wrap)
    classes, message = pr.r('tryCatch(py_run_string("raise KeyError(7)"), '
                            'error = function(e) list(class(e), conditionMessage(e)))')
    monkeypatch.undo()
    assert classes == ["python.builtin.KeyError", "python.builtin.LookupError",
                       *PY_EXCEPTION_TAIL]
    assert message == ("KeyError: 7\n(its R condition could not be made: "
                       "MemoryError: no room for a proxy)")


# --- recursion across the bridge -----------------------------------------------------

RECURSE = "recurse <- function(n) py$down(recurse, n + 1, {pad})"


def recursion_error(pad=0):
    """Class vector and message of the error ending R -> Python -> R -> ... recursion."""
    pr.r(RECURSE.format(pad=pad))
    return pr.r("tryCatch(recurse(1), error = function(e) list(class(e), conditionMessage(e)))")


@pytest.fixture
def room_for_100_crossings():
    """A recursion limit with room for 100 crossings under pytest's own frames."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(6000)
    yield
    sys.setrecursionlimit(limit)


def test_recursion_of_100_crossings_below_the_limits_gives_its_value(room_for_100_crossings):
    """R → Python → R ... 100 levels, within Python's limit and R's C stack (issue 11:
    deep crossings were an internal error; the stress suite runs 250 in a fresh process)."""
    pr.r("rec <- function(n) if (n == 0) 0 else py$down(rec, n - 1) + 1")
    assert pr.r("rec(100L)") == 100.0


def test_recursion_of_100_crossings_from_python_gives_its_value(room_for_100_crossings):
    rrec = pr.r("function(n, f) if (n == 0) 0 else f(n - 1L, f) + 1")

    def pyrec(n, f):
        return 0 if n == 0 else rrec(n - 1, pyrec) + 1
    assert pyrec(100, rrec) == 100.0


def test_recursion_across_the_bridge_is_a_recursion_error_naming_it():
    classes, message = recursion_error()
    assert classes == ["python.builtin.RecursionError", "python.builtin.RuntimeError",
                       *PY_EXCEPTION_TAIL]
    assert message.startswith("RecursionError: maximum recursion depth exceeded in a "
                              "recursion that crosses between R and Python: ")
    assert f"(sys.getrecursionlimit() is {sys.getrecursionlimit()})" in message


def test_recursion_error_counts_the_nested_calls_from_r_into_python():
    _, message = recursion_error()
    nested = int(message.split("Python: ", 1)[1].split(" calls", 1)[0])
    assert 20 < nested < sys.getrecursionlimit() // 8


@pytest.mark.parametrize("pad", range(0, 15))
def test_recursion_across_the_bridge_is_a_recursion_error_wherever_the_limit_falls(pad):
    """Each pad moves the point of the crossing where Python's limit is reached."""
    classes, message = recursion_error(pad)
    assert classes[0] == "python.builtin.RecursionError"
    assert "maximum recursion depth exceeded" in message


def test_py_last_error_works_after_a_recursion_across_the_bridge():
    recursion_error()
    last = pr.r("py_last_error()")
    assert last["type"] == "RecursionError"
    assert "crosses between R and Python" in last["value"]


def test_pure_python_recursion_under_nested_calls_keeps_its_own_message():
    pr.r('py_run_string("def forever(k):\\n    return forever(k + 1)\\n")')
    pr.r("nest <- function(n) if (n > 5) py$forever(0) else py$down(nest, n + 1)")
    classes, message = pr.r("tryCatch(nest(1), error = function(e) "
                            "list(class(e), conditionMessage(e)))")
    assert classes[0] == "python.builtin.RecursionError"
    assert message.startswith("RecursionError: maximum recursion depth exceeded")


def test_recursion_with_a_raised_limit_stops_before_r_runs_out_of_c_stack(script):
    out = labelled(script('''
        suppressPackageStartupMessages(library(pyreticulate))
        py_run_string(paste("import sys", "sys.setrecursionlimit(200000)",
                            "def down(f, n):", "    return f(n)", sep = "\\n"))
        recurse <- function(n) py$down(recurse, n + 1)
        e <- tryCatch(recurse(1), error = function(e) e)
        cat("class:", class(e)[1], "\\n")
        cat("message:", gsub("\\n", " ", conditionMessage(e)), "\\n")
        cat("after:", py$down(function(n) n * 2, 21), "\\n")
    '''))
    assert out["class"] == "python.builtin.RecursionError"
    assert "crosses between R and Python" in out["message"]
    assert "R's C stack is nearly used up" in out["message"]
    assert out["after"] == "42"


def test_r_stack_overflow_in_an_r_function_python_called_reaches_r_with_its_class(script):
    out = labelled(script('''
        suppressPackageStartupMessages(library(pyreticulate))
        py_run_string("def call(f):\\n    return f()")
        deep <- function(n) deep(n + 1)
        e <- tryCatch(py$call(function() deep(1)), error = function(e) e)
        cat("class:", class(e), "\\n")
        cat("message:", conditionMessage(e), "\\n")
        cat("after:", py$call(function() 42), "\\n")
    '''))
    assert "stackOverflowError" in out["class"].split()
    assert "C stack usage" in out["message"] or "nested too deeply" in out["message"]
    assert out["after"] == "42"


# --- cost per level ------------------------------------------------------------------

# R's finalizers of proxies it dropped earlier run when its collector does, inside any
# evaluation: their Python work is the dropped values' cost, not the crossing's.
FINALIZERS = {("handles.py", "_finalize_xptr"), ("handles.py", "_drop_key"),
              ("proxies.py", "_forget_proxy"), ("proxies.py", "_canonical_finalized")}


def python_calls_for_an_error_through(depth):
    """How many Python function calls an error raised ``depth`` crossings deep costs
    (calls R's finalizers make are not counted)."""
    pr.r("bottom <- function(n) if (n >= %d) py$fail() else py$down(bottom, n + 1)" % depth)
    pr.r("invisible(try(bottom(0), silent = TRUE)); invisible(gc())")
    count, in_finalizer = [0], [0]

    def profile(frame, event, arg):
        code = frame.f_code
        finalizer = (event in ("call", "return")
                     and (code.co_filename.rsplit("/", 1)[-1], code.co_name) in FINALIZERS)
        if finalizer:
            in_finalizer[0] += 1 if event == "call" else -1
        elif event in ("call", "c_call") and not in_finalizer[0]:
            count[0] += 1
    sys.setprofile(profile)
    try:
        pr.r("invisible(try(bottom(0), silent = TRUE))")
    finally:
        sys.setprofile(None)
    return count[0]


def test_an_error_costs_the_same_python_work_at_each_level_it_crosses():
    at_10, at_20, at_40 = (python_calls_for_an_error_through(d) for d in (10, 20, 40))
    first, second = (at_20 - at_10) / 10, (at_40 - at_20) / 20
    assert second <= first * 1.1, (at_10, at_20, at_40)


def r_stack_reads_for_an_error_through(depth):
    """How many times R reads its whole call stack (sys.calls()) for an error raised
    ``depth`` crossings deep (each read costs the square of the stack's depth)."""
    pr.r("bottom <- function(n) if (n >= %d) py$fail() else py$down(bottom, n + 1)" % depth)
    pr.r("reads <- new.env(); reads$n <- 0")
    pr.r('suppressMessages(trace("sys.calls", quote(reads$n <- reads$n + 1), print = FALSE, '
         'where = baseenv()))')
    try:
        pr.r("invisible(try(bottom(0), silent = TRUE))")
    finally:
        pr.r('suppressMessages(untrace("sys.calls", where = baseenv()))')
    return pr.r("reads$n")


def test_an_error_reads_the_r_call_stack_as_often_however_deep_it_is_raised():
    assert r_stack_reads_for_an_error_through(40) == r_stack_reads_for_an_error_through(10)


# --- the commonest crossings (a callable's closure, `$`): what the slow path guarantees --
# With the compiled module these run in C (_fast.c's crossing block) unless a rule,
# scope or state needs the Python path; the same behaviour either way.

def test_call_with_plain_scalars_gives_them_as_python_scalars():
    assert pr.r('py_eval("lambda *a: [type(x).__name__ for x in a]")(1L, 2.5, TRUE, "a")') \
        == ["int", "float", "bool", "str"]


def test_call_gives_na_logical_integer_and_character_as_none():
    assert pr.r('py_eval("lambda a, b, c: (a, b, c) == (None, None, None)")'
                '(NA, NA_integer_, NA_character_)') is True


def test_call_skips_a_missing_argument_and_passes_the_rest_by_name():
    assert pr.r('py_eval("lambda a, b=2, c=3: [a, b, c]")(1L, c = 4L)') == [1, 2, 4]


def test_call_gives_non_ascii_text_both_ways():
    assert pr.r('py_eval("lambda x: x + \'ü\'")("é")') == "éü"


def test_call_result_beyond_r_integers_is_a_double():
    assert pr.r('typeof(py_eval("lambda: 2 ** 40")())') == "double"


def test_call_returning_none_is_invisible():
    assert pr.r('withVisible(py_eval("lambda: None")())$visible') is False


def test_call_error_keeps_the_exception_class_and_message():
    classes, message = pr.r('tryCatch(py_eval("lambda x: 1 / x")(0L), '
                            'error = function(e) list(class(e)[1], conditionMessage(e)))')
    assert (classes, message) == ("python.builtin.ZeroDivisionError",
                                  "ZeroDivisionError: division by zero\n"
                                  "Run `py_last_error()` for details.")


def test_call_error_is_py_last_error():
    pr.r('try(py_eval("lambda x: int(x)")("seven"), silent = TRUE)')
    assert pr.r("py_last_error()$type") == "ValueError"


def test_keyboard_interrupt_in_a_call_is_an_r_interrupt():
    assert pr.r('tryCatch(py_eval("lambda: exec(\'raise KeyboardInterrupt\')")(), '
                'interrupt = function(i) "interrupted")') == "interrupted"


def test_r_warning_raised_inside_a_call_reaches_the_r_caller(monkeypatch):
    import __main__

    def warn_then(x):
        pr.r('warning("careful")')
        return x
    monkeypatch.setattr(__main__, "warn_then", warn_then, raising=False)
    assert pr.r('local({ seen <- NULL; value <- withCallingHandlers(py$warn_then(2L), '
                'warning = function(w) { seen <<- conditionMessage(w); '
                'invokeRestart("muffleWarning") }); list(value, seen) })') == [2, "careful"]


def test_user_r_to_py_rule_wins_over_the_plain_scalar_rule():
    with pr.register_r_to_py(lambda robj: "ruled", sexptypes=["double"]):
        assert pr.r('py_eval("lambda x: x")(1.5)') == "ruled"
    assert pr.r('py_eval("lambda x: x")(1.5)') == 1.5


def test_user_py_to_r_rule_wins_for_a_scalar_result():
    with pr.register_py_to_r(lambda obj, hint: "seven", int):
        assert pr.r('py_eval("lambda: 7")()') == "seven"
    assert pr.r('py_eval("lambda: 7")()') == 7


def test_scope_rule_wins_over_the_plain_scalar_rule():
    rules = pr.ConversionRules()
    rules.register_r_to_py(lambda robj: "scoped", sexptypes=["integer"])
    with pr.conversion(rules):
        assert pr.r('py_eval("lambda x: x")(1L)') == "scoped"


def test_dollar_reads_a_module_attribute():
    assert pr.r('import("math")$pi') == pytest.approx(3.141592653589793)


def test_dollar_of_a_missing_module_attribute_is_an_attribute_error():
    assert pr.r('tryCatch(import("math")$no_such_name, error = function(e) class(e)[1])') \
        == "python.builtin.AttributeError"


def test_dollar_imports_a_submodule():
    assert pr.r('py_to_r(import("xml")$dom$`__name__`)') == "xml.dom"


def test_dollar_reads_an_instance_attribute_through_python():
    pr.r('py_run_string("class Holder:\\n    @property\\n    def value(self):\\n'
         '        return 41 + 1\\nholder = Holder()")')
    assert pr.r("py$holder$value") == 42


def test_call_naming_a_prefix_of_a_formal_is_replayed_by_r_rules():
    assert pr.r('tryCatch(py_eval("lambda value: value")(val = 1), '
                'error = function(e) class(e)[1])') == "python.builtin.TypeError"


def test_call_splicing_a_list_outside_dots_is_replayed():
    assert pr.r('py_eval("lambda a, b: [a, b]")(!!!list(a = 1L, b = 2L))') == [1, 2]


# ---- unconverted results: proxies (the compiled fast path makes them in C) ----------------

@pytest.fixture
def held_object():
    """A Python object an unconverted callable returns each time it is called."""
    pr.r('py_run_string("class Held:\\n    pass\\nheld = Held()")')
    pr.r('give_held <- py_eval("lambda: held", convert = FALSE)')
    yield pr.r("py$held")
    pr.r("rm(give_held); invisible(gc())")


def test_unconverted_results_of_one_object_are_identical_in_r(held_object):
    assert pr.r("identical(give_held(), give_held())") is True


def test_unconverted_result_is_the_proxy_a_user_rule_closing_the_fast_path_gives(held_object):
    fast = pr.r("list(class(give_held()), give_held())")
    with pr.register_r_to_py(lambda robj: None, sexptypes=["raw"]):
        closed = pr.r("list(class(give_held()), give_held())")
    assert fast[0] == closed[0] and fast[1] is closed[1] is held_object


def test_unconverted_result_is_identical_to_the_proxy_made_with_the_fast_path_closed(held_object):
    pr.r("fast_held <- give_held()")
    with pr.register_r_to_py(lambda robj: None, sexptypes=["raw"]):
        assert pr.r("identical(fast_held, give_held())") is True
    pr.r("rm(fast_held)")


def test_unconverted_result_converts_to_its_object_by_py_to_r(held_object):
    assert pr.r("py_to_r(give_held())") is held_object


def alive_before_and_after_r_drops(name):
    """Whether the Python object behind R's proxy ``name`` is alive while R holds the proxy,
    and whether it still is once R has removed it and collected."""
    import gc
    import weakref
    ref = weakref.ref(pr.r(name))
    gc.collect()
    alive_while_held = ref() is not None
    pr.r(f"rm({name}); invisible(gc())")
    gc.collect()
    return alive_while_held, ref() is not None


def test_proxy_of_an_unconverted_result_frees_its_object_once_r_collects_it():
    pr.r('py_run_string("class Dropped:\\n    pass")')
    pr.r('new_dropped <- py_eval("Dropped", convert = FALSE)')
    pr.r("warm <- new_dropped(); rm(warm); invisible(gc())")
    pr.r("dropped <- new_dropped()")
    assert alive_before_and_after_r_drops("dropped") == (True, False)


def test_proxies_of_unconverted_results_return_the_live_counts_to_baseline():
    from helpers import settle
    pr.r('new_plain <- import_builtins(convert = FALSE)$object')
    pr.r("invisible(lapply(1:10, function(i) new_plain()))")
    before = settle()
    pr.r("kept <- lapply(1:1000, function(i) new_plain())")
    assert pr.live_handle_counts()["py_objects"] == before["py_objects"] + 1000
    pr.r("rm(kept)")
    assert settle() == before


# ---- r_to_py() of a plain array (the compiled fast path makes its proxy in C) -------------

@pytest.mark.parametrize("code", [
    "matrix(c(1.5, NA, 3), 1)", "array(complex(real = 1:8), c(2, 2, 2))", "matrix(as.raw(1:6), 2)",
    "matrix(1, 1, 1, dimnames = list('a', 'b'))", "matrix(c(1L, NA), 1)", "matrix(TRUE, 2, 2)"])
def test_r_to_py_of_an_array_is_the_proxy_a_user_rule_closing_the_fast_path_gives(code):
    read = ("local({ p <- r_to_py(x); list(class(p), py_to_r(p$dtype$str), py_to_r(p$shape), "
            "py_to_r(p$flags$writeable), py_to_r(p), py_to_r(r_to_py(x, TRUE))) })")
    pr.r(f"x <- {code}; fast <- {read}")
    with pr.register_r_to_py(lambda robj: None, sexptypes=["symbol"]):
        pr.r(f"closed <- {read}")
    assert pr.r("identical(fast, closed)") is True
    pr.r("rm(x, fast, closed)")


def test_r_to_py_of_a_double_matrix_converts_back_to_it():
    assert pr.r("local({ x <- matrix(c(1.5, NA, 3), 1); identical(py_to_r(r_to_py(x)), x) })") \
        is True


def test_r_to_py_view_of_an_array_outlives_the_r_variable():
    pr.r("kept_view <- r_to_py(local(matrix(as.numeric(1:6), 2))); invisible(gc())")
    assert pr.r("py_to_r(kept_view$sum())") == 21.0
    pr.r("rm(kept_view)")


def test_r_to_py_of_an_array_frees_its_view_once_r_collects_the_proxy():
    pr.r("dropped_view <- r_to_py(matrix(0, 2, 2))")
    assert alive_before_and_after_r_drops("dropped_view") == (True, False)


# --- the compiled module's contract -------------------------------------------------------------

@pytest.fixture
def compiled_crossing():
    from pyreticulate.bridge import crossing
    pr.r("1")
    if crossing._crossing_module() is None:
        pytest.skip("the pure-Python path has no compiled crossing")
    yield crossing
    crossing.install_fast_path()


@pytest.mark.parametrize("change,named", [
    (("version", 99), "version is 99"),
    (("FIELDS", ("suspended", "threads_state") + CrossingContract.FIELDS[2:]),
     "field 0 is suspended, the compiled module's is threads_state"),
])
def test_a_contract_the_compiled_module_does_not_declare_fails_naming_the_mismatch(
        compiled_crossing, monkeypatch, change, named):
    attribute, value = change
    monkeypatch.setattr(compiled_crossing.CrossingContract, attribute, value)
    with pytest.raises(compiled_crossing.ContractMismatch, match=named):
        compiled_crossing.install_fast_path()


def test_the_fast_path_works_again_once_the_right_contract_is_installed(compiled_crossing):
    compiled_crossing.install_fast_path()
    assert compiled_crossing._crossing_module().lib.pyr_crossing_open == 1
    assert pr.r('f <- py_eval("lambda x: x + 1"); f(41L)') == 42
