"""Dates and date-times.

R → Python: a length-1 ``Date`` is a ``datetime.date`` (NA → None, rebuilt by
the R-type hint); any other length a 1-d ``datetime64[D]`` array (NA → NaT).
A ``POSIXct`` of any length is a 1-d ``datetime64[ns]`` array, a
``POSIXctArray`` carrying ``.tzone`` when R's value has a ``tzone`` attribute
(even ""). Seconds are split into whole seconds and a remainder rounded to the
nanosecond, so rebuilding whole seconds plus remainder/1e9 gives R's double
back bit for bit; values outside the nanosecond range use microseconds.
``POSIXlt`` is sent as ``POSIXct``.

Python → R: ``datetime64[D]`` → ``Date``; other units → ``POSIXct`` (1-d
arrays give plain vectors, others keep a ``dim``); ``datetime.date`` →
``Date``; ``datetime.datetime`` → ``POSIXct`` (aware: ``tzone`` is the zone
key; naive: local time, no ``tzone``); ``pd.Timestamp`` → ``POSIXct`` with its
zone; ``pd.NaT`` → NA ``POSIXct``; ``pd.NA`` → ``NA``.
"""
import datetime
from typing import Any

import numpy as np

from ...runtime import evaluation
from ...libr import capi, vectors
from ...libr.protect import protected
from ..registry import NOT_HANDLED, REGISTRY
from ...libr.vectors import NA_INTEGER, str_vector

NAT = np.iinfo(np.int64).min
_EPOCH_DATE = datetime.date(1970, 1, 1)
_EPOCH_UTC = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
_MIN_DAY = (datetime.date.min - _EPOCH_DATE).days
_MAX_DAY = (datetime.date.max - _EPOCH_DATE).days
_INT64_MAX = 2**63 - 1
_PER_SECOND = {"ns": 10**9, "us": 10**6, "ms": 10**3, "s": 1}
_POSIXCT_CLASS = ("POSIXct", "POSIXt")


class POSIXctArray(np.ndarray):
    """``datetime64`` values of an R ``POSIXct`` that carry its ``tzone`` attribute."""

    def __new__(cls, values: Any, tzone: str | None = "") -> "POSIXctArray":
        array = np.asarray(values).view(cls)
        array.tzone = tzone
        return array

    def __array_finalize__(self, obj):
        self.tzone = getattr(obj, "tzone", "")

    def __array_wrap__(self, array, context=None, return_scalar=False):
        result = super().__array_wrap__(array, context, return_scalar)
        if isinstance(result, POSIXctArray) and result.dtype.kind != "M":
            return result.view(np.ndarray)
        return result

    def __reduce__(self):
        constructor, arguments, state = super().__reduce__()
        return constructor, arguments, (state, self.tzone)

    def __setstate__(self, state):
        array_state, self.tzone = state
        super().__setstate__(array_state)

    def __repr__(self):
        return f"POSIXctArray({np.asarray(self)!r}, tzone={self.tzone!r})"


def _doubles(sexp):
    """An R numeric (or all-NA logical) vector's values as a new float64 array (NA → NaN)."""
    lib = capi.lib
    n = lib.XLENGTH(sexp)
    if lib.TYPEOF(sexp) in (capi.INTSXP, capi.LGLSXP):
        raw = np.frombuffer(capi.ffi.buffer(lib.DATAPTR(sexp), n * 4), dtype=np.int32)
        return np.where(raw == NA_INTEGER, np.nan, raw.astype(np.float64))
    return np.frombuffer(capi.ffi.buffer(lib.REAL(sexp), n * 8), dtype=np.float64).copy()


def _numeric(sexp):
    return capi.lib.TYPEOF(sexp) in (capi.REALSXP, capi.INTSXP, capi.LGLSXP)


# --- Date ---------------------------------------------------------------------------

def date_values(sexp):
    """An R ``Date`` vector as a 1-d ``datetime64[D]`` array (NA, NaN, ±Inf → NaT)."""
    days = _doubles(sexp)
    valid = np.isfinite(days) & (np.abs(days) < 2.0**62)
    whole = np.where(valid, np.floor(np.where(valid, days, 0.0)), 0.0).astype(np.int64)
    whole[~valid] = NAT
    return whole.view("datetime64[D]")


def date_objects(sexp, what):
    """An R ``Date`` vector as an object array of ``datetime.date`` (NA → None); a day
    outside ``datetime.date``'s years 1–9999 is a ValueError naming ``what``."""
    values = date_values(sexp)
    days = values.view(np.int64)
    outside = np.flatnonzero((days != NAT) & ((days < _MIN_DAY) | (days > _MAX_DAY)))
    if outside.size:
        raise ValueError(f"{what} holds {values[outside[0]]} at index {outside[0]} (0-based), "
                         "outside the years 1-9999 a datetime.date can hold")
    return values.astype(object)


