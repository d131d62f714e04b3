"""The package's import graph: no new circles, no new upward arrows between layers."""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("import_graph", ROOT / "scripts" / "import_graph.py")
assert _spec and _spec.loader
import_graph = importlib.util.module_from_spec(_spec)
sys.modules["import_graph"] = import_graph
_spec.loader.exec_module(import_graph)

# The old layout's circles and upward imports are paid off; none may come back.
KNOWN_CIRCLES: list[list[str]] = []
KNOWN_UPWARD: set[tuple[str, str]] = set()
# Where a layer calls up by design, through an interface it owns: `to_mlir` asks the
# printer the mlir package registers (runtime.printing), and calling a DSL op asks the
# runtime's class factory through the composition root `build`. New ones need a reason.
KNOWN_PLUGIN_POINTS = {
    ("linalg_odsgen.dsl.op", "linalg_odsgen.runtime.opclass"),
    ("linalg_odsgen.dsl.op", "linalg_odsgen.runtime.structured_op"),
    ("linalg_odsgen.runtime.printing", "linalg_odsgen.mlir"),
}


@functools.cache
def package_report() -> dict[str, object]:
    """The package's report, read once for the tests that ask about the package itself."""
    return import_graph.analyse()


def test_no_new_import_circles() -> None:
    report = package_report()
    assert [c for c in report["circles"] if c not in KNOWN_CIRCLES] == []


def test_no_new_upward_imports() -> None:
    report = package_report()
    assert {(u["from"], u["to"]) for u in report["upward"]} <= KNOWN_UPWARD


def test_scripts_import_each_other_without_circles() -> None:
    assert package_report()["script_circles"] == []


def test_no_new_plugin_points() -> None:
    report = package_report()
    assert {(p["from"], p["to"]) for p in report["plugin_points"]} <= KNOWN_PLUGIN_POINTS


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "linalg_odsgen" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_circles_through_function_level_and_relative_imports_are_found(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "model.py": "def f():\n    from linalg_odsgen.types import T\n",
            "types.py": "from .model import M\n",
            "cli/__init__.py": "from linalg_odsgen import model\n",
        },
    )
    report = import_graph.analyse(root)
    assert report["circles"] == [["linalg_odsgen.model", "linalg_odsgen.types"]]
    assert report["upward"] == []


def test_a_lower_layer_importing_a_higher_one_is_upward(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {"__init__.py": "", "model.py": "import linalg_odsgen.cli\n", "cli/__init__.py": ""},
    )
    report = import_graph.analyse(root)
    assert report["upward"] == [
        {"from": "linalg_odsgen.model", "to": "linalg_odsgen.cli", "line": 1}
    ]


def test_a_module_named_in_a_string_or_reached_through_an_unlayered_module_is_a_plugin_point(
    tmp_path: Path,
) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "model.py": 'import importlib\nPLUG = "linalg_odsgen.cli"\n',
            "types.py": "def f():\n    from linalg_odsgen import build\n",
            "build.py": "from linalg_odsgen.cli import run\n",
            "cli/__init__.py": "",
        },
    )
    report = import_graph.analyse(root)
    assert report["upward"] == []
    assert report["plugin_points"] == [
        {"from": "linalg_odsgen.model", "to": "linalg_odsgen.cli", "line": 2, "how": "late-bound"},
        {
            "from": "linalg_odsgen.types",
            "to": "linalg_odsgen.cli",
            "line": 2,
            "how": "via linalg_odsgen.build",
        },
    ]


def test_scripts_importing_each_other_form_a_circle(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "one.py").write_text("import two\n")
    (tmp_path / "scripts" / "two.py").write_text("def f():\n    from one import g\n")
    assert import_graph.script_circles(tmp_path) == [["one", "two"]]
