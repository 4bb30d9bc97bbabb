"""pyreticulate: Python hosts the process, R runs inside it (through rpy2), and
R scripts drive Python, TensorFlow and Keras with reticulate's API.

From Python::

    import pyreticulate as pr
    pr.r("x <- c(1, NA, 3); mean(x, na.rm = TRUE)")   # 2.0
    pr.globalenv["df"] = {"a": [1, 2]}
    f = pr.r("function(x) x * 2"); f(21)               # 42.0
    pr.importr("stats").median([1.0, 2.0, 3.0])        # 2.0 ([1, 2, 3] is R's 1:3: 2)
    pr.r.pi                                            # 3.141592653589793
    pr.r("c(1, 2, 3)", numpy=True)                     # array([1., 2., 3.]), R's memory
    with pr.conversion(pr.conversion.numpy):           # converter scopes, this context only
        pr.get("x")

From the shell: ``pyreticulate run script.R``. In IPython or Jupyter:
``%load_ext pyreticulate``, then ``%R`` and ``%%R`` (``notebooks.magic``).
"""
from .api import (Conversion, GlobalEnv, assign, conversion, get, globalenv, live_handle_counts,
                  py_to_r, r, r_to_py, source, start)
from .convert import rules
from .convert.registry import (NOT_HANDLED, REGISTRY, ConversionRules, ConversionScope,
                               PyToRRule, Registration, RToPyRule, register_py_to_r,
                               register_r_to_py)
from .convert.rules.callables import RFunction
from .convert.rules.datetimes import POSIXctArray
from .convert.rules.factors import RFactor
from .convert.rules.names import RNamedList
from .runtime.errors import RError, RWarning
from .runtime.handles import RObject
from .runtime.threads import MainThreadTimeout, set_timeout
from .rmodules import (RPackage, RPackageFunction, RPackageNotFoundError, importr, packages,
                       r)

__version__ = "0.1.0"


def load_ipython_extension(ipython: object) -> None:
    """``%load_ext pyreticulate``: the ``%R`` and ``%%R`` magics (``notebooks.magic``;
    IPython is imported only now)."""
    from .notebooks import magic
    magic.load_ipython_extension(ipython)


__all__ = [
    "Conversion", "ConversionRules", "ConversionScope", "PyToRRule", "RToPyRule",
    "Registration", "conversion", "GlobalEnv", "MainThreadTimeout", "NOT_HANDLED", "POSIXctArray", "REGISTRY", "RError",
    "RFactor", "RFunction", "RNamedList", "RObject", "RWarning", "assign", "get", "globalenv",
    "live_handle_counts", "py_to_r", "r",
    "RPackage", "RPackageFunction", "RPackageNotFoundError", "importr", "packages",
    "r_to_py", "register_py_to_r", "register_r_to_py", "rules", "set_timeout",
    "source", "start", "load_ipython_extension",
]