@REGISTRY.r_to_py(r_classes=["Date"])
def date_to_python(sexp):
    if not _numeric(sexp):
        return NOT_HANDLED
    values = date_values(sexp)
    if values.size != 1:
        return values
    day = values.view(np.int64)[0]
    if day == NAT:
        return None
    if _MIN_DAY <= day <= _MAX_DAY:
        return _EPOCH_DATE + datetime.timedelta(days=int(day))
    return values


def date_vector(days, mask=None):
    """An R ``Date`` (double days) from int64 day counts; NaT or ``mask`` → NA (unprotected)."""
    lib = capi.lib
    days = np.asarray(days, dtype=np.int64)
    values = days.astype(np.float64)
    missing = days == NAT
    if mask is not None:
        missing |= mask
    values[missing] = lib.R_NaReal
    with protected() as keep:
        vector = keep(_double_vector(values))
        lib.Rf_setAttrib(vector, lib.R_ClassSymbol, capi.mkstring("Date"))
        return vector


def _double_vector(values):
    lib = capi.lib
    vector = vectors.allocate(capi.REALSXP, values.size)
    if values.size:
        np.frombuffer(capi.ffi.buffer(lib.REAL(vector), values.size * 8),
                      dtype=np.float64)[:] = values.ravel(order="F")
    return vector


@REGISTRY.py_to_r(datetime.date)
def date_to_r(obj, hint):
    if isinstance(obj, datetime.datetime):
        return NOT_HANDLED
    return date_vector([(obj - _EPOCH_DATE).days])


# --- POSIXct ------------------------------------------------------------------------

def _seconds_to_datetime64(seconds):
    """float64 seconds → int64 counts and the finest unit (ns, us, ms, s) that holds them all."""
    finite = np.isfinite(seconds)
    whole = np.floor(np.where(finite, seconds, 0.0))
    fraction = np.where(finite, seconds, 0.0) - whole
    largest = float(np.abs(whole).max()) if whole.size else 0.0
    for unit, per_second in _PER_SECOND.items():
        if largest * per_second + per_second < _INT64_MAX:
            break
    else:
        unit, per_second = "s", 1
        finite &= np.abs(whole) < 2.0**62
    remainder = np.rint(fraction * per_second).astype(np.int64)
    counts = np.where(finite, whole, 0.0).astype(np.int64) * per_second + remainder
    counts[~finite] = NAT
    return counts, unit


def posixct_values(sexp):
    """An R ``POSIXct`` as a 1-d ``datetime64`` array (a ``POSIXctArray`` if it has a tzone)."""
    lib = capi.lib
    counts, unit = _seconds_to_datetime64(_doubles(sexp))
    values = counts.view(f"datetime64[{unit}]")
    tzone = lib.Rf_getAttrib(sexp, capi.sym("tzone"))
    if tzone == lib.R_NilValue:
        return values
    zone = ""
    if lib.TYPEOF(tzone) == capi.STRSXP and lib.XLENGTH(tzone) >= 1 and \
            lib.STRING_ELT(tzone, 0) != lib.R_NaString:
        zone = capi.charsxp_str(lib.STRING_ELT(tzone, 0))
    return POSIXctArray(values, zone)


@REGISTRY.r_to_py(r_classes=["POSIXct"])
def posixct_to_datetime64(sexp):
    if not _numeric(sexp):
        return NOT_HANDLED
    return posixct_values(sexp)


@REGISTRY.r_to_py(r_classes=["POSIXlt"])
def posixlt_to_datetime64(sexp):
    """POSIXlt is sent as POSIXct."""
    with protected() as keep:
        value = evaluation.call_function(evaluation.function("as.POSIXct"), [sexp], keep=keep)
        return posixct_values(value)


def datetime64_seconds(values):
    """Seconds since the epoch (float64) for a datetime64 array: whole seconds plus
    remainder/units, never counts/units; NaT → R's NA."""
    unit, step = np.datetime_data(values.dtype)
    if unit not in _PER_SECOND or step != 1:
        finer = unit in ("ps", "fs", "as")
        values = values.astype("datetime64[ns]" if finer else
                               "datetime64[s]" if unit not in _PER_SECOND else
                               f"datetime64[{unit}]")
        unit = "ns" if finer else unit if unit in _PER_SECOND else "s"
    counts = np.ascontiguousarray(values).view(np.int64)
    per_second = _PER_SECOND[unit]
    whole, remainder = np.divmod(counts, per_second)
    seconds = whole.astype(np.float64) + remainder.astype(np.float64) / per_second
    seconds[counts == NAT] = capi.lib.R_NaReal
    return seconds


