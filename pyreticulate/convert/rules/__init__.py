"""The built-in conversion rules, one module per family.

Importing this package registers every family with ``registry.REGISTRY``;
later families take precedence over earlier ones for the same SEXP type or
Python type: the class-based families (factors, dates, data frames, sparse
matrices) come after the plain vectors and arrays they refine, and so do names
(named lists and vectors), which are asked before the plain lists and vectors. Attribute-free
vectors, the commonest values, take a shortcut to the scalars rule.
"""
from . import scalars, callables, references, arrays, names  # noqa: F401  (order matters)
from . import factors, datetimes, dataframes, sparse  # noqa: F401
from ...libr import capi
from ..registry import REGISTRY

# Last, so that only rules registered from now on replace it.
REGISTRY.register_plain_r_to_py(scalars.plain_vector_to_python, capi.LGLSXP, capi.INTSXP,
                                capi.REALSXP, capi.CPLXSXP, capi.STRSXP)
REGISTRY.register_plain_r_to_py(scalars.null_to_none, capi.NILSXP)
