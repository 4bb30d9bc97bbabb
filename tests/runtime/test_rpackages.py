"""Installing the R packages (pyreticulate/runtime/rpackages.py): every directory under
r/ is a package, installed after those it depends on; the wheel carries them
all; the core loads without its Python host only while R CMD INSTALL
installs a package built on it; generated files are regenerated for another
version of their distribution (which is part of the cache key); help pages
come from the roxygen2 blocks."""
import fnmatch
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

import pyreticulate as pr
from helpers import ROOT
from pyreticulate.runtime import embedded, rpackages

R_ROOT = Path(ROOT) / "r"


def write_package(root, name, imports=""):
    directory = root / name
    (directory / "R").mkdir(parents=True)
    lines = [f"Package: {name}", "Version: 1.0"]
    if imports:
        lines.append(f"Imports: {imports}")
    (directory / "DESCRIPTION").write_text("\n".join(lines) + "\n")
    return directory


def test_every_package_comes_after_the_packages_it_depends_on():
    order = [p.name for p in rpackages.package_dirs(R_ROOT)]
    assert sorted(order) == ["keras", "keras3", "pyreticulate", "reticulate", "tensorflow",
                             "tfautograph", "tfdatasets"]
    for before, after in [("pyreticulate", "reticulate"), ("reticulate", "tensorflow"),
                          ("pyreticulate", "tensorflow"), ("tensorflow", "keras3"),
                          ("tensorflow", "keras"), ("tensorflow", "tfdatasets"),
                          ("reticulate", "tfautograph"), ("tfautograph", "tensorflow")]:
        assert order.index(before) < order.index(after)


def test_suggested_packages_do_not_order_the_installation(tmp_path):
    write_package(tmp_path, "a")
    (tmp_path / "a" / "DESCRIPTION").write_text("Package: a\nVersion: 1.0\nSuggests: b\n")
    write_package(tmp_path, "b", "a")
    assert [p.name for p in rpackages.package_dirs(tmp_path)] == ["a", "b"]


def test_dependencies_split_over_continuation_lines_and_versions_count(tmp_path):
    write_package(tmp_path, "b", "a (>= 1.0),\n    utils")
    write_package(tmp_path, "a")
    assert [p.name for p in rpackages.package_dirs(tmp_path)] == ["a", "b"]


def test_a_dependency_cycle_is_an_error_naming_the_packages(tmp_path):
    write_package(tmp_path, "a", "b")
    write_package(tmp_path, "b", "a")
    with pytest.raises(rpackages.RPackageInstallError, match="in a cycle: a, b"):
        rpackages.package_dirs(tmp_path)


def test_a_directory_must_be_named_after_its_package(tmp_path):
    write_package(tmp_path, "a")
    (tmp_path / "a").rename(tmp_path / "other")
    with pytest.raises(rpackages.RPackageInstallError, match="names the package 'a'"):
        rpackages.package_dirs(tmp_path)


def test_the_library_holds_every_package():
    library = Path(pr.r(".libPaths()[1]"))
    for directory in rpackages.package_dirs(R_ROOT):
        assert (library / directory.name / "DESCRIPTION").is_file(), directory.name


def test_the_wheel_carries_every_file_of_the_r_packages_but_their_tests():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        config = tomllib.load(handle)["tool"]["setuptools"]
    assert config["package-dir"]["pyreticulate.rpkg"] == "r"
    patterns = config["package-data"]["pyreticulate.rpkg"]
    files = [str(p.relative_to(R_ROOT)) for p in R_ROOT.rglob("*")
             if p.is_file() and "tests" not in p.relative_to(R_ROOT).parts[1:2]]
    assert [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)] == []


