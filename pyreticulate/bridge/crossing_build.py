"""Builds ``pyreticulate.bridge._crossing``, the bridge's compiled module (``_crossing.c``:
the crossing in C, docs/architecture.md "Compiled code"), the way ``libr/fast_build.py``
builds libr's: cffi's API mode against R's headers, linked to libR. ``setup.py`` runs it
at install; by hand: ``python pyreticulate/bridge/crossing_build.py``.
"""
import os
import runpy

HERE = os.path.dirname(os.path.abspath(__file__))
_LIBR = runpy.run_path(os.path.join(HERE, "..", "libr", "fast_build.py"))


def builder():
    with open(os.path.join(HERE, "_crossing.c"), encoding="utf-8") as source:
        code = source.read()
    return _LIBR["compiled_module"]("pyreticulate.bridge._crossing",
                                    _LIBR["declarations"]()["CROSSING_CDEF"], code)


ffibuilder = builder()

if __name__ == "__main__":
    print(_LIBR["build_next_to"](ffibuilder, HERE))
