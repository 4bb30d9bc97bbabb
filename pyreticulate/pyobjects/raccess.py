"""``r`` in Python's ``__main__``: R's values seen from Python code that R runs.

As in reticulate, ``r.name`` and ``r["code"]`` evaluate R code (a name, or any
expression) in R's active environment and give its value converted to Python
(an R function becomes a callable that converts its arguments to R);
``r.name = value`` and ``r["name"] = value`` assign there. The active
environment is the option ``reticulate.engine.environment`` when it is set,
else knitr's while a document is knitted, else the environment testthat or
rlang report as the top of the call stack
(``rlang_trace_top_env``), else the global environment (``.pyr_r_get`` in
r/pyreticulate/R/py-modules.R).

``install`` binds ``r`` in ``__main__`` when the R package loads, unless
``__main__`` already has an ``r``.
"""
import sys

from ..convert.registry import REGISTRY
from ..libr import capi
from ..libr.protect import protected
from ..runtime import evaluation, threads


def _get(code):
    with protected() as keep:
        value = evaluation.call_function(evaluation.function(".pyr_r_get"),
                                         [keep(capi.mkstring(code))], keep=keep)
        with REGISTRY.converting(True):
            return REGISTRY.to_python(value)


def _set(name, value):
    with protected() as keep:
        r_value = keep(REGISTRY.to_r(value))
        evaluation.call_function(evaluation.function(".pyr_r_set"),
                                 [keep(capi.mkstring(name)), r_value], keep=keep)


def _on_main(fn, *args, what):
    return threads.run_in_r(fn, args, what)


class R:
    """R's values by name or code: ``r.x``, ``r["x + 1"]``, ``r.x = 1``."""

    __slots__ = ()

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _on_main(_get, name, what=f"reading r.{name}")

    def __getitem__(self, code):
        if not isinstance(code, str):
            raise TypeError("r[...] takes R code as a string")
        return _on_main(_get, code, what="evaluating R code for r[...]")

    def __setattr__(self, name, value):
        _on_main(_set, name, value, what=f"assigning r.{name}")

    def __setitem__(self, name, value):
        if not isinstance(name, str):
            raise TypeError("r[...] = value takes the R name as a string")
        _on_main(_set, name, value, what=f"assigning r[{name!r}]")

    def __repr__(self):
        return "<R: r.name and r['code'] read R values, r.name = value assigns>"


def install(namespace=None):
    """Bind ``r`` in ``__main__`` unless it has one."""
    main = sys.modules.get("__main__")
    if main is not None and not hasattr(main, "r"):
        main.r = R()
