"""Backends, the region helper, the call form and the MLIR printer read op instances
through `OpInstance`; generated op classes' instances satisfy it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime import OpInstance, ShapedType
from linalg_odsgen.types import F32

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "linalg_odsgen"


def _import_graph():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "import_graph", ROOT / "scripts" / "import_graph.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_graph", module)
    spec.loader.exec_module(module)
    return module


READERS = [
    "runtime/region_builder.py",
    "runtime/call_form.py",
    "runtime/reference.py",
    "runtime/printing.py",
    "runtime/backends/__init__.py",
    "runtime/backends/loops.py",
    "runtime/backends/auto.py",
    *sorted(str(p.relative_to(PKG)) for p in (PKG / "runtime/backends/fast").glob("*.py")),
    *sorted(str(p.relative_to(PKG)) for p in (PKG / "mlir").glob("*.py")),
]


@pytest.mark.parametrize("path", READERS)
def test_instance_readers_never_import_the_op_class(path: str) -> None:
    graph = _import_graph()
    modules = {graph.module_name(f, ROOT) for f in PKG.rglob("*.py")}
    targets = {e.target for e in graph.imports_of(PKG / path, ROOT, modules)}
    assert "linalg_odsgen.runtime.structured_op" not in targets


def test_instances_from_types_and_from_arrays_satisfy_the_protocol() -> None:
    a, b = ShapedType("tensor", (2, None), F32), ShapedType("tensor", (None, 4), F32)
    by_types = ops.MatmulOp.from_types([a, b, ShapedType("tensor", (2, 4), F32)])
    by_arrays, _ = ops.FillOp.from_arrays(np.float32(2), outs=[np.zeros(3, np.float32)])
    for op in (by_types, by_arrays):
        assert isinstance(op, OpInstance)
    assert not isinstance(object(), OpInstance)
