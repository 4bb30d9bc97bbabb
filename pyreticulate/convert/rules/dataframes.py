"""data.frame ↔ pandas.DataFrame, and pandas.Series → R vector.

Columns use the vector rules of the other families (arrays, factors,
datetimes); this module only chooses the pandas representation:

* logical / integer → ``bool`` / ``int32``, or ``boolean`` / ``Int32`` when they
  hold NA (always with ``options(reticulate.pandas_use_nullable_dtypes = TRUE)``,
  which also makes doubles ``Float64`` and strings ``string``);
* double / complex keep their bits; character → object (NA → None); raw → uint8;
* factor → ``category``; Date → object column of ``datetime.date`` (NA → None);
  POSIXct → ``datetime64``, tz-aware when the ``tzone`` is a named zone.

Row names: automatic ↔ ``RangeIndex(0..n-1)``; character or integer ↔ an
index of those values; any other unique index → character row names; a
non-unique index → a warning, automatic row names and the index in
``attr(df, "pandas.index")``. Each column's R class and tzone are kept in
``DataFrame.attrs["r_columns"]`` and read back for ambiguous columns only
(all-NA Date or POSIXct columns, tzone "" or a zone pandas does not know). Column names are
kept as they are (repeated, empty; NA as the label None). Without pandas a
data.frame is a dict of columns, or an RNamedList when a dict would not keep them all.
"""
import datetime
import sys

import numpy as np

from ...runtime import evaluation
from ...libr import capi, vectors
from ...libr.protect import protected
from ..registry import NOT_HANDLED, REGISTRY
from . import optional
from .arrays import ndarray_to_r, text_objects_to_r, zero_copy_view
from .datetimes import NAT, date_objects, date_vector, datetime64_to_r, posixct_values, posixct_vector, zone_name
from .factors import categorical_to_factor, factor_parts, make_categorical
from .names import named_values
from ...libr.vectors import (INT_MAX, NA_INTEGER, has_dim, str_vector, strings_into,
                              strings_of)

ATTRS_KEY = "r_columns"
_NULLABLE_OPTION = "reticulate.pandas_use_nullable_dtypes"
_TIME_TYPES = (capi.REALSXP, capi.INTSXP, capi.LGLSXP)


# --- R → Python ------------------------------------------------------------------------

def _nullable_option():
    lib = capi.lib
    value = lib.Rf_GetOption1(capi.sym(_NULLABLE_OPTION))
    return lib.TYPEOF(value) == capi.LGLSXP and lib.XLENGTH(value) >= 1 and \
        lib.LOGICAL(value)[0] == 1


def _raw_row_names(sexp):
    """The stored ``row.names`` attribute (compact form kept), or None."""
    lib = capi.lib
    node = lib.ATTRIB(sexp)
    while node != lib.R_NilValue:
        if lib.TAG(node) == lib.R_RowNamesSymbol:
            return lib.CAR(node)
        node = lib.CDR(node)
    return None


def _row_index(sexp, pd):
    """``(n, index)`` for a data.frame's row names."""
    lib = capi.lib
    names = _raw_row_names(sexp)
    if names is None or names == lib.R_NilValue:
        n = lib.XLENGTH(lib.VECTOR_ELT(sexp, 0)) if lib.XLENGTH(sexp) else 0
        return n, pd.RangeIndex(n)
    n = lib.XLENGTH(names)
    if lib.TYPEOF(names) == capi.STRSXP:
        return n, pd.Index(strings_of(names, n), dtype=object)
    if lib.TYPEOF(names) == capi.INTSXP:
        values = np.frombuffer(capi.ffi.buffer(lib.INTEGER(names), n * 4), dtype=np.int32)
        if n == 2 and values[0] == NA_INTEGER:
            count = abs(int(values[1]))
            return count, pd.RangeIndex(count)
        if np.array_equal(values, np.arange(1, n + 1, dtype=np.int32)):
            return n, pd.RangeIndex(n)
        return n, pd.Index(values.copy())
    return n, pd.RangeIndex(n)


def _is_r_na(values):
    """Where a float64 array holds R's NA (a NaN with payload 1954), not a plain NaN."""
    bits = values.view(np.uint64)
    return np.isnan(values) & ((bits & np.uint64(0xFFFFFFFF)) == np.uint64(1954))


