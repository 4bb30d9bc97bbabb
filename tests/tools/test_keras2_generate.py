"""tools/keras2/generate.py: library(keras)'s generated family files and NAMESPACE are what the
generator makes from the committed inputs, and those inputs hold keras 2.15's exports."""
import importlib.util
import os
import shutil

import pytest

import pyreticulate as pr
from helpers import ROOT

_SPEC = importlib.util.spec_from_file_location(
    "keras2_generate", os.path.join(ROOT, "tools", "keras2", "generate.py"))
generate = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(generate)

PACKAGE = os.path.join(ROOT, "r", "keras")


def test_exports_tsv_lists_keras_2_15s_560_exports_once_each():
    names = [row["name"] for row in generate.read_exports()]
    assert len(names) == 560
    assert len(set(names)) == 560


def test_every_function_export_has_keras_2_15s_formals():
    rows = {row["name"]: row for row in generate.read_exports()}
    assert rows["layer_dense"]["formals"].startswith("object, units, activation = NULL")
    assert rows["keras_model_sequential"]["formals"] == "layers = NULL, name = NULL, ..."
    assert {row["kind"] for row in rows.values()} >= {"function", "R6", "object",
                                                      "reexport:generics"}


def test_the_committed_family_files_and_namespace_are_the_generators_output():
    files, namespace, _ = generate.generate(PACKAGE)
    for name, text in files.items():
        with open(os.path.join(PACKAGE, "R", name), encoding="utf-8") as handle:
            assert handle.read() == text, f"r/keras/R/{name} is stale: run make keras2"
    with open(os.path.join(PACKAGE, "NAMESPACE"), encoding="utf-8") as handle:
        assert handle.read() == namespace, "r/keras/NAMESPACE is stale: run make keras2"


def test_namespace_exports_only_keras_2_15s_names():
    exported = set(pr.r(f'parseNamespaceFile("keras", "{os.path.dirname(PACKAGE)}")$exports'))
    assert sorted(exported - {row["name"] for row in generate.read_exports()}) == []


def test_namespace_has_one_block_per_family_in_the_exports_order():
    _, namespace, _ = generate.generate(PACKAGE)
    headers = [line[len("# ---- "):-len(" ----")] for line in namespace.splitlines()
               if line.startswith("# ---- ")]
    assert headers[:len(generate.family_order(generate.read_exports()))] == \
        generate.family_order(generate.read_exports())


def test_a_family_spec_naming_another_familys_export_is_refused():
    family = {"label": "x", "params": {}, "description": "", "pass": "all",
              "wrappers": {"k_abs": {"kind": "function", "fun": "backend.abs", "title": "t"}}}
    with pytest.raises(ValueError, match="k_abs is not an export of the family layers-core"):
        generate.generate_family("layers-core", family, generate.read_exports())


def test_the_generator_never_overwrites_a_hand_written_file(tmp_path):
    package = tmp_path / "keras"
    shutil.copytree(PACKAGE, package)
    (package / "R" / "optimizers.R").write_text("# hand-written\n", encoding="utf-8")
    with pytest.raises(ValueError, match="is hand-written"):
        generate.write(package)


def test_a_wrapper_renders_its_spec_and_keras_2_15s_formals():
    text = generate.render_function(
        "k_sum", {"kind": "function", "fun": "backend.sum", "args": {"axis": "axis"}},
        "x, axis = NULL, keepdims = FALSE")
    assert text.splitlines() == [
        "k_sum <- local({",
        '  .spec <- structure(class = "keras2_wrapper_spec", list(',
        '    name = "k_sum",',
        '    module = "backend",',
        '    fun = "sum",',
        '    kind = "function",',
        '    args = c(axis = "axis")))',
        "  function(x, axis = NULL, keepdims = FALSE) {",
        "    .keras2_call(.spec, environment(), match.call(expand.dots = FALSE))",
        "  }",
        "})"]
