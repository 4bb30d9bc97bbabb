"""The R API for modules and code: import() and its variants, delay_load, the
`py` binding, py_run_string/py_run_file/py_eval, source_python and load hooks."""
import itertools
import sys
import textwrap

import pytest

import pyreticulate as pr
from helpers import r_true

_names = itertools.count()


@pytest.fixture
def pymodule(tmp_path):
    """``pymodule(source)`` writes a fresh module on ``sys.path``; its unique name."""
    made = []
    sys.path.insert(0, str(tmp_path))

    def make(source="", name=None):
        name = name or f"rapi_mod_{next(_names)}"
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
        made.append(name)
        return name
    yield make
    sys.path.remove(str(tmp_path))
    for name in made:
        sys.modules.pop(name, None)


# ---- import ---------------------------------------------------------------------------------

def test_import_returns_a_module_proxy():
    r_true('identical(class(import("json")), c("python.builtin.module", "python.builtin.object"))')


def test_import_proxy_reads_module_attributes_converted():
    r_true('identical(import("math")$pi, pi)')


def test_import_as_renames_the_class_prefix(pymodule):
    name = pymodule("class Thing:\n    pass\n")
    r_true(f'm <- import("{name}", as = "aliased"); '
           f'class(m$Thing())[1] == "aliased.Thing"')


def test_import_of_a_missing_module_signals_module_not_found_error():
    r_true('inherits(tryCatch(import("no_such_module_rapi"), error = function(e) e), '
           '"python.builtin.ModuleNotFoundError")')


def test_import_rejects_a_non_string_module_name():
    with pytest.raises(pr.RError, match="must be a single non-empty string"):
        pr.r("import(42)")


def test_module_dollar_imports_a_submodule_not_yet_loaded(pymodule, tmp_path):
    package = tmp_path / "rapi_pkg_sub"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "child.py").write_text("VALUE = 5\n")
    try:
        r_true('import("rapi_pkg_sub")$child$VALUE == 5L')
    finally:
        sys.modules.pop("rapi_pkg_sub.child", None)
        sys.modules.pop("rapi_pkg_sub", None)


def test_import_main_is_the_hosts_main_module():
    r_true('py_id(import_main()) == '
           'py_id(py_eval("__import__(\'sys\').modules[\'__main__\']", convert = FALSE))')


def test_import_builtins_exposes_builtin_functions():
    r_true('import_builtins()$len(list(1, 2, 3)) == 3L')


def test_import_from_path_imports_from_that_directory(tmp_path):
    (tmp_path / "rapi_from_path.py").write_text("VALUE = 7\n")
    try:
        r_true(f'import_from_path("rapi_from_path", path = "{tmp_path}")$VALUE == 7L')
    finally:
        sys.modules.pop("rapi_from_path", None)


def test_import_from_path_restores_sys_path(tmp_path):
    (tmp_path / "rapi_from_path2.py").write_text("VALUE = 7\n")
    try:
        pr.r(f'import_from_path("rapi_from_path2", path = "{tmp_path}")')
        assert str(tmp_path) not in sys.path
    finally:
        sys.modules.pop("rapi_from_path2", None)


def test_import_from_path_with_delay_load_imports_on_first_use(tmp_path):
    (tmp_path / "rapi_from_path3.py").write_text("VALUE = 9\n")
    try:
        r_true(f'm <- import_from_path("rapi_from_path3", path = "{tmp_path}", delay_load = TRUE); '
               'lazy <- py_is_module_proxy(m); lazy && m$VALUE == 9L')
        assert str(tmp_path) not in sys.path
    finally:
        sys.modules.pop("rapi_from_path3", None)


# ---- delay_load -------------------------------------------------------------------------------

def test_delay_load_does_not_import_until_first_use(pymodule):
    name = pymodule("VALUE = 1\n")
    pr.r(f'lazy_rapi <- import("{name}", delay_load = TRUE); NULL')
    assert name not in sys.modules
    r_true("lazy_rapi$VALUE == 1L")
    assert name in sys.modules


def test_unloaded_lazy_module_has_length_zero(pymodule):
    name = pymodule("VALUE = 1\n")
    r_true(f'length(import("{name}", delay_load = TRUE)) == 0L')
    assert name not in sys.modules


def test_unloaded_lazy_module_prints_its_name_without_importing(pymodule):
    name = pymodule("VALUE = 1\n")
    r_true(f'identical(capture.output(print(import("{name}", delay_load = TRUE))), '
           f'"Module({name})")')
    assert name not in sys.modules


def test_delay_load_hooks_run_before_and_after_the_import(pymodule):
    name = pymodule("VALUE = 1\n")
    r_true(f'''local({{
        events <- character()
        m <- import("{name}", delay_load = list(
          before_load = function() events <<- c(events, "before"),
          on_load = function() events <<- c(events, "on_load")))
        unused <- m$VALUE
        identical(events, c("before", "on_load"))
    }})''')


def test_delay_load_function_is_the_on_load_hook(pymodule):
    name = pymodule("VALUE = 2\n")
    r_true(f'''local({{
        loaded <- FALSE
        m <- import("{name}", delay_load = function() loaded <<- TRUE)
        before <- loaded
        m$VALUE
        !before && loaded
    }})''')


