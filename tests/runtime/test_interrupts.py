"""Ctrl-C both ways, tested by sending SIGINT to a fresh process once it prints
READY: an R interrupt while Python runs under R, KeyboardInterrupt while R
runs under Python, and Python's own handling left intact."""
import signal

import pytest

import pyreticulate as pr
from helpers.processes import interrupted, run_code


def test_ctrl_c_in_a_long_python_call_from_r_is_an_r_interrupt(tmp_path):
    status, out, err = interrupted(tmp_path, """
        library(pyreticulate)
        outcome <- tryCatch(
          py_run_string("print('READY', flush=True)\\nwhile True:\\n    pass"),
          interrupt = function(e) "caught an R interrupt")
        cat(outcome, "\\n")
    """, r_script=True)
    assert status == 0, err
    assert out.strip() == "caught an R interrupt"


def test_session_is_usable_after_an_interrupted_python_call(tmp_path):
    status, out, err = interrupted(tmp_path, """
        library(pyreticulate)
        tryCatch(py_run_string(paste0("print('READY', flush=True)\\nimport time\\n",
                                      "while True:\\n    time.sleep(0.01)")),
                 interrupt = function(e) NULL)
        cat("python:", py_eval("6 * 7"), "r:", sum(1:3), "\\n")
    """, r_script=True)
    assert status == 0, err
    assert out.strip().endswith("python: 42 r: 6")


def test_ctrl_c_without_a_handler_stops_the_script(tmp_path):
    status, out, err = interrupted(tmp_path, """
        library(pyreticulate)
        py_run_string("print('READY', flush=True)\\nwhile True:\\n    pass")
        cat("not reached\\n")
    """, r_script=True)
    assert status != 0
    assert "not reached" not in out


def test_ctrl_c_in_python_nested_under_r_under_python_reaches_the_outer_r(tmp_path):
    status, out, err = interrupted(tmp_path, """
        library(pyreticulate)
        py_run_string("def run_r(f):\\n    return f()")
        outcome <- tryCatch(
          py$run_r(function() py_run_string("print('READY', flush=True)\\nwhile True:\\n    pass")),
          interrupt = function(e) "outer interrupt")
        cat(outcome, py_eval("1 + 1"), "\\n")
    """, r_script=True)
    assert status == 0, err
    assert out.strip() == "outer interrupt 2"


def test_ctrl_c_in_long_r_code_from_python_raises_keyboardinterrupt(tmp_path):
    status, out, err = interrupted(tmp_path, """
        import pyreticulate as pr
        pr.start()
        try:
            pr.r('cat("READY\\\\n"); x <- 0; repeat { x <- x + 1 }')
        except KeyboardInterrupt:
            print("KeyboardInterrupt")
        print("after:", pr.r("1 + 1"))
    """)
    assert status == 0, err
    assert out.split() == ["KeyboardInterrupt", "after:", "2.0"]


def test_ctrl_c_in_an_r_function_called_with_a_scalar_raises_keyboardinterrupt(tmp_path):
    status, out, err = interrupted(tmp_path, """
        import pyreticulate as pr
        pr.start()
        spin = pr.r('function(x) { cat("READY\\n"); repeat x <- x + 1L }')
        try:
            spin(0)
        except KeyboardInterrupt:
            print("KeyboardInterrupt")
        print("after:", pr.r("function(x) x + 1L")(2))
    """)
    assert status == 0, err
    assert out.split() == ["KeyboardInterrupt", "after:", "3"]


def test_ctrl_c_while_r_sleeps_under_python_raises_keyboardinterrupt(tmp_path):
    status, out, err = interrupted(tmp_path, """
        import pyreticulate as pr
        pr.start()
        try:
            pr.r('cat("READY\\\\n"); Sys.sleep(600)')
        except KeyboardInterrupt:
            print("KeyboardInterrupt")
        print("after:", pr.r("2 + 2"))
    """)
    assert status == 0, err
    assert out.split() == ["KeyboardInterrupt", "after:", "4.0"]


def test_ctrl_c_is_not_lost_while_r_writes_to_the_console(tmp_path):
    """R's output goes through Python (the console callback): a Ctrl-C that
    surfaces there must still interrupt R."""
    status, out, err = interrupted(tmp_path, """
        import sys
        import pyreticulate as pr

        class CountingSink:
            def __init__(self, real):
                self.real, self.writes = real, 0

            def write(self, text):
                self.writes += 1
                if self.writes == 10_000:
                    self.real.write("READY\\n")
                    self.real.flush()
                return len(text)

            def flush(self):
                pass
        pr.start()
        real = sys.stdout
        sys.stdout = CountingSink(real)
        try:
            pr.r('repeat cat(".")')
        except KeyboardInterrupt:
            sys.stdout = real
            print("KeyboardInterrupt")
    """)
    assert status == 0, err
    assert out.strip() == "KeyboardInterrupt"


