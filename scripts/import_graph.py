"""Import graph of the package: circles and upward arrows between its layers.

Reads every module with `ast` (nothing is imported), so it also sees imports made inside
functions or under `if TYPE_CHECKING:`, which hide circles from Python but not from a reader.

It also reports what a static import graph would miss: a string naming a package module
(`"linalg_odsgen.mlir"`, loaded with importlib) is a late-bound reference, and a lower
module reaching a higher layer through a module outside the layers (`build`) is a route.
Both are listed as plug-in points: the places where a layer calls up, by design.

    python scripts/import_graph.py            # report; exit 1 if any circle or upward arrow
    python scripts/import_graph.py --json     # the same as JSON
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "linalg_odsgen"

# Layers, lowest first: a module may import its own layer and the ones below it.
# Entries are module paths below the package; the longest one that prefixes a module wins.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("diagnostics", "float_text", "types", "affine", "payloads", "model", "payload", "schemas"),
    ("yaml_io", "validation", "comprehension", "dsl", "tc", "safety", "sources", "opspecs"),
    ("runtime",),
    ("mlir", "codegen", "ods", "dialect", "docgen", "ops", "generated"),
    ("conformance", "project"),
    ("cli", "__main__", "docgen.reference"),
)
# Not in any layer, on purpose: the package itself and `build`, the composition root where a
# lower layer hands its product to a higher one (the DSL's call form asks it for a runtime class).


@dataclass(frozen=True)
class Edge:
    """One reference from a module to another; `late` when it is a module name in a string."""

    source: str
    target: str
    line: int
    late: bool = False


def module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path, modules: set[str]) -> list[Edge]:
    """Every package-internal import of one file, resolved to a module of the package."""
    name = module_name(path, root)
    is_pkg = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    edges: list[Edge] = []

    def resolve(target: str) -> str | None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        return target or None

    for child in ast.walk(tree):
        if (
            isinstance(child, ast.Constant)
            and isinstance(child.value, str)
            and child.value.startswith(PACKAGE + ".")
            and child.value.replace(".", "").replace("_", "").isalnum()
        ):
            late = resolve(child.value)
            if late and late != name and late == child.value:
                edges.append(Edge(name, late, child.lineno, late=True))
            continue
        targets: list[str] = []
        if isinstance(child, ast.Import):
            targets = [a.name for a in child.names]
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                anchor = name.split(".") if is_pkg else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (child.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{a.name}" for a in child.names] or [base]
        for t in targets:
            if not t.startswith(PACKAGE):
                continue
            resolved = resolve(t)
            if resolved and resolved != name:
                edges.append(Edge(name, resolved, child.lineno))
    return edges


def layer_of(module: str) -> int | None:
    """The layer of a package module (None for the package itself)."""
    inner = module.partition(".")[2]
    best: tuple[int, int] | None = None  # (length of the matching entry, layer)
    for index, layer in enumerate(LAYERS):
        for entry in layer:
            matches = inner == entry or inner.startswith(entry + ".")
            if matches and (best is None or len(entry) > best[0]):
                best = (len(entry), index)
    return None if best is None else best[1]


def strongly_connected(nodes: list[str], graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components of more than one module are circles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def analyse(root: Path = ROOT) -> dict[str, object]:
    files = sorted((root / PACKAGE).rglob("*.py"))
    modules = {module_name(f, root) for f in files}
    every = [e for f in files for e in imports_of(f, root, modules)]
    edges = [e for e in every if not e.late]
    # A package's __init__ importing its own submodules is how packages re-export.
    runtime = {(e.source, e.target) for e in edges if not e.target.startswith(e.source + ".")}
    graph: dict[str, set[str]] = {}
    for source, target in runtime:
        graph.setdefault(source, set()).add(target)
    circles = strongly_connected(sorted(modules), graph)
    upward = sorted(
        {
            (e.source, e.target, e.line)
            for e in edges
            if (ls := layer_of(e.source)) is not None
            and (lt := layer_of(e.target)) is not None
            and lt > ls
        }
    )
    return {
        "modules": len(modules),
        "edges": len(runtime),
        "circles": circles,
        "upward": [{"from": s, "to": t, "line": n} for s, t, n in upward],
        "plugin_points": plugin_points(every),
        "script_circles": script_circles(root) if (root / "scripts").is_dir() else [],
    }


def plugin_points(edges: list[Edge]) -> list[dict[str, object]]:
    """Where a layer reaches a higher one without a static import: a module named in a
    string (late-bound), or an import of a module outside the layers that imports upward."""
    found: set[tuple[str, str, int, str]] = set()
    by_source: dict[str, list[Edge]] = {}
    for e in edges:
        by_source.setdefault(e.source, []).append(e)
    for e in edges:
        ls = layer_of(e.source)
        if ls is None:
            continue
        if e.late and (lt := layer_of(e.target)) is not None and lt > ls:
            found.add((e.source, e.target, e.line, "late-bound"))
        if not e.late and layer_of(e.target) is None and e.target != PACKAGE:
            for onward in by_source.get(e.target, []):
                lo = layer_of(onward.target)
                if lo is not None and lo > ls:
                    found.add((e.source, onward.target, e.line, f"via {e.target}"))
    return [{"from": s, "to": t, "line": n, "how": how} for s, t, n, how in sorted(found)]


def script_circles(root: Path = ROOT) -> list[list[str]]:
    """Circles among the scripts of `scripts/`, which import each other by plain name."""
    files = sorted((root / "scripts").glob("*.py"))
    names = {f.stem for f in files}
    graph: dict[str, set[str]] = {}
    for f in files:
        for child in ast.walk(ast.parse(f.read_text(encoding="utf-8"), str(f))):
            if isinstance(child, ast.Import):
                targets = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom) and not child.level:
                targets = [child.module or ""]
            else:
                continue
            graph.setdefault(f.stem, set()).update(t for t in targets if t in names)
    return strongly_connected(sorted(names), graph)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    report = analyse()
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{report['modules']} modules, {report['edges']} import edges")
        circles = report["circles"]
        upward = report["upward"]
        assert isinstance(circles, list) and isinstance(upward, list)
        print(f"circles: {len(circles)}")
        for component in circles:
            print("  " + " <-> ".join(component))
        print(f"upward imports: {len(upward)}")
        for u in upward:
            print(f"  {u['from']}:{u['line']} -> {u['to']}")
        scripts = report["script_circles"]
        assert isinstance(scripts, list)
        print(f"circles among scripts/: {len(scripts)}")
        for component in scripts:
            print("  " + " <-> ".join(component))
        points = report["plugin_points"]
        assert isinstance(points, list)
        print(f"plug-in points (a layer calling up without a static import): {len(points)}")
        for p in points:
            print(f"  {p['from']}:{p['line']} -> {p['to']} ({p['how']})")
    return 1 if report["circles"] or report["upward"] or report["script_circles"] else 0


if __name__ == "__main__":
    sys.exit(main())
