"""Factors and ordered factors ↔ ``pandas.Categorical`` (or ``RFactor`` without pandas).

R → Python, any length: the codes are R's integer codes minus one (NA → -1),
the categories R's levels (unused ones kept), ``ordered`` from the class.
Python → R: a ``Categorical`` or ``RFactor`` becomes a factor, or an ordered
factor, with the categories (as strings) for levels.
"""
import collections.abc
from typing import Iterable, Sequence

import numpy as np

from ...libr import capi, vectors
from ...libr.protect import protected
from ..registry import NOT_HANDLED, REGISTRY
from . import optional
from ...libr.vectors import NA_INTEGER, str_vector, strings_of


class RFactor(collections.abc.Sequence):
    """An R factor without pandas: a read-only sequence of labels (None for NA).

    ``codes`` is a read-only int32 array (-1 for NA), ``categories`` a tuple of
    the levels, ``ordered`` whether the factor is ordered.
    """

    __slots__ = ("_codes", "_categories", "_ordered")

    def __init__(self, codes: Iterable[int], categories: Iterable[str],
                 ordered: bool = False) -> None:
        categories = tuple(categories)
        codes = np.array(codes, dtype=np.int32).reshape(-1)
        if codes.size and (codes.min() < -1 or codes.max() >= len(categories)):
            raise ValueError(f"RFactor codes must lie in -1..{len(categories) - 1}")
        codes.flags.writeable = False
        self._codes, self._categories, self._ordered = codes, categories, bool(ordered)

    @classmethod
    def from_labels(cls, labels: Iterable[str | None], categories: Sequence[str] | None = None,
                    ordered: bool = False) -> "RFactor":
        """An RFactor of ``labels`` (None for NA); categories default to the sorted labels."""
        labels = list(labels)
        if categories is None:
            categories = sorted({label for label in labels if label is not None})
        index = {category: i for i, category in enumerate(categories)}
        try:
            codes = [-1 if label is None else index[label] for label in labels]
        except KeyError as missing:
            raise ValueError(f"label {missing.args[0]!r} is not one of the categories") from None
        return cls(codes, categories, ordered)

    @property
    def codes(self) -> np.ndarray:
        return self._codes

    @property
    def categories(self) -> tuple[str, ...]:
        return self._categories

    @property
    def ordered(self) -> bool:
        return self._ordered

    def __len__(self):
        return len(self._codes)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return RFactor(self._codes[index], self._categories, self._ordered)
        code = int(self._codes[index])
        return None if code < 0 else self._categories[code]

    def __eq__(self, other):
        if not isinstance(other, RFactor):
            return NotImplemented
        return (self._categories == other._categories and self._ordered == other._ordered
                and np.array_equal(self._codes, other._codes))

    __hash__ = None

    def __repr__(self):
        return (f"RFactor({list(self)!r}, categories={list(self._categories)!r}, "
                f"ordered={self._ordered})")


def factor_parts(sexp):
    """``(codes, levels, ordered)`` of an R factor; codes are int32 with -1 for NA."""
    lib = capi.lib
    n = lib.XLENGTH(sexp)
    raw = np.frombuffer(capi.ffi.buffer(lib.INTEGER(sexp), n * 4), dtype=np.int32)
    codes = np.where(raw == NA_INTEGER, np.int32(-1), raw - np.int32(1)).astype(np.int32)
    levels = lib.Rf_getAttrib(sexp, lib.R_LevelsSymbol)
    labels = strings_of(levels, lib.XLENGTH(levels)) if lib.TYPEOF(levels) == capi.STRSXP else []
    return codes, labels, bool(lib.Rf_inherits(sexp, b"ordered"))


def make_categorical(codes, levels, ordered):
    """A ``pandas.Categorical`` (or an ``RFactor`` without pandas) from factor parts."""
    pd = optional.module("pandas")
    if pd is not None and None not in levels and len(set(levels)) == len(levels):
        return pd.Categorical.from_codes(codes, categories=levels, ordered=ordered)
    return RFactor(codes, levels, ordered)


@REGISTRY.r_to_py(r_classes=["factor"])
def factor_to_categorical(sexp):
    if capi.lib.TYPEOF(sexp) != capi.INTSXP:
        return NOT_HANDLED
    return make_categorical(*factor_parts(sexp))


def factor_vector(codes, levels, ordered):
    """An R factor from 0-based codes (negative → NA) and level strings (unprotected)."""
    lib = capi.lib
    codes = np.asarray(codes)
    n = codes.size
    with protected() as keep:
        vector = keep(vectors.allocate(capi.INTSXP, n))
        if n:
            target = np.frombuffer(capi.ffi.buffer(lib.INTEGER(vector), n * 4), dtype=np.int32)
            target[:] = np.where(codes < 0, NA_INTEGER, codes.astype(np.int64) + 1)
        lib.Rf_setAttrib(vector, lib.R_LevelsSymbol, str_vector(levels))
        lib.Rf_setAttrib(vector, lib.R_ClassSymbol,
                         str_vector(["ordered", "factor"] if ordered else ["factor"]))
        return vector


def _level_names(categories):
    return [None if c is None else str(c) for c in categories]


@REGISTRY.py_to_r(RFactor)
def rfactor_to_factor(obj, hint):
    return factor_vector(obj.codes, _level_names(obj.categories), obj.ordered)


def categorical_to_factor(obj, hint):
    """A ``pandas.Categorical`` → factor (ordered kept)."""
    return factor_vector(np.asarray(obj.codes), _level_names(obj.categories),
                         bool(obj.ordered))


REGISTRY.register_py_to_r_lazy(categorical_to_factor, "pandas", lambda pd: (pd.Categorical,))
