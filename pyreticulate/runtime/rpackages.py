"""The R packages that ship inside the Python distribution.

``r/`` holds one R package per directory: ``pyreticulate`` (the bridge core,
reticulate's API), a stand-in ``reticulate`` that re-exports it (so scripts
that say ``library(reticulate)`` run unchanged and the real reticulate is
never loaded next to pyreticulate), and the packages built on it. On first
use they are installed (``R CMD INSTALL``, each after the packages it
depends on) into a cache library keyed by the R version and a hash of all
their sources; later starts reuse that library.
"""
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

PACKAGE = "pyreticulate"
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


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
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def library_dir(r_version):
    """The cache library for this R version and these sources."""
    override = os.environ.get("PYRETICULATE_R_LIBRARY")
    if override:
        return Path(override)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "pyreticulate" / f"R-{r_version}" / source_hash(source_root())


def ensure_installed(r_home, r_version):
    """The library holding an up-to-date install of the R packages (installing them if needed)."""
    library = library_dir(r_version)
    if (library / PACKAGE / "DESCRIPTION").is_file() and not os.environ.get(
            "PYRETICULATE_R_LIBRARY"):
        return library
    library.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".install-", dir=library.parent))
    try:
        for directory in package_dirs():
            _install(r_home, directory, staging, directory.name)
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


def _install(r_home, source, target, name):
    r_binary = Path(r_home) / "bin" / "R"
    with tempfile.TemporaryDirectory() as build:
        copy = Path(build) / name
        shutil.copytree(source, copy)
        proc = subprocess.run(
            [str(r_binary), "CMD", "INSTALL", "--no-test-load", "--no-docs", "--no-html",
             "--no-multiarch", "-l", str(target), str(copy)],
            capture_output=True, text=True,
            env={**os.environ, "R_LIBS_USER": "",
                 "R_LIBS": os.pathsep.join(filter(None, [str(target), os.environ.get("R_LIBS")]))})
    if proc.returncode != 0:
        raise RPackageInstallError(
            f"installing the R package {name} for pyreticulate failed:\n"
            + proc.stdout + proc.stderr)
