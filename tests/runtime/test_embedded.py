"""Start-up and shutdown: version checks, fork(), the real reticulate, exit order,
and what happens to calls and handles once R has shut down."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import pyreticulate as pr
from helpers import ROOT
from helpers.processes import interrupted
from pyreticulate.runtime import embedded

TIMEOUT = 180


def run_python(tmp_path, code, env=None):
    """Run Python code in a fresh process with the worktree on the path."""
    source = tmp_path / "program.py"
    source.write_text(textwrap.dedent(code))
    return subprocess.run([sys.executable, str(source)], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=str(tmp_path),
                          env={**os.environ, "PYTHONPATH": ROOT, **(env or {})})


# --- versions ------------------------------------------------------------------------

@pytest.fixture
def versions(monkeypatch):
    """Pretend these versions of rpy2-rinterface and R are installed."""
    def use(rinterface, r):
        monkeypatch.setattr(embedded, "installed_version",
                            lambda dist: rinterface if dist == "rpy2-rinterface" else None)
        monkeypatch.setattr(embedded, "r_version", lambda home: r)
    return use


def test_rinterface_3_6_7_with_r_before_4_5_is_refused_naming_versions_and_fix(versions):
    versions("3.6.7", "4.2.2")
    with pytest.raises(embedded.RuntimeVersionError) as info:
        embedded.check_versions("/usr/lib/R")
    message = str(info.value)
    assert "rpy2-rinterface 3.6.7" in message
    assert "R >= 4.5" in message
    assert "4.2.2" in message
    assert "pip install 'rpy2-rinterface==3.6.3'" in message


def test_later_rinterface_with_r_before_4_5_is_refused(versions):
    versions("3.7.0", "4.4.3")
    with pytest.raises(embedded.RuntimeVersionError, match="rpy2-rinterface 3.7.0"):
        embedded.check_versions("/usr/lib/R")


def test_rinterface_3_6_7_with_r_4_5_is_accepted(versions):
    versions("3.6.7", "4.5.0")
    assert embedded.check_versions("/usr/lib/R") == ("4.5.0", "3.6.7")


def test_known_good_rinterface_with_r_4_2_is_accepted(versions):
    versions("3.6.3", "4.2.2")
    assert embedded.check_versions("/usr/lib/R") == ("4.2.2", "3.6.3")


def test_version_error_is_a_startup_error():
    assert issubclass(embedded.RuntimeVersionError, embedded.StartupError)
    assert issubclass(embedded.StartupError, RuntimeError)


def test_free_threaded_python_is_refused(monkeypatch):
    monkeypatch.setattr(sys, "_is_gil_enabled", lambda: False, raising=False)
    with pytest.raises(embedded.RuntimeVersionError, match="free-threaded"):
        pr.start()


def test_rpy2_loading_another_r_is_refused():
    with pytest.raises(embedded.RuntimeVersionError, match="rpy2 found R at /opt/R/4.5"):
        embedded.check_same_r("/usr/lib/R", "/opt/R/4.5")


def test_two_libr_builds_in_one_process_are_refused():
    with pytest.raises(embedded.RuntimeVersionError, match="more than one libR"):
        embedded.check_one_libr({"/usr/lib/R/lib/libR.so", "/opt/R/4.5/lib/R/lib/libR.so"})


def test_start_up_checks_pass_for_this_process():
    embedded.check_one_libr(embedded.loaded_libraries())


def test_r_keeps_its_own_c_stack_limit():
    """The limit is never raised or disabled to hide R running off its thread."""
    assert pr.r('is.finite(Cstack_info()[["size"]]) && Cstack_info()[["size"]] > 0') is True


# --- fork() ---------------------------------------------------------------------------

def test_use_after_fork_is_refused_with_a_clear_error(tmp_path):
    proc = run_python(tmp_path, """
        import os
        import pyreticulate as pr
        pr.start()
        pid = os.fork()
        if pid == 0:
            try:
                pr.r("1 + 1")
            except RuntimeError as exc:
                print("child refused:", exc, flush=True)
                os._exit(0)
            os._exit(3)
        _, status = os.waitpid(pid, 0)
        print("child status", os.waitstatus_to_exitcode(status))
        print("parent still works", pr.r("2 + 2"))
    """)
    assert proc.returncode == 0, proc.stderr
    assert "child refused: R was started in process" in proc.stdout
    assert "cannot be used after fork()" in proc.stdout
    assert "child status 0" in proc.stdout
    assert "parent still works 4.0" in proc.stdout


def test_use_after_fork_from_a_worker_thread_is_refused_at_once(tmp_path):
    proc = run_python(tmp_path, """
        import os, threading, time
        import pyreticulate as pr
        pr.start()
        pr.set_timeout(60)
        f = pr.r("function() 1")

        def fork_here():
            pid = os.fork()
            if pid == 0:
                started = time.monotonic()
                try:
                    f()
                except RuntimeError as exc:
                    ok = "fork()" in str(exc) and time.monotonic() - started < 5
                    os._exit(0 if ok else 4)
                os._exit(3)
            _, status = os.waitpid(pid, 0)
            print("child status", os.waitstatus_to_exitcode(status), flush=True)
        worker = threading.Thread(target=fork_here)
        worker.start()
        worker.join()
    """)
    assert proc.returncode == 0, proc.stderr
    assert "child status 0" in proc.stdout


def test_python_called_from_a_forked_r_child_is_refused(script):
    proc = script("""
        library(pyreticulate)
        results <- parallel::mclapply(1:2, function(i) py_eval("1 + 1"), mc.cores = 2)
        for (r in results) cat(inherits(r, "try-error"), grepl("fork()", r, fixed = TRUE), "\\n")
        cat("parent", py_eval("1 + 1"), "\\n")
    """, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "TRUE TRUE \nTRUE TRUE \nparent 2 \n"


# --- the real reticulate ------------------------------------------------------------------

def test_library_reticulate_attaches_pyreticulates_implementation(script):
    proc = script("""
        library(reticulate)
        np <- import("numpy")
        py_run_string("x = 5")
        cat(np$sqrt(16), py$x, identical(py_eval, pyreticulate::py_eval), "\\n")
        cat(grepl("Provided by pyreticulate", packageDescription("reticulate")$Title), "\\n")
    """, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "4 5 TRUE \nTRUE \n"


def test_loading_the_real_reticulate_during_a_session_warns_and_keeps_our_methods(script):
    # Not attached: library(pyreticulate) would load the stand-in reticulate (the
    # packages it attaches import it), and loadNamespace() would return that one.
    proc = script("""
        message <- NULL
        invisible(withCallingHandlers(loadNamespace("reticulate", lib.loc = .Library.site),
                            warning = function(w) {
                              message <<- conditionMessage(w)
                              invokeRestart("muffleWarning")
                            }))
        cat(grepl("the real reticulate was loaded", message), pyreticulate::py_eval("1 + 1"), "\\n")
        np <- pyreticulate::import("numpy", convert = FALSE)
        cat(identical(getS3method("$", "python.builtin.object"),
                      get("$.python.builtin.object", asNamespace("pyreticulate"))),
            pyreticulate::py_to_r(np$sqrt(4)), "\\n")
    """, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "TRUE 2 \nTRUE 2 \n"


def test_reticulate_double_colon_calls_reach_pyreticulate(script):
    proc = script('cat(reticulate::py_eval("6 * 7"), reticulate::py_module_available("sys"), "\\n")',
                  timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "42 TRUE \n"


def test_reticulate_loaded_before_start_is_refused_with_a_clear_error(tmp_path, script):
    profile = tmp_path / "Rprofile"
    profile.write_text('invisible(loadNamespace("reticulate", lib.loc = .Library.site))\n')
    proc = script('cat("never runs\\n")', env={"R_PROFILE_USER": str(profile)},
                  timeout=TIMEOUT)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert "reticulate was loaded into the embedded R before pyreticulate started" \
        in proc.stderr
    assert "Traceback" not in proc.stderr


def test_first_use_from_a_worker_thread_starts_r_on_the_main_thread(tmp_path):
    proc = run_python(tmp_path, """
        import threading, time
        import pyreticulate as pr
        box = {}

        def use_r():
            box["value"] = pr.r("R.version$major")
        worker = threading.Thread(target=use_r)
        worker.start()
        while worker.is_alive():
            time.sleep(0.01)
        print(box["value"], pr.r("1 + 1"))
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "4 2.0\n"


