"""Users' rules (RObjects in, RObjects or Python values out) and converter scopes."""
import contextvars
import threading

import pytest

import pyreticulate as pr
from pyreticulate import NOT_HANDLED
from pyreticulate.libr import capi

WAIT = 60


class Meters(float):
    pass


def identity(value):
    return pr.r("function(x) x")(value)


def test_an_r_to_py_rule_gets_an_robject():
    seen = []
    with pr.register_r_to_py(lambda robj: seen.append(robj) or "seen", r_classes=["pyr_seen"]):
        assert pr.r('structure(1, class = "pyr_seen")') == "seen"
    assert [type(v) for v in seen] == [pr.RObject]
    assert seen[0].rtype == "double"


def test_a_py_to_r_rule_gets_the_hint_as_an_robject_or_none():
    hints = []
    with pr.register_r_to_py(lambda robj: Meters(2), r_classes=["pyr_len"]), \
            pr.register_py_to_r(lambda obj, hint: hints.append(hint) or 1.0, Meters):
        pr.py_to_r(Meters(2))
        pr.r('py_to_r(r_to_py(structure(2, class = "pyr_len")))')
    assert [type(hint).__name__ for hint in hints] == ["NoneType", "RObject"]


def test_a_py_to_r_rule_may_return_an_robject():
    made = pr.r("structure(1:2, class = 'pyr_made')", convert=False)
    with pr.register_py_to_r(lambda obj, hint: made, Meters):
        assert pr.r("function(x) class(x)")(Meters(1)) == "pyr_made"


def test_a_plain_value_a_rule_returns_is_converted_by_the_built_in_rules():
    with pr.register_py_to_r(lambda obj, hint: Meters(float(obj) * 2), Meters):
        assert pr.r("function(x) x")(Meters(1.5)) == 3.0


def test_a_rule_returning_a_raw_sexp_is_a_clear_error():
    with pr.register_py_to_r(lambda obj, hint: capi.mkstring("raw"), Meters):
        with pytest.raises(TypeError, match="returned a raw SEXP; a rule returns a "
                                            "pyreticulate.RObject or a Python value"):
            pr.py_to_r(Meters(1))
    assert pr.r("1 + 1") == 2.0


def test_sexptypes_are_r_type_names():
    with pr.register_r_to_py(lambda robj: "a double", sexptypes=["double"]):
        assert (pr.r("1.5"), pr.r("1L")) == ("a double", 1)


def test_an_unknown_r_type_name_is_a_value_error_listing_the_names():
    with pytest.raises(ValueError, match="'real' is not an R type; R's typeof\\(\\) names "
                                         "are .*double"):
        pr.register_r_to_py(lambda robj: None, sexptypes=["real"])


def test_a_scope_applies_only_inside_its_block():
    rules = pr.ConversionRules("units")
    rules.register_py_to_r(lambda obj, hint: f"{float(obj)} m", Meters)
    assert identity(Meters(2)) == 2.0
    with pr.conversion(rules):
        assert identity(Meters(2)) == "2.0 m"
    assert identity(Meters(2)) == 2.0


def test_a_rule_registered_inside_the_block_is_gone_after_it():
    pr.r('pyr_speed <- structure(5, class = "pyr_kmh")')
    with pr.conversion() as local:
        local.register_r_to_py(lambda robj: "5 km/h", r_classes=["pyr_kmh"])
        assert pr.r("pyr_speed") == "5 km/h"
    assert pr.r("pyr_speed") == 5.0


def test_leaving_a_scope_by_an_error_removes_its_rules():
    rules = pr.ConversionRules()
    rules.register_py_to_r(lambda obj, hint: "scoped", Meters)
    with pytest.raises(ZeroDivisionError):
        with pr.conversion(rules):
            1 / 0
    assert identity(Meters(1)) == 1.0


def test_nested_scopes_inner_first_and_the_outer_back_after():
    outer, inner = pr.ConversionRules("outer"), pr.ConversionRules("inner")
    outer.register_py_to_r(lambda obj, hint: "outer", Meters)
    inner.register_py_to_r(lambda obj, hint: "inner", Meters)
    with pr.conversion(outer):
        with pr.conversion(inner):
            assert identity(Meters(1)) == "inner"
        assert identity(Meters(1)) == "outer"


def test_later_rules_of_one_scope_override_earlier_ones():
    first, second = pr.ConversionRules(), pr.ConversionRules()
    first.register_py_to_r(lambda obj, hint: "first", Meters)
    second.register_py_to_r(lambda obj, hint: "second", Meters)
    with pr.conversion(first, second):
        assert identity(Meters(1)) == "second"


