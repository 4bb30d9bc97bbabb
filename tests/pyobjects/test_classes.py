"""PyClass (pyreticulate/pyobjects/classes.py): Python classes whose methods are R
functions, with self unconverted, super() injected and __init__."""
import concurrent.futures
import inspect

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true


GREETER = ('Greeter <- PyClass("Greeter", list(greeting = "Hello", '
           '`__init__` = function(self, name) { self$name <- name; "ignored" }, '
           'greet = function(self, punctuation = "!") paste0(self$greeting, " ", self$name, punctuation)))')


def test_pyclass_instance_class_is_the_bare_class_name():
    assert_r_true(GREETER + '; identical(class(Greeter(name = "x")), c("Greeter", "python.builtin.object"))')


def test_pyclass_class_has_no_module_like_reticulates():
    assert_r_true(GREETER + '; !py_has_attr(Greeter, "__module__")')


def test_pyclass_keeps_a_module_given_in_defs():
    assert_r_true('M <- PyClass("M", list(`__module__` = "mine")); class(M())[1] == "mine.M"')


def test_pyclass_py_to_r_method_of_the_bare_name_applies_to_instances():
    assert_r_true('Base <- PyClass("RapiBareBase"); '
                  'Hi <- PyClass("RapiBareHi", inherit = Base, list(`__init__` = function(self, a) { self$a <- a; NULL })); '
                  'assign("py_to_r.RapiBareBase", function(x) "base", envir = globalenv()); '
                  'on.exit(rm("py_to_r.RapiBareBase", envir = globalenv())); identical(Hi(2), "base")')


def test_pyclass_init_sets_attributes():
    assert_r_true(GREETER + '; Greeter("World")$name == "World"')


def test_pyclass_method_gets_self_and_arguments():
    assert_r_true(GREETER + '; Greeter("World")$greet("?") == "Hello World?"')


def test_pyclass_method_r_defaults_apply():
    assert_r_true(GREETER + '; Greeter("World")$greet() == "Hello World!"')


def test_pyclass_non_function_definitions_are_class_attributes():
    assert_r_true(GREETER + '; Greeter$greeting == "Hello"')


def test_pyclass_self_arrives_unconverted():
    assert_r_true('K <- PyClass("K", list(kind = function(self) class(self)[1])); K()$kind() == "K"')


def test_pyclass_method_has_a_python_signature():
    pr.r('local(py$RapiGreeterClass <- PyClass("G", list(greet = function(self, a, b = 2) a)))')
    cls = pr.r('py_eval("RapiGreeterClass", convert = FALSE)', convert=False)
    method = pr.r_to_py(cls).greet
    assert list(inspect.signature(method).parameters) == ["self", "a", "b"]


def test_pyclass_super_calls_the_parent_method():
    assert_r_true('Base <- PyClass("Base", list(value = function(self) 10)); '
                  'Child <- PyClass("Child", list(value = function(self) super()$value() + 1), inherit = Base); '
                  'Child()$value() == 11')


def test_pyclass_inherits_from_a_python_class():
    assert_r_true('py_run_string("class RapiParent:\\n    def parent(self): return \'parent\'"); '
                  'Sub <- PyClass("Sub", list(extra = function(self) "extra"), inherit = py$RapiParent); '
                  'o <- Sub(); inherits(o, "__main__.RapiParent") && o$parent() == "parent" && '
                  'o$extra() == "extra"')


def test_pyclass_inherits_from_several_bases():
    assert_r_true('A <- PyClass("A", list(a = function(self) "a")); B <- PyClass("B", list(b = function(self) "b")); '
                  'o <- PyClass("AB", inherit = list(A, B))(); o$a() == "a" && o$b() == "b"')


def test_pyclass_method_error_is_the_r_condition():
    assert_r_true('Bad <- PyClass("Bad", list(go = function(self) stop("method failed"))); '
                  'e <- tryCatch(Bad()$go(), error = function(e) e); conditionMessage(e) == "method failed"')


HOOK = ('Hook <- PyClass("Hook", list(on_batch = function(self, batch = 0L, logs = NULL) '
        'paste(class(self)[1], batch, paste(names(logs), unlist(logs)), '
        'deparse(sys.call()[-2L]))))')


def test_pyclass_method_called_by_name_from_python_gets_the_same_call_as_by_position():
    pr.r(HOOK)
    hook = pr.r("Hook()")
    expected = 'Hook 3 loss 0.5 on_batch(3L, .pyr_3)'
    assert hook.on_batch(3, {"loss": 0.5}) == expected
    assert hook.on_batch(batch=3, logs={"loss": 0.5}) == expected


def test_pyclass_method_called_with_a_later_argument_only_keeps_it_named():
    pr.r(HOOK)
    assert pr.r("Hook()").on_batch(logs={"loss": 1}) == "Hook 0 loss 1 on_batch(logs = .pyr_2)"


def test_pyclass_method_error_called_from_python_is_an_rerror():
    pr.r('Failing <- PyClass("Failing", list(on_batch = function(self, batch, logs = NULL) '
         'stop("hook failed at ", batch)))')
    with pytest.raises(pr.RError, match="hook failed at 2"):
        pr.r("Failing()").on_batch(2, {"loss": 1.0})


def test_pyclass_instance_is_usable_by_python():
    assert_r_true(GREETER + '; py_eval("lambda g: g.greet(punctuation=\'.\')")(Greeter("Py")) == "Hello Py."')


def test_pyclass_needs_named_definitions():
    with pytest.raises(pr.RError, match="named list"):
        pr.r("PyClass('X', list(function(self) 1))")


def test_pyclass_is_built_holding_r_on_a_worker():
    """make_class works on R objects itself: it runs holding R, wherever R runs."""
    make = pr.r('function() { Counter <- PyClass("Counter", list(n = 2, '
                'twice = function(self) self$n * 2)); Counter()$twice() }')
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(make).result(60) == 4
