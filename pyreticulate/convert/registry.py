"""The converter registry: small rules, chosen by R class and SEXP type one way
and by the Python type's MRO the other way.

A rule returns ``NOT_HANDLED`` to pass the value on to the next rule. R's own
S3 methods ``r_to_py.<class>`` and ``py_to_r.<class>`` come first. Rules live in
``RuleTable``s, asked in this order (the *lookup*):

1. the tables of the converter scopes active in the current context
   (``with conversion(rules):``, innermost first; a ``contextvars`` variable, so a
   scope is seen by this thread or task only, and by the R work it runs);
2. ``REGISTRY.user``: users' global rules (``register_r_to_py``, ``register_py_to_r``);
3. ``REGISTRY.builtin``: the built-in families (``pyreticulate.convert.rules``).

R → Python: for each class of the value in order, then for its SEXP type, then for
any type (``None``), each table in that order, the latest rule of a table first.
Python → R: for each class of the type's MRO, each table in that order. An
attribute-free value takes the built-in shortcut for its SEXP type
(``register_plain_r_to_py``) unless a scope or user rule names that type.

Built-in rules work on SEXPs: ``rule(sexp) -> object`` (``sexp`` protected by the
caller) and ``rule(obj, hint) -> SEXP`` (unprotected; ``hint`` is the R prototype
``r_to_py()`` recorded, or None). Users' rules never see a SEXP: an R → Python rule
is ``rule(RObject) -> object``, a Python → R rule ``rule(obj, hint) -> RObject or a
plain Python value`` (``hint`` an ``RObject`` or None) that the built-in rules then
convert.

Rules for types of optional libraries (pandas, scipy) are registered with
``register_py_to_r_lazy``: the types are looked up only once their module has
been imported, so registering never imports the library.

Every Python object no rule converts, and every value that crosses without
conversion (``r_to_py()``, ``convert = FALSE``), becomes a proxy made by the
proxy maker the reference rules register (``register_proxy_maker``; ``wrap``).
"""
from __future__ import annotations

import contextvars
import sys
import threading
from typing import Any, Callable, Iterable

from ..libr import capi, vectors
from ..libr.protect import protected
from ..runtime import evaluation
from ..runtime.handles import _TYPE_NAMES, RObject
from . import proxies, s3methods

__all__ = ["NOT_HANDLED", "REGISTRY", "ConversionRules", "ConversionScope", "PyToRRule",
           "RToPyRule", "Registration", "Registry", "RuleTable", "active_scopes",
           "register_py_to_r", "register_r_to_py"]

NOT_HANDLED: Any = object()
"""What a rule returns to pass the value on to the next rule."""

PRIMITIVE_TYPES = frozenset({type(None), bool, int, float, complex, str, bytearray, list,
                             tuple, dict})

RToPyRule = Callable[[RObject], Any]
"""A user's R → Python rule: the R value (an ``RObject``) → a Python value, or
``NOT_HANDLED``."""

PyToRRule = Callable[[Any, "RObject | None"], Any]
"""A user's Python → R rule: ``(obj, hint)`` → an ``RObject``, a Python value the
built-in rules convert, or ``NOT_HANDLED``."""

R_TYPE_CODES = {name: code for code, name in _TYPE_NAMES.items()}
R_TYPE_CODES["NULL"] = capi.NILSXP


