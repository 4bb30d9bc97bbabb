"""Optional libraries the rules use when they are installed (pandas, scipy).

``module(name)`` imports the library on first use and returns it, or None when
it is not installed. ``pretend_missing(name)`` is the explicit switch that
makes the rules believe a library is absent (used to test the fallbacks)::

    with optional.pretend_missing("pandas"):
        ...   # factors become RFactor, data.frames dicts of columns
"""
import contextlib
import importlib

_hidden = set()
_missing = set()


def module(name):
    """The imported library ``name``, or None if it is not installed (or hidden)."""
    if name in _hidden or name in _missing:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        _missing.add(name)
        return None


@contextlib.contextmanager
def pretend_missing(name):
    """Within the block, the rules treat the library ``name`` as not installed."""
    already = name in _hidden
    _hidden.add(name)
    try:
        yield
    finally:
        if not already:
            _hidden.discard(name)
