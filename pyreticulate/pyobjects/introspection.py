"""What the R side shows about Python objects: names for ``names()`` and
completion, callable descriptions for ``print()``, help text, and the host
interpreter for ``py_config()``."""
import inspect
import os
import platform
import pydoc
import sys
import types

_WIDTH = 80


def public(names):
    return [n for n in names if not n.startswith("_")]


def submodules(module):
    """Names of the loaded direct submodules of ``module``."""
    name = getattr(module, "__name__", None)
    if not isinstance(name, str):
        return []
    prefix = name + "."
    found = set()
    for loaded in list(sys.modules):
        if loaded.startswith(prefix):
            child = loaded[len(prefix):].split(".")[0]
            if child and not child.startswith("_"):
                found.add(child)
    return sorted(found)


def dollar_names(obj):
    """Non-underscore names: dict keys (as str), else ``dir()`` plus, for a
    module, its loaded submodules."""
    if isinstance(obj, dict):
        return public([k if isinstance(k, str) else str(k) for k in obj])
    names = set(public(dir(obj)))
    if isinstance(obj, types.ModuleType):
        names.update(submodules(obj))
    return sorted(names)


def describe_callable(obj):
    """reticulate's print form for a callable: ``<type module.name(signature)>``,
    one parameter per line when it does not fit in 80 columns; ``repr()`` when
    there is no name or no signature."""
    try:
        name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
        module = getattr(obj, "__module__", None)
        signature = inspect.signature(obj)
    except Exception:
        return repr(obj)
    if not isinstance(name, str):
        return repr(obj)
    qualified = f"{module}.{name}" if isinstance(module, str) and module else name
    head = f"<{type(obj).__name__} {qualified}"
    text = f"{head}{signature}>"
    if len(text) <= _WIDTH or not signature.parameters:
        return text
    params = _with_markers(signature, [str(p) for p in signature.parameters.values()])
    tail = str(signature.replace(parameters=[]))[2:]
    return head + "(\n  " + ", \n  ".join(params) + "\n)" + tail + ">"


def _with_markers(signature, params):
    """Insert the ``/`` and ``*`` markers ``str(signature)`` would show."""
    kinds = [p.kind for p in signature.parameters.values()]
    out = []
    for i, (text, kind) in enumerate(zip(params, kinds)):
        if (kind == inspect.Parameter.KEYWORD_ONLY and i > 0
                and kinds[i - 1] not in (inspect.Parameter.KEYWORD_ONLY,
                                         inspect.Parameter.VAR_POSITIONAL)):
            out.append("*")
        out.append(text)
        if (kind == inspect.Parameter.POSITIONAL_ONLY
                and (i + 1 == len(kinds) or kinds[i + 1] != inspect.Parameter.POSITIONAL_ONLY)):
            out.append("/")
    return out


def help_text(obj):
    return pydoc.render_doc(obj, renderer=pydoc.plaintext)


def function_docs(obj):
    """Pieces of a callable's documentation for ``py_function_docs()``."""
    doc = inspect.getdoc(obj) or ""
    paragraphs = [p.strip() for p in doc.split("\n\n")]
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        signature = None
    name = getattr(obj, "__name__", type(obj).__name__)
    module = getattr(obj, "__module__", None)
    variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    parameters = [] if signature is None else [
        p.name for p in signature.parameters.values() if p.kind not in variadic]
    return {
        "name": name,
        "qualified_name": f"{module}.{name}" if module else name,
        "description": paragraphs[0] if paragraphs else "",
        "details": "\n\n".join(paragraphs[1:]),
        "signature": f"{name}{signature if signature is not None else '(...)'}",
        "parameters": parameters,
    }


def host_config():
    """The interpreter hosting R, for ``py_config()`` and ``use_python()``."""
    executable = os.path.realpath(sys.executable)
    config = {
        "python": sys.executable,
        "libpython": _libpython(),
        "pythonhome": sys.prefix,
        "version": platform.python_version(),
        "virtualenv": sys.prefix if sys.prefix != sys.base_prefix else None,
        "numpy": None,
        "candidates": sorted({sys.executable, executable, sys.prefix,
                              os.path.realpath(sys.prefix),
                              os.path.dirname(os.path.dirname(executable))}),
    }
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        config["numpy"] = {"path": os.path.dirname(numpy.__file__),
                           "version": numpy.__version__}
    return config


def _libpython():
    import sysconfig
    libdir = sysconfig.get_config_var("LIBDIR") or ""
    library = sysconfig.get_config_var("LDLIBRARY") or ""
    path = os.path.join(libdir, library)
    return path if library and os.path.exists(path) else None
