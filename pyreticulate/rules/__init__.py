"""The built-in conversion rules, one module per family.

Importing this package registers every family with ``registry.REGISTRY``;
later families take precedence over earlier ones for the same SEXP type.
"""
from . import objects, scalars, functions, arrays  # noqa: F401  (registration order matters)
