"""The Python API reference: the public names of the modules users import, from their
signatures and docstrings."""

from __future__ import annotations

import importlib
import inspect
import re
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


def _entry(name: str, obj: object) -> Entry:
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
    own_doc = markdown_of_help(doc) if ours else ""
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
    entries = tuple(_entry(n, getattr(module, n)) for n in names if hasattr(module, n))
    return ModuleDoc(name, markdown_of_help(inspect.getdoc(module) or ""), entries)


def api_page() -> str:
    """Markdown of the public Python API."""
    return render("reference_api.md.j2", modules=[module_doc(n, names) for n, names in MODULES])
