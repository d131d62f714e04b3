"""No test touches a private name (`_x`) of another module: tests pin public behaviour.

A private name is free to change; a test that reaches it breaks on a refactoring that
keeps every promise, or keeps an internal alive for its sake. Read with `ast` (nothing
imported): importing `_x` from the package, `obj._x` where this test file does not
define `_x` itself, and `_x` as a string given to getattr/setattr/monkeypatch.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# Private by spelling, public by contract: namedtuple's and enum's documented API.
PUBLIC_UNDERSCORED = {"_asdict", "_fields", "_make", "_replace", "_field_defaults"}
# Files that still reach private names, each with the change that removes them (drop an
# entry once its file is clean). Empty: keep it so.
ALLOWED: dict[str, str] = {}
# Calls whose string argument names an attribute.
ATTR_CALLS = {"getattr", "setattr", "delattr", "hasattr", "setitem", "delitem"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__") and name not in PUBLIC_UNDERSCORED


def _defined_here(tree: ast.AST) -> set[str]:
    """Names the test file itself defines: functions, classes, assigned names and
    attributes, parameters (its own private helpers are its business)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias) and node.asname:
            names.add(node.asname)
    return names


def private_uses(source: str, filename: str = "<test>") -> list[str]:
    """`LINE: what` for each private name of another module the source touches."""
    tree = ast.parse(source, filename)
    own = _defined_here(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("linalg_odsgen"):
            for alias in node.names:
                if _private(alias.name):
                    found.append((node.lineno, f"from {node.module} import {alias.name}"))
            if any(_private(part) for part in (node.module or "").split(".")):
                found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("linalg_odsgen") and any(
                    _private(p) for p in alias.name.split(".")
                ):
                    found.append((node.lineno, f"import {alias.name}"))
        elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call):
            fn = node.func
            called = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
            if called not in ATTR_CALLS:
                continue
            for arg in node.args[:2]:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    continue
                parts = arg.value.split(".")
                if any(_private(p) for p in parts) and parts[-1] not in own:
                    found.append((node.lineno, f"{called}(..., {arg.value!r})"))
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_the_check_sees_each_way_of_reaching_a_private_name() -> None:
    source = (
        "from linalg_odsgen.runtime.reference import _accessor\n"
        "from linalg_odsgen.runtime import call_form\n"
        "def _helper(x): return x._own\n"
        "class T:\n"
        "    def __init__(self): self._own = 1\n"
        "call_form._plain_call()\n"
        "monkeypatch.setattr(call_form, '_plain_call', None)\n"
        "monkeypatch.setattr('linalg_odsgen.runtime.call_form._plain_call', None)\n"
        "point._replace(x=1); obj.__class__; _helper(1)\n"
    )
    assert private_uses(source) == [
        "1: from linalg_odsgen.runtime.reference import _accessor",
        "6: call_form._plain_call",
        "7: setattr(..., '_plain_call')",
        "8: setattr(..., 'linalg_odsgen.runtime.call_form._plain_call')",
    ]


def test_no_test_touches_a_private_name_of_another_module() -> None:
    problems: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS).as_posix()
        if rel in ALLOWED:
            continue
        uses = private_uses(path.read_text(encoding="utf-8"), rel)
        if uses:
            problems[rel] = uses
    assert problems == {}
