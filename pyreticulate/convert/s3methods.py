"""The one lookup of user S3 methods the conversions consult: ``r_to_py.<class>``,
``py_to_r.<class>`` and ``py_to_r_wrapper.<class>``.

As R's ``UseMethod`` finds them for a call from the global environment: a
function of that name in the global environment or on the search path, else
one registered with the generic (the S3 methods table of the namespace that
defines ``r_to_py``, ``py_to_r`` and ``py_to_r_wrapper``).
"""
from ..libr import capi
from ..libr.protect import protected
from ..runtime import evaluation

_symbols = {}
_state = {"table": None}


def install(namespace):
    """Use the S3 methods table of the R package's namespace (once it is loaded)."""
    _state["table"] = evaluation.binding(namespace, ".__S3MethodsTable__.")


def find(generic, classes):
    """The first method of ``generic`` for one of ``classes`` (an R function SEXP), or None."""
    table = _state["table"]
    if table is None:
        return None
    lib = capi.lib
    unbound = lib.R_UnboundValue
    for cls in classes:
        key = (generic, cls)
        symbol = _symbols.get(key)
        if symbol is None:
            symbol = _symbols[key] = capi.sym(f"{generic}.{cls}")
        where = lib.R_GlobalEnv
        value = lib.Rf_findVar(symbol, where)
        if value == unbound:
            where = table.sexp
            value = lib.Rf_findVarInFrame3(where, symbol, 1)
        if value == unbound:
            continue
        if lib.TYPEOF(value) == capi.PROMSXP:
            with protected() as keep:
                value = evaluation.evaluate(symbol, where, keep)
        if lib.TYPEOF(value) in capi.FUNCTION_TYPES:
            return value
    return None
