"""Entries for calls, operators, and functions and classes built from R functions."""
import operator

from ..runtime import handles
from ..convert import proxies
from ..convert.rules import callables
from ..convert.rules.callables import RFunction, py_function
from ..pyobjects import classes
from ..libr import capi, vectors
from ..runtime.handles import RObject
from ..convert.registry import REGISTRY
from .arguments import argument, as_string, call_arguments, result, target, unconverted, user_code
from .crossing import entry


@entry
def call_list(x, arg_list):
    """Call with an R list of arguments (names → keywords); converts per ``convert``."""
    obj, convert = target(x)
    args, kwargs = call_arguments(arg_list, convert)
    return result(user_code(obj, *args, **kwargs), convert)


_formal_names = {}


def _names_of(names):
    """The formal names a closure body carries (a constant vector: cached by address, a
    cffi pointer hashing and comparing as its address)."""
    cached = _formal_names.get(names)
    if cached is None:
        cached = _formal_names[names] = tuple(vectors.strings(names))
    return cached


@entry
def call_formals(pointer, names, *values):
    """The call of a callable's closure: supplied formals in order, ``list2(...)`` for dots.

    Formals before ``...`` go by position until one is missing, then by name;
    the contents of ``...`` keep their names; formals after ``...`` go by name.
    """
    obj = handles.xptr_object(pointer)
    convert = capi.lib.R_ExternalPtrTag(pointer) == capi.lib.R_TrueValue
    args, kwargs = [], {}
    by_name = False
    with REGISTRY.converting(convert):
        for name, value in zip(_names_of(names), values):
            if name == "...":
                extra, named = call_arguments(value, convert)
                args.extend(extra)
                kwargs.update(named)
                by_name = True
            elif callables.is_missing_marker(value):
                by_name = True
            elif by_name:
                kwargs[name] = REGISTRY.to_python(value)
            else:
                args.append(REGISTRY.to_python(value))
    return result(user_code(obj, *args, **kwargs), convert)


@entry
def call_raw(x, arg_list):
    """``py_call``: the result is never converted."""
    obj, convert = target(x)
    args, kwargs = call_arguments(arg_list, convert)
    return unconverted(user_code(obj, *args, **kwargs), convert)




_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "%/%": operator.floordiv, "%%": operator.mod, "^": operator.pow,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
    "<=": operator.le, ">=": operator.ge, "&": operator.and_, "|": operator.or_,
    "%*%": operator.matmul,
}
_UNARY = {"-": operator.neg, "+": operator.pos, "!": operator.inv}


def _operands_convert(*operands):
    """Operators convert their result unless an operand is a convert = FALSE proxy."""
    return not any(proxies.is_proxy(x) and not proxies.convert_flag(x) for x in operands)


@entry
def binary_op(op, a, b):
    name = as_string(op)
    if name not in _BINARY:
        raise TypeError(f"the operator {name} is not defined for Python objects")
    left, right = argument(a, True), argument(b, True)
    return result(user_code(_BINARY[name], left, right), _operands_convert(a, b))


@entry
def unary_op(op, a):
    name = as_string(op)
    if name not in _UNARY:
        raise TypeError(f"the unary operator {name} is not defined for Python objects")
    return result(user_code(_UNARY[name], argument(a, True)), _operands_convert(a))




@entry
def py_func(f):
    return REGISTRY.wrap(py_function(RFunction(f, convert=True), strict=True), True)


@entry
def formals_of(x):
    """``py_get_formals()``: the formals the closure of the callable ``x`` has."""
    obj, _ = target(x)
    return callables.formals_for(obj)


@entry
def capsule(x):
    """``py_capsule()``: an opaque handle to the R value ``x`` (a proxy of it)."""
    return REGISTRY.wrap(RObject(x), False)


@entry
def make_class(classname, defs, bases):
    lib = capi.lib
    names = vectors.strings(lib.Rf_getAttrib(defs, lib.R_NamesSymbol))
    if len(names) != lib.XLENGTH(defs) or any(not n for n in names):
        raise ValueError("PyClass() needs a named list of definitions")
    members = {}
    for i, name in enumerate(names):
        value = lib.VECTOR_ELT(defs, i)
        members[name] = (RObject(value) if lib.TYPEOF(value) in capi.FUNCTION_TYPES
                         and not proxies.is_proxy(value) else REGISTRY.to_python(value))
    base_types = tuple(REGISTRY.to_python(lib.VECTOR_ELT(bases, i))
                       for i in range(lib.XLENGTH(bases)))
    return REGISTRY.wrap(user_code(classes.make_class, as_string(classname), members, base_types,
                                   module=None), True)


@entry
def class_filters_changed():
    proxies.clear_class_cache()
    return capi.lib.R_NilValue
