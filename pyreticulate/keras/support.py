"""What keras3's wrappers (``layer_*``, ``loss_*``, ``optimizer_*``, ...) need to
know about the installed Keras.

The generator (``pyreticulate.keras.wrappers``) reads the names from Keras's
generated API files (without importing Keras), the signatures of the classes
and functions, and which layers merge their inputs. At run time the R
wrappers use ``constraint()`` (an R function given as a ``*_constraint``) and
``segment_count()`` (a segment op's ``num_segments`` on a backend that needs it) and
``scalars_for_rank_0()`` (``get_state_tree(value_format = "r_array")``).
"""
import ast
import importlib
import importlib.util
import inspect
import os

_SIMPLE = (type(None), bool, int, float, str)
_constraint_classes = {}


def api_names(family):
    """The public names of ``keras.<family>`` in API order, aliases left out.

    An alias is a second public name for an object that is also exported under
    its own name (``MaxPool2D`` for ``MaxPooling2D``); an object exported only
    under another name (``GroupQueryAttention``) keeps that name.
    """
    return [name for name, _ in api_sources(family)]


def api_sources(family):
    """``(public name, defining module)`` for each of ``api_names(family)``:
    ``("Dense", "keras.src.layers.core.dense")``. ``family`` is the API module's
    path under ``keras``: ``"layers"``, ``"ops.image"``, ``"optimizers.schedules"``."""
    spec = importlib.util.find_spec("keras")
    if spec is None or not spec.submodule_search_locations:
        return []
    path = os.path.join(list(spec.submodule_search_locations)[0], *family.split("."),
                        "__init__.py")
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
    except (OSError, SyntaxError, ValueError):
        return []
    entries = [(alias.asname or alias.name, node.module, alias.name)
               for node in tree.body if isinstance(node, ast.ImportFrom)
               for alias in node.names]
    exported = {(module, name) for public, module, name in entries if public == name}
    sources, seen = [], set()
    for public, module, name in entries:
        key = (module, name)
        if (public != name and key in exported) or key in seen:
            continue
        seen.add(key)
        sources.append((public, module))
    return sources


def _default(value):
    """A default R can show: a scalar, or a flat tuple of scalars as a list."""
    if isinstance(value, _SIMPLE):
        return True, value
    if isinstance(value, tuple) and value and all(
            isinstance(v, _SIMPLE) and v is not None for v in value):
        return True, list(value)
    return False, None


def parameters(obj):
    """The named parameters of a Keras class's constructor or of a function.

    One ``[name, has_default, default]`` per parameter (``self``, ``*args``
    and ``**kwargs`` left out). An int default does not make a parameter an
    integer one: Keras writes ``label_smoothing=0`` for a float.
    """
    target = obj.__init__ if isinstance(obj, type) else obj
    values = list(inspect.signature(target).parameters.values())
    if isinstance(obj, type) and values and values[0].name == "self":
        values = values[1:]
    params = []
    for p in values:
        if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
            continue
        has_default, default = (False, None) if p.default is p.empty else _default(p.default)
        params.append([p.name, has_default, default])
    return params


def is_merge_layer(cls):
    """Whether a layer class merges a list of inputs (``Add``, ``Concatenate``, ...)."""
    from keras.src.layers.merging.base_merge import Merge
    return isinstance(cls, type) and issubclass(cls, Merge)


def constraint(fn, get_config=None, module="keras"):
    """A ``<module>.constraints.Constraint`` (Keras 3's, or tf_keras's for library(keras))
    that applies ``fn`` to the weights; its config is ``get_config()``, else empty."""
    if module not in _constraint_classes:
        base = importlib.import_module(module).constraints.Constraint

        class RFunctionConstraint(base):
            """A weight constraint computed by an R function."""

            def __init__(self, fn, get_config=None):
                self.fn = fn
                self.config_fn = get_config

            def __call__(self, w):
                return self.fn(w)

            def get_config(self):
                return {} if self.config_fn is None else dict(self.config_fn() or {})

        _constraint_classes[module] = RFunctionConstraint
    return _constraint_classes[module](fn, get_config)


def segment_count(segment_ids):
    """The number of segments that concrete 0-based ``segment_ids`` name (the largest id plus
    one), ``None`` for ids without values (a tensor being traced)."""
    import numpy as np
    try:
        ids = np.asarray(segment_ids)
    except TypeError:
        return None
    return int(ids.max()) + 1 if ids.size else 0


def scalars_for_rank_0(tree):
    """``tree`` (a state tree: nested dicts and lists) with its 0-d NumPy arrays as NumPy
    scalars, which R gets as bare values (a 0-d array becomes an R array of dim 1; JAX's state
    trees hold such arrays)."""
    if isinstance(tree, dict):
        return {key: scalars_for_rank_0(value) for key, value in tree.items()}
    if isinstance(tree, list):
        return [scalars_for_rank_0(value) for value in tree]
    return tree[()] if getattr(tree, "ndim", None) == 0 else tree
