"""Entries for modules and code: import, ``__main__``, ``py_run_*``, ``py_eval``, ``source_python``."""
import builtins
import collections.abc
import importlib
import importlib.util
import os
import runpy
import sys
import threading
import types

from ..pyobjects import loadhooks
from ..convert import proxies
from ..convert.registry import REGISTRY
from ..libr import capi, vectors
from ..libr.protect import protected
from .arguments import argument, as_flag, as_logical, as_string, result, unconverted, user_code
from .crossing import entry


@entry
def import_module(name, convert, alias):
    module = user_code(importlib.import_module, as_string(name))
    if capi.lib.TYPEOF(alias) == capi.STRSXP:
        proxies.set_module_alias(module.__name__, as_string(alias))
    return REGISTRY.wrap(module, as_flag(convert))


@entry
def main_module(convert):
    return REGISTRY.wrap(sys.modules["__main__"], as_flag(convert))


@entry
def builtins_module(convert):
    return REGISTRY.wrap(builtins, as_flag(convert))


@entry
def module_available(name):
    module = as_string(name)
    try:
        found = module in sys.modules or user_code(importlib.util.find_spec, module) is not None
    except (ImportError, ValueError):
        found = False
    return as_logical(found)


@entry
def module_loaded(name):
    return as_logical(as_string(name) in sys.modules)


@entry
def watch_module(name):
    """``py_register_load_hook()``: run the R hooks when the module is first imported."""
    loadhooks.watch(as_string(name))
    return capi.lib.R_NilValue


def _namespaces(local):
    """``(globals, locals)`` for ``exec``: ``__main__``'s dict, and a fresh dict if ``local``."""
    main = sys.modules["__main__"].__dict__
    return main, ({} if local else main)


@entry
def run_string(code, local, convert):
    main, namespace = _namespaces(as_flag(local))
    user_code(exec, compile(as_string(code), "<string>", "exec"), main, namespace)
    return REGISTRY.wrap(namespace, as_flag(convert))


def _run_file(file, main, namespace, prepend_path):
    """Run ``file`` with a temporary ``__file__`` (and its directory first on ``sys.path``)."""
    with open(file, encoding="utf-8") as handle:
        code = compile(handle.read(), file, "exec")
    saved = main.get("__file__", None), "__file__" in main
    main["__file__"] = file
    directory = os.path.dirname(file)
    if prepend_path:
        sys.path.insert(0, directory)
    try:
        user_code(exec, code, main, namespace)
    finally:
        if prepend_path and directory in sys.path:
            sys.path.remove(directory)
        if saved[1]:
            main["__file__"] = saved[0]
        else:
            main.pop("__file__", None)
        if namespace is not main:
            namespace.pop("__file__", None)


@entry
def run_file(path, local, convert, prepend_path):
    main, namespace = _namespaces(as_flag(local))
    _run_file(os.path.abspath(as_string(path)), main, namespace, as_flag(prepend_path))
    return REGISTRY.wrap(namespace, as_flag(convert))


@entry
def run_file_on_thread(path, argv, init_globals, run_name):
    """``py_run_file_on_thread()``: ``runpy.run_path`` on a new daemon thread, the file's
    directory first on ``sys.path`` and ``argv`` (unless NULL) as ``sys.argv[1:]``."""
    path = os.path.abspath(as_string(path))
    arguments = argument(argv, True)
    initial = argument(init_globals, True)
    if initial is not None and not isinstance(initial, dict):
        raise TypeError("`init_globals` must be a named list")
    directory = os.path.dirname(path)
    if directory not in sys.path:
        sys.path.insert(0, directory)
    if arguments is not None:
        sys.argv = [path, *(arguments if isinstance(arguments, list) else [arguments])]
    thread = threading.Thread(target=runpy.run_path, args=(path,),
                              kwargs={"init_globals": initial, "run_name": as_string(run_name)},
                              name=f"run: {os.path.basename(path)}", daemon=True)
    thread.start()
    return capi.lib.R_NilValue


class _Bindings(collections.abc.MutableMapping):
    """Module-level ``exec`` locals that write through to ``__main__`` and remember
    which names the code bound."""

    def __init__(self, target):
        self.target = target
        self.bound = []

    def __getitem__(self, key):
        return self.target[key]

    def __setitem__(self, key, value):
        self.target[key] = value
        if key not in self.bound:
            self.bound.append(key)

    def __delitem__(self, key):
        del self.target[key]
        if key in self.bound:
            self.bound.remove(key)

    def __iter__(self):
        return iter(self.target)

    def __len__(self):
        return len(self.target)


@entry
def source_file(path, convert):
    """``source_python()``: run a file in ``__main__``; the public, non-module names
    it bound, as a named R list (converted per ``convert``)."""
    main = sys.modules["__main__"].__dict__
    bindings = _Bindings(main)
    _run_file(os.path.abspath(as_string(path)), main, bindings, True)
    names = [n for n in bindings.bound if not n.startswith("_") and n in main
             and not isinstance(main[n], types.ModuleType)]
    flag = as_flag(convert)
    lib = capi.lib
    with protected() as keep:
        out = keep(lib.Rf_allocVector(capi.VECSXP, len(names)))
        for i, name in enumerate(names):
            lib.SET_VECTOR_ELT(out, i, result(main[name], flag) if flag
                               else unconverted(main[name], False))
        lib.Rf_setAttrib(out, lib.R_NamesSymbol, vectors.str_vector(names))
        return out


@entry
def eval_string(code, convert):
    value = user_code(eval, compile(as_string(code), "<string>", "eval"),
                  sys.modules["__main__"].__dict__)
    return result(value, as_flag(convert))
