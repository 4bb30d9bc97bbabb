"""Installing the R packages (pyreticulate/rpackages.py): every directory under
r/ is a package, installed after those it depends on; the wheel carries them
all; the core loads without its Python host only while R CMD INSTALL
installs a package built on it."""
import fnmatch
import os
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
                             "tfdatasets"]
    for before, after in [("pyreticulate", "reticulate"), ("reticulate", "tensorflow"),
                          ("pyreticulate", "tensorflow"), ("tensorflow", "keras3"),
                          ("keras3", "keras"), ("tensorflow", "tfdatasets")]:
        assert order.index(before) < order.index(after)


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


def test_the_wheel_carries_every_file_of_the_r_packages():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        config = tomllib.load(handle)["tool"]["setuptools"]
    assert config["package-dir"]["pyreticulate.rpkg"] == "r"
    patterns = config["package-data"]["pyreticulate.rpkg"]
    files = [str(p.relative_to(R_ROOT)) for p in R_ROOT.rglob("*") if p.is_file()]
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
