"""The compiled parts of pyreticulate (pyreticulate/libr/fast_build.py and
pyreticulate/bridge/crossing_build.py: cffi's API mode against R's headers and libR),
built when the package is installed. Without R's headers
or a C compiler the package installs without it and runs its pure-Python path."""
import os
import runpy
import shutil

from setuptools import setup
from setuptools.command.build_ext import build_ext


class optional_build_ext(build_ext):
    """build_ext that installs the package without the compiled module when it fails."""

    def run(self):
        try:
            super().run()
        except Exception as exc:
            self.warn(f"pyreticulate: compiled module not built ({exc}); "
                      f"the pure-Python path will be used")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            self.warn(f"pyreticulate: {ext.name} not built ({exc}); "
                      f"the pure-Python path will be used")


BUILDS = ("pyreticulate/libr/fast_build.py", "pyreticulate/bridge/crossing_build.py")


def compiled_modules():
    """The cffi builds (libr's loops, the bridge's crossing), when R (``R RHOME``) and its
    headers can be found."""
    if not (os.environ.get("R_HOME") or shutil.which("R")):
        print("pyreticulate: R not found; installing without the compiled modules")
        return []
    try:
        for build in BUILDS:
            runpy.run_path(build)
    except Exception as exc:
        print(f"pyreticulate: installing without the compiled modules: {exc}")
        return []
    return [f"{build}:ffibuilder" for build in BUILDS]


setup(cffi_modules=compiled_modules(), cmdclass={"build_ext": optional_build_ext})