def _column_metadata(column):
    lib = capi.lib
    tzone = lib.Rf_getAttrib(column, capi.sym("tzone"))
    zone = None
    if lib.TYPEOF(tzone) == capi.STRSXP and lib.XLENGTH(tzone) >= 1:
        zone = vectors.strings(tzone)[0]
    return {"class": vectors.class_names(column), "tzone": zone}


def column_to_pandas(column, name, index, pd, nullable):
    """One R column as the array (or object Series) pandas stores (see the module docstring)."""
    lib = capi.lib
    kind = lib.TYPEOF(column)
    n = len(index)
    if lib.XLENGTH(column) != n and not has_dim(column):
        raise ValueError(f"the data.frame column {name!r} has {lib.XLENGTH(column)} values "
                         f"for {n} rows")
    if lib.OBJECT(column):
        if lib.Rf_inherits(column, b"factor") and kind == capi.INTSXP:
            return make_categorical(*factor_parts(column))
        if lib.Rf_inherits(column, b"Date") and kind in _TIME_TYPES:
            return _objects(date_objects(column, f"the Date column {name!r}"), index, pd)
        if lib.Rf_inherits(column, b"POSIXct") and kind in _TIME_TYPES:
            return _datetime_column(posixct_values(column), pd)
    if has_dim(column) or kind not in (capi.LGLSXP, capi.INTSXP, capi.REALSXP, capi.CPLXSXP,
                                       capi.RAWSXP, capi.STRSXP):
        return _objects(_object_items(column, name, n), index, pd)
    if kind == capi.STRSXP:
        values = strings_into(column, n, np.empty(n, dtype=object))
        return pd.array(values, dtype="string") if nullable else _objects(values, index, pd)
    view = zero_copy_view(column, (n,))
    mask = np.ma.getmaskarray(view) if isinstance(view, np.ma.MaskedArray) else None
    data = np.array(np.ma.getdata(view))
    if kind == capi.RAWSXP:
        return data.view(np.uint8)
    if kind == capi.LGLSXP and (nullable or mask is not None):
        return pd.arrays.BooleanArray(data, _mask(mask, n))
    if kind == capi.INTSXP and (nullable or mask is not None):
        return pd.arrays.IntegerArray(data, _mask(mask, n))
    if kind == capi.REALSXP and nullable:
        return pd.arrays.FloatingArray(data, _is_r_na(data))
    return data


def _mask(mask, n):
    return np.zeros(n, dtype=bool) if mask is None else np.array(mask)


def _datetime_column(values, pd):
    zone = getattr(values, "tzone", "")
    values = np.asarray(values)
    if not zone:
        return values
    try:
        return pd.DatetimeIndex(values).tz_localize("UTC").tz_convert(zone).array
    except (KeyError, ValueError):
        return values


def _objects(values, index, pd):
    """An object column that pandas keeps as objects (no string inference)."""
    return pd.Series(values, index=index, dtype=object)


def _object_items(column, name, n):
    """The cells of a list column, or the rows of a matrix column."""
    lib = capi.lib
    if lib.TYPEOF(column) == capi.VECSXP and lib.XLENGTH(column) == n and \
            not lib.Rf_inherits(column, b"data.frame"):
        items = [_cell(lib.VECTOR_ELT(column, i)) for i in range(n)]
    else:
        value = REGISTRY.to_python(column)
        if not (isinstance(value, np.ndarray) and value.ndim >= 1 and len(value) == n):
            raise TypeError(f"the data.frame column {name!r} cannot be a pandas column "
                            f"of {n} rows")
        items = list(value)
    values = np.empty(n, dtype=object)
    for i, item in enumerate(items):
        values[i] = item
    return values


