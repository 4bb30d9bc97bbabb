"""The embedded R runtime: started once per process through rpy2, on the main thread.

``start(bridge)`` checks the versions, starts R with rpy2's low-level layer,
installs the console, interrupt and thread hooks, loads the bundled R package
and hands it the entry points of ``bridge`` (a ``Bridge``: the layers above the
runtime pass theirs in, so the runtime imports none of them). It refuses a
forked child, a free-threaded Python and a session where the real reticulate is
already loaded.

``shutdown()`` owns the teardown (rpy2's own at-exit hook is removed) and runs
it once, at exit or from ``q()``, in a fixed order:

1. other threads' queued R calls fail and new ones are refused;
2. R's ``.Last()`` and its on-exit finalizers run, with Python fully usable;
3. R's garbage collector runs, so proxies drop their Python objects;
4. handles stop touching R (objects Python frees later release nothing) and
   every further call into R raises ``RShutDownError``;
5. R closes its graphics devices and removes its temporary directory.
"""
import atexit
import contextlib
import importlib.metadata
import locale
import os
import re
import signal
import subprocess
import sys
import threading

from ..libr import capi, cstack
from ..libr.protect import protected
from . import console, evaluation, handles, interrupts, rpackages, threads
from .handles import RObject

RINTERFACE_KNOWN_GOOD = "3.6.3"
RINTERFACE_NEEDS_R_4_5 = (3, 6, 7)

_state = {"started": False, "pid": None, "home": None, "r_version": None, "namespace": None,
          "stopped": False, "exited_r": False, "failed": None}
_lock = threading.Lock()


class StartupError(RuntimeError):
    """R cannot be started (or used) in this process."""


class RuntimeVersionError(StartupError):
    """The installed R and rpy2 versions cannot work together."""