def load_core(extra_env, code):
    """Rscript loading the installed core outside the bridge."""
    library = pr.r(".libPaths()[1]")
    env = {name: value for name, value in os.environ.items() if name != "R_INSTALL_PKG"}
    env.update(extra_env)
    rscript = os.path.join(embedded.r_home(), "bin", "Rscript")
    return subprocess.run([rscript, "-e", f'.libPaths("{library}"); {code}'],
                          capture_output=True, text=True, env=env, timeout=120)


def test_the_core_refuses_a_standalone_r_session():
    proc = load_core({}, 'loadNamespace("pyreticulate")')
    assert proc.returncode != 0
    assert "cannot be loaded into a standalone R session" in proc.stderr


def test_r_cmd_install_loads_the_core_without_its_host_and_python_calls_fail():
    proc = load_core({"R_INSTALL_PKG": "tensorflow"},
                     'loadNamespace("tensorflow"); pyreticulate::py_eval("1")')
    assert proc.returncode != 0
    assert "loaded without its Python host" in proc.stderr


# ---- generated files and help pages ----------------------------------------------------------

GENERATOR = '''
import pathlib, sys
out = pathlib.Path(sys.argv[1])
(out / "generated.R").write_text("generated <- function() 1\\n")
'''


def write_generated_package(root, name, generated_from, module="fake_generator"):
    directory = write_package(root, name)
    with open(directory / "DESCRIPTION", "a") as description:
        description.write(f"Config/pyreticulate/generator: {module}\n"
                          f"Config/pyreticulate/generated-from: {generated_from}\n")
    return directory


@pytest.fixture
def fake_generator(tmp_path, monkeypatch):
    """A generator module `fake_generator` that writes R/generated.R."""
    modules = tmp_path / "modules"
    modules.mkdir()
    (modules / "fake_generator.py").write_text(GENERATOR)
    monkeypatch.setenv("PYTHONPATH", str(modules))


def test_a_package_needs_regeneration_when_its_distribution_has_another_version():
    fields = {rpackages.GENERATOR_FIELD: "m", rpackages.GENERATED_FROM_FIELD: "pytest 0.0.1"}
    assert rpackages.needs_regeneration(fields)


def test_a_package_generated_from_the_installed_version_is_kept():
    version = rpackages.installed_version("pytest")
    fields = {rpackages.GENERATOR_FIELD: "m", rpackages.GENERATED_FROM_FIELD: f"pytest {version}"}
    assert not rpackages.needs_regeneration(fields)


def test_a_package_whose_distribution_is_not_installed_keeps_its_files():
    fields = {rpackages.GENERATOR_FIELD: "m",
              rpackages.GENERATED_FROM_FIELD: "no-such-distribution-xyz 1.0"}
    assert not rpackages.needs_regeneration(fields)


def test_a_package_without_a_generator_is_never_regenerated():
    assert not rpackages.needs_regeneration({rpackages.GENERATED_FROM_FIELD: "pytest 0.0.1"})


def test_staging_regenerates_a_package_with_another_version(tmp_path, fake_generator):
    root = tmp_path / "r"
    write_generated_package(root, "gen", "pytest 0.0.1")
    copies = rpackages.stage_sources(tmp_path / "build", root)
    assert (copies[0] / "R" / "generated.R").read_text() == "generated <- function() 1\n"
    assert not (root / "gen" / "R" / "generated.R").exists()


def test_staging_keeps_the_files_of_a_package_generated_from_the_installed_version(
        tmp_path, fake_generator):
    root = tmp_path / "r"
    write_generated_package(root, "gen", f"pytest {rpackages.installed_version('pytest')}")
    copies = rpackages.stage_sources(tmp_path / "build", root)
    assert not (copies[0] / "R" / "generated.R").exists()


def test_a_failing_generator_is_an_install_error_with_its_output(tmp_path, fake_generator):
    directory = write_generated_package(tmp_path, "gen", "pytest 0.0.1", module="no_such_module")
    with pytest.raises(rpackages.RPackageInstallError, match="No module named no_such_module"):
        rpackages.regenerate(directory, rpackages._description(directory))


