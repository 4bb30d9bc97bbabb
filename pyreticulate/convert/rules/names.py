"""Names: R lists and atomic vectors that have a ``names`` attribute (no ``dim``).

R → Python: a list whose names are all set, non-empty, unique and non-NA → a
``dict``. Any other named list (an empty, repeated or NA name) → an
``RNamedList``: the values in order, with ``.names`` (NA → None), so no element
is lost. A named atomic vector of length ≠ 1 → an ``RNamedList`` carrying its R
type in ``.rtype`` (length 1 stays a Python scalar, as every length-1 vector).

Python → R: an ``RNamedList`` → the R list (``rtype`` None) or the atomic
vector of its ``rtype``, with its names (None → NA), so the value comes back
``identical()``. A ``dict`` is a named list (scalars).
"""
import numbers
from typing import Any, Iterable

import numpy as np

from ...libr import capi
from ...libr.protect import protected
from ...libr.vectors import (INT_MAX, NA_INTEGER, atomic_values, complex_vector, has_dim,
                             numeric_vector, str_vector, strings_of)
from ..registry import NOT_HANDLED, REGISTRY
from .scalars import r_list

RTYPES = {capi.LGLSXP: "logical", capi.INTSXP: "integer", capi.REALSXP: "double",
          capi.CPLXSXP: "complex", capi.STRSXP: "character"}


class RNamedList(list):
    """An R list whose names a dict cannot hold (empty, repeated or NA names), or a named
    R atomic vector: a ``list`` of the values in R's order, with ``names``.

    ``names`` is a list of str, None standing for NA, as long as the values.
    ``rtype`` is None for an R list, else the R type of the atomic vector it
    converts back to: "logical", "integer", "double", "complex" or "character"
    (values must then be of that kind or None for NA). Equal to a plain list of
    the same values; to another ``RNamedList`` only with the same names and rtype.
    Made from values alone (``names`` None, as generic code rebuilding a list of
    the same type does), it has no names and converts like a plain list (or, with
    an ``rtype``, an unnamed vector of it).
    """

    __module__ = "pyreticulate"

    def __init__(self, values: Iterable[Any] = (), names: Iterable[str | None] | None = None,
                 rtype: str | None = None) -> None:
        super().__init__(values)
        if rtype is not None and rtype not in RTYPES.values():
            raise ValueError(f"RNamedList rtype must be None or one of "
                             f"{', '.join(RTYPES.values())}, not {rtype!r}")
        self.names = None if names is None else list(names)
        self.rtype = rtype
        checked_names(self)

    def items(self) -> list[tuple[str | None, Any]]:
        """``(name, value)`` pairs in order (names None without names)."""
        return list(zip(self.names or [None] * len(self), self))

    def __eq__(self, other):
        if isinstance(other, RNamedList):
            return (list.__eq__(self, other) and self.names == other.names
                    and self.rtype == other.rtype)
        return list.__eq__(self, other)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def __reduce__(self):
        return (RNamedList, (list(self), self.names, self.rtype))

    def copy(self):
        return RNamedList(self, self.names, self.rtype)

    def __repr__(self):
        names = "" if self.names is None else f", names={self.names!r}"
        rtype = "" if self.rtype is None else f", rtype={self.rtype!r}"
        return f"RNamedList({list(self)!r}{names}{rtype})"


def checked_names(obj):
    """The names of an RNamedList (None without), checked against its values."""
    names = obj.names
    if names is None:
        return None
    if not isinstance(names, list) or len(names) != len(obj):
        count = len(names) if isinstance(names, (list, tuple)) else type(names).__name__
        raise ValueError(f"an RNamedList of {len(obj)} values needs {len(obj)} names, "
                         f"has {count}")
    for i, name in enumerate(names):
        if name is not None and not isinstance(name, str):
            raise TypeError(f"RNamedList name {i} is {name!r}: names are str, or None for NA")
    return names


def dict_can_hold(names):
    """Whether a dict keeps every element under these names (all set, non-empty, unique)."""
    return None not in names and "" not in names and len(set(names)) == len(names)


