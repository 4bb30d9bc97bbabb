"""Entries for explicit conversion (``r_to_py``, ``py_to_r``, the convert flag) and containers."""
from ..convert import proxies
from ..libr import capi
from ..convert.registry import REGISTRY
from .arguments import argument, as_flag, as_logical, hinted, user_code
from .crossing import entry


@entry
def r_to_py(x, convert):
    if proxies.is_proxy(x):
        return x
    flag = as_flag(convert)
    with REGISTRY.converting(flag):
        value = REGISTRY.to_python(x, s3=False)
    return hinted(value, x, flag)


@entry
def py_to_r(x):
    """The built-in rules (R has tried the S3 methods); a proxy no rule converts comes
    back as itself."""
    if not proxies.is_proxy(x) or proxies.is_not_convertible(x):
        return x
    obj, _, hint = proxies.unwrap(x)
    out = REGISTRY.to_r(obj, hint=hint, s3=False)
    if proxies.stands_for(out, obj):
        proxies.mark_not_convertible(x)
        return x
    return out


@entry
def convert_flag(x):
    return as_logical(proxies.convert_flag(x))


@entry
def make_dict(keys, values, convert):
    lib = capi.lib
    flag = as_flag(convert)
    if lib.XLENGTH(keys) != lib.XLENGTH(values):
        raise ValueError("a dict needs as many keys as values")
    with REGISTRY.converting(flag):
        py_keys = [REGISTRY.to_python(lib.VECTOR_ELT(keys, i)) for i in range(lib.XLENGTH(keys))]
        py_values = [REGISTRY.to_python(lib.VECTOR_ELT(values, i))
                     for i in range(lib.XLENGTH(values))]
    return REGISTRY.wrap(user_code(dict, zip(py_keys, py_values)), flag)


@entry
def make_tuple(items, convert):
    lib = capi.lib
    flag = as_flag(convert)
    with REGISTRY.converting(flag):
        values = tuple(REGISTRY.to_python(lib.VECTOR_ELT(items, i))
                       for i in range(lib.XLENGTH(items)))
    return REGISTRY.wrap(values, flag)


@entry
def make_slice(start, stop, step):
    return REGISTRY.wrap(slice(argument(start, True), argument(stop, True),
                              argument(step, True)), False)