def test_a_packages_tests_leave_the_cache_key_as_it_is(tmp_path):
    write_generated_package(tmp_path, "gen", "pytest 0.0.1")
    before = rpackages.install_key(tmp_path)
    (tmp_path / "gen" / "tests" / "testthat").mkdir(parents=True)
    (tmp_path / "gen" / "tests" / "testthat" / "test-a.R").write_text("test_that('a', {})\n")
    assert rpackages.install_key(tmp_path) == before


def test_staging_leaves_a_packages_tests_out(tmp_path, fake_generator):
    root = tmp_path / "r"
    write_generated_package(root, "gen", f"pytest {rpackages.installed_version('pytest')}")
    (root / "gen" / "tests").mkdir()
    (root / "gen" / "tests" / "testthat.R").write_text("library(testthat)\n")
    copies = rpackages.stage_sources(tmp_path / "build", root)
    assert sorted(p.name for p in copies[0].iterdir()) == ["DESCRIPTION", "R"]


def test_the_cache_key_changes_with_the_generated_distributions_version(tmp_path, monkeypatch):
    write_generated_package(tmp_path, "gen", "pytest 0.0.1")
    before = rpackages.install_key(tmp_path)
    monkeypatch.setattr(rpackages, "installed_version", lambda name: "99.0")
    assert rpackages.install_key(tmp_path) != before


def test_the_keras3_generator_rewrites_a_copy_made_for_another_keras(tmp_path):
    copy = tmp_path / "keras3"
    shutil.copytree(R_ROOT / "keras3", copy)
    description = copy / "DESCRIPTION"
    installed = " ".join(rpackages.generated_from(rpackages._description(copy)))
    description.write_text(description.read_text().replace(installed, "keras 0.0.1"))
    (copy / "R" / "layers-core.R").write_text("# Generated by `make wrappers`: stale\n")
    fields = rpackages._description(copy)
    assert rpackages.needs_regeneration(fields)
    rpackages.regenerate(copy, fields)
    assert rpackages.generated_from(rpackages._description(copy)) == tuple(installed.split())
    assert (copy / "R" / "layers-core.R").read_text() == \
        (R_ROOT / "keras3" / "R" / "layers-core.R").read_text()


def test_help_pages_are_written_from_roxygen_blocks_without_loading_the_bridge(tmp_path):
    directory = write_package(tmp_path, "documented", "pyreticulate")
    (directory / "R" / "f.R").write_text(
        "#' Doubles\n#'\n#' @param x A number.\n#' @returns Twice `x`.\n#' @export\n"
        "f <- function(x) 2 * x\n")
    rpackages.document(embedded.r_home(), [directory])
    page = (directory / "man" / "f.Rd").read_text()
    assert "\\title{Doubles}" in page and "\\item{x}{A number.}" in page


def test_the_installed_packages_have_their_help():
    library = Path(pr.r(".libPaths()[1]"))
    assert (library / "keras3" / "help" / "keras3.rdb").is_file()


def test_unchanged_sources_reuse_the_pages_written_before(tmp_path, monkeypatch):
    source = write_package(tmp_path / "r", "documented")
    (source / "R" / "f.R").write_text("#' Doubles\n#' @param x A number.\n#' @export\n"
                                      "f <- function(x) 2 * x\n")
    cache = tmp_path / "pages"
    cache.mkdir()
    first, second = tmp_path / "a" / "documented", tmp_path / "b" / "documented"
    shutil.copytree(source, first)
    shutil.copytree(source, second)
    rpackages.write_pages(embedded.r_home(), first, cache)

    def no_roxygen(r_home, directories):
        raise AssertionError("roxygen2 ran again for unchanged sources")

    monkeypatch.setattr(rpackages, "document", no_roxygen)
    rpackages.write_pages(embedded.r_home(), second, cache)
    assert (second / "man" / "f.Rd").read_text() == (first / "man" / "f.Rd").read_text()
