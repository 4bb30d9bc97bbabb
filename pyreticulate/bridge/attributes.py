"""Entries for attributes and items (``$``, ``[[``, ``py_get_attr``, ``py_set_item``, ...)."""
import importlib
import operator
import types

from ..libr import capi
from .arguments import argument, as_flag, as_logical, as_string, result, target, unconverted, user_code
from .crossing import entry


def _submodule(module, name):
    """``module.name`` imported as a submodule, or None when there is no such submodule
    (an ImportError raised while importing one that exists propagates)."""
    qualified = f"{module.__name__}.{name}"
    try:
        return importlib.import_module(qualified)
    except ModuleNotFoundError as exc:
        if exc.name in (qualified, module.__name__):
            return None
        raise


def _getattr(obj, name):
    """``getattr``; on a module, a missing attribute may be a submodule to import."""
    try:
        return getattr(obj, name)
    except AttributeError:
        if isinstance(obj, types.ModuleType):
            module = _submodule(obj, name)
            if module is not None:
                return module
        raise


_ABSENT = object()


def _module_value(obj, name):
    """A plain module's own attribute, read without running any Python code (so with
    no need to go where user code runs, ``threads.run_user_code``); ``_ABSENT`` when
    that cannot be known so cheaply (another type, a lazy module, a name to look up)."""
    if type(obj) is types.ModuleType:
        return obj.__dict__.get(name, _ABSENT)
    return _ABSENT


def _read(obj, name, reader=None):
    value = _module_value(obj, name)
    if value is _ABSENT:
        value = user_code(reader or _getattr, obj, name)
    return value


def _attr_or_item(obj, name):
    """``x[["name"]]``: an item when there is one, else the attribute (reticulate's order)."""
    if isinstance(obj, types.ModuleType) and not hasattr(obj, name):
        module = _submodule(obj, name)
        if module is not None:
            return module
    if hasattr(obj, name):
        if hasattr(obj, "__getitem__"):
            try:
                return obj[name]
            except Exception:
                pass
        return getattr(obj, name)
    return obj[name]


def _attr_then_item(obj, name):
    """``d$name`` on a dict: the attribute if it exists, else the item."""
    try:
        return getattr(obj, name)
    except AttributeError:
        return obj[name]


@entry
def get_attr(x, name):
    obj, convert = target(x)
    return result(_read(obj, as_string(name)), convert)


@entry
def get_attr_raw(x, name, silent):
    obj, convert = target(x)
    try:
        value = _read(obj, as_string(name))
    except AttributeError:
        if as_flag(silent):
            return capi.lib.R_NilValue
        raise
    return unconverted(value, convert)


@entry
def get_attr_silent(x, name):
    """``getattr`` converted per the flag; ``NULL`` when the attribute is missing."""
    obj, convert = target(x)
    try:
        value = _read(obj, as_string(name))
    except AttributeError:
        return capi.lib.R_NilValue
    return result(value, convert)


@entry
def get_attr_or_item(x, name):
    obj, convert = target(x)
    return result(_read(obj, as_string(name), _attr_or_item), convert)


@entry
def get_dict_entry(x, name):
    obj, convert = target(x)
    return result(user_code(_attr_then_item, obj, as_string(name)), convert)


@entry
def set_attr(x, name, value):
    obj, convert = target(x)
    user_code(setattr, obj, as_string(name), argument(value, convert))
    return capi.lib.R_NilValue


@entry
def has_attr(x, name):
    obj, _ = target(x)
    return as_logical(user_code(hasattr, obj, as_string(name)))


@entry
def del_attr(x, name):
    obj, _ = target(x)
    user_code(delattr, obj, as_string(name))
    return capi.lib.R_NilValue


@entry
def get_item(x, key):
    obj, convert = target(x)
    return result(user_code(operator.getitem, obj, argument(key, convert)), convert)


@entry
def get_item_raw(x, key, silent):
    obj, convert = target(x)
    try:
        value = user_code(operator.getitem, obj, argument(key, convert))
    except Exception:
        if as_flag(silent):
            return capi.lib.R_NilValue
        raise
    return unconverted(value, convert)


@entry
def set_item(x, key, value):
    obj, convert = target(x)
    user_code(operator.setitem, obj, argument(key, convert), argument(value, convert))
    return capi.lib.R_NilValue


@entry
def del_item(x, key):
    obj, convert = target(x)
    user_code(operator.delitem, obj, argument(key, convert))
    return capi.lib.R_NilValue
