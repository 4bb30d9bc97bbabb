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


def test_pyclass_class_module_is_none_so_it_belongs_to_no_module():
    assert_r_true(GREETER + '; is.null(py_to_r(py_get_attr(Greeter, "__module__")))')


def test_pyclass_subclass_module_is_none_so_libraries_can_read_it():
    assert_r_true('Base <- PyClass("RapiModuleBase"); Sub <- PyClass("RapiModuleSub", inherit = Base); '
                  'identical(py_eval("lambda c: [str(k.__module__) for k in c.__mro__]")(Sub), '
                  'c("None", "None", "builtins"))')


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


def test_pyclass_method_with_dots_takes_positional_arguments_after_self():
    pr.r('Collect <- PyClass("Collect", list(gather = function(self, ...) '
         'paste(class(self)[[1]], ..., sep = "+")))')
    assert pr.r("Collect()").gather("a", "b", sep_name="c") == "Collect+a+b+c"


def test_pyclass_init_with_dots_passes_positional_arguments_to_the_parent():
    pr.r('Base <- PyClass("RapiPair", list(`__init__` = function(self, a, b) '
         '{ self$pair <- c(a, b); NULL }))')
    pr.r('Child <- PyClass("RapiChild", inherit = Base, list(`__init__` = function(self, ...) '
         '{ super()$`__init__`(...); NULL }))')
    assert list(pr.r("Child(1, 2)$pair")) == [1.0, 2.0]


def test_pyclass_instance_gets_the_class_vector_of_bases_its_init_changed():
    pr.r('py_run_string("class RapiMixin:\\n    pass\\n'
         'class RapiRebasing:\\n    def __init__(self):\\n'
         '        type(self).__bases__ = (RapiMixin, RapiRebasing)")')
    pr.r('Rebased <- PyClass("RapiRebasedChild", inherit = py_eval("RapiRebasing"), '
         'list(`__init__` = function(self) { class(self); super()$`__init__`(); NULL }))')
    assert_r_true('"__main__.RapiMixin" %in% class(Rebased())')


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


def test_pyclass_method_with_self_and_dots_gets_positional_arguments_in_dots():
    assert_r_true('D <- PyClass("D", list(count = function(self, ...) length(list(...)))); '
                  'py$rapi_dots_instance <- D(); py_eval("rapi_dots_instance.count(1, 2, 3)") == 3L')


def test_pyclass_method_with_self_and_dots_gets_self():
    assert_r_true('D <- PyClass("D", list(tag = "x", own = function(self, ...) self$tag)); '
                  'py$rapi_dots_self <- D(); py_eval("rapi_dots_self.own(1)") == "x"')


def test_make_class_makes_the_class_methods_named_take_the_class_first():
    from pyreticulate.pyobjects import classes
    pr.r("library(reticulate)")
    made = classes.make_class(
        "RapiWithClassMethod",
        {"make": pr.r('function(cls, x) paste(py_to_r(py_get_attr(cls, "__name__")), x)')},
        class_methods=("make",))
    assert isinstance(made.__dict__["make"], classmethod)
    assert made.make("a") == "RapiWithClassMethod a"


def test_make_class_with_bind_name_lets_methods_see_the_class_by_its_name():
    from pyreticulate.pyobjects import classes
    made = classes.make_class("RapiNamedInMethods",
                              {"itself": pr.r("function(self) RapiNamedInMethods")},
                              bind_name=True)
    assert made().itself() is made


# ---- methods called from Python again: the compiled call (bridge/_crossing.c) -------------

@pytest.fixture
def python_path_calls(monkeypatch):
    """The method calls that take the Python path (classes.call_here under run_in_r), as
    the names of the methods; skips without the compiled crossing."""
    from pyreticulate.bridge import crossing
    from pyreticulate.runtime import threads
    pr.r("1")
    if crossing._crossing_module() is None:
        pytest.skip("the pure-Python path has no compiled crossing")
    seen = []
    run_in_r = threads.run_in_r

    def counting(fn, args=(), description="", timeout=None):
        if fn.__name__ == "call_here":
            seen.append(description)
        return run_in_r(fn, args, description, timeout)

    monkeypatch.setattr(threads, "run_in_r", counting)
    return seen


COUNTER = ('Tally <- PyClass("RapiTally", list(n = 0L, on_batch = function(self, batch, logs = NULL) '
           '{ self$n <- self$n + 1L; paste(batch, names(logs), unlist(logs)) })); tally <- Tally()')


def test_a_method_called_again_from_python_takes_the_compiled_call(python_path_calls):
    pr.r(COUNTER)
    tally = pr.r("tally")
    first = tally.on_batch(1, {"loss": 0.5})
    second = tally.on_batch(2, {"loss": 0.25})
    assert (first, second, tally.n) == ("1 loss 0.5", "2 loss 0.25", 2)
    assert python_path_calls == ["the R method on_batch()"]


def test_a_method_on_the_compiled_call_gets_the_proxy_r_holds_as_self(python_path_calls):
    pr.r('Same <- PyClass("RapiSame", list(same = function(self) identical(self, held))); '
         'held <- Same()')
    held = pr.r("held")
    assert [held.same(), held.same(), held.same()] == [True, True, True]
    assert len(python_path_calls) == 1


def test_a_method_on_the_compiled_call_takes_keywords_in_formals_order(python_path_calls):
    pr.r(COUNTER)
    tally = pr.r("tally")
    tally.on_batch(1)
    assert tally.on_batch(batch=4, logs={"acc": 1.0}) == "4 acc 1"
    assert python_path_calls == ["the R method on_batch()"]


def test_a_method_on_the_compiled_call_matches_keywords_given_out_of_order(python_path_calls):
    pr.r(COUNTER)
    tally = pr.r("tally")
    tally.on_batch(1)
    assert tally.on_batch(logs={"acc": 1.0}, batch=5) == "5 acc 1"
    assert python_path_calls == ["the R method on_batch()"]


def test_super_in_a_method_on_the_compiled_call_is_the_instances_parent(python_path_calls):
    pr.r('Base <- PyClass("RapiBaseValue", list(value = function(self, x) x * 10)); '
         'Child <- PyClass("RapiChildValue", list(value = function(self, x) super()$value(x) + 1), '
         'inherit = Base); child <- Child()')
    child = pr.r("child")
    assert [child.value(1), child.value(2), child.value(3)] == [11, 21, 31]
    # the first call of each class's method (the child's, then the parent's through super())
    assert python_path_calls == ["the R method value()"] * 2


def test_an_error_in_a_method_on_the_compiled_call_raises_and_r_stays_usable(python_path_calls):
    pr.r('Strict <- PyClass("RapiStrict", list(check = function(self, x) '
         '{ if (x < 0) stop("negative: ", x); x })); strict <- Strict()')
    strict = pr.r("strict")
    assert strict.check(1) == 1
    with pytest.raises(pr.RError, match="negative: -2"):
        strict.check(-2)
    assert (strict.check(3), pr.r("1L + 1L")) == (3, 2)
    assert python_path_calls == ["the R method check()"]


def test_a_method_of_an_instance_r_no_longer_holds_takes_the_python_path_again(
        python_path_calls):
    pr.r(COUNTER)
    tally = pr.r("tally")
    tally.on_batch(1)
    pr.r("rm(tally); invisible(gc())")
    tally.on_batch(2)
    assert tally.n == 2
    assert python_path_calls == ["the R method on_batch()"] * 2
