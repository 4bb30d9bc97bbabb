"""The embedded R runtime: started once per process through rpy2, owned by the main thread.

``start()`` checks the versions, starts R with rpy2's low-level layer, installs
the console, interrupt and thread hooks, loads the bundled R package and hands
it the bridge entry points. ``shutdown()`` runs at exit in a fixed order.
"""
import atexit
import importlib.metadata
import locale
import os
import re
import subprocess
import sys
import threading

from . import bridge, console, evaluation, handles, interrupts, proxies, rapi, rpackage, threads
from .handles import RObject, protected

RINTERFACE_KNOWN_GOOD = "3.6.3"
RINTERFACE_NEEDS_R_4_5 = (3, 6, 7)

_state = {"started": False, "pid": None, "r_version": None, "namespace": None,
          "stopped": False}
_lock = threading.Lock()


class RuntimeVersionError(RuntimeError):
    """The installed R and rpy2 versions cannot work together."""


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
    out = subprocess.run([os.path.join(home, "bin", "R"), "--version"], capture_output=True,
                         text=True)
    match = re.search(r"R version (\d+\.\d+\.\d+)", out.stdout)
    if not match:
        raise RuntimeVersionError(f"could not read the R version from {home}/bin/R")
    return match.group(1)


def check_versions(home):
    """Refuse rpy2-rinterface/R combinations known not to load, naming the fix."""
    version = r_version(home)
    try:
        rinterface = importlib.metadata.version("rpy2-rinterface")
    except importlib.metadata.PackageNotFoundError:
        rinterface = None
    if rinterface and _version_tuple(rinterface) >= RINTERFACE_NEEDS_R_4_5 \
            and _version_tuple(version) < (4, 5):
        raise RuntimeVersionError(
            f"rpy2-rinterface {rinterface} needs R >= 4.5 (it calls R_getVar), but R is "
            f"{version} here. Install the version verified with R {version}: "
            f"pip install 'rpy2-rinterface=={RINTERFACE_KNOWN_GOOD}'")
    return version, rinterface


def _refuse_unsupported_process():
    if hasattr(sys, "_is_gil_enabled") and not sys._is_gil_enabled():
        raise RuntimeVersionError("pyreticulate does not support free-threaded Python builds")
    if _state["pid"] is not None and _state["pid"] != os.getpid():
        raise RuntimeError(
            "R was started in a parent process and cannot be used after fork(); "
            "start a fresh process (e.g. multiprocessing with the 'spawn' method)")


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


def is_started():
    return _state["started"]


def start(interactive=False, args=()):
    """Start R once for this process (main thread only); later calls return at once."""
    _refuse_unsupported_process()
    if _state["started"]:
        return
    if not threads.on_main_thread():
        raise RuntimeError("pyreticulate must start R on the main thread; "
                           "import and call it there first")
    if _state["stopped"]:
        raise threads.RShutDownError("R has been shut down in this process")
    with _lock:
        if _state["started"]:
            return
        home = r_home()
        version, _ = check_versions(home)
        _ensure_utf8_locale()
        os.environ["R_HOME"] = home
        _start_embedded_r(home, interactive, args)
        _state["pid"] = os.getpid()
        _state["r_version"] = version
        _load_package(home, version)
        _state["started"] = True
        atexit.register(shutdown)


def _start_embedded_r(home, interactive, args):
    try:
        import rpy2.rinterface as ri
        from rpy2.rinterface_lib import embedded
    except (ImportError, OSError) as exc:
        raise RuntimeVersionError(
            f"rpy2 could not load R ({exc}). With R {r_version(home)}, use "
            f"pip install 'rpy2-rinterface=={RINTERFACE_KNOWN_GOOD}'") from exc
    options = ("pyreticulate", "--quiet", "--no-save", "--no-restore")
    if args:
        options += tuple(args)
    embedded.set_initoptions(options)
    ri.initr(interactive=interactive, _c_stack_limit=0)
    rapi.load(home)
    rapi.lib.R_Interactive = 1 if interactive else 0
    handles.SLOTS.start()
    console.install()
    interrupts.install()
    threads.install_wake_signal()


def _load_package(home, version):
    lib = rapi.lib
    library = rpackage.ensure_installed(home, version)
    with protected() as keep:
        ops = keep(lib.R_NewEnv(lib.R_EmptyEnv, 1, 64))
        for name, callback in bridge.ENTRIES.items():
            xptr = keep(lib.R_MakeExternalPtr(callback, rapi.sym("native symbol"),
                                              lib.R_NilValue))
            lib.Rf_defineVar(rapi.sym(name), xptr, ops)
        _state["ops"] = RObject(ops)
        prepend = evaluation.eval_text("function(lib) .libPaths(c(lib, .libPaths()))")
        evaluation.call_function(prepend.sexp, [rapi.mkstring(str(library))], keep=keep)
        options = evaluation.function("options")
        evaluation.call_function(options, [], [("pyreticulate.bridge", ops)], keep=keep)
        namespace = keep(evaluation.call_function(
            evaluation.function("loadNamespace"), [rapi.mkstring(rpackage.PACKAGE)], keep=keep))
        _state["namespace"] = RObject(namespace)
    evaluation.install_handlers(namespace)
    proxies.install(namespace)
    bridge.make_sentinels()


def namespace():
    return _state["namespace"].sexp


def r_version_string():
    return _state["r_version"]


def shutdown():
    """At exit: stop thread hand-offs, collect R garbage, then stop using R."""
    if not _state["started"] or _state["stopped"]:
        return
    _state["stopped"] = True
    threads.stop()
    if threads.on_main_thread() and _state["pid"] == os.getpid():
        try:
            rapi.lib.R_gc()
        except Exception:
            pass