def named_values(values, names):
    """A dict when the names allow it, else an RNamedList (an R list's values and names)."""
    if dict_can_hold(names):
        return dict(zip(names, values))
    return RNamedList(values, names)


def _names_of(sexp, n):
    """The names of an R vector as strs (NA → None), or None without names."""
    lib = capi.lib
    names = lib.Rf_getAttrib(sexp, lib.R_NamesSymbol)
    if names == lib.R_NilValue or lib.TYPEOF(names) != capi.STRSXP:
        return None
    return strings_of(names, n)


@REGISTRY.r_to_py(sexptypes=[capi.VECSXP])
def named_list_to_python(sexp):
    """A named list → dict, or RNamedList when a dict would lose elements."""
    lib = capi.lib
    if has_dim(sexp):
        return NOT_HANDLED
    n = lib.XLENGTH(sexp)
    names = _names_of(sexp, n)
    if names is None:
        return NOT_HANDLED
    return named_values([REGISTRY.to_python(lib.VECTOR_ELT(sexp, i)) for i in range(n)], names)


@REGISTRY.r_to_py(sexptypes=list(RTYPES))
def named_vector_to_python(sexp):
    """A named atomic vector of length ≠ 1 → RNamedList with its R type."""
    lib = capi.lib
    n = lib.XLENGTH(sexp)
    if n == 1 or has_dim(sexp):
        return NOT_HANDLED
    names = _names_of(sexp, n)
    if names is None:
        return NOT_HANDLED
    kind = lib.TYPEOF(sexp)
    return RNamedList(atomic_values(sexp, kind, n), names, RTYPES[kind])


@REGISTRY.py_to_r(RNamedList)
def named_list_to_r(obj, hint):
    lib = capi.lib
    names = checked_names(obj)
    if obj.rtype is None:
        return r_list(list(obj), names) if names is not None else REGISTRY.to_r(list(obj))
    with protected() as keep:
        vector = keep(typed_vector(obj.rtype, list(obj)))
        if names is not None:
            lib.Rf_setAttrib(vector, lib.R_NamesSymbol, keep(str_vector(names)))
        return vector


def _kind_error(rtype, i, value, wanted):
    return TypeError(f"an RNamedList of rtype {rtype!r} holds {value!r} at index {i}: "
                     f"its values must be {wanted} or None (NA)")


def typed_vector(rtype, values):
    """An atomic R vector of ``rtype`` from Python scalars (None → NA), unprotected."""
    if rtype == "character":
        for i, value in enumerate(values):
            if value is not None and not isinstance(value, str):
                raise _kind_error(rtype, i, value, "str")
        return str_vector(values)
    missing = np.array([v is None for v in values], dtype=bool)
    if rtype == "logical":
        wanted, check = "bool", lambda v: isinstance(v, (bool, np.bool_))
    elif rtype == "integer":
        wanted = "int within ±(2^31 - 1)"
        check = lambda v: isinstance(v, numbers.Integral) and -INT_MAX <= v <= INT_MAX  # noqa: E731
    elif rtype == "double":
        wanted = "real numbers"
        check = lambda v: isinstance(v, numbers.Real)  # noqa: E731
    else:
        wanted, check = "numbers", lambda v: isinstance(v, numbers.Complex)
    for i, value in enumerate(values):
        if value is not None and not check(value):
            raise _kind_error(rtype, i, value, wanted)
    if rtype == "complex":
        na = complex(capi.lib.R_NaReal, capi.lib.R_NaReal)
        return complex_vector([na if v is None else complex(v) for v in values])
    if rtype == "double":
        array = np.array([0.0 if v is None else float(v) for v in values], dtype=np.float64)
        array[missing] = capi.lib.R_NaReal
        return numeric_vector(capi.REALSXP, np.float64, array)
    array = np.array([0 if v is None else int(v) for v in values], dtype=np.int32)
    array[missing] = NA_INTEGER
    return numeric_vector(capi.LGLSXP if rtype == "logical" else capi.INTSXP, np.int32, array)
