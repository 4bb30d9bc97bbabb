"""Builds ``pyreticulate.libr._rapi``: cffi's API mode (an out-of-line module) for the
declarations of ``cdef.py``, compiled against R's headers and linked to libR, with the
loops of ``_fast.c`` (with ``_fast.h``, which the bridge's module shares). ``setup.py``
runs it when the package is installed; by hand: ``python pyreticulate/libr/fast_build.py``
(builds in ``build/cffi`` and copies the module next to this file). R is found as ``R
RHOME`` (or ``$R_HOME``). ``compiled_module`` builds a module of this kind for another
layer too (``bridge/crossing_build.py``).
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


def declarations():
    """``cdef.py``'s names (read without importing the package)."""
    names = {}
    with open(os.path.join(HERE, "cdef.py"), encoding="utf-8") as source:
        exec(compile(source.read(), "cdef.py", "exec"), names)
    return names


def compiled_module(name, cdef, code):
    """A cffi builder of module ``name``: ``cdef`` declared, ``code`` compiled against R's
    headers (and ``_fast.h``, from this folder) and linked to libR."""
    home = r_home()
    ffibuilder = cffi.FFI()
    ffibuilder.cdef(cdef)
    ffibuilder.set_source(
        name, code, include_dirs=[r_include(home), HERE],
        library_dirs=[os.path.join(home, "lib")],
        runtime_library_dirs=[os.path.join(home, "lib")], libraries=["R"],
        py_limited_api=False, define_macros=[("_CFFI_NO_LIMITED_API", None)])
    return ffibuilder


def builder():
    names = declarations()
    with open(os.path.join(HERE, "_fast.c"), encoding="utf-8") as source:
        code = source.read() + "".join(
            f"SEXP pyr_entry_{i}(SEXP args) {{ return pyr_enter({i}, args); }}\n"
            for i in range(names["ENTRY_SLOTS"]))
    return compiled_module("pyreticulate.libr._rapi", names["CDEF"] + names["FAST_CDEF"], code)


def build_next_to(ffibuilder, folder):
    """Compile in ``build/cffi`` and copy the module into ``folder``; its path."""
    built = ffibuilder.compile(tmpdir=os.path.join(HERE, "..", "..", "build", "cffi"))
    target = os.path.join(folder, os.path.basename(built))
    shutil.copy(built, target + ".new")
    os.replace(target + ".new", target)   # a new file: running processes keep the old one
    return target


ffibuilder = builder()

if __name__ == "__main__":
    print(build_next_to(ffibuilder, HERE))