def posixct_vector(seconds, tzone=None, shape=None):
    """An R ``POSIXct`` from float64 seconds, with ``tzone`` when not None (unprotected)."""
    lib = capi.lib
    with protected() as keep:
        vector = keep(_double_vector(np.asarray(seconds, dtype=np.float64)))
        lib.Rf_setAttrib(vector, lib.R_ClassSymbol, str_vector(list(_POSIXCT_CLASS)))
        if tzone is not None:
            lib.Rf_setAttrib(vector, capi.sym("tzone"), capi.mkstring(tzone))
        if shape is not None:
            _set_dim(vector, shape, keep)
        return vector


def _set_dim(vector, shape, keep):
    lib = capi.lib
    lib.Rf_setAttrib(vector, lib.R_DimSymbol,
                     keep(vectors.numeric_vector(capi.INTSXP, np.int32, list(shape))))


def datetime64_to_r(array, tzone=None):
    """A datetime64 array (masked cells → NA) as an R ``Date`` or ``POSIXct`` (unprotected)."""
    lib = capi.lib
    mask = None
    if isinstance(array, np.ma.MaskedArray):
        mask = np.ma.getmaskarray(array).ravel(order="F")
        array = np.ma.getdata(array)
    shape = array.shape if array.ndim > 1 else None
    flat = np.asarray(array).ravel(order="F")
    if np.datetime_data(flat.dtype)[0] == "D":
        with protected() as keep:
            vector = keep(date_vector(np.ascontiguousarray(flat).view(np.int64), mask))
            if shape is not None:
                _set_dim(vector, shape, keep)
            return vector
    seconds = datetime64_seconds(flat)
    if mask is not None:
        seconds[mask] = lib.R_NaReal
    return posixct_vector(seconds, tzone, shape)


@REGISTRY.py_to_r(np.ndarray)
def datetime64_array_to_r(obj, hint):
    if obj.dtype.kind != "M":
        return NOT_HANDLED
    return datetime64_to_r(obj.reshape(1) if obj.ndim == 0 else obj, getattr(obj, "tzone", None))


@REGISTRY.py_to_r(np.datetime64)
def datetime64_scalar_to_r(obj, hint):
    return datetime64_to_r(np.asarray(obj).reshape(1))


def zone_name(tzinfo, moment=None):
    """R's ``tzone`` for a Python tzinfo: its zone key, else UTC / Etc/GMT±h, else its name."""
    for attribute in ("key", "zone"):
        key = getattr(tzinfo, attribute, None)
        if isinstance(key, str) and key:
            return key
    offset = tzinfo.utcoffset(moment)
    if offset is not None:
        minutes, rest = divmod(int(offset.total_seconds()), 60)
        if rest == 0 and minutes == 0:
            return "UTC"
        if rest == 0 and minutes % 60 == 0:
            hours = minutes // 60
            return f"Etc/GMT{-hours:+d}"
    name = tzinfo.tzname(moment)
    return name if isinstance(name, str) else "UTC"


@REGISTRY.py_to_r(datetime.datetime)
def datetime_to_posixct(obj, hint):
    """Aware: the instant, ``tzone`` = zone key. Naive: local time (as ``timestamp()``)."""
    if obj.tzinfo is None or obj.utcoffset() is None:
        whole = obj.replace(microsecond=0).timestamp()
        return posixct_vector([whole + obj.microsecond / 1e6])
    delta = obj - _EPOCH_UTC
    whole = delta.days * 86400 + delta.seconds
    return posixct_vector([whole + delta.microseconds / 1e6], zone_name(obj.tzinfo, obj))


def timestamp_to_posixct(obj, hint):
    """A ``pd.Timestamp`` (nanoseconds kept) → POSIXct with its zone."""
    tzone = None if obj.tzinfo is None else zone_name(obj.tzinfo, obj)
    return posixct_vector(datetime64_seconds(np.asarray([obj.to_datetime64()])), tzone)


def nat_to_na_posixct(obj, hint):
    return posixct_vector([capi.lib.R_NaReal])


def na_to_logical_na(obj, hint):
    return capi.lib.Rf_ScalarLogical(NA_INTEGER)


REGISTRY.register_py_to_r_lazy(timestamp_to_posixct, "pandas", lambda pd: (pd.Timestamp,))
REGISTRY.register_py_to_r_lazy(nat_to_na_posixct, "pandas", lambda pd: (type(pd.NaT),))
REGISTRY.register_py_to_r_lazy(na_to_logical_na, "pandas", lambda pd: (type(pd.NA),))
