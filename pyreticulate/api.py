"""The Python-side API: evaluate R, source R files, read and assign R globals,
and convert explicitly in either direction. Every call may come from any
thread; the work runs on the calling thread once it owns R (``runtime.threads``).
"""
from __future__ import annotations

import collections.abc
import os
from typing import Any, Callable, Iterator, TypeVar

from . import bridge
from .runtime import embedded, evaluation, threads
from .libr import capi, vectors
from .runtime.handles import RObject, live_counts
from .libr.protect import protected
from .convert.registry import REGISTRY, ConversionRules, ConversionScope
from .convert.rules.arrays import NUMPY_RULES
from .convert.rules.callables import RFunction
from .pyobjects import loadhooks
from .tensorflow import quiet as tensorflow_quiet


T = TypeVar("T")


def _on_main(fn: Callable[..., T], *args: Any, description: str = "R code") -> T:
    if not embedded.is_started():
        threads.call_on_main_thread(lambda: threads.run_in_r(start, (), "starting R"),
                                    "starting R")
    result: T = threads.run_in_r(fn, args, description)
    return result


def start(interactive: bool = False, args: tuple[str, ...] | list[str] = ()) -> None:
    """Start the embedded R with the bridge (done on first use; call it to start it early).

    ``args`` are R's command-line arguments (``--file=``, ``--args ...``). When R code
    imports TensorFlow, it starts quietly (``tensorflow.quiet``)."""
    embedded.start(bridge.BRIDGE, interactive=interactive, args=args)
    loadhooks.around_import("tensorflow", tensorflow_quiet.quiet_import)


class Conversion:
    """``conversion(*rules)`` is a converter scope (``ConversionScope``): ``with
    conversion(rules) as local:`` the rules apply in this thread or task for the block;
    ``conversion.numpy`` is the ready numpy scope's rules (``ConversionRules``)."""

    numpy: ConversionRules = NUMPY_RULES

    def __call__(self, *rules: ConversionRules) -> ConversionScope:
        return ConversionScope(*rules)

    def __repr__(self) -> str:
        return "<pyreticulate.conversion: conversion(*rules) is a converter scope>"


conversion = Conversion()


def _to_python(sexp: Any, numpy: bool) -> Any:
    """``REGISTRY.to_python``, in the numpy scope when ``numpy``."""
    if not numpy:
        return REGISTRY.to_python(sexp)
    with ConversionScope(NUMPY_RULES):
        return REGISTRY.to_python(sexp)


def r(code: str, convert: bool = True, env: RObject | None = None,
      numpy: bool = False) -> Any:
    """Evaluate R code; the value of its last expression, converted unless ``convert=False``.

    ``env`` (an R environment as an ``RObject``) is where it runs; by default the
    global environment. ``numpy=True`` converts in the numpy scope (vectors as
    ndarrays). An R function fetched by name (``r("f")``) keeps that name in messages.
    """
    if not isinstance(code, str):
        raise TypeError(f"R code must be a str, not {type(code).__name__}")
    if env is not None and not isinstance(env, RObject):
        raise TypeError(f"env must be an R environment (pyreticulate.RObject), "
                        f"not {type(env).__name__}")

    def run() -> Any:
        if env is not None and capi.lib.TYPEOF(env.sexp) != capi.ENVSXP:
            raise TypeError(f"env must be an R environment, not an R {env.rtype}")
        value = evaluation.eval_text(code, None if env is None else env.sexp)
        if not convert:
            return value
        result = _to_python(value.sexp, numpy)
        if isinstance(result, RFunction) and evaluation.is_syntactic_name(code.strip()):
            result.__name__ = code.strip()
        return result
    return _on_main(run, description="R code")


def source(path: str | os.PathLike[str], convert: bool = True) -> Any:
    """Run an R file with ``source()``; returns the value of its last expression."""
    def run() -> Any:
        with protected() as keep:
            value = evaluation.call_function(
                evaluation.function("source"), [capi.mkstring(os.fspath(path))],
                [("local", capi.lib.R_GlobalEnv)], keep=keep)
            value = capi.lib.VECTOR_ELT(value, 0)
            return REGISTRY.to_python(value) if convert else RObject(value)
    return _on_main(run, description=f"source({path!r})")


def py_to_r(obj: Any) -> RObject:
    """Convert a Python object to an R object (an ``RObject``)."""
    def run() -> RObject:
        with protected() as keep:
            return RObject(keep(REGISTRY.to_r(obj)))
    return _on_main(run, description="a conversion to R")


def r_to_py(robj: RObject) -> Any:
    """Convert an R object (an ``RObject``) to Python by the registry's rules."""
    if not isinstance(robj, RObject):
        raise TypeError("r_to_py() needs an R object (pyreticulate.RObject)")
    return _on_main(lambda: REGISTRY.to_python(robj.sexp), description="a conversion to Python")


class GlobalEnv(collections.abc.MutableMapping[str, Any]):
    """R's global environment as a mapping; values are converted both ways."""

    def __getitem__(self, name: str) -> Any:
        return self.read(name)

    def read(self, name: str, numpy: bool = False) -> Any:
        """The value of ``name``, converted (in the numpy scope with ``numpy=True``)."""
        def run() -> Any:
            lib = capi.lib
            value = lib.Rf_findVarInFrame3(lib.R_GlobalEnv, capi.sym(name), 1)
            if value == lib.R_UnboundValue:
                raise KeyError(name)
            with protected() as keep:
                if lib.TYPEOF(value) == capi.PROMSXP:
                    value = evaluation.evaluate(capi.sym(name), lib.R_GlobalEnv, keep)
                keep(value)
                return _to_python(value, numpy)
        return _on_main(run, description=f"reading {name!r}")

    def __setitem__(self, name: str, value: Any) -> None:
        def run() -> None:
            with protected() as keep:
                capi.lib.Rf_defineVar(capi.sym(name), keep(REGISTRY.to_r(value)),
                                      capi.lib.R_GlobalEnv)
        _on_main(run, description=f"assigning {name!r}")

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)

        def run() -> None:
            with protected() as keep:
                evaluation.call_function(evaluation.function("rm"), [],
                                         [("list", keep(capi.mkstring(name))),
                                          ("envir", capi.lib.R_GlobalEnv)], keep=keep)
        _on_main(run, description=f"removing {name!r}")

    def _names(self) -> list[str]:
        names: list[str] = vectors.strings(
            evaluation.eval_text("ls(globalenv(), all.names = TRUE)").sexp)
        return names

    def __iter__(self) -> Iterator[str]:
        return iter(_on_main(self._names, description="listing R globals"))

    def __len__(self) -> int:
        return len(_on_main(self._names, description="listing R globals"))

    def __contains__(self, name: object) -> bool:
        return name in _on_main(self._names, description="listing R globals")


globalenv = GlobalEnv()


def assign(name: str, value: Any) -> None:
    """``assign(name, value, globalenv())`` with ``value`` converted to R."""
    globalenv[name] = value


def get(name: str, numpy: bool = False) -> Any:
    """The R global ``name``, converted to Python (in the numpy scope with ``numpy=True``)."""
    return globalenv.read(name, numpy=numpy)


def live_handle_counts() -> dict[str, int]:
    """How many R objects Python holds and how many Python objects R holds."""
    return _on_main(live_counts, description="counting handles")
