"""PROTECT scopes: ``with protected() as keep: x = keep(alloc(...))``."""
from . import capi


class protected:
    """A PROTECT scope, balanced on exit: ``keep(sexp)`` protects and returns ``sexp``."""

    __slots__ = ("count",)

    def __init__(self):
        self.count = 0

    def __call__(self, sexp):
        capi.lib.Rf_protect(sexp)
        self.count += 1
        return sexp

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.count:
            capi.lib.Rf_unprotect(self.count)
            self.count = 0
        return False
