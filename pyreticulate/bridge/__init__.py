"""The entry points R calls: ``.External(.ops$name, ...)``.

``crossing`` holds the mechanism (cffi callbacks that never raise into R,
``.pyr_signal`` for errors, interrupts and warnings) and ``arguments`` the
reading of R values; the other modules hold the entries, one concern each.
Importing this package registers every entry in ``ENTRIES``.
"""
from . import attributes, calls, conditions, conversion, host, iteration, modules, objects  # noqa: F401
from .crossing import ENTRIES, make_sentinels

__all__ = ["ENTRIES", "make_sentinels"]
