"""The R packages that ship inside the Python distribution.

``r/`` holds one R package per directory: ``pyreticulate`` (the bridge core,
reticulate's API), a stand-in ``reticulate`` that re-exports it (so scripts
that say ``library(reticulate)`` run unchanged and the real reticulate is
never loaded next to pyreticulate), and the packages built on it. On first
use they are installed into a cache library keyed by the R version, a hash of
all their sources and the installed versions of the Python distributions
their generated files come from; later starts reuse that library.

Installing works on a staging copy of each package:

1. A package whose DESCRIPTION names a generator (``Config/pyreticulate/generator``:
   a Python module, run as ``python -m <module> <package>/R``) and what its
   committed files were generated from (``Config/pyreticulate/generated-from:
   <distribution> <version>``) is regenerated first when that distribution is
   installed in another version.
2. roxygen2's rd roclet writes the help pages (``man/``) from the ``#'``
   blocks, in an Rscript process per package that sources the R files (it
   loads no bridge); these run in parallel, and the pages are kept in the
   cache by the hash of the package's sources for the next install.
3. ``R CMD INSTALL`` installs each package, with its help (no HTML), once
   its pages are written and the packages it depends on are installed.
"""
import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PACKAGE = "pyreticulate"
_PACKAGE_DIR = Path(__file__).resolve().parent.parent

GENERATOR_FIELD = "Config/pyreticulate/generator"
GENERATED_FROM_FIELD = "Config/pyreticulate/generated-from"

# Rscript code: roxygen2's rd roclet on each package directory given.
_DOCUMENT = """
if (!requireNamespace("roxygen2", quietly = TRUE)) {
  message("the R package roxygen2 is not installed (Debian: r-cran-roxygen2)")
  quit(status = 3)
}
for (dir in commandArgs(trailingOnly = TRUE))
  suppressWarnings(suppressPackageStartupMessages(suppressMessages(
    roxygen2::roxygenise(dir, roclets = "rd", load_code = roxygen2::load_source))))
"""


class RPackageInstallError(RuntimeError):
    """The bundled R packages could not be installed."""


def source_root():
    """Where the R package directories are: bundled data, or ``r/`` in a checkout."""
    bundled = _PACKAGE_DIR / "rpkg"
    checkout = _PACKAGE_DIR.parent / "r"
    for root in (bundled, checkout):
        if (root / PACKAGE / "DESCRIPTION").is_file():
            return root
    raise RPackageInstallError(
        f"the pyreticulate R package sources are missing (looked in {bundled} and {checkout})")


def _description(directory):
    """The fields of a DESCRIPTION file (continuation lines joined)."""
    fields, key = {}, None
    for line in (directory / "DESCRIPTION").read_text(encoding="utf-8").splitlines():
        if line[:1].isspace() and key is not None:
            fields[key] += " " + line.strip()
        elif ":" in line:
            key, value = line.split(":", 1)
            key = key.strip()
            fields[key] = value.strip()
    return fields


def _dependencies(fields):
    """Package names in the Depends, Imports and LinkingTo fields."""
    names = set()
    for field in ("Depends", "Imports", "LinkingTo"):
        for entry in fields.get(field, "").split(","):
            name = entry.split("(")[0].strip()
            if name and name != "R":
                names.add(name)
    return names


def package_dirs(root=None):
    """The package directories under ``root``, each after those it depends on."""
    root = source_root() if root is None else root
    found = {}
    for directory in sorted(p for p in root.iterdir() if (p / "DESCRIPTION").is_file()):
        fields = _description(directory)
        name = fields.get("Package")
        if name != directory.name:
            raise RPackageInstallError(
                f"{directory / 'DESCRIPTION'} names the package {name!r}; the directory "
                f"must be named after its package")
        found[name] = (directory, _dependencies(fields))
    ordered, placed = [], set()
    while len(ordered) < len(found):
        ready = [name for name, (_, deps) in found.items()
                 if name not in placed and all(d in placed or d not in found for d in deps)]
        if not ready:
            raise RPackageInstallError(
                f"the R packages under {root} depend on each other in a cycle: "
                + ", ".join(sorted(set(found) - placed)))
        for name in ready:
            placed.add(name)
            ordered.append(found[name][0])
    return ordered


def source_hash(root):
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not _is_test_file(root, p)):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _is_test_file(root, path):
    """Whether ``path`` lies in a package's ``tests/`` (not installed, so not in the key)."""
    parts = path.relative_to(root).parts
    return any(part == "tests" and (root.joinpath(*parts[:i]) / "DESCRIPTION").is_file()
               for i, part in enumerate(parts[:-1]))


def generated_from(fields):
    """``(distribution, version)`` a package's generated files come from, or
    None for a package without a generator."""
    value = fields.get(GENERATED_FROM_FIELD, "").split()
    if not fields.get(GENERATOR_FIELD) or len(value) != 2:
        return None
    return value[0], value[1]