def test_a_scope_rule_overrides_a_global_user_rule_and_can_pass():
    scoped = pr.ConversionRules()
    scoped.register_py_to_r(lambda obj, hint: NOT_HANDLED if obj < 0 else "scoped", Meters)
    with pr.register_py_to_r(lambda obj, hint: "global", Meters), pr.conversion(scoped):
        assert (identity(Meters(1)), identity(Meters(-1))) == ("scoped", "global")


def test_a_scope_rule_for_a_type_overrides_the_plain_shortcut():
    rules = pr.ConversionRules()
    rules.register_r_to_py(lambda robj: "any double", sexptypes=["double"])
    with pr.conversion(rules):
        assert (pr.r("1.5"), pr.r('"a"')) == ("any double", "a")
    assert pr.r("1.5") == 1.5


def test_a_scope_is_not_seen_by_another_thread():
    rules = pr.ConversionRules()
    rules.register_py_to_r(lambda obj, hint: "scoped", Meters)
    seen = {}
    entered, checked = threading.Event(), threading.Event()

    def other():
        entered.wait(WAIT)
        seen["other"] = identity(Meters(1))
        checked.set()
    thread = threading.Thread(target=other)
    thread.start()
    with pr.conversion(rules):
        entered.set()
        checked.wait(WAIT)
        seen["here"] = identity(Meters(1))
    thread.join(WAIT)
    assert seen == {"other": 1.0, "here": "scoped"}


def test_a_thread_started_inside_sees_the_scope_only_with_a_copied_context():
    rules = pr.ConversionRules()
    rules.register_py_to_r(lambda obj, hint: "scoped", Meters)
    seen = {}
    with pr.conversion(rules):
        plain = threading.Thread(target=lambda: seen.setdefault("plain", identity(Meters(1))))
        copied = threading.Thread(target=contextvars.copy_context().run,
                                  args=(lambda: seen.setdefault("copied",
                                                                identity(Meters(1))),))
        for thread in (plain, copied):
            thread.start()
            thread.join(WAIT)
    assert seen == {"plain": 1.0, "copied": "scoped"}


def test_a_scope_entered_on_a_worker_holds_for_its_r_work():
    rules = pr.ConversionRules()
    rules.register_r_to_py(lambda robj: "scoped", r_classes=["pyr_worker"])
    seen = {}

    def worker():
        with pr.conversion(rules):
            seen["worker"] = pr.r('structure(1, class = "pyr_worker")')
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(WAIT)
    assert seen == {"worker": "scoped"}
    assert pr.r('structure(1, class = "pyr_worker")') == 1.0


def test_conversion_takes_only_conversion_rules():
    with pytest.raises(TypeError, match="conversion\\(\\) takes ConversionRules, not dict"):
        pr.conversion({})


def test_a_registration_undoes_a_rule_of_a_rule_set():
    rules = pr.ConversionRules()
    registration = rules.register_py_to_r(lambda obj, hint: "scoped", Meters)
    assert registration.undo() is True
    with pr.conversion(rules):
        assert identity(Meters(1)) == 1.0


def test_decorators_of_a_rule_set_give_the_function_back():
    rules = pr.ConversionRules()

    @rules.py_to_r(Meters)
    def meters(obj, hint):
        return f"{float(obj)} m"
    assert meters(Meters(1), None) == "1.0 m"
    with pr.conversion(rules):
        assert identity(Meters(1)) == "1.0 m"


def test_a_rule_set_is_a_scope_of_its_own():
    rules = pr.ConversionRules()
    rules.register_py_to_r(lambda obj, hint: "scoped", Meters)
    with rules as entered:
        assert (entered, identity(Meters(1))) == (rules, "scoped")
    assert identity(Meters(1)) == 1.0


def test_one_scope_object_entered_by_two_threads_at_once():
    rules = pr.ConversionRules()
    rules.register_py_to_r(lambda obj, hint: "scoped", Meters)
    scope = pr.conversion(rules)
    both_inside, seen = threading.Barrier(2, timeout=WAIT), {}

    def enter(name):
        with scope:
            both_inside.wait()
            seen[name] = identity(Meters(1))
            both_inside.wait()
        seen[name + " after"] = identity(Meters(1))
    threads_ = [threading.Thread(target=enter, args=(name,)) for name in ("a", "b")]
    for thread in threads_:
        thread.start()
    for thread in threads_:
        thread.join(WAIT)
    assert seen == {"a": "scoped", "b": "scoped", "a after": 1.0, "b after": 1.0}
