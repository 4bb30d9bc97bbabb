"""The converter registry: small rules, chosen by R class and SEXP type one way
and by the Python type's MRO the other way.

A rule returns ``NOT_HANDLED`` to pass the value on to the next rule. Rules
registered later take precedence over earlier ones, so users extend or
override the built-in families (``pyreticulate.convert.rules``) with ``register``.
R's own S3 methods ``r_to_py.<class>`` and ``py_to_r.<class>`` come first.

R → Python rules are ``rule(sexp) -> object``; ``sexp`` is protected by the
caller. Python → R rules are ``rule(obj, hint) -> SEXP``, unprotected;
``hint`` is the R prototype ``r_to_py()`` recorded (or None).

Rules for types of optional libraries (pandas, scipy) are registered with
``register_py_to_r_lazy``: the types are looked up only once their module has
been imported, so registering never imports the library.

Every Python object no rule converts, and every value that crosses without
conversion (``r_to_py()``, ``convert = FALSE``), becomes a proxy made by the
proxy maker the reference rules register (``register_proxy_maker``; ``wrap``).
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Iterable

from ..libr import capi, vectors
from ..libr.protect import protected
from ..runtime import evaluation
from . import proxies, s3methods

NOT_HANDLED = object()

PRIMITIVE_TYPES = frozenset({type(None), bool, int, float, complex, str, bytes, bytearray,
                             list, tuple, dict})


class Registry:
    """Conversion rules, process-wide and the same on every thread."""

    def __init__(self):
        self.r_class_rules = {}
        self.r_type_rules = {}
        self.plain_rules = {}
        self.py_rules = {}
        self._py_chain = {}
        self._lazy_py_rules = []
        self._proxy_maker = None
        self._dropped_plain = {}
        self.convert_context = True

    def converting(self, flag):
        """Context: R functions met while converting to Python get this ``convert`` flag."""
        return _ConvertContext(self, flag)

    def register_plain_r_to_py(self, rule, *sexptypes):
        """Use ``rule(sexp, sexptype)`` first for attribute-free R values of these SEXP types.

        A shortcut for the commonest values (no class, no dim, no names): it is
        dropped for a type as soon as another rule is registered for that type.
        """
        for sexptype in sexptypes:
            self.plain_rules[sexptype] = rule
        return rule

    def register_r_to_py(self, rule: Callable[[Any], Any], *, sexptypes: Iterable[int | None] = (),
                         r_classes: Iterable[str] = ()) -> Registration:
        """Use ``rule(sexp)`` for R values of these SEXP types or R classes.

        Returns a ``Registration``: ``.undo()`` (or leaving it as a context
        manager) removes the rule again; calling it calls the rule."""
        if isinstance(r_classes, str):
            raise TypeError(f"r_classes must be a list of R class names, not the str "
                            f"{r_classes!r} (write r_classes=[{r_classes!r}])")
        sexptypes, r_classes = tuple(sexptypes), tuple(r_classes)
        if not sexptypes and not r_classes:
            raise TypeError("register_r_to_py() needs sexptypes= or r_classes=")
        dropped = {}
        self._add_r_to_py(rule, sexptypes, r_classes, dropped)
        registration = Registration(self, rule, "r_to_py", sexptypes=tuple(sexptypes),
                                    r_classes=tuple(r_classes))
        for sexptype in sexptypes:
            if sexptype in dropped:
                self._dropped_plain[sexptype] = (dropped[sexptype], set())
            if sexptype in self._dropped_plain:
                self._dropped_plain[sexptype][1].add(registration)
        return registration

    def _add_r_to_py(self, rule, sexptypes, r_classes, dropped=None):
        if not callable(rule):
            raise TypeError(f"a conversion rule must be callable, not {type(rule).__name__}")
        for name in r_classes:
            if not isinstance(name, str):
                raise TypeError(f"R class names are strings, not {type(name).__name__}")
            self.r_class_rules.setdefault(name, []).insert(0, rule)
        for sexptype in sexptypes:
            self.r_type_rules.setdefault(sexptype, []).insert(0, rule)
            plain = self.plain_rules.pop(sexptype, None)
            if plain is not None and dropped is not None:
                dropped[sexptype] = plain
        return rule

    def register_py_to_r(self, rule: Callable[[Any, Any], Any], *pytypes: type) -> Registration:
        """Use ``rule(obj, hint)`` for Python objects of these types (and subclasses).

        Returns a ``Registration``: ``.undo()`` (or leaving it as a context
        manager) removes the rule again; calling it calls the rule."""
        if not pytypes:
            raise TypeError("register_py_to_r() needs at least one Python type")
        self._add_py_to_r(rule, pytypes)
        return Registration(self, rule, "py_to_r", pytypes=tuple(pytypes))

    def _add_py_to_r(self, rule, pytypes):
        if not callable(rule):
            raise TypeError(f"a conversion rule must be callable, not {type(rule).__name__}")
        for pytype in pytypes:
            if not isinstance(pytype, type):
                raise TypeError(f"register_py_to_r() needs Python types, not {pytype!r}")
            self.py_rules.setdefault(pytype, []).insert(0, rule)
        self._py_chain.clear()
        return rule

    def _remove(self, registration):
        """Take a registered rule out again (``Registration.undo``); True if it was there."""
        rule, removed = registration.rule, False
        if registration.direction == "py_to_r":
            for pytype in registration.pytypes:
                removed |= _remove_first(self.py_rules.get(pytype), rule)
            self._py_chain.clear()
            return removed
        for name in registration.r_classes:
            removed |= _remove_first(self.r_class_rules.get(name), rule)
        for sexptype in registration.sexptypes:
            removed |= _remove_first(self.r_type_rules.get(sexptype), rule)
            # the plain shortcut this registration (and only those since) displaced comes back
            entry = self._dropped_plain.get(sexptype)
            if entry is not None:
                entry[1].discard(registration)
                if not entry[1]:
                    self.plain_rules[sexptype] = self._dropped_plain.pop(sexptype)[0]
        return removed

    def register_py_to_r_lazy(self, rule, module, types):
        """Use ``rule(obj, hint)`` for the types ``types(module)`` names, once ``module`` is imported."""
        self._lazy_py_rules.append((module, types, rule))
        self._py_chain.clear()
        return rule

    def snapshot(self) -> dict[str, Any]:
        """The registered rules as they are now, for ``restore`` (the testing toolkit's scopes)."""
        return {
            "r_class_rules": {k: list(v) for k, v in self.r_class_rules.items()},
            "r_type_rules": {k: list(v) for k, v in self.r_type_rules.items()},
            "plain_rules": dict(self.plain_rules),
            "py_rules": {k: list(v) for k, v in self.py_rules.items()},
            "_lazy_py_rules": list(self._lazy_py_rules),
            "_dropped_plain": {k: (v[0], set(v[1])) for k, v in self._dropped_plain.items()},
        }

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Put back the rules a ``snapshot`` recorded; rules registered since are dropped."""
        for name, value in snapshot.items():
            setattr(self, name, {k: (v[0], set(v[1])) for k, v in value.items()}
                    if name == "_dropped_plain" else
                    {k: list(v) for k, v in value.items()} if name.endswith("_rules")
                    and name != "plain_rules" and isinstance(value, dict) else
                    list(value) if isinstance(value, list) else dict(value))
        self._py_chain.clear()

    def register_proxy_maker(self, maker):
        """Use ``maker(obj, convert, hint)`` to make the R proxy standing for a Python object."""
        self._proxy_maker = maker
        return maker

    def wrap(self, obj, convert, hint=None):
        """The R proxy standing for ``obj`` (unprotected), whatever its type; no rule applies."""
        return self._proxy_maker(obj, convert, hint)

    def _resolve_lazy(self):
        pending = [entry for entry in self._lazy_py_rules if entry[0] in sys.modules]
        for entry in pending:
            self._lazy_py_rules.remove(entry)
            self._add_py_to_r(entry[2], entry[1](sys.modules[entry[0]]))

    def r_to_py(self, *, sexptypes=(), r_classes=()):
        """Decorator form of ``register_r_to_py``."""
        def decorate(rule):
            return self._add_r_to_py(rule, sexptypes, r_classes)
        return decorate

    def py_to_r(self, *pytypes):
        """Decorator form of ``register_py_to_r``."""
        def decorate(rule):
            return self._add_py_to_r(rule, pytypes)
        return decorate

    def to_python(self, sexp, s3=True):
        """Convert an R value to Python; ``s3`` consults ``r_to_py.<class>`` methods first."""
        lib = capi.lib
        kind = capi.plain_kind(sexp)
        if kind >= 0:
            rule = self.plain_rules.get(kind)
            if rule is not None:
                return rule(sexp, kind)
        if lib.OBJECT(sexp):
            classes = vectors.class_names(sexp)
            if s3 and "python.builtin.object" not in classes:
                method = s3methods.find("r_to_py", classes)
                if method is not None:
                    return self._s3_r_to_py(method, sexp)
            for name in classes:
                for rule in self.r_class_rules.get(name, ()):
                    value = rule(sexp)
                    if value is not NOT_HANDLED:
                        return value
        for rule in self.r_type_rules.get(lib.TYPEOF(sexp), ()):
            value = rule(sexp)
            if value is not NOT_HANDLED:
                return value
        for rule in self.r_type_rules.get(None, ()):
            value = rule(sexp)
            if value is not NOT_HANDLED:
                return value
        raise TypeError(f"no conversion rule for R type {lib.TYPEOF(sexp)}")

    def _s3_r_to_py(self, method, sexp):
        with protected() as keep:
            result = evaluation.call_function(method, [sexp], keep=keep)
            if proxies.is_proxy(result):
                return proxies.unwrap_object(result)
            return self.to_python(result, s3=False)

    def to_r(self, obj, hint=None, s3=True):
        """Convert a Python object to R (unprotected); ``s3`` consults ``py_to_r.<class>``."""
        tp = type(obj)
        if s3 and tp not in PRIMITIVE_TYPES:
            method = s3methods.find("py_to_r", proxies.filtered_class_names(tp))
            if method is not None:
                return self._s3_py_to_r(method, obj)
        chain = self._py_chain.get(tp)
        if chain is None:
            if self._lazy_py_rules:
                self._resolve_lazy()
            chain = self._py_chain[tp] = [rule for cls in tp.__mro__
                                          for rule in self.py_rules.get(cls, ())]
        for rule in chain:
            value = rule(obj, hint)
            if value is not NOT_HANDLED:
                return value
        raise TypeError(f"no conversion rule for Python type {tp.__name__}")

    def _s3_py_to_r(self, method, obj):
        with protected() as keep:
            proxy = keep(self.wrap(obj, False))
            return evaluation.call_function(method, [proxy], keep=keep)


def _remove_first(rules, rule):
    if rules and rule in rules:
        rules.remove(rule)
        return True
    return False


class Registration:
    """A rule registered with ``register_r_to_py`` or ``register_py_to_r``.

    ``undo()`` takes it out of the registry again (idempotent); as a context
    manager it is undone on exit. Calling it calls the rule, so code that
    used the rule ``register_*`` returned keeps working.
    """

    __slots__ = ("registry", "rule", "direction", "pytypes", "sexptypes", "r_classes", "active",
                 "__weakref__")

    def __init__(self, registry: Registry, rule: Callable[..., Any], direction: str,
                 pytypes: tuple[type, ...] = (), sexptypes: tuple[int | None, ...] = (),
                 r_classes: tuple[str, ...] = ()) -> None:
        self.registry, self.rule, self.direction = registry, rule, direction
        self.pytypes, self.sexptypes, self.r_classes = pytypes, sexptypes, r_classes
        self.active = True

    def undo(self) -> bool:
        """Remove the rule; False when it was already removed."""
        if not self.active:
            return False
        self.active = False
        return self.registry._remove(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.rule(*args, **kwargs)

    def __enter__(self) -> Registration:
        return self

    def __exit__(self, *exc: Any) -> bool:
        self.undo()
        return False

    def __repr__(self) -> str:
        targets = [t.__name__ for t in self.pytypes] + list(self.r_classes) + [
            f"SEXP type {t}" for t in self.sexptypes]
        state = "active" if self.active else "undone"
        return f"<{self.direction} rule {getattr(self.rule, '__name__', self.rule)!r} for " \
               f"{', '.join(targets) or 'nothing'} ({state})>"


class _ConvertContext:
    __slots__ = ("registry", "flag", "saved")

    def __init__(self, registry, flag):
        self.registry, self.flag = registry, flag

    def __enter__(self):
        self.saved = self.registry.convert_context
        self.registry.convert_context = self.flag

    def __exit__(self, *exc):
        self.registry.convert_context = self.saved
        return False


REGISTRY = Registry()
register_r_to_py = REGISTRY.register_r_to_py
register_py_to_r = REGISTRY.register_py_to_r
