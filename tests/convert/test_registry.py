"""The converter registry: precedence and rules for optional libraries' types."""
import sys
import types

import pytest

import pyreticulate as pr
from helpers import r_true
from pyreticulate import NOT_HANDLED, REGISTRY
from pyreticulate.libr import capi
from pyreticulate.convert.rules import optional


def test_lazy_rule_applies_once_its_module_is_imported(monkeypatch):
    calls = []

    def rule(obj, hint):
        calls.append(obj)
        return NOT_HANDLED if obj.skip else capi.mkstring("from the lazy rule")

    REGISTRY.register_py_to_r_lazy(rule, "pyr_fake_library", lambda module: (module.Thing,))
    fake = types.ModuleType("pyr_fake_library")

    class Thing:
        def __init__(self, skip=False):
            self.skip = skip

    fake.Thing = Thing
    monkeypatch.setitem(sys.modules, "pyr_fake_library", fake)
    pr.globalenv["v"] = Thing()
    r_true('identical(v, "from the lazy rule")')
    pr.globalenv["v"] = Thing(skip=True)
    r_true('inherits(v, "python.builtin.object")')
    assert len(calls) == 2


def test_later_rules_take_precedence_and_can_pass():
    class Special(float):
        pass

    with REGISTRY.register_py_to_r(lambda obj, hint: "special", Special), \
            REGISTRY.register_py_to_r(lambda obj, hint: NOT_HANDLED, Special):
        pr.globalenv["v"] = Special(1.5)
        r_true('identical(v, "special")')


def test_optional_module_can_be_hidden_and_restored():
    assert optional.module("pandas") is not None
    with optional.pretend_missing("pandas"):
        assert optional.module("pandas") is None
        with optional.pretend_missing("pandas"):
            assert optional.module("pandas") is None
        assert optional.module("pandas") is None
    assert optional.module("pandas") is not None


def test_optional_module_not_installed_is_none():
    assert optional.module("pyr_no_such_library") is None



def test_register_returns_a_registration_that_undoes_the_rule():
    class Undone(float):
        pass

    registration = pr.register_py_to_r(lambda obj, hint: "rule", Undone)
    pr.globalenv["v"] = Undone(1.5)
    r_true('identical(v, "rule")')
    assert registration.undo() is True
    assert registration.undo() is False
    pr.globalenv["v"] = Undone(1.5)
    r_true("identical(v, 1.5)")


def test_registration_as_context_manager_undoes_an_r_to_py_rule():
    pr.r('pyr_unit <- structure(5, class = "pyr_unit")')
    with pr.register_r_to_py(lambda robj: "five", r_classes=["pyr_unit"]):
        assert pr.r("pyr_unit") == "five"
    assert pr.r("pyr_unit") == 5.0


def test_undoing_a_sexp_type_rule_brings_back_the_plain_shortcut():
    plain = dict(REGISTRY.plain_rules)
    with pr.register_r_to_py(lambda robj: "string!", sexptypes=["character"]):
        assert pr.r('"a"') == "string!"
    assert pr.r('"a"') == "a"
    assert REGISTRY.plain_rules == plain


def test_registration_still_calls_the_rule():
    registration = pr.register_py_to_r(lambda obj, hint: "called", type("Temporary", (), {}))
    assert registration(None, None) == "called"
    registration.undo()


def test_register_rejects_a_rule_that_is_not_callable():
    with pytest.raises(TypeError, match="must be callable, not int"):
        pr.register_py_to_r(3, float)


def test_register_r_to_py_rejects_a_single_string_of_classes():
    with pytest.raises(TypeError, match=r"r_classes=\['kmh'\]"):
        pr.register_r_to_py(lambda robj: None, r_classes="kmh")


def test_register_r_to_py_needs_something_to_apply_to():
    with pytest.raises(TypeError, match="needs sexptypes= or r_classes="):
        pr.register_r_to_py(lambda robj: None)