def installed_version(distribution):
    """The installed version of a Python distribution, None when it is not installed."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def needs_regeneration(fields):
    """Whether a package's generated files come from another version of their
    distribution than the installed one (not when it is not installed: the
    committed files stay, and fail only when used)."""
    source = generated_from(fields)
    if source is None:
        return False
    installed = installed_version(source[0])
    return installed is not None and installed != source[1]


def generator_inputs(root):
    """For the cache key: each generated package with the installed version of
    its distribution (``"<package> <distribution> <version or none>"``)."""
    inputs = []
    for directory in package_dirs(root):
        source = generated_from(_description(directory))
        if source is not None:
            inputs.append(f"{directory.name} {source[0]} {installed_version(source[0])}")
    return inputs


def install_key(root):
    digest = hashlib.sha256(source_hash(root).encode())
    for entry in generator_inputs(root):
        digest.update(b"\n" + entry.encode())
    return digest.hexdigest()[:16]


def library_dir(r_version):
    """The cache library for this R version, these sources and these generator inputs."""
    override = os.environ.get("PYRETICULATE_R_LIBRARY")
    if override:
        return Path(override)
    return _cache_dir(r_version) / install_key(source_root())


def _cache_dir(r_version):
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "pyreticulate" / f"R-{r_version}"


def ensure_installed(r_home, r_version):
    """The library holding an up-to-date install of the R packages (installing them if needed)."""
    library = library_dir(r_version)
    if (library / PACKAGE / "DESCRIPTION").is_file() and not os.environ.get(
            "PYRETICULATE_R_LIBRARY"):
        return library
    library.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".install-", dir=library.parent))
    try:
        pages = _cache_dir(r_version) / "man"
        pages.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as build:
            install_documented(r_home, stage_sources(Path(build)), staging, pages)
        if os.environ.get("PYRETICULATE_R_LIBRARY"):
            library.mkdir(parents=True, exist_ok=True)
            for installed in staging.iterdir():
                if installed.name.startswith("00LOCK"):
                    continue
                shutil.rmtree(library / installed.name, ignore_errors=True)
                shutil.move(str(installed), str(library / installed.name))
        else:
            try:
                staging.rename(library)
                staging = None
            except OSError:
                if not (library / PACKAGE / "DESCRIPTION").is_file():
                    raise
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    return library


def _top_level(name, directory):
    """A ``copytree`` filter leaving out ``directory/name``."""
    return lambda folder, names: [name] if Path(folder) == directory and name in names else []


def stage_sources(build, root=None):
    """Copies of the package directories (of ``root``, else the bundled ones)
    under ``build``, in install order, generated files regenerated where the
    installed distribution differs."""
    copies = []
    for directory in package_dirs(root):
        copy = build / directory.name
        shutil.copytree(directory, copy, ignore=_top_level("tests", directory))
        fields = _description(copy)
        if needs_regeneration(fields):
            regenerate(copy, fields)
        copies.append(copy)
    return copies


def install_documented(r_home, copies, target, pages_cache):
    """Writes the help pages of the staged packages and installs them into
    ``target`` in the order given (dependencies first). The pages are written
    in parallel, the largest package first (it takes longest), or taken from
    ``pages_cache`` (``write_pages``); each package is installed as soon as its
    pages are there and the packages before it are in."""
    largest = max(copies, key=_source_size)
    order = [largest] + [copy for copy in copies if copy != largest]
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
        pages = {copy: pool.submit(write_pages, r_home, copy, pages_cache) for copy in order}
        try:
            for copy in copies:
                pages[copy].result()
                _install(r_home, copy, target)
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise


def write_pages(r_home, copy, cache):
    """Writes a staged package's ``man/``: from ``cache`` when the same sources
    were documented before (``<package>-<hash of its sources>``), else with
    roxygen2, keeping the pages in ``cache`` for the next install."""
    cached = cache / f"{copy.name}-{source_hash(copy)}"
    if cached.is_dir():
        if (cached / "man").is_dir():
            shutil.copytree(cached / "man", copy / "man", dirs_exist_ok=True)
        return
    document(r_home, [copy])
    fresh = Path(tempfile.mkdtemp(prefix=".pages-", dir=cache))
    if (copy / "man").is_dir():
        shutil.copytree(copy / "man", fresh / "man")
    try:
        fresh.rename(cached)
    except OSError:  # another installer kept the same pages first
        shutil.rmtree(fresh, ignore_errors=True)


def _source_size(directory):
    return sum(p.stat().st_size for p in (directory / "R").glob("*.R"))


def regenerate(directory, fields):
    """Runs a package's generator on its R directory (``python -m <module> <dir>/R``)."""
    module = fields[GENERATOR_FIELD]
    path = os.pathsep.join(filter(None, [str(_PACKAGE_DIR.parent), os.environ.get("PYTHONPATH")]))
    proc = subprocess.run([sys.executable, "-m", module, str(directory / "R")],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": path})
    if proc.returncode != 0:
        raise RPackageInstallError(
            f"regenerating the R package {directory.name} with {module} failed:\n"
            + proc.stdout + proc.stderr)


def document(r_home, directories):
    """Writes the help pages (``man/``) of the package directories with roxygen2."""
    rscript = Path(r_home) / "bin" / "Rscript"
    proc = subprocess.run([str(rscript), "-e", _DOCUMENT] + [str(d) for d in directories],
                          capture_output=True, text=True, env={**os.environ, "R_LIBS_USER": ""})
    if proc.returncode != 0:
        names = ", ".join(d.name for d in directories)
        raise RPackageInstallError(
            f"writing the help pages of the R packages {names} failed:\n"
            + proc.stdout + proc.stderr)


def _install(r_home, source, target):
    r_binary = Path(r_home) / "bin" / "R"
    proc = subprocess.run(
        [str(r_binary), "CMD", "INSTALL", "--no-test-load", "--no-html", "--no-multiarch",
         "-l", str(target), str(source)],
        capture_output=True, text=True,
        env={**os.environ, "R_LIBS_USER": "",
             "R_LIBS": os.pathsep.join(filter(None, [str(target), os.environ.get("R_LIBS")]))})
    if proc.returncode != 0:
        raise RPackageInstallError(
            f"installing the R package {source.name} for pyreticulate failed:\n"
            + proc.stdout + proc.stderr)
