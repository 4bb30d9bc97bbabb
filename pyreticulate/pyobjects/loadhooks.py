"""Hooks run when a Python module is first imported: R hooks
(``py_register_load_hook``) and Python ones (``on_import``, for the layers
above, which learn that a library they support is loaded; ``around_import``,
a context entered while the module's code runs).

A finder placed first on ``sys.meta_path`` watches only the module names that
have pending hooks. For those it wraps the real loader for the duration of
the import; right after the module's code has run, the Python hooks run on the
importing thread and the R hooks in R: at once (taking R) on a thread that owns R
or whose R waits for its Python; from any other thread as deferred work, for the
next thread that takes R, without waiting, since that thread still holds the
module's import lock.
"""
import contextlib
import importlib.abc
import sys
import warnings

from ..runtime import evaluation, threads
from ..libr import capi
from ..libr.protect import protected

_watched = set()
_python_hooks = {}
_around_hooks = {}


def watch(name):
    """Run the R hooks for ``name`` when it is first imported."""
    _install()
    _watched.add(name)


def on_import(name, hook):
    """Call ``hook()`` once the module ``name`` is imported (now, if it already is)."""
    if name in sys.modules:
        hook()
        return
    _install()
    hooks = _python_hooks.setdefault(name, [])
    if hook not in hooks:
        hooks.append(hook)


def around_import(name, context):
    """Enter ``context()`` (a context manager) while the module ``name`` is first imported;
    nothing if it already is."""
    if name in sys.modules:
        return
    _install()
    contexts = _around_hooks.setdefault(name, [])
    if context not in contexts:
        contexts.append(context)


def _install():
    if not any(isinstance(f, _LoadHookFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _LoadHookFinder())


def _run_hooks(name):
    with protected() as keep:
        evaluation.call_function(evaluation.function(".pyr_run_load_hooks"),
                                 [keep(capi.mkstring(name))], keep=keep)


def _fire(name):
    for hook in _python_hooks.pop(name, ()):
        hook()
    if name not in _watched:
        return
    _watched.discard(name)
    if threads.r_waits_here():
        threads.run_in_r(_run_hooks, (name,), f"the R load hooks of {name!r}")
    else:
        threads.defer(_run_hooks, name)


class _LoadHookFinder(importlib.abc.MetaPathFinder):
    """Finds watched modules through the other finders and wraps their loader."""

    def find_spec(self, name, path, target=None):
        if name not in _watched and name not in _python_hooks and name not in _around_hooks:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _HookedLoader(spec.loader, spec)
        return spec


class _HookedLoader(importlib.abc.Loader):
    """The real loader, plus the R hooks once the module's code has run."""

    def __init__(self, loader, spec):
        self._loader = loader
        self._spec = spec

    def __getattr__(self, attr):
        return getattr(self._loader, attr)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        try:
            with contextlib.ExitStack() as around:
                for context in _around_hooks.pop(self._spec.name, ()):
                    around.enter_context(context())
                self._loader.exec_module(module)
        finally:
            self._spec.loader = self._loader
            with contextlib.suppress(AttributeError):
                module.__loader__ = self._loader
        try:
            _fire(self._spec.name)
        except Exception as exc:
            warnings.warn(f"the load hooks for {self._spec.name!r} failed: {exc}",
                          RuntimeWarning, stacklevel=2)
