"""tools/keras3_guides.py (make guides): which guides it finds, what it reads in their code,
how it classifies a run, and the scripts it runs."""
import importlib.util
import os
import subprocess

from helpers import ROOT

_SPEC = importlib.util.spec_from_file_location(
    "keras3_guides", os.path.join(ROOT, "tools", "keras3_guides.py"))
guides = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(guides)


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_guides_are_the_top_level_rmd_files_and_the_examples_but_not_their_index(tmp_path):
    for name in ["vignettes-src/b.Rmd", "vignettes-src/a.Rmd", "vignettes-src/parked/c.Rmd",
                 "vignettes-src/examples/index.Rmd", "vignettes-src/examples/vision/d.Rmd",
                 "vignettes-src/notes.md"]:
        write(tmp_path / name, "")
    assert [g.name for g in guides.list_guides(tmp_path)] == ["a", "b", "examples/vision/d"]


def test_keras2s_guides_are_read_from_the_v2_15_0_tag_with_new_guides_and_example_scripts(
        tmp_path):
    for name in ["vignettes/index.Rmd", "vignettes/guide.Rmd", "vignettes/images/x.png",
                 "vignettes/new-guides/rnn.Rmd", "vignettes/examples/index.Rmd",
                 "vignettes/examples/addition_rnn.Rmd", "vignettes/examples/addition_rnn.R"]:
        write(tmp_path / name, "x <- 1\n")
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    for command in (["init", "-q"], ["add", "."], ["commit", "-qm", "2.15"], ["tag", "v2.15.0"],
                    ["rm", "-q", "vignettes/guide.Rmd"], ["commit", "-qm", "later"]):
        subprocess.run(git + command, check=True)
    listed = guides.list_guides(tmp_path, guides.KERAS2)
    assert [g.source for g in listed] == ["vignettes/guide.Rmd", "vignettes/new-guides/rnn.Rmd",
                                          "vignettes/examples/addition_rnn.R"]
    assert [g.name for g in listed] == ["guide", "new-guides/rnn", "examples/addition_rnn"]
    assert guides.read_source(tmp_path, "vignettes/guide.Rmd", guides.KERAS2) == "x <- 1\n"


def test_a_guide_that_is_an_r_script_is_run_as_it_is(tmp_path):
    guide = guides.Guide("vignettes-src/examples/mlp.R", name="examples/mlp")
    write(tmp_path / "repo" / guide.source, "library(keras)\nfit(model)\n")
    guides.extract([guide], tmp_path / "repo", tmp_path / "out", guides.KERAS3)
    assert guide.script.read_text() == "library(keras)\nfit(model)\n"


def test_packages_used_are_the_loaded_and_qualified_ones_but_not_base_r(tmp_path):
    script = write(tmp_path / "g.R", "library(keras3)\nx <- readr::read_csv(f)\n"
                                     "utils::head(x)  # dplyr::filter in a comment\n"
                                     "requireNamespace('zoo')\n")
    assert guides.packages_used(script) == ["keras3", "readr", "zoo"]


def test_downloads_used_are_the_dataset_loaders_get_file_and_download_file(tmp_path):
    script = write(tmp_path / "g.R", "c(a, b) %<-% dataset_mnist()\nmy_dataset_mnist()\n"
                                     "download.file(url, f)\nm <- application_xception()\n")
    assert guides.downloads_used(script) == ["dataset_mnist", "download.file",
                                             "application_xception"]


def test_a_run_that_ends_well_ran():
    assert guides.classify(0, "anything") == ("ran", "")


def test_a_failed_download_is_a_download_with_the_line_it_stopped_at():
    output = ("Error: dataset_mnist(): could not be downloaded (URL fetch failure)\n"
              "[guide stopped at line 14 of 213]\nExecution halted\n")
    result, detail = guides.classify(1, output)
    assert result == "needs a download"
    assert detail.startswith("line 14 of 213: Error: dataset_mnist()")


def test_a_base_r_function_of_a_newer_r_names_that_r():
    output = ('[guide stopped at line 467 of 487]\n'
              'Error in a %||% b : could not find function "%||%"\nExecution halted\n')
    assert guides.classify(1, output) == ("needs R >= 4.4.0", "line 467 of 487: base R's %||%")


def test_a_missing_r_package_is_named():
    output = "Error in library(readr) : there is no package called ‘readr’\nExecution halted\n"
    assert guides.classify(1, output) == ("needs package readr", "")


def test_another_error_fails_with_its_message():
    output = ("[guide stopped at line 3 of 9]\nError in f() : something broke\n"
              "Execution halted\n")
    assert guides.classify(1, output) == ("fails", "line 3 of 9: Error in f() : something broke")


def test_the_newer_base_r_preamble_defines_r_4_4s_null_default_where_r_lacks_it():
    code = guides.newer_base_r_preamble() + 'cat(NULL %||% "fallback", 1 %||% 2)\n'
    done = subprocess.run(["Rscript", "-e", code], capture_output=True, text=True, check=True)
    assert done.stdout == "fallback 1"


def test_the_script_run_has_the_preambles_asked_for(tmp_path):
    guide = guides.Guide("vignettes-src/g.Rmd", name="g",
                         script=write(tmp_path / "scripts" / "g.R", "x <- 1\n"))
    plain = guides.runnable_script(guide, tmp_path, stand_in=False).read_text()
    both = guides.runnable_script(guide, tmp_path, stand_in=True, newer_base_r=True).read_text()
    assert "py_run_string" not in plain and "%||%" not in plain
    assert "py_run_string" in both and 'assign("%||%"' in both


def test_keras2s_stand_in_data_replaces_tf_keras_datasets_once_library_keras_has_loaded(
        tmp_path):
    script = write(tmp_path / "g.R", guides.stand_in_preamble(guides.KERAS2)
                   + "library(keras)\ncat(dim(dataset_mnist()$train$x))\n")
    done = subprocess.run([os.path.join(ROOT, ".venv", "bin", "pyreticulate"), "run", str(script)],
                          capture_output=True, text=True, timeout=300, cwd=str(tmp_path),
                          env={**os.environ, "KERAS_HOME": str(tmp_path / "keras-home"),
                               "TF_CPP_MIN_LOG_LEVEL": "2"})
    assert done.stdout.splitlines()[-1:] == ["60000 28 28"], done.stderr[-2000:]
