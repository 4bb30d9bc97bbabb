"""The R package that ships inside the Python distribution.

On first use it is installed (``R CMD INSTALL``) into a cache library keyed
by the R version and a hash of the package sources, so ``library(pyreticulate)``
works in every script the bridge runs; later starts reuse that library. The
same library holds a stand-in ``reticulate`` package (``rstubs/``) that
re-exports pyreticulate's implementation of reticulate's API, so scripts that
say ``library(reticulate)`` run unchanged and the real reticulate is never
loaded next to pyreticulate.
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
    """The bundled R package could not be installed."""


def source_dir():
    """Where the R package sources are: bundled data, or ``r/`` in a checkout."""
    bundled = _PACKAGE_DIR / "rpkg"
    if (bundled / "DESCRIPTION").is_file():
        return bundled
    checkout = _PACKAGE_DIR.parent / "r"
    if (checkout / "DESCRIPTION").is_file():
        return checkout
    raise RPackageInstallError(
        f"the pyreticulate R package sources are missing (looked in {bundled} and {checkout})")


def stub_dirs():
    """Stub R packages installed next to the R package (each refuses to load)."""
    root = _PACKAGE_DIR / "rstubs"
    return sorted(p for p in root.iterdir() if (p / "DESCRIPTION").is_file())


def source_hash(*roots):
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(root.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def library_dir(r_version):
    """The cache library for this R version and these sources."""
    override = os.environ.get("PYRETICULATE_R_LIBRARY")
    if override:
        return Path(override)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "pyreticulate" / f"R-{r_version}" / source_hash(source_dir(), *stub_dirs())


def ensure_installed(r_home, r_version):
    """The library holding an up-to-date install of the R package (installing it if needed)."""
    library = library_dir(r_version)
    if (library / PACKAGE / "DESCRIPTION").is_file() and not os.environ.get(
            "PYRETICULATE_R_LIBRARY"):
        return library
    library.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".install-", dir=library.parent))
    try:
        _install(r_home, source_dir(), staging, PACKAGE)
        for stub in stub_dirs():
            _install(r_home, stub, staging, stub.name)
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
            capture_output=True, text=True, env={**os.environ, "R_LIBS_USER": ""})
    if proc.returncode != 0:
        raise RPackageInstallError(
            f"installing the R package {name} for pyreticulate failed:\n"
            + proc.stdout + proc.stderr)