def installed_version(dist):
    """The installed version of a Python distribution, or None."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _version_tuple(text):
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def r_home():
    home = os.environ.get("R_HOME")
    if home:
        return home
    try:
        out = subprocess.run(["R", "RHOME"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise RuntimeVersionError(
            "R was not found: install R (Debian: apt-get install r-base-core r-base-dev) "
            "or set R_HOME") from exc
    return out.stdout.strip()


def r_version(home):
    try:
        out = subprocess.run([os.path.join(home, "bin", "R"), "--version"],
                             capture_output=True, text=True)
    except OSError as exc:
        raise RuntimeVersionError(
            f"R was not found at R_HOME={home} ({exc.strerror}); set R_HOME to an R "
            "installation (R RHOME prints it) or unset it") from exc
    match = re.search(r"R version (\d+\.\d+\.\d+)", out.stdout)
    if not match:
        raise RuntimeVersionError(f"could not read the R version from {home}/bin/R")
    return match.group(1)


def check_versions(home):
    """Refuse rpy2-rinterface/R combinations known not to load, naming the fix."""
    version = r_version(home)
    rinterface = installed_version("rpy2-rinterface")
    if rinterface and _version_tuple(rinterface) >= RINTERFACE_NEEDS_R_4_5 \
            and _version_tuple(version) < (4, 5):
        raise RuntimeVersionError(
            f"rpy2-rinterface {rinterface} needs R >= 4.5 (it calls R_getVar), but R is "
            f"{version} here. Install the version verified with R {version}: "
            f"pip install 'rpy2-rinterface=={RINTERFACE_KNOWN_GOOD}'")
    return version, rinterface


def check_same_r(home, rpy2_home):
    """rpy2 and pyreticulate must load the same R installation."""
    if rpy2_home is None or os.path.realpath(rpy2_home) != os.path.realpath(home):
        raise RuntimeVersionError(
            f"rpy2 found R at {rpy2_home} but pyreticulate uses the R at {home}; two "
            "different libR builds cannot share a process. Set R_HOME to one R "
            "installation before importing rpy2 or pyreticulate")


def loaded_libraries():
    """Paths of the shared libraries mapped into this process."""
    with open("/proc/self/maps") as maps:
        return {line.split(None, 5)[5].strip() for line in maps if len(line.split(None, 5)) == 6}


def check_one_libr(libraries):
    """Refuse a process where more than one libR is mapped (a mismatched install)."""
    found = sorted({os.path.realpath(p) for p in libraries if os.path.basename(p) == "libR.so"})
    if len(found) > 1:
        raise RuntimeVersionError(
            f"more than one libR is loaded into this process ({', '.join(found)}); "
            "rpy2 and R must come from the same R installation (reinstall rpy2-rinterface "
            "against the R you use, or set R_HOME)")


def _refuse_unsupported_process():
    if hasattr(sys, "_is_gil_enabled") and not sys._is_gil_enabled():
        raise RuntimeVersionError("pyreticulate does not support free-threaded Python builds")
    threads.check_process()


def _ensure_utf8_locale():
    encoding = (locale.getlocale(locale.LC_CTYPE)[1] or "").lower().replace("-", "")
    if encoding != "utf8":
        for name in ("C.UTF-8", "C.utf8", "en_US.UTF-8"):
            try:
                locale.setlocale(locale.LC_CTYPE, name)
                os.environ["LC_CTYPE"] = name
                return
            except locale.Error:
                continue


class Bridge:
    """What the layers above the runtime give R at start-up.

    ``entries`` maps names to the cffi callbacks R calls as ``.ops$<name>``;
    each of ``on_loaded`` is called with the R package's namespace once it is
    loaded (and the runtime's evaluation is ready).
    """

    def __init__(self, entries, on_loaded=()):
        self.entries = entries
        self.on_loaded = tuple(on_loaded)


def is_started():
    return _state["started"]


def start(bridge, interactive=False, args=()):
    """Start R once for this process (main thread only); later calls return at once.

    Start-up is atomic with respect to Ctrl-C: SIGINT is held back while it runs
    (``_sigint_deferred``) and delivered, through the handler that was in place,
    once it has ended. R itself can be initialised only once per process: a
    failure there is final (``StartupError`` on every later call), while a
    failure after it (refusing the real reticulate, installing or loading the R
    package) leaves R running and the next call tries those steps again.
    """
    _refuse_unsupported_process()
    if _state["started"]:
        return
    if not threads.on_main_thread():
        raise RuntimeError("pyreticulate must start R on the main thread; "
                           "import and call it there first")
    if _state["stopped"]:
        raise threads.RShutDownError("R has been shut down in this process")
    if _state["failed"] is not None:
        failed = _state["failed"]
        raise StartupError("R could not be started in this process: "
                           f"{type(failed).__name__}: {failed}") from failed
    with _lock, _sigint_deferred():
        if _state["started"]:
            return
        _start(bridge, interactive, args)


class _SigintHold:
    """SIGINT held back while R starts (main thread): a Ctrl-C arriving meanwhile is
    raised again at ``release()``, so the handler in place before (Python's
    ``KeyboardInterrupt``, a host's own, ``SIG_IGN`` or ``SIG_DFL``) sees it then.

    Python runs its signal handlers only on the main thread, between bytecodes
    (also inside R's event hook and every callback R makes), so no
    ``KeyboardInterrupt`` can surface part-way through start-up. rpy2 puts
    Python's default handler back at the end of R's initialisation: ``hold()``
    again right after it.
    """

    def __init__(self):
        self.held = False
        self.previous = None

    def _note(self, signum, frame):
        self.held = True

    def hold(self):
        try:
            current = signal.getsignal(signal.SIGINT)
            if current is None:     # a handler installed from C: it could not be put back
                return
            if current != self._note:
                signal.signal(signal.SIGINT, self._note)
                if self.previous is None:
                    self.previous = current
        except ValueError:          # not the main thread of the main interpreter
            pass

    def release(self):
        if self.previous is None:
            return
        signal.signal(signal.SIGINT, self.previous)
        self.previous = None
        if self.held:
            self.held = False
            signal.raise_signal(signal.SIGINT)


_sigint = _SigintHold()


@contextlib.contextmanager
def _sigint_deferred():
    """The block runs with SIGINT held back (``_SigintHold``)."""
    _sigint.hold()
    try:
        yield
    finally:
        _sigint.release()


def _start(bridge, interactive, args):
    if _state["pid"] is None:
        home = r_home()
        version, _ = check_versions(home)
        _ensure_utf8_locale()
        os.environ["R_HOME"] = home
        try:
            _start_embedded_r(home, interactive, args)
        except BaseException as exc:
            if _r_initialised():
                _state["failed"] = exc
            raise
        _state.update(pid=os.getpid(), home=home, r_version=version)
        threads.set_owner()
        atexit.register(shutdown)
    # From here on a failure leaves R running and the next start() tries again.
    _refuse_reticulate()
    _load_package(_state["home"], _state["r_version"], bridge)
    _state["started"] = True


def _r_initialised():
    """Whether R's own initialisation has run in this process (it cannot run twice)."""
    embedded = sys.modules.get("rpy2.rinterface_lib.embedded")
    if embedded is None:
        return False
    if embedded.isinitialized():
        return True
    from rpy2.rinterface_lib import openrlib
    rlib = getattr(openrlib, "rlib", None)
    return rlib is not None and rlib.R_NilValue != openrlib.ffi.NULL


# R's vector-heap trigger never drops below this (R's own floor is 64 MB): a Python process
# moving arrays and data frames of tens of MB into R would otherwise run a full collection
# at nearly every conversion. R_VSIZE in the environment, or --min-vsize, chooses instead.
MIN_VECTOR_HEAP = "256M"


def vector_heap_options(args, environ):
    """R's ``--min-vsize`` option for the bridge's floor, unless R_VSIZE or ``args`` set one."""
    if "R_VSIZE" in environ or any(str(a).startswith("--min-vsize") for a in args):
        return ()
    return (f"--min-vsize={MIN_VECTOR_HEAP}",)


def _start_embedded_r(home, interactive, args):
    try:
        import rpy2.rinterface as ri
        from rpy2.rinterface_lib import embedded, openrlib
    except (ImportError, OSError) as exc:
        raise RuntimeVersionError(
            f"rpy2 could not load R ({exc}). With R {r_version(home)}, use "
            f"pip install 'rpy2-rinterface=={RINTERFACE_KNOWN_GOOD}'") from exc
    check_same_r(home, openrlib.R_HOME)
    options = ("pyreticulate", "--quiet", "--no-save", "--no-restore",
               *vector_heap_options(args, os.environ), *args)
    embedded.set_initoptions(options)
    library_path = os.environ.get("LD_LIBRARY_PATH")
    try:
        ri.initr(interactive=interactive, _c_stack_limit=0)
    except KeyboardInterrupt:
        # Only once rpy2 has put Python's handler back: R and rpy2 are set up by
        # then, so it is delivered when start-up ends.
        if not _r_initialised():
            raise
        _sigint.held = True
    finally:
        while True:     # (a Ctrl-C can still surface until hold() has run)
            try:
                _sigint.hold()
                break
            except KeyboardInterrupt:
                _sigint.held = True
    _restore_library_path(library_path)
    atexit.unregister(ri.endr)
    check_one_libr(loaded_libraries())
    capi.load(home)
    cstack.start()
    capi.lib.R_Interactive = 1 if interactive else 0
    handles.SLOTS.start()
    console.install(exit_process)
    interrupts.install()
    threads.install_wake_signal()


def _restore_library_path(value):
    """Undo the ``LD_LIBRARY_PATH`` rpy2 copies from R's start-up script.

    libR is loaded by then; left in ``os.environ`` it would make child Python
    processes load the system's libpython instead of their own.
    """
    if value is None:
        os.environ.pop("LD_LIBRARY_PATH", None)
    else:
        os.environ["LD_LIBRARY_PATH"] = value


def _load_package(home, version, bridge):
    lib = capi.lib
    library = rpackages.ensure_installed(home, version)
    with protected() as keep:
        ops = keep(lib.R_NewEnv(lib.R_EmptyEnv, 1, 64))
        for name, callback in bridge.entries.items():
            xptr = keep(lib.R_MakeExternalPtr(callback, capi.sym("native symbol"),
                                              lib.R_NilValue))
            lib.Rf_defineVar(capi.sym(name), xptr, ops)
        _state["ops"] = RObject(ops)
        prepend = evaluation.eval_text("function(lib) .libPaths(c(lib, .libPaths()))")
        evaluation.call_function(prepend.sexp, [capi.mkstring(str(library))], keep=keep)
        options = evaluation.function("options")
        evaluation.call_function(options, [], [("pyreticulate.bridge", ops)], keep=keep)
        namespace = keep(evaluation.call_function(
            evaluation.function("loadNamespace"), [capi.mkstring(rpackages.PACKAGE)], keep=keep))
        _state["namespace"] = RObject(namespace)
    evaluation.install_handlers(namespace)
    for loaded in bridge.on_loaded:
        loaded(namespace)


def _refuse_reticulate():
    """The real reticulate must not be active here (an R profile may have loaded it)."""
    loaded = evaluation.eval_text('"reticulate" %in% loadedNamespaces()')
    if capi.lib.LOGICAL(loaded.sexp)[0]:
        raise StartupError(
            "reticulate was loaded into the embedded R before pyreticulate started (by an "
            "R profile, R_DEFAULT_PACKAGES or a site library); pyreticulate and reticulate "
            "cannot be active in the same process. Remove library(reticulate) from the "
            "start-up files: pyreticulate provides reticulate's API")


def namespace():
    return _state["namespace"].sexp


def r_version_string():
    return _state["r_version"]


def shutdown():
    """At exit: the fixed teardown order of the module docstring (runs once)."""
    if not _state["started"] or _state["stopped"]:
        return
    _state["stopped"] = True
    if _state["pid"] != os.getpid() or not threads.on_main_thread():
        handles.SLOTS.close()
        threads.close()
        return
    try:
        threads.enter("R's shutdown", timeout=5)   # R stays this thread's to the end
    except threads.MainThreadTimeout:
        handles.SLOTS.close()
        threads.close()
        return
    threads.stop()
    lib = capi.lib
    if not _state["exited_r"]:
        _toplevel(lib.R_dot_Last)
        _toplevel(lib.R_RunExitFinalizers)
    _toplevel(lib.R_gc)
    handles.SLOTS.close()
    threads.close()
    _toplevel(lambda: lib.Rf_endEmbeddedR(0))


def exit_process(status, run_last):
    """``q()``: R's exit steps, then Python's at-exit functions, then end the process."""
    lib = capi.lib
    if not _state["stopped"]:
        threads.stop()
        if run_last:
            _toplevel(lib.R_dot_Last)
        _toplevel(lib.R_RunExitFinalizers)
        _state["exited_r"] = True
    try:
        atexit._run_exitfuncs()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)


@capi.ffi.callback("void(void *)")
def _run_toplevel(data):
    capi.ffi.from_handle(data)()


def _toplevel(fn):
    """Run a C-level R step inside R_ToplevelExec, so an R error in it cannot longjmp past us."""
    handle = capi.ffi.new_handle(fn)
    return bool(capi.lib.R_ToplevelExec(_run_toplevel, handle))
