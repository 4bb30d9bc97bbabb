"""Testing toolkit for code that crosses between Python and R.

Assertions (each failure message shows both values, their types or R classes
and the first difference):

- ``assert_round_trip(value, via="r")``: Python → R → Python gives ``value`` back;
- ``assert_r_round_trip("R expr")``: R → Python → R gives an ``identical()`` value
  (R's ``all.equal()`` text on failure);
- ``assert_r_identical(a, b)`` and ``assert_r_equal(a, b, tolerance=)``: R values (R
  source strings or ``RObject``) compared by R, with R's message on failure;
- ``assert_r_true("R code")``: R code gives ``TRUE``; on failure, the part of it that did
  not and the values it compared.

``REnvironment`` is a fresh R environment (the ``r_env`` fixture) and
``converter_scope()`` undoes the conversion rules registered inside it (the
``r_converter`` fixture). The pytest fixtures live in ``pyreticulate.testing.plugin``,
registered through the ``pytest11`` entry point; hypothesis strategies for R
and Python values are in ``pyreticulate.testing.strategies``.
"""
from __future__ import annotations

import collections.abc
import contextlib
import math
import struct
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from .. import api
from ..convert.registry import REGISTRY, PyToRRule, Registration, RToPyRule
from ..convert.rules.callables import RFunction
from ..runtime.handles import RObject

__all__ = [
    "ConverterScope", "REnvironment", "assert_r_equal", "assert_r_identical",
    "assert_r_round_trip", "assert_r_true", "assert_round_trip", "converter_scope",
    "first_difference",
]

_ROUND_TRIP_VIAS = ("r", "r_api")
_SHOW = 600


def _helpers() -> dict[str, Any]:
    """R functions the assertions call (made once per process)."""
    cached = _HELPERS.get("functions")
    if cached is None:
        cached = _HELPERS["functions"] = {
            "identical": api.r("function(a, b) identical(a, b)"),
            "all_equal": api.r("function(a, b, ...) { v <- all.equal(a, b, ...); "
                               "if (isTRUE(v)) character(0) else as.character(v) }"),
            "describe": api.r(
                "function(x) { text <- paste(deparse(x, control = c('keepNA', 'keepInteger', "
                "'niceNames', 'showAttributes', 'digits17'), nlines = 20L), "
                "collapse = '\\n'); "
                "c(paste(class(x), collapse = '/'), typeof(x), text) }"),
            "explain_false": api.r(r"""function(code) {
  env <- new.env(parent = globalenv())
  exprs <- parse(text = code, keep.source = FALSE)
  value <- eval(as.call(c(as.name("{"), as.list(exprs))), env)  # one frame, as local()
  if (isTRUE(value)) return(character(0))
  shown <- function(x) paste(deparse(x, nlines = 20L), collapse = "\n    ")
  attempt <- function(x) tryCatch(eval(x, env), error = function(e)
    structure(conditionMessage(e), class = "pyr_failed"))
  whole <- part <- exprs[[length(exprs)]]
  while (is.call(part) && identical(part[[1L]], as.name("&&")))
    part <- if (isTRUE(attempt(part[[2L]]))) part[[3L]] else part[[2L]]
  lines <- paste("it gave:", shown(value))
  if (!identical(part, whole)) lines <- c(lines, paste("the part not TRUE:", shown(part)))
  compared <- c("identical", "all.equal", "==", "!=", "<", ">", "<=", ">=")
  if (is.call(part) && is.name(part[[1L]]) && as.character(part[[1L]]) %in% compared &&
      length(part) >= 3L) {
    left <- attempt(part[[2L]])
    right <- attempt(part[[3L]])
    lines <- c(lines, paste("left: ", shown(left)), paste("right:", shown(right)))
    same <- all.equal(left, right)
    if (!isTRUE(same)) lines <- c(lines, paste("all.equal():", same))
  }
  lines
}"""),
            "why": api.r(
                "function(a, b) { if (!identical(typeof(a), typeof(b))) "
                "return(paste0('type ', typeof(a), ' vs ', typeof(b))); "
                "if (!identical(attributes(a), attributes(b))) return(paste0("
                "'attributes differ: ', paste(format(all.equal(attributes(a), attributes(b))), "
                "collapse = '; '))); "
                "'equal by all.equal(), different bits (NA vs NaN, or -0 vs 0)' }"),
            # convert = FALSE: the value reaches R as a proxy, R's py_to_r() converts it
            "r_api_py_to_r": RFunction(api.r(
                "function(p) pyreticulate::r_to_py(pyreticulate::py_to_r(p))",
                convert=False).sexp, convert=False),
        }
    return cached


