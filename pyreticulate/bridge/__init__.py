"""The entry points R calls: ``.External(.ops$name, ...)``.

``crossing`` holds the mechanism (cffi callbacks that never raise into R,
``.pyr_signal`` for errors, interrupts and warnings) and ``arguments`` the
reading of R values; the other modules hold the entries, one concern each.
Importing this package registers every entry in ``ENTRIES``.
"""
from ..convert import proxies, s3methods
from ..convert.rules import callables
from ..pyobjects import raccess
from ..runtime.embedded import Bridge
from . import attributes, builtins, calls, capture, conversion, host, iteration, modules  # noqa: F401
from .crossing import ENTRIES, install_fast_path, make_sentinels

BRIDGE = Bridge(ENTRIES, on_loaded=(proxies.install, s3methods.install, callables.install,
                                    make_sentinels, raccess.install, install_fast_path))

__all__ = ["BRIDGE", "ENTRIES"]