# --- exit -----------------------------------------------------------------------------------

def test_exit_with_live_proxies_on_both_sides_is_clean(script):
    proc = script("""
        library(pyreticulate)
        np <- import("numpy", convert = FALSE)
        arrays <- lapply(1:50, function(i) np$ones(10L))
        py_run_string("held = []")
        main <- import_main(convert = FALSE)
        for (i in 1:50) main$held$append(function() i)
        cat("done\\n")
    """, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "done\n"
    assert proc.stderr == ""


def test_exit_runs_finalizers_and_hooks_of_both_sides_in_order(script):
    proc = script("""
        library(pyreticulate)
        .Last <- function() cat(".Last calls Python:", py_eval("6 * 7"), "\\n")
        e <- new.env()
        invisible(reg.finalizer(e, onexit = TRUE, function(e)
          cat("R exit finalizer calls Python:", py_eval("1 + 1"), "\\n")))
        double <- function(x) x * 2
        py_run_string("import atexit")
        py$register_me <- function() cat("Python at-exit calls R:", double(21), "\\n")
        py_run_string("atexit.register(register_me)")
        invisible(lapply(1:20, function(i) r_to_py(list(i))))
        cat("end of script\\n")
    """, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "end of script",
        "Python at-exit calls R: 42 ",
        ".Last calls Python: 42 ",
        "R exit finalizer calls Python: 2 ",
    ]
    assert proc.stderr == ""


def test_q_runs_last_and_python_at_exit_functions_and_keeps_its_status(script):
    proc = script("""
        library(pyreticulate)
        .Last <- function() cat("last\\n")
        py_run_string("import atexit\\natexit.register(lambda: print('python at exit'))")
        cat("quitting\\n")
        q(status = 4)
        cat("not reached\\n")
    """, timeout=TIMEOUT)
    assert proc.returncode == 4
    assert proc.stdout.splitlines() == ["quitting", "last", "python at exit"]


def test_daemon_thread_calling_r_at_exit_does_not_hang_or_crash(tmp_path):
    proc = run_python(tmp_path, """
        import threading
        import pyreticulate as pr
        pr.start()
        f = pr.r("function(x) x + 1")

        def forever():
            while True:
                try:
                    f(1)
                except RuntimeError:
                    return
        threading.Thread(target=forever, daemon=True).start()
        print(pr.r("1 + 1"))
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "2.0\n"


def test_calls_after_shutdown_raise_rshutdownerror(tmp_path):
    proc = run_python(tmp_path, """
        import pyreticulate as pr
        from pyreticulate.runtime import embedded, threads
        pr.start()
        kept = pr.r("c(1, 2)", convert=False)
        f = pr.r("function() 1")
        embedded.shutdown()
        for attempt in (lambda: pr.r("1"), f):
            try:
                attempt()
            except threads.RShutDownError as exc:
                print("refused:", exc)
        del kept
        print("released after shutdown")
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "refused: R has shut down in this process; it cannot be used any more",
        "refused: R has shut down in this process; it cannot be used any more",
        "released after shutdown",
    ]


def test_worker_call_after_shutdown_is_refused_not_timed_out(tmp_path):
    proc = run_python(tmp_path, """
        import threading, time
        import pyreticulate as pr
        from pyreticulate.runtime import embedded, threads
        pr.start()
        f = pr.r("function() 1")
        embedded.shutdown()
        box = {}

        def call():
            started = time.monotonic()
            try:
                f()
            except threads.RShutDownError:
                box["refused in"] = time.monotonic() - started
        worker = threading.Thread(target=call)
        worker.start()
        worker.join(30)
        print(box["refused in"] < 5)
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "True\n"


def test_starting_r_leaves_ld_library_path_as_it_was():
    code = textwrap.dedent("""
        import os
        before = os.environ.get("LD_LIBRARY_PATH")
        import pyreticulate
        pyreticulate.start()
        print(os.environ.get("LD_LIBRARY_PATH") == before)
    """)
    environment = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**environment, "PYTHONPATH": ROOT}, timeout=120)
    assert proc.stdout.strip() == "True", proc.stderr


def test_exit_with_a_live_zero_copy_view_reports_nothing_but_the_error(script):
    proc = script('library(pyreticulate)\nx <- r_to_py(matrix(runif(10), 2))\nstop("boom")')
    assert proc.returncode == 1
    assert proc.stderr == "Error: boom\nExecution halted\n"


# --- Ctrl-C during start-up -------------------------------------------------------------

INTERRUPTING = """
    import os, signal, sys
    import pyreticulate as pr
    from pyreticulate import bridge
    from pyreticulate.runtime import embedded, evaluation, interrupts, rpackages
    import rpy2.rinterface as ri

    sent = []

    def interrupt():
        if not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.SIGINT)

    def interrupting(owner, name):
        step = getattr(owner, name)
        def run(*args, **kwargs):
            interrupt()
            return step(*args, **kwargs)
        setattr(owner, name, run)

    os.environ["INTERRUPT_PID"] = str(os.getpid())
"""

# Where start-up sends itself SIGINT: a step of the start sequence made to send it
# first, or R code run during R's own initialisation or the R package's loading.
STEPS = {
    "checking the versions": "interrupting(embedded, 'check_versions')",
    "starting R": "interrupting(ri, 'initr')",
    "checking libR": "interrupting(embedded, 'check_one_libr')",
    "installing the hooks": "interrupting(interrupts, 'install')",
    "refusing reticulate": "interrupting(embedded, '_refuse_reticulate')",
    "installing the R package": "interrupting(rpackages, 'ensure_installed')",
    "installing the condition handler": "interrupting(evaluation, 'install_handlers')",
    "running the load hooks": "bridge.BRIDGE.on_loaded += (lambda namespace: interrupt(),)",
}
R_PROFILES = {
    "R's own initialisation": "tools::pskill(Sys.getpid(), tools::SIGINT)",
    "loading the R package": 'setHook(packageEvent("pyreticulate", "onLoad"), '
                             'function(...) tools::pskill(Sys.getpid(), tools::SIGINT))',
}
AFTER_START = """
    try:
        pr.start()
        print("start returned")
    except KeyboardInterrupt:
        print("KeyboardInterrupt once started:", embedded.is_started())
    print("handler:", signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    print("after:", pr.r("1 + 1"))
"""


def profile_interrupting(tmp_path, code):
    """An R profile that runs ``code`` in this embedded R only (not in R's children)."""
    profile = tmp_path / "Rprofile"
    profile.write_text(f'if (Sys.getenv("INTERRUPT_PID") == Sys.getpid()) {code}\n')
    return {"R_PROFILE_USER": str(profile)}


@pytest.mark.parametrize("step", list(STEPS) + list(R_PROFILES))
def test_ctrl_c_during_start_up_is_delivered_once_r_has_started(tmp_path, step):
    env = profile_interrupting(tmp_path, R_PROFILES[step]) if step in R_PROFILES else None
    proc = run_python(tmp_path, INTERRUPTING + "\n    " + STEPS.get(step, "") + AFTER_START,
                      env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["KeyboardInterrupt once started: True",
                                        "handler: True", "after: 2.0"], proc.stderr


def test_ctrl_c_during_start_up_reaches_the_hosts_own_handler_afterwards(tmp_path):
    proc = run_python(tmp_path, INTERRUPTING + """
    seen = []
    def host_handler(signum, frame):
        seen.append(embedded.is_started())
    signal.signal(signal.SIGINT, host_handler)
    interrupting(rpackages, 'ensure_installed')
    pr.start()
    print("host handler saw it once started:", seen)
    print("handler kept:", signal.getsignal(signal.SIGINT) is host_handler)
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["host handler saw it once started: [True]",
                                        "handler kept: True"]


@pytest.mark.parametrize("marker, delay", [("READY", 0.0), ("READY", 0.4), ("R UP", 0.0),
                                           ("R UP", 0.1), ("R UP", 0.25)])
def test_ctrl_c_at_any_moment_of_start_up_leaves_r_usable(tmp_path, marker, delay):
    """SIGINT from outside, ``delay`` seconds after the process prints ``marker``: READY
    before start-up, R UP once R's own initialisation has returned. It is seen exactly
    once, and R works."""
    returncode, out, err = interrupted(tmp_path, """
        import time
        import rpy2.rinterface as ri
        import pyreticulate as pr
        initr = ri.initr
        def initr_then_tell(*args, **kwargs):
            status = initr(*args, **kwargs)
            print("R UP", flush=True)
            return status
        ri.initr = initr_then_tell

        def wait_for_ctrl_c():
            if not interrupted:
                time.sleep(60)
        steps = [lambda: print("READY", flush=True), pr.start,
                 lambda: print("after:", pr.r("1 + 1"), flush=True), wait_for_ctrl_c]
        interrupted = []
        done = 0
        while done < len(steps):
            try:
                steps[done]()
                done += 1
            except KeyboardInterrupt:
                interrupted.append(done)
        print("Ctrl-C seen:", len(interrupted), flush=True)
    """, delay=delay, marker=marker.encode() + b"\n")
    assert returncode == 0, err
    assert out.splitlines()[-2:] == ["after: 2.0", "Ctrl-C seen: 1"], (out, err)


def test_failure_after_r_started_is_retried_by_the_next_start(tmp_path):
    proc = run_python(tmp_path, """
        import pyreticulate as pr
        from pyreticulate.runtime import embedded, rpackages
        install = rpackages.ensure_installed
        failures = [OSError("the disk is full")]
        def failing_once(*args):
            if failures:
                raise failures.pop()
            return install(*args)
        rpackages.ensure_installed = failing_once
        try:
            pr.start()
        except OSError as exc:
            print("first start:", exc, embedded.is_started())
        pr.start()
        print("second start:", embedded.is_started(), pr.r("1 + 1"))
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["first start: the disk is full False",
                                        "second start: True 2.0"]


def test_r_starts_with_the_bridges_vector_heap_floor():
    trigger_mb = pr.r("gc()['Vcells', 'gc trigger'] * 8 / 2^20")
    assert trigger_mb >= 256.0, f"R's vector-heap trigger is {trigger_mb} MB, below the floor"


def test_vector_heap_floor_is_passed_to_r_by_default():
    assert embedded.vector_heap_options((), {}) == ("--min-vsize=256M",)


def test_vector_heap_floor_yields_to_r_vsize_in_the_environment():
    assert embedded.vector_heap_options((), {"R_VSIZE": "64M"}) == ()


def test_vector_heap_floor_yields_to_a_min_vsize_argument():
    assert embedded.vector_heap_options(("--min-vsize=1G",), {}) == ()