def _cell(sexp):
    """A cell of a list column: a single POSIXct is a ``pd.Timestamp`` in its zone (what
    pandas keeps in an object column of times), anything else follows the rules."""
    lib = capi.lib
    if lib.TYPEOF(sexp) in _TIME_TYPES and lib.XLENGTH(sexp) == 1 and not has_dim(sexp) \
            and lib.Rf_inherits(sexp, b"POSIXct"):
        pd = optional.module("pandas")
        if pd is not None:
            values = posixct_values(sexp)
            stamp = pd.Timestamp(np.asarray(values)[0])
            zone = getattr(values, "tzone", "")
            if zone and stamp is not pd.NaT:
                try:
                    stamp = stamp.tz_localize("UTC").tz_convert(zone)
                except (KeyError, ValueError):
                    pass
            return stamp
    return REGISTRY.to_python(sexp)


@REGISTRY.r_to_py(r_classes=["data.frame"])
def data_frame_to_python(sexp):
    lib = capi.lib
    if lib.TYPEOF(sexp) != capi.VECSXP:
        return NOT_HANDLED
    count = lib.XLENGTH(sexp)
    names_sexp = lib.Rf_getAttrib(sexp, lib.R_NamesSymbol)
    names = strings_of(names_sexp, count) if names_sexp != lib.R_NilValue else [""] * count
    pd = optional.module("pandas")
    if pd is None:
        return named_values([REGISTRY.to_python(lib.VECTOR_ELT(sexp, i)) for i in range(count)],
                            names)
    nullable = _nullable_option()
    n, index = _row_index(sexp, pd)
    columns, metadata = {}, {}
    for i in range(count):
        column = lib.VECTOR_ELT(sexp, i)
        columns[i] = column_to_pandas(column, names[i], index, pd, nullable)
        metadata[names[i]] = _column_metadata(column)
    frame = pd.DataFrame(columns, index=index) if columns else pd.DataFrame(index=index)
    frame.columns = pd.Index(names, dtype=object)
    frame.attrs[ATTRS_KEY] = metadata
    return frame


# --- Python → R ------------------------------------------------------------------------

_EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()


def _date_days(objects, missing):
    """int64 day counts (NaT where missing) when every present object is a
    ``datetime.date`` and not a ``datetime.datetime``; else None."""
    present = objects[~missing]
    kinds = set(map(type, present))
    if not kinds or not all(issubclass(k, datetime.date) and not issubclass(k, datetime.datetime)
                            for k in kinds):
        return None
    days = np.full(len(objects), NAT, dtype=np.int64)
    days[~missing] = np.fromiter(map(datetime.date.toordinal, present), dtype=np.int64,
                                 count=len(present)) - _EPOCH_ORDINAL
    return days


def _na_from_metadata(n, meta):
    """An all-NA column rebuilt from the recorded R class (Date / POSIXct), else None."""
    if not meta:
        return None
    classes = meta.get("class") or []
    if "Date" in classes:
        return date_vector(np.full(n, NAT, dtype=np.int64))
    if "POSIXct" in classes:
        return posixct_vector(np.full(n, capi.lib.R_NaReal), meta.get("tzone"))
    return None


def _naive_tzone(meta, pd):
    """The recorded tzone of a naive datetime column: "" or a zone pandas cannot hold."""
    zone = meta.get("tzone") if meta else None
    if not isinstance(zone, str) or zone == "":
        return zone
    try:
        pd.DatetimeTZDtype(tz=zone)
    except (KeyError, ValueError, TypeError):
        return zone
    return None


def series_values_to_r(values, pd, meta=None):
    """A pandas column (Series) as a plain R vector (unprotected)."""
    dtype = values.dtype
    n = len(values)
    if isinstance(dtype, pd.CategoricalDtype):
        return categorical_to_factor(values.array, None)
    if isinstance(dtype, pd.DatetimeTZDtype):
        return datetime64_to_r(values.dt.tz_convert(None).to_numpy(), zone_name(dtype.tz))
    if dtype.kind == "M":
        return datetime64_to_r(values.to_numpy(), _naive_tzone(meta, pd))
    if isinstance(values.array, (pd.arrays.IntegerArray, pd.arrays.FloatingArray,
                                 pd.arrays.BooleanArray)):
        mask = values.isna().to_numpy()
        data = values.to_numpy(dtype=dtype.numpy_dtype, na_value=0)
        return ndarray_to_r(np.ma.MaskedArray(data, mask=mask), with_dim=False)
    if isinstance(dtype, pd.StringDtype):
        return ndarray_to_r(values.to_numpy(dtype=object, na_value=None), with_dim=False)
    if dtype.kind == "O":
        objects = values.to_numpy()
        text = text_objects_to_r(objects)   # strs and None: no NA or date checks needed
        if text is not None:
            return text
        missing = np.asarray(pd.isna(objects), dtype=bool)
        if meta and missing.all():
            rebuilt = _na_from_metadata(n, meta)
            if rebuilt is not None:
                return rebuilt
        days = _date_days(objects, missing)
        if days is not None:
            return date_vector(days)
        return ndarray_to_r(objects, with_dim=False)
    array = values.to_numpy()
    if array.dtype.kind == "O" or isinstance(dtype, pd.api.extensions.ExtensionDtype):
        array = values.to_numpy(dtype=object)
    vector = ndarray_to_r(array, with_dim=False)
    if vector is NOT_HANDLED:
        vector = ndarray_to_r(array.astype(object), with_dim=False)
    return vector