class RuleTable:
    """Rules by R class, by SEXP type (``None``: any type) and by Python type; the
    latest rule for a key first. ``changed`` is called after every change."""

    __slots__ = ("name", "r_class", "r_type", "py", "changed")

    def __init__(self, name: str = "", changed: Callable[[], None] | None = None) -> None:
        self.name = name
        self.r_class: dict[str, list[Callable[..., Any]]] = {}
        self.r_type: dict[int | None, list[Callable[..., Any]]] = {}
        self.py: dict[type, list[Callable[..., Any]]] = {}
        self.changed = changed

    def add_r_to_py(self, rule: Callable[..., Any], sexptypes: Iterable[int | None],
                    r_classes: Iterable[str]) -> None:
        _check_callable(rule)
        for name in r_classes:
            self.r_class.setdefault(name, []).insert(0, rule)
        for sexptype in sexptypes:
            self.r_type.setdefault(sexptype, []).insert(0, rule)
        self._changed()

    def add_py_to_r(self, rule: Callable[..., Any], pytypes: Iterable[type]) -> None:
        _check_callable(rule)
        for pytype in pytypes:
            self.py.setdefault(pytype, []).insert(0, rule)
        self._changed()

    def remove(self, registration: Registration) -> bool:
        """Take a registration's rule out again; True if it was there."""
        rule, removed = registration.internal_rule, False
        for pytype in registration.pytypes:
            removed |= _remove_first(self.py, pytype, rule)
        for name in registration.r_classes:
            removed |= _remove_first(self.r_class, name, rule)
        for sexptype in registration.sexptypes:
            removed |= _remove_first(self.r_type, sexptype, rule)
        self._changed()
        return removed

    def copy(self) -> dict[str, Any]:
        return {"r_class": {k: list(v) for k, v in self.r_class.items()},
                "r_type": {k: list(v) for k, v in self.r_type.items()},
                "py": {k: list(v) for k, v in self.py.items()}}

    def put_back(self, state: dict[str, Any]) -> None:
        self.r_class = {k: list(v) for k, v in state["r_class"].items()}
        self.r_type = {k: list(v) for k, v in state["r_type"].items()}
        self.py = {k: list(v) for k, v in state["py"].items()}
        self._changed()

    def _changed(self) -> None:
        if self.changed is not None:
            self.changed()

    def __bool__(self) -> bool:
        return any(self.r_class.values()) or any(self.r_type.values()) or any(
            self.py.values())


def _check_callable(rule: object) -> None:
    if not callable(rule):
        raise TypeError(f"a conversion rule must be callable, not {type(rule).__name__}")


def _remove_first(rules: dict[Any, list[Callable[..., Any]]], key: Any,
                  rule: Callable[..., Any]) -> bool:
    listed = rules.get(key)
    if listed and rule in listed:
        listed.remove(rule)
        if not listed:
            del rules[key]
        return True
    return False


def _sexptype_code(sexptype: int | str | None) -> int | None:
    if sexptype is None or (isinstance(sexptype, int) and not isinstance(sexptype, bool)):
        return sexptype
    if isinstance(sexptype, str):
        code = R_TYPE_CODES.get(sexptype)
        if code is None:
            raise ValueError(f"{sexptype!r} is not an R type; R's typeof() names are "
                             f"{', '.join(sorted(R_TYPE_CODES))}")
        return code
    raise TypeError(f"an R type is a typeof() name (str) or None, not {sexptype!r}")


def _targets_r(sexptypes: Iterable[int | str | None] | str,
               r_classes: Iterable[str] | str, caller: str
               ) -> tuple[tuple[int | None, ...], tuple[str, ...]]:
    for given, what in ((r_classes, "r_classes"), (sexptypes, "sexptypes")):
        if isinstance(given, str):
            raise TypeError(f"{what} must be a list, not the str {given!r} "
                            f"(write {what}=[{given!r}])")
    classes = tuple(r_classes)
    for name in classes:
        if not isinstance(name, str):
            raise TypeError(f"R class names are strings, not {type(name).__name__}")
    codes = tuple(_sexptype_code(t) for t in sexptypes)
    if not codes and not classes:
        raise TypeError(f"{caller}() needs sexptypes= or r_classes=")
    return codes, classes


def _targets_py(pytypes: tuple[type, ...], caller: str) -> tuple[type, ...]:
    if not pytypes:
        raise TypeError(f"{caller}() needs at least one Python type")
    for pytype in pytypes:
        if not isinstance(pytype, type):
            raise TypeError(f"{caller}() needs Python types, not {pytype!r}")
    return pytypes