_HELPERS: dict[str, Any] = {}


def _r_value(value: str | RObject, what: str) -> RObject:
    """An R value from R source text or an ``RObject``."""
    if isinstance(value, RObject):
        return value
    if isinstance(value, str):
        robject: RObject = api.r(value, convert=False)
        return robject
    raise TypeError(f"{what} must be R source text (str) or an R object (pyreticulate.RObject), "
                    f"not {type(value).__name__}")


def _describe_r(value: RObject) -> str:
    cls, rtype, text = _helpers()["describe"](value)
    if len(text) > _SHOW:
        text = text[:_SHOW] + " …"
    return f"{text}  [R class {cls}, type {rtype}]"


def _describe_py(value: Any) -> str:
    text = repr(value)
    if len(text) > _SHOW:
        text = text[:_SHOW] + " …"
    kind = type(value)
    extra = f", dtype {value.dtype}" if isinstance(value, np.ndarray) else ""
    return f"{text}  [{kind.__module__}.{kind.__qualname__}{extra}]"


def _all_equal(a: RObject, b: RObject, **kwargs: Any) -> list[str]:
    out = _helpers()["all_equal"](a, b, **kwargs)
    return [out] if isinstance(out, str) else list(out or [])


# ---- Python values: the first difference -----------------------------------------------

def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


