"""gen-impl output: importable, runnable, faithful to the model, deterministic, formatter-stable."""

from __future__ import annotations

import importlib.util
import itertools
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from reference_corpus import REFERENCE

from linalg_odsgen.affine import AffineDimExpr
from linalg_odsgen.codegen import generate_from_yaml
from linalg_odsgen.model import OperandDef, OperandKind
from linalg_odsgen.runtime import OpError, available_backends
from linalg_odsgen.validation import load_valid_library

REPO = Path(__file__).resolve().parents[2]
CORE = REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"
SOURCES = [p for p in (REFERENCE, CORE) if p.exists()]


def load_generated(text: str, tmp_path: Path, name: str) -> ModuleType:
    path = tmp_path / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", params=SOURCES, ids=lambda p: p.name)
def generated(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    source: Path = request.param
    text = generate_from_yaml(source.read_bytes(), str(source), source.name)
    name = "gen_" + source.stem.replace(".", "_")
    module = load_generated(text, tmp_path_factory.mktemp("gen"), name)
    library = load_valid_library(source.read_bytes(), str(source))
    return source, text, module, library


def test_module_has_a_class_and_function_per_op(generated) -> None:
    _, _, module, library = generated
    assert list(module.OPS) == [op.name for op in library.ops]
    for op in library.ops:
        cls = module.OPS[op.name]
        assert op.name == cls.OP_NAME and op.metadata.cpp_class_name == cls.CPP_CLASS_NAME
        assert getattr(module, cls.__name__) is cls
        assert callable(getattr(module, op.name))


def test_class_attributes_restate_the_model(generated) -> None:
    _, _, module, library = generated
    for op in library.ops:
        cls = module.OPS[op.name]
        s = op.structured_op
        assert s.args == cls.OPERANDS
        assert s.indexing_maps == cls.STATIC_INDEXING_MAPS
        assert s.iterator_types == cls.ITERATOR_TYPES
        assert op.metadata.doc == cls.DOC
        assert op.metadata.implements == cls.IMPLEMENTS and op.metadata.defines == cls.DEFINES


def test_generation_is_deterministic(generated) -> None:
    source, text, _, _ = generated
    assert generate_from_yaml(source.read_bytes(), str(source), source.name) == text
    assert f"#   linalg-ods-gen gen-impl {source.name} -o OUT.py\n" in text


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff not installed")
def test_output_is_ruff_clean(generated, tmp_path: Path) -> None:
    _, text, _, _ = generated
    path = tmp_path / "mod.py"
    path.write_text(text, encoding="utf-8")
    config = ["--config", str(REPO / "pyproject.toml")]
    fmt = subprocess.run(
        ["ruff", "format", "--diff", *config, str(path)], capture_output=True, text=True
    )
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr
    lint = subprocess.run(["ruff", "check", *config, str(path)], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout


def _value_defs(cls: type) -> list[OperandDef]:
    return [d for d in cls.OPERANDS if d.kind.is_value]


def _operands_for(cls: type, rng: np.random.Generator, dtype: type) -> list:
    """Values for every value operand: loop sizes drawn at random, extents derived through
    the maps (bare dims: the loop size; compound accesses: their largest index + 1)."""
    attrs = {d.name: d.default_indices for d in cls.OPERANDS if d.kind is OperandKind.INDEX_ATTR}
    if cls.RANK_POLYMORPHIC:
        return [
            dtype(1) if d.kind is OperandKind.SCALAR else rng.uniform(0.5, 2, (2, 3)).astype(dtype)
            for d in _value_defs(cls)
        ]
    symbols = {}
    for d in cls.OPERANDS:
        if d.kind is OperandKind.INDEX_ATTR:
            for r, v in zip(d.index_attr_map.results, attrs[d.name], strict=True):
                symbols[r.position] = v
    maps = [m.replace(symbols=symbols, num_symbols=0) for m in cls.STATIC_INDEXING_MAPS]
    sizes = [int(rng.integers(1, 4)) for _ in range(maps[0].num_dims)]
    values = []
    for d, m in zip(_value_defs(cls), maps, strict=True):
        if d.kind is OperandKind.SCALAR:
            fixed = {"I32": np.int32, "I64": np.int64, "F32": np.float32, "F64": np.float64}
            values.append(fixed.get(d.type_var, dtype)(1))
            continue
        shape = []
        for r in m.results:
            if isinstance(r, AffineDimExpr):
                shape.append(sizes[r.position])
            else:
                corners = itertools.product(*[(0, n - 1) for n in sizes])
                shape.append(max(r.eval(list(c)) for c in corners) + 1)
        values.append(rng.uniform(0.5, 2, tuple(shape)).astype(dtype))
    return values


@pytest.mark.parametrize(
    "backend", [b for b in ("loops", "fast", "compiled") if b in available_backends()]
)
def test_every_op_runs(generated, backend: str) -> None:
    _, _, module, _ = generated
    rng = np.random.default_rng(0)
    for name, cls in module.OPS.items():
        defs = _value_defs(cls)
        values = _operands_for(cls, rng, np.float32)
        ins = [v for d, v in zip(defs, values, strict=True) if d.kind.is_input]
        outs = [v for d, v in zip(defs, values, strict=True) if not d.kind.is_input]
        loops_outs = [o.copy() for o in outs]
        try:
            result = getattr(module, name)(*ins, outs=outs, backend=backend)
        except OpError as err:
            # MLIR rejects unsigned max/min and boolean select conditions on f32 too.
            assert "unsigned" in name or "select" in name, str(err)
            continue
        assert result is outs[0]
        if backend != "loops":
            getattr(module, name)(*ins, outs=loops_outs, backend="loops")
            np.testing.assert_allclose(result, loops_outs[0], rtol=1e-5, atol=1e-5)


MULTI_OUTPUT_YAML = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: sum_and_index
  cpp_class_name: SumAndIndexOp
  doc: Two outputs; the second reads a loop index.
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: src
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0, s1] -> (s0, s1)>
  - !LinalgOperandDefConfig
    name: body
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0, s1] -> (s0)>
  - !LinalgOperandDefConfig
    name: idx
    kind: output_tensor
    type_var: U
    shape_map: affine_map<()[s0, s1] -> (s0)>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
    - affine_map<(d0, d1)[s0, s1] -> (d0)>
    - affine_map<(d0, d1)[s0, s1] -> (d0)>
  iterator_types:
  - parallel
  - reduction
  assignments:
  - !ScalarAssign
    arg: body
    value: !ScalarExpression
      scalar_fn:
        kind: binary
        fn_name: add
        operands:
        - !ScalarExpression
          scalar_arg: body
        - !ScalarExpression
          scalar_arg: src
  - !ScalarAssign
    arg: idx
    value: !ScalarExpression
      scalar_fn:
        kind: type
        fn_name: cast_signed
        type_var: U
        operands:
        - !ScalarExpression
          scalar_index: 1
"""


def test_multiple_outputs_index_reads_and_clashing_operand_names(tmp_path: Path) -> None:
    text = generate_from_yaml(MULTI_OUTPUT_YAML, "multi.yaml")
    module = load_generated(text, tmp_path, "gen_multi")
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    acc = np.zeros(2, np.int32)
    idx = np.zeros(2, np.int64)
    for backend in available_backends():
        acc[:] = 0
        got_acc, got_idx = module.sum_and_index(x, outs=[acc, idx], backend=backend)
        np.testing.assert_array_equal(got_acc, [3, 12])
        np.testing.assert_array_equal(got_idx, [2, 2])  # the last reduction index
    assert "src, body_, idx = operands" in text