def test_delay_load_get_module_chooses_the_module_at_first_use(pymodule):
    name = pymodule("VALUE = 3\n")
    r_true(f'import("placeholder_name", delay_load = list(get_module = function() "{name}"))'
           '$VALUE == 3L')


def test_delay_load_on_error_receives_the_import_error():
    r_true('''local({
        seen <- NULL
        m <- import("no_such_module_rapi2", delay_load = list(on_error = function(e) seen <<- e))
        tryCatch(m$anything, error = function(e) NULL)
        inherits(seen, "python.builtin.ModuleNotFoundError")
    })''')


def test_delay_load_without_on_error_signals_the_import_error():
    r_true('inherits(tryCatch(import("no_such_module_rapi3", delay_load = TRUE)$x, '
           'error = function(e) e), "python.builtin.ModuleNotFoundError")')


def test_lazy_module_passed_to_python_is_the_imported_module(pymodule):
    name = pymodule("VALUE = 4\n")
    r_true(f'py_eval("lambda m: m.__name__")(import("{name}", delay_load = TRUE)) == "{name}"')


def test_lazy_module_keeps_its_convert_flag(pymodule):
    name = pymodule("VALUE = 4\n")
    r_true(f'is_py_object(import("{name}", delay_load = TRUE, convert = FALSE)$VALUE)')


# ---- the py binding ------------------------------------------------------------------------------

def test_py_dollar_reads_a_main_global():
    sys.modules["__main__"].rapi_global = 21
    r_true("py$rapi_global == 21L")


def test_py_dollar_assignment_sets_a_main_global():
    pr.r("local(py$rapi_assigned <- c(1, 2))")
    assert sys.modules["__main__"].rapi_assigned == [1.0, 2.0]


def test_r_function_assigned_to_py_receives_converted_arguments():
    pr.r('local(py$rapi_class_of <- function(x) class(x))')
    assert pr.r('py_eval("rapi_class_of([1, 2])")') == "integer"


# ---- running code -----------------------------------------------------------------------------------

def test_py_run_string_runs_in_main():
    pr.r('py_run_string("rapi_run = 5")')
    assert sys.modules["__main__"].rapi_run == 5


def test_py_run_string_returns_the_main_dict_invisibly():
    r_true('v <- withVisible(py_run_string("rapi_run2 = 6")); '
           '!v$visible && inherits(v$value, "python.builtin.dict") && v$value$rapi_run2 == 6L')


def test_py_run_string_local_keeps_bindings_out_of_main():
    r_true('d <- py_run_string("rapi_local = 7", local = TRUE); '
           'd$rapi_local == 7L && !py_has_attr(import_main(), "rapi_local")')


def test_py_run_string_local_code_sees_main_globals():
    sys.modules["__main__"].rapi_visible = 8
    r_true('py_run_string("y = rapi_visible + 1", local = TRUE)$y == 9L')


def test_py_run_string_joins_a_character_vector_into_lines():
    r_true('py_run_string(c("a = 1", "b = a + 1"), local = TRUE)$b == 2L')


def test_py_run_string_convert_false_returns_proxies():
    r_true('is_py_object(py_run_string("z = 1", local = TRUE, convert = FALSE)$z)')


def test_py_run_string_python_error_is_an_r_condition():
    r_true('inherits(tryCatch(py_run_string("raise KeyError(1)"), error = function(e) e), '
           '"python.builtin.KeyError")')