def _default_index(index, n, pd):
    return isinstance(index, pd.RangeIndex) and index.start == 0 and index.step == 1 and \
        len(index) == n


def _index_vector(index, pd):
    """Row names (or names) for a unique, non-default index (unprotected)."""
    values = index.to_numpy()
    if values.dtype.kind in "iu" and values.size and values.min() > NA_INTEGER and \
            values.max() <= INT_MAX:
        return ndarray_to_r(values.astype(np.int32), with_dim=False)
    return str_vector([str(v) for v in index.tolist()])


def _automatic_row_names(n):
    lib = capi.lib
    if n == 0:
        return lib.Rf_allocVector(capi.INTSXP, 0)
    names = lib.Rf_allocVector(capi.INTSXP, 2)
    lib.INTEGER(names)[0] = NA_INTEGER
    lib.INTEGER(names)[1] = -n
    return names


def _warn(message):
    with protected() as keep:
        evaluation.call_function(evaluation.function("warning"), [capi.mkstring(message)],
                                 [("call.", capi.lib.R_FalseValue)], keep=keep)


def dataframe_to_r(frame, hint):
    pd = sys.modules["pandas"]
    lib = capi.lib
    n, count = frame.shape
    metadata = frame.attrs.get(ATTRS_KEY) if isinstance(frame.attrs, dict) else None
    metadata = metadata if isinstance(metadata, dict) else {}
    names = [None if c is None else str(c) for c in frame.columns]
    with protected() as keep:
        out = keep(lib.Rf_allocVector(capi.VECSXP, count))
        for i in range(count):
            lib.SET_VECTOR_ELT(out, i, series_values_to_r(frame.iloc[:, i], pd,
                                                          metadata.get(names[i])))
        lib.Rf_setAttrib(out, lib.R_NamesSymbol, str_vector(names))
        lib.Rf_setAttrib(out, lib.R_ClassSymbol, capi.mkstring("data.frame"))
        index = frame.index
        if _default_index(index, n, pd):
            lib.Rf_setAttrib(out, lib.R_RowNamesSymbol, _automatic_row_names(n))
        elif index.is_unique:
            lib.Rf_setAttrib(out, lib.R_RowNamesSymbol, keep(_index_vector(index, pd)))
        else:
            lib.Rf_setAttrib(out, lib.R_RowNamesSymbol, _automatic_row_names(n))
            lib.Rf_setAttrib(out, capi.sym("pandas.index"), keep(REGISTRY.wrap(index, False)))
            _warn("the pandas index has duplicated values: automatic row names are used "
                  "and the index is kept in attr(, \"pandas.index\")")
        return out


def series_to_r(series, hint):
    """A Series is converted like a column; a non-default index becomes names."""
    pd = sys.modules["pandas"]
    lib = capi.lib
    with protected() as keep:
        vector = keep(series_values_to_r(series, pd))
        if not _default_index(series.index, len(series), pd):
            lib.Rf_setAttrib(vector, lib.R_NamesSymbol,
                             str_vector([str(v) for v in series.index.tolist()]))
        return vector


REGISTRY.register_py_to_r_lazy(dataframe_to_r, "pandas", lambda pd: (pd.DataFrame,))
REGISTRY.register_py_to_r_lazy(series_to_r, "pandas", lambda pd: (pd.Series,))
