"""R packages as Python modules, and R objects by name.

``importr("stats")`` (or ``packages.stats``) loads an R package's namespace and
gives an ``RPackage``: its exported objects are attributes (R's dots become
underscores: ``utils.read_csv`` is ``read.csv``; when both ``a.b`` and ``a_b`` are
exported, the attribute is the exact name and the other is only ``pkg["a.b"]``),
its lazy-loaded datasets too (``importr("datasets").iris``). Functions come as
``RPackageFunction``: called with Python arguments, keyword names with
underscores reach R's dotted argument names (``na_rm`` → ``na.rm``), and
``inspect.signature`` shows R's formals (``...`` as ``*args, **kwargs``).

``r`` is the evaluator the package exports as ``pyreticulate.r``: ``r("1 + 1")``
evaluates R code, ``r.pi`` looks ``pi`` up from the global environment along the
search path.
"""
from __future__ import annotations

import inspect
import keyword
from typing import Any

from . import api
from .convert.rules.callables import RFunction
from .runtime.errors import RError
from .runtime.handles import RObject

__all__ = ["Packages", "RPackage", "RPackageFunction", "RPackageNotFoundError", "REvaluator",
           "importr", "packages", "r"]


class RPackageNotFoundError(ImportError):
    """An R package that cannot be loaded (R's message says why)."""


_R_HELPERS: dict[str, Any] = {}


def _helper(name: str) -> Any:
    """R functions this module calls, made once."""
    if not _R_HELPERS:
        _R_HELPERS.update({
            "load": api.r("function(pkg) { loadNamespace(pkg); invisible(NULL) }"),
            "names": api.r(
                "function(pkg) { ns <- asNamespace(pkg); "
                "data <- tryCatch(ls(.getNamespaceInfo(ns, 'lazydata'), all.names = TRUE), "
                "error = function(e) character(0)); "
                "list(exports = as.list(sort(getNamespaceExports(ns))), data = as.list(data)) }"),
            "value": api.r("function(pkg, name) getExportedValue(pkg, name)"),
            "lookup": api.r("function(name) get(name, envir = globalenv(), inherits = TRUE)"),
            "exists": api.r("function(name) exists(name, envir = globalenv(), inherits = TRUE)"),
            "formals": api.r(
                "function(f) { a <- if (is.primitive(f)) args(f) else f; "
                "if (!is.function(a)) return(NULL); fm <- formals(a); "
                "if (is.null(fm)) return(list(names = list(), defaults = list())); "
                "list(names = as.list(names(fm)), defaults = lapply(seq_along(fm), "
                "function(i) paste(deparse(fm[[i]]), collapse = ' '))) }"),
        })
    return _R_HELPERS[name]


class RDefault:
    """An R default shown in a Python signature (its R source); never passed to R."""

    __slots__ = ("source",)

    def __init__(self, source: str):
        self.source = source

    def __repr__(self) -> str:
        return self.source or "<missing>"


def python_name(r_name: str) -> str:
    """The Python spelling of an R name: dots become underscores."""
    return r_name.replace(".", "_")


def attribute_names(r_names: "set[str] | frozenset[str] | list[str]") -> dict[str, str]:
    """Python attribute → R name: each name as it is when it is an identifier, and with
    dots as underscores unless that spelling is itself an R name (the exact name wins)."""
    attributes: dict[str, str] = {}
    for r_name in sorted(r_names):
        if _usable(r_name):
            attributes[r_name] = r_name
    for r_name in sorted(r_names):
        alias = python_name(r_name)
        if alias != r_name and _usable(alias) and alias not in attributes:
            attributes[alias] = r_name
    return attributes


def _usable(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)