def test_py_run_file_sets_file_only_while_running(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("seen_file = __file__\n")
    main = sys.modules["__main__"].__dict__
    before = main.get("__file__", "<none>")
    r_true(f'py_run_file("{script}", local = TRUE)$seen_file == "{script}"')
    assert main.get("__file__", "<none>") == before


def test_py_run_file_puts_the_script_directory_first_on_sys_path(tmp_path):
    (tmp_path / "rapi_sibling.py").write_text("VALUE = 11\n")
    script = tmp_path / "script.py"
    script.write_text("import rapi_sibling\nvalue = rapi_sibling.VALUE\n")
    try:
        r_true(f'py_run_file("{script}", local = TRUE)$value == 11L')
        assert str(tmp_path) not in sys.path
    finally:
        sys.modules.pop("rapi_sibling", None)


def test_py_run_file_without_prepend_path_leaves_sys_path_alone(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("import sys\nfirst = sys.path[0]\n")
    r_true(f'py_run_file("{script}", local = TRUE, prepend_path = FALSE)$first != "{tmp_path}"')


def test_py_run_file_of_a_missing_file_is_a_clear_error():
    with pytest.raises(pr.RError, match="cannot open file '/no/such/file.py'"):
        pr.r('py_run_file("/no/such/file.py")')


def test_py_eval_evaluates_an_expression_in_main():
    sys.modules["__main__"].rapi_eval = 3
    r_true('py_eval("rapi_eval * 2") == 6L')


def test_py_eval_convert_false_returns_a_proxy():
    r_true('inherits(py_eval("[1, 2]", convert = FALSE), "python.builtin.list")')


def test_py_eval_of_a_statement_is_a_syntax_error():
    r_true('inherits(tryCatch(py_eval("x = 1"), error = function(e) e), '
           '"python.builtin.SyntaxError")')


# ---- source_python ----------------------------------------------------------------------------------

def test_source_python_assigns_public_non_module_bindings(tmp_path):
    script = tmp_path / "defs.py"
    script.write_text("import os\nx = 1\n_hidden = 2\ndef f():\n    return 3\n")
    r_true(f'e <- new.env(); source_python("{script}", envir = e); '
           'identical(sort(ls(e)), c("f", "x")) && e$f() == 3L')


def test_source_python_functions_see_the_files_other_definitions(tmp_path):
    script = tmp_path / "defs.py"
    script.write_text("def helper():\n    return 2\ndef twice():\n    return helper() * 2\n"
                      "result = twice()\n")
    r_true(f'e <- new.env(); source_python("{script}", envir = e); e$result == 4L')


def test_source_python_defines_the_names_in_main(tmp_path):
    script = tmp_path / "defs.py"
    script.write_text("rapi_sourced = 12\n")
    pr.r(f'source_python("{script}", envir = new.env())')
    assert sys.modules["__main__"].rapi_sourced == 12


def test_source_python_convert_false_assigns_proxies(tmp_path):
    script = tmp_path / "defs.py"
    script.write_text("x = [1, 2]\n")
    r_true(f'e <- new.env(); source_python("{script}", envir = e, convert = FALSE); '
           'inherits(e$x, "python.builtin.list")')


def test_source_python_assigns_into_the_calling_frame_by_default(tmp_path):
    script = tmp_path / "defs.py"
    script.write_text("rapi_local_value = 13\n")
    r_true(f'f <- function() {{ source_python("{script}"); rapi_local_value }}; f() == 13L')


# ---- probes ------------------------------------------------------------------------------------------

def test_py_module_available_finds_installed_modules():
    r_true('py_module_available("json") && !py_module_available("no_such_module_rapi")')


def test_py_available_is_always_true():
    r_true("py_available() && py_available(initialize = TRUE)")


def test_py_numpy_available():
    r_true("py_numpy_available()")


# ---- load hooks --------------------------------------------------------------------------------------

def test_load_hook_runs_when_the_module_is_first_imported(pymodule):
    name = pymodule("VALUE = 1\n")
    r_true(f'''local({{
        ran <- FALSE
        py_register_load_hook("{name}", function() ran <<- TRUE)
        before <- ran
        import("{name}")
        !before && ran
    }})''')


def test_load_hook_runs_at_once_for_a_loaded_module():
    r_true('local({ ran <- FALSE; py_register_load_hook("sys", function() ran <<- TRUE); ran })')


def test_load_hook_runs_when_python_code_imports_the_module(pymodule):
    name = pymodule("VALUE = 1\n")
    r_true(f'''local({{
        ran <- 0
        py_register_load_hook("{name}", function() ran <<- ran + 1)
        py_run_string("import {name}")
        ran == 1
    }})''')


def test_load_hook_sees_the_imported_module(pymodule):
    name = pymodule("VALUE = 42\n")
    r_true(f'''local({{
        seen <- NULL
        py_register_load_hook("{name}", function() seen <<- import("{name}")$VALUE)
        import("{name}")
        identical(seen, 42L)
    }})''')


def test_failing_load_hook_becomes_a_warning(pymodule):
    name = pymodule("VALUE = 1\n")
    r_true(f'''local({{
        py_register_load_hook("{name}", function() stop("hook broke"))
        message <- NULL
        withCallingHandlers(import("{name}"), warning = function(w) {{
          message <<- conditionMessage(w); invokeRestart("muffleWarning") }})
        grepl("hook broke", message)
    }})''')


def test_module_with_a_load_hook_keeps_its_own_loader(pymodule):
    name = pymodule("VALUE = 1\n")
    pr.r(f'py_register_load_hook("{name}", function() NULL); import("{name}")')
    loader = sys.modules[name].__loader__
    assert type(loader).__name__ == "SourceFileLoader"


def test_module_dollar_reports_an_import_error_inside_a_submodule(pymodule, tmp_path):
    package = tmp_path / "rapi_pkg_broken"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "child.py").write_text("import rapi_missing_dependency\n")
    try:
        r_true('e <- tryCatch(import("rapi_pkg_broken")$child, error = function(e) e); '
               'inherits(e, "python.builtin.ModuleNotFoundError") && '
               'grepl("rapi_missing_dependency", conditionMessage(e))')
    finally:
        sys.modules.pop("rapi_pkg_broken", None)


def test_module_dollar_of_a_missing_name_is_an_attribute_error():
    r_true('inherits(tryCatch(import("json")$no_such_thing, error = function(e) e), '
           '"python.builtin.AttributeError")')


def test_py_run_string_source_in_latin1_runs_as_its_characters():
    r_true('code <- "text_rapi = \'caf\\xe9\'"; Encoding(code) <- "latin1"; py_run_string(code); '
           'identical(py$text_rapi, "caf\\u00e9")')
