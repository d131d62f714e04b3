"""The Python API reference: the public names of the modules users import, from their
signatures and docstrings.

The page leads with what a new user writes first (`linalg_structured_op`, `TensorDef`,
the generated `ops`). Each object is documented once, in the module it belongs to:
re-exports (`runtime.ShapedType` is `types.ShapedType`) and type aliases are left out.
"""

from __future__ import annotations

import importlib
import inspect
import re
import types
from dataclasses import dataclass

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.docgen.reference.text import markdown_of_help
from linalg_odsgen.docgen.templates_env import render

# The modules a user imports, with the names listed where a module has no `__all__`.
MODULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("linalg_odsgen.api", ()),
    ("linalg_odsgen.dsl", ()),
    ("linalg_odsgen.runtime", ()),
    ("linalg_odsgen.runtime.backends.fast", ()),
    ("linalg_odsgen.runtime.backends.compiled", ()),
    ("linalg_odsgen.yaml_io", ()),
    ("linalg_odsgen.validation", ()),
    ("linalg_odsgen.affine", ()),
    ("linalg_odsgen.mlir", ()),
    ("linalg_odsgen.types", ("ElementType", "ShapedType")),
    ("linalg_odsgen.diagnostics", ("Diagnostic", "DiagnosticError", "Severity", "SourcePos")),
    ("linalg_odsgen.docgen", ()),
)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
# Shown first, in this order, under "Start here".
LEAD = (
    ("linalg_odsgen.dsl", "linalg_structured_op"),
    ("linalg_odsgen.dsl", "TensorDef"),
    ("linalg_odsgen.dsl", "ScalarDef"),
    ("linalg_odsgen.dsl", "IndexAttrDef"),
)
# Constants have no docstring of their own: what each one is for.
VALUE_DOCS = {
    "linalg_odsgen.runtime.backends.fast.HANDOFF_ENV_VAR": (
        "The environment variable that sets the fast backend's hand-off (`set_handoff`)."
    ),
    "linalg_odsgen.runtime.backends.fast.STRATEGIES": (
        "The fast backend's strategies, the values `choose_plan` and `explain` name."
    ),
    "linalg_odsgen.runtime.backends.compiled.PARALLEL_ENV_VAR": (
        "The environment variable that turns parallel compiled kernels on or off."
    ),
    "linalg_odsgen.affine.MAX_NESTING_DEPTH": (
        "The deepest parenthesis nesting the affine parser accepts (hostile input is refused)."
    ),
    "linalg_odsgen.affine.MAX_TEXT_LENGTH": "The longest affine text the parser accepts.",
    "linalg_odsgen.docgen.FORMATS": "The page formats `render_library` writes: `md`, `html`.",
    "linalg_odsgen.runtime.DEFAULT_RUNTIME": (
        "The runtime settings used where no other `Runtime` is current."
    ),
}


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # "class", "function" or "value"
    signature: str
    doc: str
    methods: tuple[tuple[str, str], ...]  # (signature, first docstring line)


@dataclass(frozen=True)
class ModuleDoc:
    name: str
    doc: str
    entries: tuple[Entry, ...]


def _signature(obj: object, name: str) -> str:
    try:
        sig = str(inspect.signature(obj))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return name
    return name + _ADDRESS.sub("", sig)


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().split("\n\n")[0].replace("\n", " ")


def _entry(name: str, obj: object, module: str = "") -> Entry:
    doc = inspect.getdoc(obj) or ""
    if inspect.isclass(obj):
        methods = []
        for attr, member in sorted(vars(obj).items()):
            if attr.startswith("_") or not (
                inspect.isfunction(member)
                or isinstance(member, (classmethod, staticmethod, property))
            ):
                continue
            target = (
                member.fget if isinstance(member, property) else getattr(member, "__func__", member)
            )
            sig = attr if isinstance(member, property) else _signature(target, attr)
            methods.append((sig, markdown_of_help(_first_line(inspect.getdoc(target)))))
        return Entry(name, "class", _signature(obj, name), markdown_of_help(doc), tuple(methods))
    if callable(obj):
        return Entry(name, "function", _signature(obj, name), markdown_of_help(doc), ())
    # a value's docstring is its type's: worth showing for our types only
    ours = type(obj).__module__.startswith("linalg_odsgen")
    own_doc = VALUE_DOCS.get(f"{module}.{name}") or (markdown_of_help(doc) if ours else "")
    value = _ADDRESS.sub("", repr(obj))
    shown = f"{name} = {value}" if len(value) < 80 and value != name else name
    return Entry(name, "value", shown, own_doc, ())


def module_doc(name: str, listed: tuple[str, ...]) -> ModuleDoc:
    try:
        module = importlib.import_module(name)
    except (ImportError, DiagnosticError) as exc:  # the compiled backend without numba
        raise RuntimeError(
            f"the Python API page documents {name}, which cannot be imported here ({exc}); "
            "install the docs extra: pip install -e '.[docs]'"
        ) from None
    names = listed or tuple(getattr(module, "__all__", ()))
    lead = {n for m, n in LEAD if m == name}
    entries = tuple(
        _entry(n, getattr(module, n), name)
        for n in names
        if hasattr(module, n) and n not in lead and _belongs(getattr(module, n), name)
    )
    return ModuleDoc(name, markdown_of_help(inspect.getdoc(module) or ""), entries)


def _belongs(obj: object, module: str) -> bool:
    """Whether the page documents `obj` under `module`: not a type alias, and not a
    re-export of what another documented module is the home of."""
    if isinstance(obj, (types.GenericAlias, types.UnionType)):
        return False
    home = getattr(obj, "__module__", None)
    if not isinstance(home, str) or not home.startswith("linalg_odsgen"):
        return True
    owners = [m for m, _ in MODULES if home == m or home.startswith(m + ".")]
    return max(owners, key=len, default=module) == module


def lead_entries() -> tuple[Entry, ...]:
    """The entries of "Start here"."""
    return tuple(_entry(n, getattr(importlib.import_module(m), n), m) for m, n in LEAD)


def api_page() -> str:
    """Markdown of the public Python API."""
    return render(
        "reference_api.md.j2",
        lead=lead_entries(),
        modules=[module_doc(n, names) for n, names in MODULES],
    )
