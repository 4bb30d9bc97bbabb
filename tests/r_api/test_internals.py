"""reticulate's internal functions that code written for it calls as
reticulate:::name (r/pyreticulate/R/py-internals.R): py_get_formals,
py_call_impl, py_capsule, yoink, py_allow_threads_impl, py_run_file_on_thread."""
import time

import pytest

import pyreticulate as pr
from pyreticulate.testing import assert_r_true


def formals_of(signature):
    return pr.r(f'deparse(as.list(reticulate:::py_get_formals(py_eval("lambda {signature}: None"))))')


def test_py_get_formals_of_required_and_default_parameters():
    assert_r_true('identical(as.list(reticulate:::py_get_formals(py_eval("lambda a, b=1: None"))), alist(a = , b = 1L))')


def test_py_get_formals_puts_dots_before_keyword_only_parameters():
    assert_r_true('identical(as.list(reticulate:::py_get_formals(py_eval("lambda a, *, b=1: None"))), '
                  'alist(a = , ... = , b = 1L))')


def test_py_get_formals_makes_one_dots_of_args_and_kwargs():
    assert_r_true('identical(as.list(reticulate:::py_get_formals(py_eval("lambda a, *args, b=1, **kw: None"))), '
                  'alist(a = , ... = , b = 1L))')


def test_py_get_formals_of_a_builtin_without_a_signature_is_dots():
    assert_r_true('identical(names(reticulate:::py_get_formals(import_builtins()$getattr)), "...")')


def test_py_get_formals_of_a_none_default_is_a_null_default():
    assert_r_true('f_r <- function(long = NULL, ...) NULL; '
                  'identical(formals(f_r), reticulate:::py_get_formals(py_eval("lambda long=None, **kw: None")))')


def test_py_get_formals_needs_a_python_object():
    with pytest.raises(pr.RError, match="needs a Python object"):
        pr.r("reticulate:::py_get_formals(function(x) x)")


def test_the_stand_in_reticulate_has_the_internals():
    assert_r_true('all(vapply(c("py_get_formals", "py_call_impl", "py_capsule", "yoink", '
                  '"py_allow_threads_impl", "py_run_file_on_thread"), exists, NA, '
                  'envir = asNamespace("reticulate"), inherits = FALSE))')


def test_py_call_impl_passes_positional_and_keyword_arguments():
    assert_r_true('f <- py_eval("lambda a, b=0: a - b", convert = FALSE); '
                  'identical(py_to_r(reticulate:::py_call_impl(f, list(10L), list(b = 3L))), 7L)')


def test_py_call_impl_does_not_convert_the_result():
    assert_r_true('is_py_object(reticulate:::py_call_impl(py_eval("lambda: [1]", convert = FALSE), NULL, NULL))')


def test_py_call_impl_needs_named_keywords():
    with pytest.raises(pr.RError, match="must be a named list"):
        pr.r('reticulate:::py_call_impl(py_eval("lambda *a: a", convert = FALSE), NULL, list(1))')


def test_py_capsule_holds_the_identical_r_object():
    assert_r_true('e <- new.env(); py$rapi_capsule <- reticulate:::py_capsule(e); identical(py$rapi_capsule, e)')


def test_an_r_object_in_a_capsule_freed_on_another_thread_is_collected():
    pr.r('py_run_string("import threading\\nrapi_cap = None\\ndef rapi_free():\\n'
         '    def free():\\n        global rapi_cap\\n        rapi_cap = None\\n'
         '    t = threading.Thread(target=free)\\n    t.start()\\n    t.join()")')
    assert_r_true('finalized <- FALSE; e <- new.env(); reg.finalizer(e, function(e) finalized <<- TRUE); '
                  'py$rapi_cap <- reticulate:::py_capsule(e); rm(e); gc(); before <- finalized; '
                  'py$rapi_free(); gc(); !before && finalized')


def test_yoink_reaches_an_internal_function():
    assert_r_true('identical(reticulate:::yoink("utils", "head"), utils::head)')


def test_py_allow_threads_impl_true_is_the_state_here():
    assert pr.r("reticulate:::py_allow_threads_impl(TRUE)") is True


def test_py_allow_threads_impl_false_is_an_error_that_says_why():
    with pytest.raises(pr.RError, match="releases its global interpreter lock"):
        pr.r("reticulate:::py_allow_threads_impl(FALSE)")


def test_py_run_file_on_thread_runs_the_file_with_its_globals(tmp_path):
    done = tmp_path / "done.txt"
    script = tmp_path / "job.py"
    script.write_text(f"open({str(done)!r}, 'w').write(str(value * 2))\n")
    pr.r(f'reticulate:::py_run_file_on_thread("{script}", init_globals = list(value = 21L))')
    for _ in range(100):
        if done.exists() and done.read_text():
            break
        time.sleep(0.05)
    assert done.read_text() == "42"


def test_r_functions_called_by_a_file_run_on_a_thread_run_on_the_main_thread(tmp_path):
    script = tmp_path / "job.py"
    script.write_text("bump()\n")
    assert_r_true(f'x <- 0L; bump <- function() x <<- x + 1L; '
                  f'reticulate:::py_run_file_on_thread("{script}", init_globals = list(bump = bump)); '
                  f'for (i in 1:50) {{ Sys.sleep(0.05); if (x > 0L) break }}; x == 1L')


def test_py_run_file_on_thread_rejects_other_arguments(tmp_path):
    script = tmp_path / "job.py"
    script.write_text("pass\n")
    with pytest.raises(pr.RError, match="init_globals"):
        pr.r(f'reticulate:::py_run_file_on_thread("{script}", something = 1)')
