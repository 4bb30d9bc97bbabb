"""The built-in conversion rules, one module per family.

Importing this package registers every family with ``registry.REGISTRY``;
later families take precedence over earlier ones for the same SEXP type or
Python type: the class-based families (factors, dates, data frames, sparse
matrices) come after the plain vectors and arrays they refine.
"""
from . import objects, scalars, functions, arrays  # noqa: F401  (registration order matters)
from . import factors, datetimes, dataframes, sparse  # noqa: F401
