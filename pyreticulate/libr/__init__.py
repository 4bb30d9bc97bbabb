"""The libR layer: libR's C API through cffi (``capi``), PROTECT scopes
(``protect``) and reading and writing R vectors (``vectors``). Nothing here
evaluates R code by itself or knows about threads; see ``docs/architecture.md``."""
