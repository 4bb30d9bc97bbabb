"""The converter registry: precedence and rules for optional libraries' types."""
import sys
import types

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

    REGISTRY.register_py_to_r(lambda obj, hint: capi.mkstring("special"), Special)
    REGISTRY.register_py_to_r(lambda obj, hint: NOT_HANDLED, Special)
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

