"""The Python-side API: evaluate R, source R files, read and assign R globals,
and convert explicitly in either direction. Every call may come from any
thread; the work runs on R's (the main) thread.
"""
import collections.abc
import os

from . import bridge
from .runtime import embedded, evaluation, threads
from .libr import capi, vectors
from .runtime.handles import RObject, live_counts
from .libr.protect import protected
from .convert.registry import REGISTRY
from .convert.rules.callables import RFunction
from .pyobjects import loadhooks
from .tensorflow import context as tensorflow_context


def _on_main(fn, *args, description="R code"):
    if not embedded.is_started():
        threads.run_on_main(start, (), "starting R")
    return threads.run_on_main(fn, args, description)


def start(interactive=False, args=()):
    """Start the embedded R with the bridge (done on first use; call it to start it early).

    ``args`` are R's command-line arguments (``--file=``, ``--args ...``). Once
    TensorFlow is imported (now or later), Python calls R makes at its top level
    are handed off (``runtime.threads``, ``tensorflow.context``)."""
    embedded.start(bridge.BRIDGE, interactive=interactive, args=args)
    loadhooks.on_import("tensorflow", tensorflow_context.install)


def set_hand_off(mode):
    """Where Python calls R makes at its top level (scripts, the console) run:
    ``"auto"`` (the default), ``"always"`` or ``"never"`` (``runtime.threads``)."""
    threads.set_hand_off(mode)


def r(code, convert=True, env=None):
    """Evaluate R code; the value of its last expression, converted unless ``convert=False``.

    ``env`` (an R environment as an ``RObject``) is where it runs; by default the
    global environment. An R function fetched by name (``r("f")``) keeps that name
    in messages.
    """
    if not isinstance(code, str):
        raise TypeError(f"R code must be a str, not {type(code).__name__}")
    if env is not None and not isinstance(env, RObject):
        raise TypeError(f"env must be an R environment (pyreticulate.RObject), "
                        f"not {type(env).__name__}")

    def run():
        if env is not None and capi.lib.TYPEOF(env.sexp) != capi.ENVSXP:
            raise TypeError(f"env must be an R environment, not an R {env.rtype}")
        value = evaluation.eval_text(code, None if env is None else env.sexp)
        result = REGISTRY.to_python(value.sexp) if convert else value
        if isinstance(result, RFunction) and evaluation.is_syntactic_name(code.strip()):
            result.__name__ = code.strip()
        return result
    return _on_main(run, description="R code")


def source(path, convert=True):
    """Run an R file with ``source()``; returns the value of its last expression."""
    def run():
        with protected() as keep:
            value = evaluation.call_function(
                evaluation.function("source"), [capi.mkstring(os.fspath(path))],
                [("local", capi.lib.R_GlobalEnv)], keep=keep)
            value = capi.lib.VECTOR_ELT(value, 0)
            return REGISTRY.to_python(value) if convert else RObject(value)
    return _on_main(run, description=f"source({path!r})")


def py_to_r(obj):
    """Convert a Python object to an R object (an ``RObject``)."""
    def run():
        with protected() as keep:
            return RObject(keep(REGISTRY.to_r(obj)))
    return _on_main(run, description="a conversion to R")


def r_to_py(robj):
    """Convert an R object (an ``RObject``) to Python by the registry's rules."""
    if not isinstance(robj, RObject):
        raise TypeError("r_to_py() needs an R object (pyreticulate.RObject)")
    return _on_main(lambda: REGISTRY.to_python(robj.sexp), description="a conversion to Python")


class GlobalEnv(collections.abc.MutableMapping):
    """R's global environment as a mapping; values are converted both ways."""

    def __getitem__(self, name):
        def run():
            lib = capi.lib
            value = lib.Rf_findVarInFrame3(lib.R_GlobalEnv, capi.sym(name), 1)
            if value == lib.R_UnboundValue:
                raise KeyError(name)
            with protected() as keep:
                if lib.TYPEOF(value) == capi.PROMSXP:
                    value = evaluation.evaluate(capi.sym(name), lib.R_GlobalEnv, keep)
                keep(value)
                return REGISTRY.to_python(value)
        return _on_main(run, description=f"reading {name!r}")

    def __setitem__(self, name, value):
        def run():
            with protected() as keep:
                capi.lib.Rf_defineVar(capi.sym(name), keep(REGISTRY.to_r(value)),
                                      capi.lib.R_GlobalEnv)
        _on_main(run, description=f"assigning {name!r}")

    def __delitem__(self, name):
        if name not in self:
            raise KeyError(name)
        def run():
            with protected() as keep:
                evaluation.call_function(evaluation.function("rm"), [],
                                         [("list", keep(capi.mkstring(name))),
                                          ("envir", capi.lib.R_GlobalEnv)], keep=keep)
        _on_main(run, description=f"removing {name!r}")

    def _names(self):
        return vectors.strings(evaluation.eval_text("ls(globalenv(), all.names = TRUE)").sexp)

    def __iter__(self):
        return iter(_on_main(self._names, description="listing R globals"))

    def __len__(self):
        return len(_on_main(self._names, description="listing R globals"))

    def __contains__(self, name):
        return name in _on_main(self._names, description="listing R globals")


globalenv = GlobalEnv()


def assign(name, value):
    """``assign(name, value, globalenv())`` with ``value`` converted to R."""
    globalenv[name] = value


def get(name):
    """The R global ``name``, converted to Python."""
    return globalenv[name]


def live_handle_counts():
    """How many R objects Python holds and how many Python objects R holds."""
    return _on_main(live_counts, description="counting handles")
