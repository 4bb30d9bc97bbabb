"""keras3's generated wrappers (pyreticulate/keras/wrappers.py, r/keras3/R/ family
files, keras-wrappers.R): the committed files are the generator's output for the
installed Keras; formals, static specs and the conventions table; help pages."""
import re
from pathlib import Path

import pytest

import pyreticulate as pr
from helpers import ROOT
from helpers.scripts import run_code
from pyreticulate.keras import wrappers
from pyreticulate.runtime import rpackages

KERAS3 = Path(ROOT) / "r" / "keras3"


@pytest.fixture(scope="module")
def generated():
    return wrappers.generate(*wrappers.package_inputs(KERAS3 / "R"))


def strings(value):
    """A character vector from R as a list (R gives one string as a str, none as None)."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def r_text(code):
    return pr.r(f"paste(as.character({code}), collapse = ' ')")


def usage(name):
    """The formals of a keras3 function as R deparses them: ``(object, units, ...) ``."""
    deparsed = f"deparse(args(keras3::{name}), width.cutoff = 500L)[[1]]"
    return r_text(f"sub('^function ', '', {deparsed})")


def wrapper_names(generated):
    """The R names the generated files define."""
    text = "".join(generated.values())
    return sorted(set(re.findall(r"^([a-z][a-z0-9_]*) <- local\(", text, re.MULTILINE)))


def test_committed_files_equal_the_generators_output_for_the_installed_keras(generated):
    committed = {p.name: p.read_text(encoding="utf-8") for p in sorted((KERAS3 / "R").glob("*.R"))
                 if wrappers.is_generated(p)}
    assert sorted(committed) == sorted(generated)
    stale = [name for name in generated if committed[name] != generated[name]]
    assert stale == [], "run `make wrappers` and commit the result"


def test_description_records_the_keras_version_the_files_come_from():
    fields = rpackages._description(KERAS3)
    assert rpackages.generated_from(fields) == ("keras", wrappers.keras_version())
    assert fields[rpackages.GENERATOR_FIELD] == "pyreticulate.keras.wrappers"


def test_every_file_says_it_is_generated_and_from_which_keras(generated):
    for name, text in generated.items():
        first = (f"{wrappers.GENERATED_MARK} (python -m pyreticulate.keras.wrappers) "
                 f"from Keras {wrappers.keras_version()}.")
        assert text.startswith(first), name
        assert "Do not edit by hand" in text.splitlines()[1], name


def test_layers_are_split_by_keras_submodule_and_ops_by_ops_module(generated):
    assert "layer_dense <- local(" in generated["layers-core.R"]
    assert "layer_conv_2d <- local(" in generated["layers-convolutional.R"]
    assert "layer_lstm <- local(" in generated["layers-recurrent.R"]
    assert "rnn_cell_lstm <- local(" in generated["rnn-cells.R"]
    assert "op_matmul <- local(" in generated["ops-numpy.R"]
    assert "op_relu <- local(" in generated["ops-nn.R"]
    assert "loss_huber <- local(" in generated["losses.R"]


def test_the_generated_names_are_the_namespaces_wrapper_exports(generated):
    defined = set(wrapper_names(generated))
    exported = {n for n in wrappers.namespace_exports(KERAS3) if wrappers._is_wrapper_name(n)}
    # hand-written: keras_input, and what keras-applications.R does with an application model
    assert exported - defined == {"layer_input", "application_preprocess_inputs",
                                  "application_decode_predictions", "op_subset",
                                  "op_subset_set", "op_subset<-"}
    assert defined <= exported


def test_every_formal_of_every_wrapper_has_a_non_empty_argument_description():
    bad = pr.r('''local({
      db <- tools::Rd_db("keras3")
      ns <- asNamespace("keras3")
      names <- grep(paste0("^(layer|rnn_cell|optimizer|loss|metric|activation|op|initializer|",
                           "constraint|regularizer|random|learning_rate_schedule|application|",
                           "feature)_"),
                    getNamespaceExports("keras3"), value = TRUE)
      names <- setdiff(names, c("layer_input", "op_subset", "op_subset_set", "op_subset<-",
                                "application_preprocess_inputs",
                                "application_decode_predictions"))
      text <- function(x) trimws(paste(unlist(x), collapse = ""))
      Filter(function(name) {
        rd <- db[[paste0(name, ".Rd")]]
        arguments <- Filter(function(x) identical(attr(x, "Rd_tag"), "\\\\arguments"), rd)[[1]]
        items <- Filter(function(x) identical(attr(x, "Rd_tag"), "\\\\item"), arguments)
        labels <- vapply(items, function(i) text(i[[1]]), "")
        described <- vapply(items, function(i) nzchar(text(i[[2]])), NA)
        !identical(sort(labels), sort(names(formals(get(name, envir = ns))))) || !all(described)
      }, names)
    })''')
    assert strings(bad) == []


def test_layer_dense_has_the_python_signatures_formals_and_defaults():
    assert usage("layer_dense").startswith(
        "(object, units, activation = NULL, use_bias = TRUE, "
        'kernel_initializer = "glorot_uniform", bias_initializer = "zeros", ')
    assert usage("layer_dense").endswith(", ...) ")


def test_merge_layers_take_inputs_then_dots_then_their_arguments():
    assert usage("layer_concatenate") == "(inputs, ..., axis = -1L) "


def test_losses_take_y_true_and_y_pred_first():
    assert usage("loss_huber").startswith("(y_true, y_pred, delta = 1, ")


def test_a_wrapper_is_a_plain_function_whose_environment_holds_its_static_spec():
    assert r_text("class(keras3::layer_dense)") == "function"
    spec = "environment(keras3::layer_dense)$.spec"
    assert r_text(f"class({spec})") == "keras_wrapper_spec"
    assert r_text(f"unlist(unclass({spec})[c('name', 'family', 'class', 'kind')])") == \
        "layer_dense layers Dense layer"
    assert r_text("deparse(body(keras3::layer_dense))") == \
        "{     .keras_wrapper_call(.spec, environment(), match.call(expand.dots = FALSE)) }"


def test_a_spec_lists_the_conventions_of_its_formals_from_the_global_table():
    assert r_text("environment(keras3::layer_conv_2d)$.spec$args[c('filters', 'padding')]") == \
        "integer integer_if_numeric"
    assert r_text("environment(keras3::op_sum)$.spec$args") == "axis"


def test_an_endpoint_convention_wins_over_the_global_one():
    assert wrappers.GLOBAL_CONVENTIONS.get("target_shape") is None
    assert r_text("environment(keras3::layer_reshape)$.spec$args") == "shape_or_minus_one"
    assert r_text("environment(keras3::op_reshape)$.spec$args[['newshape']]") == \
        "shape_or_minus_one"


def test_an_endpoint_table_entry_changes_only_that_endpoints_spec(monkeypatch):
    monkeypatch.setitem(wrappers.ENDPOINT_CONVENTIONS, ("layers", "Dense"), {"units": "none"})
    specs = {e.r_name: e.conventions for e in wrappers.endpoints()
             if e.r_name in ("layer_dense", "layer_lstm")}
    assert "units" not in specs["layer_dense"]
    assert specs["layer_lstm"]["units"] == "integer"


def test_op_split_sections_and_argpartition_kth_have_keras3s_index_conventions():
    specs = {e.r_name: e.conventions for e in wrappers.endpoints()
             if e.r_name in ("op_split", "op_argpartition", "op_take")}
    assert specs["op_split"]["indices_or_sections"] == "sections"
    assert specs["op_argpartition"]["kth"] == "index_one_based"
    assert specs["op_take"]["indices"] == "index"


def test_endpoint_renames_give_r_names_to_python_parameters():
    assert usage("layer_lambda").startswith("(object, f, ")
    assert r_text("environment(keras3::op_vectorized_map)$.spec$rename") == "f"


def test_an_endpoint_integer_convention_applies_to_its_argument():
    assert r_text("tryCatch(keras3::op_diagonal(diag(3), offset = 1.5), "
                  "error = conditionMessage)") == "`offset` must be a whole number, not 1.5"


def test_python_defaults_become_r_literals():
    assert wrappers.r_literal(None) == "NULL"
    assert wrappers.r_literal(True) == "TRUE"
    assert wrappers.r_literal(-1) == "-1L"
    assert wrappers.r_literal(2**40) == "1099511627776"
    assert wrappers.r_literal(1.0) == "1"
    assert wrappers.r_literal(1e-07) == "1e-07"
    assert wrappers.r_literal(float("inf")) == "Inf"
    assert wrappers.r_literal('say "hi"\\') == '"say \\"hi\\"\\\\"'
    assert wrappers.r_literal([1, 1]) == "c(1L, 1L)"


def test_docstring_sections_become_title_params_and_sections():
    doc = wrappers.parse_docstring('''Sums things. More words.

        Args:
            x: The input.
                Two lines.
            axis: An axis.

        Returns:
            A tensor.

        Input shape:
            Any.

        Example:

        >>> keras.ops.sum(x)
        ''')
    assert doc.title == "Sums things."
    assert doc.args == {"x": ["The input.", "Two lines."], "axis": ["An axis."]}
    assert doc.returns == ["A tensor."]
    assert doc.sections == [("Input shape", ["Any."])]
    assert doc.description[0] == "More words."


def test_docstring_text_becomes_valid_rd():
    assert wrappers._rd_inline("50% of {a} in `x[0]`, see [docs](https://k.io/a%20b)") == (
        "50\\% of \\{a\\} in \\code{x[0]}, see \\href{https://k.io/a\\%20b}{docs}")
    assert wrappers._rd_inline("`None` and `{1: 2}` by a@b") == \
        "\\code{NULL} and \\verb{\\{1: 2\\}} by a@@b"
    assert wrappers._rd(["Intro:", "", "- one", "- two", "", "After."]) == [
        "Intro:", "", "\\itemize{", "\\item one", "\\item two", "}", "", "After."]


def test_doctest_examples_are_left_out():
    assert wrappers._rd(["Text.", "", "For example:", "", ">>> f(1)", "2", "", "More."]) == [
        "Text.", "", "More."]


def test_an_exported_name_keras_lacks_stops_with_a_clear_error():
    files = wrappers.generate(["layer_dense", "layer_from_the_future"], set())
    text = files["wrappers-unavailable.R"]
    assert ('layer_from_the_future <- function(...) '
            '.keras_unavailable("layer_from_the_future", "layers")') in text
    assert "@export" in text
    message = r_text('tryCatch(keras3:::.keras_unavailable("layer_from_the_future", "layers"), '
                     'error = conditionMessage)')
    assert message.startswith("layer_from_the_future() is not available: the installed Keras")


def test_every_exported_generated_wrapper_has_a_help_page(generated):
    names = wrapper_names(generated)
    pr.globalenv["wrapper_names"] = names
    found = pr.r('vapply(wrapper_names, function(n) length(utils::help(n, "keras3")), 0L)')
    assert len(names) == 625
    assert [name for name, count in zip(names, found) if count != 1] == []


def test_library_keras3_imports_neither_keras_nor_tensorflow(tmp_path):
    proc = run_code(tmp_path, '''
        library(keras3)
        f <- layer_dense
        invisible(formals(op_sum))
        invisible(utils::help("layer_dense", package = "keras3"))
        loaded <- reticulate::py_eval(
          "[m for m in ('keras', 'tensorflow') if m in __import__('sys').modules]")
        cat("loaded:", length(loaded), "\\n")
        ''')
    assert proc.returncode == 0, proc.stderr
    assert "loaded: 0" in proc.stdout


def test_help_on_layer_dense_prints_its_page_in_a_script(tmp_path):
    proc = run_code(tmp_path, "library(keras3)\n?layer_dense\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Just your regular densely-connected NN layer." in out
    assert "Usage:" in out and "layer_dense(" in out
    assert "Arguments:" in out
    assert re.search(r"^\s+units: Positive integer", out, re.MULTILINE)
    assert "\b" not in out
    assert "File:" not in out