def first_difference(expected: Any, actual: Any, path: str = "value") -> str | None:
    """Where ``actual`` first differs from ``expected`` (None when they are the same).

    Types must match exactly, floats bit for bit (NA distinct from NaN), ndarrays by
    dtype, shape, mask and values (not by memory layout), frames by pandas' own checks.
    """
    if type(expected) is not type(actual):
        return (f"{path}: type {type(expected).__qualname__} became "
                f"{type(actual).__qualname__}")
    if isinstance(expected, float):
        if _bits(expected) != _bits(actual):
            return f"{path}: {expected!r} (bits {_bits(expected).hex()}) became " \
                   f"{actual!r} (bits {_bits(actual).hex()})"
        return None
    if isinstance(expected, complex):
        return (first_difference(expected.real, actual.real, f"{path}.real")
                or first_difference(expected.imag, actual.imag, f"{path}.imag"))
    if isinstance(expected, np.ndarray):
        return _array_difference(expected, actual, path)
    if isinstance(expected, (list, tuple)):
        if len(expected) != len(actual):
            return f"{path}: length {len(expected)} became {len(actual)}"
        for i, (a, b) in enumerate(zip(expected, actual)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(expected, dict):
        if list(expected) != list(actual):
            return f"{path}: keys {list(expected)!r} became {list(actual)!r}"
        for key in expected:
            found = first_difference(expected[key], actual[key], f"{path}[{key!r}]")
            if found:
                return found
        return None
    pandas_difference = _pandas_difference(expected, actual, path)
    if pandas_difference is not NotImplemented:
        difference: str | None = pandas_difference
        return difference
    try:
        same = expected is actual or bool(expected == actual)
    except Exception as error:  # an object whose == raises
        return f"{path}: cannot compare ({error})"
    return None if same else f"{path}: {expected!r} became {actual!r}"


def _array_difference(expected: np.ndarray, actual: np.ndarray, path: str) -> str | None:
    if expected.dtype != actual.dtype:
        return f"{path}: dtype {expected.dtype} became {actual.dtype}"
    if expected.shape != actual.shape:
        return f"{path}: shape {expected.shape} became {actual.shape}"
    for name in ("tzone",):
        if getattr(expected, name, None) != getattr(actual, name, None):
            return f"{path}: .{name} {getattr(expected, name, None)!r} became " \
                   f"{getattr(actual, name, None)!r}"
    mask_e, mask_a = np.ma.getmaskarray(expected), np.ma.getmaskarray(actual)
    if not np.array_equal(mask_e, mask_a):
        where = tuple(int(i) for i in np.argwhere(mask_e != mask_a)[0])
        return f"{path}: mask at {where} was {bool(mask_e[where])}, became {bool(mask_a[where])}"
    data_e, data_a = np.ma.getdata(expected), np.ma.getdata(actual)
    if expected.dtype.kind == "O":
        for index in np.ndindex(expected.shape):
            if not mask_e[index]:
                found = first_difference(data_e[index], data_a[index], f"{path}[{index}]")
                if found:
                    return found
        return None
    if expected.dtype.kind in "fcmM":
        width = {"f": expected.dtype.itemsize, "c": expected.dtype.itemsize // 2}.get(
            expected.dtype.kind, expected.dtype.itemsize)
        view = f"u{width}"
        left = np.ascontiguousarray(data_e).view(view)
        right = np.ascontiguousarray(data_a).view(view)
        if expected.dtype.kind == "c":
            left, right = left.reshape(*expected.shape, 2), right.reshape(*expected.shape, 2)
            mask = np.repeat(mask_e[..., None], 2, axis=-1)
        else:
            mask = mask_e
        differs = (left != right) & ~mask
        if differs.any():
            where = tuple(int(i) for i in np.argwhere(differs)[0])[: expected.ndim]
            return f"{path}[{where}]: {data_e[where]!r} became {data_a[where]!r}"
        return None
    differs = (data_e != data_a) & ~mask_e
    if np.any(differs):
        where = tuple(int(i) for i in np.argwhere(differs)[0])
        return f"{path}[{where}]: {data_e[where]!r} became {data_a[where]!r}"
    return None


def _pandas_difference(expected: Any, actual: Any, path: str) -> Any:
    module = type(expected).__module__
    if not module.startswith("pandas"):
        return NotImplemented
    import pandas as pd
    import pandas.testing as pdt
    try:
        if isinstance(expected, pd.DataFrame):
            # labels are compared by value: pandas 3 keeps str labels as `str`, R's come
            # back as object; a RangeIndex must stay one
            if isinstance(expected.index, pd.RangeIndex) != isinstance(actual.index,
                                                                       pd.RangeIndex):
                return f"{path}: index {type(expected.index).__name__} became " \
                       f"{type(actual.index).__name__}"
            pdt.assert_frame_equal(expected, actual, check_exact=True, check_index_type=False,
                                   check_column_type=False)
        elif isinstance(expected, pd.Series):
            pdt.assert_series_equal(expected, actual, check_exact=True)
        elif isinstance(expected, pd.Categorical):
            # (pandas 3 has no public assert_categorical_equal; the dtype compared here
            # holds the categories and whether they are ordered)
            pdt.assert_extension_array_equal(expected, actual, check_exact=True)
        elif isinstance(expected, pd.Index):
            pdt.assert_index_equal(expected, actual, exact=True)
        else:
            return NotImplemented
    except AssertionError as error:
        return f"{path}: {error}"
    return None


# ---- assertions ----------------------------------------------------------------------

def assert_round_trip(value: Any, via: str = "r") -> Any:
    """Assert that ``value`` sent to R and converted back is the same Python value.

    ``via="r"`` converts with the registry's rules (``py_to_r`` then ``r_to_py``);
    ``via="r_api"`` goes through R's own ``py_to_r()`` and ``r_to_py()`` on a proxy
    of the value (hints apply). Returns the value that came back.
    """
    if via not in _ROUND_TRIP_VIAS:
        raise ValueError(f"assert_round_trip(via=) must be one of {_ROUND_TRIP_VIAS}, "
                         f"not {via!r}")
    robj = api.py_to_r(value)
    if via == "r":
        back = api.r_to_py(robj)
    else:
        back = _helpers()["r_api_py_to_r"](value)
    difference = first_difference(value, back)
    if difference is not None:
        raise AssertionError(
            "the value did not survive the round trip Python → R → Python\n"
            f"  sent:     {_describe_py(value)}\n"
            f"  in R:     {_describe_r(robj)}\n"
            f"  got back: {_describe_py(back)}\n"
            f"  first difference: {difference}")
    return back


def assert_r_round_trip(code: str | RObject) -> Any:
    """Assert that the R value (R source text or an ``RObject``) converted to Python
    and back is ``identical()`` to itself, through R's ``r_to_py()`` and ``py_to_r()``
    (so the R-type hint applies, as in docs/conversions.md §8). Returns the Python value."""
    original = _r_value(code, "assert_r_round_trip()'s value")
    env = REnvironment()
    env["x"] = original
    env.eval("p <- pyreticulate::r_to_py(x); back <- pyreticulate::py_to_r(p); NULL")
    python_value = api.r_to_py(env.get_robject("p"))
    back = env.get_robject("back")
    if not _helpers()["identical"](original, back):
        differences = _all_equal(original, back) or [_helpers()["why"](original, back)]
        raise AssertionError(
            "the R value did not survive the round trip R → Python → R\n"
            f"  R value:   {_describe_r(original)}\n"
            f"  in Python: {_describe_py(python_value)}\n"
            f"  back in R: {_describe_r(back)}\n"
            f"  first difference (all.equal): {differences[0]}"
            + "".join(f"\n    {d}" for d in differences[1:5]))
    return python_value


def assert_r_identical(a: str | RObject, b: str | RObject) -> None:
    """Assert that two R values (R source text or ``RObject``) are ``identical()`` in R."""
    left, right = _r_value(a, "assert_r_identical()'s first value"), \
        _r_value(b, "assert_r_identical()'s second value")
    if _helpers()["identical"](left, right):
        return
    differences = _all_equal(left, right) or [_helpers()["why"](left, right)]
    raise AssertionError(
        "the R values are not identical()\n"
        f"  first:  {_describe_r(left)}\n"
        f"  second: {_describe_r(right)}\n"
        f"  all.equal(): " + "\n    ".join(differences[:5]))


def assert_r_true(code: str) -> None:
    """Assert that R code, run in a fresh local frame (a child of the global environment),
    gives ``TRUE``. On failure: the code, what it gave, the first part of an ``&&`` chain
    that was not ``TRUE`` and, when that part compares two values (``identical()``,
    ``all.equal()``, ``==``, ...), both values and ``all.equal()``'s text."""
    if not isinstance(code, str):
        raise TypeError(f"assert_r_true() takes R source text, not {type(code).__name__}")
    explained = _helpers()["explain_false"](code)
    lines = [explained] if isinstance(explained, str) else list(explained or [])
    if lines:
        raise AssertionError("the R code did not give TRUE\n  code: "
                             + code.strip().replace("\n", "\n        ") + "\n  "
                             + "\n  ".join(lines))


def assert_r_equal(a: str | RObject, b: str | RObject, tolerance: float | None = None) -> None:
    """Assert that two R values are ``all.equal()`` in R (``tolerance`` as R's, default
    R's own, ``sqrt(.Machine$double.eps)``); R's message on failure."""
    if tolerance is not None and (not isinstance(tolerance, (int, float))
                                  or isinstance(tolerance, bool) or tolerance < 0
                                  or math.isnan(tolerance)):
        raise ValueError(f"tolerance must be a non-negative number, not {tolerance!r}")
    left, right = _r_value(a, "assert_r_equal()'s first value"), \
        _r_value(b, "assert_r_equal()'s second value")
    options = {} if tolerance is None else {"tolerance": float(tolerance)}
    differences = _all_equal(left, right, **options)
    if not differences:
        return
    raise AssertionError(
        "the R values are not all.equal()"
        + (f" (tolerance {tolerance})" if tolerance is not None else "") + "\n"
        f"  first:  {_describe_r(left)}\n"
        f"  second: {_describe_r(right)}\n"
        f"  all.equal(): " + "\n    ".join(differences[:5]))


# ---- a fresh R environment -----------------------------------------------------------

class REnvironment(collections.abc.MutableMapping[str, Any]):
    """A new R environment whose parent is the global environment.

    ``env("code")`` evaluates R code in it (converted unless ``convert=False``);
    ``env["x"]`` reads (converted), ``env["x"] = value`` assigns (converted to R;
    an ``RObject`` as it is); ``env.robject`` is the environment itself.
    """

    def __init__(self) -> None:
        self.robject: RObject = _call_raw_env()

    def __call__(self, code: str, convert: bool = True) -> Any:
        return self.eval(code, convert=convert)

    def eval(self, code: str, convert: bool = True) -> Any:
        """Evaluate R code in this environment."""
        if not isinstance(code, str):
            raise TypeError(f"R code must be a str, not {type(code).__name__}")
        return api.r(code, convert=convert, env=self.robject)

    def __getitem__(self, name: str) -> Any:
        _check_name(name)
        if name not in self:
            raise KeyError(name)
        return self.eval(f"get({_quote(name)}, inherits = FALSE)")

    def get_robject(self, name: str) -> RObject:
        """The value bound to ``name``, unconverted."""
        _check_name(name)
        if name not in self:
            raise KeyError(name)
        robject: RObject = self.eval(f"get({_quote(name)}, inherits = FALSE)", convert=False)
        return robject

    def __setitem__(self, name: str, value: Any) -> None:
        _check_name(name)
        _assign_in()(name, value, self.robject)

    def __delitem__(self, name: str) -> None:
        _check_name(name)
        if name not in self:
            raise KeyError(name)
        self.eval(f"rm(list = {_quote(name)})")

    def _names(self) -> list[str]:
        names = self.eval("ls(environment(), all.names = TRUE, sorted = TRUE)")
        return [names] if isinstance(names, str) else list(names or [])

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._names()

    def clear(self) -> None:
        """Remove every binding (the fixture does this after the test)."""
        self.eval("rm(list = ls(environment(), all.names = TRUE))")

    def __repr__(self) -> str:
        return f"<R environment, child of the global environment: {len(self)} bindings>"


def _call_raw_env() -> RObject:
    env: RObject = api.r("new.env(parent = globalenv())", convert=False)
    return env


def _assign_in() -> Callable[..., Any]:
    fn: Callable[..., Any] | None = _HELPERS.get("assign")
    if fn is None:
        fn = _HELPERS["assign"] = api.r("function(name, value, env) { assign(name, value, "
                                        "envir = env); invisible(NULL) }")
    return fn


def _check_name(name: object) -> None:
    if not isinstance(name, str) or not name:
        raise TypeError(f"an R variable name must be a non-empty str, not {name!r}")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---- converter scopes ----------------------------------------------------------------

class ConverterScope:
    """Registers conversion rules for a while: on ``close()`` (or leaving the ``with``
    block) the registry is back to what it was, including rules registered meanwhile
    through ``pyreticulate.register_py_to_r`` / ``register_r_to_py`` directly."""

    def __init__(self) -> None:
        self._snapshot = REGISTRY.snapshot()
        self._registrations: list[Registration] = []
        self.closed = False

    def register_py_to_r(self, rule: PyToRRule, *pytypes: type) -> Registration:
        """``pyreticulate.register_py_to_r`` for the scope's duration."""
        self._check_open()
        registration = REGISTRY.register_py_to_r(rule, *pytypes)
        self._registrations.append(registration)
        return registration

    def register_r_to_py(self, rule: RToPyRule, *, sexptypes: Sequence[int | str | None] = (),
                         r_classes: Sequence[str] = ()) -> Registration:
        """``pyreticulate.register_r_to_py`` for the scope's duration."""
        self._check_open()
        registration = REGISTRY.register_r_to_py(rule, sexptypes=sexptypes, r_classes=r_classes)
        self._registrations.append(registration)
        return registration

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("this converter scope is closed: its rules were undone")

    def close(self) -> None:
        """Undo every rule registered since the scope began."""
        if self.closed:
            return
        self.closed = True
        for registration in reversed(self._registrations):
            registration.active = False
        REGISTRY.restore(self._snapshot)

    def __enter__(self) -> "ConverterScope":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def converter_scope() -> Iterator[ConverterScope]:
    """``with converter_scope() as conv:`` rules registered inside are undone on exit."""
    scope = ConverterScope()
    try:
        yield scope
    finally:
        scope.close()