# The main thread runs R (Sys.sleep) while a worker's R call runs nested in its event hook;
# {first} is the worker's R before it sleeps too, {setup} Python run after start-up.
WORKER_IN_MAIN_R = """
    import signal
    import threading
    import pyreticulate as pr
    pr.start()
    {setup}
    main_in_r = threading.Event()
    outcome = {{}}
    pr.assign("ctrl_c_here", lambda: signal.pthread_kill(threading.get_ident(), signal.SIGINT))
    slow = pr.r('function() {{ {first}; Sys.sleep(600); "not interrupted" }}')

    def worker():
        main_in_r.wait(60)
        try:
            outcome["worker"] = slow()
        except KeyboardInterrupt:
            outcome["worker"] = "KeyboardInterrupt"
    thread = threading.Thread(target=worker)
    thread.start()
    pr.assign("entering_r", main_in_r.set)
    try:
        outcome["main"] = pr.r("entering_r(); Sys.sleep(600); 'not interrupted'")
    except KeyboardInterrupt:
        outcome["main"] = "KeyboardInterrupt"
    thread.join(60)
    print(outcome["worker"], outcome["main"], pr.r("1 + 1"))
"""


@pytest.mark.xfail(strict=False, reason=(
    "known, rare under heavy load (1 run in 24-40 with five busy loops on two cores, none "
    "in 60 runs otherwise): the Ctrl-C is process-directed, and while the main thread is "
    "between its waits (SIGINT blocked, not in sigtimedwait) the kernel may give it to a "
    "third thread that does not block SIGINT (OpenBLAS's) while the worker's R sleeps in "
    "select(): R's handler then longjmps there to the worker's stack and glibc aborts "
    "(docs/architecture.md, Threads, the case left open)"))
def test_ctrl_c_while_main_runs_r_for_a_worker_stops_the_worker_call_and_main(tmp_path):
    code = WORKER_IN_MAIN_R.format(first='cat("READY\\n")', setup="")
    status, out, err = interrupted(tmp_path, code)
    assert status == 0, err
    assert out.split() == ["KeyboardInterrupt", "KeyboardInterrupt", "2.0"]


def test_ctrl_c_a_worker_takes_while_main_runs_r_for_it_stops_the_worker_call_and_main(tmp_path):
    """SIGINT delivered to the worker (Python's C handler there): Python runs its handler on
    the main thread at any bytecode, also while the main thread hands R over."""
    result = run_code(tmp_path, WORKER_IN_MAIN_R.format(first="ctrl_c_here()", setup=""),
                      timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["KeyboardInterrupt", "KeyboardInterrupt", "2.0"]


def test_ctrl_c_as_main_sees_the_worker_enter_r_stops_the_worker_call_and_main(tmp_path):
    """A Ctrl-C that ends the event hook's first wait (for the worker to enter) stops the
    worker's R too: the main thread's resume waits for that R to return."""
    setup = """from pyreticulate.runtime import threads
    original_wait = threads._wait

    def wait(ready, limit, description):
        original_wait(ready, limit, description)
        if description == "R's event hook":
            raise KeyboardInterrupt
    threads._wait = wait"""
    result = run_code(tmp_path, WORKER_IN_MAIN_R.format(first="invisible(0)", setup=setup),
                      timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["KeyboardInterrupt", "KeyboardInterrupt", "2.0"]


def test_pure_python_loop_after_r_started_gets_keyboardinterrupt(tmp_path):
    status, out, err = interrupted(tmp_path, """
        import pyreticulate as pr
        pr.start()
        pr.r("1 + 1")
        try:
            print("READY", flush=True)
            while True:
                pass
        except KeyboardInterrupt:
            print("KeyboardInterrupt")
    """)
    assert status == 0, err
    assert out.strip() == "KeyboardInterrupt"


def test_python_sigint_handler_is_still_pythons_after_r_started():
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_r_interrupt_under_python_becomes_keyboardinterrupt_in_process():
    try:
        pr.r('signalCondition(structure(list(), class = c("interrupt", "condition"))); '
             'invokeRestart("abort")')
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("no KeyboardInterrupt")
    assert pr.r("1 + 1") == 2