# ---- users' rules: RObjects in, RObjects or Python values out -------------------------

def user_r_to_py(rule: RToPyRule) -> Callable[[Any], Any]:
    """The internal form of a user's R → Python rule: it gets the value as an ``RObject``."""
    def internal(sexp: Any) -> Any:
        return rule(RObject(sexp))
    internal.__name__ = getattr(rule, "__name__", "rule")
    return internal


def user_py_to_r(rule: PyToRRule) -> Callable[[Any, Any], Any]:
    """The internal form of a user's Python → R rule: what it returns becomes a SEXP."""
    def internal(obj: Any, hint: Any) -> Any:
        value = rule(obj, None if hint is None else RObject(hint))
        if value is NOT_HANDLED:
            return NOT_HANDLED
        if isinstance(value, RObject):
            return value.sexp
        if isinstance(value, capi.ffi.CData):
            raise TypeError(f"the conversion rule {internal.__name__!r} returned a raw SEXP; "
                            "a rule returns a pyreticulate.RObject or a Python value")
        return REGISTRY.to_r_builtin(value)
    internal.__name__ = getattr(rule, "__name__", "rule")
    return internal


class Registration:
    """A rule registered in a ``RuleTable`` (``register_r_to_py``, ``register_py_to_r``,
    or a ``ConversionRules``' methods).

    ``undo()`` takes it out again (idempotent); as a context manager it is undone
    on exit. Calling it calls the rule, so code that used the rule ``register_*``
    returned keeps working.
    """

    __slots__ = ("table", "rule", "internal_rule", "direction", "pytypes", "sexptypes",
                 "r_classes", "active", "__weakref__")

    def __init__(self, table: RuleTable, rule: Callable[..., Any],
                 internal_rule: Callable[..., Any], direction: str,
                 pytypes: tuple[type, ...] = (), sexptypes: tuple[int | None, ...] = (),
                 r_classes: tuple[str, ...] = ()) -> None:
        self.table, self.rule, self.internal_rule = table, rule, internal_rule
        self.direction = direction
        self.pytypes, self.sexptypes, self.r_classes = pytypes, sexptypes, r_classes
        self.active = True

    def undo(self) -> bool:
        """Remove the rule; False when it was already removed."""
        if not self.active:
            return False
        self.active = False
        return self.table.remove(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.rule(*args, **kwargs)

    def __enter__(self) -> Registration:
        return self

    def __exit__(self, *exc: object) -> None:
        self.undo()

    def __repr__(self) -> str:
        targets = [t.__name__ for t in self.pytypes] + list(self.r_classes) + [
            _TYPE_NAMES.get(t, f"SEXP type {t}") if t is not None else "any R type"
            for t in self.sexptypes]
        state = "active" if self.active else "undone"
        return f"<{self.direction} rule {getattr(self.rule, '__name__', self.rule)!r} for " \
               f"{', '.join(targets) or 'nothing'} ({state})>"


def _register_r_to_py(table: RuleTable, rule: RToPyRule,
                      sexptypes: Iterable[int | str | None] | str,
                      r_classes: Iterable[str] | str, caller: str) -> Registration:
    _check_callable(rule)
    codes, classes = _targets_r(sexptypes, r_classes, caller)
    internal = user_r_to_py(rule)
    table.add_r_to_py(internal, codes, classes)
    return Registration(table, rule, internal, "r_to_py", sexptypes=codes, r_classes=classes)


def _register_py_to_r(table: RuleTable, rule: PyToRRule, pytypes: tuple[type, ...],
                      caller: str) -> Registration:
    _check_callable(rule)
    pytypes = _targets_py(pytypes, caller)
    internal = user_py_to_r(rule)
    table.add_py_to_r(internal, pytypes)
    return Registration(table, rule, internal, "py_to_r", pytypes=pytypes)


# ---- converter scopes --------------------------------------------------------------

class ConversionRules:
    """A set of rules for converter scopes (``with conversion(rules):``, or ``with
    rules:``); nothing applies until a scope uses it. Its rules are users' rules
    (``RObject``s, never SEXPs); the ready sets (``conversion.numpy``) hold built-in ones."""

    def __init__(self, name: str = "") -> None:
        self.name = name
        self.table = RuleTable(name)
        self._entered = threading.local()

    def __enter__(self) -> ConversionRules:
        """``with rules:`` is ``with conversion(rules):``."""
        scope = ConversionScope(self)
        scope.__enter__()
        _entered_stack(self._entered).append(scope)
        return self

    def __exit__(self, *exc: object) -> None:
        _entered_stack(self._entered).pop().__exit__()

    def register_r_to_py(self, rule: RToPyRule, *,
                         sexptypes: Iterable[int | str | None] = (),
                         r_classes: Iterable[str] = ()) -> Registration:
        """``rule(robj)`` for R values of these R types (typeof() names) or R classes."""
        return _register_r_to_py(self.table, rule, sexptypes, r_classes, "register_r_to_py")

    def register_py_to_r(self, rule: PyToRRule, *pytypes: type) -> Registration:
        """``rule(obj, hint)`` for Python objects of these types (and subclasses)."""
        return _register_py_to_r(self.table, rule, pytypes, "register_py_to_r")

    def r_to_py(self, *, sexptypes: Iterable[int | str | None] = (),
                r_classes: Iterable[str] = ()) -> Callable[[RToPyRule], RToPyRule]:
        """Decorator form of ``register_r_to_py``; gives back the function."""
        def decorate(rule: RToPyRule) -> RToPyRule:
            self.register_r_to_py(rule, sexptypes=sexptypes, r_classes=r_classes)
            return rule
        return decorate

    def py_to_r(self, *pytypes: type) -> Callable[[PyToRRule], PyToRRule]:
        """Decorator form of ``register_py_to_r``; gives back the function."""
        def decorate(rule: PyToRRule) -> PyToRRule:
            self.register_py_to_r(rule, *pytypes)
            return rule
        return decorate

    def add_builtin_r_to_py(self, rule: Callable[[Any], Any], *sexptypes: int) -> None:
        """A built-in (SEXP) rule in this set: for the ready scopes of the rule families."""
        self.table.add_r_to_py(rule, sexptypes, ())

    def add_builtin_py_to_r(self, rule: Callable[[Any, Any], Any], *pytypes: type) -> None:
        """A built-in (SEXP) Python → R rule in this set."""
        self.table.add_py_to_r(rule, pytypes)

    def __repr__(self) -> str:
        return f"<conversion rules {self.name!r}>" if self.name else "<conversion rules>"


_SCOPES: contextvars.ContextVar[tuple[RuleTable, ...]] = contextvars.ContextVar(
    "pyreticulate_conversion_scopes", default=())


def _entered_stack(entered: threading.local) -> list[Any]:
    """What this thread entered and has not left yet (one object may be entered by
    several threads at once)."""
    stack: list[Any] | None = getattr(entered, "stack", None)
    if stack is None:
        stack = entered.stack = []
    return stack


def conversion_scopes() -> contextvars.ContextVar[tuple[RuleTable, ...]]:
    """The context variable holding the active scopes' tables (for the compiled crossing,
    which takes its fast path only while it is empty)."""
    return _SCOPES


def active_scopes() -> tuple[RuleTable, ...]:
    """The tables of the converter scopes active in this context, innermost first."""
    return _SCOPES.get()


class ConversionScope:
    """``with conversion(*rules) as local:``: the rules apply in this context for the
    block (later arguments over earlier ones, all over the global rules); ``local``
    is a ``ConversionRules`` of the block's own, innermost, gone with the block.
    Entered again (or nested, or by several threads at once), each ``with`` is its own
    scope."""

    def __init__(self, *rules: ConversionRules) -> None:
        for given in rules:
            if not isinstance(given, ConversionRules):
                raise TypeError(f"conversion() takes ConversionRules, not "
                                f"{type(given).__name__}")
        self.rules = rules
        self._entered = threading.local()

    def __enter__(self) -> ConversionRules:
        local = ConversionRules("local")
        tables = (local.table, *(r.table for r in reversed(self.rules)))
        _entered_stack(self._entered).append(_SCOPES.set(tables + _SCOPES.get()))
        return local

    def __exit__(self, *exc: object) -> None:
        _SCOPES.reset(_entered_stack(self._entered).pop())

    def __repr__(self) -> str:
        return f"<conversion scope of {', '.join(map(repr, self.rules)) or 'no rules'}>"


# ---- the registry -------------------------------------------------------------------

class Registry:
    """Conversion rules, process-wide and the same on every thread, and the lookup."""

    def __init__(self) -> None:
        self.builtin = RuleTable("built-in", self._forget_chains)
        self.user = RuleTable("user", self._user_rules_changed)
        self._builtin_plain: dict[int, Callable[[Any, int], Any]] = {}
        self.plain_rules: dict[int, Callable[[Any, int], Any]] = {}
        self._py_chain: dict[type, list[Callable[..., Any]]] = {}
        self._builtin_chain: dict[type, list[Callable[..., Any]]] = {}
        self._lazy_py_rules: list[tuple[str, Callable[[Any], Iterable[type]],
                                        Callable[..., Any]]] = []
        self._proxy_maker: Callable[..., Any] | None = None
        self.convert_context = True
        self.user_rules_watchers: list[Callable[[bool], None]] = []

    def converting(self, flag: bool) -> _ConvertContext:
        """Context: R functions met while converting to Python get this ``convert`` flag."""
        return _ConvertContext(self, flag)

    # -- registering: the built-in families

    def register_plain_r_to_py(self, rule: Callable[[Any, int], Any], *sexptypes: int
                               ) -> Callable[[Any, int], Any]:
        """Use ``rule(sexp, sexptype)`` first for attribute-free R values of these SEXP types.

        A shortcut for the commonest values (no class, no dim, no names): it is
        not taken for a type while a user or scope rule names that type.
        """
        for sexptype in sexptypes:
            self._builtin_plain[sexptype] = rule
        self._user_rules_changed()
        return rule

    def r_to_py(self, *, sexptypes: Iterable[int | None] = (),
                r_classes: Iterable[str] = ()) -> Callable[[Callable[[Any], Any]],
                                                           Callable[[Any], Any]]:
        """Decorator: a built-in ``rule(sexp)`` for these SEXP types or R classes."""
        def decorate(rule: Callable[[Any], Any]) -> Callable[[Any], Any]:
            self.builtin.add_r_to_py(rule, tuple(sexptypes), tuple(r_classes))
            return rule
        return decorate

    def py_to_r(self, *pytypes: type) -> Callable[[Callable[[Any, Any], Any]],
                                                  Callable[[Any, Any], Any]]:
        """Decorator: a built-in ``rule(obj, hint) -> SEXP`` for these Python types."""
        def decorate(rule: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
            self.builtin.add_py_to_r(rule, _targets_py(pytypes, "py_to_r"))
            return rule
        return decorate

    def register_py_to_r_lazy(self, rule: Callable[[Any, Any], Any], module: str,
                              types: Callable[[Any], Iterable[type]]
                              ) -> Callable[[Any, Any], Any]:
        """A built-in ``rule(obj, hint)`` for the types ``types(module)`` names, once
        ``module`` is imported."""
        self._lazy_py_rules.append((module, types, rule))
        self._forget_chains()
        return rule

    def register_proxy_maker(self, maker: Callable[..., Any]) -> Callable[..., Any]:
        """Use ``maker(obj, convert, hint)`` to make the R proxy standing for a Python object."""
        self._proxy_maker = maker
        return maker

    # -- registering: users' global rules

    def register_r_to_py(self, rule: RToPyRule, *,
                         sexptypes: Iterable[int | str | None] = (),
                         r_classes: Iterable[str] = ()) -> Registration:
        """Use ``rule(robj)`` for R values of these R types (typeof() names such as
        ``"double"``; None for any) or R classes, everywhere.

        ``robj`` is the R value as an ``RObject``. Returns a ``Registration``:
        ``.undo()`` (or leaving it as a context manager) removes the rule again."""
        return _register_r_to_py(self.user, rule, sexptypes, r_classes, "register_r_to_py")

    def register_py_to_r(self, rule: PyToRRule, *pytypes: type) -> Registration:
        """Use ``rule(obj, hint)`` for Python objects of these types (and subclasses).

        The rule returns an ``RObject`` or a Python value the built-in rules convert
        (``hint`` is the R prototype ``r_to_py()`` recorded, an ``RObject``, or None).
        Returns a ``Registration`` that undoes it."""
        return _register_py_to_r(self.user, rule, pytypes, "register_py_to_r")

    def snapshot(self) -> dict[str, Any]:
        """Users' global rules as they are now, for ``restore`` (the testing toolkit's scopes)."""
        return self.user.copy()

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Put back the users' rules a ``snapshot`` recorded; rules registered since go."""
        self.user.put_back(snapshot)

    def _user_rules_changed(self) -> None:
        blocked = self.user.r_type
        self.plain_rules = {kind: rule for kind, rule in self._builtin_plain.items()
                            if kind not in blocked}
        self._forget_chains()
        for watcher in self.user_rules_watchers:
            watcher(self.has_user_rules())

    def has_user_rules(self) -> bool:
        """Whether any global user rule is registered (either way)."""
        return bool(self.user)

    def watch_user_rules(self, watcher: Callable[[bool], None]) -> None:
        """Call ``watcher(has_user_rules())`` now and after every change of the users' rules."""
        self.user_rules_watchers.append(watcher)
        watcher(self.has_user_rules())

    def _forget_chains(self) -> None:
        self._py_chain.clear()
        self._builtin_chain.clear()

    def _resolve_lazy(self) -> None:
        pending = [entry for entry in self._lazy_py_rules if entry[0] in sys.modules]
        for entry in pending:
            self._lazy_py_rules.remove(entry)
            self.builtin.add_py_to_r(entry[2], tuple(entry[1](sys.modules[entry[0]])))

    # -- converting

    def wrap(self, obj: Any, convert: bool, hint: Any = None) -> Any:
        """The R proxy standing for ``obj`` (unprotected), whatever its type; no rule applies."""
        assert self._proxy_maker is not None, "the reference rules register the proxy maker"
        return self._proxy_maker(obj, convert, hint)

    def to_python(self, sexp: Any, s3: bool = True) -> Any:
        """Convert an R value to Python; ``s3`` consults ``r_to_py.<class>`` methods first."""
        scopes = _SCOPES.get()
        if scopes:
            return self._to_python_scoped(scopes, sexp, s3)
        kind = capi.plain_kind(sexp)
        if kind >= 0:
            rule = self.plain_rules.get(kind)
            if rule is not None:
                return rule(sexp, kind)
        return self._to_python_by_rules((self.user, self.builtin), sexp, s3)

    def _to_python_scoped(self, scopes: tuple[RuleTable, ...], sexp: Any, s3: bool) -> Any:
        kind = capi.plain_kind(sexp)
        if kind >= 0:
            for table in scopes:
                for rule in table.r_type.get(kind, ()):
                    value = rule(sexp)
                    if value is not NOT_HANDLED:
                        return value
            plain = self.plain_rules.get(kind)
            if plain is not None:
                return plain(sexp, kind)
        return self._to_python_by_rules((*scopes, self.user, self.builtin), sexp, s3)

    def _to_python_by_rules(self, tables: tuple[RuleTable, ...], sexp: Any, s3: bool) -> Any:
        lib = capi.lib
        if lib.OBJECT(sexp):
            classes = vectors.class_names(sexp)
            if s3 and "python.builtin.object" not in classes:
                method = s3methods.find("r_to_py", classes)
                if method is not None:
                    return self._s3_r_to_py(method, sexp)
            for name in classes:
                for table in tables:
                    for rule in table.r_class.get(name, ()):
                        value = rule(sexp)
                        if value is not NOT_HANDLED:
                            return value
        kind = lib.TYPEOF(sexp)
        for key in (kind, None):
            for table in tables:
                for rule in table.r_type.get(key, ()):
                    value = rule(sexp)
                    if value is not NOT_HANDLED:
                        return value
        raise TypeError(f"no conversion rule for R type {_TYPE_NAMES.get(kind, kind)}")

    def _s3_r_to_py(self, method: Any, sexp: Any) -> Any:
        with protected() as keep:
            result = evaluation.call_function(method, [sexp], keep=keep)
            if proxies.is_proxy(result):
                return proxies.unwrap_object(result)
            return self.to_python(result, s3=False)

    def to_r(self, obj: Any, hint: Any = None, s3: bool = True) -> Any:
        """Convert a Python object to R (unprotected); ``s3`` consults ``py_to_r.<class>``."""
        tp = type(obj)
        if s3 and tp not in PRIMITIVE_TYPES:
            method = s3methods.find("py_to_r", proxies.filtered_class_names(tp))
            if method is not None:
                return self._s3_py_to_r(method, obj)
        scopes = _SCOPES.get()
        if scopes:
            chain = self._chain(tp, (*scopes, self.user, self.builtin))
        else:
            cached = self._py_chain.get(tp)
            if cached is None:
                cached = self._py_chain[tp] = self._chain(tp, (self.user, self.builtin))
            chain = cached
        return self._apply(chain, obj, hint)

    def to_r_builtin(self, obj: Any, hint: Any = None) -> Any:
        """Convert by the built-in rules only (what a user's rule returned; unprotected)."""
        tp = type(obj)
        cached = self._builtin_chain.get(tp)
        if cached is None:
            cached = self._builtin_chain[tp] = self._chain(tp, (self.builtin,))
        return self._apply(cached, obj, hint)

    def _chain(self, tp: type, tables: tuple[RuleTable, ...]) -> list[Callable[..., Any]]:
        if self._lazy_py_rules:
            self._resolve_lazy()
        return [rule for cls in tp.__mro__ for table in tables
                for rule in table.py.get(cls, ())]

    @staticmethod
    def _apply(chain: list[Callable[..., Any]], obj: Any, hint: Any) -> Any:
        for rule in chain:
            value = rule(obj, hint)
            if value is not NOT_HANDLED:
                return value
        raise TypeError(f"no conversion rule for Python type {type(obj).__name__}")

    def _s3_py_to_r(self, method: Any, obj: Any) -> Any:
        with protected() as keep:
            proxy = keep(self.wrap(obj, False))
            return evaluation.call_function(method, [proxy], keep=keep)


class _ConvertContext:
    __slots__ = ("registry", "flag", "saved")

    def __init__(self, registry: Registry, flag: bool) -> None:
        self.registry, self.flag = registry, flag

    def __enter__(self) -> None:
        self.saved = self.registry.convert_context
        self.registry.convert_context = self.flag

    def __exit__(self, *exc: object) -> None:
        self.registry.convert_context = self.saved


REGISTRY = Registry()
register_r_to_py = REGISTRY.register_r_to_py
register_py_to_r = REGISTRY.register_py_to_r
