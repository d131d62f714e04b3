"""A new payload function is one record: added in a test, it flows through the region
builder, the loops and fast backends, the compiled kernels and the MLIR printer, and no
backend source names a computing payload op itself."""

from __future__ import annotations

import ast
import importlib.util
import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from mlir_opt import mlir_opt, needs_mlir_opt

from linalg_odsgen import ops, payloads
from linalg_odsgen.model import FN_NAMES, FnKind
from linalg_odsgen.payloads.math_fns import unary

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "linalg_odsgen"

# math.cbrt exists in MLIR's math dialect but not in Linalg's UnaryFn enum: a function
# this project does not know, added here as a user would add one.
CBRT = unary("cbrt", "CbrtOp", "cube root", np.cbrt, "np.cbrt({a})", libm=True, approximate=True)
CBRT_FN = payloads.LinalgFn("unary", "cbrt", "cube root", (("float", "math.cbrt"),))


@pytest.fixture
def cbrt() -> Iterator[None]:
    with payloads.registered(CBRT, CBRT_FN):
        yield


def _reference(x: np.ndarray) -> np.ndarray:
    """Cube roots in f64 by Python's `math` (not NumPy's cbrt), as f32."""
    return np.array([math.copysign(abs(float(v)) ** (1 / 3), float(v)) for v in x.ravel()])


def _values() -> np.ndarray:
    rng = np.random.default_rng(31)
    return (rng.normal(size=(4, 6)) * 50).astype(np.float32)


def _within_ulps(got: np.ndarray, want: np.ndarray, ulps: float) -> bool:
    spacing = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    return bool(np.all(np.abs(got.ravel().astype(np.float64) - want) <= ulps * spacing))


@pytest.mark.usefixtures("cbrt")
@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_a_registered_function_runs_on_the_numpy_backends(backend: str) -> None:
    x = _values()
    out = np.zeros_like(x)
    ops.elemwise_unary(x, outs=[out], fun="cbrt", backend=backend)
    assert _within_ulps(out, _reference(x), 2)  # (NumPy's f32 cbrt: not correctly rounded)


@pytest.mark.usefixtures("cbrt")
def test_the_numpy_backends_agree_bit_for_bit_on_it() -> None:
    x = _values()
    a, b = np.zeros_like(x), np.zeros_like(x)
    ops.elemwise_unary(x, outs=[a], fun="cbrt", backend="loops")
    ops.elemwise_unary(x, outs=[b], fun="cbrt", backend="fast")
    assert np.array_equal(a.view(np.uint32), b.view(np.uint32))


@pytest.mark.usefixtures("cbrt")
def test_a_registered_function_runs_in_a_compiled_kernel() -> None:
    pytest.importorskip("numba")
    x = _values()
    out = np.zeros_like(x)
    ops.elemwise_unary(x, outs=[out], fun="cbrt", backend="compiled")
    assert _within_ulps(out, _reference(x), 2)  # numba's cbrt is the C library's cbrtf


@pytest.mark.usefixtures("cbrt")
def test_a_registered_function_is_printed_as_its_mlir_op() -> None:
    op, _ = ops.OPS["elemwise_unary"].from_arrays(
        _values(), outs=[np.zeros((4, 6), np.float32)], fun="cbrt"
    )
    text = op.to_mlir("generic")
    assert "math.cbrt %in : f32" in text
    assert FN_NAMES[FnKind.UNARY][-1] == "cbrt"


@needs_mlir_opt
@pytest.mark.mlir
@pytest.mark.usefixtures("cbrt")
def test_mlir_opt_accepts_the_printed_function() -> None:
    op, _ = ops.OPS["elemwise_unary"].from_arrays(
        _values(), outs=[np.zeros((4, 6), np.float32)], fun="cbrt"
    )
    assert "math.cbrt" in mlir_opt(op.to_mlir("generic"))


def test_the_function_is_gone_once_its_records_are_removed() -> None:
    with payloads.registered(CBRT, CBRT_FN):
        assert payloads.lookup("math.cbrt") is CBRT
    assert "cbrt" not in FN_NAMES[FnKind.UNARY]
    with pytest.raises(KeyError):
        payloads.lookup("math.cbrt")
    with pytest.raises(ValueError, match="twice"), payloads.registered(payloads.lookup("math.exp")):
        pass


# -- no backend names a computing payload op ------------------------------------------------

# Sources that execute or print payload regions: every payload-op fact they need comes
# from the registry (leaves, `arith.constant` and `linalg.index`, are IR structure).
BACKEND_SOURCES = [
    "runtime/compile.py",
    "runtime/scalar_semantics.py",
    "runtime/backends/loops.py",
    *(f"runtime/backends/fast/{p.name}" for p in (PACKAGE / "runtime/backends/fast").glob("*.py")),
    *(
        f"runtime/backends/compiled/{p.name}"
        for p in (PACKAGE / "runtime/backends/compiled").glob("*.py")
    ),
    *(f"mlir/{p.name}" for p in (PACKAGE / "mlir").glob("*.py")),
    "conformance/engine.py",
    "conformance/data.py",
]
# Analyses of one arithmetic pattern rather than tables of functions: the f32 dot-product
# bound proving Veltkamp's short rounding exact reasons about addf/mulf themselves, and the
# conformance data's summation-order analysis about addf/subf/mulf and the float min/max.
PATTERN_ANALYSES = {"runtime/backends/compiled/bounds.py", "conformance/data.py"}


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


@pytest.mark.parametrize("source", sorted(set(BACKEND_SOURCES) - PATTERN_ANALYSES))
def test_backend_sources_name_no_computing_payload_op(source: str) -> None:
    computing = {r.name for r in payloads.records() if r.scalar is not None}
    named = _string_constants(PACKAGE / source) & computing
    assert not named, f"{source} names {sorted(named)}: look them up in linalg_odsgen.payloads"


def test_the_source_scan_finds_names_where_they_are() -> None:
    """The scan itself: the family module defining `math.erf` does spell it."""
    spec = importlib.util.find_spec("linalg_odsgen.payloads.math_fns")
    assert spec is not None and spec.origin is not None
    assert "math.erf" not in _string_constants(Path(spec.origin))  # built as f"math.{name}"
    assert "arith.extsi" in {
        f"arith.{c}" for c in _string_constants(PACKAGE / "payloads" / "casts.py")
    }
