"""The package's layers (docs/architecture.md): a module imports only modules of its
own layer or of layers below it, imports inside functions included, and no two
modules import each other, directly or through others."""
import ast
import pathlib
import re

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "pyreticulate"

# Lowest first. A module's layer is its first path component under pyreticulate/.
TOP = 6  # __init__, api, rmodules, cli, launch, __main__, notebooks/; testing (7) is above them
LAYERS = {"libr": 0, "runtime": 1, "convert": 2, "pyobjects": 3, "bridge": 4,
          "tensorflow": 5, "keras": 5, "notebooks": TOP, "testing": 7}
CORE = ("libr", "runtime", "convert", "pyobjects", "bridge")


def module_name(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
# The compiled modules, named by their builds (``*_build.py``): imported like modules.
COMPILED = {name for path in PACKAGE.rglob("*_build.py")
            for name in re.findall(r'"(pyreticulate\.[\w.]+)"', path.read_text())}


def layer(module):
    parts = module.split(".")
    return LAYERS.get(parts[1], TOP) if len(parts) > 1 else TOP


def imports_of(module):
    """The package's modules ``module`` imports anywhere in its source."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("pyreticulate"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("pyreticulate"):
                origin = node.module
            else:
                continue
            for alias in node.names:
                candidate = f"{origin}.{alias.name}"
                if candidate not in COMPILED:
                    found.add(candidate if candidate in MODULES else origin)
    return found - {module}


GRAPH = {module: imports_of(module) for module in MODULES}


def test_the_builds_name_both_compiled_modules():
    assert COMPILED == {"pyreticulate.libr._rapi", "pyreticulate.bridge._crossing"}


def test_every_module_belongs_to_a_layer():
    unknown = {m for m in MODULES if m.count(".") >= 2 and m.split(".")[1] not in LAYERS}
    assert unknown == set()


@pytest.mark.parametrize("module", sorted(MODULES))
def test_module_imports_no_higher_layer(module):
    higher = sorted(target for target in GRAPH[module] if layer(target) > layer(module))
    assert higher == [], f"{module} (layer {layer(module)}) imports {higher}"


def test_no_import_cycle():
    """Tarjan's strongly connected components: every component is a single module."""
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in GRAPH[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    assert cycles == []


def test_core_layers_name_neither_tensorflow_nor_keras():
    """TensorFlow and Keras live in their own subpackages; the core knows nothing of them."""
    named = re.compile(r"tensor|keras|\btf\b", re.IGNORECASE)
    hits = [f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
            for layer_dir in CORE for path in sorted((PACKAGE / layer_dir).rglob("*.py"))
            for number, line in enumerate(path.read_text().splitlines(), 1)
            if named.search(line)]
    assert hits == []


# ---- the compiled modules' C files -----------------------------------------------------------

C_FILES = sorted(p for suffix in ("*.c", "*.h") for p in PACKAGE.rglob(suffix))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
# What only a module keeping Python state of its own does: hold Python objects in a
# static struct, or look an attribute or key up by name.
PYTHON_STATE = re.compile(r"static\s+struct\s*\w*\s*\{[^}]*PyObject\s*\*|PyObject_GetAttr|"
                          r"PyDict_GetItem|PyUnicode_InternFromString|PyDict_SetItemString")


def c_layer(path):
    return LAYERS.get(path.relative_to(PACKAGE).parts[0], TOP)


def included(path):
    """The package's C files ``path`` includes (found beside it, else in libr/, the
    include path the builds give)."""
    found = []
    for name in INCLUDE.findall(path.read_text()):
        for folder in (path.parent, PACKAGE / "libr"):
            if (folder / name).exists():
                found.append((folder / name).resolve())
                break
        else:
            found.append(name)
    return found


def test_every_c_file_belongs_to_a_layer_and_includes_only_existing_files():
    assert [p.relative_to(PACKAGE).parts[0] for p in C_FILES if c_layer(p) == TOP] == []
    assert [(p.name, i) for p in C_FILES for i in included(p) if isinstance(i, str)] == []


@pytest.mark.parametrize("path", C_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_c_file_includes_no_higher_layer(path):
    higher = [str(i.relative_to(PACKAGE)) for i in included(path) if c_layer(i) > c_layer(path)]
    assert higher == []


def test_libr_c_keeps_no_python_state_of_the_layers_above():
    """libR-level loops only: Python objects arrive as arguments; the crossing's state is
    the bridge's module's (bridge/_crossing.c, through its one contract)."""
    hits = [f"{p.relative_to(PACKAGE)}: {m.group(0)[:40]!r}" for p in C_FILES
            if c_layer(p) == LAYERS["libr"] for m in PYTHON_STATE.finditer(p.read_text())]
    assert hits == []


def test_bridge_c_declares_the_contract_the_python_side_hands_over():
    from pyreticulate.bridge.crossing import CrossingContract
    source = (PACKAGE / "bridge" / "_crossing.c").read_text()
    table = source[source.index("PYR_CONTRACT_FIELDS[] = {"):]
    table = table[:table.index("};")]
    assert tuple(re.findall(r'\{ "(\w+)"', table)) == CrossingContract.FIELDS
    version = re.search(r"#define PYR_CONTRACT_VERSION (\d+)", source).group(1)
    assert int(version) == CrossingContract.version


def test_core_c_files_name_neither_tensorflow_nor_keras():
    named = re.compile(r"tensor|keras|\btf\b", re.IGNORECASE)
    hits = [f"{p.relative_to(PACKAGE)}:{n}" for p in C_FILES if p.parts[-2] in CORE
            for n, line in enumerate(p.read_text().splitlines(), 1) if named.search(line)]
    assert hits == []