class RPackageFunction(RFunction):
    """An R function with a Python signature from its formals; keyword arguments
    spelled with underscores reach R's dotted argument names."""

    __slots__ = ("_keywords", "_signature")

    def __init__(self, function: RFunction, name: str):
        super().__init__(function.sexp, convert=True, name=name)
        self._keywords: dict[str, str] = {}
        self._signature: inspect.Signature | None = None
        described = _helper("formals")(function)
        if described is None:
            self._signature = inspect.Signature([
                inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
                inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD)])
            return
        names = list(described["names"] or [])
        defaults = list(described["defaults"] or [])
        exact = set(names)
        for formal in names:
            alias = python_name(formal)
            if alias != formal and alias not in exact:
                self._keywords[alias] = formal
        self._signature = _signature(names, defaults)

    @property
    def __signature__(self) -> inspect.Signature | None:
        return self._signature

    @property
    def r_argument_names(self) -> dict[str, str]:
        """Python keyword → R argument name, for the R names with dots."""
        return dict(self._keywords)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._keywords:
            kwargs = {self._keywords.get(k, k): v for k, v in kwargs.items()}
        return super().__call__(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<R function {self.__name__}{self._signature}>"


def _signature(names: list[str], defaults: list[str]) -> inspect.Signature:
    P = inspect.Parameter
    params: list[inspect.Parameter] = []
    after_dots, seen_default, taken = False, False, set()
    for formal, default in zip(names, defaults):
        if formal == "...":
            after_dots = True
            params.append(P("args", P.VAR_POSITIONAL))
            taken.add("args")
            continue
        name = python_name(formal)
        if not _usable(name) or name in taken or name in ("args", "kwargs"):
            continue
        taken.add(name)
        kind = P.KEYWORD_ONLY if after_dots else P.POSITIONAL_OR_KEYWORD
        if default:
            seen_default = True
            params.append(P(name, kind, default=RDefault(default)))
        elif seen_default and not after_dots:
            # R allows a required argument after an optional one; Python does not
            params.append(P(name, kind, default=RDefault("")))
        else:
            params.append(P(name, kind))
    if after_dots:
        params.append(P("kwargs", P.VAR_KEYWORD))
    return inspect.Signature(params)


def _wrap(value: Any, name: str) -> Any:
    if isinstance(value, RFunction) and not isinstance(value, RPackageFunction):
        return RPackageFunction(value, name)
    return value


class RPackage:
    """An R package's exports (and lazy-loaded data) as attributes; ``pkg["a.b"]`` by exact R name."""

    def __init__(self, name: str):
        if not isinstance(name, str) or not name:
            raise TypeError(f"an R package name must be a non-empty str, not {name!r}")
        try:
            _helper("load")(name)
        except RError as error:
            raise RPackageNotFoundError(
                f"the R package {name!r} cannot be loaded: {error}") from None
        listed = _helper("names")(name)
        exports = list(listed["exports"] or [])
        data = list(listed["data"] or [])
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_r_names", frozenset(exports) | frozenset(data))
        object.__setattr__(self, "_attributes", attribute_names(self._r_names))
        object.__setattr__(self, "_cache", {})
        object.__setattr__(self, "__name__", name)

    @property
    def r_names(self) -> list[str]:
        """Every exported R name (and dataset), sorted."""
        return sorted(self._r_names)

    def __getitem__(self, r_name: str) -> Any:
        if not isinstance(r_name, str):
            raise TypeError(f"R names are strings, not {type(r_name).__name__}")
        if r_name not in self._r_names:
            raise KeyError(f"the R package {self._name!r} exports no {r_name!r}")
        cache = self._cache
        if r_name not in cache:
            cache[r_name] = _wrap(_helper("value")(self._name, r_name), f"{self._name}::{r_name}")
        return cache[r_name]

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        r_name = self._attributes.get(attribute)
        if r_name is None:
            raise AttributeError(f"the R package {self._name!r} exports no {attribute!r}"
                                 + (f" (nor {attribute.replace('_', '.')!r})"
                                    if "_" in attribute else ""))
        return self[r_name]

    def __setattr__(self, attribute: str, value: Any) -> None:
        raise AttributeError(f"the R package {self._name!r} is read-only")

    def __contains__(self, r_name: object) -> bool:
        return r_name in self._r_names

    def __dir__(self) -> list[str]:
        return sorted(set(self._attributes) | {"r_names"})

    def __repr__(self) -> str:
        return f"<R package {self._name!r}: {len(self._r_names)} exports>"


_PACKAGES: dict[str, RPackage] = {}


def importr(name: str) -> RPackage:
    """The R package ``name`` as a Python module-like object (loaded once per process).

    Raises ``RPackageNotFoundError`` (an ``ImportError``) with R's message when
    the package cannot be loaded."""
    package = _PACKAGES.get(name) if isinstance(name, str) else None
    if package is None:
        package = _PACKAGES[name] = RPackage(name)
    return package


class Packages:
    """``packages.stats`` is ``importr("stats")``; ``packages["data.table"]`` for other names."""

    def __getattr__(self, name: str) -> RPackage:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return importr(name)
        except RPackageNotFoundError as error:
            raise AttributeError(str(error)) from error

    def __getitem__(self, name: str) -> RPackage:
        return importr(name)

    def __repr__(self) -> str:
        return "<R packages: packages.<name> is importr(name)>"


packages = Packages()


class REvaluator:
    """``r("code")`` evaluates R code (``api.r``); ``r.name`` is the R object ``name``
    found from the global environment along the search path (``r["name"]`` for any
    name)."""

    def __call__(self, code: str, convert: bool = True, env: RObject | None = None,
                 numpy: bool = False) -> Any:
        return api.r(code, convert=convert, env=env, numpy=numpy)

    def __getitem__(self, name: str) -> Any:
        if not isinstance(name, str) or not name:
            raise TypeError(f"an R name must be a non-empty str, not {name!r}")
        if not _helper("exists")(name):
            raise KeyError(f"no R object {name!r} in the global environment or on the "
                           "search path")
        return _wrap(_helper("lookup")(name), name)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(error.args[0]) from None

    def __repr__(self) -> str:
        return "<R evaluator: r('code') evaluates, r.name looks an R object up>"


r = REvaluator()
