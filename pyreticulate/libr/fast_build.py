"""Builds ``pyreticulate.libr._rapi``: cffi's API mode (an out-of-line module) for the
declarations of ``cdef.py``, compiled against R's headers and linked to libR, with the
loops of ``_fast.c``. ``setup.py`` runs it when the package is installed; by hand:
``python pyreticulate/libr/fast_build.py`` (builds in ``build/cffi`` and copies the module
next to this file). R is found as ``R RHOME`` (or ``$R_HOME``).
"""
import os
import shutil
import subprocess

import cffi

HERE = os.path.dirname(os.path.abspath(__file__))


def r_home():
    """R's home directory: ``$R_HOME``, else what ``R RHOME`` prints."""
    home = os.environ.get("R_HOME")
    if home:
        return home
    return subprocess.run(["R", "RHOME"], capture_output=True, text=True, check=True).stdout.strip()


def r_include(home):
    """R's headers: ``<R_HOME>/include``, or Debian's ``/usr/share/R/include``."""
    for path in (os.path.join(home, "include"), "/usr/share/R/include"):
        if os.path.exists(os.path.join(path, "Rinternals.h")):
            return path
    raise FileNotFoundError(f"no Rinternals.h under {home}/include or /usr/share/R/include "
                            f"(install R's headers: r-base-dev on Debian)")


def _declarations():
    names = {}
    with open(os.path.join(HERE, "cdef.py"), encoding="utf-8") as source:
        exec(compile(source.read(), "cdef.py", "exec"), names)
    return names["CDEF"], names["FAST_CDEF"], names["ENTRY_SLOTS"]


def builder():
    home = r_home()
    cdef, fast_cdef, entry_slots = _declarations()
    ffibuilder = cffi.FFI()
    ffibuilder.cdef(cdef + fast_cdef)
    with open(os.path.join(HERE, "_fast.c"), encoding="utf-8") as source:
        code = source.read() + "".join(
            f"SEXP pyr_entry_{i}(SEXP args) {{ return pyr_enter({i}, args); }}\n"
            for i in range(entry_slots))
        ffibuilder.set_source(
            "pyreticulate.libr._rapi", code,
            include_dirs=[r_include(home)], library_dirs=[os.path.join(home, "lib")],
            runtime_library_dirs=[os.path.join(home, "lib")], libraries=["R"],
            py_limited_api=False, define_macros=[("_CFFI_NO_LIMITED_API", None)])
    return ffibuilder


ffibuilder = builder()

if __name__ == "__main__":
    built = ffibuilder.compile(tmpdir=os.path.join(HERE, "..", "..", "build", "cffi"))
    target = os.path.join(HERE, os.path.basename(built))
    shutil.copy(built, target + ".new")
    os.replace(target + ".new", target)   # a new file: running processes keep the old one
    print(target)
